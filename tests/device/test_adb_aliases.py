"""A task naming another phone's app (``mobile_gym.sim.apps.aliases``) over ADB: where the
device lacks that app but has the one of its place (the served simulated phone), the
task's foreground, database, start and clear go to that app, as on the in-process phone."""

from __future__ import annotations

from typing import Any

from mobile_gym.agents.oracle import OracleAgent
from mobile_gym.device.adb import AdbDevice
from mobile_gym.registration import make_env
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.apps.aliases import ALIASES
from mobile_gym.tasks.schema import TaskSpec

FOSSIFY = "org.fossify.calendar"
EVENT = "Alias check"


def calendar_task() -> TaskSpec:
    """Open the calendar from the home screen, with an event of its own put in Fossify's
    ``events`` table at setup; judged by the app in front and that row, all named by
    Fossify's package."""
    return TaskSpec.model_validate(
        {
            "id": "user.alias_calendar",
            "title": "Open Fossify Calendar",
            "apps": [FOSSIFY],
            "min_steps": 1,
            "instruction": {"template": "Open the Calendar app."},
            "setup": {
                "clear_data": [FOSSIFY],
                "database": [
                    {
                        "package": FOSSIFY,
                        "database": "events",
                        "table": "events",
                        "rows": [{"start_ts": 1717405200, "end_ts": 1717408800, "title": EVENT}],
                    }
                ],
            },
            "signals": {
                "in_front": {"foreground": FOSSIFY},
                "has_event": {
                    "sql": "SELECT COUNT(*) FROM events WHERE title = ?",
                    "params": [EVENT],
                    "package": FOSSIFY,
                    "database": "events",
                    "expect": [[1]],
                },
            },
            "events": [
                {
                    "id": "done",
                    "when": {"all": ["in_front", "has_event"]},
                    "reward": 1.0,
                    "end": "success",
                }
            ],
            "solution": [{"click": {"text": "Calendar"}}],
        }
    )


def oracle(task: TaskSpec, device: Any = None) -> tuple[list[float], bool]:
    agent = OracleAgent()
    env = make_env(task, device=device, action_space=agent.action_space, observation="text")
    agent.attach(env)
    try:
        observation, info = env.reset(seed=0)
        assert "error" not in info
        agent.reset(info["instruction"], info, seed=0)
        observation, reward, terminated, _, info = env.step(agent.act(observation, info))
        assert "error" not in info, info["error"]
        return [reward], bool(info["success"] and terminated)
    finally:
        env.close()


def test_a_task_naming_an_alias_plays_over_adb_as_on_the_phone(
    server: AdbServer, device: AdbDevice
) -> None:
    task = calendar_task()
    assert oracle(task) == ([1.0], True)
    assert oracle(task, device) == ([1.0], True)


def test_a_device_with_the_named_app_keeps_its_name(device: AdbDevice) -> None:
    assert device.package_name("com.android.settings") == "com.android.settings"
    assert device.package_name(FOSSIFY) == ALIASES[FOSSIFY]
    device._installed = frozenset({FOSSIFY, ALIASES[FOSSIFY]})  # Fossify itself installed
    assert device.package_name(FOSSIFY) == FOSSIFY


def test_the_apps_a_device_has_are_read_from_its_package_list(device: AdbDevice) -> None:
    assert device.has_app("com.android.settings")
    assert device.has_app(FOSSIFY)  # the served phone's calendar stands in for it
    assert not device.has_app("com.example.not_installed")
