"""Screens that change by themselves as virtual time passes (a playing track, a running
stopwatch, timer or recording) are built again when what they show next changes
(``App.redraw_at``), not at every step of the clock: what they show is exact at every
moment (the same as the screen built anew then), and a track playing for a second is
built about once."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps import clock, music_player
from mobile_gym.sim.apps.camera.app import PACKAGE as CAMERA
from mobile_gym.sim.apps.voice_recorder.app import PACKAGE as RECORDER
from mobile_gym.sim.clock import VirtualClock, next_tick
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.tracking import Dependencies, Scope
from tests.sim.conftest import Builds, open_app
from tests.sim.test_music_player import _add_album, _play_album

STEP_MS = 37
"""Time passes in steps that fall anywhere within a second."""


def pass_time_exactly(
    phone: Phone, builds: Builds, ms: int, each: Callable[[], object] = lambda: None
) -> None:
    """Let ``ms`` pass in steps of ``STEP_MS``; after each, check the dump as kept up to
    date against the screen built anew (whose builds are not counted), then call ``each``."""
    for _ in range(ms // STEP_MS):
        phone.wait(STEP_MS)
        shown = phone.hierarchy_xml()
        counted = builds.count
        phone.invalidate(anew=True)
        assert phone.hierarchy_xml() == shown, f"stale after {phone.clock.elapsed_ms} ms"
        builds.count = counted
        each()


def on_clock_tab(tab: str, *taps: str) -> tuple[Phone, Driver]:
    """A phone showing the Clock's ``tab``, after taps on the views ``taps`` names (ids)."""
    phone = Phone(seed=0)
    driver = Driver(phone)
    open_app(driver, "Clock")
    driver.tap(desc=tab)
    for id in taps:
        driver.tap(id=id)
    return phone, driver


def test_next_tick_is_the_next_whole_period_from_the_origin() -> None:
    assert next_tick(1_000, 0, 1000) == 2_000
    assert next_tick(1_250, 0, 1000) == 2_000
    assert next_tick(1_250, 300, 1000) == 1_300
    assert next_tick(1_300, 300, 1000) == 2_300
    assert next_tick(5, 0, 10) == 10
    assert next_tick(-1_500, 0, 1000) == -1_000  # before the origin too


def test_a_read_until_a_time_holds_until_the_clock_reaches_it() -> None:
    deps = Dependencies()
    clock = VirtualClock(deps=deps)
    scope = Scope("screen")
    at = clock.epoch_ms + 100
    deps.run(scope, clock.read_until, at)
    clock.advance(99)
    assert not scope.dirty
    clock.advance(1)
    assert scope.dirty
    deps.run(scope, clock.read_until, clock.epoch_ms + 100)
    clock.set(dt.datetime(2030, 1, 1))  # the time jumped: the read holds no more
    assert scope.dirty


def test_a_playing_track_is_built_once_a_second_and_is_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    phone = Phone(seed=0)
    driver = Driver(phone)
    driver.tap(desc="Music Player")
    _add_album(phone)
    _play_album(phone, driver)
    builds = Builds(phone, music_player.PACKAGE, monkeypatch)
    played = set()
    pass_time_exactly(
        phone,
        builds,
        3_000,
        lambda: played.add(driver.find(id="activity_track_progress_current").text),
    )
    assert played == {"0:00", "0:01", "0:02", "0:03"}
    assert 3 <= builds.count <= 4  # once a second (at every step of the clock before)


def test_a_track_that_ends_shows_the_next_one_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    phone = Phone(seed=0)
    driver = Driver(phone)
    driver.tap(desc="Music Player")
    _add_album(phone)
    _play_album(phone, driver)
    phone.wait(58_500)  # Zeta 1 lasts 60 s
    builds = Builds(phone, music_player.PACKAGE, monkeypatch)
    pass_time_exactly(phone, builds, 3_000)
    assert driver.find(id="activity_track_title").text == "Zeta 2"


def test_a_running_stopwatch_shows_its_hundredths_exactly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    phone, driver = on_clock_tab("Stopwatch", "stopwatch_play_pause")
    builds = Builds(phone, clock.PACKAGE, monkeypatch)
    pass_time_exactly(phone, builds, 1_000)
    assert builds.count == 1_000 // STEP_MS  # its hundredths change at every step
    driver.tap(id="stopwatch_play_pause")  # paused: nothing changes by itself any more
    phone.hierarchy_xml()
    builds.count = 0
    phone.wait(5_000)
    phone.hierarchy_xml()
    assert builds.count == 0


def test_a_timer_counts_down_by_the_second_and_rings_on_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    phone, driver = on_clock_tab("Timer", "timer_key_3", "timer_start")  # three seconds
    builds = Builds(phone, clock.PACKAGE, monkeypatch)
    pass_time_exactly(phone, builds, 4_000)
    assert driver.exists(id="timer_ringing")
    assert builds.count <= 8  # each second and the ring (every step before: 108)


@pytest.mark.parametrize("tab", ["Recorder", "Player"])
def test_a_recording_or_a_playback_counts_by_the_second(
    monkeypatch: pytest.MonkeyPatch, tab: str
) -> None:
    phone = Phone(seed=6)
    phone.start_activity(RECORDER)
    driver = Driver(phone)
    if tab == "Recorder":
        driver.tap(id="toggle_recording_button")
    else:
        driver.tap(desc="Player")
        driver.tap(id="recording_title")
    builds = Builds(phone, RECORDER, monkeypatch)
    pass_time_exactly(phone, builds, 3_000)
    assert 2 <= builds.count <= 4


def test_a_video_recording_counts_by_the_second(monkeypatch: pytest.MonkeyPatch) -> None:
    phone = Phone(seed=0)
    driver = Driver(phone)
    open_app(driver, "Camera")
    driver.tap(id="video_mode")
    driver.tap(desc="Start recording")
    builds = Builds(phone, CAMERA, monkeypatch)
    texts = {driver.find(id="recording_time").text}
    pass_time_exactly(
        phone, builds, 3_000, lambda: texts.add(driver.find(id="recording_time").text)
    )
    assert texts == {"00:00", "00:01", "00:02", "00:03"}
    assert 3 <= builds.count <= 4
