"""Other right ways to a task's goal (``tests/tasks/other_routes.yaml``): a check must take
the goal reached by another route than the reference solution's, not only that route."""

from __future__ import annotations

import pathlib

import pytest

from mobile_gym.tasks.limits import read_yaml
from tests.tasks.near_misses import play_near_miss

ROUTES: dict[str, dict[str, list]] = read_yaml(  # (refuses a task or route given twice)
    (pathlib.Path(__file__).parent / "other_routes.yaml").read_bytes()
)


@pytest.mark.parametrize(
    ("task_id", "name"), [(task, name) for task in sorted(ROUTES) for name in ROUTES[task]]
)
@pytest.mark.parametrize("seed", (0, 1))
def test_another_route_to_the_goal_succeeds(task_id: str, name: str, seed: int) -> None:
    infos = play_near_miss(task_id, ROUTES[task_id][name], seed)
    assert [info["action_error"] for info in infos] == [None] * len(infos)
    assert infos[-1]["success"] is True, f"{task_id}: {name} did not succeed"
