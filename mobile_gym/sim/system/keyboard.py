"""The soft keyboard: a QWERTY and a symbols layout whose keys type into the focused field."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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


def keyboard(
    state: KeyboardState,
    *,
    type_text: Callable[[str], None],
    press: Callable[[str], None],
    toggle_shift: Callable[[], None],
    toggle_symbols: Callable[[], None],
) -> View:
    """The keyboard window for ``state``; keys call back into the phone."""

    def char_key(char: str) -> Key:
        label = char.upper() if state.shift and not state.symbols else char
        return Key(label, on_click=lambda: type_text(label))

    rows_chars = _SYMBOLS if state.symbols else _LETTERS
    rows: list[list[View]] = [
        [char_key(c) for c in rows_chars[0]],
        [char_key(c) for c in rows_chars[1]],
    ]
    third: list[View] = [char_key(c) for c in rows_chars[2]]
    shift_key = Key(
        "", icon="shift", desc="Shift", on_click=toggle_shift, weight=1.5, accent=state.shift
    )
    rows.append(
        [
            shift_key,
            *third,
            Key("", icon="backspace", desc="Delete", on_click=lambda: press("DEL"), weight=1.5),
        ]
    )
    rows.append(
        [
            Key(
                "ABC" if state.symbols else "?123",
                desc="Letters" if state.symbols else "Symbols",
                on_click=toggle_symbols,
                weight=1.5,
            ),
            Key(",", on_click=lambda: type_text(",")),
            Key("", desc="Space", on_click=lambda: type_text(" "), weight=5),
            Key(".", on_click=lambda: type_text(".")),
            Key(
                "",
                icon="enter",
                desc="Enter",
                on_click=lambda: press("ENTER"),
                weight=1.5,
                accent=True,
            ),
        ]
    )
    return LinearLayout(
        orientation="vertical",
        id="keyboard_view",
        package=IME_PACKAGE,
        height=KEYBOARD_DP,
        padding=(4, 8),
        background="keyboard",
        blocks_touch=True,
        children=[
            LinearLayout(orientation="horizontal", height=ROW_DP, children=row) for row in rows
        ],
    )
