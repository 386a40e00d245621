"""Observation views of the screen for agents that read text or marked pixels.

``TextObservation`` and ``HtmlObservation`` describe the screen in words, ``SetOfMarks`` draws the
element
boxes on the screenshot. All three number the elements as ``screen_elements`` does, so the
numbers they show are the indices that ``ElementActions`` and the text and JSON action
parsers take. They read the view hierarchy of the moment the observation is made; keep
them outside the action wrappers (below ``StepCap``) so that they run once per agent action.
"""

from __future__ import annotations

import html
import json
import operator
from collections.abc import Sequence
from typing import Any

import cv2
import gymnasium as gym
import numpy as np

from mobile_gym.caches import FIFOCache, LastInput
from mobile_gym.checks import check_int
from mobile_gym.geometry import Rect
from mobile_gym.sim.ui.fonts import face
from mobile_gym.spaces import UnicodeText
from mobile_gym.wrappers.elements import Element, env_elements, screen_elements
from mobile_gym.wrappers.recorded import RecordedArgs
from mobile_gym.wrappers.rl import check_screen_observed

TEXT_LENGTH = 65536
"""The longest screen description; a longer one is cut with an ellipsis."""


def visible_elements(xml: str) -> list[Element]:
    """The numbered elements and the visible text of a dump, in document order, less the
    texts that only repeat part of the label of a numbered element that holds them."""
    return _visible(screen_elements(xml, include_text=True))


def _visible(elements: list[Element]) -> list[Element]:
    return _shown(elements, list(map(_labelled, elements, elements)))


_Written = tuple[Any, str, str | None]
"""What to show for an element, its label on one line, and that label again if the element
is numbered (else None)."""
_SAYS = operator.itemgetter(2)


def _written(key: tuple[Any, Element]) -> _Written:
    line, element = key
    return _labelled(element, line(element))


_LINES: FIFOCache[tuple[Any, Element], _Written] = FIFOCache(4096)
"""The lines written lately, by how they are written and the element they show: a screen
rarely changes all at once."""


def _labelled(element: Element, shown: Any) -> _Written:
    label = _plain(element.label)
    return shown, label, None if element.index is None else label


def _shown(elements: list[Element], written: list[_Written]) -> list[Any]:
    """What to show (``written``, one per element) of the elements shown: all but the
    texts that only repeat part of the label of a numbered element that holds them."""
    said = "\n".join(filter(None, map(_SAYS, written)))
    shown = []
    numbered: list[tuple[Rect, str]] | None = None
    # The numbered element met last holds the texts that follow it on most screens (a list
    # row, then its texts): it is asked first, before every numbered element is.
    nearest: tuple[tuple[Rect, str], ...] = ()
    for element, (item, label, says) in zip(elements, written, strict=True):
        if says is not None:
            nearest = ((element.bounds, says),)
        elif label in said:
            if _repeated(element.bounds, label, nearest):
                continue
            if numbered is None:
                numbered = [
                    (e.bounds, numbered_label)
                    for e, (_, _, numbered_label) in zip(elements, written, strict=True)
                    if numbered_label is not None
                ]
            if _repeated(element.bounds, label, numbered):
                continue  # inside a numbered element that says it already
        shown.append(item)
    return shown


def _repeated(bounds: Rect, label: str, numbered: Sequence[tuple[Rect, str]]) -> bool:
    """Whether a numbered element (given as its bounds and its plain label) holds
    ``bounds`` and says ``label``."""
    left, top, right, bottom = bounds
    for (outer_left, outer_top, outer_right, outer_bottom), outer in numbered:
        if (
            label in outer
            and outer_left <= left
            and outer_top <= top
            and right <= outer_right
            and bottom <= outer_bottom
        ):
            return True
    return False


def role(element: Element) -> str:
    """The element's tag, with clickable text, images and plain views shown as buttons."""
    tag = element.tag
    if element.index is not None and element.clickable and tag in ("p", "img", "div"):
        return "button"
    return tag


def text_line(element: Element) -> str:
    """One line of ``TextObservation``: ``[3] button "Save" (action_save)`` for a numbered element
    (then ``checked`` / ``unchecked``, ``selected`` and ``focused`` where they apply), the
    plain text for visible text."""
    if element.index is None:
        return _plain(element.label)
    parts = [f"[{element.index}]", role(element), json.dumps(element.label, ensure_ascii=False)]
    if element.name and element.name != element.label:
        parts.append(f"({element.name})")
    if element.checkable:
        parts.append("checked" if element.checked else "unchecked")
    if element.selected:
        parts.append("selected")
    if element.focused:
        parts.append("focused")
    return " ".join(parts)


def html_line(element: Element) -> str:
    """One line of ``HtmlObservation`` (escaped): ``<button id=3 desc="Save">Save</button>``,
    ``<input id=5 value="...">``, ``<p>text</p>``, ``<img desc="...">``."""
    attrs = [] if element.index is None else [f"id={element.index}"]
    tag = role(element)
    if tag == "scroll":
        tag = "div"
        attrs.append("scrollable")
    if element.desc and element.desc != element.text:
        attrs.append(f'desc="{_attribute(element.desc)}"')
    if element.checkable:
        attrs.append("checked" if element.checked else "unchecked")
    if element.selected:
        attrs.append("selected")
    if element.focused:
        attrs.append("focused")
    if tag == "input":
        return _open_tag("input", [*attrs, f'value="{_attribute(element.text)}"'])
    content = element.text or ("" if element.desc else element.name)
    if tag == "img" and not content:
        return _open_tag("img", attrs)
    return f"{_open_tag(tag, attrs)}{_escape(content)}</{tag}>"


class _ScreenDescription(gym.ObservationWrapper, RecordedArgs):
    """Replaces the screenshot with a text description of the screen, one line per element
    (``field`` holds it; ``line`` writes an element's line). Without ``keep_screen``, and
    with no observation wrapper between it and the base env, the base env stops drawing
    the screenshot (``MobileEnv.drop_screen``): no one would see it."""

    field: str
    line: staticmethod

    def __init__(self, env: gym.Env, keep_screen: bool = False) -> None:
        RecordedArgs.__init__(self, keep_screen=keep_screen)
        super().__init__(env)
        if not keep_screen and _observations_untouched(env):
            drop_screen = getattr(env.unwrapped, "drop_screen", None)
            if drop_screen is not None:
                drop_screen()
        self.observation_space = _text_space(env, self.field, keep_screen)
        self.keep_screen = keep_screen
        self._descriptions: LastInput[list[Element], str] = LastInput()
        """The description of the elements last described (most steps change nothing)."""

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        text = self._descriptions.get(self.screen(), self._describe)
        return _text_observation(observation, self.field, text, self.keep_screen)

    def screen(self) -> list[Element]:
        """The elements described: the numbered ones and the visible text."""
        return env_elements(self.env, include_text=True)

    def _describe(self, elements: list[Element]) -> str:
        line = type(self).line
        written = [_LINES.get((line, element), _written) for element in elements]
        return "\n".join(_shown(elements, written))


class TextObservation(_ScreenDescription):
    """The screen as a numbered list of its elements and its visible text.

    Observation:
        ``Dict(instruction: UnicodeText, screen_text: UnicodeText(TEXT_LENGTH))``, plus the
        wrapped env's other parts (a task's ``tools`` and ``tool_call``, ...; its ``screen``
        with ``keep_screen=True``). ``screen_text`` has one line per
        numbered element (``[3] button "Save" (action_save)``, see ``text_line``) and one
        per piece of visible text that no numbered element already shows, in document order.

    Action Space:
        That of the wrapped env.

    Args:
        env: an env whose observations hold ``instruction`` (and ``screen``).
        keep_screen: keep the screenshot in the observation.
    """

    field = "screen_text"
    line = staticmethod(text_line)


class HtmlObservation(_ScreenDescription):
    """The screen as simplified HTML of its numbered elements and visible text.

    Observation:
        ``Dict(instruction: UnicodeText, html: UnicodeText(TEXT_LENGTH))``, plus the wrapped
        env's other parts (a task's ``tools`` and ``tool_call``, ...; its ``screen`` with
        ``keep_screen=True``). ``html`` has one line per element (see
        ``html_line``): numbered elements carry ``id=<index>``, a tag from their class
        (``button``, ``input``, ``switch``, ``checkbox``, ``div scrollable``, ...), their
        text, and their description as ``desc``; text fields show their text as ``value``;
        visible text is a ``<p>``. Text and attributes are HTML-escaped.

    Action Space:
        That of the wrapped env.

    Args:
        env: an env whose observations hold ``instruction`` (and ``screen``).
        keep_screen: keep the screenshot in the observation.
    """

    field = "html"
    line = staticmethod(html_line)


PALETTE: tuple[tuple[int, int, int], ...] = (
    (230, 25, 75),
    (0, 130, 200),
    (60, 160, 60),
    (245, 110, 20),
    (145, 30, 180),
    (220, 40, 200),
    (0, 128, 128),
    (120, 80, 40),
)
"""RGB colours of the marks, by element index modulo their number (white label text)."""


class SetOfMarks(gym.ObservationWrapper, RecordedArgs):
    """The screenshot with every numbered element boxed and labelled with its index.

    Description:
        Each element's box is drawn inside its bounds (its outer ring of pixels is the
        bounds' edge, scaled to the observation's screen along each axis), and its index
        is written in white on a filled tab in the box's top-left corner, cut to the box.
        An element partly off the screen is boxed where it shows; one wholly off it is
        not marked. Nothing is drawn outside the boxes. Line width and label size scale
        with the screen's smaller scale. The colour of element ``i`` is
        ``PALETTE[i % len(PALETTE)]``.

    Observation:
        That of the wrapped env (``Dict(screen: Box(uint8, H x W x 3), instruction:
        UnicodeText)``), the same shape, with the marks drawn on ``screen``.

    Action Space:
        That of the wrapped env.

    Args:
        env: an env whose observations hold ``screen`` (a Dict observation without one
            is refused).
        line_px: box line width in full-size screen pixels (at least 1 pixel once scaled),
            an integer from 1 to the screen's shorter side.
        label_px: label text size in full-size screen pixels, an integer from 1 to the
            screen's shorter side.

    Raises:
        ValueError: ``line_px`` or ``label_px`` is not such an integer, or the wrapped
            env's observations have no ``screen``.
    """

    def __init__(self, env: gym.Env, line_px: int = 6, label_px: int = 40) -> None:
        RecordedArgs.__init__(self, line_px=line_px, label_px=label_px)
        super().__init__(env)
        check_screen_observed(env, type(self).__name__)
        side = min(self.env.unwrapped.device.size)
        self.line_px = check_int("line_px", line_px, 1, side)
        self.label_px = check_int("label_px", label_px, 1, side)

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        screen = np.array(observation["screen"], dtype=np.uint8)
        width, height = self.env.unwrapped.device.size
        scale = (screen.shape[1] / width, screen.shape[0] / height)
        for element in env_elements(self.env):
            self._mark(screen, element, scale)
        return {**observation, "screen": screen}

    def _mark(self, screen: np.ndarray, element: Element, scale: tuple[float, float]) -> None:
        """Draws ``element``'s box and label on ``screen``, whose pixels are ``scale``
        (x, y) of the device's; nothing for an element wholly off the screen."""
        box = _screen_box(element.bounds, scale, screen.shape[:2])
        if box is None:
            return
        x0, y0, x1, y1 = box
        color = PALETTE[element.index % len(PALETTE)]  # type: ignore[operator]
        size = min(scale)
        line = max(1, round(self.line_px * size))
        for k in range(line):
            if x0 + k > x1 - k or y0 + k > y1 - k:
                break
            cv2.rectangle(screen, (x0 + k, y0 + k), (x1 - k, y1 - k), color, 1)
        mask = face(max(6, round(self.label_px * size)), bold=True).mask(str(element.index))
        _label(screen[y0 : y1 + 1, x0 : x1 + 1], mask, color)


def _screen_box(
    bounds: Rect, scale: tuple[float, float], shape: tuple[int, int]
) -> tuple[int, int, int, int] | None:
    """``bounds`` in the pixels of a screen of ``shape`` (height, width) that are ``scale``
    (x, y) of the device's: the inclusive ``(x0, y0, x1, y1)`` of the part on the screen,
    or None when no part is."""
    left, top, right, bottom = bounds
    x_scale, y_scale = scale
    x0, y0 = round(left * x_scale), round(top * y_scale)
    x1, y1 = max(round(right * x_scale) - 1, x0), max(round(bottom * y_scale) - 1, y0)
    height, width = shape
    if x1 < 0 or y1 < 0 or x0 >= width or y0 >= height:
        return None
    return max(x0, 0), max(y0, 0), min(x1, width - 1), min(y1, height - 1)


def _label(box: np.ndarray, mask: np.ndarray, color: tuple[int, int, int]) -> None:
    """Fills a tab in the top-left corner of ``box`` (pixels of the screen) with ``color``
    and writes the glyph ``mask`` on it in white, one pixel in from its left edge; the
    tab is the mask's size and two pixels wider, cut to the box."""
    tab = box[: mask.shape[0], : mask.shape[1] + 2]
    tab[:] = color
    height, width = tab.shape[:2]
    alpha = np.zeros((height, width, 1), np.float32)
    glyphs = mask[:height, : width - 1]
    alpha[:, 1 : 1 + glyphs.shape[1], 0] = glyphs / 255.0
    tab[:] = (tab * (1.0 - alpha) + 255.0 * alpha).round().astype(np.uint8)


def _observations_untouched(env: gym.Env) -> bool:
    """Whether no wrapper from ``env`` down to the base env changes observations."""
    while isinstance(env, gym.Wrapper):
        if isinstance(env, gym.ObservationWrapper):
            return False
        env = env.env
    return True


def _text_space(env: gym.Env, key: str, keep_screen: bool) -> gym.spaces.Dict:
    """The wrapped env's observation space with the screen description ``key`` in place of
    the screen (kept with ``keep_screen``); every other part (the instruction, a tool's
    result, ...) passes through."""
    inner = env.observation_space
    spaces: dict[str, gym.spaces.Space] = {
        "instruction": inner["instruction"],  # type: ignore[index]
        key: UnicodeText(TEXT_LENGTH),
    }
    others = inner.spaces.items()  # type: ignore[attr-defined]
    spaces.update((k, v) for k, v in others if k not in ("screen", key))
    if keep_screen:
        spaces["screen"] = inner["screen"]  # type: ignore[index]
    return gym.spaces.Dict(spaces)


def _text_observation(
    observation: dict[str, Any], key: str, text: str, keep_screen: bool
) -> dict[str, Any]:
    if len(text) > TEXT_LENGTH:
        text = text[: TEXT_LENGTH - 1] + "\u2026"
    out = {"instruction": observation["instruction"], key: text}
    out.update((k, v) for k, v in observation.items() if k not in ("screen", key))
    if keep_screen:
        out["screen"] = observation["screen"]
    return out


def _plain(text: str) -> str:
    """``text`` on one line, runs of white space made one space."""
    return " ".join(text.split())


def _escape(text: str) -> str:
    """``text`` as element content: escaped, a line break as ``<br>``."""
    return html.escape(text, quote=True).replace("\n", "<br>")


def _attribute(text: str) -> str:
    """``text`` as an attribute's value: escaped, a line break as ``&#10;`` (a ``<br>`` in
    an attribute would read back as those four characters)."""
    return html.escape(text, quote=True).replace("\n", "&#10;")


def _open_tag(tag: str, attrs: list[str]) -> str:
    return f"<{tag}{''.join(' ' + a for a in attrs)}>"
