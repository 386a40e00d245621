"""The WikiHow suite's answer tasks judge the first answer: answers given in turn until one
matches (the right one last) do not succeed, whether the article was opened or not."""

from __future__ import annotations

import json
from typing import Any

import gymnasium as gym
import pytest

import mobile_gym  # noqa: F401  (registers the tasks)
from mobile_gym.tasks import shipped_tasks
from mobile_gym.tasks.schema import TaskSpec
from mobile_gym.tasks.wikihow import suite
from tests.tasks.near_misses import play_near_miss

QA_TEMPLATES = [t.name for t in suite.TEMPLATES if "answer" in t.stages]


def _wikihow() -> dict[str, TaskSpec]:
    return {i: s for i, s in shipped_tasks().items() if s.suite in ("wikihow", "wikihow_examples")}


def _answer_tasks(template: str, count: int = 2) -> list[str]:
    ids = sorted(i for i in _wikihow() if i.split(".")[1] == template)
    return ids[:count]


def test_every_answer_task_ends_at_its_first_answer() -> None:
    """The 40 QA tasks (and only they) end at the first ANSWER and say so at their top."""
    tasks = _wikihow()
    asking = {i for i, s in tasks.items() if any(e.id == "answer" for e in s.events)}
    assert len(asking) == suite.TYPES["qa"]
    for task_id, spec in tasks.items():
        assert spec.episode.answer_ends is (task_id in asking), task_id
    note = "".join(f"# {line}\n" for line in suite.QA_DIFFERENCE.splitlines())
    for task_id in asking:
        assert note in suite.task_text({"id": task_id, "episode": {"answer_ends": True}})


def _guesses(spec: TaskSpec) -> list[str]:
    """Wrong answers, then the right one last (the reference solution's answer)."""
    right = spec.solution[-1].answer
    assert right is not None
    return ["0", "I do not know", right]


@pytest.mark.parametrize(
    "task_id", [task_id for template in QA_TEMPLATES for task_id in _answer_tasks(template)]
)
@pytest.mark.parametrize("seed", (0, 1, 2))
def test_answers_given_in_turn_do_not_succeed(task_id: str, seed: int) -> None:
    """The reference route to the article (none for an answer-only task), then wrong
    answers and the right one: the first wrong answer ends the episode without success."""
    spec = shipped_tasks()[task_id]
    route = [s.model_dump(exclude_none=True) for s in spec.solution if s.answer is None]
    if task_id.startswith("wikihow.qa."):
        route = []  # answer-only: guess from the start screen, as the shortcut did
    answers = [{"answer": guess} for guess in _guesses(spec)]
    infos = play_near_miss(task_id, [*route, *answers], seed)
    assert len(infos) == len(route) + 1, "the episode went on after the first answer"
    assert infos[-1]["success"] is False
    assert "answer" not in infos[-1]["events"]


def test_counting_up_through_json_actions_fails() -> None:
    """The reported shortcut, through ``gym.make``: ANSWER 1, 2, 3 on a count question whose
    answer is 3, from the start screen. The first answer ends the episode, unsuccessfully."""
    task_id = "wikihow.qa.repot_a_cactus_the_easy_way"
    assert shipped_tasks()[task_id].solution[-1].answer == "3"
    for seed in (0, 1, 2):
        env = gym.make(f"MobileGym/{task_id}-v0", action_space="json", observation="text")
        env.reset(seed=seed)
        results: list[tuple[float, bool, dict[str, Any]]] = []
        for guess in ("1", "2", "3"):
            _, reward, terminated, truncated, info = env.step(
                json.dumps({"action_type": "answer", "text": guess})
            )
            results.append((reward, terminated, info))
            if terminated or truncated:
                break
        env.close()
        assert len(results) == 1, seed
        reward, terminated, info = results[0]
        assert terminated and reward == 0.0 and info["success"] is False, seed


@pytest.mark.parametrize("template", QA_TEMPLATES)
def test_the_reference_solution_still_succeeds_in_min_steps(template: str) -> None:
    """The oracle's one answer, after its route, succeeds in exactly ``min_steps``."""
    task_id = _answer_tasks(template, 1)[0]
    spec = shipped_tasks()[task_id]
    steps = [s.model_dump(exclude_none=True) for s in spec.solution]
    for seed in (0, 1, 2):
        infos = play_near_miss(task_id, steps, seed)
        assert len(infos) == spec.min_steps
        assert infos[-1]["success"] is True
