"""What an exception raised while the phone ran an app's code is: whose failure, and how
Android's crash log says it.

An exception is an app's failure when its traceback runs through code of an installed app
(that app crashed), or through the app toolkit every app is built on (``mobile_gym.sim.apps``:
the app the phone was running crashed, as a framework exception crashes the process it runs
in), or when it is an SQLite error (the app's data). Anything else is a bug of the phone.

The crash log writes the exception as Android's ``AndroidRuntime`` does: a Java class name
and the message (SQLite errors as the ``android.database.sqlite`` exceptions Android raises
for them, other exceptions by their Python type), then the stack, innermost call first.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping

APPS_PACKAGE = "mobile_gym.sim.apps"
"""The Python package of the apps and of the toolkit they are written against."""

_SQLITE = "android.database.sqlite."
_SQLITE_EXCEPTIONS = {
    "SQLITE_ABORT": "SQLiteAbortException",
    "SQLITE_AUTH": "SQLiteAccessPermException",
    "SQLITE_BUSY": "SQLiteDatabaseLockedException",
    "SQLITE_CANTOPEN": "SQLiteCantOpenDatabaseException",
    "SQLITE_CONSTRAINT": "SQLiteConstraintException",
    "SQLITE_CORRUPT": "SQLiteDatabaseCorruptException",
    "SQLITE_FULL": "SQLiteFullException",
    "SQLITE_IOERR": "SQLiteDiskIOException",
    "SQLITE_LOCKED": "SQLiteTableLockedException",
    "SQLITE_MISMATCH": "SQLiteDatatypeMismatchException",
    "SQLITE_MISUSE": "SQLiteMisuseException",
    "SQLITE_NOMEM": "SQLiteOutOfMemoryException",
    "SQLITE_NOTADB": "SQLiteDatabaseCorruptException",
    "SQLITE_RANGE": "SQLiteBindOrColumnIndexOutOfRangeException",
    "SQLITE_READONLY": "SQLiteReadOnlyDatabaseException",
    "SQLITE_TOOBIG": "SQLiteBlobTooBigException",
}
"""Android's exception for each SQLite result code (by its primary name); others are
``SQLiteException``, as in ``SQLiteConnection``'s native error mapping."""


def code_of(module: str) -> str:
    """The Python package or module holding the code of the app defined in ``module``: an
    app of its own package under ``mobile_gym.sim.apps`` is that package; any other app is
    the module that defines it."""
    inner = module.removeprefix(APPS_PACKAGE + ".")
    if inner != module and "." in inner:
        return f"{APPS_PACKAGE}.{inner.split('.', 1)[0]}"
    return module


def culprit(failure: BaseException, running: str, code: Mapping[str, str]) -> str | None:
    """The package of the app whose failure ``failure`` is, or None for a bug of the phone.

    Args:
        failure: what was raised while the phone ran app code.
        running: the package the phone was running code of (the app whose window it built,
            or the app in front when input arrived).
        code: app packages by the Python package or module holding their code (``code_of``).
    """
    modules = list(_modules(failure))
    for module in reversed(modules):  # the innermost app code raised it
        package = code.get(module) or next(
            (package for where, package in code.items() if module.startswith(where + ".")), None
        )
        if package is not None:
            return package
    in_toolkit = any(m == APPS_PACKAGE or m.startswith(APPS_PACKAGE + ".") for m in modules)
    return running if in_toolkit or isinstance(failure, sqlite3.Error) else None


def _modules(failure: BaseException) -> Iterable[str]:
    """The module of each frame of ``failure``'s traceback, outermost first."""
    tb = failure.__traceback__
    while tb is not None:
        yield tb.tb_frame.f_globals.get("__name__", "")
        tb = tb.tb_next


def exception_lines(failure: BaseException) -> list[str]:
    """``failure`` as ``AndroidRuntime`` logs an uncaught exception: its class and message,
    the stack (``\\tat module.function(file:line)``, innermost first), then each cause
    (``Caused by: ...``)."""
    lines: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = failure
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        head = exception_line(current)
        lines.append(head if current is failure else f"Caused by: {head}")
        lines.extend(_stack(current))
        current = current.__cause__ or (
            None if current.__suppress_context__ else current.__context__
        )
    return lines


def exception_line(failure: BaseException) -> str:
    """The exception's Java class name and message, as ``Throwable.toString`` writes them:
    ``android.database.sqlite.SQLiteException: no such table: notes (code 1 SQLITE_ERROR)``."""
    message = str(failure)
    if isinstance(failure, sqlite3.Error):
        code = getattr(failure, "sqlite_errorcode", None)
        name = getattr(failure, "sqlite_errorname", None)
        primary = (name or "").split("_")[:2]
        kind = _SQLITE + _SQLITE_EXCEPTIONS.get("_".join(primary), "SQLiteException")
        if code is not None and name:
            message = f"{message} (code {code} {name})"
    else:
        kind = type(failure).__qualname__
        module = type(failure).__module__
        if module != "builtins":
            kind = f"{module}.{kind}"
    return f"{kind}: {message}" if message else kind


def _stack(failure: BaseException) -> list[str]:
    """The frames of ``failure``'s traceback as Java stack lines, innermost first."""
    lines = []
    tb = failure.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        code = frame.f_code
        where = frame.f_globals.get("__name__", "?")
        file = code.co_filename.rsplit("/", 1)[-1]
        lines.append(f"\tat {where}.{code.co_qualname}({file}:{tb.tb_lineno})")
        tb = tb.tb_next
    lines.reverse()
    return lines
