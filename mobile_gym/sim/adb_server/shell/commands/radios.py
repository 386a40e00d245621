"""The phone's radios and power options, which live in its settings.

``svc`` and ``cmd wifi|connectivity|bluetooth_manager`` switch them here, in the global
settings the Settings app shows and task signals read (``global/wifi_on``, ...). Turning
airplane mode on turns Wi-Fi and Bluetooth off, and turning it off turns back on those it
turned off, as the Settings app's switch does
(:func:`mobile_gym.sim.apps.settings.airplane_mode_changed`).
"""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.settings import airplane_mode_changed

Setting = tuple[str, str]
"""A setting's namespace and key."""

WIFI: Setting = ("global", "wifi_on")
MOBILE_DATA: Setting = ("global", "mobile_data")
BLUETOOTH: Setting = ("global", "bluetooth_on")
AIRPLANE_MODE: Setting = ("global", "airplane_mode_on")
STAY_ON: Setting = ("global", "stay_on_while_plugged_in")
STAY_ON_SOURCES = {"false": 0, "ac": 1, "usb": 2, "wireless": 4, "dock": 8, "true": 7}
"""``svc power stayon`` arguments: the power sources that keep the screen on, as bits."""
WIFI_NETWORK = "AndroidWifi"
"""The network the phone's Wi-Fi is connected to whenever it is on (as the Settings app says)."""


def is_on(phone: Phone, setting: Setting) -> bool:
    return phone.settings.flag(*setting)


def switch(phone: Phone, setting: Setting, on: bool) -> None:
    """Turn a radio (or airplane mode) on or off."""
    phone.settings.put(*setting, int(on))
    if setting == AIRPLANE_MODE:
        airplane_mode_changed(phone.settings, on)


def wifi_connected(phone: Phone) -> bool:
    """Whether Wi-Fi is on and not silenced by airplane mode (the status bar's Wi-Fi icon)."""
    return is_on(phone, WIFI) and not is_on(phone, AIRPLANE_MODE)
