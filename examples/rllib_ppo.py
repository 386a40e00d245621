"""Train RLlib's PPO with action masking on a task with element actions.

    .venv/bin/python examples/rllib_ppo.py --task settings.wifi_off --iterations 20

``register_rllib_envs()`` makes every ``MobileGym/`` id an RLlib env whose observation is a
Dict of ``observations`` (the ``rl`` view's instruction and elements, flattened) and
``action_mask`` (the element preset's masks); ``masked_ppo_config`` puts RLlib's
``ActionMaskingTorchRLModule`` on it, so invalid verbs and indices are never sampled.
Prints the mean episode return and length after each iteration and saves a checkpoint.
Needs the ``rllib`` extra.
"""

from __future__ import annotations

import argparse
import os
import pathlib

import ray

import mobile_gym  # noqa: F401  (registers the MobileGym/... ids)
from mobile_gym.ray.rllib import masked_ppo_config, register_rllib_envs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task", default="settings.wifi_off", help="a task id")
    parser.add_argument("--iterations", type=int, default=20, help="PPO training iterations")
    parser.add_argument("--batch", type=int, default=512, help="env steps per iteration")
    parser.add_argument("--env-runners", type=int, default=1, help="sampling actors (0: here)")
    parser.add_argument("--cpus", type=int, default=None, help="CPUs Ray may use")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("out/examples/rllib"))
    args = parser.parse_args()

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(num_cpus=args.cpus, include_dashboard=False)
    register_rllib_envs()
    config = (
        masked_ppo_config(f"MobileGym/{args.task}-v0", fcnet_hiddens=[128, 128])
        .env_runners(num_env_runners=args.env_runners)
        .training(
            train_batch_size_per_learner=args.batch,
            minibatch_size=min(128, args.batch),
            num_epochs=4,
        )
        .debugging(seed=args.seed)
    )
    algo = config.build_algo()
    for iteration in range(1, args.iterations + 1):
        runners = algo.train()["env_runners"]
        print(
            f"iteration {iteration}: {int(runners['num_env_steps_sampled_lifetime'])} steps, "
            f"return {runners.get('episode_return_mean', float('nan')):.2f}, "
            f"length {runners.get('episode_len_mean', float('nan')):.1f}",
            flush=True,
        )
    checkpoint = algo.save(str(args.out.resolve()))
    print(f"saved {checkpoint.checkpoint.path}")
    algo.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
