"""Named stacks of wrappers: an action space and an observation view over the touch-level env.

``gym.make(id, action_space="gesture", observation="html")`` builds
``StepCap(HtmlObservation(GestureActions(MobileEnv)))``: the action wrapper innermost, the view
over it (so a view is drawn once per agent action, not once per touch), and the step cap
outermost, counting agent actions.

Action spaces: ``touch`` (the base env's), ``gesture``, ``element`` (Set-of-Marks element
numbers), ``grid``, ``text`` (text commands for LLMs), ``json`` (JSON actions for LLMs),
``mobile_env`` (Mobile-Env's ``<action>CLICK(3)</action>`` calls on leaf elements).
Observations: ``pixels`` (the base env's), ``text``, ``html``, ``som`` (screen with element
marks), ``rl`` (numeric arrays for stable-baselines3), ``rl_pixels`` (``rl``'s resized screen
and instruction token ids, no elements: for ``MultiInputPolicy`` with a CNN on the image),
``mobile_env_html`` (Mobile-Env's HTML of the leaf elements, the ids ``mobile_env`` takes).
"""

from __future__ import annotations

import inspect
from typing import Any

import gymnasium as gym

ACTION_SPACES: dict[str, str | None] = {
    "touch": None,
    "gesture": "GestureActions",
    "element": "ElementActions",
    "grid": "GridActions",
    "text": "TextCommands",
    "json": "JsonActions",
    "mobile_env": "MobileEnvActions",
}
"""Action space name: its wrapper class in ``mobile_gym.wrappers``, or None (the env's own)."""

OBSERVATIONS: dict[str, str | None] = {
    "pixels": None,
    "text": "TextObservation",
    "html": "HtmlObservation",
    "som": "SetOfMarks",
    "rl": "RLObservation",
    "rl_pixels": "RLObservation",
    "mobile_env_html": "MobileEnvHtml",
}
"""Observation name: its wrapper class in ``mobile_gym.wrappers``, or None (the env's own)."""

DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {
    "rl_pixels": {"parts": ("screen", "instruction")},
}
"""Options a preset gives its wrapper (before the caller's own), by preset name."""

_KINDS = {"action_space": ACTION_SPACES, "observation": OBSERVATIONS}


def wrapper_class(kind: str, name: str) -> type[gym.Wrapper] | None:
    """The wrapper class of preset ``name`` of ``kind`` (``action_space`` or ``observation``),
    None for the base env's own; ValueError naming the choices for an unknown name."""
    presets = _KINDS[kind]
    if name not in presets:
        raise ValueError(f"unknown {kind} {name!r}; choose one of: {', '.join(presets)}")
    class_name = presets[name]
    if class_name is None:
        return None
    from mobile_gym import wrappers  # here, not at import: mobile_gym registers envs first

    return getattr(wrappers, class_name)


def options(kind: str, name: str) -> tuple[str, ...]:
    """The option names that preset ``name`` of ``kind`` takes (its wrapper's keyword
    arguments but the env); none for the base env's own."""
    wrapper = wrapper_class(kind, name)
    if wrapper is None:
        return ()
    parameters = inspect.signature(wrapper.__init__).parameters.values()
    named = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return tuple(p.name for p in parameters if p.kind in named and p.name not in ("self", "env"))


def _checked_options(kind: str, name: str, given: dict[str, Any] | None) -> dict[str, Any]:
    """The options for preset ``name``'s wrapper: its defaults, then ``given``; ValueError
    naming an option it does not take and listing those it does."""
    given = dict(given or {})
    valid = options(kind, name)
    unknown = [option for option in given if option not in valid]
    if unknown:
        argument = "action_options" if kind == "action_space" else "observation_options"
        if not valid:
            raise ValueError(
                f"{argument} {given} given for {kind} {name!r}, a preset without a wrapper:"
                " it takes no options"
            )
        raise ValueError(
            f"unknown {argument} {unknown[0]!r} for {kind} {name!r};"
            f" valid options: {', '.join(valid)}"
        )
    return {**DEFAULT_OPTIONS.get(name, {}), **given}


def checked_presets(
    action_space: str,
    observation: str,
    action_options: dict[str, Any] | None = None,
    observation_options: dict[str, Any] | None = None,
) -> list[tuple[type[gym.Wrapper] | None, dict[str, Any]]]:
    """The action space's and the observation's wrapper classes (None: the base env's own)
    with the options each gets; ValueError, as ``build`` gives it, for an unknown preset or
    an option its wrapper does not take (the options' values are checked as it is built)."""
    return [
        (wrapper_class(kind, name), _checked_options(kind, name, given))
        for kind, name, given in (
            ("action_space", action_space, action_options),
            ("observation", observation, observation_options),
        )
    ]


def build(
    env: gym.Env,
    action_space: str = "touch",
    observation: str = "pixels",
    action_options: dict[str, Any] | None = None,
    observation_options: dict[str, Any] | None = None,
) -> gym.Env:
    """Wrap ``env`` (a touch-level MobileEnv) in the named action space and observation view.

    ``action_options`` and ``observation_options`` are keyword arguments of the two wrappers
    (e.g. ``{"columns": 5, "rows": 10}`` for ``grid``); ValueError for a name the wrapper
    does not take, listing those it does. No step cap: add it outermost.
    """
    layers = checked_presets(action_space, observation, action_options, observation_options)
    for wrapper, chosen in layers:
        if wrapper is not None:
            env = wrapper(env, **chosen)
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

    Async workers pass observations through pipes, not shared memory: a text observation's
    shared buffer holds its whole ``max_length`` (``gym.make_vec`` with shared memory works
    too, ``UnicodeText`` being registered for it).
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
