"""Fixtures for the simulated phone's tests."""

from __future__ import annotations

import sqlite3

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.ui.view import View, walk


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=0)


@pytest.fixture
def sample() -> Phone:
    """A phone with only the test app installed."""
    from tests.sim.sample_app import SampleApp

    return Phone(seed=0, apps=[SampleApp])


@pytest.fixture
def driver(phone: Phone) -> Driver:
    return Driver(phone)


def open_drawer(driver: Driver) -> None:
    """Swipe up on the home screen, as a user opens the app drawer."""
    phone = driver.device
    w, h = phone.display.width, phone.display.height
    driver.send_all(ev.drag(w / 2, h * 0.75, w / 2, h * 0.25))


def opened(phone: Phone, label: str, component: tuple[str, str]) -> Driver:
    """A driver over ``phone`` with the app ``label`` opened from the app drawer, which
    must show ``component`` (package, activity)."""
    driver = Driver(phone)
    open_app(driver, label)
    assert phone.foreground == component
    return driver


def open_app(driver: Driver, label: str) -> None:
    """From anywhere: HOME, open the drawer, tap the app's icon."""
    driver.key("HOME")
    open_drawer(driver)
    driver.tap(text=label, class_="android.widget.TextView")


def views_made(phone: Phone, id: str) -> int:
    """How many views with ``id`` the phone's windows hold: shown or not, every one made."""
    return sum(view.id == id for window in phone.windows() for view in walk(window))


def statements_while_rebuilt(phone: Phone, db: sqlite3.Connection, times: int = 3) -> list[str]:
    """The statements ``db`` runs while the screen is built again ``times`` times with
    nothing changed (what a screen reads again however little changed)."""
    statements: list[str] = []
    db.set_trace_callback(statements.append)
    try:
        for _ in range(times):
            phone.invalidate()
            phone.hierarchy_xml()
    finally:
        db.set_trace_callback(None)
    return statements


class Builds:
    """Counts the builds of the screens of app ``package`` (its ``build``)."""

    def __init__(self, phone: Phone, package: str, monkeypatch: pytest.MonkeyPatch) -> None:
        app = phone.apps[package]
        build = app.build
        self.count = 0

        def counted(ctx: AppContext) -> View:
            self.count += 1
            return build(ctx)

        monkeypatch.setattr(app, "build", counted)
