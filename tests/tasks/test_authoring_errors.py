"""Authoring mistakes a task file gets a clear error for, at the field path as the file
writes it, and what is written right that must load."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest
import yaml

from mobile_gym import actions
from mobile_gym.tasks.schema import TaskFileError, load_task_file
from tests.tasks.tasktools import make_env, task_data

BROKEN_SQL = {"sql": "SELEC broken", "package": "p.q", "database": "d", "expect": [[1]]}


def problems_of(tmp_path: pathlib.Path, **overrides: Any) -> list[str]:
    """The problems loading a task file with ``overrides`` gives, without the file's name."""
    path = tmp_path / "task.yaml"
    path.write_text(yaml.safe_dump(task_data(**overrides), sort_keys=False), encoding="utf-8")
    with pytest.raises(TaskFileError) as caught:
        load_task_file(path)
    assert all(line.startswith(f"{path}: ") for line in caught.value.problems)
    return [line.removeprefix(f"{path}: ") for line in caught.value.problems]


def test_a_signal_no_event_uses_is_refused_by_name(tmp_path: pathlib.Path) -> None:
    signals = {"wifi_off": {"setting": "global/wifi_on", "equals": "0"}, "unused": BROKEN_SQL}
    assert problems_of(tmp_path, signals=signals) == [
        "signals.unused: signal 'unused' is used by no event, so it judges nothing"
    ]


@pytest.mark.parametrize(
    ("overrides", "problem"),
    [
        ({"min_steps": True}, "min_steps: Input should be a valid integer"),
        ({"min_steps": 1.0}, "min_steps: Input should be a valid integer"),
        ({"min_steps": "1"}, "min_steps: Input should be a valid integer"),
        (
            {"max_steps": True},
            "max_steps: max_steps must be a positive integer, '2x_min' or 'none', got True",
        ),
        (
            {"events": [{"id": "done", "when": "wifi_off", "end": "success", "reward": True}]},
            "events.0.reward: Input should be a valid number",
        ),
        (
            {"parameters": {"n": {"range": [False, 3]}}},
            "parameters.n.range.0: Input should be a valid integer",
        ),
        (
            {"signals": {"wifi_off": {"xpath": "//node", "count": True}}},
            "signals.wifi_off.count: Input should be a valid integer",
        ),
    ],
)
def test_a_boolean_or_text_is_no_number(
    tmp_path: pathlib.Path, overrides: dict[str, Any], problem: str
) -> None:
    assert problems_of(tmp_path, **overrides) == [problem]


@pytest.mark.parametrize("app", ["Contacts", "com.android settings", "com.", "1com.app"])
def test_apps_are_android_package_names(tmp_path: pathlib.Path, app: str) -> None:
    assert problems_of(tmp_path, apps=[app]) == [
        f"apps.0: {app!r} is no Android package name (words of letters, digits and _ joined"
        " by dots, each starting with a letter: com.simplemobiletools.contacts.pro)"
    ]


def test_an_app_the_simulated_phone_lacks_may_be_named_for_another_device() -> None:
    """The file loads (it may be for another phone), but the simulated phone refuses to
    start an episode it could never finish, naming the app."""
    env = make_env(apps=["com.android.settings", "com.example.other_phones_app"])
    assert env.task.apps[1] == "com.example.other_phones_app"
    with pytest.raises(TaskFileError, match=r"apps: the device has no app com\.example\.other"):
        env.reset(seed=0)


def test_a_foreground_signal_on_an_app_the_phone_lacks_is_refused_at_reset() -> None:
    signals = {"wifi_off": {"foreground": "com.android.setings"}}  # misspelt
    env = make_env(signals=signals)
    with pytest.raises(
        TaskFileError, match=r"signals\.wifi_off: the device has no app com\.android\.setings"
    ):
        env.reset(seed=0)


def test_another_phones_package_with_an_app_in_its_place_is_accepted() -> None:
    signals = {"wifi_off": {"foreground": "com.google.android.apps.messaging"}}
    env = make_env(apps=["com.android.settings", "org.fossify.calendar"], signals=signals)
    env.reset(seed=0)
    assert env.device.has_app("org.fossify.calendar")
    assert not env.device.has_app("org.fossify.calculator")


@pytest.mark.parametrize(
    ("signal", "path"),
    [
        ({"sql": "DELETE FROM t", "package": "p.q", "database": "d", "expect": []}, "sql"),
        ({"xpath": "//node", "cuont": 1}, "cuont"),
        ({"content": "content://settings/global"}, "content"),
        ({"screen_text": "x", "threshold": 2}, "threshold"),
    ],
)
def test_a_signals_error_names_its_field_as_the_file_does(
    tmp_path: pathlib.Path, signal: dict[str, Any], path: str
) -> None:
    (problem,) = problems_of(tmp_path, signals={"wifi_off": signal})
    assert problem.startswith(f"signals.wifi_off.{path}: "), problem


@pytest.mark.parametrize(
    ("parameter", "path"),
    [({"choice": []}, "choice"), ({"generate": "nope"}, "generate"), ({"range": [3, 1]}, "range")],
)
def test_a_parameters_error_names_its_field_as_the_file_does(
    tmp_path: pathlib.Path, parameter: dict[str, Any], path: str
) -> None:
    (problem,) = problems_of(tmp_path, parameters={"x": parameter})
    assert problem.startswith(f"parameters.x.{path}: "), problem


def test_a_conditions_error_names_its_field_as_the_file_does(tmp_path: pathlib.Path) -> None:
    when = {"all": ["wifi_off", {"not": "Bad Name"}]}
    (problem,) = problems_of(tmp_path, events=[{"id": "done", "when": when, "end": "success"}])
    assert problem.startswith("events.0.when.all.1.not: String should match pattern"), problem


def test_a_regex_repetition_with_no_lower_bound_stays_as_written() -> None:
    env = make_env(
        signals={
            "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
            "code": {"answer": r"^\d{,5}-{n}$", "match": "regex"},
        },
        parameters={"n": {"choice": [7]}},
        events=[
            {"id": "answered", "when": "code"},
            {"id": "done", "when": "wifi_off", "end": "success"},
        ],
    )
    env.reset(seed=0)
    assert env.step(actions.answer("123456-7")[0])[4]["events"] == []
    assert env.step(actions.answer("12345-7")[0])[4]["events"] == ["answered"]
