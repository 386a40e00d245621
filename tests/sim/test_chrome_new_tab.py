"""Chrome's new tab page: the most visited sites of the history as tiles that open them."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.chrome import data
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app
from tests.sim.test_chrome_browser import HOME, go, page_title, site  # noqa: F401

ABOUT = "https://example.com/about"


def tiles(driver: Driver) -> list[tuple[str, str]]:
    return [(node.text, node.desc) for node in driver.find_all(id="tile_view_title")]


def test_a_new_phone_shows_no_tiles(phone: Phone) -> None:
    driver = Driver(phone)
    open_app(driver, "Chrome")
    assert driver.exists(id="search_provider_logo")
    assert tiles(driver) == []


def test_the_most_visited_sites_open_from_their_tiles(phone: Phone, site) -> None:  # noqa: F811
    visits = [(HOME, "Example Domain")] + [(ABOUT, "About us")] * 3
    phone.database(data.PACKAGE, data.DATABASE).executemany(
        "INSERT INTO history(url, title, visited) VALUES (?, ?, ?)",
        [(url, title, n) for n, (url, title) in enumerate(visits)],
    )
    driver = Driver(phone)
    open_app(driver, "Chrome")
    assert tiles(driver) == [("About us", ABOUT), ("Example Domain", HOME)]
    driver.tap(id="tile_view_title", text="Example Domain")
    assert page_title(driver) == "Example Domain"
    assert site.requests[-1].url == HOME
    go(driver, "example.com/about")
    assert page_title(driver) == "About us"
