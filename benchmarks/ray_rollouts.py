"""Rollout throughput of ``RayVecEnv`` against SB3's ``SubprocVecEnv`` on one machine.

Run from the repository root: ``.venv/bin/python benchmarks/ray_rollouts.py [--json PATH]``.
Prints a table and writes the figures as JSON (default ``out/bench/ray_rollouts.json``).

For each number of envs (``--envs``, default 2 4 8) both vector envs are built over the same
tasks (the element preset, env ``i`` on task ``TASKS[i % len(TASKS)]``, seeded alike), one
env per worker process or Ray actor (``--per-actor`` also measures actors that run several
envs each). Every step asks each env for its action masks (``env_method("action_masks")``,
as MaskablePPO does) and plays a random valid action drawn from them with a fixed
generator, so both play the same actions. The backends take turns for ``--rounds`` rounds
of ``--steps`` vector steps; the throughput (env steps per second: envs x steps / seconds)
is the median over the rounds, the ratio that of the medians. Building the envs (process
or actor start, importing mobile-gym there) is timed apart and left out of the throughput.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import time
from typing import Any

import common
import numpy as np
from stable_baselines3.common.vec_env import SubprocVecEnv, VecEnv

from mobile_gym.ray.vec_env import RayVecEnv, make_env

TASKS = ("settings.wifi_off", "contacts.text_named", "mab.contacts_search")
PRESET = {"action_space": "element", "observation": "rl"}


def factories(count: int) -> list[Any]:
    """The env factories of ``count`` envs over ``TASKS`` in turn."""
    return [
        functools.partial(make_env, f"MobileGym/{TASKS[i % len(TASKS)]}-v0", **PRESET)
        for i in range(count)
    ]


def play(env: VecEnv, steps: int, rng: np.random.Generator) -> float:
    """Seconds for ``steps`` vector steps of random valid actions."""
    verbs = int(env.action_space.nvec[0])
    start = time.perf_counter()
    for _ in range(steps):
        masks = np.stack(env.env_method("action_masks"))
        actions = np.array(
            [
                [rng.choice(np.flatnonzero(m[:verbs])), rng.choice(np.flatnonzero(m[verbs:]))]
                for m in masks
            ]
        )
        env.step(actions)
    return time.perf_counter() - start


def build(name: str, count: int) -> tuple[VecEnv, float]:
    """The vector env ``name`` (``subproc`` or ``ray xK``) of ``count`` envs, reset with
    seed 0, and the seconds it took to build and reset."""
    start = time.perf_counter()
    if name == "subproc":
        env: VecEnv = SubprocVecEnv(factories(count))
    else:
        env = RayVecEnv(factories(count), envs_per_actor=int(name.removeprefix("ray x")))
    env.seed(0)
    env.reset()
    return env, time.perf_counter() - start


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Throughput and build time of every backend at every number of envs."""
    import ray

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(include_dashboard=False, log_to_driver=False)
    backends = ["subproc", *(f"ray x{k}" for k in args.per_actor)]
    figures: dict[str, Any] = {"tasks": list(TASKS), "cpus": os.cpu_count(), "rows": []}
    try:
        for count in args.envs:
            envs = {name: build(name, count) for name in backends}
            rng = {name: np.random.default_rng(0) for name in backends}
            rates: dict[str, list[float]] = {name: [] for name in backends}
            for name in backends:
                play(envs[name][0], 3, rng[name])  # warm up
            for _ in range(args.rounds):
                for name in backends:
                    seconds = play(envs[name][0], args.steps, rng[name])
                    rates[name].append(count * args.steps / seconds)
            for name in backends:
                envs[name][0].close()
                figures["rows"].append(
                    {
                        "envs": count,
                        "backend": name,
                        "steps_per_second": statistics.median(rates[name]),
                        "build_seconds": envs[name][1],
                    }
                )
    finally:
        ray.shutdown()
    return figures


def report(figures: dict[str, Any]) -> str:
    """The table: env steps per second of each backend and its ratio to SubprocVecEnv."""
    rows = figures["rows"]
    backends = list(dict.fromkeys(r["backend"] for r in rows))
    ray_backends = [b for b in backends if b != "subproc"]
    header = ["envs", "subproc steps/s", *(f"{b} steps/s" for b in ray_backends)]
    header += [f"{b} / subproc" for b in ray_backends]
    header += [f"build s ({b})" for b in backends]
    lines = [
        f"element preset on {', '.join(figures['tasks'])}; {figures['cpus']} CPUs",
        " | ".join(header),
    ]
    for count in dict.fromkeys(r["envs"] for r in rows):
        by = {r["backend"]: r for r in rows if r["envs"] == count}
        base = by["subproc"]["steps_per_second"]
        cells = [str(count), f"{base:.0f}"]
        cells += [f"{by[b]['steps_per_second']:.0f}" for b in ray_backends]
        cells += [f"{by[b]['steps_per_second'] / base:.2f}" for b in ray_backends]
        cells += [f"{by[b]['build_seconds']:.1f}" for b in backends]
        lines.append(" | ".join(cells))
    return "\n".join(lines)


def arguments(parser: argparse.ArgumentParser) -> None:
    """The benchmark's options."""
    parser.add_argument("--envs", type=int, nargs="+", default=[2, 4, 8])
    parser.add_argument("--per-actor", type=int, nargs="+", default=[1])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=20, help="vector steps per round")


if __name__ == "__main__":
    common.run(__doc__, "out/bench/ray_rollouts.json", measure, report, arguments=arguments)
