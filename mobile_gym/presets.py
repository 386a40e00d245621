"""Named stacks of wrappers: an action space and an observation view over the touch-level env.

``gym.make(id, action_space="gesture", observation="html")`` builds
``StepCap(HtmlObservation(GestureActions(MobileEnv)))``: the action wrapper innermost, the view
over it (so a view is drawn once per agent action, not once per touch), and the step cap
outermost, counting agent actions.

Action spaces: ``touch`` (the base env's), ``gesture``, ``element`` (Set-of-Marks element
numbers), ``grid``, ``text`` (text commands for LLMs), ``json`` (JSON actions for LLMs).
Observations: ``pixels`` (the base env's), ``text``, ``html``, ``som`` (screen with element
marks), ``rl`` (numeric arrays for stable-baselines3).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym

ACTION_SPACES: dict[str, str | None] = {
    "touch": None,
    "gesture": "GestureActions",
    "element": "ElementActions",
    "grid": "GridActions",
    "text": "TextCommands",
    "json": "JsonActions",
}
"""Action space name: its wrapper class in ``mobile_gym.wrappers``, or None (the env's own)."""

OBSERVATIONS: dict[str, str | None] = {
    "pixels": None,
    "text": "TextObservation",
    "html": "HtmlObservation",
    "som": "SetOfMarks",
    "rl": "RLObservation",
}
"""Observation name: its wrapper class in ``mobile_gym.wrappers``, or None (the env's own)."""


def wrapper_class(kind: str, name: str) -> type[gym.Wrapper] | None:
    """The wrapper class of preset ``name`` of ``kind`` (``action_space`` or ``observation``),
    None for the base env's own; ValueError naming the choices for an unknown name."""
    presets = {"action_space": ACTION_SPACES, "observation": OBSERVATIONS}[kind]
    if name not in presets:
        raise ValueError(f"unknown {kind} {name!r}; choose one of: {', '.join(presets)}")
    class_name = presets[name]
    if class_name is None:
        return None
    from mobile_gym import wrappers  # here, not at import: mobile_gym registers envs first

    return getattr(wrappers, class_name)


def build(
    env: gym.Env,
    action_space: str = "touch",
    observation: str = "pixels",
    action_options: dict[str, Any] | None = None,
    observation_options: dict[str, Any] | None = None,
) -> gym.Env:
    """Wrap ``env`` (a touch-level MobileEnv) in the named action space and observation view.

    ``action_options`` and ``observation_options`` are keyword arguments of the two wrappers
    (e.g. ``{"columns": 5, "rows": 10}`` for ``grid``). No step cap: add it outermost.
    """
    actions = wrapper_class("action_space", action_space)
    view = wrapper_class("observation", observation)
    for wrapper, options in ((actions, action_options), (view, observation_options)):
        if wrapper is not None:
            env = wrapper(env, **(options or {}))
        elif options:
            raise ValueError(f"options {options} given for a preset without a wrapper")
    return env


def make_vec(
    env_id: str,
    num_envs: int,
    vectorization_mode: str = "async",
    vector_kwargs: dict[str, Any] | None = None,
    **kwargs: Any,
) -> gym.vector.VectorEnv:
    """``num_envs`` copies of ``env_id`` (with ``kwargs``, e.g. ``action_space="gesture"``) in
    a gymnasium vector env, one process each (``async``) or in this process (``sync``).

    Async workers pass observations through pipes, not shared memory: text observations in
    shared memory come back stale.
    """
    if vectorization_mode not in ("async", "sync"):
        raise ValueError(
            f"vectorization_mode must be 'async' or 'sync', got {vectorization_mode!r}"
        )
    options = {"shared_memory": False} if vectorization_mode == "async" else {}
    return gym.make_vec(
        env_id,
        num_envs,
        vectorization_mode=vectorization_mode,
        vector_kwargs={**options, **(vector_kwargs or {})},
        **kwargs,
    )
