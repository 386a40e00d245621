"""wikiHow's home tab: the search bar, search results, featured articles and categories."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.wikihow import data
from mobile_gym.sim.apps.wikihow.pages import article_rows
from mobile_gym.sim.ui.composites import app_bar, empty_state, list_item, section_header
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView

SEARCH_KEY = "search"
QUERY = "query"
"""The screen state holding the submitted query (results show while it is set)."""
SEARCH_HINT = "Search wikiHow"
FEATURED = 8
RESULTS = 10


def submit(ctx: AppContext) -> None:
    """Run the typed query: the results replace the home content."""
    query = ctx.field(SEARCH_KEY).strip()
    ctx.phone.hide_keyboard()
    if query:
        ctx.set(QUERY, query)
        ctx.log(f"Search: {query}")
        data.log_url(ctx, data.search_url(query))


def close_results(ctx: AppContext) -> bool:
    """What BACK does first on the home tab: leave the results (True), else nothing."""
    if not ctx.get(QUERY):
        return False
    ctx.pop(QUERY)
    ctx.clear_field(SEARCH_KEY)
    return True


def _search_plate(ctx: AppContext) -> View:
    children: list[View] = [
        ImageView("search", size=20, margin=(8, 0, 4, 0), gravity="center"),
        ctx.edit(
            SEARCH_KEY,
            hint=SEARCH_HINT,
            id="search_src_text",
            width=0,
            weight=1,
            background="surface_variant",  # filled as its plate is: no underline
            on_submit=lambda: submit(ctx),
        ),
    ]
    if ctx.field(SEARCH_KEY):
        children.append(
            ImageButton(
                "close",
                desc="Clear query",
                id="search_close_btn",
                on_click=lambda: ctx.set_field(SEARCH_KEY, ""),
            )
        )
    children.append(
        ImageButton("send", desc="Submit query", id="search_go_btn", on_click=lambda: submit(ctx))
    )
    for child in children:
        child.gravity = "center"
    return Row(
        *children,
        id="search_plate",
        width=0,
        weight=1,
        height=48,
        radius=24,
        background="surface_variant",
    )


def _results(ctx: AppContext, query: str) -> View:
    hits = data.corpus().search(query, RESULTS)
    if not hits:
        return empty_state(f'No results for "{query}"', id="search_empty")
    rows = [
        list_item(
            hit.title,
            hit.snippet,
            id="search_result",
            title_id="search_result_title",
            subtitle_id="search_result_snippet",
            on_click=lambda slug=hit.slug: data.open_article(ctx, slug),
        )
        for hit in hits
    ]
    return ctx.scroller("results", rows, cls=ScrollView, id="search_results", height=0, weight=1)


def _home(ctx: AppContext) -> View:
    wiki = data.corpus()
    featured = wiki.featured(FEATURED, ctx.now.date())
    rows: list[View] = [section_header("Featured Articles")]
    rows += article_rows(ctx, ((a.slug, a.title) for a in featured), "featured_article")
    saved = data.bookmarks(ctx)
    if saved:
        rows.append(section_header("Saved Articles"))
        rows += article_rows(ctx, saved, "saved_article")
    rows.append(section_header("Categories"))
    rows += [
        list_item(
            category.name,
            id="category_item",
            title_id="category_name",
            on_click=lambda slug=category.slug: data.open_category(ctx, slug),
        )
        for category in wiki.categories()
        if category.parent is None
    ]
    return ctx.scroller("home", rows, cls=ScrollView, id="home_list", height=0, weight=1)


def home_screen(ctx: AppContext) -> View:
    query = ctx.get(QUERY, "")
    show_menu = ctx.menu("overflow", [("About wikiHow", lambda: data.open_about(ctx))])
    bar = app_bar(
        [
            _search_plate(ctx),
            ImageButton("more", desc="More options", on_click=show_menu),
        ]
    )
    body = _results(ctx, query) if query else _home(ctx)
    return Column(bar, body, width=MATCH, height=MATCH, background="surface")
