"""An episode larger than every node (``--num-cpus-per-episode``): on a Ray the command
starts itself, one error naming what was asked and what the largest node has, and no actor
started; on a cluster the run joined, an error at once when its autoscaler reported no node
type that large, else after ``GROW_S`` seconds without such a node (a warning says so when
the wait begins). Runs that would wait for ever are killed (the command) or left behind in
a thread (the API) after a limit, failing the test."""

from __future__ import annotations

import logging
import os
import pathlib
import re
import threading
import time

import pytest

from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks
from mobile_gym.eval.plan import Episode
from tests.ray.test_ray_address_not_a_head import EVAL, run_alone

ray = pytest.importorskip("ray")

from mobile_gym.ray import executor as ray_executor  # noqa: E402
from mobile_gym.ray import probes  # noqa: E402
from mobile_gym.ray.executor import RayExecutor, RayOptions, RayRunError  # noqa: E402

LIMIT_S = 60.0
"""How long a run on the in-process Ray may take before the test gives up on it."""


def plan() -> list[Episode]:
    return episodes(select_tasks([], ["settings.wifi_off"]), [0])


def run_within(executor: RayExecutor, root: pathlib.Path) -> tuple[BaseException, float]:
    """Run ``plan()`` on ``executor`` in a thread: the error it stopped with and the
    seconds it took. The test fails when it ends without one or runs past ``LIMIT_S``."""
    outcome: list[BaseException] = []

    def play() -> None:
        try:
            evaluate(plan(), RunSettings("oracle"), RunStore(root), executor=executor)
        except BaseException as exc:
            outcome.append(exc)

    started = time.monotonic()
    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    thread.join(LIMIT_S)
    assert not thread.is_alive(), f"the run still waited after {LIMIT_S:g} s"
    assert outcome, "the run ended without an error"
    return outcome[0], time.monotonic() - started


def episode_actors() -> int:
    """How many episode actors the cluster has ever had."""
    from ray._private import state

    return sum(a["ActorClassName"] == "EpisodeActor" for a in state.actors().values())


def test_an_episode_larger_than_the_ray_the_command_started_is_one_error(
    tmp_path: pathlib.Path,
) -> None:
    cpus = (os.cpu_count() or 1) + 1  # more than any Ray started on this machine has
    on_ray = ["--out", str(tmp_path), "--executor", "ray", "--num-cpus-per-episode", str(cpus)]
    status, stderr, _ = run_alone([*EVAL, *on_ray], limit_s=120)
    assert status == 1, stderr
    (line,) = [line for line in stderr.splitlines() if line.startswith("error:")]
    assert re.fullmatch(
        rf"error: an episode asks for {cpus} CPUs but the largest node of the Ray cluster has"
        r" (\d+) \(the Ray started for this run, on this machine's CPUs\); give"
        r" --num-cpus-per-episode \1 or less",
        line,
    ), line
    assert "Traceback" not in stderr
    assert not (tmp_path / "episodes").exists()


@pytest.mark.parametrize("node_types", [None, [1.0, 8.0]], ids=["no-report", "a-type-fits"])
def test_on_a_joined_cluster_the_run_waits_a_bounded_time_for_a_node_that_large(
    node_types: list[float] | None,
    local_ray: None,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(probes, "GROW_S", 1.0)
    monkeypatch.setattr(probes, "node_type_cpus", lambda: node_types)
    executor = RayExecutor(RayOptions(num_cpus_per_episode=3))  # Ray has two CPUs
    with caplog.at_level(logging.WARNING, logger=ray_executor.__name__):
        error, took = run_within(executor, tmp_path)
    too_large = "an episode asks for 3 CPUs but the largest node of the Ray cluster has 2"
    assert isinstance(error, RayRunError)
    assert str(error) == (
        f"{too_large}, and no larger node joined in 1 s; give --num-cpus-per-episode 2 or less"
    )
    assert caplog.messages == [
        f"{too_large}: waiting up to 1 s for the cluster to add a node that large"
    ]
    assert 1 <= took < 30
    assert executor.placements == {}


def test_an_autoscaler_with_no_node_type_that_large_is_one_error_at_once(
    local_ray: None, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(probes, "node_type_cpus", lambda: [1.0, 2.0])
    before = episode_actors()
    error, took = run_within(RayExecutor(RayOptions(num_cpus_per_episode=4)), tmp_path)
    assert isinstance(error, RayRunError)
    assert str(error) == (
        "an episode asks for 4 CPUs but the largest node of the Ray cluster has 2 and its"
        " autoscaler adds none larger than 2; give --num-cpus-per-episode 2 or less"
    )
    assert took < 10
    assert episode_actors() == before  # none was started
