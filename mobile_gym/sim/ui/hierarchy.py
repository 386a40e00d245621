"""The uiautomator projection of a widget tree: the XML that ``uiautomator dump`` writes."""

from __future__ import annotations

import re

from mobile_gym.sim.ui.geometry import EMPTY
from mobile_gym.sim.ui.view import View

XML_HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"

_ESCAPES = {c: None for c in range(32)}
_ESCAPES.update(
    str.maketrans(
        {
            "&": "&amp;",
            "<": "&lt;",
            ">": "&gt;",
            '"': "&quot;",
            "\n": "&#10;",
            "\r": "&#13;",
            "\t": "&#9;",
        }
    )
)


_NEEDS_ESCAPE = re.compile(r'[&<>"\x00-\x1f]')


def _attr(value: str) -> str:
    """``value`` escaped for an XML attribute; other control characters are dropped."""
    if not value or _NEEDS_ESCAPE.search(value) is None:
        return value
    return value.translate(_ESCAPES)



def _emit_children(children: list[View], index: int, package: str, out: list[str]) -> int:
    for child in children:
        if child.visible is not EMPTY:
            index = _emit(child, index, package, out)
    return index


def _emit(view: View, index: int, package: str, out: list[str]) -> int:
    """Write ``view`` as sibling number ``index``; return the next sibling's number.

    A view that is not an accessibility node (a dialog's scrim) passes its children up.
    """
    package = view.package or package
    if not view.in_hierarchy:
        return _emit_children(view.children, index, package, out)
    text = view.display_text
    clickable = view.clickable
    desc = view.desc
    naf = ' NAF="true"' if clickable and not text and not desc else ""
    rid = view.id
    if rid and ":" not in rid:
        rid = f"{package}:id/{rid}"
    left, top, right, bottom = view.visible
    t, f = "true", "false"
    out.append(
        f'<node{naf} index="{index}" text="{_attr(text)}" resource-id="{_attr(rid or "")}" '
        f'class="{view.cls}" package="{package}" content-desc="{_attr(desc)}" '
        f'checkable="{t if view.checkable else f}" checked="{t if view.checked else f}" '
        f'clickable="{t if clickable else f}" enabled="{t if view.enabled else f}" '
        f'focusable="{t if view.focusable else f}" focused="{t if view.focused else f}" '
        f'scrollable="{t if view.scrollable else f}" '
        f'long-clickable="{t if view.long_clickable else f}" '
        f'password="{t if view.password else f}" selected="{t if view.selected else f}" '
        f'bounds="[{left},{top}][{right},{bottom}]">'
    )
    mark = len(out)
    _emit_children(view.children, 0, package, out)
    if len(out) == mark:
        out[-1] = out[-1][:-1] + " />"
    else:
        out.append("</node>")
    return index + 1


def dump(windows: list[View], rotation: int = 0) -> str:
    """One-line uiautomator XML of the visible nodes of ``windows`` (bottom to top)."""
    out = [XML_HEADER, f'<hierarchy rotation="{rotation}">']
    _emit_children(windows, 0, "", out)
    out.append("</hierarchy>")
    return "".join(out)
