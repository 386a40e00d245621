"""Chrome's new tab page: the most visited sites of the history as tiles that open them."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.chrome import data
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app, statements_while_rebuilt
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


def test_a_long_history_is_grouped_once_until_it_changes(phone: Phone, site) -> None:  # noqa: F811
    history = phone.database(data.PACKAGE, data.DATABASE)
    history.executemany(
        "INSERT INTO history(url, title, visited) VALUES (?, ?, ?)",
        [(f"https://example.com/page/{i % 700}", f"Page {i % 700}", i) for i in range(1000)],
    )
    driver = Driver(phone)
    open_app(driver, "Chrome")
    assert [title for title, _ in tiles(driver)] == ["Page 299", "Page 298", "Page 297", "Page 296"]
    # built again, nothing changed: the tiles are kept
    assert not [s for s in statements_while_rebuilt(phone, history) if "FROM history" in s]
    for _ in range(3):
        go(driver, "example.com/about")  # visits count at once
    driver.tap(id="tab_switcher_button")
    driver.tap(desc="New tab")
    assert tiles(driver)[0] == ("About us", ABOUT)
