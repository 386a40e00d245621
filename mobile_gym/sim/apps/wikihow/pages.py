"""wikiHow's pages other than the article: an author, a category and the "About wikiHow"
trust page, with the helpers every page shares."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.wikihow import data
from mobile_gym.sim.apps.wikihow.corpus import Article, ArticleSummary
from mobile_gym.sim.apps.wikihow.web import (
    Block,
    WebImage,
    WebPage,
    WebSection,
    WebText,
    banner,
    block_view,
)
from mobile_gym.sim.ui.composites import empty_state, list_item, section_header
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView

ABOUT_HEADING = "Information You Can Trust"
ABOUT_SUBTITLE = "A Guide to our Editorial Process"
ABOUT_PARAGRAPHS = (
    "Every article starts with a question readers keep asking, and ends with an answer "
    "they can act on today.",
    "Writers, editors and credentialed experts work on each page together: experts check "
    "the facts, editors check that every step is clear, and readers tell us what helped.",
    "Each article lists the references it draws on, shows who co-authored it and when it "
    "was last updated, so you can judge it for yourself.",
    'Tell us whether an article helped with the "Was this article helpful?" buttons at '
    "the end of every page: the answers decide which pages are reviewed next.",
)
PORTRAIT_DP = 400
"""The height of an author page's portrait: the name below it shows mid-screen."""
BANNER_DP = 100
"""The height of a category page's banner: the name below it shows in the upper half."""


def text(value: str, *, id: str | None = None, size: int = 16, **kwargs: Any) -> TextView:
    """A wrapped paragraph as wide as the page."""
    return TextView(value, id=id, size=size, max_lines=40, width=MATCH, **kwargs)


def page(ctx: AppContext, key: str, title: str, bar: View, blocks: Sequence[Block]) -> View:
    """A page: ``bar`` over the web view ``#page_scroll`` (named ``title``) of ``blocks``,
    one under another: only the blocks in view are made, measured and laid out, as a
    WebView draws only what shows (``web.scroll_to_top_of`` scrolls to a block)."""
    body = ctx.scroller(
        key,
        cls=WebPage,
        items=blocks,
        render_item=_block,
        wrap_rows=True,
        id="#page_scroll",
        desc=title,
        height=0,
        weight=1,
    )
    return Column(bar, body, width=MATCH, height=MATCH, background="surface")


def _block(index: int, block: object) -> View:
    return block_view(block)  # type: ignore[arg-type]


def missing(ctx: AppContext, what: str) -> View:
    """The page shown for a link to nothing."""
    return Column(
        ctx.up_bar("wikiHow"), empty_state(f"{what} not found", id="page_missing"), height=MATCH
    )


def article_blocks(
    ctx: AppContext, articles: Iterable[tuple[str, str]], id: str = "article_item"
) -> list[Block]:
    """A list row per article ``(slug, title)``, made as it comes into view; a tap opens
    the article."""
    return [
        partial(
            list_item,
            title,
            id=id,
            title_id="article_title",
            on_click=partial(data.open_article, ctx, slug),
        )
        for slug, title in articles
    ]


def article_rows(
    ctx: AppContext, articles: Iterable[tuple[str, str]], id: str = "article_item"
) -> list[View]:
    """``article_blocks`` made now, for a list that is not a page."""
    return [block_view(block) for block in article_blocks(ctx, articles, id)]


def article_list(
    ctx: AppContext, articles: Sequence[Article | ArticleSummary], id: str = "article_item"
) -> list[Block]:
    """``article_blocks`` of articles or their summaries."""
    return article_blocks(ctx, ((a.slug, a.title) for a in articles), id)


def author_screen(ctx: AppContext) -> View:
    wiki = data.corpus()
    author = wiki.author(ctx.args.get("slug", ""))
    if author is None:
        return missing(ctx, "Author")
    portrait = WebImage(
        text=author.name,
        id="author_image",
        circle="primary",
        letter=author.name[:1].upper(),
        tint="on_primary",
        width=MATCH,
        height=PORTRAIT_DP,
        padding=(0, 24),
        background="surface_variant",
    )
    details: list[View] = [
        text(author.name, id="author_name", size=24, bold=True, padding=(16, 12, 16, 4))
    ]
    if author.credential:
        details.append(
            text(author.credential, id="author_credential", color="text_secondary", padding=(16, 0))
        )
    details.append(text(author.bio, id="author_bio", padding=(16, 12)))
    views: list[Block] = [
        WebSection(portrait, *details, id="#authors_container"),
        section_header(f"Articles by {author.name}"),
        *article_list(ctx, wiki.articles_by_author(author.slug)),
    ]
    return page(ctx, "author", author.name, ctx.up_bar(author.name), views)


def category_screen(ctx: AppContext) -> View:
    wiki = data.corpus()
    category = wiki.category(ctx.args.get("slug", ""))
    if category is None:
        return missing(ctx, "Category")
    views: list[Block] = [
        banner("category_image", "Category picture", BANNER_DP),
        WebSection(
            WebText(
                category.name,
                id="category_title",
                size=24,
                bold=True,
                max_lines=3,
                width=MATCH,
                padding=(16, 12, 16, 4),
            ),
            id="#cat_navigation",
        ),
        text(category.description, id="category_description", padding=(16, 4, 16, 8)),
    ]
    children = wiki.subcategories(category.slug)
    if children:
        views.append(section_header("Subcategories"))
        views += [
            list_item(
                child.name,
                id="subcategory_item",
                title_id="category_name",
                on_click=lambda s=child.slug: data.open_category(ctx, s),
            )
            for child in children
        ]
    count = wiki.count_in_category(category.slug)
    views.append(section_header(f"Articles ({count:,})"))
    views += article_list(ctx, wiki.articles_in_category(category.slug, data.CATEGORY_PAGE))
    return page(ctx, "category", category.name, ctx.up_bar(category.name), views)


def about_screen(ctx: AppContext) -> View:
    head = WebSection(
        WebText(
            ABOUT_HEADING,
            id="about_heading",
            size=26,
            bold=True,
            max_lines=3,
            width=MATCH,
            padding=(16, 24, 16, 4),
        ),
        WebText(
            ABOUT_SUBTITLE,
            id="about_subtitle",
            size=18,
            color="text_secondary",
            max_lines=3,
            width=MATCH,
            padding=(16, 0, 16, 8),
        ),
        id="#trustworthy_head",
    )
    views: list[View] = [
        WebSection(head, id="#trustworthy_top"),
        text(data.ABOUT_TITLE, id="about_title", size=20, bold=True, padding=(16, 12, 16, 8)),
    ]
    views += [text(p, id="about_paragraph", padding=(16, 8)) for p in ABOUT_PARAGRAPHS]
    return page(ctx, "about", data.ABOUT_TITLE, ctx.up_bar("About wikiHow"), views)
