"""A task whose checks hold on one screen alone (``screen``: width, height, dpi): the simulated
phone at another display refuses it at reset (the env, the MCP server's start_task, play),
any display of that screen plays it, ``show`` names it, and a malformed one is a task file
error."""

from __future__ import annotations

import pathlib

import anyio
import pytest
from mcp import Client
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.device.sim import SimDevice
from mobile_gym.env import MobileEnv
from mobile_gym.mcp.phone_server import build_phone_server
from mobile_gym.sim.display import Display
from mobile_gym.tasks.schema import TaskFileError, parse_task
from mobile_gym.tasks.solution import run_solution
from tests.tasks.tasktools import spec, task_data

PIXEL_7 = {"width": 1080, "height": 2400, "dpi": 420}


def test_another_display_refuses_the_task_at_reset() -> None:
    env = MobileEnv(spec(screen=PIXEL_7), display="small_phone")
    with pytest.raises(ValueError) as refused:
        env.reset(seed=0)
    assert str(refused.value) == (
        "test.inline: its checks are written for a screen of 1080 x 2400 px at 420 dpi, and"
        " this phone's is 720 x 1280 px at 320 dpi: play it on that display"
    )
    env.close()


def test_a_display_of_that_screen_plays_it_whatever_its_name() -> None:
    same = Display(width=1080, height=2400, dpi=420, model="Another Phone")
    env = MobileEnv(spec(screen=PIXEL_7), display=same)
    env.reset(seed=0)
    steps, _, ended, info = run_solution(env)
    assert (steps, ended, info["success"]) == (1, True, True)
    env.close()
    unsaid = MobileEnv(spec(), display="small_phone")  # no screen: any display
    unsaid.reset(seed=0)
    unsaid.close()


@pytest.mark.parametrize(
    ("screen", "problem"),
    [
        ({"width": 1080, "height": 2400}, "screen.dpi: Field required"),
        ({"width": "1080", "height": 2400, "dpi": 420}, "screen.width: Input should be a valid"),
        ({"width": 0, "height": 2400, "dpi": 420}, "screen.width: Input should be greater"),
        ({**PIXEL_7, "density": 2.625}, "screen.density: Extra inputs are not permitted"),
    ],
)
def test_a_malformed_screen_is_a_task_file_error(screen: dict, problem: str) -> None:
    with pytest.raises(TaskFileError) as caught:
        parse_task(task_data(screen=screen), "inline")
    assert any(problem in line for line in caught.value.problems), caught.value.problems


def test_the_mcp_server_refuses_the_task_and_keeps_the_one_it_plays() -> None:
    phone = SimDevice("small_phone")
    server = build_phone_server("settings.wifi_off", 0, phone)

    async def scenario() -> None:
        async with Client(server) as client:
            arguments = {"task_id": "mw.settings.adjust_font_icon_min", "seed": 0}
            refused = await client.call_tool("start_task", arguments)
            assert refused.is_error
            assert "its checks are written for a screen of 1080 x 2400" in (refused.content[0].text)
            status = (await client.call_tool("task_status", {})).structured_content
            assert status["task_id"] == "settings.wifi_off" and status["steps"] == 0

    anyio.run(scenario)


def test_play_and_show_name_the_screen(tmp_path: pathlib.Path) -> None:
    runner = CliRunner()
    folder = tmp_path / "session"
    played = runner.invoke(
        app,
        ["play", "mw.settings.adjust_font_icon_min", "--display", "small_phone",
         "--record", str(folder), "--port", "0"],
    )  # fmt: skip
    assert played.exit_code == 2
    assert "its checks are written for a screen of 1080 x 2400 px at 420 dpi" in " ".join(
        played.stderr.split()
    )
    assert not folder.exists()  # refused before the folder was claimed
    shown = runner.invoke(app, ["show", "mw.settings.adjust_font_icon_min"])
    assert shown.exit_code == 0
    assert "screen 1080 x 2400 px at 420 dpi only (its checks hold there)" in " ".join(
        shown.output.split()
    )
