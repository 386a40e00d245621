"""Texts that must show whole: a popup menu is as wide as its longest item (in Android's
56 dp units), a control's long label wraps, a conversation's date and a FAQ answer are not
cut short."""

from __future__ import annotations

import pytest

from mobile_gym.geometry import Rect
from mobile_gym.sim import Phone
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.composites import popup_menu
from mobile_gym.sim.ui.fonts import ELLIPSIS
from mobile_gym.sim.ui.view import UNBOUNDED, Column, View, walk
from mobile_gym.sim.ui.widgets import CheckBox, RadioButton, Switch, TextView

D = Display()


def _laid_out(view: View, height: int = 2000) -> View:
    room = Rect(0, 0, D.width, height)
    view.measure(D, room.width, room.height)
    view.layout(D, room, room)
    return view


def _drawn_lines(view: TextView) -> list[str]:
    """The lines ``view`` draws in its box."""
    return [line for line, _ in view.lines(D, view.inner(D), view.shown_text())]


def _menu_panel(labels: list[str]) -> View:
    layer = _laid_out(popup_menu([(label, print) for label in labels], on_dismiss=print))
    return layer.children[0]


def test_a_menu_is_as_wide_as_its_longest_item_in_whole_units() -> None:
    long = "Show archived conversations"
    panel = _menu_panel([long, "About"])
    unit = D.dp(56)
    assert panel.bounds.width % unit == 0
    titles = [v for v in walk(panel) if isinstance(v, TextView)]
    assert [_drawn_lines(t) for t in titles] == [[long], ["About"]]
    natural = titles[0].measure(D, UNBOUNDED, UNBOUNDED)[0] + 2 * D.dp(16)
    assert natural <= panel.bounds.width < natural + unit
    rows = panel.children
    assert all(row.bounds.width == panel.bounds.width for row in rows)  # items fill it


def test_a_menu_of_short_items_is_two_units_wide_and_a_long_one_stops_at_its_limit() -> None:
    assert _menu_panel(["Cut", "Copy"]).bounds.width == 2 * D.dp(56)
    widest = max(D.width // 2, D.dp(320))
    assert _menu_panel(["A very long menu item " * 6]).bounds.width <= widest


@pytest.mark.parametrize("control", [Switch, CheckBox, RadioButton])
def test_a_control_s_long_label_wraps_instead_of_being_cut(control: type) -> None:
    label = "Keep old last-modified value at file copy/move/rename"
    view = control(label, checked=True, on_change=print)
    _laid_out(Column(view, width=360, padding=(16, 6)))  # dp, as a phone column
    drawn = _drawn_lines(view)
    assert len(drawn) == 2 and " ".join(drawn) == label and ELLIPSIS not in "".join(drawn)


def _shown_text(phone: Phone, id: str) -> list[tuple[str, list[str]]]:
    """(text, the lines drawn) of every view with ``id`` on screen."""
    found = []
    for window in phone.windows():
        for view in walk(window):
            if view.id == id and isinstance(view, TextView) and not view.visible.empty:
                found.append((view.shown_text(), _drawn_lines(view)))
    return found


def test_a_conversation_s_date_shows_whole() -> None:
    phone = Phone(seed=0)
    now = phone.clock.now
    phone.set_time(now.replace(year=now.year + 1))  # the dates show their year
    phone.start_activity("com.simplemobiletools.smsmessenger")
    dates = _shown_text(phone, "conversation_date")
    assert any(", " in text for text, _ in dates)  # "May 30, 2024": the longest
    assert all(drawn == [text] for text, drawn in dates)


def test_the_faq_shows_each_answer_whole() -> None:
    phone = Phone(seed=0)
    phone.start_activity(
        "com.simplemobiletools.musicplayer", "com.simplemobiletools.commons.activities.FAQActivity"
    )
    answers = _shown_text(phone, "faq_text")
    assert answers
    for text, drawn in answers:
        assert " ".join(drawn) == text and ELLIPSIS not in "".join(drawn)
