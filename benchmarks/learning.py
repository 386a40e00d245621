"""Learning benchmark: MaskablePPO learns a task family whose target is named only in the instruction.

Run from the repository root (needs the ``rl`` and ``bench`` extras):
``.venv/bin/python benchmarks/learning.py [--family switch|contacts] [--timesteps N]
[--out DIR] [--json PATH]``.

Two task families (suite ``learn``, ``configs/tasks/learn/``), chosen with ``--family``:

- ``switch``: ``settings.switch_named_on``. The phone starts on the Settings network page
  with the Wi-Fi, Airplane mode and Mobile data switches off; the one to turn on is drawn per
  episode and named only in the instruction, and turning on another fails the episode at
  once. One agent action solves it; the cap is two. Goal: 90 % success.
- ``contacts``: ``contacts.text_named``, on the MobileAgentBench Contacts app. The phone
  starts on the home screen with five contacts whose first names are drawn from 24; the one
  to text is drawn among them and named only in the instruction. Three agent actions solve
  it (open Contacts, open the named contact's card, tap "Send SMS"); the cap is six, and
  opening another contact's card fails the episode. Goal: 80 % success within 20 minutes of
  training on 2 CPUs.

The agent acts on elements (``action_space="element"``, MultiDiscrete (verb, element) with
``action_masks()``; the ``contacts`` family uses only the verbs click and back) and observes
the ``rl`` view without the screen: the instruction's token ids and the element feature
matrix with its mask, plus (``contacts``) each element label's words as token ids
(``Family.observation``). The policy reads them through ``mobile_gym.rl.ElementsExtractor``,
which embeds the hashed ids and scores each element against the instruction, and its
element head is linear in the rows' features (a pointer); the training envs end episodes at
the cap (``mobile_gym.rl.CapEndsEpisode``: the cap is part of the task, so no value is
bootstrapped past it). First the random policy (a uniformly drawn valid verb and valid
element, as the masks allow) is measured over ``RANDOM_EPISODES`` episodes; then
``MaskablePPO("MultiInputPolicy")`` trains for ``--timesteps`` agent steps on one torch
thread, and every ``--eval-every`` steps its deterministic policy is evaluated on
``EVAL_EPISODES`` held-out seeds (training resets draw other seeds) with the env's own
flags. The learning curve (timesteps, wall seconds of training, success rate, mean reward)
goes to ``DIR/learning_curve.csv`` and ``DIR/learning_curve.png``; the figures to the JSON
file.
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import pathlib
import time
from typing import Any

import common
import numpy as np

RANDOM_EPISODES = 200
EVAL_EPISODES = 100
EVAL_SEED = 1_000_000  # evaluation seeds start here; training resets draw others
TRAIN_SEED = 0
N_ENVS = 4
TORCH_THREADS = 1


@dataclasses.dataclass(frozen=True)
class Family:
    """One task family of the benchmark: its task, the observation kept small for it, the
    success-rate goal and the default training budget."""

    task: str
    goal: float
    timesteps: int
    max_elements: int
    max_tokens: int
    verbs: tuple[str, ...] | None = None  # the element verbs the agent may use (None: all)
    label_words: int = 0  # words of each element's label observed as token ids (0: none)
    eval_every: int = 2_048  # agent steps between evaluations
    pointer: bool = False  # the element head reads the rows directly (else a 64-64 MLP first)

    @property
    def observation(self) -> dict[str, Any]:
        return {
            "parts": ("instruction", "elements"),
            "max_tokens": self.max_tokens,
            "vocab_size": 256,
            "label_buckets": 256,
            "max_elements": self.max_elements,
            "label_words": self.label_words,
        }


FAMILIES = {
    "switch": Family("settings.switch_named_on", 0.90, 20_000, max_elements=12, max_tokens=8),
    "contacts": Family(
        "contacts.text_named",
        0.80,
        81_920,
        max_elements=16,
        max_tokens=12,
        verbs=("click", "back"),
        label_words=4,
        eval_every=8_192,
        pointer=True,
    ),
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
POINTER = {"pi": [], "vf": [64, 64]}
"""The net of a family with ``pointer``: the element head reads the element rows directly
(logits linear in each row's features), the value head through a 64-64 MLP."""


def make_env(family: Family) -> Any:
    """The benchmark env: element actions, the family's small ``rl`` view, the task's cap."""
    from mobile_gym import presets
    from mobile_gym.env import MobileEnv
    from mobile_gym.registration import step_cap
    from mobile_gym.wrappers import StepCap

    base = MobileEnv(family.task, screen_scale=0.05)  # the screen is not observed: draw it small
    env = presets.build(
        base,
        "element",
        "rl",
        action_options={"max_elements": family.max_elements, "verbs": family.verbs},
        observation_options=family.observation,
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


def random_policy(seed: int, max_elements: int) -> Any:
    """A uniformly drawn valid verb and valid element index (the masks are independent)."""
    rng = np.random.default_rng(seed)

    def act(_observation: Any, masks: np.ndarray) -> np.ndarray:
        verbs, indices = masks[:-max_elements], masks[-max_elements:]
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
    from mobile_gym.rl import CapEndsEpisode, ElementsExtractor, use_torch_threads

    family = FAMILIES[args.family]
    out = args.out or pathlib.Path("out/bench/learning") / args.family
    timesteps = args.timesteps or family.timesteps
    eval_every = args.eval_every or family.eval_every
    use_torch_threads(TORCH_THREADS)
    eval_env = make_env(family)
    start = time.perf_counter()
    random = evaluate(eval_env, random_policy(0, family.max_elements), RANDOM_EPISODES, EVAL_SEED)
    random_s = time.perf_counter() - start
    print(f"random policy: success {random['success_rate']:.1%} over {RANDOM_EPISODES} episodes")

    train_env = DummyVecEnv([lambda: CapEndsEpisode(make_env(family)) for _ in range(N_ENVS)])
    train_env.seed(TRAIN_SEED)
    policy_kwargs = {**PPO["policy_kwargs"], "features_extractor_class": ElementsExtractor}
    if family.pointer:
        policy_kwargs["net_arch"] = POINTER
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

    def point(steps: int) -> None:
        clock["train_s"] += time.perf_counter() - clock["since"]
        scores = evaluate(eval_env, act, EVAL_EPISODES, EVAL_SEED)
        curve.append({"timesteps": steps, "train_seconds": clock["train_s"], **scores})
        write_csv(curve, out)  # as it goes: a run cut short keeps what it measured
        print(
            f"{steps:>7} steps {clock['train_s'] / 60:5.2f} min training:"
            f" success {scores['success_rate']:6.1%}, mean reward {scores['mean_reward']:.3f}",
            flush=True,
        )
        clock["since"] = time.perf_counter()  # evaluation time is not training time

    class Evaluate(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.next = eval_every

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next:
                point(self.num_timesteps)
                self.next += eval_every
            return True

    point(0)
    model.learn(total_timesteps=timesteps, callback=Evaluate())
    if curve[-1]["timesteps"] < model.num_timesteps:
        point(model.num_timesteps)
    train_env.close()
    eval_env.close()

    reached = next((p for p in curve if p["success_rate"] >= family.goal), None)
    plotted = plot_curve(curve, random["success_rate"], out, family)
    return {
        "family": args.family,
        "task": family.task,
        "goal_success_rate": family.goal,
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
        "observation": family.observation,
        "curve": curve,
        "out": str(out),
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


def plot_curve(
    curve: list[dict[str, float]], random_sr: float, out: pathlib.Path, family: Family
) -> bool:
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
    minutes = [p["train_seconds"] / 60 for p in curve]
    ax.plot(minutes, [p["success_rate"] for p in curve], marker="o", label="MaskablePPO")
    ax.axhline(random_sr, color="grey", linestyle="--", label=f"random ({random_sr:.0%})")
    ax.axhline(family.goal, color="green", linestyle=":", label=f"goal ({family.goal:.0%})")
    ax.set_xlabel(f"minutes of training ({curve[-1]['timesteps']:,} agent steps in all)")
    ax.set_ylabel(f"success rate ({EVAL_EPISODES} held-out seeds)")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(f"{family.task}: MaskablePPO on {TORCH_THREADS} CPU thread")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=100)
    plt.close(fig)
    return True


def report(f: dict[str, Any]) -> str:
    goal = f["goal_success_rate"]
    reached = (
        f"goal {goal:.0%} reached at {f['goal_reached_at_timesteps']} steps"
        f" ({f['goal_reached_at_minutes']:.2f} min of training)"
        if f["goal_reached_at_timesteps"] is not None
        else f"goal {goal:.0%} NOT reached"
    )
    return "\n".join(
        [
            f"task {f['task']} (family {f['family']})",
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
    parser.add_argument(
        "--family", choices=sorted(FAMILIES), default="switch", help="the task family to learn"
    )
    parser.add_argument(
        "--timesteps", type=int, help="agent steps to train (default: the family's budget)"
    )
    parser.add_argument(
        "--eval-every", type=int, help="steps between evals (default: 2,048, or 8,192 for contacts)"
    )
    parser.add_argument(
        "--out",
        type=pathlib.Path,
        help="folder of learning_curve.csv and .png (default out/bench/learning/FAMILY)",
    )


def main() -> None:
    common.run(
        __doc__,
        "out/bench/learning/learning.json",
        measure,
        report,
        {"ppo": {**PPO, "n_envs": N_ENVS}},
        arguments=arguments,
    )


if __name__ == "__main__":
    main()
