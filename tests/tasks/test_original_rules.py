"""A reproduced benchmark's own rules, as task files state them: where a task comes from, the
original and strict step caps, STATUS that ends an episode without counting as a step, app
data wiped at setup, and seed 0 taking the original's literal values."""

from __future__ import annotations

import json
import pathlib

import pytest

from mobile_gym.agents import make_agent
from mobile_gym.env import MobileEnv
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate
from mobile_gym.eval.episode_runner import run_episode
from mobile_gym.eval.store import SETTINGS_FILE
from mobile_gym.registration import make_env
from mobile_gym.tasks import shipped_tasks
from mobile_gym.tasks.schema import TaskFileError
from tests.tasks.tasktools import CONTACTS, spec

ORIGINAL = "mab.contacts_create"  # stop_after_finish false, max_steps 12, STATUS not counted
COUNTED = "simpletools.contacts.create_first_name_phone"  # the same goal, STATUS counted
ORIGIN = "MobileAgentBench/mobile-agent-bench:src/mobile_agent_benchmark/tasks/x.py"


# the file's own figures ----------------------------------------------------------------------
def test_original_figures_need_an_origin() -> None:
    with pytest.raises(TaskFileError, match="original_min_steps is given without origin"):
        spec(original_min_steps=1)


def test_a_min_steps_unlike_the_original_needs_a_note() -> None:
    with pytest.raises(TaskFileError, match="min_steps 1 differs from original_min_steps 2"):
        spec(origin=ORIGIN, original_min_steps=2)
    noted = spec(origin=ORIGIN, original_min_steps=2, min_steps_note="one tap fewer here")
    assert noted.min_steps_note == "one tap fewer here"


@pytest.mark.parametrize(
    ("max_steps", "extra", "original", "strict"),
    [(12, 1, 13, 12), (12, 0, 12, 12), ("2x_min", 1, 3, 2), ("none", 1, None, None)],
)
def test_caps_under_each_rule_set(max_steps: object, extra: int, original: object, strict: object):
    task = spec(max_steps=max_steps, episode={"original_extra_steps": extra})
    assert task.step_cap() == task.step_cap("original") == original
    assert task.step_cap("strict") == strict
    with pytest.raises(ValueError, match="rules must be one of original, strict"):
        task.step_cap("lenient")


def test_make_env_caps_by_the_rules() -> None:
    assert make_env(ORIGINAL).get_wrapper_attr("max_steps") == 13
    assert make_env(ORIGINAL, rules="strict").get_wrapper_attr("max_steps") == 12
    assert make_env(ORIGINAL, max_steps=5, rules="strict").get_wrapper_attr("max_steps") == 5
    with pytest.raises(ValueError, match="rules must be one of original, strict, got 'loose'"):
        make_env(ORIGINAL, rules="loose")


# STATUS ---------------------------------------------------------------------------------------
def test_status_is_not_a_step_where_the_original_does_not_count_it(tmp_path: pathlib.Path):
    task = shipped_tasks()[ORIGINAL]
    assert [task.counts(step) for step in task.solution][-1] is False
    record = run_episode(task, 0, make_agent("oracle"))
    assert record.success and record.steps == 6 == task.min_steps
    assert record.decisions == 7  # latency is per decision, the STATUS one included
    counted = run_episode(shipped_tasks()[COUNTED], 0, make_agent("oracle"))
    assert counted.success and counted.steps == 6 == counted.decisions  # STATUS is step 6


def test_a_task_left_running_after_success_is_a_late_stop_when_acted_on() -> None:
    env = MobileEnv(ORIGINAL)
    env.reset(seed=0)
    from mobile_gym import actions
    from mobile_gym.tasks.solution import step_actions

    info: dict = {}
    for step in env.episode.solution()[:-1]:  # all but STATUS
        _, _, terminated, _, info = actions.play(
            env, step_actions(step, env.device.hierarchy_xml(), env.device.size)
        )
        assert not terminated  # the original leaves stopping to the agent
    assert info["success"] is True
    _, _, terminated, _, info = actions.play(env, actions.press("BACK"))
    assert info["late_stop"] is True and info["success"] is True and not terminated


# setup ----------------------------------------------------------------------------------------
def test_clear_data_wipes_the_app_before_the_rest_of_the_setup() -> None:
    env = MobileEnv(ORIGINAL)
    env.reset(seed=3)
    rows = env.device.query(CONTACTS, "contacts", "SELECT COUNT(*) FROM contacts", [])
    assert rows == [(0,)]  # the seeded contacts are gone, as after pm clear
    assert env.device.foreground()[0] == CONTACTS


def test_clearing_an_app_keeps_its_shared_storage_whenever_it_happens() -> None:
    music = "com.simplemobiletools.musicplayer"
    task = spec(apps=[music], setup={"clear_data": [music], "start": {"package": music}})

    def songs(env: MobileEnv) -> list[str]:
        files = env.device.phone.storage.files
        return sorted(path for path in files if path.startswith("/sdcard/Music/"))

    first = MobileEnv(task)
    first.reset(seed=4)  # the app's content was never made before it is cleared
    again = MobileEnv(task)
    again.reset(seed=9)
    again.reset(seed=4)
    assert songs(first) == songs(again) != []  # pm clear keeps the songs on shared storage
    rows = first.device.query(music, "songs", "SELECT COUNT(*) FROM tracks", [])
    assert rows == [(0,)]


def test_clear_data_of_an_unknown_package_names_the_field() -> None:
    env = MobileEnv(spec(setup={"clear_data": ["com.example.nothing"]}))
    with pytest.raises(TaskFileError, match=r"setup\.clear_data: package 'com.example.nothing'"):
        env.reset(seed=0)


# parameters -------------------------------------------------------------------------------------
def test_seed_zero_takes_the_original_values_other_seeds_draw() -> None:
    env = MobileEnv(ORIGINAL)
    _, info = env.reset(seed=0)
    assert env.episode.values == {"first": "Yuzai", "phone": "123456789"}
    assert "Yuzai" in info["instruction"] and "123456789" in info["instruction"]
    drawn = []
    for seed in (1, 2, 3):
        env.reset(seed=seed)
        drawn.append(env.episode.values["first"])
    assert "Yuzai" not in drawn and len(set(drawn)) > 1
    env.reset()  # no seed: a draw, not the original
    assert env.episode.values["first"] != "Yuzai"


def test_an_original_value_must_keep_unlike() -> None:
    with pytest.raises(TaskFileError, match="the original value equals one of"):
        spec(
            parameters={
                "a": {"choice": ["x", "y"], "original": "x"},
                "b": {"choice": ["x", "y"], "unlike": ["a"], "original": "x"},
            }
        )


# eval ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ("original", "strict"))
def test_the_run_says_which_rules_ran(rules: str, tmp_path: pathlib.Path) -> None:
    plan = episodes([shipped_tasks()[ORIGINAL]], [0])
    records = evaluate(plan, RunSettings("oracle", rules=rules), RunStore(tmp_path))
    assert records[0].step_cap == (13 if rules == "original" else 12)
    header = json.loads((tmp_path / records[0].trajectory).read_text().splitlines()[0])
    assert header["rules"] == rules
    settings = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert settings.get("rules", "original") == rules


def test_eval_takes_rules_and_names_them(tmp_path: pathlib.Path) -> None:
    from tests.eval.test_cli import cli

    result = cli(
        "eval", "--task", ORIGINAL, "--agent", "oracle", "--rules", "strict", "--out", str(tmp_path)
    )
    assert result.returncode == 0, result.stderr
    assert "strict rules" in result.stdout
    document = json.loads((tmp_path / "results.json").read_text())
    assert document["settings"]["rules"] == "strict"
    assert document["episodes"][0]["step_cap"] == 12
    assert document["metrics"]["mobile_agent_bench"]["tokens_1024"] == 0  # no model, no tokens
    bad = cli(
        "eval", "-t", ORIGINAL, "--agent", "oracle", "--rules", "lenient", "-o", str(tmp_path / "x")
    )
    assert bad.returncode != 0 and "unknown --rules 'lenient'" in bad.stderr
