"""Two wrong trajectories every MobileWorld task must refuse, whatever its own near misses:
the reference solution stopped one step short (its last action before STATUS left out, or
no answer where the task asks for one), and a numeric answer just past what the check
allows (one more than the right one, or one past the tolerance of a task that has one,
as the original's weather check allows 3 degrees).

They are played by the oracle on a copy of the task whose solution is cut short, or whose
answer is changed as it is given, so answers and values learned from the user or a tool
are filled in as in the reference run."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from mobile_gym.agents.oracle import OracleAgent
from mobile_gym.commands import Command
from mobile_gym.registration import make_env
from mobile_gym.tasks.loader import shipped_tasks
from mobile_gym.tasks.schema import TaskSpec

TASKS = {t: s for t, s in shipped_tasks().items() if s.suite == "mobileworld"}
ANSWERED = sorted(t for t, s in TASKS.items() if s.solution[-1].answer is not None)


def cut_short(spec: TaskSpec) -> TaskSpec:
    """``spec`` with the last action before its closing STATUS left out, or without its
    closing answer."""
    steps = list(spec.solution)
    short = steps[:-1] if steps[-1].answer is not None else steps[:-2] + steps[-1:]
    return spec.model_copy(update={"solution": short})


def play(spec: TaskSpec, change_answer: Any = None) -> dict[str, Any]:
    """The oracle's episode on ``spec`` from seed 0 (an answer it gives passed through
    ``change_answer``); the last step's info."""
    env = make_env(spec, action_space="gesture", observation="text")
    agent = OracleAgent()
    agent.attach(env)
    observation, info = env.reset(seed=0)
    agent.reset(env.unwrapped.instruction, info, seed=0)
    try:
        for _ in range(len(spec.solution) + 1):
            command: Command = agent.act(observation, info)
            if command.verb == "answer" and change_answer is not None:
                command = dataclasses.replace(command, text=change_answer(command.text))
            observation, _, terminated, truncated, info = env.step(command)
            if terminated or truncated:
                return info
    finally:
        env.close()
    raise AssertionError(f"{spec.id}: the episode did not end")


def tolerance(spec: TaskSpec) -> float:
    """The widest tolerance of the task's answer signals (0 when none has one)."""
    return max((getattr(signal, "tolerance", 0.0) for signal in spec.signals.values()), default=0.0)


def off_by(answer: str, step: float) -> str:
    """A number ``step`` more than ``answer`` (commas dropped), written as it was."""
    number = float(answer.replace(",", ""))
    if number.is_integer() and step.is_integer() and "." not in answer:
        return str(int(number + step))
    return f"{number + step}"


def numeric(answer: str) -> bool:
    try:
        float(answer.replace(",", ""))
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_stopping_one_step_short_fails(task_id: str) -> None:
    info = play(cut_short(TASKS[task_id]))
    assert info["success"] is False, f"{task_id} succeeded one step short"


@pytest.mark.parametrize("task_id", ANSWERED)
def test_a_numeric_answer_one_off_fails(task_id: str) -> None:
    given: list[str] = []
    step = tolerance(TASKS[task_id]) + 1

    def change(answer: str) -> str:
        given.append(answer)
        return off_by(answer, step) if numeric(answer) else answer

    info = play(TASKS[task_id], change)
    if not (given and numeric(given[0])):
        pytest.skip(f"{task_id} answers in words ({given})")
    assert info["success"] is False, f"{task_id} took {off_by(given[0], step)} for {given[0]}"


DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")


@pytest.mark.parametrize("task_id", ANSWERED)
def test_a_decimal_point_turned_into_a_digit_fails(task_id: str) -> None:
    """``16257.99`` answered as ``16257999``: another number, however the check reads it (a
    pattern holding the right number must take its point for a point)."""
    given: list[str] = []

    def change(answer: str) -> str:
        given.append(answer)
        return DECIMAL_POINT.sub("9", answer)

    info = play(TASKS[task_id], change)
    if not (given and DECIMAL_POINT.search(given[0])):
        pytest.skip(f"{task_id} answers with no decimal point ({given})")
    wrong = DECIMAL_POINT.sub("9", given[0])
    assert info["success"] is False, f"{task_id} took {wrong} for {given[0]}"


def test_the_reference_answers_succeed_unchanged() -> None:
    """The harness itself: the same play with the answer left as it is succeeds."""
    for task_id in ANSWERED[:3]:
        assert play(TASKS[task_id], lambda answer: answer)["success"] is True, task_id
