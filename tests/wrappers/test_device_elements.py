"""Elements read from the simulated phone's view nodes are exactly those of its dump."""

from __future__ import annotations

import random

import pytest

from mobile_gym.device.base import ViewNodes
from mobile_gym.device.sim import SimDevice
from mobile_gym.sim import input as ev
from mobile_gym.wrappers.elements import device_elements, screen_elements


class DumpOnly:
    """A device that shows its screen only through the hierarchy dump (as over ADB)."""

    def __init__(self, device: SimDevice) -> None:
        self.hierarchy_xml = device.hierarchy_xml


@pytest.mark.parametrize("seed", [0, 1])
def test_view_nodes_and_dump_give_the_same_elements(seed: int) -> None:
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


class NodesWithoutFields:
    """A device that lists its view nodes but not their typed fields: elements are read
    through the attribute readers alone."""

    def __init__(self, device: SimDevice) -> None:
        self.hierarchy_xml = device.hierarchy_xml
        self._device = device

    def view_nodes(self) -> ViewNodes:
        nodes = self._device.view_nodes()
        return ViewNodes(nodes.records, nodes.attribute, nodes.ends)


def test_nodes_without_typed_fields_give_the_same_elements() -> None:
    device = SimDevice()
    driver_tap = device.phone.send_all
    for label in (None, "Contacts"):
        if label is not None:
            target = next(e for e in screen_elements(device.hierarchy_xml()) if e.label == label)
            driver_tap(ev.tap(*target.bounds.center))
        expected = screen_elements(device.hierarchy_xml(), include_text=True)
        assert device_elements(NodesWithoutFields(device), include_text=True) == expected
        fields = device.view_nodes().fields
        assert fields is not None


def test_a_system_window_shown_again_keeps_its_elements(monkeypatch: pytest.MonkeyPatch) -> None:
    """The elements of a window shown again unchanged (the status and navigation bars) are
    not made again when numbered from the same index; those of the app's window are."""
    from mobile_gym.wrappers import elements as module

    device = SimDevice()
    target = next(e for e in device_elements(device) if e.label == "Contacts")
    device.phone.send_all(ev.tap(*target.bounds.center))
    before = device_elements(device, include_text=True)
    made: list[int] = []
    numbered_from = module._numbered_from

    def counted(nodes, inner_texts, index):  # type: ignore[no-untyped-def]
        made.append(len(nodes))
        return numbered_from(nodes, inner_texts, index)

    monkeypatch.setattr(module, "_numbered_from", counted)
    device.phone.invalidate()  # the app's window is built again, the bars are not
    after = device_elements(device, include_text=True)
    assert after == before == screen_elements(device.hierarchy_xml(), include_text=True)
    _, _, windows = device.phone.node_tree()
    app = [stop - start for start, stop, key in windows if key is None]
    assert made == app and len(windows) > len(app)  # only the app's window was read again
