"""Train PPO on the screen: grid taps and the numeric ``rl_pixels`` view.

    .venv/bin/python examples/train_ppo_pixels.py --task settings.wifi_off --timesteps 50000

The agent sees the screen (a small uint8 image) and the instruction's token ids and taps one
of the grid's cells (or scrolls, BACK, HOME). ``MultiInputPolicy`` runs a CNN on the screen.
Several envs step in worker processes (``SubprocVecEnv``).
"""

from __future__ import annotations

import argparse
import pathlib

import gymnasium as gym
from stable_baselines3 import PPO
from stable_baselines3.common.vec_env import SubprocVecEnv

from mobile_gym.rl import SuccessRateCallback, use_torch_threads


def make(task: str) -> gym.Env:
    import mobile_gym  # noqa: F401  (registers the MobileGym/... ids in the worker)

    return gym.make(f"MobileGym/{task}-v0", action_space="grid", observation="rl_pixels")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task", default="settings.wifi_off", help="a task id")
    parser.add_argument("--timesteps", type=int, default=50_000, help="agent steps to train")
    parser.add_argument("--envs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("out/examples/pixels"))
    args = parser.parse_args()

    use_torch_threads(1)
    envs = SubprocVecEnv([lambda: make(args.task)] * args.envs)
    model = PPO("MultiInputPolicy", envs, n_steps=128, batch_size=64, seed=args.seed)
    callback = SuccessRateCallback(window=50, print_every=25)
    model.learn(total_timesteps=args.timesteps, callback=callback)
    model.save(args.out)
    envs.close()
    print(f"saved {args.out}.zip; success over the last episodes: {callback.success_rate}")


if __name__ == "__main__":
    main()
