"""Bad task files and odd inputs fail loudly and precisely, and never take the rest down."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from mobile_gym import actions
from mobile_gym.spaces import ActionType
from mobile_gym.tasks.schema import TaskFileError
from tests.tasks.tasktools import BASE_TASK, make_env, spec, write_task


def test_a_broken_shipped_task_file_is_reported_not_fatal(
    tmp_path: pathlib.Path, monkeypatch
) -> None:
    """A bad file among the shipped tasks: the others load and register, the bad one is
    listed as refused, and asking for it (by id or through gym.make) explains why."""
    import gymnasium as gym
    from typer.testing import CliRunner

    from mobile_gym.cli import app
    from mobile_gym.registration import env_id, register_all
    from mobile_gym.tasks import loader

    real = loader.task_files()
    bad = tmp_path / "broken.yaml"
    bad.write_text("id: broken.task\ntitle: [unclosed\n")
    monkeypatch.setattr(loader, "task_files", lambda: [*real, bad])
    loader._load_shipped.cache_clear()
    loader.shipped_task_files.cache_clear()
    try:
        register_all()
        assert len(loader.shipped_tasks()) == len(real)
        assert any("broken.yaml: not valid YAML" in p for p in loader.broken_task_files())
        refused = r"(?s)unknown task 'broken\.task'.*refused: .*broken\.yaml: not valid YAML"
        with pytest.raises(TaskFileError, match=refused):
            loader.resolve_task("broken.task")
        with pytest.raises(TaskFileError, match=refused):
            gym.make(env_id("broken.task"))
        listed = CliRunner().invoke(app, ["list", "tasks", "--format", "plain"])
        assert listed.exit_code == 0
        assert "refused: " in listed.stderr and "broken.yaml: not valid YAML" in listed.stderr
        assert "mab.note_add" in listed.stdout and "broken.task" not in listed.stdout
    finally:
        gym.envs.registration.registry.pop(env_id("broken.task"), None)
        loader._load_shipped.cache_clear()
        loader.shipped_task_files.cache_clear()


@pytest.mark.parametrize(
    "sql",
    [
        "WITH x AS (SELECT 1) DELETE FROM notes",
        "SELECT 1 UNION SELECT 2; DROP TABLE notes",
        "PRAGMA table_info(notes)",
    ],
)
def test_sql_signals_that_could_write_are_refused(sql: str) -> None:
    signals = {
        **BASE_TASK["signals"],
        "q": {"sql": sql, "package": "p", "database": "d", "expect": [[1]]},
    }
    with pytest.raises(TaskFileError, match=r"signals\.q\.sql: must"):
        spec(signals=signals)


def test_a_failing_query_is_a_task_file_error_not_a_crash() -> None:
    signals = {
        **BASE_TASK["signals"],
        "q": {
            "sql": "SELECT missing_column FROM contacts",
            "package": "com.simplemobiletools.contacts.pro",
            "database": "contacts",
            "expect": [[1]],
        },
    }
    events = [*BASE_TASK["events"], {"id": "q_event", "when": "q"}]
    env = make_env(signals=signals, events=events)
    with pytest.raises(
        TaskFileError,
        match=r"^inline \(test\.inline\): signals\.q: SQL query failed: no such column",
    ):
        env.reset(seed=0)


def test_regex_repetitions_need_no_escaping_in_templates() -> None:
    signals = {
        **BASE_TASK["signals"],
        "log": {"logcat": r"wifi_on=\d{1}$", "tag": "SettingsProvider"},
    }
    events = [{"id": "done", "when": {"all": ["wifi_off", "log"]}, "end": "success"}]
    env = make_env(signals=signals, events=events)
    env.reset(seed=0)
    from tests.tasks.tasktools import centre

    x, y = centre(env, id="wifi_switch")
    _, _, terminated, _, info = actions.play(env, actions.click(x, y))
    assert terminated and info["success"]


def test_parameters_that_make_a_field_invalid_are_task_file_errors() -> None:
    rows = {"package": "{n}", "database": "d", "table": "t", "rows": []}  # a number: no package
    env = make_env(parameters={"n": {"range": [1, 3]}}, setup={"database": [rows]})
    with pytest.raises(
        TaskFileError, match=r"^inline \(test\.inline\): setup: after filling in parameters"
    ):
        env.reset(seed=0)


def test_tasks_loaded_from_files_name_the_file_in_errors(tmp_path: pathlib.Path) -> None:
    path = write_task(tmp_path, instruction={"template": "Say {nobody}"})
    from mobile_gym.env import MobileEnv

    with pytest.raises(
        TaskFileError, match=rf"^{tmp_path}/task\.yaml \(test\.inline\): instruction"
    ):
        MobileEnv(path).reset(seed=0)


@pytest.mark.parametrize("value", [1.5, np.float32(2.25), True, "1", None, 2**70])
def test_non_integral_action_types_are_action_errors(value: object) -> None:
    env = make_env()
    env.reset(seed=0)
    action = actions.base_action(ActionType.LIFT)
    action["action_type"] = value
    _, reward, terminated, truncated, info = env.step(action)
    assert info["action_error"].startswith("action_type must be an integer")
    assert (reward, terminated, truncated) == (0.0, False, False)


def test_play_keeps_a_reply_from_the_middle_of_a_sequence() -> None:
    env = make_env()
    env.reset(seed=0)
    sequence = actions.ask_user("Which network?") + actions.wait(2)
    _, _, _, _, info = actions.play(env, sequence)
    assert info["user_reply"] == "ask_user is not available in this task"
