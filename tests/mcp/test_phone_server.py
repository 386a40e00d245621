"""The phone served over MCP (``mobile-gym serve-mcp``), driven with the MCP SDK's own client
over stdio and streamable HTTP, and in process for the finer points."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import pathlib
import signal
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

from mobile_gym.actions import StepResult
from mobile_gym.commands import Command
from mobile_gym.env import MobileEnv
from mobile_gym.mcp.phone_server import PhoneSession, build_phone_server, element_list
from mobile_gym.tasks.loader import shipped_tasks
from mobile_gym.tasks.solution import step_command
from tests.device.test_env_faults import FAULT, BreakableDevice
from tests.tasks.tasktools import REPEAT, spec

TASK = "settings.wifi_off"
SERVE = [sys.executable, "-m", "mobile_gym.cli", "serve-mcp"]
PHONE_TOOLS = {
    "screenshot",
    "ui_tree",
    "tap",
    "long_press",
    "swipe",
    "type_text",
    "key",
    "open_app",
    "answer",
    "call_tool",
    "ask_user",
    "finish",
    "list_tasks",
    "start_task",
    "task_status",
}


def tool_call(command: Command, width: int, height: int) -> tuple[str, dict[str, Any]]:
    """The phone tool and arguments that carry out a solution step's command (its
    normalised positions as pixels of the full-size screen)."""

    def pixels(x: float | None, y: float | None) -> dict[str, float]:
        assert x is not None and y is not None
        return {"x": x * (width - 1), "y": y * (height - 1)}

    if command.verb == "click":
        return "tap", pixels(command.x, command.y)
    if command.verb == "swipe":
        start, end = pixels(command.x, command.y), pixels(command.x2, command.y2)
        return "swipe", {"x1": start["x"], "y1": start["y"], "x2": end["x"], "y2": end["y"]}
    if command.verb == "type":
        where = {} if command.x is None else pixels(command.x, command.y)
        return "type_text", {"text": command.text, **where}
    if command.verb == "key":
        return "key", {"name": command.key}
    if command.verb == "answer":
        return "answer", {"text": command.text}
    raise AssertionError(f"no phone tool for {command}")


async def call(client: Client, tool: str, arguments: dict[str, Any] | None = None) -> Any:
    """A tool's structured result; the call must succeed."""
    result = await client.call_tool(tool, arguments or {})
    assert not result.is_error, result.content
    return result.structured_content


async def play_task(client: Client) -> dict[str, Any]:
    """Start TASK and play its reference solution through the tools, each tap point read
    off the ui tree; return the final task status."""
    status = await call(client, "start_task", {"task_id": TASK, "seed": 0})
    assert status["task_id"] == TASK and status["instruction"]
    assert not status["ended"] and status["steps"] == 0
    size = status["screen_width"], status["screen_height"]
    outcomes = []
    for step in shipped_tasks()[TASK].solution:
        tree = await client.call_tool("ui_tree", {"format": "xml"})
        command = step_command(step, tree.content[0].text, size)
        outcomes.append(await call(client, *tool_call(command, *size)))
    assert [o["ended"] for o in outcomes] == [False] * (len(outcomes) - 1) + [True]
    assert all(o["action_error"] is None for o in outcomes)
    return await call(client, "task_status")


def assert_solved(status: dict[str, Any]) -> None:
    assert status["success"] and status["ended"] and not status["failure"]
    assert status["steps"] == 4 and status["step_cap"] == 8
    assert status["total_reward"] == 1.2  # opened_settings 0.2, done 1.0


async def check_errors_and_screenshot(client: Client) -> None:
    """Bad arguments are tool errors; the screenshot is a PNG of the phone's size."""
    off_screen = await client.call_tool("tap", {"x": 5000, "y": 10})
    assert off_screen.is_error and "x must be" in off_screen.content[0].text
    unknown = await client.call_tool("start_task", {"task_id": "settings.wifi_of"})
    assert unknown.is_error and "did you mean settings.wifi_off" in unknown.content[0].text
    not_a_number = await client.call_tool("swipe", {"x1": "left", "y1": 0, "x2": 1, "y2": 1})
    assert not_a_number.is_error
    shot = await client.call_tool("screenshot", {})
    image = shot.content[0]
    assert not shot.is_error and image.type == "image" and image.mime_type == "image/png"
    png = base64.b64decode(image.data)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (1080, 2400)


def serve_mcp_processes() -> list[int]:
    """The ids of the ``serve-mcp`` processes this test process started that still run (read
    from /proc: none are seen where there is none)."""
    found = []
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            state, parent = fields[0], int(fields[1])
            cmdline = (stat.parent / "cmdline").read_bytes().split(b"\0")
            if parent == os.getpid() and state != "Z" and b"serve-mcp" in cmdline:
                found.append(int(stat.parent.name))
    return found


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    anyio.run(scenario)


# over stdio --------------------------------------------------------------------------------
def test_stdio_plays_a_task_to_success() -> None:
    params = StdioServerParameters(command=SERVE[0], args=[*SERVE[1:], "--transport", "stdio"])

    async def scenario() -> None:
        async with Client(params) as client:
            tools = await client.list_tools()
            assert {tool.name for tool in tools.tools} == PHONE_TOOLS
            assert_solved(await play_task(client))
            after = await client.call_tool("tap", {"x": 540, "y": 1200})
            assert after.is_error and "ended" in after.content[0].text

    run(scenario)
    assert serve_mcp_processes() == []


# over streamable HTTP ----------------------------------------------------------------------
@contextlib.contextmanager
def http_server() -> Iterator[str]:
    """``serve-mcp --transport http`` on a free port; yields its URL and stops it after."""
    process = subprocess.Popen(
        [*SERVE, "--transport", "http", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        line = process.stdout.readline()
        assert "Serving the phone over MCP at http://127.0.0.1:" in line, process.stderr.read()
        yield line.split(" at ")[1].strip()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)
    assert process.returncode == 0


def test_streamable_http_plays_a_task_to_success() -> None:
    with http_server() as url:
        assert url.endswith("/mcp")

        async def scenario() -> None:
            async with Client(url) as client:
                tools = await client.list_tools()
                assert {tool.name for tool in tools.tools} == PHONE_TOOLS
                await check_errors_and_screenshot(client)
                assert_solved(await play_task(client))

        run(scenario)
    assert serve_mcp_processes() == []


def test_stdio_serves_a_phone_of_another_display() -> None:
    """``--display``: the served phone has that profile's screen; the task is played on
    it to success (its tap points read off that screen's tree)."""
    params = StdioServerParameters(
        command=SERVE[0], args=[*SERVE[1:], "--transport", "stdio", "--display", "small_phone"]
    )

    async def scenario() -> None:
        async with Client(params) as client:
            status = await call(client, "task_status")
            assert (status["screen_width"], status["screen_height"]) == (720, 1280)
            shot = (await client.call_tool("screenshot", {})).content[0]
            png = base64.b64decode(shot.data)
            assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (
                720,
                1280,
            )
            assert_solved(await play_task(client))

    run(scenario)
    assert serve_mcp_processes() == []


def test_serve_mcp_refuses_an_unknown_display() -> None:
    done = subprocess.run(
        [*SERVE, "--display", "pixel_99"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2
    assert "--display: unknown device profile 'pixel_99'; known: nexus_5" in done.stderr


def test_serve_mcp_refuses_an_unknown_transport() -> None:
    done = subprocess.run(
        [*SERVE, "--transport", "carrier-pigeon"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and "unknown --transport 'carrier-pigeon'" in done.stderr


# in process --------------------------------------------------------------------------------
def test_free_phone_before_a_task_and_the_step_cap() -> None:
    async def scenario() -> None:
        async with Client(build_phone_server()) as client:
            status = await call(client, "task_status")
            assert status["task_id"] is None and status["step_cap"] is None
            opened = await call(client, "open_app", {"name": "com.android.settings"})
            assert opened["action_error"] is None and not opened["ended"]
            elements = (await client.call_tool("ui_tree", {})).content[0].text
            assert '"Network & internet Wi-Fi: AndroidWifi" (network) @ (540, 357)' in elements
            no_task = await client.call_tool("finish", {"status": "complete"})
            assert no_task.is_error and "start_task" in no_task.content[0].text
            bad_app = await client.call_tool("open_app", {"name": "Telegraph"})
            assert bad_app.is_error and "Settings" in bad_app.content[0].text
            bad_key = await client.call_tool("key", {"name": "TELEPORT"})
            assert bad_key.is_error

            await call(client, "start_task", {"task_id": TASK, "seed": 3})
            outcomes = [await call(client, "key", {"name": "HOME"}) for _ in range(8)]
            assert [o["steps"] for o in outcomes] == list(range(1, 9))
            assert outcomes[-1]["ended"] and not outcomes[-1]["success"]
            assert not any(o["ended"] for o in outcomes[:-1])
            refused = await client.call_tool("key", {"name": "HOME"})
            assert refused.is_error

    run(scenario)


def test_ask_user_and_answer_report_the_env_reply() -> None:
    async def scenario() -> None:
        async with Client(build_phone_server(TASK, seed=1)) as client:
            status = await call(client, "task_status")
            assert status["task_id"] == TASK and status["seed"] == 1
            asked = await call(client, "ask_user", {"question": "Which network?"})
            assert isinstance(asked["user_reply"], str) and asked["user_reply"]
            answered = await call(client, "answer", {"text": "done"})
            assert answered["steps"] == 2 and answered["user_reply"] is None
            typed = await call(client, "type_text", {"text": "hello"})
            assert "no text field has focus" in typed["action_error"]
            half = await client.call_tool("type_text", {"text": "x", "x": 10})
            assert half.is_error

    run(scenario)


def test_a_task_with_tools_is_played_through_call_tool() -> None:
    """A task's own MCP tools are listed in its status and called with ``call_tool`` (one
    step, its result in the outcome); an unknown tool, or a tool where the task has none,
    is a tool error that takes no step."""
    task = "mcp.esg_rating_answer"

    async def scenario() -> None:
        async with Client(build_phone_server()) as client:
            no_task = await client.call_tool("call_tool", {"name": "stockstar_miotech_esg_rating"})
            assert no_task.is_error and "start_task" in no_task.content[0].text
            status = await call(client, "start_task", {"task_id": task, "seed": 0})
            names = [tool["name"] for tool in status["tools"]]
            assert "stockstar_miotech_esg_rating" in names
            assert all(tool["input_schema"]["type"] == "object" for tool in status["tools"])
            unknown = await client.call_tool("call_tool", {"name": "stockstar_esg_rating"})
            assert unknown.is_error and "did you mean" in unknown.content[0].text
            assert (await call(client, "task_status"))["steps"] == 0
            looked_up = await call(
                client,
                "call_tool",
                {"name": "stockstar_miotech_esg_rating", "arguments": {"security_code": "600900"}},
            )
            assert looked_up["steps"] == 1 and looked_up["reward"] == 0.2
            result = looked_up["tool_call"]
            assert result["tool"] == "stockstar_miotech_esg_rating" and not result["is_error"]
            rating = json.loads(result["result"])["esg_rate"]
            answered = await call(client, "answer", {"text": rating})
            assert answered["success"] and answered["ended"] and answered["tool_call"] is None
            assert answered["total_reward"] == 1.2

            await call(client, "start_task", {"task_id": TASK, "seed": 0})
            assert (await call(client, "task_status"))["tools"] == []
            none = await client.call_tool("call_tool", {"name": "stockstar_miotech_esg_rating"})
            assert none.is_error and "no MCP tools" in none.content[0].text

    run(scenario)


def test_open_app_takes_only_the_apps_of_the_drawer() -> None:
    """The launcher and the servers an app talks to are installed but have no icon: naming
    one is a tool error that takes no step, and they are not offered as apps."""

    async def scenario() -> None:
        async with Client(build_phone_server(TASK)) as client:
            for name in ("Launcher", "com.android.launcher3", "Mastodon server"):
                refused = await client.call_tool("open_app", {"name": name})
                assert refused.is_error and "app drawer" in refused.content[0].text
                offered = refused.content[0].text.split("apps: ")[1].split(", ")
                assert "Settings" in offered and "Launcher" not in offered
                assert not any(label.endswith(" server") for label in offered)
            assert (await call(client, "task_status"))["steps"] == 0
            opened = await call(client, "open_app", {"name": "settings"})
            assert opened["steps"] == 1 and opened["action_error"] is None

    run(scenario)


def test_a_fault_judging_the_end_at_the_step_cap_ends_the_episode() -> None:
    """A task judged on its final state reads the device when its cap cuts it off: a fault
    there ends the episode as any device fault does (no reward, never a success, the error
    in the outcome and the status), not as an exception out of the tool."""
    device = BreakableDevice()
    task = spec(episode={"success": "final"}, max_steps=1)
    session = PhoneSession(device, {task.id: task})
    session.start(task, 0)

    def step_then_drop(env: MobileEnv) -> StepResult:
        result = env.step(REPEAT)
        device.broken.add("change_counters")  # the device drops before the verdict
        return result

    outcome = session.act(step_then_drop)
    assert outcome["ended"] and outcome["steps"] == outcome["step_cap"] == 1
    assert (outcome["reward"], outcome["success"], outcome["action_error"]) == (0.0, False, FAULT)
    assert session.status()["error"] == FAULT


def test_element_list_gives_each_element_its_tap_point() -> None:
    xml = (
        "<hierarchy rotation='0'><node index='0' text='Save' resource-id='a:id/save' "
        "class='android.widget.Button' package='a' content-desc='' checkable='false' "
        "checked='false' clickable='true' enabled='true' focusable='true' focused='false' "
        "scrollable='false' long-clickable='false' password='false' selected='false' "
        "bounds='[100,200][300,400]' /></hierarchy>"
    )
    assert element_list(xml) == '[0] button "Save" (save) @ (200, 300)'
