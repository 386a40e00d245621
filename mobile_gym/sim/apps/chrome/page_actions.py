"""What a page's elements do: links followed (or, on the same page, scrolled to), the
long-press menus of links and pictures, and the dialog of a select's choices."""

from __future__ import annotations

from urllib.parse import unquote

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.chrome import downloads, forms, navigation, share
from mobile_gym.sim.apps.chrome.document import Control, Document
from mobile_gym.sim.apps.chrome.layout import LINE_DP, Line
from mobile_gym.sim.apps.chrome.webview import Actions
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import RadioButton


def select_dialog(ctx: AppContext, doc: Document) -> Handler:
    """The choices of the select being picked (``web:choosing``, its control's index)."""
    index = ctx.get("web:choosing")
    control = doc.controls[index] if index is not None and index < len(doc.controls) else None

    def body() -> list[View]:
        if control is None:
            return []
        value = forms.selected(ctx, control)

        def pick(option: str) -> None:
            forms.select(ctx, control, option)
            ctx.pop("dialog:select")

        return [
            RadioButton(
                text,
                id="select_option",
                checked=option == value,
                on_change=lambda _, option=option: pick(option),
            )
            for option, text in control.options
        ]

    return ctx.dialog(
        "select", control.name if control else "", buttons=[("Cancel", None)], body=body
    )


def _follow(ctx: AppContext, url: str, anchors: dict[str, int], line_px: int) -> None:
    """What a tap on a link to ``url`` does: a link to a place on this page scrolls there
    (``anchors``: the line of each HTML id), ``mailto:`` opens Mail, ``javascript:`` nothing,
    any other loads the page."""
    if url.startswith("javascript:"):
        return
    if url.startswith("mailto:"):
        address, _, _query = url.removeprefix("mailto:").partition("?")
        share.to_mail(ctx, to=unquote(address))
        return
    here = navigation.current_entry(ctx)["url"].partition("#")[0]
    base, _, fragment = url.partition("#")
    if fragment and base == here:
        if fragment in anchors:
            ctx.scroll_to(navigation.page_key(ctx), anchors[fragment] * line_px)
        return
    navigation.open_url(ctx, url)


def _anchors(doc: Document, page_lines: tuple[Line, ...]) -> dict[str, int]:
    """The line each HTML id of the page starts on."""
    found: dict[str, int] = {}
    for index, line in enumerate(page_lines):
        html_id = doc.blocks[line.block].html_id
        if html_id and line.first:
            found.setdefault(html_id, index)
    return found


def actions(
    ctx: AppContext, doc: Document, page_lines: tuple[Line, ...], choose: Handler
) -> Actions:
    """The page's ``Actions`` (``choose``: what opens the select dialog)."""
    target = ctx.get("web:target", "")
    link_menu = ctx.menu(
        "link",
        [
            ("Open in new tab", lambda: navigation.new_tab(ctx, target)),
            ("Open", lambda: navigation.open_url(ctx, target)),
            ("Download link", lambda: downloads.download_link(ctx, target)),
        ],
        at_touch=True,
    )
    image_menu = ctx.menu(
        "image",
        [
            ("Download image", lambda: downloads.download(ctx, target)),
            ("Open image in new tab", lambda: navigation.new_tab(ctx, target)),
        ],
        at_touch=True,
    )

    def aim(menu: Handler):
        def show(url: str) -> None:
            ctx.set("web:target", url)
            menu()

        return show

    def pick(control: Control) -> None:
        ctx.set("web:choosing", control.index)
        choose()

    return Actions(
        open_link=lambda url: _follow(
            ctx, url, _anchors(doc, page_lines), ctx.phone.display.dp(LINE_DP)
        ),
        link_menu=aim(link_menu),
        image_menu=aim(image_menu),
        choose=pick,
    )
