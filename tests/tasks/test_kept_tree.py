"""Signals, elements and observations read the one screen the phone keeps: nothing is built
again for them, and a screen's nodes are made once however many readers ask."""

from __future__ import annotations

import pytest

from mobile_gym.actions import wait
from mobile_gym.registration import make_env
from mobile_gym.sim import screen as screen_module
from mobile_gym.sim.ui import hierarchy


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    counts = {"updates": 0, "nodes": 0}
    update, nodes = screen_module.Screen.update, hierarchy.nodes

    def counted_update(self, specs):  # type: ignore[no-untyped-def]
        counts["updates"] += 1
        return update(self, specs)

    def counted_nodes(windows):  # type: ignore[no-untyped-def]
        counts["nodes"] += 1
        return nodes(windows)

    monkeypatch.setattr(screen_module.Screen, "update", counted_update)
    monkeypatch.setattr(screen_module, "nodes", counted_nodes)
    return counts


def test_steps_that_change_nothing_build_and_read_nothing(counted: dict[str, int]) -> None:
    env = make_env(
        "simpletools.contacts.search_contact", action_space="element", observation="text"
    )
    env.reset(seed=0)
    base = env.unwrapped
    counted.update(updates=0, nodes=0)
    for _ in range(5):
        base.step(wait()[0])  # time passes; the screen shows nothing that changed
    assert counted == {"updates": 0, "nodes": 0}


def test_a_changed_screen_is_built_once_and_its_nodes_made_once(
    counted: dict[str, int],
) -> None:
    env = make_env(
        "simpletools.contacts.search_contact", action_space="element", observation="text"
    )
    _, info = env.reset(seed=0)
    search = next(e for e in info["elements"] if e["label"] == "Search")
    counted.update(updates=0, nodes=0)
    _, _, _, _, info = env.step([0, search["index"]])  # click: the search bar opens
    assert "focused" in str(env.unwrapped.device.hierarchy_xml())
    # the task's XPath signals, the element list, the text observation and the step's
    # hierarchy all read the same nodes
    assert counted["nodes"] == 1
    assert 1 <= counted["updates"] <= 2  # the change, then the keyboard window coming up
