"""The Settings app, used end to end through raw input events."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app

PACKAGE = "com.android.settings"


def test_wifi_switch_writes_the_global_setting_and_logs(phone: Phone, driver: Driver) -> None:
    open_app(driver, "Settings")
    assert driver.find(id="network").text == "" and driver.exists(text="Wi-Fi: AndroidWifi")
    driver.tap(id="network")
    assert phone.foreground == (PACKAGE, ".Settings$NetworkDashboardActivity")
    assert driver.find(id="wifi_switch").checked
    driver.tap(id="wifi_switch")
    assert phone.settings.get("global", "wifi_on") == "0"
    assert not driver.find(id="wifi_switch").checked
    assert driver.exists(text="Wi-Fi is off")
    assert not driver.exists(id="wifi_signal")
    lines = phone.logcat_lines()[0]
    assert any("SettingsProvider: global wifi_on=0" in line for line in lines)
    assert any("SettingsActivity: Wi-Fi turned off" in line for line in lines)
    driver.tap(desc="Navigate up")
    assert driver.exists(text="Wi-Fi: Off")


def test_airplane_mode_turns_radios_off_and_locks_them(phone: Phone, driver: Driver) -> None:
    phone.settings.put("global", "bluetooth_on", 1)
    open_app(driver, "Settings")
    driver.tap(id="network")
    driver.tap(id="airplane_mode_switch")
    assert phone.settings.get("global", "airplane_mode_on") == "1"
    assert phone.settings.get("global", "wifi_on") == "0"
    assert phone.settings.get("global", "bluetooth_on") == "0"
    assert driver.exists(id="airplane")
    assert not driver.find(id="wifi_switch").enabled
    driver.tap(id="wifi_switch")
    assert phone.settings.get("global", "wifi_on") == "0"
    driver.key("BACK")
    driver.tap(id="connected_devices")
    assert not driver.find(id="bluetooth_switch").enabled


def test_bluetooth_switch(phone: Phone, driver: Driver) -> None:
    open_app(driver, "Settings")
    driver.tap(id="connected_devices")
    driver.tap(id="bluetooth_switch")
    assert phone.settings.get("global", "bluetooth_on") == "1"
    assert driver.exists(id="bluetooth")
    assert driver.exists(text="Device name: Pixel 7")


def test_dark_theme_and_brightness_from_the_display_page(phone: Phone, driver: Driver) -> None:
    open_app(driver, "Settings")
    driver.tap(id="display")
    assert driver.exists(text="Brightness level 50%")
    driver.tap(id="dark_theme_switch")
    assert phone.settings.get("secure", "ui_night_mode") == "2"
    assert phone.theme.name == "dark"
    assert sum(phone.screenshot()[1500, 540].tolist()) < 200
    driver.tap(id="dark_theme_switch")
    assert phone.settings.get("secure", "ui_night_mode") == "1"


def test_about_phone_reflects_the_display_and_model() -> None:
    phone = Phone(display="small_phone")
    driver = Driver(phone)
    open_app(driver, "Settings")
    driver.tap(id="about_phone")
    assert driver.exists(text="720 x 1280 px, 320 dpi")
    assert driver.exists(text="Android version")
    assert driver.exists(text=phone.display.model)


def test_settings_survive_leaving_and_reopening(phone: Phone, driver: Driver) -> None:
    open_app(driver, "Settings")
    driver.tap(id="network")
    driver.tap(id="mobile_data_switch")
    driver.key("HOME")
    open_app(driver, "Settings")
    assert phone.foreground == (PACKAGE, ".Settings$NetworkDashboardActivity")
    assert not driver.find(id="mobile_data_switch").checked
