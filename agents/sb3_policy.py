"""SB3PolicyAgent: a saved stable-baselines3 (or sb3-contrib) model as an agent.

Runs a policy trained with ``gym.make(id, action_space=..., observation="rl")`` (see
``benchmarks/learning.py``) on any task: the runner builds the env in the same presets, with
the same ``action_options``, ``observation_options`` and ``screen_size`` when given, and the
model predicts each action. Maskable models (sb3-contrib ``MaskablePPO``) get the
element action space's ``action_masks()``. Needs the ``rl`` extra.
"""

from __future__ import annotations

import importlib
import pathlib
from collections.abc import Sequence
from typing import Any

from gymnasium import spaces

from mobile_gym.agents.base import InfrastructureError, ModelFreeAgent
from mobile_gym.presets import checked_presets

ALGORITHMS: dict[str, str] = {
    "ppo": "stable_baselines3:PPO",
    "a2c": "stable_baselines3:A2C",
    "dqn": "stable_baselines3:DQN",
    "maskable_ppo": "sb3_contrib:MaskablePPO",
    "recurrent_ppo": "sb3_contrib:RecurrentPPO",
}
"""Algorithm name: the class whose ``load`` reads the saved model."""


class SB3PolicyAgent(ModelFreeAgent):
    """A saved model's policy, deterministic by default.

    Args:
        path: the ``.zip`` written by ``model.save``.
        algo: one of ``ALGORITHMS``; ``maskable_ppo`` also reads the env's action masks.
        action_space: the action-space preset the model was trained in.
        observation: the observation preset it was trained on (``rl`` usually).
        action_options: the ``action_options`` it was trained with (``{"verbs": [click,
            back]}``), if any.
        observation_options: the ``observation_options`` it was trained with
            (``{"label_words": 4}``), if any.
        screen_size: the ``screen_size`` it was trained with, if any.
        deterministic: take the most likely action instead of sampling.
        threads: CPU threads for torch (``mobile_gym.rl.use_torch_threads``: one is fastest
            for these small policies; ``MOBILE_GYM_TORCH_THREADS`` overrides it).
    """

    name = "sb3"

    def __init__(
        self,
        path: str | pathlib.Path,
        algo: str = "maskable_ppo",
        action_space: str = "element",
        observation: str = "rl",
        action_options: dict[str, Any] | None = None,
        observation_options: dict[str, Any] | None = None,
        screen_size: Sequence[int] | None = None,
        deterministic: bool = True,
        threads: int = 1,
    ) -> None:
        if algo not in ALGORITHMS:
            raise ValueError(f"unknown algo {algo!r}; choose one of: {', '.join(ALGORITHMS)}")
        checked_presets(action_space, observation, action_options, observation_options)
        path = pathlib.Path(path)
        if not path.is_file():
            raise ValueError(f"no saved model at {path}")
        module, _, attribute = ALGORITHMS[algo].partition(":")
        try:
            cls = getattr(importlib.import_module(module), attribute)
        except ImportError as exc:
            raise ValueError(f"algo {algo!r} needs {module} (the rl extra): {exc}") from None
        from mobile_gym.rl import use_torch_threads

        use_torch_threads(threads)
        self.model = cls.load(str(path), device="cpu")
        self.algo = algo
        self.action_space = action_space
        self.observation = observation
        given = {
            "action_options": action_options,
            "observation_options": observation_options,
            "screen_size": screen_size,
        }
        self.preset_options = {name: value for name, value in given.items() if value is not None}
        """The env's other ``gym.make`` options, as the model was trained with them."""
        self.deterministic = deterministic
        self.name = f"sb3:{path.stem}"
        self._env: Any = None
        self._state: Any = None
        self._start = True
        self._output: str | None = None

    def attach(self, env: Any) -> None:
        """Act in ``env``. InfrastructureError (the run's setup, not the policy, is wrong)
        when the model was trained on other spaces than the env's: other presets or
        options than this agent's."""
        wanted = (self.model.observation_space, self.model.action_space)
        given = (env.observation_space, env.action_space)
        if not (_takes(wanted[0], given[0]) and wanted[1] == given[1]):
            raise InfrastructureError(
                f"the model was trained on observations {_described(wanted[0])} and actions "
                f"{_described(wanted[1])}, but the env ({self.action_space} actions, "
                f"{self.observation} observation, {self.preset_options or 'no other options'})"
                f" gives {_described(given[0])} and {_described(given[1])}: give the presets "
                "and options it was trained with"
            )
        self._env = env

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        self._state, self._start = None, True
        if seed is not None:
            self.model.set_random_seed(seed)

    def act(self, observation: Any, info: dict[str, Any]) -> Any:
        options: dict[str, Any] = {"deterministic": self.deterministic}
        if self.algo == "maskable_ppo":
            if self._env is None:
                raise RuntimeError("a maskable policy needs attach(env) for its action masks")
            options["action_masks"] = self._env.get_wrapper_attr("action_masks")()
        if self.algo == "recurrent_ppo":
            options["state"], options["episode_start"] = self._state, [self._start]
        if isinstance(self.model.observation_space, spaces.Dict):  # only the parts it knows
            observation = {key: observation[key] for key in self.model.observation_space.spaces}
        action, self._state = self.model.predict(observation, **options)
        self._start = False
        self._output = str(action.tolist() if hasattr(action, "tolist") else action)
        return action


def _takes(model: spaces.Space, env: spaces.Space) -> bool:
    """Whether a model trained on observations of ``model`` takes those of ``env``: the same
    space, an image as the model saw it (channels first, as stable-baselines3 turns it),
    or a dict holding at least the model's parts (the others are left out)."""
    if isinstance(model, spaces.Dict):
        return isinstance(env, spaces.Dict) and all(
            key in env.spaces and _takes(part, env.spaces[key])
            for key, part in model.spaces.items()
        )
    if isinstance(model, spaces.Box) and isinstance(env, spaces.Box) and len(env.shape) == 3:
        height, width, channels = env.shape
        return model.shape in (env.shape, (channels, height, width)) and model.dtype == env.dtype
    return model == env


def _described(space: spaces.Space) -> str:
    """A space in a few words: a box by its shape and type, a dict by its parts."""
    if isinstance(space, spaces.Dict):
        return "{" + ", ".join(f"{k}: {_described(v)}" for k, v in space.spaces.items()) + "}"
    if isinstance(space, spaces.Box):
        return f"Box{space.shape} {space.dtype}"
    return str(space)
