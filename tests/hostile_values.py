"""Values no agent should put in an action but any may: the hostile action tests share
them."""

from __future__ import annotations

from typing import Any

import numpy as np

HUGE = 10**400
"""An integer too large for a float (401 digits)."""
TEN_MB = "a" * (10 * 2**20)
"""Ten megabytes of text."""


def nested(depth: int) -> list[Any]:
    """A list nested ``depth`` levels deep, built without recursion."""
    value: list[Any] = []
    for _ in range(depth - 1):
        value = [value]
    return value


def brackets(depth: int) -> str:
    """A JSON list nested ``depth`` levels deep, as text."""
    return "[" * depth + "]" * depth


def deep_call(depth: int) -> str:
    """MCP_CALL text ``{"tool": "x", "arguments": {"a": [[...]]}}`` whose argument nests
    ``depth`` lists deep."""
    return '{"tool": "x", "arguments": {"a": ' + brackets(depth) + "}}"


def objects() -> np.ndarray:
    """An object array of two things that are not numbers."""
    return np.array([object(), object()], dtype=object)


def cycle() -> dict[str, Any]:
    """A dict that holds itself."""
    loop: dict[str, Any] = {}
    loop["self"] = loop
    return loop
