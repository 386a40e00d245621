"""State written again as it was changes nothing: no window that read it is built again.

A field tapped while it has the focus (its screen's ``focus`` and the keyboard's showing),
HOME on the home screen, the same toast posted twice: each writes what is there already. What may have
changed in place (a list stored again) still counts as a change."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import windows as phone_windows
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.launcher import LAUNCHER
from mobile_gym.sim.tracking import Scope
from mobile_gym.sim.ui.view import View
from tests.sim.conftest import Builds, open_drawer
from tests.sim.sample_app import PACKAGE


class WindowBuilds:
    """Counts the builds of one of the system's windows (``windows._keyboard``, ...)."""

    def __init__(self, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
        build = getattr(phone_windows, name)
        self.count = 0

        def counted(phone: Phone) -> View:
            self.count += 1
            return build(phone)

        monkeypatch.setattr(phone_windows, name, counted)


@pytest.fixture
def form(sample: Phone) -> Driver:
    """The sample app's form, its Name field focused (the keyboard up)."""
    driver = Driver(sample)
    sample.start_activity(PACKAGE, ".FormActivity")
    driver.tap(id="name")
    assert sample.keyboard_shown
    sample.hierarchy_xml()  # (what the tap changed is built)
    return driver


def test_tapping_the_focused_field_again_builds_nothing(
    sample: Phone, form: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen, keyboard = Builds(sample, PACKAGE, monkeypatch), WindowBuilds("_keyboard", monkeypatch)
    form.tap(id="name")
    sample.hierarchy_xml()
    assert (screen.count, keyboard.count) == (0, 0)
    form.tap(id="notes")  # another field takes the focus: the screen shows it
    sample.hierarchy_xml()
    assert screen.count == 1 and form.find(id="notes").focused


def test_a_list_stored_again_after_a_change_in_place_is_a_change(sample: Phone) -> None:
    sample.start_activity(PACKAGE)
    _, ctx = sample.activities.context()
    chosen = [1]
    ctx.set("chosen", chosen)
    ctx.set("title", "Rows")
    reader = Scope("reader")
    sample.deps.run(reader, lambda: (ctx.get("chosen"), ctx.get("title")))
    ctx.set("title", "Rows")  # the same text
    ctx.set("chosen", [1])  # an equal list may be shared and changed later: a change
    assert reader.dirty
    sample.deps.run(reader, lambda: ctx.get("chosen"))
    chosen.append(2)
    ctx.set("chosen", chosen)  # the same list, changed in place
    assert reader.dirty


def test_home_on_the_home_screen_builds_nothing(
    phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = Driver(phone)
    phone.hierarchy_xml()
    home = Builds(phone, LAUNCHER, monkeypatch)
    driver.key("HOME")
    phone.hierarchy_xml()
    assert home.count == 0
    driver.tap(desc="Contacts")  # an app opened and closed again from its first screen
    driver.key("BACK")
    phone.hierarchy_xml()
    assert phone.foreground[0] == LAUNCHER and home.count == 0


def test_home_closes_what_the_home_screen_had_open(phone: Phone) -> None:
    driver = Driver(phone)
    open_drawer(driver)
    drawn = phone.hierarchy_xml()
    driver.key("HOME")
    assert phone.hierarchy_xml() != drawn
    driver.key("HOME")
    assert phone.activities.top.state == {}


def test_the_same_toast_again_stays_longer_and_builds_nothing(
    sample: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    sample.toast("Saved", PACKAGE)
    sample.hierarchy_xml()
    toast = WindowBuilds("_toast", monkeypatch)
    sample.wait(1_500)
    sample.toast("Saved", PACKAGE)
    sample.wait(1_500)
    assert Driver(sample).exists(text="Saved")  # 3 s after the first: shown for the second
    assert toast.count == 0
    sample.toast("Deleted", PACKAGE)
    assert Driver(sample).exists(text="Deleted") and toast.count == 1
