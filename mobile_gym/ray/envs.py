"""The envs an episode actor keeps between episodes: a few, the least recently used closed
first, so that the next episode of the same task (another seed) starts on an env already
made (``mobile_gym.eval.episode_runner.EnvSource``).

An env whose infrastructure failed in its episode is closed, never lent again. The task's
MCP tool servers stop after every episode, as they do when a fresh env is closed, so an
episode on a kept env plays as it would on a new one.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from mobile_gym.registration import make_env
from mobile_gym.tasks.schema import TaskSpec

DEFAULT_ENVS = 4
"""Envs an actor keeps (one per task and way of playing it)."""


class EnvCache:
    """At most ``size`` idle envs by task and options; ``open`` lends one (or makes it),
    ``release`` takes it back. ``made`` and ``reused`` count what ``open`` did."""

    def __init__(self, size: int = DEFAULT_ENVS) -> None:
        if size < 1:
            raise ValueError(f"an env cache needs room for at least one env, got {size}")
        self.size = size
        self.made = 0
        self.reused = 0
        self._idle: OrderedDict[str, Any] = OrderedDict()
        self._keys: dict[int, str] = {}

    def open(self, task: TaskSpec, **options: Any) -> Any:
        """An env for ``task`` made as ``make_env(task, **options)`` makes it: a kept one
        when there is one."""
        key = json.dumps([task.id, task.source, options], sort_keys=True, default=repr)
        env = self._idle.pop(key, None)
        if env is None:
            env = make_env(task, **options)
            self.made += 1
        else:
            self.reused += 1
        self._keys[id(env)] = key
        return env

    def release(self, env: Any, healthy: bool) -> None:
        """Keep ``env`` for a later episode (closing the least recently used one beyond
        ``size``), or close it when its infrastructure failed (``healthy`` False)."""
        key = self._keys.pop(id(env))
        if not healthy:
            env.close()
            return
        _stop_tools(env)
        stale = self._idle.pop(key, None)
        if stale is not None:
            stale.close()
        self._idle[key] = env
        while len(self._idle) > self.size:
            _, oldest = self._idle.popitem(last=False)
            oldest.close()

    def close(self) -> None:
        """Close every kept env."""
        while self._idle:
            _, env = self._idle.popitem()
            env.close()

    def __len__(self) -> int:
        return len(self._idle)


def _stop_tools(env: Any) -> None:
    """Stop the MCP tool servers of ``env``'s task; the next reset starts them afresh."""
    base = env.unwrapped
    hub = getattr(base, "tool_hub", None)
    if hub is not None:
        hub.close()
        base.tool_hub = None
