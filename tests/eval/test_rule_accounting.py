"""How the benchmarks' rules count an episode: under MobileAgentBench's rules a TYPE that
taps its field is two actions (the tap and the typing, as its minimum steps count them),
toward the step cap and the steps of SE; any STATUS before the goal is an early stop (FN);
an exception of the agent's own ends the episode as the cap would, judged by the task's
rules on what was reached."""

from __future__ import annotations

import re
from typing import Any

import pytest

from mobile_gym import metrics
from mobile_gym.agents import make_agent
from mobile_gym.agents.base import TokenUsage
from mobile_gym.eval import run_episode
from mobile_gym.registration import make_env
from mobile_gym.tasks.loader import shipped_tasks

CREATE = "mab.contacts_create"  # min_steps 6: tap New, tap and type the name, the number, Save


def _index(screen_text: str, label: str) -> int:
    found = re.search(r"\[(\d+)\][^\n]*" + re.escape(label), screen_text)
    assert found is not None, (label, screen_text)
    return int(found.group(1))


class TextAgent:
    """Creates the contact with TYPE(i, "text") (one agent action taps and types), then
    declares DONE; optionally raises instead of declaring."""

    name = "typing"
    action_space = "text"
    observation = "text"
    last_output = None
    last_usage: TokenUsage | None = None

    def __init__(self, raise_at_end: bool = False) -> None:
        self.raise_at_end = raise_at_end

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        self.plan = [
            lambda s: f"TAP({_index(s, 'Create new contact')})",
            lambda s: f'TYPE({_index(s, "First name")}, "Yuzai")',
            lambda s: f'TYPE({_index(s, "Phone")}, "123456789")',
            lambda s: f"TAP({_index(s, 'Save')})",
        ]

    def act(self, observation: Any, info: dict[str, Any]) -> str:
        if self.plan:
            return self.plan.pop(0)(observation["screen_text"])
        if self.raise_at_end:
            raise ValueError("the model answered nothing")
        return "DONE"


def test_typing_at_a_field_counts_the_tap_under_mobileagentbench_rules() -> None:
    record = run_episode(shipped_tasks()[CREATE], 0, TextAgent())
    assert record.success and record.decisions == 5  # four actions and DONE
    assert record.steps == 6 == record.min_steps  # DONE is no step; each TYPE counts two
    assert metrics.agent_bench([record]).se == pytest.approx(1.0)


def test_the_step_cap_counts_the_tap_of_a_typing_too() -> None:
    env = make_env(CREATE, max_steps=3, action_space="text", observation="text", rules="strict")
    observation, _ = env.reset(seed=0)
    observation, *_, info = env.step(f"TAP({_index(observation['screen_text'], 'Create')})")
    assert info["agent_steps"] == 1 and "task_actions" not in info
    text = observation["screen_text"]
    *_, truncated, info = env.step(f'TYPE({_index(text, "First name")}, "Yuzai")')
    assert info["task_actions"] == 2 and info["agent_steps"] == 3 and truncated


def test_elsewhere_typing_at_a_field_is_one_action() -> None:
    env = make_env("contacts.add_email", action_space="text", observation="text")
    assert not env.unwrapped.task.episode.typing_tap_counts
    observation, _ = env.reset(seed=0)
    fields = [i for i in range(40) if f"[{i}]" in observation["screen_text"]]
    *_, info = env.step(f'TYPE({fields[-1]}, "x")')
    assert info.get("task_actions", 1) == 1 and info["agent_steps"] == 1


def test_an_agent_error_after_a_latched_success_keeps_the_success() -> None:
    record = run_episode(shipped_tasks()[CREATE], 0, TextAgent(raise_at_end=True))
    assert record.outcome == "success" and record.error is None
    assert record.agent_error == "ValueError: the model answered nothing"


class SilentAgent(TextAgent):
    """Raises at its first decision."""

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        self.plan = []


def test_an_agent_error_before_the_goal_is_a_failure() -> None:
    record = run_episode(shipped_tasks()[CREATE], 0, SilentAgent(raise_at_end=True))
    assert record.outcome == "failure" and record.steps == 0
    assert record.agent_error == "ValueError: the model answered nothing"


def test_stopping_as_infeasible_before_the_goal_is_an_early_stop() -> None:
    env = make_env("mab.contacts_search", action_space="text", observation="text")
    env.reset(seed=0)
    *_, terminated, _, info = env.step("INFEASIBLE")
    assert terminated and info["early_stop"] and not info["success"]


def test_the_oracle_still_counts_its_minimum_steps() -> None:
    record = run_episode(shipped_tasks()[CREATE], 0, make_agent("oracle"))
    assert record.success and record.steps == record.min_steps
