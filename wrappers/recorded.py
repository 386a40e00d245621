"""Wrapper arguments recorded for ``env.spec`` in the form its JSON gives back.

Gymnasium's ``RecordConstructorArgs`` keeps a wrapper's arguments for ``env.spec``, and
``gym.make(spec)`` checks that the wrappers it makes again record the same ones. A spec
read back from JSON (``EnvSpec.from_json(spec.to_json())``) holds every tuple as a list,
so a wrapper that recorded ``screen_size=(128, 64)`` would not match its own saved spec.
``RecordedArgs`` records each argument as JSON reads it back (a tuple as a list, at any
depth); the wrapper itself still reads its arguments as given.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym

from mobile_gym.env import RefusesCopies


class RecordedArgs(gym.utils.RecordConstructorArgs, RefusesCopies):
    """``gymnasium.utils.RecordConstructorArgs`` that records each argument in its JSON
    form (``json_form``). The base of every mobile-gym wrapper, so each refuses to be
    copied as the env does (``RefusesCopies``: a shallow copy would share the env)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**{name: json_form(value) for name, value in kwargs.items()})


def json_form(value: Any) -> Any:
    """``value`` as JSON would give it back: tuples and lists as lists, dicts with their
    values so, at any depth; anything else as it is."""
    if isinstance(value, (tuple, list)):
        return [json_form(item) for item in value]
    if isinstance(value, dict):
        return {key: json_form(item) for key, item in value.items()}
    return value
