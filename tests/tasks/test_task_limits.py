"""Task files cannot hang the process: SQL runs within a budget on the simulated phone and
over ADB, YAML alias bombs and deep nesting are refused before they are expanded, the SQL
guard is SQLite's own (valid read-only queries pass, writes do not), and an episode's
logcat lines are not kept once every logcat signal has read them."""

from __future__ import annotations

import sqlite3
import threading
import tracemalloc
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
import yaml

from mobile_gym import actions
from mobile_gym.device.sim import SimDevice
from mobile_gym.env import MobileEnv
from mobile_gym.tasks import schema as s
from mobile_gym.tasks.schema import TaskFileError, load_task_file, parse_task
from mobile_gym.tasks.signals import AgentRecord, Observer, SignalBoard, SignalProbe
from tests.tasks.tasktools import BASE_TASK, NETWORK, NOTES, SETTINGS, make_env, task_data

T = TypeVar("T")
FOREVER = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
"""A query that never ends by itself."""
HANG_GUARD_S = 60.0
"""How long a call may take before the test calls it a hang (the limits stop it in < 1 s)."""


def within_guard(action: Callable[[], T]) -> T:
    """``action()``, failing the test if it has not returned after ``HANG_GUARD_S``."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = action()
        except BaseException as exc:  # handed to the test below
            outcome["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(HANG_GUARD_S)
    assert not thread.is_alive(), f"still running after {HANG_GUARD_S} s: it hangs"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def sql_signal(sql: str, **extra: Any) -> dict[str, Any]:
    """Overrides adding the SQL signal ``q`` over the notes database, read by an event."""
    return {
        "signals": {
            **BASE_TASK["signals"],
            "q": {"sql": sql, "package": NOTES, "database": "notes", "expect": [[1]], **extra},
        },
        "events": [*BASE_TASK["events"], {"id": "q_seen", "when": "q"}],
    }


# the SQL budget ------------------------------------------------------------------------------
def test_a_query_that_never_ends_is_stopped_with_a_clear_error(tmp_path) -> None:
    path = tmp_path / "forever.yaml"
    path.write_text(yaml.safe_dump(task_data(**sql_signal(FOREVER))), encoding="utf-8")
    env = MobileEnv(path)
    with pytest.raises(TaskFileError) as caught:
        within_guard(lambda: env.reset(seed=0))
    assert str(caught.value) == (
        f"{path} (test.inline): signals.q: SQL query failed: query took too long "
        "(limit 20,000,000 SQLite instructions)"
    )


def test_the_budget_stops_setup_writes_and_leaves_the_connection_as_it_was() -> None:
    from mobile_gym.device import task_sql

    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    conn.execute("CREATE TABLE t (x)")
    with (
        pytest.raises(sqlite3.OperationalError, match="query took too long"),
        task_sql.within_budget(conn),
    ):
        within_guard(lambda: conn.execute(f"INSERT INTO t {FOREVER.replace('count(*)', 'x')}"))
    assert conn.execute("SELECT count(*) FROM t").fetchone() == (0,)  # rolled back
    # no handler is left behind: the connection runs a statement longer than the budget
    longer = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000)"
    assert conn.execute(f"{longer} SELECT count(*) FROM c").fetchone() == (3_000_000,)


def test_a_query_over_adb_is_guarded_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ADB path queries a pulled copy of the app's database locally, with the same
    budget and guard (real adbutils, a simulated phone served over the ADB protocol)."""
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")  # never start a real adb server
    from mobile_gym.device.adb import AdbDevice
    from mobile_gym.device.adb_link import RetryPolicy
    from mobile_gym.sim.adb_server import AdbServer

    with AdbServer(devices=1, seed=0) as server:
        device = AdbDevice(
            "emulator-5554", port=server.port, retry=RetryPolicy(3, 0.01, 5.0), on_reset=None
        )
        try:
            count = device.query(NOTES, "notes", "SELECT count(*) FROM notes", [])
            assert count[0][0] > 0
            with pytest.raises(sqlite3.OperationalError, match="query took too long"):
                within_guard(lambda: device.query(NOTES, "notes", FOREVER, []))
            with pytest.raises(sqlite3.DatabaseError, match="only reads, but it would ATTACH"):
                device.query(NOTES, "notes", "ATTACH DATABASE ':memory:' AS other", [])
        finally:
            device.close()


# YAML limits ---------------------------------------------------------------------------------
def alias_bomb(levels: int = 9) -> str:
    """A task whose one parameter is a list of 9**levels strings, in ~1.6 KB of YAML."""
    lines = ["bomb:", '  - &l0 ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for level in range(1, levels):
        refs = ", ".join([f"*l{level - 1}"] * 9)
        lines.append(f"  - &l{level} [{refs}]")
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_is_refused_before_it_is_expanded(tmp_path) -> None:
    data = task_data(parameters={"p": {"choice": ["PLACEHOLDER"]}})
    text = yaml.safe_dump(data, sort_keys=False).replace("- PLACEHOLDER", "- *l8")
    path = tmp_path / "bomb.yaml"
    path.write_text(alias_bomb() + text.replace("id: test.inline", "id: test.inline", 1))
    assert path.stat().st_size < 2000
    with pytest.raises(TaskFileError) as caught:
        within_guard(lambda: load_task_file(path))
    assert str(caught.value) == (
        f"{path}: (top level): holds more than 100,000 values (an alias counts as a copy of "
        "what it names)"
    )


def test_nesting_is_counted_through_aliases(tmp_path) -> None:
    deep = "[" * 30 + "x" + "]" * 30
    text = yaml.safe_dump(task_data(), sort_keys=False)
    path = tmp_path / "deep.yaml"
    path.write_text(f"a: &a {deep}\nb: {'[' * 30}*a{']' * 30}\n{text}")
    with pytest.raises(TaskFileError, match=r"\(top level\): nested more than 50 levels deep$"):
        load_task_file(path)


def test_deep_data_given_to_parse_task_is_refused_not_a_recursion_error() -> None:
    when: Any = "wifi_off"
    for _ in range(3000):
        when = {"not": when}
    data = task_data()
    data["events"] = [{"id": "done", "when": when, "end": "success"}]
    with pytest.raises(TaskFileError, match=r"^inline: \(top level\): nested more than 50"):
        parse_task(data, "inline")


def test_conditions_nested_within_the_limit_still_work() -> None:
    when: Any = "wifi_off"
    for _ in range(10):
        when = {"not": {"not": when}}
    env = make_env(events=[{"id": "done", "when": when, "reward": 1.0, "end": "success"}])
    env.reset(seed=0)
    from tests.tasks.tasktools import click

    _, reward, terminated, _, info = click(env, id="wifi_switch")
    assert terminated and info["success"] and reward == 1.0


# the SQL guard ---------------------------------------------------------------------------------
VALID = {
    "replace()": (
        "SELECT count(*) FROM notes WHERE replace(title, 'x', 'y') = replace(?, 'x', 'y')",
        ["Groceries"],
    ),
    "a ';' inside a literal": (
        "SELECT count(*) FROM notes WHERE ';' = ';' AND title = ?",
        ["Groceries"],
    ),
    "a trailing ';' and comment": (
        "SELECT count(*) FROM notes WHERE title = ?; -- the list",
        ["Groceries"],
    ),
    "a CTE": (
        "WITH named AS (SELECT title FROM notes) SELECT count(*) FROM named WHERE title = ?",
        ["Groceries"],
    ),
}


@pytest.mark.parametrize("case", list(VALID))
def test_valid_read_only_queries_are_accepted_and_run(case: str) -> None:
    sql, params = VALID[case]
    env = make_env(
        **sql_signal(sql, params=params),
        setup={
            "start": {"package": SETTINGS, "activity": NETWORK},
            "database": [
                {
                    "package": NOTES,
                    "database": "notes",
                    "table": "notes",
                    "clear": True,
                    "rows": [{"title": "Groceries", "created": 1, "modified": 1}],
                }
            ],
        },
    )
    env.reset(seed=0)
    assert env.unwrapped.episode.board.update()["q"] is True


REFUSED = {
    "DELETE": ("DELETE FROM notes", "it would DELETE notes"),
    "UPDATE": ("UPDATE notes SET title = 'x'", "it would UPDATE notes title"),
    "a CTE before a DELETE": ("WITH t AS (SELECT 1) DELETE FROM notes", "it would DELETE"),
    "REPLACE INTO": ("REPLACE INTO notes (title) VALUES ('x')", "it would INSERT notes"),
    "ATTACH": ("ATTACH DATABASE ':memory:' AS other", "it would ATTACH"),
    "PRAGMA writable_schema": ("PRAGMA writable_schema = 1", "it would PRAGMA writable_schema"),
    "two statements": ("SELECT 1; DELETE FROM notes", "holds 2 statements"),
    "two statements after a literal ';'": ("SELECT ';'; SELECT 2", "holds 2 statements"),
    "VACUUM": ("VACUUM", "must be a single SELECT query"),
    "a transaction": ("BEGIN", "it would TRANSACTION"),
    "an unclosed literal": ("SELECT 'x", "must be a complete statement"),
    "printf, whose one call can run for seconds": (
        "SELECT printf('%.*c', 2000000000, 'x')",
        "it would call printf",
    ),
    "a pragma table": ("SELECT name FROM pragma_table_info('notes')", "it would read a PRAGMA"),
    "random()": ("SELECT title FROM notes ORDER BY random()", "it would call random, whose"),
    "CURRENT_TIMESTAMP": ("SELECT CURRENT_TIMESTAMP", "it would call current_timestamp"),
    "the host's clock": (
        "SELECT count(*) FROM notes WHERE modified > strftime('%s', 'NOW') * 1000",
        "host's clock",
    ),
    "the host's time zone": (
        "SELECT datetime(modified / 1000, 'unixepoch', 'localtime') FROM notes",
        "time zone",
    ),
}


def test_a_named_time_is_read_and_a_now_beside_no_date_function_is_text() -> None:
    device = SimDevice()
    device.reset(1)
    named = "SELECT date('2024-06-03', '+1 day'), datetime(0, 'unixepoch')"
    assert device.query(NOTES, "notes", named, []) == [("2024-06-04", "1970-01-01 00:00:00")]
    assert device.query(NOTES, "notes", "SELECT 'now' = 'Now'", []) == [(0,)]


@pytest.mark.parametrize("case", list(REFUSED))
def test_queries_that_do_more_than_read_are_refused_at_load(case: str) -> None:
    sql, problem = REFUSED[case]
    with pytest.raises(TaskFileError) as caught:
        parse_task(task_data(**sql_signal(sql)), "inline")
    assert str(caught.value).startswith("inline: signals.q.sql: must")
    assert problem in str(caught.value)


@pytest.mark.parametrize("case", list(REFUSED))
def test_the_device_refuses_them_too_and_the_database_is_untouched(case: str) -> None:
    sql, problem = REFUSED[case]
    device = SimDevice()
    device.reset(1)
    before = device.query(NOTES, "notes", "SELECT count(*), group_concat(title) FROM notes", [])
    with pytest.raises(sqlite3.DatabaseError) as caught:
        device.query(NOTES, "notes", sql, [])
    assert problem in str(caught.value)
    conn = device.phone.database(NOTES, "notes")
    assert [tuple(row) for row in conn.execute("PRAGMA database_list")] == [(0, "main", "")]
    assert device.query(NOTES, "notes", "SELECT count(*), group_concat(title) FROM notes", []) == (
        before
    )
    # the app's own connection is as it was: no authorizer or length limit left behind
    conn.execute("INSERT INTO notes (title, created, modified) VALUES ('x', 0, 0)")
    assert conn.getlimit(sqlite3.SQLITE_LIMIT_LENGTH) == 1_000_000_000


def test_a_query_run_again_is_still_held_to_the_value_limit() -> None:
    """The second run of a text SQLite already judged read-only skips the compile check,
    not the limits."""
    device = SimDevice()
    device.reset(1)
    sized = "SELECT length(zeroblob(?))"
    assert device.query(NOTES, "notes", sized, [10]) == [(10,)]
    for _ in range(2):
        with pytest.raises(sqlite3.DataError, match="too big"):
            device.query(NOTES, "notes", sized, [2_000_000_000])
    conn = device.phone.database(NOTES, "notes")
    assert conn.getlimit(sqlite3.SQLITE_LIMIT_LENGTH) == 1_000_000_000


def test_a_filled_in_query_is_checked_again() -> None:
    env = make_env(
        parameters={"verb": {"choice": ["DELETE"]}},
        **sql_signal("{verb} FROM notes"),
    )
    with pytest.raises(TaskFileError, match=r"signals\.q: SQL query failed: .*only reads"):
        env.reset(seed=0)


# the observer's log buffer -----------------------------------------------------------------------
class ChattyLog:
    """A device's logcat and change counters (all the Observer asks of logcat): each
    ``write`` adds lines, the last of which may be the one a signal waits for."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []
        self.offset = 0

    def write(self, count: int, last: str | None = None) -> None:
        self.offset += len(self.lines)
        self.lines = [("Chatty", f"line {self.offset + i} of the episode") for i in range(count)]
        if last is not None:
            self.lines[-1] = ("Chatty", last)

    def change_counters(self, sources: Any = None) -> dict[str, int]:
        return {"logcat": self.offset + len(self.lines)}

    def logcat(self, since: int) -> tuple[list[tuple[str, str]], int]:
        end = self.offset + len(self.lines)
        return self.lines[max(0, since - self.offset) :], end


def test_the_log_buffer_stays_bounded_and_a_late_line_still_fires() -> None:
    device = ChattyLog()
    observer = Observer(device, AgentRecord(), 0, frozenset({"logcat"}))  # type: ignore[arg-type]
    probes = [
        SignalProbe("late", s.LogcatSignal(logcat="^the end$")),
        SignalProbe("tagged", s.LogcatSignal(logcat="line 7 ", tag="Other")),
    ]
    board = SignalBoard(probes, observer)
    tracemalloc.start()
    try:
        for step in range(150):
            device.write(1000)
            board.begin_step()
            assert board.value("late") is False and board.value("tagged") is False
            if step == 10:
                start, _ = tracemalloc.get_traced_memory()
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert grown < 2_000_000, f"{grown:,} bytes kept over 140,000 log lines"
    device.write(1000, last="the end")
    board.begin_step()
    assert board.value("late") is True


def test_a_logcat_signal_fires_on_a_late_line_of_a_long_episode() -> None:
    env = make_env(
        signals={"marker": {"logcat": "^found it$", "tag": "Probe"}},
        events=[{"id": "done", "when": "marker", "reward": 1.0, "end": "success"}],
    )
    env.reset(seed=0)
    phone = env.unwrapped.device.phone
    for step in range(50):
        for i in range(200):
            phone.log(NOTES, "Probe", f"noise {step}.{i}")
        _, _, terminated, _, _ = actions.play(env, actions.wait())
        assert not terminated
    phone.log(NOTES, "Probe", "found it")
    _, reward, terminated, _, info = actions.play(env, actions.wait())
    assert terminated and info["success"] and reward == 1.0


# patterns that backtrack ----------------------------------------------------------------------
BACKTRACKS = r"^(a|aa)+$"
"""A pattern that backtracks catastrophically on a run of ``a`` that does not match."""


def pattern_signal(name: str, signal: dict[str, Any]) -> dict[str, Any]:
    """Overrides adding the signal ``name``, read by an event."""
    return {
        "signals": {**BASE_TASK["signals"], name: signal},
        "events": [*BASE_TASK["events"], {"id": f"{name}_seen", "when": name}],
    }


def test_a_pattern_that_backtracks_on_the_agents_answer_fails_loudly_not_forever() -> None:
    env = make_env(**pattern_signal("said", {"answer": BACKTRACKS, "match": "regex"}))
    env.reset(seed=0)
    answer = actions.answer("a" * 40 + "!")
    with pytest.raises(TaskFileError, match=r"signals\.said: regex .* took over 0\.5 s"):
        within_guard(lambda: actions.play(env, answer))


def test_a_pattern_that_backtracks_on_a_log_line_fails_loudly_not_forever() -> None:
    env = make_env(**pattern_signal("logged", {"logcat": BACKTRACKS}))
    env.reset(seed=0)
    device = env.device
    assert isinstance(device, SimDevice)
    device.phone.log("I", "Test", "a" * 40 + "!")
    with pytest.raises(TaskFileError, match=r"signals\.logged: regex .* backtracks"):
        within_guard(lambda: actions.play(env, actions.wait()))


def test_patterns_with_lookarounds_still_match() -> None:
    env = make_env(**pattern_signal("said", {"answer": r"^(?!no\b)\w+(?<=s)$", "match": "regex"}))
    env.reset(seed=0)
    actions.play(env, actions.answer("yes"))
    assert env.episode is not None and env.episode.board.value("said")
