"""Episodes per second of ``mobile-gym eval`` as it scales out on this machine: serial, two
worker processes, Ray on one node and Ray on two nodes (a head and a worker node of one CPU
each, separate ``ray start`` processes on 127.0.0.1; ``mobile_gym.ray.local_cluster``).

The oracle plays a whole suite (default ``mobileagentbench``, seed 0) into a fresh run
folder each time. Two rates are given: over the whole run (Ray's start, actors and joining
the cluster included) and steady (from the first episode's end to the last's, the rate a
long run settles at). The per-episode cost is one node's steady seconds per episode; one
more node is extrapolated from it, with the efficiency the second node showed.

    python benchmarks/scale_out.py [--suite mobileagentbench] [--seeds 0]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from typing import Any

from common import run

from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks
from mobile_gym.eval.plan import parse_seeds
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.ray.executor import RayExecutor, RayOptions
from mobile_gym.ray.local_cluster import local_cluster


def timed(play: Callable[[RunStore, Callable[[EpisodeRecord, bool], None]], Any]) -> dict:
    """Run ``play`` into a fresh run folder; its episodes, total and steady rates."""
    ends: list[float] = []
    with tempfile.TemporaryDirectory(prefix="scale-out-") as folder:
        start = time.perf_counter()
        play(RunStore(folder), lambda record, resumed: ends.append(time.perf_counter()))
        total = time.perf_counter() - start
    count = len(ends)
    steady = (count - 1) / (ends[-1] - ends[0]) if count > 1 and ends[-1] > ends[0] else 0.0
    return {"episodes": count, "seconds": total, "eps_total": count / total, "eps_steady": steady}


def measure(args: argparse.Namespace) -> dict[str, Any]:
    plan = episodes(select_tasks([args.suite], []), parse_seeds(args.seeds))
    settings = RunSettings("oracle")
    rows: dict[str, Any] = {}

    def local(workers: int) -> dict:
        return timed(
            lambda store, progress: evaluate(plan, settings, store, workers, progress=progress)
        )

    def on_ray(address: str) -> dict:
        executor = RayExecutor(RayOptions(address=address))
        return timed(
            lambda store, progress: evaluate(
                plan, settings, store, progress=progress, executor=executor
            )
        )

    rows["serial"] = local(1)
    rows["--workers 2"] = local(2)
    with local_cluster(workers=0, cpus=1) as cluster:
        rows["ray, 1 node"] = on_ray(cluster.address)
        cluster.add_worker(cpus=1)
        rows["ray, 2 nodes"] = on_ray(cluster.address)
    one, two = rows["ray, 1 node"]["eps_steady"], rows["ray, 2 nodes"]["eps_steady"]
    efficiency = two / (2 * one)
    return {
        "suite": args.suite,
        "seeds": args.seeds,
        "rows": rows,
        "seconds_per_episode": 1 / one,
        "second_node_efficiency": efficiency,
        "three_nodes_eps": one * (1 + 2 * efficiency),
    }


def report(figures: dict[str, Any]) -> str:
    lines = [
        f"oracle on {figures['suite']} (seeds {figures['seeds']}), episodes per second",
        f"{'setup':<14}{'episodes':>9}{'seconds':>9}{'eps total':>11}{'eps steady':>12}",
    ]
    for name, row in figures["rows"].items():
        lines.append(
            f"{name:<14}{row['episodes']:>9}{row['seconds']:>9.1f}"
            f"{row['eps_total']:>11.2f}{row['eps_steady']:>12.2f}"
        )
    lines += [
        f"per-episode cost on one node: {figures['seconds_per_episode'] * 1000:.0f} ms "
        f"(one CPU); the second node added {figures['second_node_efficiency']:.0%} of one "
        "node's rate",
        f"one more node (3 nodes of one CPU), extrapolated: "
        f"{figures['three_nodes_eps']:.1f} episodes/s steady",
    ]
    return "\n".join(lines)


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--suite", default="mobileagentbench")
    parser.add_argument("--seeds", default="0")


if __name__ == "__main__":
    run(__doc__, "benchmarks/results/scale_out.json", measure, report, arguments=arguments)
