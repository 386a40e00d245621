"""The page on screen: a web view whose rows are the page's lines, made as they scroll in.

In the hierarchy the page is what Android's WebView reports: an ``android.webkit.WebView``
node (content-desc: the page's title) holding, line by line, ``android.widget.TextView``
texts, links (``android.view.View``, clickable, long-clickable; one node per link, with its
whole text, where a link wraps onto later lines: see ``WebLink``), pictures
(``android.widget.Image``, text: the alternative text, long-clickable), text fields
(``android.widget.EditText``), check boxes, radio buttons, selects (``android.widget.Spinner``)
and buttons (``android.widget.Button``). An element's HTML id is its resource id (dumped
bare, as a WebView gives it); a form control without one is named after its ``name``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.chrome import forms
from mobile_gym.sim.apps.chrome.document import TEXT_INPUTS, Block, Control, Document, Run
from mobile_gym.sim.apps.chrome.find import Match
from mobile_gym.sim.apps.chrome.layout import (
    CELL_GAP_DP,
    CELL_SP,
    LINE_DP,
    PREFIX_DP,
    ROW_PADDING_DP,
    SIDE_DP,
    Line,
)
from mobile_gym.sim.ui.scroll import RecyclerView
from mobile_gym.sim.ui.view import MATCH, WRAP, LinearLayout, View
from mobile_gym.sim.ui.widgets import Button, CheckBox, ImageView, RadioButton, TextView

MATCHED = (255, 235, 59)
"""The background of a match of find in page; the current one is ``CURRENT``."""
CURRENT = (255, 150, 50)
_INPUT_TYPES = {"password": "password", "number": "number", "email": "email", "tel": "phone"}


class WebView(RecyclerView):
    """The page's scrolling view (``android.webkit.WebView``)."""

    __slots__ = ()
    cls = "android.webkit.WebView"


class WebLine(LinearLayout):
    """One line of the page: its pieces in a row, centred vertically (not a node: they
    belong to the page)."""

    __slots__ = ()
    in_hierarchy = False

    def __init__(self, *children: View, **kwargs) -> None:
        for child in children:
            child.gravity = "center"
        kwargs.setdefault("height", MATCH)
        super().__init__(orientation="horizontal", children=children, **kwargs)


class WebLink(TextView):
    """A link (``android.view.View`` with its text, clickable): one node for the whole
    link. A link that wraps onto later lines reports its ``whole`` text on its first piece,
    whose bounds are that piece's (a real WebView gives the union of its lines); the
    pieces after it (``WebLinkRest``) show and follow the link but are no nodes."""

    __slots__ = ("whole",)
    cls = "android.view.View"

    def __init__(self, text: str, *, whole: str = "", **kwargs) -> None:
        super().__init__(text, **kwargs)
        self.whole = whole or text

    @property
    def display_text(self) -> str:
        return self.whole


class WebLinkRest(WebLink):
    """A piece of a link after its first: drawn and clickable, but part of the link's one
    node (``WebLink``)."""

    __slots__ = ()
    in_hierarchy = False


class WebImage(WebLine):
    """A picture (``android.widget.Image``): a placeholder glyph and its alternative text."""

    __slots__ = ()
    cls = "android.widget.Image"
    in_hierarchy = True


class WebSelect(TextView):
    """A select (``android.widget.Spinner``) showing its chosen option."""

    __slots__ = ()
    cls = "android.widget.Spinner"


class _Glyph(ImageView):
    """A picture's placeholder glyph (drawn, not a node of its own)."""

    __slots__ = ()
    in_hierarchy = False


class _Caption(TextView):
    """A picture's alternative text as drawn (the picture's node carries it)."""

    __slots__ = ()
    in_hierarchy = False


class _Blank(View):
    """Space between blocks, or a rule's line (drawn, not a node)."""

    __slots__ = ()
    in_hierarchy = False


@dataclass(frozen=True)
class Actions:
    """What the page's elements do: follow a link, the long-press menus of links and
    pictures, a select's choices."""

    open_link: Callable[[str], None]
    link_menu: Callable[[str], None]
    image_menu: Callable[[str], None]
    choose: Callable[[Control], None]


def _id(html_id: str) -> str | None:
    return f"#{html_id}" if html_id else None


def _pieces(line: Line, found: list[tuple[int, int, bool]]) -> list[tuple[Run, object, str]]:
    """The line's segments cut at the matches ``found`` (start, end, current) in it, each
    with its highlight (None, ``MATCHED`` or ``CURRENT``) and the whole text of the link it
    starts (``Line.links``; ``""`` for a piece that starts none)."""
    if not found:
        pairs = zip(line.segments, line.links, strict=True)
        return [(segment, None, start) for segment, start in pairs]
    out: list[tuple[Run, object, str]] = []
    at = 0
    for segment, start in zip(line.segments, line.links, strict=True):
        end = at + len(segment.text)
        cuts = sorted({at, end, *(p for s, e, _ in found for p in (s, e) if at < p < end)})
        for a, b in itertools.pairwise(cuts):
            mark = next(
                (CURRENT if cur else MATCHED for s, e, cur in found if s <= a and b <= e), None
            )
            piece = Run(segment.text[a - at : b - at], segment.href, segment.bold)
            out.append((piece, mark, start if a == at else ""))
        at = end
    return out


def _piece(
    run: Run, mark: object, starts: str, size: int, html_id: str | None, actions: Actions
) -> View:
    """One piece of a line: a text, or a piece of a link that follows its URL (the link's
    node if it ``starts`` it: see ``WebLink``)."""
    if run.href is None:
        return TextView(run.text, id=html_id, size=size, bold=run.bold, background=mark)
    href = run.href
    return (WebLink if starts else WebLinkRest)(
        run.text,
        whole=starts,
        id=html_id,
        size=size,
        bold=run.bold,
        background=mark,
        color="primary",
        on_click=lambda: actions.open_link(href),
        on_long_click=lambda: actions.link_menu(href),
    )


def _text_line(
    block: Block, line: Line, found: list[tuple[int, int, bool]], actions: Actions
) -> View:
    marker = block.prefix if line.first else ""
    indent = SIDE_DP + block.indent + (PREFIX_DP if block.prefix and not marker else 0)
    html_id = _id(block.html_id) if line.first else None
    pieces = _pieces(line, found)
    if not marker and len(pieces) == 1 and pieces[0][0].href is None and pieces[0][1] is None:
        run = pieces[0][0]  # plain text alone on its line: the row itself, one view
        return TextView(
            run.text,
            id=html_id,
            size=block.size,
            bold=run.bold,
            width=MATCH,
            height=MATCH,
            padding=(indent, 0, SIDE_DP, 0),
        )
    children = [TextView(marker, size=block.size, width=PREFIX_DP)] if marker else []
    children += [
        _piece(run, mark, starts, block.size, html_id if i == 0 else None, actions)
        for i, (run, mark, starts) in enumerate(pieces)
    ]
    return WebLine(*children, padding=(indent, 0, SIDE_DP, 0))


def _cell(runs: tuple[Run, ...], header: bool, actions: Actions, width: int) -> View:
    """One line of a table cell: its column's ``width`` (px, the gap after it included)
    shares the row as weight, so the columns keep the widths the page's layout gave them."""
    text = "".join(run.text for run in runs)
    href = next((run.href for run in runs if run.href), None)
    common = {
        "size": CELL_SP,
        "bold": header or any(r.bold for r in runs),
        "width": 0,
        "weight": width,
        "padding": (0, 0, CELL_GAP_DP, 0),
    }
    if href is None:
        return TextView(text, **common)
    return WebLink(
        text,
        color="primary",
        on_click=lambda: actions.open_link(href),
        on_long_click=lambda: actions.link_menu(href),
        **common,
    )


def _image(block: Block, actions: Actions) -> View:
    alt = block.alt or "Image"
    return WebImage(
        _Glyph("image", size=24, margin=(0, 0, 8, 0)),
        _Caption(alt, size=14, color="text_secondary", width=0, weight=1),
        id=_id(block.html_id),
        text=block.alt,
        background="surface_variant",
        padding=(8, 0),
        on_long_click=lambda: actions.image_menu(block.src),
    )


def _control(ctx: AppContext, doc: Document, control: Control, actions: Actions) -> View:
    name = _id(control.html_id or control.name)
    kind = control.kind
    if kind in TEXT_INPUTS or kind == "textarea":
        multiline = kind == "textarea"
        hint = control.placeholder or ("yyyy-mm-dd" if kind == "date" else "")
        return ctx.edit(
            forms.field_key(control),
            hint=hint,
            default=control.value,
            id=name,
            input_type="multiline" if multiline else _INPUT_TYPES.get(kind, "text"),
            max_lines=1,
            valign="center",
            size=15,
            padding=(8, 0),
            height=MATCH,
            background="surface_variant",
            on_submit=None if multiline else lambda: forms.send(ctx, doc, control),
        )
    if kind == "checkbox":
        return CheckBox(
            control.label,
            id=name,
            checked=forms.checked(ctx, control),
            on_change=lambda value: forms.set_checked(ctx, control, value),
            size=15,
            height=MATCH,
            padding=0,
        )
    if kind == "radio":
        return RadioButton(
            control.label,
            id=name,
            checked=forms.radio_value(ctx, doc, control) == control.value,
            on_change=lambda _: forms.choose_radio(ctx, control),
            size=15,
            height=MATCH,
            padding=0,
        )
    if kind == "select":
        value = forms.selected(ctx, control)
        label = next((text for v, text in control.options if v == value), value)
        return WebSelect(
            label,
            id=name,
            size=15,
            width=MATCH,
            height=MATCH,
            padding=(8, 0),
            background="surface_variant",
            on_click=lambda: actions.choose(control),
        )
    return Button(
        control.label,
        id=name,
        on_click=lambda: forms.press(ctx, doc, control),
        width=WRAP,
        height=MATCH,
        padding=(16, 0),
        radius=4,
        size=14,
    )


def render_line(
    ctx: AppContext,
    doc: Document,
    line: Line,
    found: list[tuple[int, int, bool]],
    actions: Actions,
) -> View:
    """The row showing ``line`` of ``doc`` (``found``: the find matches in it)."""
    block = doc.blocks[line.block]
    kind = block.kind
    if kind == "text":
        return _text_line(block, line, found, actions)
    inner: View
    if kind == "image":
        inner = _image(block, actions)
    elif kind == "control" and block.control is not None:
        inner = _control(ctx, doc, block.control, actions)
    elif kind == "row":
        inner = WebLine(
            *(
                _cell(cell, block.header, actions, width)
                for cell, width in zip(line.cells, line.widths, strict=False)
            ),
            background="surface_variant" if block.header else None,
            padding=(ROW_PADDING_DP, 0),
        )
    elif kind == "rule":
        inner = _Blank(height=1, background="divider", gravity="center")
    else:
        return _Blank(height=MATCH)
    return WebLine(inner, padding=(SIDE_DP + block.indent, 2, SIDE_DP, 2))


def page_view(
    ctx: AppContext,
    key: str,
    doc: Document,
    lines: tuple[Line, ...],
    found: tuple[Match, ...],
    current: int,
    actions: Actions,
) -> WebView:
    """The web view of ``doc`` (its ``lines``), scrolled as ``key`` keeps it, with the
    find matches ``found`` (``current`` the current one) highlighted."""
    by_line: dict[int, list[tuple[int, int, bool]]] = {}
    for i, (index, start, end) in enumerate(found):
        by_line.setdefault(index, []).append((start, end, i == current))

    def render(index: int, line: object) -> View:
        assert isinstance(line, Line)
        return render_line(ctx, doc, line, by_line.get(index, []), actions)

    return ctx.scroller(
        key,
        cls=WebView,
        items=lines,
        item_height=LINE_DP,
        render_item=render,
        desc=doc.title,
        height=0,
        weight=1,
    )
