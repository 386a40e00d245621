"""Learning benchmark: MaskablePPO learns a task family whose target is named only in the instruction.

Run from the repository root (needs the ``rl`` and ``bench`` extras):
``.venv/bin/python benchmarks/learning.py [--timesteps N] [--out DIR] [--json PATH]``.

The task is ``settings.switch_named_on`` (``configs/tasks/learn/``): the phone starts on the
Settings network page with the Wi-Fi, Airplane mode and Mobile data switches off; the one to
turn on is drawn per episode and named only in the instruction (three paraphrases), and
turning on another switch fails the episode at once. One agent action solves it; the cap is
two. A policy that ignores the instruction can do no better than about 1 in 3.

The agent acts on elements (``action_space="element"``, MultiDiscrete (verb, element) with
``action_masks()``) and observes the ``rl`` view without the screen: the instruction's token
ids and the element feature matrix with its mask, kept small (``OBSERVATION``); the policy
embeds the token ids (``features_extractor``), as hashed ids mean nothing as numbers. First the
random policy (a uniformly drawn valid verb and valid element, as the masks allow) is
measured over ``RANDOM_EPISODES`` episodes; then ``MaskablePPO("MultiInputPolicy")`` trains
for ``--timesteps`` agent steps on one torch thread, and every ``--eval-every`` steps its
deterministic policy is evaluated on ``EVAL_EPISODES`` held-out seeds. The learning curve
(timesteps, wall seconds, success rate, mean reward) goes to ``DIR/learning_curve.csv`` and
``DIR/learning_curve.png``; the figures to the JSON file. Goal: a success rate of at least
90 %.
"""

from __future__ import annotations

import argparse
import csv
import pathlib
import time
from typing import Any

import common
import numpy as np

TASK = "settings.switch_named_on"
GOAL = 0.90
RANDOM_EPISODES = 200
EVAL_EPISODES = 60
EVAL_SEED = 1_000_000  # evaluation seeds start here; training resets draw others
TRAIN_SEED = 0
N_ENVS = 4
MAX_ELEMENTS = 12
OBSERVATION = {
    "parts": ("instruction", "elements"),
    "max_tokens": 8,
    "vocab_size": 256,
    "label_buckets": 256,
    "max_elements": MAX_ELEMENTS,
}
PPO = {
    "n_steps": 128,  # per env: rollouts of N_ENVS * 128 = 512 steps
    "batch_size": 128,
    "n_epochs": 8,
    "learning_rate": 1e-3,
    "gamma": 0.9,
    "ent_coef": 0.01,
    "policy_kwargs": {"net_arch": [64, 64]},
}
TORCH_THREADS = 1


def features_extractor() -> type:
    """The policy's features extractor: the instruction's token ids through a learned
    embedding (ids are hashes: as raw numbers they mean nothing), the element matrix with
    its ``tag`` and ``label`` columns scaled to [0, 1], and the element mask."""
    import torch
    from stable_baselines3.common.torch_layers import BaseFeaturesExtractor

    from mobile_gym.wrappers.rl import ELEMENT_FEATURES, TAGS

    tag, label = ELEMENT_FEATURES.index("tag"), ELEMENT_FEATURES.index("label")

    class Extractor(BaseFeaturesExtractor):
        def __init__(self, observation_space: Any, embedding: int = 16) -> None:
            tokens = observation_space["instruction"].shape[0]
            rows, columns = observation_space["elements"].shape
            super().__init__(observation_space, tokens * embedding + rows * (columns + 1))
            vocab = int(observation_space["instruction"].high.max()) + 1
            self.embed = torch.nn.Embedding(vocab, embedding)
            scale = torch.ones(columns)
            scale[tag], scale[label] = len(TAGS), OBSERVATION["label_buckets"] - 1
            self.register_buffer("scale", scale)

        def forward(self, observations: dict[str, Any]) -> Any:
            words = self.embed(observations["instruction"].long()).flatten(1)
            elements = (observations["elements"] / self.scale).flatten(1)
            return torch.cat([words, elements, observations["element_mask"].float()], dim=1)

    return Extractor


def make_env() -> Any:
    """The benchmark env: element actions, the small ``rl`` view, the task's step cap."""
    from mobile_gym import presets
    from mobile_gym.env import MobileEnv
    from mobile_gym.registration import step_cap
    from mobile_gym.wrappers import StepCap

    base = MobileEnv(TASK, screen_scale=0.05)  # the screen is not observed: draw it small
    env = presets.build(
        base,
        "element",
        "rl",
        action_options={"max_elements": MAX_ELEMENTS},
        observation_options=dict(OBSERVATION),
    )
    return StepCap(env, step_cap(None, base.task))


def _episode(env: Any, seed: int, act: Any) -> tuple[bool, float, int]:
    """One episode from ``seed`` with ``act(observation, masks)``: success, return, steps."""
    observation, _ = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        masks = env.get_wrapper_attr("action_masks")()
        observation, reward, terminated, truncated, info = env.step(act(observation, masks))
        total += float(reward)
        steps += 1
        if terminated or truncated:
            return bool(info["success"]), total, steps


def random_policy(seed: int) -> Any:
    """A uniformly drawn valid verb and valid element index (the masks are independent)."""
    rng = np.random.default_rng(seed)

    def act(_observation: Any, masks: np.ndarray) -> np.ndarray:
        verbs, indices = masks[:-MAX_ELEMENTS], masks[-MAX_ELEMENTS:]
        return np.array([rng.choice(np.flatnonzero(verbs)), rng.choice(np.flatnonzero(indices))])

    return act


def evaluate(env: Any, act: Any, episodes: int, first_seed: int) -> dict[str, float]:
    results = [_episode(env, first_seed + i, act) for i in range(episodes)]
    return {
        "success_rate": float(np.mean([r[0] for r in results])),
        "mean_reward": float(np.mean([r[1] for r in results])),
        "mean_steps": float(np.mean([r[2] for r in results])),
    }


def measure(args: argparse.Namespace) -> dict[str, Any]:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    import mobile_gym  # noqa: F401  (registers the task ids)
    from mobile_gym.rl import use_torch_threads

    use_torch_threads(TORCH_THREADS)
    eval_env = make_env()
    start = time.perf_counter()
    random = evaluate(eval_env, random_policy(0), RANDOM_EPISODES, EVAL_SEED)
    random_s = time.perf_counter() - start
    print(f"random policy: success {random['success_rate']:.1%} over {RANDOM_EPISODES} episodes")

    train_env = DummyVecEnv([make_env for _ in range(N_ENVS)])
    train_env.seed(TRAIN_SEED)
    policy_kwargs = {**PPO["policy_kwargs"], "features_extractor_class": features_extractor()}
    model = MaskablePPO(
        "MultiInputPolicy",
        train_env,
        seed=TRAIN_SEED,
        verbose=0,
        **{**PPO, "policy_kwargs": policy_kwargs},
    )

    def act(observation: dict[str, np.ndarray], masks: np.ndarray) -> np.ndarray:
        action, _ = model.predict(observation, action_masks=masks, deterministic=True)
        return action

    curve: list[dict[str, float]] = []
    clock = {"train_s": 0.0, "since": time.perf_counter()}

    def point(timesteps: int) -> None:
        clock["train_s"] += time.perf_counter() - clock["since"]
        scores = evaluate(eval_env, act, EVAL_EPISODES, EVAL_SEED)
        curve.append({"timesteps": timesteps, "train_seconds": clock["train_s"], **scores})
        write_csv(curve, args.out)  # as it goes: a run cut short keeps what it measured
        print(
            f"{timesteps:>7} steps {clock['train_s'] / 60:5.2f} min training:"
            f" success {scores['success_rate']:6.1%}, mean reward {scores['mean_reward']:.3f}"
        )
        clock["since"] = time.perf_counter()  # evaluation time is not training time

    class Evaluate(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.next = args.eval_every

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next:
                point(self.num_timesteps)
                self.next += args.eval_every
            return True

    point(0)
    model.learn(total_timesteps=args.timesteps, callback=Evaluate())
    if curve[-1]["timesteps"] < model.num_timesteps:
        point(model.num_timesteps)
    train_env.close()
    eval_env.close()

    reached = next((p for p in curve if p["success_rate"] >= GOAL), None)
    plotted = plot_curve(curve, random["success_rate"], args.out)
    return {
        "task": TASK,
        "random_success_rate": random["success_rate"],
        "random_mean_reward": random["mean_reward"],
        "random_episodes": RANDOM_EPISODES,
        "random_seconds": random_s,
        "timesteps": curve[-1]["timesteps"],
        "train_minutes": curve[-1]["train_seconds"] / 60,
        "final_success_rate": curve[-1]["success_rate"],
        "final_mean_reward": curve[-1]["mean_reward"],
        "best_success_rate": max(p["success_rate"] for p in curve),
        "goal_reached_at_timesteps": reached["timesteps"] if reached else None,
        "goal_reached_at_minutes": reached["train_seconds"] / 60 if reached else None,
        "eval_episodes": EVAL_EPISODES,
        "curve": curve,
        "out": str(args.out),
        "plotted": plotted,
    }


def write_csv(curve: list[dict[str, float]], out: pathlib.Path) -> None:
    """``learning_curve.csv`` in ``out``: one row per evaluation so far."""
    out.mkdir(parents=True, exist_ok=True)
    columns = ("timesteps", "train_seconds", "success_rate", "mean_reward")
    with (out / "learning_curve.csv").open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(columns)
        for p in curve:
            writer.writerow(
                [p["timesteps"], f"{p['train_seconds']:.2f}"] + [f"{p[c]:.4f}" for c in columns[2:]]
            )


def plot_curve(curve: list[dict[str, float]], random_sr: float, out: pathlib.Path) -> bool:
    """``learning_curve.png`` in ``out``; False (and a note) without matplotlib (the bench
    extra), whose absence costs only the picture."""
    try:
        import matplotlib
    except ImportError:
        print("matplotlib is not installed (the bench extra): no learning_curve.png")
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    steps = [p["timesteps"] for p in curve]
    ax.plot(steps, [p["success_rate"] for p in curve], marker="o", label="MaskablePPO")
    ax.axhline(random_sr, color="grey", linestyle="--", label=f"random ({random_sr:.0%})")
    ax.axhline(GOAL, color="green", linestyle=":", label=f"goal ({GOAL:.0%})")
    ax.set_xlabel("agent steps (timesteps)")
    ax.set_ylabel(f"success rate ({EVAL_EPISODES} eval episodes)")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(f"{TASK}: MaskablePPO on {TORCH_THREADS} CPU thread")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=100)
    plt.close(fig)
    return True


def report(f: dict[str, Any]) -> str:
    reached = (
        f"goal {GOAL:.0%} reached at {f['goal_reached_at_timesteps']} steps"
        f" ({f['goal_reached_at_minutes']:.2f} min)"
        if f["goal_reached_at_timesteps"] is not None
        else f"goal {GOAL:.0%} NOT reached"
    )
    return "\n".join(
        [
            f"task {f['task']}",
            f"random policy success rate   {f['random_success_rate']:6.1%}"
            f" ({f['random_episodes']} episodes)",
            f"MaskablePPO final success    {f['final_success_rate']:6.1%}"
            f" ({f['eval_episodes']} episodes, deterministic)"
            f" after {f['timesteps']} steps, {f['train_minutes']:.2f} min training",
            reached,
            f"wrote {f['out']}/learning_curve.csv"
            + (" and learning_curve.png" if f["plotted"] else ""),
        ]
    )


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timesteps", type=int, default=20_000, help="agent steps to train")
    parser.add_argument("--eval-every", type=int, default=2_048, help="steps between evals")
    parser.add_argument(
        "--out",
        type=pathlib.Path,
        default=pathlib.Path("out/bench/learning"),
        help="folder of learning_curve.csv and learning_curve.png",
    )


def main() -> None:
    common.run(
        __doc__,
        "out/bench/learning/learning.json",
        measure,
        report,
        {"goal_success_rate": GOAL, "ppo": {**PPO, "n_envs": N_ENVS}, "observation": OBSERVATION},
        arguments=arguments,
    )


if __name__ == "__main__":
    main()
