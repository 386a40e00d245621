"""Leaf widgets with Android class names: text, buttons, images, text fields and controls."""

from __future__ import annotations

from collections.abc import Callable

import regex

from mobile_gym.caches import FIFOCache
from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.fonts import face
from mobile_gym.sim.ui.icons import check_icon, draw_icon
from mobile_gym.sim.ui.theme import Theme
from mobile_gym.sim.ui.view import MATCH, WRAP, Paint, View, resolve_color

INPUT_TYPES = ("text", "name", "number", "phone", "email", "password", "multiline")
_DIGITS = frozenset("0123456789")
"""What a number field takes: ASCII digits only, as Android's number keyboard types (not
"²", "③" or other characters Python calls digits, which ``int`` cannot read)."""
_PHONE_CHARS = _DIGITS | set("+-() #*.,")
DEFAULT_MAX_LENGTH = 5000
"""Longest text a field keeps unless it sets its own limit (the rest is dropped)."""
_TEXT_FORMAT_CHARS = frozenset("\u200c\u200d\ufe0e\ufe0f") | frozenset(
    map(chr, range(0xE0020, 0xE0080))
)
"""Format characters that belong to the text they are typed in, though Python does not call
them printable: the zero-width non-joiner and joiner (Persian and Indic words, emoji ZWJ
sequences), the text and emoji variation selectors, and the tag characters of subdivision
flags."""
_GRAPHEME = regex.compile(r"\X")
"""One extended grapheme cluster (Unicode's UAX #29): what a user sees as one character."""
_ALWAYS_SPLIT = "\u0300"
"""Two characters below this (ASCII, Latin-1 and the Latin extensions, before the combining
marks) always have a grapheme cluster boundary between them, unless they are CR then LF: no
rule of UAX #29 joins them, whatever comes before or after."""


TextSizeKey = tuple[str, int, bool, int, int | None]
"""A text's size in a face: the text, the face's pixel size and weight, the most lines it
may take, and (for wrapped text) the width it wraps in."""


def _text_size(key: TextSizeKey) -> tuple[int, int]:
    text, size, bold, lines, width = key
    f = face(size, bold)
    wrapped = f.wrapped(text, width, lines) if width is not None else [(text, f.measure(text))]
    return round(max((w for _, w in wrapped), default=0)) + 1, f.line_height * len(wrapped)


_TEXT_SIZES: FIFOCache[TextSizeKey, tuple[int, int]] = FIFOCache(4096)
"""The content size of texts measured lately (screens are built often with the same texts)."""


class TextView(View):
    """Text (``android.widget.TextView``): ``size`` in sp, up to ``max_lines`` wrapped lines.

    ``align`` places lines horizontally (``start``, ``center``, ``end``); ``valign`` places
    the block vertically (``center`` or ``top``).
    """

    __slots__ = ("align", "bold", "color", "max_lines", "size", "valign")
    cls = "android.widget.TextView"

    def __init__(
        self,
        text: str = "",
        *,
        size: int = 16,
        color: Paint = "text",
        bold: bool = False,
        max_lines: int = 1,
        align: str = "start",
        valign: str = "center",
        width: int = WRAP,
        **kwargs,
    ) -> None:
        super().__init__(text=text, width=width, **kwargs)
        self.size = size
        self.color = color
        self.bold = bold
        self.max_lines = max_lines
        self.align = align
        self.valign = valign

    def shown_text(self) -> str:
        return self.text

    def _face(self, d: Display):
        return face(d.dp(self.size), self.bold)

    def content_size(self, d: Display, max_w: int, max_h: int) -> tuple[int, int]:
        lines = self.max_lines
        # one line measures the same in any width (the width is clamped below)
        key = (self.shown_text(), d.dp(self.size), self.bold, lines, max_w if lines > 1 else None)
        width, height = _TEXT_SIZES.get(key, _text_size)
        return min(width, max_w), height

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        super().draw(canvas, theme, d)
        self.draw_text(
            canvas, theme, d, self.inner(d), self.shown_text(), resolve_color(theme, self.color)
        )

    def lines(self, d: Display, box: Rect, text: str) -> list[tuple[str, float]]:
        """``text`` broken into the lines that fit ``box``, each with its advance width."""
        f = self._face(d)
        if self.max_lines > 1:
            room = min(self.max_lines, max(1, box.height // f.line_height))
            return f.wrapped(text, box.width, room)
        return [f.fitted(text, box.width)]

    def text_top(self, d: Display, box: Rect, line_count: int) -> int:
        """Where the first line's box starts inside ``box``."""
        if self.valign == "top":
            return box.top
        return box.top + max((box.height - self._face(d).line_height * line_count) // 2, 0)

    def draw_text(
        self, canvas: Canvas, theme: Theme, d: Display, box: Rect, text: str, color
    ) -> None:
        if not text or box.empty:
            return
        f = self._face(d)
        size = d.dp(self.size)
        lines = self.lines(d, box, text)
        y = self.text_top(d, box, len(lines))
        for line, width in lines:
            if self.align == "center":
                x = box.left + (box.width - width) / 2
            elif self.align == "end":
                x = box.right - width
            else:
                x = box.left
            canvas.text(x, y, line, size, color, self.bold)
            y += f.line_height


class Button(TextView):
    """A filled, rounded push button (``android.widget.Button``)."""

    __slots__ = ()

    cls = "android.widget.Button"

    def __init__(self, text: str, *, on_click: Callable[[], None] | None, **kwargs) -> None:
        kwargs.setdefault("background", "primary")
        kwargs.setdefault("color", "on_primary")
        kwargs.setdefault("radius", 20)
        kwargs.setdefault("padding", (24, 10))
        kwargs.setdefault("align", "center")
        kwargs.setdefault("size", 15)
        kwargs.setdefault("bold", True)
        super().__init__(text, on_click=on_click, **kwargs)

    def content_size(self, d: Display, max_w: int, max_h: int) -> tuple[int, int]:
        w, h = super().content_size(d, max_w, max_h)
        return w, max(h, d.dp(20))


class ImageView(View):
    """An image (``android.widget.ImageView``): an icon, or a round avatar with a letter."""

    __slots__ = ("circle", "icon", "letter", "tint")
    cls = "android.widget.ImageView"

    def __init__(
        self,
        icon: str | None = None,
        *,
        size: int = 24,
        tint: Paint = "text_secondary",
        circle: Paint = None,
        letter: str = "",
        **kwargs,
    ) -> None:
        kwargs.setdefault("width", size)
        kwargs.setdefault("height", size)
        super().__init__(**kwargs)
        self.icon = check_icon(icon) if icon else None
        self.tint = tint
        self.circle = circle
        self.letter = letter

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        super().draw(canvas, theme, d)
        box = self.inner(d)
        if self.circle is not None:
            cx, cy = box.center
            radius = min(box.width, box.height) / 2 - 0.5  # keep the anti-aliased rim inside
            canvas.circle(cx, cy, radius, resolve_color(theme, self.circle))
        tint = resolve_color(theme, self.tint)
        if self.letter:
            f = face(round(box.height * 0.5), True)
            width = f.measure(self.letter)
            canvas.text(
                box.left + (box.width - width) / 2,
                box.top + (box.height - f.line_height) / 2,
                self.letter,
                round(box.height * 0.5),
                tint,
                True,
            )
        elif self.icon:
            draw_icon(canvas, self.icon, box, tint)


class ImageButton(ImageView):
    """A tappable icon (``android.widget.ImageButton``); ``desc`` names it for agents."""

    __slots__ = ()

    cls = "android.widget.ImageButton"

    def __init__(
        self, icon: str, *, on_click: Callable[[], None] | None, size: int = 48, **kwargs
    ) -> None:
        kwargs.setdefault("tint", "text")
        super().__init__(
            icon, size=size, on_click=on_click, padding=kwargs.pop("padding", 12), **kwargs
        )


class EditText(TextView):
    """An editable text field (``android.widget.EditText``).

    The text lives in the screen's state: ``value`` is what to show, ``on_change`` receives
    the edited text, ``on_focus`` asks for focus (and the keyboard), ``on_submit`` runs on the
    keyboard's action key. ``input_type`` filters what can be typed, as Android's does;
    ``max_length`` truncates longer input. A delete takes the last character as the user
    sees it (``last_grapheme_start``). While ``all_selected`` (its whole text selected:
    ``ui.prefilled``), what is typed replaces the text and a delete clears it. An empty
    field reports its hint as its text, as Android's accessibility nodes do. It is
    underlined (primary while it has the focus) unless given a ``background`` of its own,
    which replaces Android's underline too.
    """

    __slots__ = (
        "all_selected",
        "field_key",
        "hint",
        "input_type",
        "is_focused",
        "max_length",
        "on_change",
        "on_focus",
        "on_submit",
    )
    cls = "android.widget.EditText"
    editable = True
    handlers = (*TextView.handlers, "on_change", "on_focus", "on_submit")

    def __init__(
        self,
        value: str = "",
        *,
        hint: str = "",
        on_change: Callable[[str], None],
        on_focus: Callable[[], None],
        on_submit: Callable[[], None] | None = None,
        focused: bool = False,
        input_type: str = "text",
        max_length: int = DEFAULT_MAX_LENGTH,
        **kwargs,
    ) -> None:
        if input_type not in INPUT_TYPES:
            raise ValueError(f"input_type must be one of {INPUT_TYPES}, not {input_type!r}")
        kwargs.setdefault("width", -1)
        kwargs.setdefault("padding", (4, 12))
        kwargs.setdefault("size", 17)
        kwargs.setdefault("max_lines", 6 if input_type == "multiline" else 1)
        kwargs.setdefault("valign", "top" if input_type == "multiline" else "center")
        super().__init__(value, **kwargs)
        self.hint = hint
        self.on_change = on_change
        self.on_focus = on_focus
        self.on_submit = on_submit
        self.is_focused = focused
        self.input_type = input_type
        self.max_length = max_length
        self.field_key: str | None = None
        """The screen-state key holding this field's text, when bound by ``AppContext.edit``."""
        self.all_selected = False
        """Whether its whole text is selected, to be replaced by what is typed next."""

    @property
    def clickable(self) -> bool:
        return True

    @property
    def long_clickable(self) -> bool:
        return True

    @property
    def focusable(self) -> bool:
        return True

    @property
    def focused(self) -> bool:
        return self.is_focused

    def click(self) -> None:
        """A tap asks for the input focus (and the keyboard)."""
        self.on_focus()

    @property
    def password(self) -> bool:
        return self.input_type == "password"

    @property
    def multiline(self) -> bool:
        return self.input_type == "multiline"

    @property
    def display_text(self) -> str:
        if not self.text:
            return self.hint
        return "\u2022" * len(self.text) if self.password else self.text

    def shown_text(self) -> str:
        return self.display_text

    def accept(self, typed: str) -> str:
        """The part of ``typed`` this field's input type lets through."""
        if self.input_type == "number":
            return "".join(c for c in typed if c in _DIGITS)
        if self.input_type == "phone":
            return "".join(c for c in typed if c in _PHONE_CHARS)
        if not self.multiline:
            typed = typed.replace("\r", "").replace("\n", " ")
        return "".join(c for c in typed if c == "\n" or c.isprintable() or c in _TEXT_FORMAT_CHARS)

    def insert(self, typed: str) -> None:
        """Type ``typed`` at the end of the field, or in place of its text while all of it
        is selected; filtered, and truncated at ``max_length``."""
        accepted = self.accept(typed)
        if not accepted:
            return
        kept = "" if self.all_selected else self.text
        new = (kept + accepted)[: self.max_length]
        if new != self.text or self.all_selected:
            self.on_change(new)

    def delete_back(self) -> None:
        """Delete the last character as the user sees it (a grapheme cluster: a flag, an
        emoji with its skin tone or ZWJ-joined parts, a letter with its accents), or the
        whole text while all of it is selected."""
        if self.all_selected:
            self.on_change("")
        elif self.text:
            self.on_change(self.text[: last_grapheme_start(self.text)])

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        View.draw(self, canvas, theme, d)
        box = self.inner(d)
        color = resolve_color(theme, "hint" if not self.text else self.color)
        text = self.display_text
        f = self._face(d)
        if self.is_focused and self.text and not self.multiline and not self.password:
            # keep the end (where the cursor is) in view; without the focus, the start shows
            while len(text) > 1 and f.measure(text) > box.width - d.dp(4):
                text = text[max(1, len(text) // 8) :] if len(text) > 64 else text[1:]
        self.draw_text(canvas, theme, d, box, text, color)
        line = resolve_color(theme, "primary" if self.is_focused else "divider")
        if self.background is None:  # Android's default background: an underline
            thickness = d.dp(2) if self.is_focused else d.dp(1)
            bottom = self.bounds.bottom
            canvas.rect(Rect(self.bounds.left, bottom - thickness, self.bounds.right, bottom), line)
        if self.is_focused:
            lines = self.lines(d, box, text) if self.text else [("", 0.0)]
            x = round(box.left + lines[-1][1] + 2)
            y = self.text_top(d, box, len(lines)) + f.line_height * (len(lines) - 1)
            if x < box.right and y + f.line_height <= box.bottom:
                canvas.rect(Rect(x, y, x + d.dp(2), y + f.line_height), line)


def last_grapheme_start(text: str) -> int:
    """Where the last grapheme cluster of non-empty ``text`` starts: the last character as
    the user sees it (a flag's two regional indicators, an emoji with its skin tone,
    variation selector or ZWJ-joined parts, a letter with its combining marks).

    Clusters are found from the last point where two characters below ``_ALWAYS_SPLIT``
    meet (a cluster starts there), so a long text is not read from its start."""
    start = 0
    for i in range(len(text) - 1, 0, -1):
        before, after = text[i - 1], text[i]
        if before < _ALWAYS_SPLIT and after < _ALWAYS_SPLIT and before != "\r":
            start = i
            break
    *_, last = _GRAPHEME.finditer(text, start)
    return last.start()


class _Checkable(TextView):
    """A labelled two-state control; a click flips it through ``on_change``. A long label
    wraps (up to ``max_lines``, 3 by default), as Android's does."""

    __slots__ = ("is_checked", "on_change")
    checkable = True
    handlers = (*TextView.handlers, "on_change")
    control_dp = 48

    def __init__(
        self,
        text: str = "",
        *,
        checked: bool,
        on_change: Callable[[bool], None],
        width: int = MATCH,
        padding: int | tuple[int, int] = (0, 8),
        max_lines: int = 3,
        **kwargs,
    ) -> None:
        super().__init__(text, width=width, padding=padding, max_lines=max_lines, **kwargs)
        self.is_checked = checked
        self.on_change = on_change

    @property
    def clickable(self) -> bool:
        return True

    @property
    def checked(self) -> bool:
        return self.is_checked

    def click(self) -> None:
        self.on_change(not self.is_checked)

    def content_size(self, d: Display, max_w: int, max_h: int) -> tuple[int, int]:
        control = d.dp(self.control_dp)
        w, h = super().content_size(d, max(max_w - control, 0), max_h)
        return w + control, max(h, d.dp(32))

    def control_box(self, d: Display) -> Rect:
        box = self.inner(d)
        side = min(d.dp(self.control_dp), box.width)
        return Rect(box.right - side, box.top, box.right, box.bottom)

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        View.draw(self, canvas, theme, d)
        control = self.control_box(d)
        box = self.inner(d)
        label = Rect(box.left, box.top, control.left - d.dp(8), box.bottom)
        self.draw_text(canvas, theme, d, label, self.text, resolve_color(theme, self.color))
        self.draw_control(canvas, theme, d, control)

    def draw_control(self, canvas: Canvas, theme: Theme, d: Display, box: Rect) -> None:
        raise NotImplementedError


class CheckBox(_Checkable):
    """A check box with its label (``android.widget.CheckBox``)."""

    __slots__ = ()

    cls = "android.widget.CheckBox"

    def draw_control(self, canvas: Canvas, theme: Theme, d: Display, box: Rect) -> None:
        cx, cy = box.center
        half = d.dp(9)
        square = Rect(cx - half, cy - half, cx + half, cy + half)
        if self.is_checked:
            canvas.rect(square, theme.primary, d.dp(2))
            draw_icon(canvas, "check", square.inset(-half, -half, -half, -half), theme.on_primary)
        else:
            canvas.frame(square, theme.text_secondary, d.dp(2), d.dp(2))


class RadioButton(_Checkable):
    """One choice of a group (``android.widget.RadioButton``); clicking always selects it."""

    __slots__ = ()

    cls = "android.widget.RadioButton"

    def click(self) -> None:
        if not self.is_checked:
            self.on_change(True)

    def draw_control(self, canvas: Canvas, theme: Theme, d: Display, box: Rect) -> None:
        cx, cy = box.center
        color = theme.primary if self.is_checked else theme.text_secondary
        canvas.circle(cx, cy, d.dp(10), color, d.dp(2))
        if self.is_checked:
            canvas.circle(cx, cy, d.dp(5), color)


class Switch(_Checkable):
    """An on/off switch with its label (``android.widget.Switch``)."""

    __slots__ = ()

    cls = "android.widget.Switch"
    control_dp = 56

    def draw_control(self, canvas: Canvas, theme: Theme, d: Display, box: Rect) -> None:
        cx, cy = box.center
        w, h = d.dp(26), d.dp(16)
        track = Rect(cx - w, cy - h, cx + w, cy + h)
        on = self.is_checked
        if on:
            canvas.rect(track, theme.primary, h)
            canvas.circle(cx + w - h, cy, h - d.dp(4), theme.on_primary)
        else:  # Material's unchecked switch: an outlined track (it shows on any
            ring = d.dp(2)  # background) and a smaller knob
            canvas.rect(track, theme.text_secondary, h)
            canvas.rect(track.inset(ring, ring, ring, ring), theme.surface_variant, h - ring)
            canvas.circle(cx - w + h, cy, h // 2, theme.text_secondary)


class SeekBar(View):
    """A horizontal slider (``android.widget.SeekBar``) from 0 to ``maximum``.

    A tap or a drag along it sets the value under the finger through ``on_change``.
    """

    __slots__ = ("maximum", "on_change", "value")
    cls = "android.widget.SeekBar"
    seekable = True
    handlers = (*View.handlers, "on_change")

    def __init__(
        self, *, value: int, maximum: int, on_change: Callable[[int], None], **kwargs
    ) -> None:
        if maximum <= 0:
            raise ValueError("a SeekBar needs maximum > 0")
        kwargs.setdefault("height", 48)
        kwargs.setdefault("padding", (16, 0))
        super().__init__(**kwargs)
        self.value = min(max(value, 0), maximum)
        self.maximum = maximum
        self.on_change = on_change

    @property
    def focusable(self) -> bool:
        return True

    def seek_to(self, d: Display, x: float) -> None:
        """Set the value that corresponds to screen x-coordinate ``x``."""
        box = self.inner(d)
        fraction = min(max((x - box.left) / max(box.width, 1), 0.0), 1.0)
        value = round(fraction * self.maximum)
        if value != self.value:
            self.on_change(value)

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        super().draw(canvas, theme, d)
        box = self.inner(d)
        cy = box.top + box.height // 2
        knob = box.left + round(box.width * self.value / self.maximum)
        half = d.dp(2)
        canvas.rect(Rect(box.left, cy - half, box.right, cy + half), theme.surface_variant, half)
        canvas.rect(Rect(box.left, cy - half, knob, cy + half), theme.primary, half)
        canvas.circle(knob, cy, d.dp(10), theme.primary)
