"""Amap's geocoder (``amap_maps_geo``) through an MCP task's json actions: a place abroad
has its own country, and a one-character address matches no place."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from mobile_gym.registration import make_env


@pytest.fixture(scope="module")
def env() -> Iterator[Any]:
    env = make_env("mw.map.check_distance_mcp", action_space="json", observation="text")
    env.reset(seed=0)
    yield env
    env.close()


def geocode(env: Any, address: str) -> dict[str, Any]:
    action = {
        "action_type": "mcp",
        "action_name": "amap_maps_geo",
        "action_json": {"address": address},
    }
    *_, info = env.step(json.dumps(action))
    return info["tool_call"]


@pytest.mark.parametrize(
    ("address", "country"),
    [
        ("Eiffel Tower", "France"),
        ("MIT Stata Center", "USA"),
        ("Miami", "USA"),
        ("杭州东站", "中国"),
    ],
)
def test_a_place_has_its_own_country(env: Any, address: str, country: str) -> None:
    call = geocode(env, address)
    assert not call["is_error"]
    (place,) = json.loads(call["result"])["results"]
    assert place["country"] == country


@pytest.mark.parametrize("address", ["x", "a", "1", "湖"])
def test_a_single_character_matches_no_place(env: Any, address: str) -> None:
    call = geocode(env, address)
    assert call["is_error"] and "no place or address matches" in call["result"]
