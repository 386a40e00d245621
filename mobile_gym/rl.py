"""Training with stable-baselines3 on mobile-gym: sensible torch threads and a success-rate
callback. Needs the ``rl`` extra (stable-baselines3, sb3-contrib, torch).

- ``use_torch_threads(n)``: the small policies SB3 trains here (MLPs over element features,
  a small CNN over a 64 px screen) run fastest on one CPU thread; torch's default (one per
  core) spends most of each step synchronising threads. ``MOBILE_GYM_TORCH_THREADS``
  overrides the number.
- ``SuccessRateCallback``: an SB3 callback that reads ``info["success"]`` at the end of every
  episode of the (vector) env, prints the success rate over the last episodes every
  ``print_every`` episodes, and records ``rollout/success_rate`` in SB3's logger (so it shows
  in TensorBoard when the model was made with ``tensorboard_log``).
"""

from __future__ import annotations

import collections
import os
from typing import Any

from stable_baselines3.common.callbacks import BaseCallback

from mobile_gym.checks import check_int

THREADS_VARIABLE = "MOBILE_GYM_TORCH_THREADS"
"""The environment variable that sets how many threads ``use_torch_threads`` gives torch."""


def use_torch_threads(threads: int = 1) -> int:
    """Give torch ``threads`` CPU threads (``MOBILE_GYM_TORCH_THREADS`` wins when set);
    return the number set."""
    import torch

    name, wanted = "threads", threads
    setting = os.environ.get(THREADS_VARIABLE, "").strip()
    if setting:
        name = THREADS_VARIABLE
        wanted = int(setting) if setting.isdigit() else setting  # type: ignore[assignment]
    count = check_int(name, wanted, 1)
    torch.set_num_threads(count)
    return count


class SuccessRateCallback(BaseCallback):
    """Success rate over the last ``window`` finished episodes, printed and logged.

    Args:
        window: how many recent episodes the rate is taken over.
        print_every: print a line every this many finished episodes (0: never print).
    """

    def __init__(self, window: int = 100, print_every: int = 20, verbose: int = 0) -> None:
        super().__init__(verbose)
        self.window = check_int("window", window, 1)
        self.print_every = check_int("print_every", print_every, 0)
        self.outcomes: collections.deque[bool] = collections.deque(maxlen=self.window)
        self.episodes = 0

    @property
    def success_rate(self) -> float | None:
        """The rate over the last ``window`` episodes (None before the first one ends)."""
        return sum(self.outcomes) / len(self.outcomes) if self.outcomes else None

    def _on_step(self) -> bool:
        infos: list[dict[str, Any]] = self.locals.get("infos", [])
        dones = self.locals.get("dones", [False] * len(infos))
        for info, done in zip(infos, dones, strict=False):
            if done:
                self.outcomes.append(bool(info.get("success")))
                self.episodes += 1
                if self.print_every and self.episodes % self.print_every == 0:
                    print(
                        f"{self.num_timesteps:>8} steps, {self.episodes} episodes: success "
                        f"{self.success_rate:.0%} over the last {len(self.outcomes)}",
                        flush=True,
                    )
        if self.outcomes:
            self.logger.record("rollout/success_rate", self.success_rate)
        return True
