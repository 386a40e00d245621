"""Train MaskablePPO on a task with element actions and the numeric ``rl`` view.

    .venv/bin/python examples/train_maskable_ppo.py --task settings.wifi_off --timesteps 20000

Prints the success rate of the last episodes as it trains (``SuccessRateCallback``) and saves
the model, which ``examples/evaluate_policy.py`` (or ``mobile-gym eval --agent sb3``) runs.
"""

from __future__ import annotations

import argparse
import pathlib

import gymnasium as gym
from sb3_contrib import MaskablePPO

import mobile_gym  # noqa: F401  (registers the MobileGym/... ids)
from mobile_gym.rl import SuccessRateCallback, use_torch_threads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task", default="settings.wifi_off", help="a task id")
    parser.add_argument("--timesteps", type=int, default=20_000, help="agent steps to train")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("out/examples/policy"))
    args = parser.parse_args()

    use_torch_threads(1)
    env = gym.make(f"MobileGym/{args.task}-v0", action_space="element", observation="rl")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=256, batch_size=64, seed=args.seed)
    callback = SuccessRateCallback(window=50, print_every=25)
    model.learn(total_timesteps=args.timesteps, callback=callback)
    model.save(args.out)
    print(f"saved {args.out}.zip; success over the last episodes: {callback.success_rate}")


if __name__ == "__main__":
    main()
