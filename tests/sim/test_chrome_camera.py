"""Chrome and Camera: installed, reached through the app drawer only, a new tab page whose
address bar takes text, a viewfinder whose shutter logs; App Launcher adds them to its grid."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.app_launcher.app import PACKAGE as LAUNCHER_APP
from mobile_gym.sim.apps.camera.app import MAIN as CAMERA_MAIN
from mobile_gym.sim.apps.camera.app import PACKAGE as CAMERA
from mobile_gym.sim.apps.chrome.app import MAIN as CHROME_MAIN
from mobile_gym.sim.apps.chrome.app import PACKAGE as CHROME
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app, open_drawer


def _launcher_packages(phone: Phone) -> set[str]:
    rows = phone.database(LAUNCHER_APP, "app_launcher").execute("SELECT package FROM launchers")
    return {row[0] for row in rows}


def test_both_are_installed_in_the_drawer_but_not_the_dock(phone: Phone, driver: Driver) -> None:
    assert {CHROME, CAMERA} <= {app.package for app in phone.launcher_apps()}
    assert not driver.exists(text="Chrome") and not driver.exists(text="Camera")
    open_drawer(driver)
    assert driver.exists(text="Chrome") and driver.exists(text="Camera")


def test_chrome_opens_a_new_tab_whose_address_bar_takes_text(phone: Phone, driver: Driver) -> None:
    open_app(driver, "Chrome")
    assert phone.foreground == (CHROME, CHROME_MAIN)
    assert driver.find(id="search_provider_logo").text == "Google"
    driver.tap(id="search_box_text")
    assert driver.find(id="url_bar").focused
    driver.type_into("weather today", id="url_bar")
    assert driver.find(id="url_bar").text == "weather today"
    assert phone.foreground == (CHROME, CHROME_MAIN)


def test_the_camera_shutter_logs_each_press(phone: Phone, driver: Driver) -> None:
    open_app(driver, "Camera")
    assert phone.foreground == (CAMERA, CAMERA_MAIN)
    assert driver.exists(id="preview_content")
    _, cursor = phone.logcat_lines()
    driver.tap(desc="Shutter")
    driver.tap(id="shutter_button")
    lines = [line for line in phone.logcat_lines(cursor)[0] if " Camera: " in line]
    presses = [line for line in lines if line.endswith(" Camera: Shutter pressed")]
    assert len(presses) == 2


def test_clearing_their_data_keeps_them_working(phone: Phone, driver: Driver) -> None:
    for package in (CHROME, CAMERA):
        phone.clear_app_data(package)
        phone.launch(package)
        assert phone.foreground[0] == package


def test_app_launcher_adds_them_to_its_grid_and_opens_them(phone: Phone, driver: Driver) -> None:
    assert not {CHROME, CAMERA} & _launcher_packages(phone)
    phone.launch(LAUNCHER_APP)
    driver.tap(desc="Add apps")
    assert [box.text for box in driver.find_all(id="add_app_item")] == [
        "Camera",
        "Chrome",
        "wikiHow",
    ]
    driver.tap(text="Chrome", id="add_app_item")
    driver.tap(text="Camera", id="add_app_item")
    driver.tap(text="OK")
    assert {CHROME, CAMERA} <= _launcher_packages(phone)
    driver.tap(text="Chrome", id="launcher_label")
    assert phone.foreground == (CHROME, CHROME_MAIN)
