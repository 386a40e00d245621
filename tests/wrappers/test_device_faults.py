"""Every action space and view passes a device fault on as ``info["error"]``: none of them
asks the failed device for its screen again (which would raise instead)."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.hierarchy import Node
from mobile_gym.registration import make_env
from tests.device.test_env_faults import FAULT, BreakableDevice

ACTIONS = {
    "element": np.array([0, 0]),
    "text": "ACTION: TAP(0)",
    "json": '{"action_type": "click", "index": 0}',
    "grid": 0,
}


class BlindDevice(BreakableDevice):
    """A breakable phone whose view hierarchy can break too."""

    def hierarchy_xml(self) -> str:
        self._call("hierarchy")
        return super().hierarchy_xml()

    def nodes(self) -> tuple[Node, ...]:
        self._call("hierarchy")
        return super().nodes()


@pytest.mark.parametrize("observation", ["text", "html", "som", "rl"])
@pytest.mark.parametrize("action_space", list(ACTIONS))
def test_a_device_fault_reaches_the_agent_through_every_preset(
    action_space: str, observation: str
) -> None:
    device = BlindDevice()
    env = make_env(
        "settings.wifi_off", device=device, action_space=action_space, observation=observation
    )
    env.reset(seed=0)
    device.broken |= {"touch", "hierarchy", "screenshot", "reset"}
    observation_, reward, terminated, truncated, info = env.step(ACTIONS[action_space])
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert info["error"] == FAULT and info["success"] is False
    assert env.observation_space.contains(observation_)
    if action_space == "element":
        assert env.get_wrapper_attr("elements") == [] and info["elements"] == []
    # reset works again once the device does
    device.broken.clear()
    _, info = env.reset(seed=1)
    assert info.get("error") is None and not info["success"]
