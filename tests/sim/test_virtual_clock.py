"""The virtual clock stops at the last date it can show: a wait past it is refused, with
that date named, and leaves the phone as it was (its screens still draw)."""

from __future__ import annotations

import datetime as dt

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.clock import LATEST, VirtualClock


def test_a_wait_past_the_last_date_is_refused_and_changes_nothing() -> None:
    phone = Phone(seed=0)
    before = phone.clock.state()
    with pytest.raises(ValueError, match="cannot pass 9999-12-31 23:59:59"):
        phone.wait(10**16)
    assert phone.clock.state() == before
    assert phone.screenshot(0.25).shape == (600, 270, 3)
    phone.wait(1000)
    assert phone.clock.now == dt.datetime(2024, 6, 3, 9, 30, 1)


def test_the_clock_goes_up_to_its_last_moment_and_no_further() -> None:
    clock = VirtualClock(LATEST - dt.timedelta(seconds=1))
    clock.advance(1000)
    assert clock.now == LATEST
    with pytest.raises(ValueError, match="cannot pass"):
        clock.advance(1)
    with pytest.raises(ValueError, match="backwards"):
        clock.advance(-1)
    assert clock.now == LATEST
