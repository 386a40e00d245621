"""Elements read from the simulated phone's nodes are exactly those of its dump."""

from __future__ import annotations

import random

import pytest

from mobile_gym.device.sim import SimDevice
from mobile_gym.hierarchy import Node, parse
from mobile_gym.sim import input as ev
from mobile_gym.wrappers.elements import device_elements, screen_elements


class DumpOnly:
    """A device that shows its screen only through the hierarchy dump (as over ADB)."""

    def __init__(self, device: SimDevice) -> None:
        self.hierarchy_xml = device.hierarchy_xml

    def nodes(self) -> tuple[Node, ...]:
        return parse(self.hierarchy_xml())


@pytest.mark.parametrize("seed", [0, 1])
def test_nodes_and_dump_give_the_same_elements(seed: int) -> None:
    device = SimDevice()
    phone = device.phone
    rng = random.Random(seed)
    screens = set()
    for _ in range(40):
        xml = device.hierarchy_xml()
        screens.add(phone.foreground)
        for include_text in (False, True):
            expected = screen_elements(xml, include_text)
            assert device_elements(device, include_text) == expected
            assert device_elements(DumpOnly(device), include_text) == expected
        clickable = [e for e in screen_elements(xml) if e.clickable]
        roll = rng.random()
        if roll < 0.1 or not clickable:
            phone.key("BACK")
        elif roll < 0.2:
            w, h = phone.display.width, phone.display.height
            phone.send_all(ev.drag(w / 2, h * 0.75, w / 2, h * 0.25))
        else:
            phone.send_all(ev.tap(*rng.choice(clickable).bounds.center))
    assert len(screens) >= 3  # the walk saw several screens


def test_each_call_returns_a_list_of_its_own() -> None:
    device = SimDevice()
    first = device_elements(device)
    first.clear()
    assert device_elements(device)


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The node counts of the screens whose elements are made from now on (every call of
    ``node_elements``, which ``device_elements`` calls on a screen it has not kept)."""
    from mobile_gym.wrappers import elements as module

    calls: list[int] = []
    node_elements = module.node_elements

    def counted(nodes):  # type: ignore[no-untyped-def]
        calls.append(len(nodes))
        return node_elements(nodes)

    monkeypatch.setattr(module, "node_elements", counted)
    return calls


def test_the_elements_of_a_screen_are_made_once_per_screen(made: list[int]) -> None:
    """The action wrapper and the view read the same screen in one step: its elements are
    made once, and again only when the screen changes."""
    device = SimDevice()
    first = device_elements(device, include_text=True)
    assert device_elements(device) == [e for e in first if e.index is not None]
    assert len(made) == 1
    target = next(e for e in first if e.label == "Contacts")
    device.phone.send_all(ev.tap(*target.bounds.center))
    after = device_elements(device, include_text=True)
    assert len(made) == 2
    assert after == screen_elements(device.hierarchy_xml(), True)


def test_devices_that_take_turns_keep_their_elements(made: list[int]) -> None:
    """Envs that step in turn in one process (a vector env, a suite's round robin) each
    keep the elements of the screen they show: reading it again makes nothing, however
    many other devices were read in between."""
    devices = [SimDevice() for _ in range(6)]
    expected = [screen_elements(device.hierarchy_xml(), True) for device in devices]
    made.clear()  # (the expected elements were made from the dumps)
    for _ in range(3):
        for device, shown in zip(devices, expected, strict=True):
            assert device_elements(device, include_text=True) == shown
    assert len(made) == len(devices)  # one screen each, its elements made once
    target = next(e for e in device_elements(devices[2]) if e.label == "Contacts")
    devices[2].phone.send_all(ev.tap(*target.bounds.center))
    for device in devices:
        device_elements(device)
    assert len(made) == len(devices) + 1  # only the device whose screen changed
