"""``content://settings/system`` (and ``secure``, ``global``): the phone's settings store.

Rows ``_id, name, value``; ``_id`` is a setting's place in its table (settings keep the
order they were first set in) and ``content://settings/system/NAME`` is the one setting.
``insert`` binds ``name`` and ``value``, ``update`` binds ``value``, ``delete`` removes (both
name their settings, by URI or ``--where``: a whole table is refused, as on Android); a
``NULL`` value removes the setting too (``settings get`` then prints ``null``, as it does for
a null value on Android). Unlike Android's provider, which takes only ``name='NAME'``,
``--where`` may be any SQL condition over the three columns.
"""

from __future__ import annotations

from dataclasses import dataclass

from mobile_gym.sim import Phone
from mobile_gym.sim.system.providers.base import (
    ProviderError,
    Rows,
    Table,
    Value,
    unknown_columns,
)
from mobile_gym.sim.system.settings import NAMESPACES

COLUMNS = ("_id", "name", "value")
SUPPORTED_SQL = """Supported SQL:
  uri content://some_table/some_property with null where and where args
  uri content://some_table with query name=? and single name as arg
  uri content://some_table with query name=some_name and null args
  but got - uri:{uri}, where:null whereArgs:null"""
"""Android's refusal of an update or delete that names no setting."""


def whole_table_change(uri: str) -> ProviderError:
    """The error for an update or delete of every setting at ``uri`` (no ``--where``, no
    setting named in the URI), which Android's settings provider refuses."""
    return ProviderError(SUPPORTED_SQL.format(uri=uri))


def _text(value: Value | bool) -> str:
    """A bound value as the settings provider stores it: text (``true``/``false`` for a
    boolean, as Android's ``ContentValues.getAsString`` gives it)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class SettingsTable:
    """One namespace of the settings store."""

    namespace: str
    key: str = "name"
    item: str = "name"

    def rows(self, phone: Phone) -> Rows:
        table = phone.settings.tables[self.namespace]
        return Rows(COLUMNS, [(n, k, v) for n, (k, v) in enumerate(table.items(), start=1)])

    def _put(self, phone: Phone, name: str, value: Value) -> None:
        if value is None:
            phone.settings.delete(self.namespace, name)
        else:
            phone.settings.put(self.namespace, name, _text(value))

    def insert(self, phone: Phone, values: dict[str, Value]) -> None:
        unknown_columns(self.namespace, values, ("name", "value"))
        name = values.get("name")
        if not isinstance(name, str) or not name:
            raise ProviderError("a setting needs a name: --bind name:s:NAME")
        self._put(phone, name, values.get("value"))

    def update(self, phone: Phone, keys: list[Value], values: dict[str, Value]) -> None:
        if set(values) != {"value"}:
            raise ProviderError("updating a setting binds its value only: --bind value:s:VALUE")
        for name in keys:
            self._put(phone, str(name), values["value"])

    def delete(self, phone: Phone, keys: list[Value]) -> None:
        for name in keys:
            phone.settings.delete(self.namespace, str(name))


class SettingsProvider:
    """The ``settings`` authority."""

    def table(self, phone: Phone, path: str) -> Table | None:
        return SettingsTable(path) if path in NAMESPACES else None
