"""What a chat model is shown of one screen.

The text views (``html``, ``text``, ``mobile_env_html``) are shown as the observation
describes them; Set-of-Marks (``som``) is shown as a PNG of the marked screenshot plus the
same elements as a numbered list, written by ``mobile_gym.wrappers.views`` from the step's
view hierarchy. Past screens are shown in the history as a one-line summary.
"""

from __future__ import annotations

import base64
import io
import re
from dataclasses import dataclass
from html import unescape
from typing import Any

import numpy as np
from PIL import Image

from mobile_gym.wrappers.views import text_line, visible_elements

VIEWS: dict[str, str] = {"html": "html", "text": "screen_text", "som": "screen"}
"""Observation view of the ``text`` dialect: the observation field that holds the screen."""

FIELDS: dict[str, str] = {**VIEWS, "mobile_env_html": "html"}
"""Every observation view the agents read (``mobile_env_html``: the ``mobile_env``
dialect's): the observation field that holds the screen."""

VIEW_NAMES: dict[str, str] = {
    "html": "simplified HTML; an element you can act on has its number as id=N",
    "text": "a list with one line per element; an element you can act on starts with [N]",
    "som": (
        "a screenshot on which every element you can act on is boxed and labelled with its "
        "number N, followed by the same elements as a list (lines starting with [N])"
    ),
}
"""How each view of the ``text`` dialect is explained to the model."""

SUMMARY_CHARS = 300
"""The length of a past screen's summary in the history."""

_TAG = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class Screen:
    """One screen as the model sees it: its description, a one-line ``summary`` for the
    history, and for Set-of-Marks the marked screenshot as PNG bytes with its (width,
    height)."""

    text: str
    summary: str
    png: bytes | None = None
    size: tuple[int, int] | None = None

    def image_part(self) -> dict[str, Any] | None:
        """The screenshot as an OpenAI ``image_url`` content part, or None."""
        if self.png is None:
            return None
        url = "data:image/png;base64," + base64.b64encode(self.png).decode("ascii")
        return {"type": "image_url", "image_url": {"url": url}}


def read_screen(view: str, observation: Any, info: dict[str, Any]) -> Screen:
    """The screen of ``observation`` (of observation preset ``view``) and ``info``; a
    ValueError says which field is missing when the env was made with another view."""
    field = FIELDS[view]
    if not isinstance(observation, dict) or field not in observation:
        keys = sorted(observation) if isinstance(observation, dict) else type(observation)
        raise ValueError(
            f"the {view!r} view needs observations with {field!r} (make the env with "
            f"observation={view!r}); got {keys}"
        )
    app = info.get("foreground")
    if view != "som":
        text = str(observation[field])
        return Screen(text, summary(text, app, html=field == "html"))
    hierarchy = info.get("view_hierarchy")
    if hierarchy is None:
        raise ValueError("the 'som' view needs info['view_hierarchy'] for the element list")
    lines = [text_line(e) for e in visible_elements(str(hierarchy))]
    pixels = np.asarray(observation[field], dtype=np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, format="PNG")
    height, width = pixels.shape[:2]
    text = "\n".join(lines)
    return Screen(text, summary(text, app), buffer.getvalue(), (width, height))


def summary(text: str, app: str | None, html: bool = False) -> str:
    """A screen description on one line (``html``: its text without tags), after the app
    in front, cut to ``SUMMARY_CHARS`` characters."""
    if html:
        text = unescape(_TAG.sub(" ", text))
    line = " ".join(text.split())
    if len(line) > SUMMARY_CHARS:
        line = line[: SUMMARY_CHARS - 1] + "\u2026"
    return f"[{app}] {line}" if app else line
