"""Checkable controls take their text's and their view's parameters as a text view does."""

from __future__ import annotations

import pytest

from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import CheckBox, RadioButton, Switch, TextView

_STYLE = {
    "size": 21,
    "color": "primary",
    "bold": True,
    "max_lines": 2,
    "align": "end",
    "valign": "top",
}
_VIEW = {
    "id": "wifi",
    "desc": "Wi-Fi switch",
    "height": 40,
    "weight": 1.5,
    "margin": (4, 2),
    "gravity": "center",
    "background": "surface",
    "radius": 6,
    "on_long_click": print,
    "enabled": False,
    "selected": True,
    "blocks_touch": True,
    "package": "com.example",
}


def _slots(view: View) -> dict[str, object]:
    names = {name for klass in type(view).__mro__ for name in getattr(klass, "__slots__", ())}
    return {name: getattr(view, name) for name in names - {"__weakref__", "on_click", "children"}}


@pytest.mark.parametrize("control", [Switch, CheckBox, RadioButton])
def test_a_control_sets_what_a_text_view_sets(control: type) -> None:
    built = control(
        "Wi-Fi", checked=True, on_change=print, width=120, padding=(3, 5), **_STYLE, **_VIEW
    )
    text = TextView("Wi-Fi", width=120, padding=(3, 5), **_STYLE, **_VIEW)
    expected = {**_slots(text), "is_checked": True, "on_change": print}
    assert _slots(built) == expected
    assert built.clickable and built.children == []


@pytest.mark.parametrize("control", [Switch, CheckBox, RadioButton])
def test_a_control_has_the_text_defaults_but_its_width_padding_and_lines(control: type) -> None:
    built = control("Wi-Fi", checked=False, on_change=print)
    text = TextView("Wi-Fi")
    assert (built.max_lines, text.max_lines) == (3, 1)  # a long label wraps, as Android's
    mine = {"width", "padding", "max_lines", "is_checked", "on_change"}
    assert {k: v for k, v in _slots(built).items() if k not in mine} == {
        k: v for k, v in _slots(text).items() if k not in mine
    }
    assert (built.width, built.padding) != (text.width, text.padding)


def test_a_control_rejects_a_parameter_no_view_has() -> None:
    with pytest.raises(TypeError):
        Switch("Wi-Fi", checked=True, on_change=print, colour="primary")
