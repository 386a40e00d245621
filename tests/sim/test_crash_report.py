"""How a failure while the phone runs an app's code is judged (whose is it) and written (as
Android's ``AndroidRuntime`` writes an uncaught exception)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from mobile_gym.sim.apps.base import AppContext, ScreenState
from mobile_gym.sim.phone import Phone
from mobile_gym.sim.system.crash_report import code_of, culprit, exception_line, exception_lines
from tests.sim.crashing_app import PACKAGE, CrashingApp

RUNNING = "org.example.running"
CODE = {code_of(CrashingApp.__module__): PACKAGE}


class BadThingError(Exception):
    """An exception of a module of its own."""


def _raised(work: Callable[[], object]) -> Exception:
    try:
        work()
    except Exception as failure:
        return failure
    raise AssertionError("nothing was raised")


def _unique_violation() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t(x UNIQUE)")
    conn.execute("INSERT INTO t VALUES (1)")
    conn.execute("INSERT INTO t VALUES (1)")


def _not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not SQLite" * 100)
    sqlite3.connect(path).execute("SELECT * FROM sqlite_master")


@pytest.mark.parametrize(
    ("module", "code"),
    [
        ("mobile_gym.sim.apps.notes.app", "mobile_gym.sim.apps.notes"),
        ("mobile_gym.sim.apps.settings", "mobile_gym.sim.apps.settings"),
        ("tests.sim.crashing_app", "tests.sim.crashing_app"),
    ],
)
def test_an_apps_code_is_its_package_or_its_module(module: str, code: str) -> None:
    assert code_of(module) == code


def test_a_failure_raised_in_an_apps_code_is_that_apps() -> None:
    phone = Phone(seed=0, apps=[CrashingApp])
    app = phone.apps[PACKAGE]
    failure = _raised(lambda: app.build(AppContext(phone, app, ScreenState(".BrokenActivity"))))
    assert isinstance(failure, LookupError)
    assert culprit(failure, RUNNING, CODE) == PACKAGE


def test_an_sqlite_error_is_the_running_apps_and_a_plain_bug_is_nobodys() -> None:
    assert culprit(_raised(_unique_violation), RUNNING, CODE) == RUNNING
    assert culprit(_raised(lambda: 1 // 0), RUNNING, CODE) is None


def test_sqlite_errors_are_androids_sqlite_exceptions(tmp_path: Path) -> None:
    assert exception_line(_raised(_unique_violation)) == (
        "android.database.sqlite.SQLiteConstraintException: UNIQUE constraint failed: t.x "
        "(code 2067 SQLITE_CONSTRAINT_UNIQUE)"
    )
    assert exception_line(_raised(lambda: _not_a_database(tmp_path))) == (
        "android.database.sqlite.SQLiteDatabaseCorruptException: file is not a database "
        "(code 26 SQLITE_NOTADB)"
    )
    no_table = _raised(lambda: sqlite3.connect(":memory:").execute("SELECT * FROM notes"))
    assert exception_line(no_table) == (
        "android.database.sqlite.SQLiteException: no such table: notes (code 1 SQLITE_ERROR)"
    )


def test_other_exceptions_are_named_by_their_python_type() -> None:
    assert exception_line(ZeroDivisionError("division by zero")) == (
        "ZeroDivisionError: division by zero"
    )
    assert exception_line(BadThingError("it broke")) == (f"{__name__}.BadThingError: it broke")
    assert exception_line(BadThingError()) == f"{__name__}.BadThingError"


def test_the_lines_are_the_exception_its_stack_innermost_first_and_its_causes() -> None:
    def inner() -> None:
        raise KeyError("note_id")

    def outer() -> None:
        try:
            inner()
        except KeyError as missing:
            raise RuntimeError("could not open the note") from missing

    lines = exception_lines(_raised(outer))
    assert lines[0] == "RuntimeError: could not open the note"
    assert lines[1].startswith(f"\tat {__name__}.")
    assert ".outer(test_crash_report.py:" in lines[1]
    cause = lines.index("Caused by: KeyError: 'note_id'")
    assert ".inner(test_crash_report.py:" in lines[cause + 1]
    assert all(line.startswith("\tat ") for line in lines[1:cause] + lines[cause + 1 :])
