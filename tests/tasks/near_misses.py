"""Wrong trajectories: near misses of a task that must not count as success.

A near-miss file (``tests/tasks/near_misses/<app>.yaml``) maps task ids to named
trajectories, each a list of solution steps (the task file's ``solution`` format, with
``{parameter}`` filled in from the episode):

    mab.contacts_create:
      wrong_number:        # a name for the test
        - click: {id: fab}
        - ...

``play_near_miss`` plays one on a fresh episode. When the steps leave the episode running,
the agent then declares STATUS complete, as an agent that believes it is done would; the
trajectory passes as a near miss only if the episode ends without success (its last step's
verdict: a latched success stays once reached, unless a failure event fires later; a task
judged on its final state fails when its goal was undone).
"""

from __future__ import annotations

import pathlib
from typing import Any

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.tasks.limits import read_yaml
from mobile_gym.tasks.params import fill_any
from mobile_gym.tasks.schema import SolutionStep
from mobile_gym.tasks.solution import step_actions

FOLDER = pathlib.Path(__file__).parent / "near_misses"


def near_misses() -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Every near miss of every file: task id -> name -> steps."""
    found: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for path in sorted(FOLDER.glob("*.yaml")):
        for task_id, trajectories in (read_yaml(path.read_bytes()) or {}).items():
            if task_id in found:
                raise ValueError(f"{path}: {task_id} has near misses in another file too")
            found[task_id] = trajectories
    return found


def play_near_miss(task_id: str, steps: list[dict[str, Any]], seed: int) -> list[dict[str, Any]]:
    """Play ``steps`` on ``task_id`` from ``seed``, then STATUS complete if the episode is
    still running; return the info of every step."""
    env = MobileEnv(task_id)
    env.reset(seed=seed)
    infos: list[dict[str, Any]] = []
    ended = False
    for i, raw in enumerate(steps):
        step = SolutionStep.model_validate(
            fill_any(raw, env.episode.values, f"{task_id} near miss step {i}")
        )
        sequence = step_actions(step, env.device.hierarchy_xml(), env.device.size)
        _, _, terminated, truncated, info = actions.play(env, sequence)
        infos.append(info)
        if terminated or truncated:
            ended = True
            break
    if not ended:
        _, _, _, _, info = actions.play(env, actions.status("complete"))
        infos.append(info)
    env.close()
    return infos
