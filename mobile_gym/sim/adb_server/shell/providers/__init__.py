"""The content providers of the served phone, by authority, for the ``content`` command.

``settings`` (the settings store), ``sms`` (the SMS Messenger app's messages), and
``com.android.contacts`` and the old ``contacts`` (the Contacts app's contacts). Each maps
Android's columns onto the state the phone keeps, so what ``content`` writes is what the
apps show and what task signals read.
"""

from __future__ import annotations

from mobile_gym.sim.adb_server.shell.providers.base import Provider
from mobile_gym.sim.adb_server.shell.providers.contacts import (
    CONTACTS_PROVIDER,
    LEGACY_CONTACTS_PROVIDER,
)
from mobile_gym.sim.adb_server.shell.providers.settings import SettingsProvider
from mobile_gym.sim.adb_server.shell.providers.sms import SmsProvider

PROVIDERS: dict[str, Provider] = {
    "settings": SettingsProvider(),
    "sms": SmsProvider(),
    "com.android.contacts": CONTACTS_PROVIDER,
    "contacts": LEGACY_CONTACTS_PROVIDER,
}
