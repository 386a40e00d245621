"""Helpers for the task machinery tests: small inline task specs and ways to act on them."""

from __future__ import annotations

import copy
import pathlib
from typing import Any

import yaml

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.sim.driver import find_all
from mobile_gym.spaces import ActionType
from mobile_gym.tasks.schema import TaskSpec, parse_task

SETTINGS = "com.android.settings"
NETWORK = ".Settings$NetworkDashboardActivity"
NOTES = "com.simplemobiletools.notes.pro"
CONTACTS = "com.simplemobiletools.contacts.pro"

BASE_TASK: dict[str, Any] = {
    "id": "test.inline",
    "title": "Inline test task",
    "apps": [SETTINGS],
    "min_steps": 1,
    "setup": {"start": {"package": SETTINGS, "activity": NETWORK}},
    "instruction": {"template": "Turn off Wi-Fi."},
    "signals": {"wifi_off": {"setting": "global/wifi_on", "equals": "0"}},
    "events": [{"id": "done", "when": "wifi_off", "reward": 1.0, "end": "success"}],
    "solution": [{"click": {"id": "wifi_switch"}}],
}


def task_data(**overrides: Any) -> dict[str, Any]:
    """A valid task dict (Wi-Fi off on the Network page), with top-level fields replaced."""
    data = copy.deepcopy(BASE_TASK)
    data.update(copy.deepcopy(overrides))
    return data


def spec(**overrides: Any) -> TaskSpec:
    return parse_task(task_data(**overrides), "inline")


def make_env(**overrides: Any) -> MobileEnv:
    return MobileEnv(spec(**overrides))


def write_task(tmp_path: pathlib.Path, name: str = "task.yaml", **overrides: Any) -> pathlib.Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(task_data(**overrides), sort_keys=False), encoding="utf-8")
    return path


def centre(env: Any, **selector: str) -> tuple[float, float]:
    """The normalised centre of the first node matching ``selector`` on the current screen."""
    base = env.unwrapped
    nodes = find_all(base.device.hierarchy_xml(), **selector)
    assert nodes, f"no node matches {selector}"
    width, height = base.device.size
    x, y = nodes[0].bounds.center
    return x / (width - 1), y / (height - 1)


def click(env: Any, **selector: str) -> tuple[Any, float, bool, bool, dict[str, Any]]:
    """Click the node matching ``selector`` (3 TOUCH + LIFT) through ``env.step``."""
    return actions.play(env, actions.click(*centre(env, **selector)))


def act(kind: ActionType, **fields: Any) -> dict[str, Any]:
    """A touch-level action dict with ``fields`` replacing the defaults."""
    action = actions.base_action(kind)
    action.update(fields)
    return action


REPEAT = actions.base_action(ActionType.REPEAT)
