"""RandomAgent: uniform over the valid element actions of the screen it sees (seeded).

The floor every benchmark reports: how often acting at random reaches the goal. A valid
action is a verb an element on screen supports (``info["elements"]`` of the ``element``
action space: click, long press, scroll down / up) or BACK / HOME; each is equally likely.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mobile_gym.agents.base import ModelFreeAgent
from mobile_gym.wrappers.element_actions import VERBS


class RandomAgent(ModelFreeAgent):
    """Uniform over valid (verb, element) pairs; reseeded by each episode's seed."""

    name = "random"
    action_space = "element"
    observation = "text"

    def __init__(self, seed: int | None = None) -> None:
        self._seed = seed
        self._rng = np.random.default_rng(seed)
        self._output: str | None = None

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed if self._seed is None else [self._seed, seed])

    def act(self, observation: Any, info: dict[str, Any]) -> np.ndarray:
        choices = [
            (verb, element["index"])
            for element in info.get("elements", [])
            for verb in element["verbs"]
            if verb in VERBS
        ]
        choices += [("back", 0), ("home", 0)]
        verb, index = choices[int(self._rng.integers(len(choices)))]
        self._output = f"{verb} {index}" if verb not in ("back", "home") else verb
        return np.array([VERBS.index(verb), index], dtype=np.int64)
