"""Task file errors: each is a TaskFileError that names the file, the field path and the problem."""

from __future__ import annotations

import pathlib

import pytest
import yaml

from mobile_gym.env import MobileEnv
from mobile_gym.tasks.schema import AttachedDatabase, TaskFileError, load_task_file, parse_task
from tests.tasks.tasktools import make_env, spec, task_data, write_task

SOURCE = "tasks/broken.yaml"


def error_of(data: dict) -> str:
    with pytest.raises(TaskFileError) as caught:
        parse_task(data, SOURCE)
    return str(caught.value)


def assert_names(message: str, path: str, *problem: str) -> None:
    """The message names the file and ``path`` on one line, with every ``problem`` fragment."""
    lines = [line for line in message.splitlines() if line.startswith(f"{SOURCE}: {path}:")]
    assert lines, f"no line names {SOURCE}: {path}: in {message!r}"
    assert any(all(p.lower() in line.lower() for p in problem) for line in lines), message


def test_a_valid_task_parses() -> None:
    spec = parse_task(task_data(), SOURCE)
    assert spec.id == "test.inline"
    assert spec.step_cap() == 2


def test_missing_field() -> None:
    data = task_data()
    del data["title"]
    assert_names(error_of(data), "title", "required")


def test_missing_nested_field() -> None:
    data = task_data(signals={"wifi_off": {"sql": "SELECT 1", "package": "p", "expect": []}})
    assert_names(error_of(data), "signals.wifi_off.database", "required")


def test_wrong_type() -> None:
    assert_names(error_of(task_data(min_steps="many")), "min_steps", "valid integer")


def test_wrong_type_in_a_signal() -> None:
    data = task_data(signals={"wifi_off": {"setting": "global/wifi_on", "equals": [0]}})
    assert_names(error_of(data), "signals.wifi_off.equals", "valid string")
    number = task_data(signals={"wifi_off": {"setting": "global/wifi_on", "equals": 0}})
    assert parse_task(number, SOURCE).signals["wifi_off"].equals == "0"  # the text it reads as


def test_unknown_field_is_rejected() -> None:
    data = task_data(signals={"wifi_off": {"setting": "global/wifi_on", "equal": "0"}})
    assert_names(error_of(data), "signals.wifi_off.equal", "extra inputs")


def test_unknown_signal_kind() -> None:
    data = task_data(signals={"wifi_off": {"setting": "global/wifi_on", "equals": "0"}, "x": {}})
    data["signals"]["x"] = {"battery": "low"}
    assert_names(error_of(data), "signals.x", "exactly one of the keys", "xpath", "mcp_call")


def test_two_signal_kinds_in_one_signal() -> None:
    data = task_data(signals={"wifi_off": {"xpath": "//node", "screen_text": "Wi-Fi"}})
    assert_names(error_of(data), "signals.wifi_off", "exactly one of the keys")


def test_bad_setting_name() -> None:
    data = task_data(signals={"wifi_off": {"setting": "wifi_on", "equals": "0"}})
    assert_names(error_of(data), "signals.wifi_off.setting", "global/KEY")


def test_event_uses_unknown_signal() -> None:
    data = task_data(events=[{"id": "done", "when": "ghost", "end": "success"}])
    assert_names(error_of(data), "events.0.when", "unknown signal", "ghost")


def test_unknown_signal_deep_in_a_condition() -> None:
    when = {"all": ["wifi_off", {"any": [{"not": "ghost"}]}]}
    data = task_data(events=[{"id": "done", "when": when, "end": "success"}])
    assert_names(error_of(data), "events.0.when", "unknown signal", "ghost")


def test_unknown_condition_kind() -> None:
    data = task_data(events=[{"id": "done", "when": {"xor": ["wifi_off"]}, "end": "success"}])
    assert_names(error_of(data), "events.0.when", "exactly one of the keys")


def test_unknown_after_event() -> None:
    events = [
        {"id": "first", "when": "wifi_off"},
        {"id": "done", "when": "wifi_off", "after": ["first", "ghost"], "end": "success"},
    ]
    assert_names(error_of(task_data(events=events)), "events.1.after", "unknown event", "ghost")


def test_event_after_itself() -> None:
    events = [{"id": "done", "when": "wifi_off", "after": ["done"], "end": "success"}]
    assert_names(error_of(task_data(events=events)), "events.0.after", "done")


def test_duplicate_event_ids() -> None:
    events = [
        {"id": "done", "when": "wifi_off", "end": "success"},
        {"id": "done", "when": "wifi_off"},
    ]
    assert_names(error_of(task_data(events=events)), "events.1.id", "done", "more than once")


def test_no_success_event() -> None:
    events = [{"id": "lost", "when": "wifi_off", "end": "failure"}]
    assert_names(error_of(task_data(events=events)), "events", "no event ends", "success")


@pytest.mark.parametrize("value", [0, -3, True, 4.0, "4", "3x_min"])
def test_invalid_max_steps(value: object) -> None:
    message = error_of(task_data(max_steps=value))
    assert_names(message, "max_steps", "positive integer, '2x_min' or 'none'", repr(value))
    assert len(message.splitlines()) == 1, message


def test_invalid_min_steps() -> None:
    assert_names(error_of(task_data(min_steps=0)), "min_steps", "greater than or equal to 1")


def test_bad_task_id() -> None:
    assert_names(error_of(task_data(id="NoDots")), "id", "pattern")


def test_range_low_above_high() -> None:
    data = task_data(parameters={"n": {"range": [5, 2]}})
    assert_names(error_of(data), "parameters.n.range", "above high")


def test_empty_choice() -> None:
    data = task_data(parameters={"n": {"choice": []}})
    assert_names(error_of(data), "parameters.n.choice", "at least 1")


@pytest.mark.parametrize(
    "sql",
    [
        "DELETE FROM notes",
        "UPDATE notes SET title = 'x'",
        "PRAGMA query_only = OFF",
        "SELECT 1; DROP TABLE notes",
        "ATTACH DATABASE 'x.db' AS x",
    ],
)
def test_sql_signal_must_be_a_single_select(sql: str) -> None:
    signal = {"sql": sql, "package": "p", "database": "d", "expect": []}
    data = task_data(signals={"wifi_off": signal})
    assert_names(error_of(data), "signals.wifi_off.sql", "single SELECT")


def test_sql_signal_attaches_under_names_of_its_own() -> None:
    def signal(attach: dict) -> dict:
        return {"sql": "SELECT 1", "package": "p", "database": "d", "expect": [], "attach": attach}

    other = {"package": "q", "database": "e"}
    assert_names(
        error_of(task_data(signals={"wifi_off": signal({"main": other})})),
        "signals.wifi_off.attach",
        "main",
    )
    assert_names(
        error_of(task_data(signals={"wifi_off": signal({"Two Words": other})})),
        "signals.wifi_off.attach.Two Words.[key]",
        "pattern",
    )
    five = {f"db{i}": other for i in range(5)}
    assert_names(
        error_of(task_data(signals={"wifi_off": signal(five)})),
        "signals.wifi_off.attach",
        "at most 4",
    )
    assert_names(
        error_of(task_data(signals={"wifi_off": signal({"x": {"package": "q"}})})),
        "signals.wifi_off.attach.x.database",
        "required",
    )
    written = signal({"x": other}) | {"sql": "WITH t AS (SELECT 1) DELETE FROM x.rows"}
    assert_names(
        error_of(task_data(signals={"wifi_off": written})), "signals.wifi_off.sql", "DELETE"
    )
    read = signal({"x": other}) | {"sql": "SELECT a.id FROM rows a JOIN x.rows b USING (id)"}
    parsed = parse_task(task_data(signals={"wifi_off": read}), SOURCE).signals["wifi_off"]
    assert parsed.attach == {"x": AttachedDatabase(package="q", database="e")}


def test_select_with_trailing_semicolon_is_fine() -> None:
    signal = {"sql": "SELECT 1;", "package": "p", "database": "d", "expect": [[1]]}
    assert parse_task(task_data(signals={"wifi_off": signal}), SOURCE).signals["wifi_off"]


def test_solution_step_with_two_actions() -> None:
    data = task_data(solution=[{"key": "HOME"}, {"click": {"id": "a"}, "key": "BACK"}])
    assert_names(error_of(data), "solution.1", "exactly one action", "click", "key")


@pytest.mark.parametrize(
    ("signal", "problem"),
    [
        ({"setting": "global/wifi_on"}, "would always hold"),
        ({"setting": "system/screen_brightness", "at_least": 200, "at_most": 100}, "above"),
    ],
)
def test_setting_signal_that_cannot_fail_or_hold(signal: dict, problem: str) -> None:
    assert_names(error_of(task_data(signals={"wifi_off": signal})), "signals.wifi_off", problem)


@pytest.mark.parametrize(
    ("signal", "path", "problem"),
    [
        ({"screen_text": ""}, ".screen_text", "at least 1 character"),
        ({"logcat": ""}, ".logcat", "at least 1 character"),
        ({"answer": ""}, ".answer", "at least 1 character"),
        ({"file": "/sdcard/*", "contains": ""}, ".contains", "at least 1 character"),
        ({"file": "/sdcard/*", "min_count": 0}, "", "would always hold"),
        ({"content": "content://sms/sent", "min_rows": 0}, ".min_rows", "greater than"),
    ],
)
def test_signal_that_would_always_hold(signal: dict, path: str, problem: str) -> None:
    assert_names(
        error_of(task_data(signals={"wifi_off": signal})), f"signals.wifi_off{path}", problem
    )


def test_xpath_count_cannot_be_negative() -> None:
    data = task_data(signals={"wifi_off": {"xpath": "//node", "count": -1}})
    assert_names(error_of(data), "signals.wifi_off.count", "greater than or equal to 0")


def test_solution_key_is_an_android_key() -> None:
    data = task_data(solution=[{"key": "enter"}, {"key": "KEYCODE_BACK"}, {"key": "RETRUN"}])
    assert_names(error_of(data), "solution.2.key", "unknown Android key 'RETRUN'")
    assert "solution.0" not in error_of(data) and "solution.1" not in error_of(data)


def test_empty_solution_step() -> None:
    assert_names(error_of(task_data(solution=[{}])), "solution.0", "exactly one action")


def test_not_a_mapping() -> None:
    with pytest.raises(TaskFileError, match=r"^tasks/broken\.yaml: .*mapping.*list"):
        parse_task([1, 2], SOURCE)


def test_every_problem_is_reported_at_once() -> None:
    data = task_data(min_steps="x", title=3)
    message = error_of(data)
    assert_names(message, "min_steps", "integer")
    assert_names(message, "title", "string")


# files -------------------------------------------------------------------------------------
def test_malformed_yaml_names_the_file_and_position(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("id: a.b\ntitle: [unclosed\nmin_steps: 1\n", encoding="utf-8")
    with pytest.raises(TaskFileError) as caught:
        load_task_file(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: not valid YAML")
    assert "line" in message


def test_missing_file(tmp_path: pathlib.Path) -> None:
    with pytest.raises(TaskFileError, match="no such task file"):
        load_task_file(tmp_path / "nope.yaml")


def test_schema_error_from_a_file_names_the_file(tmp_path: pathlib.Path) -> None:
    path = write_task(tmp_path, min_steps="many")
    with pytest.raises(TaskFileError) as caught:
        MobileEnv(task=path)
    assert str(caught.value).startswith(f"{path}: min_steps:")


def test_yaml_file_round_trip(tmp_path: pathlib.Path) -> None:
    path = write_task(tmp_path)
    assert load_task_file(path) == parse_task(yaml.safe_load(path.read_text()), str(path))


# template errors, found when the file is loaded ---------------------------------------------
@pytest.mark.parametrize(
    ("template", "shown"),
    [
        ("Hi {a.b}", "{a.b}"),
        ("Hi {x!r}", "{x!r}"),
        ("Hi {x:>5}", "{x:>5}"),
        ("Hi {a[0]}", "{a[0]}"),
    ],
)
def test_template_with_more_than_a_name(template: str, shown: str) -> None:
    with pytest.raises(TaskFileError) as caught:
        spec(
            instruction={"template": template},
            parameters={"x": {"choice": [1]}, "a": {"choice": [[1]]}},
        )
    message = str(caught.value)
    assert message.startswith("inline (test.inline): instruction.template:")
    assert "only plain {name} fields" in message
    assert shown in message


@pytest.mark.parametrize(
    ("overrides", "where"),
    [
        ({"instruction": {"template": "Call {who}."}}, "instruction.template"),
        (
            {"instruction": {"template": "Call.", "paraphrases": ["Call {who}."]}},
            "instruction.paraphrases.0",
        ),
        (
            {
                "events": [
                    {"id": "done", "when": "wifi_off", "end": "success", "instruction": "{who}"}
                ]
            },
            "events.done.instruction",
        ),
        ({"signals": {"wifi_off": {"screen_text": "{who}"}}}, "signals.wifi_off"),
        (
            {"setup": {"settings": [{"namespace": "global", "key": "{who}", "value": "1"}]}},
            "setup",
        ),
        ({"solution": [{"answer": "{who}"}]}, "solution.0"),
    ],
)
def test_unknown_parameter_found_when_the_file_is_loaded(overrides: dict, where: str) -> None:
    with pytest.raises(
        TaskFileError, match=rf"^inline \(test\.inline\): {where}: unknown parameter \{{who\}}"
    ):
        spec(**overrides)


def test_malformed_template_found_when_the_file_is_loaded() -> None:
    with pytest.raises(
        TaskFileError, match=r"^inline \(test\.inline\): instruction.template: malformed template"
    ):
        spec(instruction={"template": "Hi {"})


def test_every_unknown_parameter_is_a_line_of_its_own() -> None:
    with pytest.raises(TaskFileError) as raised:
        spec(
            instruction={"template": "Call {who}.", "paraphrases": ["Phone {whom}."]},
            signals={"wifi_off": {"screen_text": "{what}"}},
        )
    assert [line.rsplit(" ", 1)[-1] for line in raised.value.problems] == [
        "{who}",
        "{whom}",
        "{what}",
    ]


def test_bad_setup_time() -> None:
    env = make_env(setup={"time": "yesterday"})
    with pytest.raises(TaskFileError, match=r"^inline \(test\.inline\): setup\.time:"):
        env.reset(seed=0)


@pytest.mark.parametrize(
    ("signal", "problem"),
    [
        ({"xpath": "//node[@text="}, "invalid XPath"),
        ({"xpath": "//node[@text='{word}'][", "parameters": True}, "invalid XPath"),
        ({"logcat": "(unclosed"}, "invalid regex"),
        ({"logcat": "^Opened ({word}$", "parameters": True}, "invalid regex"),
        ({"screen_text": "[a-", "match": "regex"}, "invalid regex"),
        ({"answer": "(x", "match": "regex"}, "invalid regex"),
        ({"ask_user": "*x"}, "invalid regex"),
        ({"xpath": "//node[re:test(@text, '(a')]"}, "invalid regex"),
    ],
)
def test_invalid_xpath_or_regex_when_the_task_is_loaded(signal: dict, problem: str) -> None:
    signal = dict(signal)
    parameters = (
        {"word": {"choice": ["Music", "Movies"]}} if signal.pop("parameters", False) else {}
    )
    with pytest.raises(TaskFileError) as caught:
        spec(
            parameters=parameters,
            signals={"wifi_off": {"setting": "global/wifi_on", "equals": "0"}, "bad": signal},
            events=[
                {"id": "seen", "when": "bad"},
                {"id": "done", "when": "wifi_off", "end": "success"},
            ],
        )
    assert caught.value.problems == [caught.value.problems[0]]  # one line, for the one signal
    message = caught.value.problems[0]
    assert message.startswith("inline (test.inline): signals.bad: signal 'bad': ")
    assert problem in message


def test_a_pattern_that_breaks_only_with_an_episodes_value_is_refused_when_it_starts() -> None:
    """The dry run at load fills a template with the values of seed 0 (and the originals);
    an episode whose values make a pattern that does not compile refuses to start."""
    env = make_env(
        parameters={"group": {"choice": ["two words", "word"], "original": "word"}},
        signals={
            "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
            "named": {"logcat": "^(?P<{group}>x)$"},  # a group's name cannot hold a space
        },
        events=[
            {"id": "seen", "when": "named"},
            {"id": "done", "when": "wifi_off", "end": "success"},
        ],
    )
    problems, started = set(), 0
    for seed in range(12):
        try:
            env.reset(seed=seed)
        except TaskFileError as exc:
            problems.add(str(exc))
        else:
            started += 1
    assert 0 < started < 12
    assert len(problems) == 1, problems
    (problem,) = problems
    assert problem.startswith("inline (test.inline): signals.named: signal 'named': invalid regex")
    assert "bad character in group name" in problem


def test_regex_that_is_valid_only_in_a_non_regex_match_is_fine() -> None:
    env = make_env(signals={"wifi_off": {"screen_text": "[a-", "match": "contains"}})
    env.reset(seed=0)
    assert env.episode is not None and env.episode.board.values == {"wifi_off": False}
