"""Every shipped task proves itself: its reference solution succeeds in exactly ``min_steps``
agent actions, instances are reproducible by seed and differ across seeds, the env passes
gymnasium's checker, and an idle agent never succeeds."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import mobile_gym  # noqa: F401 - registers the MobileGym/* ids
from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.tasks import shipped_tasks
from mobile_gym.tasks.schema import SolutionStep
from mobile_gym.tasks.solution import run_solution, step_actions

TASK_IDS = sorted(shipped_tasks())
SEEDS = (0, 1, 2)
MULTI_STAGE = "multi.airplane_then_note"
FAILURE = "contacts.delete_named"


def make(task_id: str) -> gym.Env:
    return gym.make(f"MobileGym/{task_id}-v0")


def play_step(env: MobileEnv, step: dict[str, Any]) -> tuple[Any, float, bool, bool, dict]:
    """One agent-level action, given as a solution step, on the base env."""
    sequence = step_actions(
        SolutionStep.model_validate(step), env.device.hierarchy_xml(), env.device.size
    )
    return actions.play(env, sequence)


def test_the_starter_suite_is_shipped() -> None:
    starter = [t for t in TASK_IDS if shipped_tasks()[t].suite == "starter"]
    assert 15 <= len(starter) <= 20
    assert MULTI_STAGE in starter and FAILURE in starter


@pytest.mark.parametrize("task_id", TASK_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_solution_succeeds_in_exactly_min_steps(task_id: str, seed: int) -> None:
    env = make(task_id)
    spec = env.unwrapped.task
    env.reset(seed=seed)
    steps, total, ended, info = run_solution(env)
    assert ended, f"{task_id}: the solution did not end the episode"
    assert info["success"] is True and info["failure"] is False
    assert info["action_error"] is None
    assert steps == spec.min_steps == sum(spec.counts(step) for step in spec.solution)
    assert total > 0
    env.close()


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_same_seed_same_instance(task_id: str) -> None:
    first, second = make(task_id), make(task_id)
    obs_a, info_a = first.reset(seed=7)
    obs_b, info_b = second.reset(seed=7)
    assert obs_a["instruction"] == obs_b["instruction"] == info_a["instruction"]
    assert first.unwrapped.episode.values == second.unwrapped.episode.values
    assert np.array_equal(obs_a["screen"], obs_b["screen"])
    assert info_a["view_hierarchy"] == info_b["view_hierarchy"]


def _instances(task_id: str, seeds: range) -> list[tuple[str, dict[str, Any]]]:
    env = MobileEnv(task_id)
    out = []
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        out.append((obs["instruction"], dict(env.episode.values)))
    return out


@pytest.mark.parametrize("task_id", [t for t in TASK_IDS if shipped_tasks()[t].parameters], ids=str)
def test_parameters_differ_across_seeds(task_id: str) -> None:
    values = [repr(sorted(v.items())) for _, v in _instances(task_id, range(6))]
    assert len(set(values)) > 1, f"{task_id}: the same parameters for seeds 0..5"


def test_instructions_differ_across_seeds() -> None:
    differing = [t for t in TASK_IDS if len({i for i, _ in _instances(t, range(6))}) > 1]
    assert differing, "no task's instruction differs across seeds 0..5"


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_check_env(task_id: str) -> None:
    env = make(task_id)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_idle_agent_never_succeeds(task_id: str) -> None:
    env = make(task_id)
    _, info = env.reset(seed=0)
    assert info["success"] is False
    idle = actions.wait()[0]
    for _ in range(1000):
        _, _, terminated, truncated, info = env.step(idle)
        assert info["success"] is False
        if terminated or truncated:
            break
    assert truncated and not terminated


def test_multi_stage_delivers_instructions_when_stages_finish() -> None:
    env = MobileEnv(MULTI_STAGE)
    obs, info = env.reset(seed=3)
    episode = env.episode
    first = episode.instruction
    assert obs["instruction"] == first and info["instructions"] == [first]
    later = episode.tree.instructions
    stage_events = [e.id for e in env.task.events if e.instruction]
    assert len(stage_events) == 2
    delivered = []
    for step in episode.solution():
        before = env.instruction
        obs, _, terminated, _, info = actions.play(
            env, step_actions(step, env.device.hierarchy_xml(), env.device.size)
        )
        fired = [e for e in info["events"] if e in later]
        if fired:
            assert info["instructions"] == [later[e] for e in fired]
            assert obs["instruction"] == info["instruction"] == later[fired[-1]]
            delivered += fired
        else:
            assert info["instructions"] == []
            assert obs["instruction"] == before
    assert terminated and info["success"]
    assert delivered == stage_events
    values = episode.values
    assert later["stage_note"].endswith(f'"Flight to {values["city"]}" and save it.')


def test_multi_stage_later_stage_waits_for_the_earlier() -> None:
    """Creating the note before airplane mode grants nothing until airplane mode is on."""
    env = MobileEnv(MULTI_STAGE)
    env.reset(seed=0)
    city = env.episode.values["city"]
    rewards = []
    for step in (
        {"click": {"text": "Notes"}},
        {"click": {"id": "fab"}},
        {"type": {"text": f"Flight to {city}", "into": {"id": "note_title_input"}}},
        {"click": {"text": "OK"}},
    ):
        _, reward, terminated, _, info = play_step(env, step)
        rewards.append(reward)
        assert not terminated
    assert rewards == [0, 0, 0, 0] and info["instructions"] == []


@pytest.mark.parametrize("seed", SEEDS)
def test_deleting_the_wrong_contact_fails(seed: int) -> None:
    env = MobileEnv(FAILURE)
    env.reset(seed=seed)
    values = env.episode.values
    wrong = f"{values['other_first']} {values['last']}"
    assert wrong != f"{values['first']} {values['last']}"
    for step in (
        {"click": {"text": "Contacts"}},
        {"click": {"id": "action_search"}},
        {"type": {"text": wrong, "into": {"id": "search_query"}}},
        {"click": {"id": "item_contact_name", "text": wrong}},
        {"click": {"id": "action_delete"}},
        {"click": {"text": "Delete"}},
    ):
        _, _, terminated, _, info = play_step(env, step)
        if terminated:
            break
    assert terminated is True
    assert info["failure"] is True and info["success"] is False
    assert "deleted_wrong_contact" in info["events"]
    assert env.final_verdict() is False
