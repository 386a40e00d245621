"""Every way a task file can be wrong is a TaskFileError naming the file, the field and the
problem: found when the file is loaded where it can be, when an episode starts otherwise;
never a raw exception. ``mobile-gym show`` and the eval plan print one line per problem."""

from __future__ import annotations

import math
import pathlib
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.env import MobileEnv
from mobile_gym.eval.plan import PlanError, select_tasks
from mobile_gym.tasks.schema import TaskFileError, load_task_file
from mobile_gym.tasks.solution import run_solution
from tests.tasks.tasktools import NETWORK, NOTES, SETTINGS, task_data, write_task

START = {"package": SETTINGS, "activity": NETWORK}


def rows(table: str = "notes", database: str = "notes", **row: Any) -> dict[str, Any]:
    """A setup that writes ``row`` into the notes app's ``table``, then opens Settings."""
    block = {"package": NOTES, "database": database, "table": table, "rows": [row]}
    return {"setup": {"database": [block], "start": START}}


def signal(name: str, spec: dict[str, Any]) -> dict[str, Any]:
    """Overrides that add signal ``name`` and an event that reads it."""
    base = task_data()
    return {
        "signals": {**base["signals"], name: spec},
        "events": [*base["events"], {"id": f"{name}_seen", "when": name}],
    }


def one_line(message: str, path: pathlib.Path, field: str, problem: str) -> None:
    """Some line of ``message`` names the file and ``field``, and says ``problem``."""
    lines = [line for line in message.splitlines() if line.startswith(str(path))]
    assert any(field in line and problem.lower() in line.lower() for line in lines), message


def error_of(action: Any) -> TaskFileError:
    with pytest.raises(TaskFileError) as caught:
        action()
    return caught.value


# found when the file is loaded ----------------------------------------------------------------
LOAD = {
    "when is a number": (
        {"events": [{"id": "done", "when": 5, "end": "success"}]},
        "events.0.when",
        "must be a signal name",
    ),
    "not given a list": (
        {"events": [{"id": "done", "when": {"not": ["wifi_off", "wifi_off"]}, "end": "success"}]},
        "events.0.when.not",
        "must be a signal name",
    ),
    "compute overflows": (
        {"parameters": {"x": {"compute": "1e308 * 10"}}},
        "parameters.x",
        "out of range",
    ),
    "compute multiplies past 64 bits": (
        {"parameters": {"x": {"compute": "99999999999 * 99999999999"}}},
        "parameters.x",
        "out of range",
    ),
    "compute nests too deep": (
        {"parameters": {"x": {"compute": "-" * 600 + "1"}}},
        "parameters.x",
        "nested more than",
    ),
    "compute is too long": (
        {"parameters": {"x": {"compute": "1 + " * 400 + "1"}}},
        "parameters.x",
        "longer than",
    ),
    "max with one argument": (
        {"parameters": {"x": {"compute": "max(1)"}}},
        "parameters.x",
        "max() takes 2 or more arguments",
    ),
    "abs with two arguments": (
        {"parameters": {"x": {"compute": "abs(1, 2)"}}},
        "parameters.x",
        "abs() takes exactly 1",
    ),
    "date past year 9999": (
        {"parameters": {"d": {"date": "9999-12-31", "add_days": 1}}},
        "parameters.d",
        "out of range",
    ),
    "date moved by a trillion days": (
        {"parameters": {"d": {"date": "2024-01-01", "add_days": 10**12}}},
        "parameters.d",
        "days",
    ),
    "add_days from a list parameter": (
        {"parameters": {"p": {"choice": [[1]]}, "d": {"date": "2024-01-01", "add_days": "{p}"}}},
        "parameters.d",
        "whole number",
    ),
    "huge range": (
        {"parameters": {"n": {"range": [0, 10**30]}}},
        "parameters.n.range",
        "within ±1e+18",
    ),
    "unlike names no parameter": (
        {"parameters": {"b": {"range": [1, 2], "unlike": ["zz"]}}},
        "parameters.b",
        "unknown parameter 'zz'",
    ),
    "a list as a row value": (
        rows(title=[1, 2]),
        "setup.database.0.rows.0.title",
        "valid string",
    ),
    "NaN reward": (
        {"events": [{"id": "done", "when": "wifi_off", "reward": math.nan, "end": "success"}]},
        "events.0.reward",
        "finite number",
    ),
    "infinite reward": (
        {"events": [{"id": "done", "when": "wifi_off", "reward": math.inf, "end": "success"}]},
        "events.0.reward",
        "finite number",
    ),
    "NaN threshold": (
        signal("t", {"screen_text": "Wi-Fi", "match": "fuzzy", "threshold": math.nan}),
        "signals.t.threshold",
        "finite number",
    ),
    "answer to match as a number is no number": (
        signal("a", {"answer": "about five", "match": "number"}),
        "signals.a.answer",
        "needs a finite number",
    ),
    "type step without text": (
        {"solution": [{"type": {"into": {"id": "x"}}}]},
        "solution.0.type.text",
        "required",
    ),
    "wait of negative time": (
        {"solution": [{"wait": -5}]},
        "solution.0.wait",
        "greater than or equal to 0",
    ),
    "a row value past SQLite's integers": (
        rows(title=10**30),
        "setup.database.0.rows.0.title",
        "past SQLite's integers",
    ),
    "a click on a selector no node answers to": (
        {"solution": [{"click": {"nothing": "1"}}]},
        "solution.0.click",
        "unknown selector key 'nothing'",
    ),
    "a click on an empty selector": (
        {"solution": [{"click": {}}]},
        "solution.0.click",
        "at least one key",
    ),
    "an unknown parameter in the instruction": (
        {"instruction": {"template": "Turn off {what}."}},
        "instruction.template",
        "unknown parameter {what}",
    ),
    "an unknown parameter in a query's parameters": (
        signal(
            "q",
            {
                "sql": "SELECT 1 WHERE ? = 1",
                "package": "p",
                "database": "d",
                "params": ["{who}"],
                "expect": [[1]],
            },
        ),
        "signals.q",
        "unknown parameter {who}",
    ),
    "a tool call judged in a task without tools": (
        signal("tool", {"mcp_call": "device_info"}),
        "signals.tool.mcp_call",
        "not offered to the agent: the task has no tools block",
    ),
    "a tool call judged that none of the task's servers offers": (
        {**signal("tool", {"mcp_call": "gitHub_list_issues"}), "tools": ["arXiv"]},
        "signals.tool.mcp_call",
        "the tools of its servers are named arXiv_",
    ),
    "a reference tool call that none of the task's servers offers": (
        {
            "solution": [*task_data()["solution"], {"mcp_call": {"tool": "search_arxiv"}}],
            "tools": ["arXiv"],
        },
        "solution.1.mcp_call.tool",
        "'search_arxiv' is not offered",
    ),
    "an mcp task without tools": ({"category": "mcp"}, "category", "needs a tools block"),
    "a filled-in answer to match as a number": (
        {
            "parameters": {"w": {"choice": ["many"]}},
            **signal("a", {"answer": "{w}", "match": "number"}),
        },
        "signals.a",
        "needs a finite number",
    ),
    "a regex that does not compile": (
        signal("log", {"logcat": "^Opened ("}),
        "signals.log",
        "invalid regex '^Opened (': missing )",
    ),
    "a regex that does not compile once filled in": (
        {
            "parameters": {"w": {"choice": ["Music"]}},
            **signal("log", {"logcat": "^Opened [{w}"}),
        },
        "signals.log",
        "invalid regex '^Opened [Music'",
    ),
    "an XPath that does not compile": (
        signal("x", {"xpath": "//node[@text='{w}'"}) | {"parameters": {"w": {"choice": ["a"]}}},
        "signals.x",
        "invalid XPath \"//node[@text='a'\"",
    ),
}


@pytest.mark.parametrize("case", list(LOAD))
def test_problems_found_when_the_file_is_loaded(tmp_path: pathlib.Path, case: str) -> None:
    overrides, field, problem = LOAD[case]
    path = write_task(tmp_path, **overrides)
    one_line(str(error_of(lambda: load_task_file(path))), path, field, problem)


def test_events_after_each_other_in_a_cycle_are_refused(tmp_path: pathlib.Path) -> None:
    events = [
        {"id": "a", "when": "wifi_off", "after": ["c"]},
        {"id": "b", "when": "wifi_off", "after": ["a"]},
        {"id": "c", "when": "wifi_off", "after": ["b"]},
        {"id": "done", "when": "wifi_off", "after": ["a"], "end": "success"},
    ]
    path = write_task(tmp_path, events=events)
    message = str(error_of(lambda: load_task_file(path)))
    one_line(message, path, "events.", "in a cycle, so none of them can ever fire")
    assert "'a' -> 'c' -> 'b' -> 'a'" in message or "'c' -> 'b' -> 'a' -> 'c'" in message


def test_an_event_after_itself_is_a_cycle(tmp_path: pathlib.Path) -> None:
    events = [{"id": "done", "when": "wifi_off", "after": ["done"], "end": "success"}]
    path = write_task(tmp_path, events=events)
    one_line(str(error_of(lambda: load_task_file(path))), path, "events.0.after", "cycle")


def test_every_problem_is_one_line_of_its_own(tmp_path: pathlib.Path) -> None:
    fields = write_task(tmp_path, "fields.yaml", title=3, min_steps="x", apps="x")
    error = error_of(lambda: load_task_file(fields))
    assert [p.split(": ")[1] for p in error.problems] == ["title", "apps", "min_steps"]
    assert str(error).splitlines() == error.problems
    references = write_task(
        tmp_path,
        "references.yaml",
        events=[
            {"id": "done", "when": "nope", "reward": 1.0},
            {"id": "done", "when": "wifi_off", "after": ["never"]},
        ],
    )
    error = error_of(lambda: load_task_file(references))
    assert [p.split(": ")[1] for p in error.problems] == [
        "events.1.id",
        "events.0.when",
        "events.1.after",
        "events",
    ], error.problems
    assert all(problem.startswith(f"{references}: ") for problem in error.problems)


# the file itself ---------------------------------------------------------------------------
def base_yaml() -> str:
    return yaml.safe_dump(task_data(), sort_keys=False)


RAW = {
    "not UTF-8": (
        lambda: base_yaml().replace("Inline", "Caf\xe9").encode("latin-1"),
        "not UTF-8 text: byte 0xe9 at offset",
    ),
    "3,000-deep nesting": (
        lambda: (base_yaml() + "extra: " + "[" * 3000 + "]" * 3000 + "\n").encode(),
        "nested more than 50 levels deep",
    ),
    "1,000-deep block nesting": (
        lambda: (
            base_yaml() + "".join(f"{' ' * i}k:\n" for i in range(1000)) + " " * 1000 + "x\n"
        ).encode(),
        "nested more than 50 levels deep",
    ),
    "a key given twice": (
        lambda: (base_yaml() + "title: Again\n").encode(),
        "key 'title' is given twice",
    ),
    "a hashtag that YAML reads as a comment": (
        lambda: (
            base_yaml().replace("title: Inline test task", "title: Posts tagged #cats").encode()
        ),
        "the value 'Posts tagged' ends at '#cats', which YAML reads as a comment: quote",
    ),
    "a hashtag cutting a list item": (
        lambda: (base_yaml() + "extra:\n  - say hi #meetup\n").encode(),
        "the value 'say hi' ends at '#meetup'",
    ),
    "an integer of 5,000 digits": (
        lambda: base_yaml().replace("min_steps: 1", "min_steps: " + "9" * 5000).encode(),
        "not valid YAML",
    ),
    "a date that does not exist": (
        lambda: base_yaml().replace("title: Inline test task", "title: 2024-13-45").encode(),
        "not valid YAML",
    ),
    "more than a mebibyte": (
        lambda: (base_yaml() + "# " + "x" * (1024 * 1024) + "\n").encode(),
        "larger than 1,048,576 bytes",
    ),
}


@pytest.mark.parametrize("case", list(RAW))
def test_files_that_are_not_task_yaml(tmp_path: pathlib.Path, case: str) -> None:
    make, problem = RAW[case]
    path = tmp_path / "task.yaml"
    path.write_bytes(make())
    message = str(error_of(lambda: load_task_file(path)))
    assert len(message.splitlines()) == 1, message
    assert message.startswith(f"{path}: ") and problem in message, message


def test_comments_and_quoted_hashtags_are_read_as_written(tmp_path: pathlib.Path) -> None:
    text = base_yaml().replace("title: Inline test task", 'title: "Posts tagged #cats"  # note')
    path = tmp_path / "task.yaml"
    path.write_text(text + "# a comment line\n", encoding="utf-8")
    assert load_task_file(path).title == "Posts tagged #cats"


def test_a_folder_is_no_task_file(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "task.yaml"
    folder.mkdir()
    message = str(error_of(lambda: load_task_file(folder)))
    assert message.startswith(f"{folder}: cannot be read"), message


# found when an episode starts ----------------------------------------------------------------
RESET = {
    "a relative file path": (
        {"setup": {"files": [{"path": "notes.txt", "text": "x"}], "start": START}},
        "setup.files.0",
        "must be absolute",
    ),
    "an unknown table": (rows(table="no_such", title="x"), "setup.database.0", "no such table"),
    "an unknown column": (rows(no_such="x"), "setup.database.0", "no column named no_such"),
    "a column name that is no identifier": (
        rows(**{"a b": 1}),
        "setup.database.0",
        "invalid column names",
    ),
    "an unknown database": (
        rows(database="no_such", title="x"),
        "setup.database.0",
        "has no database 'no_such'",
    ),
    "an unknown start package": (
        {"setup": {"start": {"package": "com.example.nope"}}},
        "setup.start",
        "'com.example.nope' is not installed",
    ),
    "an unknown start activity": (
        {"setup": {"start": {"package": SETTINGS, "activity": ".Nope"}}},
        "setup.start",
        "has no activity '.Nope'",
    ),
    "a list parameter as a row value": (
        {"parameters": {"p": {"choice": [[1, 2]]}}, **rows(title="{p}")},
        "setup",
        "after filling in parameters",
    ),
    "a query that fails": (
        signal(
            "q",
            {"sql": "SELECT nope FROM notes", "package": NOTES, "database": "notes", "expect": []},
        ),
        "signals.q",
        "SQL query failed: no such column: nope",
    ),
    "a query of an unknown database": (
        signal("q", {"sql": "SELECT 1", "package": NOTES, "database": "no_such", "expect": []}),
        "signals.q",
        "has no database 'no_such'",
    ),
    "a query of an app not installed": (
        signal(
            "q", {"sql": "SELECT 1", "package": "com.example.nope", "database": "d", "expect": []}
        ),
        "signals.q",
        "is not installed",
    ),
    "an XPath calling an unknown function": (
        signal("x", {"xpath": "//node[nope()]"}),
        "signals.x",
        "XPath failed: Unregistered function",
    ),
    "an instruction longer than an observation holds, filled in": (
        {
            "parameters": {"w": {"choice": ["word " * 1000]}},
            "instruction": {"template": "Turn Wi-Fi off: {w}"},
        },
        "instruction",
        "more than the 4,096 an observation's instruction holds",
    ),
}


@pytest.mark.parametrize("case", list(RESET))
def test_problems_found_when_an_episode_starts(tmp_path: pathlib.Path, case: str) -> None:
    overrides, field, problem = RESET[case]
    path = write_task(tmp_path, **overrides)
    env = MobileEnv(path)
    one_line(str(error_of(lambda: env.reset(seed=0))), path, field, problem)


def test_a_number_parameter_is_a_valid_answer_step(tmp_path: pathlib.Path) -> None:
    path = write_task(
        tmp_path,
        parameters={"code": {"range": [4000, 4000]}},
        setup={"start": START},
        instruction={"template": "Answer {code}."},
        signals={"said": {"answer": "{code}"}},
        events=[{"id": "done", "when": "said", "reward": 1.0, "end": "success"}],
        solution=[{"answer": "{code}"}],
    )
    env = MobileEnv(path)
    env.reset(seed=0)
    steps, reward, ended, info = run_solution(env)
    assert (steps, reward, ended, info["success"]) == (1, 1.0, True, True)


# how the command line reports them --------------------------------------------------------
SHOWN = ["not UTF-8", "3,000-deep nesting", "a key given twice"]


@pytest.mark.parametrize("case", SHOWN)
def test_show_prints_the_problem_not_a_traceback(tmp_path: pathlib.Path, case: str) -> None:
    path = tmp_path / "task.yaml"
    path.write_bytes(RAW[case][0]())
    result = CliRunner().invoke(app, ["show", str(path)])
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert result.stderr.startswith(f"error: {path}: ") and len(result.stderr.splitlines()) == 1


def test_show_prints_one_line_per_problem(tmp_path: pathlib.Path) -> None:
    path = write_task(
        tmp_path, title=3, min_steps="x", events=[{"id": "done", "when": 5, "end": "success"}]
    )
    result = CliRunner().invoke(app, ["show", str(path)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 3, lines
    assert all(line.startswith(f"error: {path}: ") for line in lines)
    for field in ("title", "min_steps", "events.0.when"):
        assert any(line.startswith(f"error: {path}: {field}: ") for line in lines), lines


def test_the_eval_plan_keeps_every_problem(tmp_path: pathlib.Path) -> None:
    path = write_task(tmp_path, title=3, min_steps="x")
    with pytest.raises(PlanError) as caught:
        select_tasks([], [str(path)])
    lines = str(caught.value).splitlines()
    assert [line.split(": ")[1] for line in lines] == ["title", "min_steps"], lines
