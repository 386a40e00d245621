"""The phone's content providers, by authority: what ``content://`` URIs name.

``settings`` (the settings store), ``sms`` (Android's telephony provider: the messages SMS
Messenger sends and receives), ``com.android.contacts`` and the old ``contacts`` (the
Contacts app's contacts), and ``media`` (the pictures and videos under ``/sdcard``). Each maps Android's columns onto the state the phone keeps, so what
the served shell's ``content`` command writes is what the apps show, and what a task's
``content:`` signal reads is what ``adb shell content query`` prints on a device.
"""

from __future__ import annotations

from collections.abc import Sequence

from mobile_gym.sim import Phone
from mobile_gym.sim.system.providers.base import (
    SCHEME,
    Provider,
    ProviderError,
    Rows,
    Table,
    Value,
    not_found,
)
from mobile_gym.sim.system.providers.contacts import (
    CONTACTS_PROVIDER,
    LEGACY_CONTACTS_PROVIDER,
)
from mobile_gym.sim.system.providers.media import MediaProvider
from mobile_gym.sim.system.providers.settings import SettingsProvider
from mobile_gym.sim.system.providers.sms import SmsProvider

PROVIDERS: dict[str, Provider] = {
    "settings": SettingsProvider(),
    "sms": SmsProvider(),
    "com.android.contacts": CONTACTS_PROVIDER,
    "contacts": LEGACY_CONTACTS_PROVIDER,
    "media": MediaProvider(),
}


def authority(uri: str) -> str:
    """The provider part of a ``content://`` URI (``sms`` in ``content://sms/sent``)."""
    return uri.removeprefix(SCHEME).partition("/")[0]


def resolve(phone: Phone, uri: str) -> tuple[Table, Value | None]:
    """The table ``uri`` names, and the row its last segment names (or None).

    Raises:
        ProviderError: not a content URI, a provider this phone does not have, or a path
            that names no table.
    """
    if not uri.startswith(SCHEME):
        raise ProviderError(f"Unknown URI {uri}: content URIs start with {SCHEME}")
    name = authority(uri)
    provider = PROVIDERS.get(name)
    if provider is None:
        raise not_found(name)
    path = uri.removeprefix(SCHEME + name).strip("/")
    table = provider.table(phone, path)
    if table is not None:
        return table, None
    parent, _, last = path.rpartition("/")
    table = provider.table(phone, parent)
    if table is not None and table.item != "_id":
        return table, last
    if table is not None and last.isdigit():
        return table, int(last)
    raise ProviderError(f"Unknown URI {uri}")


def query(
    phone: Phone,
    uri: str,
    projection: Sequence[str] | None = None,
    where: str | None = None,
    sort: str | None = None,
) -> Rows:
    """What ``content query --uri URI`` with these options finds (ProviderError if refused)."""
    table, item = resolve(phone, uri)
    rows = table.rows(phone)
    if item is not None:
        rows = rows.only(table.item, item)
    return rows.select(projection, where, sort)
