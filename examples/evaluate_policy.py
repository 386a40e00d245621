"""Evaluate a saved policy on held-out seeds with the evaluation runner.

    .venv/bin/python examples/evaluate_policy.py out/examples/policy.zip --task settings.wifi_off

Seeds from 1000 up are never used in training by ``train_maskable_ppo.py``'s defaults. The
run folder holds every episode's record and trajectory, as ``mobile-gym eval`` writes them.
"""

from __future__ import annotations

import argparse
import pathlib

from rich.console import Console

from mobile_gym.agents import make_agent
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks
from mobile_gym.eval.report import metrics_table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("policy", type=pathlib.Path, help="the .zip a training script saved")
    parser.add_argument("--task", default="settings.wifi_off", help="a task id")
    parser.add_argument("--episodes", type=int, default=20, help="held-out seeds 1000...")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("out/examples/eval"))
    args = parser.parse_args()

    options = {"path": str(args.policy), "algo": "maskable_ppo"}
    agent = make_agent("sb3", **options)
    plan = episodes(select_tasks([], [args.task]), list(range(1000, 1000 + args.episodes)))
    records = evaluate(plan, RunSettings("sb3", options), RunStore(args.out), agent=agent)
    Console().print(metrics_table(records, by="task", title=f"{args.policy.name} on {args.task}"))


if __name__ == "__main__":
    main()
