"""The elements of a screen that agents address by number (Set-of-Marks).

Elements come from the uiautomator view hierarchy, so the same numbering works on the
simulated phone and on a real device. The order is stable and documented: the visible,
enabled nodes that can be acted on (clickable, long-clickable, checkable, scrollable, or a
text field), in the hierarchy's document order (the order of ``uiautomator dump``: windows
bottom to top, parents before children). Index 0 is the first such node.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from mobile_gym.sim.driver import parse_bounds
from mobile_gym.sim.ui.geometry import Rect

_TAGS = (
    ("EditText", "input"),
    ("Switch", "switch"),
    ("CheckBox", "checkbox"),
    ("RadioButton", "radio"),
    ("SeekBar", "slider"),
    ("ImageButton", "button"),
    ("Button", "button"),
    ("ImageView", "img"),
    ("RecyclerView", "scroll"),
    ("ListView", "scroll"),
    ("ScrollView", "scroll"),
    ("TextView", "p"),
)


@dataclass(frozen=True)
class Element:
    """One node an agent can act on, or (``index`` None) a piece of visible text."""

    index: int | None
    bounds: Rect
    cls: str
    text: str
    desc: str
    resource_id: str
    clickable: bool
    long_clickable: bool
    checkable: bool
    checked: bool
    scrollable: bool
    editable: bool
    focused: bool

    @property
    def tag(self) -> str:
        """An HTML-like tag derived from the Android class (``button``, ``input``, ...)."""
        short = self.cls.rsplit(".", 1)[-1]
        for suffix, tag in _TAGS:
            if short.endswith(suffix):
                return tag
        return "button" if self.clickable else "div"

    @property
    def name(self) -> str:
        """The short resource id (``fab`` for ``pkg:id/fab``)."""
        return self.resource_id.rsplit("/", 1)[-1]

    @property
    def label(self) -> str:
        """What the element says: its text, else its description, else its id."""
        return self.text or self.desc or self.name

    def centre(self, size: tuple[int, int]) -> tuple[float, float]:
        """The element's centre, normalised to [0, 1] for the touch-level action space."""
        x, y = self.bounds.center
        return x / max(size[0] - 1, 1), y / max(size[1] - 1, 1)


def screen_elements(xml: str, include_text: bool = False) -> list[Element]:
    """The actionable elements of a dump, numbered; with ``include_text``, the visible text
    nodes too (unnumbered), in document order. A container with no text of its own (a list
    row) is labelled with the texts inside it."""
    out: list[Element] = []
    index = 0
    for node in etree.fromstring(xml.encode("utf-8")).iter("node"):
        a = node.attrib
        bounds = parse_bounds(a.get("bounds", "[0,0][0,0]"))
        if bounds.empty or a.get("enabled") != "true":
            continue
        editable = a.get("class", "").endswith("EditText")
        flags = [
            a.get(k) == "true" for k in ("clickable", "long-clickable", "checkable", "scrollable")
        ]
        actionable = any(flags) or editable
        text = a.get("text", "")
        if not actionable and not (include_text and (text or a.get("content-desc"))):
            continue
        if actionable and not text and not a.get("content-desc") and not flags[3]:
            inner = [d.get("text") for d in node.iterdescendants("node") if d.get("text")]
            text = " ".join(inner[:3])
        out.append(
            Element(
                index=index if actionable else None,
                bounds=bounds,
                cls=a.get("class", ""),
                text=text,
                desc=a.get("content-desc", ""),
                resource_id=a.get("resource-id", ""),
                clickable=flags[0],
                long_clickable=flags[1],
                checkable=flags[2],
                checked=a.get("checked") == "true",
                scrollable=flags[3],
                editable=editable,
                focused=a.get("focused") == "true",
            )
        )
        if actionable:
            index += 1
    return out
