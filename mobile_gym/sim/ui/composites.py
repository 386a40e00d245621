"""Composite widgets built from the toolkit: toolbars, list rows, dialogs, menus, buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.scroll import ScrollPosition, ScrollView
from mobile_gym.sim.ui.theme import Theme
from mobile_gym.sim.ui.view import (
    MATCH,
    UNBOUNDED,
    WRAP,
    Column,
    FrameLayout,
    LinearLayout,
    Row,
    View,
    spacing,
)
from mobile_gym.sim.ui.widgets import Button, ImageButton, ImageView, TextView

Handler = Callable[[], None]
SCRIM_ALPHA = 0.32
"""How much a dialog's scrim darkens the screen behind it (Material's 32 %)."""
Action = tuple[str, str, Handler]
"""A toolbar action: (icon, content description, handler)."""


class Toolbar(LinearLayout):
    """The app bar (``android.widget.Toolbar``): navigation icon, title, actions, overflow."""

    __slots__ = ()

    cls = "android.widget.Toolbar"


def toolbar(
    title: str,
    *,
    on_up: Handler | None = None,
    actions: Sequence[Action] = (),
    on_overflow: Handler | None = None,
) -> Toolbar:
    """An app bar; ``on_up`` adds a "Navigate up" arrow, ``on_overflow`` a "More options" button."""
    children: list[View] = []
    if on_up is not None:
        children.append(ImageButton("back", desc="Navigate up", on_click=on_up))
    children.append(
        TextView(
            title,
            id="toolbar_title",
            size=21,
            width=0,
            weight=1,
            margin=(16 if on_up is None else 4, 0, 0, 0),
        )
    )
    for icon, desc, handler in actions:
        children.append(
            ImageButton(
                icon, desc=desc, on_click=handler, id=f"action_{desc.lower().replace(' ', '_')}"
            )
        )
    if on_overflow is not None:
        children.append(ImageButton("more", desc="More options", on_click=on_overflow))
    return app_bar(children)


def app_bar(children: Sequence[View]) -> Toolbar:
    """A Toolbar holding ``children`` in a row, centred vertically (search bars, custom bars)."""
    for child in children:
        child.gravity = "center"
    return Toolbar(
        orientation="horizontal",
        id="toolbar",
        height=64,
        padding=(4, 0),
        background="surface",
        children=children,
    )


def list_item(
    title: str,
    subtitle: str = "",
    *,
    on_click: Handler | None = None,
    on_long_click: Handler | None = None,
    icon: str | None = None,
    avatar: str = "",
    trailing: View | None = None,
    id: str | None = None,
    title_id: str = "android:id/title",
    subtitle_id: str = "android:id/summary",
    height: int = WRAP,
) -> LinearLayout:
    """A two-line list row; the row is the clickable node, its texts are plain TextViews."""
    children: list[View] = []
    if avatar:
        children.append(
            ImageView(
                size=40,
                circle="primary",
                letter=avatar[:1].upper(),
                tint="on_primary",
                margin=(0, 0, 16, 0),
            )
        )
    elif icon:
        children.append(ImageView(icon, size=24, margin=(0, 0, 24, 0)))
    texts: list[View] = [TextView(title, id=title_id, size=16, width=MATCH)]
    if subtitle:
        texts.append(
            TextView(subtitle, id=subtitle_id, size=14, color="text_secondary", width=MATCH)
        )
    children.append(Column(*texts, width=0, weight=1))
    if trailing is not None:
        children.append(trailing)
    return Row(
        *children,
        id=id,
        height=height,
        padding=(16, 12),
        on_click=on_click,
        on_long_click=on_long_click,
    )


def empty_state(text: str, *, id: str | None = None) -> TextView:
    """The grey, centred message a list shows when it has nothing to show."""
    return TextView(
        text,
        id=id,
        size=16,
        color="text_secondary",
        max_lines=3,
        align="center",
        width=MATCH,
        margin=(32, 48),
    )


def section_header(text: str) -> TextView:
    return TextView(text, size=14, color="primary", bold=True, width=MATCH, padding=(16, 16, 16, 4))


def fab(icon: str, desc: str, on_click: Handler, id: str = "fab") -> ImageButton:
    """A floating action button for the bottom-right corner of a FrameLayout."""
    return ImageButton(
        icon,
        desc=desc,
        on_click=on_click,
        id=id,
        size=56,
        padding=16,
        tint="on_primary",
        background="primary",
        radius=16,
        gravity="bottom end",
        margin=16,
    )


class DialogScrim(FrameLayout):
    """The dimmed layer behind a dialog; tapping it cancels the dialog. Not an accessibility node."""

    __slots__ = ()

    in_hierarchy = False

    def draw(self, canvas, theme, d) -> None:
        canvas.rect(self.bounds, (0, 0, 0), alpha=SCRIM_ALPHA)


def side_drawer(rows: Sequence[View], *, id: str, on_close: Handler) -> DialogScrim:
    """A modal navigation drawer: ``rows`` in a panel along the start edge over a scrim,
    a tap on which calls ``on_close``."""
    panel = Column(
        *rows,
        id=id,
        width=300,
        height=MATCH,
        background="background",
        gravity="start",
        blocks_touch=True,
    )
    return DialogScrim(width=MATCH, height=MATCH, on_click=on_close, children=[panel])


def bottom_sheet(children: Sequence[View], *, id: str, on_close: Handler) -> DialogScrim:
    """A modal bottom sheet (a share sheet): ``children`` in a rounded panel along the
    bottom edge over a scrim, a tap on which calls ``on_close``."""
    panel = Column(
        *children,
        id=id,
        width=MATCH,
        height=WRAP,
        padding=(0, 8, 0, 16),
        background="surface",
        radius=16,
        gravity="bottom",
        blocks_touch=True,
    )
    return DialogScrim(width=MATCH, height=MATCH, on_click=on_close, children=[panel])


COVERED_KEYBOARD = "over the keyboard"
"""The state flag of an app's open dialog (``AppContext.dialog``) that opened over the
keyboard and took it down: cancelled by BACK, it leaves the keyboard up again."""


def alert_dialog(
    title: str,
    message: str = "",
    *,
    buttons: Sequence[tuple[str, Handler]],
    on_cancel: Handler,
    body: Sequence[View] = (),
) -> FrameLayout:
    """A modal dialog: title, message or custom ``body``, and right-aligned text buttons.

    The last button is the positive one (``android:id/button1``), the one before it the
    negative one (``android:id/button2``). A tap outside the panel calls ``on_cancel``.
    """
    ids = ["android:id/button1", "android:id/button2", "android:id/button3"]
    button_views = [
        Button(
            label,
            on_click=handler,
            id=ids[len(buttons) - 1 - i],
            background=None,
            color="primary",
            width=WRAP,
            padding=(12, 10),
            margin=(4, 0, 0, 0),
        )
        for i, (label, handler) in enumerate(buttons)
    ]
    content: list[View] = [
        TextView(title, id="android:id/alertTitle", size=20, max_lines=3, width=MATCH)
    ]
    if message:
        content.append(
            TextView(
                message,
                id="android:id/message",
                size=15,
                color="text_secondary",
                max_lines=8,
                width=MATCH,
                margin=(0, 12, 0, 0),
            )
        )
    content.extend(body)
    content.append(
        LinearLayout(
            orientation="horizontal",
            arrange="end",
            children=button_views,
            height=WRAP,
            margin=(0, 20, 0, 0),
        )
    )
    panel = LinearLayout(
        orientation="vertical",
        children=content,
        width=MATCH,
        height=WRAP,
        padding=(24, 24, 16, 12),
        margin=(32, 0),
        background="surface",
        radius=24,
        gravity="center",
        blocks_touch=True,
    )
    return DialogScrim(width=MATCH, height=MATCH, on_click=on_cancel, children=[panel])


class _PopupLayer(FrameLayout):
    """A transparent full-screen layer under a popup menu; tapping it dismisses the menu.

    The menu sits at ``anchor`` (screen pixels, kept inside the layer), else top-right.
    """

    __slots__ = ("anchor",)

    in_hierarchy = False

    def __init__(self, *, anchor: tuple[float, float] | None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.anchor = anchor

    def lay_out_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        if self.anchor is None:
            super().lay_out_children(d, inner, clip)
            return
        panel = self.children[0]
        edge = d.dp(8)
        area = inner.inset(edge, edge, edge, edge)
        w, h = panel.measure(d, area.width, area.height)
        ax, ay = round(self.anchor[0]), round(self.anchor[1])
        x = min(max(ax, area.left), area.right - w)
        # drop below the finger, or open upwards when there is no room below (as Android does)
        y = ay if ay + h <= area.bottom else ay - h
        y = min(max(y, area.top), area.bottom - h)
        panel.layout(d, Rect(x, y, x + w, y + h), clip)


class _MenuList(ScrollView):
    """The popup menu's panel, a list of items as Android draws it, outlined to stand out.

    It is as wide as its widest item in whole 56 dp units, at least two, at most half the
    screen or 320 dp, whichever is wider (Android's menu popup), and its rows fill it. It
    is as tall as its rows where there is room; where there is not (a small screen, the
    keyboard up), it shows what fits and scrolls, and only then says it is scrollable, as
    a ListView does.
    """

    __slots__ = ()

    cls = "android.widget.ListView"

    @property
    def scrollable(self) -> bool:  # type: ignore[override]
        return self.max_offset > 0

    def content_size(self, d: Display, max_w: int, max_h: int) -> tuple[int, int]:
        unit = d.dp(56)
        widest = max((_natural_width(d, row) for row in self.children), default=0)
        width = max(-(-widest // unit), 2) * unit
        width = min(width, max(d.width // 2, d.dp(320)), max_w)
        return width, sum(row.measure(d, width, UNBOUNDED)[1] for row in self.children)

    def content_keeps_height(self) -> bool:
        return False  # it shows as much of its rows as its room holds

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        super().draw(canvas, theme, d)
        canvas.frame(self.bounds, theme.divider, d.dp(1), d.dp(self.radius))


def _natural_width(d: Display, row: View) -> int:
    """The width ``row`` (a menu item) needs for its content, its padding included."""
    left, _, right, _ = spacing(d, row.padding)
    content = max((child.measure(d, UNBOUNDED, UNBOUNDED)[0] for child in row.children), default=0)
    return left + content + right


def popup_menu(
    items: Sequence[tuple[str, Handler]],
    *,
    on_dismiss: Handler,
    anchor: tuple[float, float] | None = None,
    position: ScrollPosition | None = None,
) -> FrameLayout:
    """A menu of text items, at ``anchor`` or at the top-right of its window; a menu taller
    than its room scrolls, to where ``position`` keeps."""
    rows = [
        LinearLayout(
            orientation="vertical",
            height=48,
            padding=(16, 0),
            arrange="center",
            on_click=handler,
            children=[TextView(label, id="android:id/title", size=16)],
        )
        for label, handler in items
    ]
    panel = _MenuList(
        position=position,
        children=rows,
        width=WRAP,
        height=WRAP,
        padding=(0, 8),
        background="surface",
        radius=6,
        gravity="top end",
        margin=(0, 8, 8, 0),
        blocks_touch=True,
    )
    return _PopupLayer(
        width=MATCH, height=MATCH, on_click=on_dismiss, children=[panel], anchor=anchor
    )
