"""``content query|insert|update|delete --uri URI ...``: the phone's content providers.

Options as Android's ``content`` takes them: ``--projection COL[:COL...]``, ``--where SQL``,
``--sort SQL``, ``--bind COLUMN:TYPE:VALUE`` (types ``s`` string, ``i``/``l`` integer,
``f``/``d`` number, ``b`` boolean, stored as ``true``/``false`` in settings and 1/0
elsewhere, and ``n`` null) and ``--user 0``. A query
prints ``Row: N COL=VALUE, COL=VALUE`` per row (``NULL`` for a null) or ``No result found.``;
the changes print nothing. The providers are the phone's (``mobile_gym.sim.system.providers``).

A malformed command prints the usage and ``[ERROR] WHY``; a provider's refusal prints
``Error while accessing provider:AUTHORITY`` and the exception, as on Android. Both exit
with status 1 (Android's tool exits 0 even then, which helps no caller).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation
from mobile_gym.sim.system.java_numbers import java_int
from mobile_gym.sim.system.providers import authority, resolve
from mobile_gym.sim.system.providers.base import ProviderError, Table, Value
from mobile_gym.sim.system.providers.settings import SettingsTable, whole_table_change

USAGE = """usage: adb shell content [subcommand] [options]

usage: adb shell content insert --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...]
  <URI> a content provider URI.
  <BINDING> binds a typed value to a column and is formatted:
  <COLUMN_NAME>:<TYPE>:<COLUMN_VALUE> where:
  <TYPE> specifies data type such as:
  b - boolean, s - string, i - integer, l - long, f - float, d - double, n - null
  Note: Omit the value for passing an empty string, e.g column:s:

usage: adb shell content update --uri <URI> [--user <USER_ID>] [--where <WHERE>] --bind <BINDING> [--bind <BINDING>...]
  <WHERE> is a SQL style where clause in quotes (You have to escape single quotes).

usage: adb shell content delete --uri <URI> [--user <USER_ID>] [--where <WHERE>]

usage: adb shell content query --uri <URI> [--user <USER_ID>] [--projection <PROJECTION>] [--where <WHERE>] [--sort <SORT_ORDER>]
  <PROJECTION> is a list of colon separated column names and is formatted:
  <COLUMN_NAME>[:<COLUMN_NAME>...]
  <SORT_ORDER> is the order in which rows in the result should be sorted.
  Example:
  adb shell content query --uri content://settings/secure --projection name:value --where "name='android_id'" --sort "name ASC\""""
_OPTIONS = {
    "query": ("--uri", "--user", "--projection", "--where", "--sort"),
    "insert": ("--uri", "--user", "--bind"),
    "update": ("--uri", "--user", "--bind", "--where"),
    "delete": ("--uri", "--user", "--where"),
}
_USERS = ("0", "current", "-2")
_INTEGER_BITS = {"i": 32, "l": 64}
"""Bits of Java's ``int`` (``i:``) and ``long`` (``l:``), which bound integers must fit."""


@dataclass
class _Request:
    verb: str
    uri: str = ""
    projection: list[str] | None = None
    where: str | None = None
    sort: str | None = None
    values: dict[str, Value] = field(default_factory=dict)


def _usage_error(message: str) -> CommandError:
    return CommandError(f"{USAGE}\n[ERROR] {message}")


def _bind(binding: str) -> tuple[str, Value]:
    """A ``--bind COLUMN:TYPE:VALUE`` argument as its column and typed value."""
    column, colon, rest = binding.partition(":")
    kind, colon2, text = rest.partition(":")
    if not column or not colon or not colon2:
        raise _usage_error(f"Binding not well formed: {binding}")
    kind = kind.lower()
    try:
        if kind == "s":
            return column, text
        if kind == "b":
            return column, text.lower() == "true"
        if kind in _INTEGER_BITS:
            return column, _java_integer(text, _INTEGER_BITS[kind])
        if kind in ("f", "d"):
            return column, float(text)
    except ValueError:
        raise _usage_error(f'For input string: "{text}" (binding {binding})') from None
    if kind == "n":
        return column, None
    raise _usage_error(f"Unsupported type: {kind}")


def _java_integer(text: str, bits: int) -> int:
    """``text`` as Java's ``Integer.parseInt`` (32 bits) or ``Long.parseLong`` (64) reads
    it; ValueError for what they refuse (other characters, a number out of range)."""
    number = java_int(text, bits)
    if number is None:
        raise ValueError(text)
    return number


def _values(table: Table, values: dict[str, Value]) -> dict[str, Value]:
    """Bound ``values`` as ``table`` takes them: the settings provider stores a boolean as
    ``true`` or ``false``, the other providers' columns as 1 or 0."""
    if isinstance(table, SettingsTable):
        return values
    return {column: int(v) if isinstance(v, bool) else v for column, v in values.items()}


def _parse(args: list[str]) -> _Request:
    if not args:
        raise _usage_error("Operation not specified.")
    verb = args[0]
    if verb not in _OPTIONS:
        raise _usage_error(f"Unsupported operation: {verb}")
    request = _Request(verb)
    i = 1
    while i < len(args):
        option = args[i]
        if option not in _OPTIONS[verb]:
            raise _usage_error(f"Unsupported argument: {option}")
        if i + 1 >= len(args):
            raise _usage_error(f"Option {option} needs a value.")
        value = args[i + 1]
        if option == "--uri":
            request.uri = value
        elif option == "--user" and value not in _USERS:
            raise _usage_error(f"The phone has one user, 0; got --user {value}")
        elif option == "--projection":
            request.projection = [name.strip() for name in value.strip().split(":")]
        elif option == "--where":
            request.where = value
        elif option == "--sort":
            request.sort = value
        elif option == "--bind":
            column, bound = _bind(value)
            request.values[column] = bound
        i += 2
    if not request.uri:
        raise _usage_error("Content provider URI not specified. Did you specify --uri argument?")
    if verb in ("insert", "update") and not request.values:
        raise _usage_error("Bindings not specified. Did you specify --bind argument(s)?")
    return request


def _text(value: Value) -> str:
    """A column value as ``content query`` prints it."""
    return "NULL" if value is None else str(value)


def _run(invocation: Invocation, request: _Request) -> None:
    phone = invocation.phone
    table, item = resolve(phone, request.uri)
    if request.verb == "insert":
        if item is not None:
            raise ProviderError(f"Cannot insert into {request.uri}: it names one row")
        table.insert(phone, _values(table, request.values))
        return
    rows = table.rows(phone)
    if item is not None:
        rows = rows.only(table.item, item)
    if request.verb == "query":
        found = rows.select(request.projection, request.where, request.sort)
        for number, row in enumerate(found.rows):
            cells = ", ".join(f"{c}={_text(v)}" for c, v in zip(found.columns, row, strict=True))
            invocation.print(f"Row: {number} {cells}")
        if not found.rows:
            invocation.print("No result found.")
        return
    if isinstance(table, SettingsTable) and item is None and request.where is None:
        raise whole_table_change(request.uri)
    keys = rows.select([table.key], request.where).values(table.key)
    if request.verb == "update":
        table.update(phone, keys, _values(table, request.values))
    else:
        table.delete(phone, keys)


def content(invocation: Invocation, args: list[str]) -> int:
    request = _parse(args)
    try:
        _run(invocation, request)
    except (ProviderError, ValueError) as exc:
        error = exc if isinstance(exc, ProviderError) else ProviderError(str(exc))
        raise CommandError(
            f"Error while accessing provider:{authority(request.uri)}\n{error}"
        ) from None
    return 0


COMMANDS: dict[str, Command] = {"content": content}
