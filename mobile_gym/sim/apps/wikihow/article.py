"""wikiHow's article page: header, byline, steps, the sections after them and sharing.

The article is a web page: the title is the text of the element ``#section_0``, under the
breadcrumbs and the header picture, so that it shows in the upper quarter of the screen
when the page opens. The byline links to the author, to the "About wikiHow" trust page and
to the article's References section (an anchor link: the page scrolls towards the heading
``references_header`` until it is at the top or the page ends, and logs ``url is:
<url>?wh_an=1&amp=1#References``); "Was this article helpful?" follows the references.
"""

from __future__ import annotations

from functools import partial

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.wikihow import data
from mobile_gym.sim.apps.wikihow.corpus import Article, Author, Step
from mobile_gym.sim.apps.wikihow.pages import article_list, missing, page, text
from mobile_gym.sim.apps.wikihow.share import share_sheet, show_share_sheet
from mobile_gym.sim.apps.wikihow.web import Block, WebImage, WebSection, banner, scroll_to_top_of
from mobile_gym.sim.ui.composites import Handler, section_header, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, TextView

PAGE_KEY = "article"
HEADER_DP = 64
"""The height of the header picture, which puts the title in the upper quarter."""
STEP_IMAGE_DP = 96
"""The height of a step's illustration (each numbered step has one above its text)."""
TRUST_LINK = "Learn why people trust wikiHow"
REFERENCES_HEADER = "#references_header"
REFERENCES_ANCHOR = "?wh_an=1&amp=1#References"
"""What the References link adds to the article's URL."""


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


def _header(article: Article) -> list[View]:
    """The header picture and the title element ``#section_0``."""
    picture = banner("article_image", "Article header picture", HEADER_DP)
    title = text(article.title, id="article_title", size=24, bold=True, padding=(16, 12, 16, 4))
    return [picture, WebSection(title, id="#section_0")]


def show_references(ctx: AppContext, article: Article) -> None:
    """Follow the References link: the page scrolls to the section and logs its URL."""
    scroll_to_top_of(ctx, PAGE_KEY, REFERENCES_HEADER)
    data.log_anchor(ctx, article.url + REFERENCES_ANCHOR)


def _link(label: str, id: str, on_click: Handler) -> TextView:
    return TextView(
        label, id=id, size=14, color="primary", width=MATCH, padding=(0, 4), on_click=on_click
    )


def _byline(ctx: AppContext, article: Article, author: Author | None) -> View:
    """Who wrote it, the link to its references and the link to the trust page."""
    names: list[View] = [TextView("Co-authored by ", id="coauthored_by", size=14)]
    if author is not None:
        names.append(
            TextView(
                author.name,
                id="author_name",
                size=14,
                bold=True,
                color="primary",
                on_click=lambda: data.open_author(ctx, author.slug),
            )
        )
    lines: list[View] = [Row(*names, padding=(0, 4))]
    count = len(article.references)
    if count:
        lines.append(
            _link(
                f"{count} Reference{'s' if count > 1 else ''}",
                "references_link",
                lambda: show_references(ctx, article),
            )
        )
    lines.append(_link(TRUST_LINK, "trust_link", lambda: data.open_about(ctx)))
    return Column(*lines, id="author_block", padding=(16, 4))


def _steps(article: Article) -> list[Block]:
    """Each method's heading, then each of its steps: a picture over the step's numbered
    text. Made as each comes into view (an article has dozens of steps)."""
    blocks: list[Block] = []
    for method in article.methods:
        heading = article.section_heading(method)
        blocks.append(
            partial(
                text, heading, id="section_heading", size=20, bold=True, padding=(16, 20, 16, 8)
            )
        )
        for step in method.steps:
            blocks += [partial(_step_image, step), partial(_step_text, step)]
    return blocks


def _step_image(step: Step) -> View:
    return WebImage(
        "image",
        text=f"Step {step.number}: {step.headline}",
        id="step_image",
        width=MATCH,
        height=STEP_IMAGE_DP,
        padding=(0, STEP_IMAGE_DP // 4),
        margin=(16, 12, 16, 0),
        background="surface_variant",
    )


def _step_text(step: Step) -> View:
    return Row(
        TextView(str(step.number), id="step_number", size=18, bold=True, color="primary", width=32),
        Column(
            text(step.headline, id="step_headline", bold=True),
            text(step.detail, id="step_detail", size=15),
            width=0,
            weight=1,
        ),
        id="step",
        padding=(16, 8),
    )


def _bullets(title: str, items: tuple[str, ...], id: str) -> list[Block]:
    if not items:
        return []
    return [
        partial(section_header, title),
        *(partial(text, f"• {item}", id=id, padding=(16, 4)) for item in items),
    ]


def _questions(article: Article) -> list[Block]:
    if not article.qa:
        return []
    blocks: list[Block] = [partial(section_header, "Community Q&A")]
    for qa in article.qa:
        question = f"Question: {qa.question}"
        blocks.append(partial(text, question, id="qa_question", bold=True, padding=(16, 4)))
        blocks.append(partial(text, qa.answer, id="qa_answer", padding=(16, 0, 16, 8)))
    return blocks


def _references(article: Article) -> list[Block]:
    """The References section: its heading is as wide as its text, at the left."""
    if not article.references:
        return []
    heading = partial(
        TextView,
        "References",
        id=REFERENCES_HEADER,
        size=14,
        color="primary",
        bold=True,
        padding=(16, 16, 16, 4),
    )
    return [
        heading,
        *(
            partial(
                text,
                f"{ref.number}. {ref.title} {ref.url}",
                id="reference_item",
                size=13,
                padding=(16, 4),
            )
            for ref in article.references
        ),
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
                padding=(16, 0, 16, 8),
            )
        )
    else:
        views.append(
            text(
                "Thanks for your feedback!",
                id="helpful_thanks",
                color="text_secondary",
                padding=(16, 0, 16, 8),
            )
        )
    return views


def _related(ctx: AppContext, article: Article) -> list[Block]:
    wiki = data.corpus()
    related = wiki.summaries(article.related)
    if not related:
        return []
    return [section_header("Related wikiHows"), *article_list(ctx, related, id="related_article")]


def _toolbar(ctx: AppContext, article: Article) -> View:
    saved = data.bookmarked(ctx, article.slug)
    return toolbar(
        "wikiHow",
        on_up=ctx.finish,
        actions=[
            (
                "star",
                "Remove bookmark" if saved else "Bookmark",
                lambda: data.toggle_bookmark(ctx, article.slug, article.title),
            ),
            ("send", "Share", lambda: show_share_sheet(ctx, article)),
        ],
    )


def article_screen(ctx: AppContext) -> View:
    wiki = data.corpus()
    article = wiki.article(ctx.args.get("slug", ""))
    if article is None:
        return missing(ctx, "Article")
    blocks: list[Block] = [
        _crumbs(ctx, article),
        *_header(article),
        _byline(ctx, article, wiki.author(article.author)),
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
        *_questions(article),
        *_references(article),
        *_helpful(ctx, article),
        *_related(ctx, article),
    ]
    share_sheet(ctx, article)
    return page(ctx, PAGE_KEY, article.title, _toolbar(ctx, article), blocks)
