"""Frozen fixture data of the offline MCP tool servers.

Each server answers only from one YAML file in ``mobile_gym/mcp/fixtures/`` (``amap.yaml``,
``github.yaml``, ``arxiv.yaml``, ``stockstar.yaml``, ``jina.yaml``); the files ship in the
wheel. Every entity there carries a ``tasks`` list naming the MobileWorld tasks it serves
(an empty list marks filler), so task definitions can read the same facts as the servers.

``load_fixture(name)`` returns a private copy; the servers read the cached original through
``fixture(name)`` and never change it.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import yaml

FIXTURES_DIR = Path(__file__).resolve().parent.parent / "fixtures"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader on libyaml (C) when PyYAML has it: the maps fixture loads in a third
of the time."""


@cache
def fixture(name: str) -> dict[str, Any]:
    """The parsed fixture file ``<name>.yaml``, cached; callers must not modify it."""
    path = FIXTURES_DIR / f"{name}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in FIXTURES_DIR.glob("*.yaml"))
        raise ValueError(f"unknown fixture {name!r}; known fixtures: {', '.join(known)}")
    with path.open(encoding="utf-8") as handle:
        data = yaml.load(handle, Loader=_LOADER)  # (a safe loader)
    if not isinstance(data, dict):
        raise ValueError(f"fixture {path.name} must hold a mapping at its top level")
    return data


def load_fixture(name: str) -> dict[str, Any]:
    """A deep copy of the fixture ``<name>`` (``amap``, ``github``, ``arxiv``, ...)."""
    return copy.deepcopy(fixture(name))
