"""The Settings app, used end to end through raw input events."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
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
    assert phone.settings.get("global", "wifi_on") == "3"  # off for airplane mode
    assert phone.settings.get("global", "bluetooth_on") == "2"
    assert driver.exists(id="airplane")
    assert not driver.find(id="wifi_switch").enabled
    assert not driver.find(id="wifi_switch").checked
    driver.tap(id="wifi_switch")
    assert phone.settings.get("global", "wifi_on") == "3"
    driver.key("BACK")
    driver.tap(id="connected_devices")
    assert not driver.find(id="bluetooth_switch").enabled


def test_airplane_mode_off_turns_back_on_the_radios_it_turned_off(
    phone: Phone, driver: Driver
) -> None:
    phone.settings.put("global", "bluetooth_on", 1)
    open_app(driver, "Settings")
    driver.tap(id="network")
    driver.tap(id="airplane_mode_switch")
    assert driver.find(id="wifi_summary").text == "Wi-Fi is off"
    driver.tap(id="airplane_mode_switch")
    assert phone.settings.get("global", "airplane_mode_on") == "0"
    assert phone.settings.get("global", "wifi_on") == "1"
    assert phone.settings.get("global", "bluetooth_on") == "1"
    assert driver.find(id="wifi_switch").checked and driver.find(id="wifi_switch").enabled
    assert driver.find(id="wifi_summary").text == "Connected to AndroidWifi"
    assert driver.exists(id="wifi_signal") and driver.exists(id="bluetooth")
    assert not driver.exists(id="airplane")


def test_airplane_mode_off_leaves_off_the_radios_that_were_off(
    phone: Phone, driver: Driver
) -> None:
    open_app(driver, "Settings")
    driver.tap(id="network")
    driver.tap(id="wifi_switch")
    driver.tap(id="airplane_mode_switch")
    driver.tap(id="airplane_mode_switch")
    assert phone.settings.get("global", "wifi_on") == "0"
    assert phone.settings.get("global", "bluetooth_on") == "0"
    assert not driver.find(id="wifi_switch").checked


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


def tap_end(driver: Driver, id: str, end: str) -> None:
    """Touch the node ``id`` at its very left or right edge, half way down."""
    bounds = driver.find(id=id).bounds
    x = bounds.left if end == "left" else bounds.right - 1
    driver.send_all(ev.tap(x, bounds.center[1]))


def test_brightness_slider_ends_give_android_range(phone: Phone, driver: Driver) -> None:
    open_app(driver, "Settings")
    driver.tap(id="display")
    tap_end(driver, "brightness_seekbar", "left")
    assert phone.settings.get("system", "screen_brightness") == "1"
    assert driver.exists(text="Brightness level 0%")
    tap_end(driver, "brightness_seekbar", "right")
    assert phone.settings.get("system", "screen_brightness") == "255"
    assert driver.exists(text="Brightness level 100%")
    assert any("Brightness set to 255" in line for line in phone.logcat_lines()[0])


def test_display_page_reads_a_brightness_it_cannot_use(phone: Phone, driver: Driver) -> None:
    phone.settings.put("system", "screen_brightness", "abc")
    open_app(driver, "Settings")
    driver.tap(id="display")
    assert phone.foreground == (PACKAGE, ".Settings$DisplaySettingsActivity")
    assert driver.exists(text="Brightness level 50%")  # the default, 128
    phone.settings.put("system", "screen_brightness", "300")
    assert driver.exists(text="Brightness level 100%")  # past the end: the end
    tap_end(driver, "brightness_seekbar", "left")
    assert phone.settings.get("system", "screen_brightness") == "1"


def open_text_page(driver: Driver) -> None:
    open_app(driver, "Settings")
    driver.tap(id="display")
    driver.tap(id="display_size_and_text")


def test_font_size_steps_and_slider_ends(phone: Phone, driver: Driver) -> None:
    open_text_page(driver)
    assert phone.foreground == (PACKAGE, ".Settings$TextReadingSettingsActivity")
    driver.tap(id="font_size_larger")
    assert phone.settings.get("system", "font_scale") == "1.15"
    tap_end(driver, "font_size_seekbar", "right")
    assert phone.settings.get("system", "font_scale") == "2.0"
    assert not driver.find(id="font_size_larger").enabled
    tap_end(driver, "font_size_seekbar", "left")
    assert phone.settings.get("system", "font_scale") == "0.85"
    assert not driver.find(id="font_size_smaller").enabled
    driver.tap(id="font_size_smaller")
    assert phone.settings.get("system", "font_scale") == "0.85"
    assert any("Font size set to 0.85" in line for line in phone.logcat_lines()[0])


def test_display_size_forces_android_densities(phone: Phone, driver: Driver) -> None:
    open_text_page(driver)
    key = ("secure", "display_density_forced")
    driver.tap(id="display_size_larger")
    assert phone.settings.get(*key) == "460"
    tap_end(driver, "display_size_seekbar", "right")
    assert phone.settings.get(*key) == "540"
    tap_end(driver, "display_size_seekbar", "left")
    assert phone.settings.get(*key) == "356"
    driver.tap(id="display_size_larger")
    assert phone.settings.get(*key) == ""  # the panel's own density: no override


def test_reset_puts_font_and_display_size_back(phone: Phone, driver: Driver) -> None:
    open_text_page(driver)
    tap_end(driver, "font_size_seekbar", "right")
    tap_end(driver, "display_size_seekbar", "right")
    driver.tap(id="reset_button")
    driver.tap(text="Cancel")
    assert phone.settings.get("system", "font_scale") == "2.0"
    driver.tap(id="reset_button")
    driver.tap(text="Reset")
    assert phone.settings.get("system", "font_scale") == "1.0"
    assert phone.settings.get("secure", "display_density_forced") == ""
    assert driver.find(id="font_size_smaller").enabled  # 1.0 is the second step


def test_text_page_reads_settings_as_android_parses_them(phone: Phone, driver: Driver) -> None:
    phone.settings.put("system", "font_scale", "1.3f")  # Float.parseFloat reads 1.3
    phone.settings.put("secure", "display_density_forced", "\u00b2")  # no number
    open_text_page(driver)
    assert phone.foreground == (PACKAGE, ".Settings$TextReadingSettingsActivity")
    driver.tap(id="font_size_larger")
    assert phone.settings.get("system", "font_scale") == "1.5"
    driver.tap(id="display_size_larger")  # from the panel's own density
    assert phone.settings.get("secure", "display_density_forced") == "460"
