"""Every action space and view passes a device fault on as ``info["error"]``: none of them
asks the failed device for its screen again (which would raise instead), and none reads the
device outside the env's fault handling (``open_app`` reading the app drawer, say)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from mobile_gym.commands import Command
from mobile_gym.hierarchy import Node
from mobile_gym.registration import make_env
from tests.device.test_env_faults import FAULT, BreakableDevice

FAILS = frozenset({"touch", "hierarchy", "screenshot", "reset"})
"""What fails once the device is lost."""
ACTIONS: dict[str, tuple[str, Any, frozenset[str]]] = {
    "element": ("element", np.array([0, 0]), FAILS),
    "text": ("text", "ACTION: TAP(0)", FAILS),
    "json": ("json", '{"action_type": "click", "index": 0}', FAILS),
    "grid": ("grid", 0, FAILS),
    # open_app's touches reach the app drawer, whose reading fails
    "gesture open_app": ("gesture", Command("open_app", app="Contacts"), FAILS - {"touch"}),
    "text open_app": ("text", 'ACTION: OPEN_APP("Contacts")', FAILS - {"touch"}),
    "json open_app": (
        "json",
        '{"action_type": "open_app", "app_name": "Contacts"}',
        FAILS - {"touch"},
    ),
}
"""Per case: the action space, an action of it and what fails before the action."""


class BlindDevice(BreakableDevice):
    """A breakable phone whose view hierarchy can break too."""

    def hierarchy_xml(self) -> str:
        self._call("hierarchy")
        return super().hierarchy_xml()

    def nodes(self) -> tuple[Node, ...]:
        self._call("hierarchy")
        return super().nodes()


@pytest.mark.parametrize("observation", ["text", "html", "som", "rl"])
@pytest.mark.parametrize("case", list(ACTIONS))
def test_a_device_fault_reaches_the_agent_through_every_preset(case: str, observation: str) -> None:
    action_space, action, fails = ACTIONS[case]
    device = BlindDevice()
    env = make_env(
        "settings.wifi_off", device=device, action_space=action_space, observation=observation
    )
    env.reset(seed=0)
    device.broken |= fails
    observation_, reward, terminated, truncated, info = env.step(action)
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert info["error"] == FAULT and info["success"] is False
    assert env.observation_space.contains(observation_)
    if action_space == "element":
        assert env.get_wrapper_attr("elements") == [] and info["elements"] == []
    # reset works again once the device does
    device.broken.clear()
    _, info = env.reset(seed=1)
    assert info.get("error") is None and not info["success"]
