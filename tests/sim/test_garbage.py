"""A screen built again is freed by reference counting alone: the views a build leaves unused
(``ui.reconcile`` keeps the ones shown) hold no reference cycle, so Python's cycle collector,
whose work grows with what is kept, finds nothing of theirs to free. A dialog's or a menu's
handlers keep the app context that built them, and that context holds no views."""

from __future__ import annotations

import gc

from mobile_gym.sim import Phone
from mobile_gym.sim.driver import Driver


def _garbage_of_builds(phone: Phone) -> int:
    """The objects in reference cycles that five builds of the screen left unreachable.
    One build comes first, unmeasured: what it puts in the process's caches may push out
    what earlier phones left there (a SQLite connection is itself a reference cycle)."""
    phone.invalidate()
    phone.hierarchy_xml()
    gc.collect()
    for _ in range(5):
        phone.invalidate()
        phone.hierarchy_xml()
    return gc.collect()


def test_a_screen_with_a_menu_or_a_dialog_open_is_built_again_without_cycles() -> None:
    phone = Phone(seed=0)
    driver = Driver(phone)
    driver.tap(desc="Contacts")
    assert _garbage_of_builds(phone) == 0
    driver.tap(desc="More options")
    assert driver.exists(text="Sort by")  # the menu is open
    assert _garbage_of_builds(phone) == 0
    driver.tap(text="Sort by")
    assert driver.exists(id="alertTitle")  # the dialog is open
    assert _garbage_of_builds(phone) == 0
