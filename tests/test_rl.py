"""Training helpers of ``mobile_gym.rl`` with real stable-baselines3 runs (a few hundred
steps): the success-rate callback counts every finished episode and logs its rate; torch
threads follow the argument or ``MOBILE_GYM_TORCH_THREADS``; the learning benchmark keeps its
CSV without matplotlib."""

from __future__ import annotations

import csv
import pathlib
import sys

import gymnasium as gym
import pytest
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.logger import configure

import mobile_gym  # noqa: F401  (registers the task ids)
from mobile_gym.rl import THREADS_VARIABLE, SuccessRateCallback, use_torch_threads

sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "benchmarks"))

TASK = "MobileGym/settings.wifi_off-v0"


class Recording(SuccessRateCallback):
    """Also keeps how many episodes each step of the env ended."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.ended = 0

    def _on_step(self) -> bool:
        self.ended += sum(bool(done) for done in self.locals["dones"])
        return super()._on_step()


def test_the_callback_counts_every_episode_and_logs_its_rate(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = gym.make(TASK, action_space="element", observation="rl")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, seed=0)
    model.set_logger(configure(str(tmp_path), ["csv"]))
    callback = Recording(window=10, print_every=3)
    model.learn(total_timesteps=128, callback=callback)
    assert callback.ended >= 3 and callback.episodes == callback.ended
    assert len(callback.outcomes) == min(10, callback.ended)
    assert callback.success_rate == sum(callback.outcomes) / len(callback.outcomes)
    printed = [line for line in capsys.readouterr().out.splitlines() if "episodes: success" in line]
    assert len(printed) == callback.ended // 3
    with (tmp_path / "progress.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert rows and "rollout/success_rate" in rows[0]
    assert float(rows[-1]["rollout/success_rate"]) == pytest.approx(callback.success_rate)


def test_callback_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="window must be a positive integer, got 0"):
        SuccessRateCallback(window=0)


def test_torch_threads_follow_the_argument_or_the_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = torch.get_num_threads()
    try:
        monkeypatch.delenv(THREADS_VARIABLE, raising=False)
        assert use_torch_threads(1) == 1 == torch.get_num_threads()
        monkeypatch.setenv(THREADS_VARIABLE, "2")
        assert use_torch_threads(1) == 2 == torch.get_num_threads()
        monkeypatch.setenv(THREADS_VARIABLE, "many")
        with pytest.raises(ValueError, match=f"{THREADS_VARIABLE} must be a positive integer"):
            use_torch_threads()
    finally:
        torch.set_num_threads(before)


def test_the_learning_benchmark_keeps_its_csv_without_matplotlib(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import learning

    curve = [
        {"timesteps": 0, "train_seconds": 0.0, "success_rate": 0.0, "mean_reward": 0.0},
        {"timesteps": 64, "train_seconds": 1.5, "success_rate": 0.25, "mean_reward": 0.5},
    ]
    learning.write_csv(curve, tmp_path / "out")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    family = learning.FAMILIES["contacts"]
    assert learning.plot_curve(curve, 0.1, tmp_path / "out", family) is False
    with (tmp_path / "out" / "learning_curve.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [row["timesteps"] for row in rows] == ["0", "64"]
    assert rows[1]["success_rate"] == "0.2500"
    assert not (tmp_path / "out" / "learning_curve.png").exists()
