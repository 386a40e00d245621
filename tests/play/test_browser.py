"""The play page in a real browser against a real uvicorn server: a task solved by clicks
on the screen image, recorded and replayed; the hierarchy's hover overlay at the node's
bounds; the mouse, wheel, keyboard and buttons mapped to their commands; a solution step
off its path refused in the panel, the page still connected."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app as cli
from tests.browser import check_no_errors, needs_browser, open_browser

pytestmark = needs_browser


def _load(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("state !== null && document.getElementById('shot').naturalWidth > 0")


def _state(page) -> dict[str, Any]:
    return page.evaluate("state")


def _at(page, x: float, y: float) -> tuple[float, float]:
    """The page position of device pixel (x, y) on the displayed screen image."""
    box = page.locator("#shot").bounding_box()
    screen = _state(page)["screen"]
    return box["x"] + x * box["width"] / screen["width"], box["y"] + y * box["height"] / screen[
        "height"
    ]


def _node(state: dict[str, Any], **wanted: str) -> tuple[int, dict[str, Any]]:
    for index, node in enumerate(state["hierarchy"]):
        if all(str(node[k]).endswith(v) for k, v in wanted.items()):
            return index, node
    raise AssertionError(f"no node with {wanted} on the screen")


def _click_node(page, steps: int, **wanted: str) -> None:
    """Click the centre of the node on the screen image; wait for the step to be played."""
    _, node = _node(_state(page), **wanted)
    left, top, right, bottom = node["bounds"]
    page.mouse.click(*_at(page, (left + right) // 2, (top + bottom) // 2))
    _wait_steps(page, steps)


def _wait_steps(page, steps: int) -> None:
    page.wait_for_function(f"state.agent_steps === {steps}")


def test_clicks_on_the_screen_solve_a_task_recorded_for_replay(played, tmp_path):
    session, server = played("settings.wifi_off")
    with server as url, open_browser() as opened:
        page = opened.page
        _load(page, url)
        assert page.locator("#instruction").inner_text() == session.progress.instruction
        assert page.locator("#cap").inner_text() == str(session.cap)
        width, height = _state(page)["screen"]["width"], _state(page)["screen"]["height"]
        page.mouse.move(*_at(page, width / 2, height * 0.75))
        page.mouse.down()
        page.mouse.move(*_at(page, width / 2, height * 0.25), steps=5)
        page.mouse.up()
        _wait_steps(page, 1)
        assert _state(page)["actions"][0]["command"]["verb"] == "swipe"
        _click_node(page, 2, text="Settings")
        assert "opened_settings" in page.locator("#events").inner_text()
        _click_node(page, 3, id=":id/network")
        _click_node(page, 4, id=":id/wifi_switch")
        page.wait_for_function("document.getElementById('status').textContent.includes('Success')")
        assert page.locator("#steps").inner_text() == "4"
        assert page.locator("#total").inner_text() == "1.2"
        assert [a["command"]["verb"] for a in _state(page)["actions"]] == [
            "swipe",
            "click",
            "click",
            "click",
        ]
        check_no_errors(opened)
    trajectory = tmp_path / "run" / "trajectories" / "settings.wifi_off" / "seed0.jsonl"
    result = json.loads(trajectory.read_text().splitlines()[-1])
    assert result["success"] and result["steps"] == 4 and result["agent"] == "human"
    replayed = CliRunner().invoke(cli, ["replay", str(trajectory)])
    assert replayed.exit_code == 0, replayed.output
    assert "identical: settings.wifi_off seed 0, 4 steps, success" in replayed.output


def test_hovering_a_hierarchy_node_outlines_it_on_the_screen(played):
    _, server = played("settings.wifi_off")
    with server as url, open_browser() as opened:
        page = opened.page
        _load(page, url)
        state = _state(page)
        index, node = _node(state, id=":id/clock")
        overlay = page.locator("#overlay")
        assert not overlay.is_visible()
        page.locator(f'#tree [data-index="{index}"]').hover()
        assert overlay.is_visible()
        box, shot = overlay.bounding_box(), page.locator("#shot").bounding_box()
        scale = shot["width"] / state["screen"]["width"]
        left, top, right, bottom = node["bounds"]
        expected = {
            "x": shot["x"] + left * scale,
            "y": shot["y"] + top * scale,
            "width": (right - left) * scale,
            "height": (bottom - top) * scale,
        }
        for name, value in expected.items():
            assert box[name] == pytest.approx(value, abs=1.0), (name, box, expected)
        page.mouse.move(1, 1)
        assert not overlay.is_visible()
        check_no_errors(opened)


def _solution_steps(page, count: int) -> None:
    """Play the solution's first ``count`` steps with the page's button, one at a time."""
    for step in range(1, count + 1):
        page.locator("#solution").click()
        _wait_steps(page, step)


def test_long_press_wheel_keys_and_buttons_become_commands(played):
    session, server = played("contacts.star_named")
    with server as url, open_browser() as opened:
        page = opened.page
        _load(page, url)
        _solution_steps(page, 2)  # Contacts open, its search field focused
        page.keyboard.type("Ann")
        _wait_steps(page, 3)
        _, field = _node(_state(page), id=":id/search_query")
        assert field["text"] == "Ann"
        page.keyboard.press("Backspace")
        _wait_steps(page, 4)
        page.get_by_role("button", name="Home").click()
        _wait_steps(page, 5)
        assert _state(page)["app"] == "com.android.launcher3"
        page.mouse.move(*_at(page, 540, 1500))
        page.mouse.wheel(0, 300)
        _wait_steps(page, 6)
        page.mouse.down()
        page.wait_for_timeout(700)
        page.mouse.up()
        _wait_steps(page, 7)
        commands = [a["command"] for a in _state(page)["actions"]]
        assert commands[2:] == [
            {"verb": "type", "text": "Ann"},
            {"verb": "key", "key": "DEL"},
            {"verb": "key", "key": "HOME"},
            {"verb": "scroll", "direction": "down", "x": commands[5]["x"], "y": commands[5]["y"]},
            {"verb": "long_press", "x": commands[6]["x"], "y": commands[6]["y"]},
        ]
        pixel = 1 / page.locator("#shot").bounding_box()["width"]  # the mouse moves by pixels
        assert commands[5]["x"] == pytest.approx(540 / 1079, abs=pixel)
        assert commands[5]["y"] == pytest.approx(1500 / 2399, abs=pixel)
        page.locator("#seed").fill("5")
        page.locator("#new-seed").click()
        page.wait_for_function("state.seed === 5 && state.agent_steps === 0")
        assert session.progress.seed == 5
        check_no_errors(opened)


def test_a_solution_step_off_its_path_is_refused_in_the_panel(played):
    _, server = played("settings.wifi_off")
    with server as url, open_browser() as opened:
        page = opened.page
        _load(page, url)
        page.locator("#solution").click()  # the app drawer
        _wait_steps(page, 1)
        page.get_by_role("button", name="Home").click()
        _wait_steps(page, 2)
        page.locator("#solution").click()  # Settings: not on the home screen
        page.wait_for_function(
            "document.getElementById('error').textContent.includes('cannot be played here')"
        )
        assert _state(page)["agent_steps"] == 2
        width, height = _state(page)["screen"]["width"], _state(page)["screen"]["height"]
        page.mouse.move(*_at(page, width / 2, height * 0.75))  # the drawer again
        page.mouse.down()
        page.mouse.move(*_at(page, width / 2, height * 0.25), steps=5)
        page.mouse.up()
        _wait_steps(page, 3)
        page.locator("#solution").click()  # the step kept: Settings
        _wait_steps(page, 4)
        assert _state(page)["app"] == "com.android.settings"
        assert page.locator("#error").inner_text() == ""
        check_no_errors(opened)
