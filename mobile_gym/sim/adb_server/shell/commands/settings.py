"""``settings get|put|delete|list NAMESPACE ...``: the settings provider (``global``, ``system``,
``secure``). ``get`` prints ``null`` for a key never set."""

from __future__ import annotations

from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    without_user,
)

USAGE = """Settings provider (settings) commands:
  get [--user USER_ID] NAMESPACE KEY
  put [--user USER_ID] NAMESPACE KEY VALUE
  delete [--user USER_ID] NAMESPACE KEY
  list [--user USER_ID] NAMESPACE
NAMESPACE is one of {system, secure, global}."""
_ARITY = {"get": 2, "put": 3, "delete": 2, "list": 1}


def settings(invocation: Invocation, args: list[str]) -> int:
    args = without_user(args)
    verb = args[0] if args else ""
    operands = args[1:]
    if verb not in _ARITY or not _ARITY[verb] <= len(operands) <= _ARITY[verb] + 2:
        raise CommandError(USAGE)
    store = invocation.phone.settings
    namespace = operands[0]
    if verb == "get":
        value = store.get(namespace, operands[1])
        invocation.print("null" if value is None else value)
    elif verb == "put":
        store.put(namespace, operands[1], operands[2])  # a trailing tag or "default" is ignored
    elif verb == "delete":
        found = store.get(namespace, operands[1]) is not None
        store.delete(namespace, operands[1])
        invocation.print(f"Deleted {int(found)} rows")
    else:
        store.get(namespace, "")  # checks the namespace
        for key, value in sorted(store.tables[namespace].items()):
            invocation.print(f"{key}={value}")
    return 0


COMMANDS: dict[str, Command] = {"settings": settings}
