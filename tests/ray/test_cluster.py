"""Evaluation on a real Ray cluster on this machine: a head and a worker node started as
separate processes (``ray start``) on 127.0.0.1, usage statistics off. A run spreads over
both nodes and its run folder equals a serial run's, through the API and through
``mobile-gym eval --executor ray --address``; when the worker node dies mid-run (its raylet
and workers killed) the episodes it held are played again on the head and the run folder is
still the serial one's; a run whose episodes no node can hold waits until one that can
joins (as an autoscaling cluster adds it); stopping the cluster leaves no Ray process of it
behind."""

from __future__ import annotations

import pathlib
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks
from mobile_gym.eval.plan import Episode
from tests.ray.test_executor import assert_same_runs

ray = pytest.importorskip("ray")

from mobile_gym.ray import probes  # noqa: E402
from mobile_gym.ray.executor import RayExecutor, RayOptions  # noqa: E402
from mobile_gym.ray.local_cluster import LocalCluster, local_cluster  # noqa: E402

MOBILE_GYM = pathlib.Path(sys.executable).with_name("mobile-gym")
SUITE, SEEDS = "starter", "0"


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    """A head and one worker node, one CPU each."""
    with local_cluster(workers=1, cpus=1) as started:
        yield started


def plan() -> list[Episode]:
    return episodes(select_tasks([SUITE], []), [int(SEEDS)])


@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    root = tmp_path_factory.mktemp("serial")
    evaluate(plan(), RunSettings("oracle"), RunStore(root))
    return root


def test_a_run_spreads_over_both_nodes_as_a_serial_run(
    cluster: LocalCluster, serial: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    executor = RayExecutor(RayOptions(address=cluster.address))
    evaluate(plan(), RunSettings("oracle"), RunStore(tmp_path), executor=executor)
    nodes = {attempts[-1] for attempts in executor.placements.values()}
    assert len(nodes) == 2
    assert not ray.is_initialized()  # the driver left the cluster
    assert_same_runs(serial, tmp_path)


def test_the_command_runs_on_the_cluster_at_an_address(
    cluster: LocalCluster, serial: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    arguments = ["eval", "--suite", SUITE, "--agent", "oracle", "--seeds", SEEDS]
    here = CliRunner().invoke(app, [*arguments, "--out", str(tmp_path / "serial")])
    assert here.exit_code == 0, here.output
    on_ray = ["--out", str(tmp_path / "ray"), "--executor", "ray", "--address", cluster.address]
    there = subprocess.run(
        [str(MOBILE_GYM), *arguments, *on_ray],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert there.returncode == 0, there.stderr[-2000:]
    assert "100%" in there.stdout
    assert_same_runs(tmp_path / "serial", tmp_path / "ray")  # results.json included


def test_episodes_of_a_dying_node_are_played_again(
    cluster: LocalCluster, serial: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    executor = RayExecutor(RayOptions(address=cluster.address))
    worker: dict[str, str] = {}
    killed: list[int] = []

    def started(episode: Episode) -> None:
        """Kill the worker node as it is handed its first episode (before the call reaches
        it, so that the episode cannot finish there): its actor is up, and the head may
        have played every other episode before the worker's actor could take a second."""
        if not worker:
            worker["node"] = cluster.worker_node()
        on_worker = [a for a in executor.placements.values() if a[-1] == worker["node"]]
        if on_worker and not killed:
            killed.append(cluster.kill_worker())

    records = evaluate(
        plan(), RunSettings("oracle"), RunStore(tmp_path), executor=executor, started=started
    )
    assert len(records) == len(plan())
    assert killed[-1] >= 2  # the raylet and its workers
    again = [a for a in executor.placements.values() if len(a) > 1]
    assert again, executor.placements
    assert all(a[0] == worker["node"] and a[-1] != worker["node"] for a in again)
    assert_same_runs(serial, tmp_path)


def test_a_run_waits_for_a_node_large_enough_to_join(
    cluster: LocalCluster, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    joining = threading.Thread(target=cluster.add_worker, kwargs={"cpus": 2})

    def no_node_types() -> None:
        """Asked once no live node is large enough: a node that is joins, as an autoscaler
        would add it, and the run waits for it (no node types reported)."""
        joining.start()

    monkeypatch.setattr(probes, "node_type_cpus", no_node_types)
    monkeypatch.setattr(probes, "GROW_S", 120.0)  # the default waits 10 minutes
    executor = RayExecutor(RayOptions(address=cluster.address, num_cpus_per_episode=2))
    try:
        records = evaluate(plan()[:2], RunSettings("oracle"), RunStore(tmp_path), executor=executor)
    finally:
        if joining.ident is not None:
            joining.join()
    assert joining.ident is not None  # the run found no node large enough, then waited
    assert [r.success for r in records] == [True, True]
    nodes = {attempts[-1] for attempts in executor.placements.values()}
    assert len(nodes) == 1  # the two-CPU node, the only one that holds an episode actor


def test_stopping_the_cluster_leaves_no_ray_process(cluster: LocalCluster) -> None:
    assert cluster.processes()  # the head still runs
    cluster.stop()
    assert cluster.processes() == []
