"""The README's worked example task, as a user saves it: its reference solution succeeds as
the README says, and so does another way to the same goal state (starring the contact from
Favorites, never opening its card)."""

from __future__ import annotations

import pathlib

import gymnasium as gym
import pytest

import mobile_gym  # noqa: F401 - registers MobileGym/Task-v0
from mobile_gym.tasks.schema import SolutionStep
from mobile_gym.tasks.solution import run_solution, step_command

README = pathlib.Path(__file__).parents[2] / "README.md"
INTRO = "A worked example (save it as `my_task.yaml`):"


@pytest.fixture
def my_task(tmp_path: pathlib.Path) -> pathlib.Path:
    """The README's example, saved as ``my_task.yaml``."""
    text = README.read_text(encoding="utf-8")
    block = text[text.index(INTRO) :].split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "my_task.yaml"
    path.write_text(block, encoding="utf-8")
    return path


def test_the_reference_solution_succeeds_as_the_readme_prints(my_task: pathlib.Path) -> None:
    env = gym.make("MobileGym/Task-v0", task=str(my_task))
    env.reset(seed=0)
    steps, reward, ended, info = run_solution(env)
    assert (steps, reward, ended, info["success"]) == (2, pytest.approx(1.2), True, True)


@pytest.mark.parametrize("seed", [0, 1])
def test_starring_from_favorites_reaches_the_goal_too(my_task: pathlib.Path, seed: int) -> None:
    env = gym.make("MobileGym/Task-v0", task=str(my_task), action_space="gesture")
    env.reset(seed=seed)
    base = env.unwrapped
    name = f"{base.episode.values['first']} {base.episode.values['last']}"
    route = [{"text": "Favorites"}, {"desc": "Add favorites"}, {"text": name}, {"text": "OK"}]
    for selector in route:  # four steps: the task's cap (twice its two)
        step = SolutionStep.model_validate({"click": selector})
        command = step_command(step, base.device.hierarchy_xml(), base.device.size)
        _, reward, terminated, _, info = env.step(command)
    assert (reward, terminated, info["success"], info["events"]) == (1.0, True, True, ["done"])
