"""The soft keyboard: a QWERTY and a symbols layout whose keys type into the focused field."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.icons import draw_icon
from mobile_gym.sim.ui.theme import Theme
from mobile_gym.sim.ui.view import MATCH, LinearLayout, View
from mobile_gym.sim.ui.widgets import TextView

IME_PACKAGE = "com.android.inputmethod.latin"
ROW_DP = 54
KEYBOARD_DP = 4 * ROW_DP + 16

_LETTERS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_SYMBOLS = ("1234567890", "@#$_&-+()/", "*\"':;!?")


@dataclass
class KeyboardState:
    """Shift (one letter upper-case) and the symbols page."""

    shift: bool = False
    symbols: bool = False


class Key(TextView):
    """One key: a rounded cap with its label or icon; pressing it calls ``on_click``."""

    __slots__ = ("accent", "icon")

    def __init__(
        self,
        label: str,
        *,
        on_click: Callable[[], None],
        icon: str | None = None,
        weight: float = 1.0,
        desc: str = "",
        accent: bool = False,
    ) -> None:
        super().__init__(
            label,
            on_click=on_click,
            width=0,
            weight=weight,
            height=MATCH,
            margin=(3, 4),
            align="center",
            size=20,
            desc=desc,
        )
        self.icon = icon
        self.accent = accent

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        canvas.rect(self.bounds, theme.primary if self.accent else theme.key, d.dp(6))
        color = theme.on_primary if self.accent else theme.text
        if self.icon:
            draw_icon(canvas, self.icon, self.bounds, color)
        else:
            self.draw_text(canvas, theme, d, self.bounds, self.text, color)


class KeyboardView(LinearLayout):
    """The keyboard window (LatinIME's ``KeyboardView``): four rows of ``Key``s for a
    ``KeyboardState``; pressing a key calls the keyboard's handlers (``type_text``,
    ``press``, ``toggle_shift``, ``toggle_symbols``).

    Its keys are made when it is laid out, and kept while a keyboard built again shows the
    same state: the window is built again whenever a field takes the focus, and its keys
    stay as they were. A key calls through the keyboard that made it, which takes each new
    build's handlers (``ui.reconcile``)."""

    __slots__ = ("press", "shift", "symbols", "toggle_shift", "toggle_symbols", "type_text")
    handlers = (*View.handlers, "type_text", "press", "toggle_shift", "toggle_symbols")

    def __init__(
        self,
        state: KeyboardState,
        *,
        type_text: Callable[[str], None],
        press: Callable[[str], None],
        toggle_shift: Callable[[], None],
        toggle_symbols: Callable[[], None],
    ) -> None:
        super().__init__(
            orientation="vertical",
            id="keyboard_view",
            package=IME_PACKAGE,
            height=KEYBOARD_DP,
            padding=(4, 8),
            background="keyboard",
            blocks_touch=True,
        )
        self.shift = state.shift
        self.symbols = state.symbols
        self.type_text = type_text
        self.press = press
        self.toggle_shift = toggle_shift
        self.toggle_symbols = toggle_symbols

    def builds_children_in_layout(self) -> bool:
        return True

    def content_size(self, d: Display, max_w: int, max_h: int) -> tuple[int, int]:
        self._make_keys()
        return super().content_size(d, max_w, max_h)

    def lay_out_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        self._make_keys()
        super().lay_out_children(d, inner, clip)

    def _make_keys(self) -> None:
        if not self.children:
            self.children = [
                LinearLayout(orientation="horizontal", height=ROW_DP, children=row)
                for row in self._rows()
            ]

    def _rows(self) -> list[list[View]]:
        shift, symbols = self.shift, self.symbols

        def char_key(char: str) -> Key:
            label = char.upper() if shift and not symbols else char
            return Key(label, on_click=lambda: self.type_text(label))

        chars = _SYMBOLS if symbols else _LETTERS
        return [
            [char_key(c) for c in chars[0]],
            [char_key(c) for c in chars[1]],
            [
                Key("", icon="shift", desc="Shift", on_click=self._shift, weight=1.5, accent=shift),
                *(char_key(c) for c in chars[2]),
                Key("", icon="backspace", desc="Delete", on_click=self._delete, weight=1.5),
            ],
            [
                Key(
                    "ABC" if symbols else "?123",
                    desc="Letters" if symbols else "Symbols",
                    on_click=self._symbols,
                    weight=1.5,
                ),
                Key(",", on_click=lambda: self.type_text(",")),
                Key("", desc="Space", on_click=lambda: self.type_text(" "), weight=5),
                Key(".", on_click=lambda: self.type_text(".")),
                Key("", icon="enter", desc="Enter", on_click=self._enter, weight=1.5, accent=True),
            ],
        ]

    def _shift(self) -> None:
        self.toggle_shift()

    def _symbols(self) -> None:
        self.toggle_symbols()

    def _delete(self) -> None:
        self.press("DEL")

    def _enter(self) -> None:
        self.press("ENTER")
