"""wikiHow's pages: an article, an author, a category and the "About wikiHow" trust page."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.wikihow import data
from mobile_gym.sim.apps.wikihow.corpus import Article, ArticleSummary
from mobile_gym.sim.ui.composites import empty_state, list_item, section_header, toolbar
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, TextView

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


def text(value: str, *, id: str | None = None, size: int = 16, **kwargs: Any) -> TextView:
    """A wrapped paragraph as wide as the page."""
    return TextView(value, id=id, size=size, max_lines=40, width=MATCH, **kwargs)


def _page(ctx: AppContext, key: str, bar: View, views: list[View]) -> View:
    body = ctx.scroller(key, views, cls=ScrollView, id="page_scroll", height=0, weight=1)
    return Column(bar, body, width=MATCH, height=MATCH, background="surface")


def _missing(ctx: AppContext, what: str) -> View:
    return Column(
        ctx.up_bar("wikiHow"), empty_state(f"{what} not found", id="page_missing"), height=MATCH
    )


def article_rows(
    ctx: AppContext, articles: Iterable[tuple[str, str]], id: str = "article_item"
) -> list[View]:
    """A list row per article ``(slug, title)``; a tap opens the article."""
    return [
        list_item(
            title,
            id=id,
            title_id="article_title",
            on_click=lambda slug=slug: data.open_article(ctx, slug),
        )
        for slug, title in articles
    ]


def _article_list(
    ctx: AppContext, articles: Sequence[Article | ArticleSummary], id: str = "article_item"
) -> list[View]:
    return article_rows(ctx, ((a.slug, a.title) for a in articles), id)


def _crumbs(ctx: AppContext, article: Article) -> View:
    wiki = data.corpus()
    crumbs: list[View] = []
    for index, slug in enumerate(article.categories):
        category = wiki.category(slug)
        if category is None:
            continue
        if index:
            crumbs.append(TextView("›", size=14, color="text_secondary", margin=(4, 0)))
        crumbs.append(
            TextView(
                category.name,
                id="category_crumb",
                size=14,
                color="primary",
                on_click=lambda s=slug: data.open_category(ctx, s),
            )
        )
    return Row(*crumbs, id="breadcrumbs", padding=(16, 8))


def _steps(article: Article) -> list[View]:
    views: list[View] = []
    for method in article.methods:
        views.append(
            text(
                article.section_heading(method),
                id="section_heading",
                size=20,
                bold=True,
                padding=(16, 20, 16, 8),
            )
        )
        for step in method.steps:
            views.append(
                Row(
                    TextView(
                        str(step.number),
                        id="step_number",
                        size=18,
                        bold=True,
                        color="primary",
                        width=32,
                    ),
                    Column(
                        text(step.headline, id="step_headline", bold=True),
                        text(step.detail, id="step_detail", size=15),
                        width=0,
                        weight=1,
                    ),
                    id="step",
                    padding=(16, 8),
                )
            )
    return views


def _bullets(title: str, items: tuple[str, ...], id: str) -> list[View]:
    if not items:
        return []
    return [
        section_header(title),
        *(text(f"• {item}", id=id, padding=(16, 4)) for item in items),
    ]


def _helpful(ctx: AppContext, article: Article) -> list[View]:
    rated = data.rating(ctx, article.slug)
    views: list[View] = [
        text("Was this article helpful?", id="helpful_question", bold=True, padding=(16, 20, 16, 8))
    ]
    if rated is None:
        views.append(
            Row(
                Button(
                    "Yes", id="helpful_yes", on_click=lambda: data.rate(ctx, article.slug, True)
                ),
                Button("No", id="helpful_no", on_click=lambda: data.rate(ctx, article.slug, False)),
                padding=(16, 0),
            )
        )
    else:
        views.append(
            text(
                "Thanks for your feedback!",
                id="helpful_thanks",
                color="text_secondary",
                padding=(16, 0),
            )
        )
    return views


def article_screen(ctx: AppContext) -> View:
    wiki = data.corpus()
    article = wiki.article(ctx.args.get("slug", ""))
    if article is None:
        return _missing(ctx, "Article")
    author = wiki.author(article.author)
    saved = data.bookmarked(ctx, article.slug)
    bar = toolbar(
        "wikiHow",
        on_up=ctx.finish,
        actions=[
            (
                "star",
                "Remove bookmark" if saved else "Bookmark",
                lambda: data.toggle_bookmark(ctx, article.slug, article.title),
            ),
            ("send", "Share", lambda: share(ctx, article)),
        ],
    )
    byline: list[View] = [TextView("Co-authored by ", id="coauthored_by", size=14)]
    if author is not None:
        byline.append(
            TextView(
                author.name,
                id="author_name",
                size=14,
                bold=True,
                color="primary",
                on_click=lambda: data.open_author(ctx, author.slug),
            )
        )
    views: list[View] = [
        _crumbs(ctx, article),
        text(article.title, id="article_title", size=24, bold=True, padding=(16, 4)),
        Row(*byline, id="author_block", padding=(16, 4)),
        text(
            f"Updated: {article.updated} · {article.views:,} views · "
            f"{article.helpful_percent}% of readers found it helpful",
            id="article_stats",
            size=13,
            color="text_secondary",
            padding=(16, 0),
        ),
        text(article.intro, id="article_intro", padding=(16, 12)),
        *_steps(article),
        *_bullets("Things You'll Need", article.things_needed, "things_needed_item"),
        *_bullets("Tips", article.tips, "tip_item"),
        *_bullets("Warnings", article.warnings, "warning_item"),
    ]
    if article.qa:
        views.append(section_header("Community Q&A"))
        for qa in article.qa:
            views.append(
                text(f"Question: {qa.question}", id="qa_question", bold=True, padding=(16, 4))
            )
            views.append(text(qa.answer, id="qa_answer", padding=(16, 0, 16, 8)))
    if article.references:
        views.append(section_header("References"))
        views += [
            text(
                f"{ref.number}. {ref.title} {ref.url}",
                id="reference_item",
                size=13,
                padding=(16, 4),
            )
            for ref in article.references
        ]
    related = [s for s in (wiki.article(slug) for slug in article.related) if s is not None]
    if related:
        views.append(section_header("Related wikiHows"))
        views += _article_list(ctx, related, id="related_article")
    views += _helpful(ctx, article)
    return _page(ctx, "article", bar, views)


def share(ctx: AppContext, article: Article) -> None:
    ctx.log(f"Shared: {article.slug}")
    ctx.toast("Link copied")


def author_screen(ctx: AppContext) -> View:
    wiki = data.corpus()
    author = wiki.author(ctx.args.get("slug", ""))
    if author is None:
        return _missing(ctx, "Author")
    views: list[View] = [
        text(author.name, id="author_name", size=24, bold=True, padding=(16, 12, 16, 4))
    ]
    if author.credential:
        views.append(
            text(author.credential, id="author_credential", color="text_secondary", padding=(16, 0))
        )
    views.append(text(author.bio, id="author_bio", padding=(16, 12)))
    views.append(section_header(f"Articles by {author.name}"))
    views += _article_list(ctx, wiki.articles_by_author(author.slug))
    return _page(ctx, "author", ctx.up_bar(author.name), views)


def category_screen(ctx: AppContext) -> View:
    wiki = data.corpus()
    category = wiki.category(ctx.args.get("slug", ""))
    if category is None:
        return _missing(ctx, "Category")
    views: list[View] = [
        text(category.name, id="category_title", size=24, bold=True, padding=(16, 12, 16, 4)),
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
    views += _article_list(ctx, wiki.articles_in_category(category.slug, data.CATEGORY_PAGE))
    return _page(ctx, "category", ctx.up_bar(category.name), views)


def about_screen(ctx: AppContext) -> View:
    views: list[View] = [
        text(data.ABOUT_TITLE, id="about_title", size=24, bold=True, padding=(16, 12, 16, 8))
    ]
    views += [text(p, id="about_paragraph", padding=(16, 8)) for p in ABOUT_PARAGRAPHS]
    return _page(ctx, "about", ctx.up_bar("About wikiHow"), views)
