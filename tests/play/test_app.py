"""The play app's HTTP and WebSocket API, in process: gestures, text, keys, the hierarchy,
the solution stepped through, reset and new seeds, refused requests, and the recording
that ``mobile-gym replay`` plays again."""

from __future__ import annotations

import itertools
import json
from typing import Any

import cv2
import numpy as np
import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from mobile_gym.cli import app as cli
from mobile_gym.play.app import build_app
from mobile_gym.play.recording import UNFINISHED
from mobile_gym.play.session import PlaySession
from mobile_gym.tasks.loader import resolve_task


@pytest.fixture
def wifi(tmp_path):
    session = PlaySession(resolve_task("settings.wifi_off"), 0, tmp_path / "run")
    with TestClient(build_app(session)) as client, client.websocket_connect("/ws") as socket:
        first = _receive(socket)
        yield session, client, socket, first
    session.close()


def _receive(socket) -> dict[str, Any]:
    """The state message and the screen that follows it (decoded, as ``png``)."""
    message = json.loads(socket.receive_text())
    assert message["type"] == "state"
    screen = cv2.imdecode(np.frombuffer(socket.receive_bytes(), np.uint8), cv2.IMREAD_COLOR)
    return {**message, "png": screen}


def _ask(socket, request: dict[str, Any]) -> dict[str, Any]:
    socket.send_text(json.dumps(request))
    return _receive(socket)


def _command(socket, **fields: Any) -> dict[str, Any]:
    return _ask(socket, {"op": "command", "command": fields})


def _centre(state: dict[str, Any], **wanted: str) -> dict[str, float]:
    """The normalised centre of the first node whose fields end with ``wanted``'s values."""
    for node in state["hierarchy"]:
        if all(str(node[k]).endswith(v) for k, v in wanted.items()):
            left, top, right, bottom = node["bounds"]
            width, height = state["screen"]["width"], state["screen"]["height"]
            return {
                "x": (left + right) // 2 / (width - 1),
                "y": (top + bottom) // 2 / (height - 1),
            }
    raise AssertionError(f"no node with {wanted} on the screen")


def _lines(path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_page_state_and_screen_over_http(wifi):
    session, client, _, first = wifi
    page = client.get("/")
    assert page.status_code == 200 and '<div id="screen">' in page.text
    assert "<script src" not in page.text and "stylesheet" not in page.text  # all inline
    state = client.get("/api/state").json()
    assert state["instruction"] == first["state"]["instruction"]
    assert state["task"] == "settings.wifi_off" and state["seed"] == 0
    assert (state["agent_steps"], state["step_cap"]) == (0, session.cap)
    screen = client.get("/api/screen.png")
    assert screen.headers["content-type"] == "image/png"
    image = cv2.imdecode(np.frombuffer(screen.content, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape[:2] == (1200, 540) == first["png"].shape[:2]


def test_swipe_tap_and_keys_play_on_the_phone(wifi):
    _, _, socket, first = wifi
    assert not any(n["text"] == "Settings" for n in first["state"]["hierarchy"])
    drawer = _command(socket, verb="swipe", x=0.5, y=0.75, x2=0.5, y2=0.25)
    assert drawer["error"] is None and drawer["state"]["agent_steps"] == 1
    assert not np.array_equal(drawer["png"], first["png"])  # the screen image is sent anew
    settings = _command(socket, verb="click", **_centre(drawer["state"], text="Settings"))
    state = settings["state"]
    assert state["app"] == "com.android.settings"
    assert state["events"] == [{"step": 2, "event": "opened_settings", "reward": 0.2}]
    assert state["reward"] == pytest.approx(0.2) and state["total_reward"] == pytest.approx(0.2)
    home = _command(socket, verb="key", key="HOME")["state"]
    assert home["app"] == "com.android.launcher3"
    pressed = _command(socket, verb="long_press", x=0.5, y=0.5)["state"]
    scrolled = _command(socket, verb="scroll", direction="down", x=0.5, y=0.5)["state"]
    assert scrolled["agent_steps"] == 5 and pressed["agent_steps"] == 4
    assert [a["command"]["verb"] for a in scrolled["actions"]] == [
        "swipe",
        "click",
        "key",
        "long_press",
        "scroll",
    ]
    assert all(a["by"] == "player" for a in scrolled["actions"])


def test_text_and_delete_go_into_the_focused_field(tmp_path):
    session = PlaySession(resolve_task("contacts.star_named"), 0, None)
    try:
        with TestClient(build_app(session)) as client, client.websocket_connect("/ws") as socket:
            _receive(socket)
            _ask(socket, {"op": "solution"})  # open Contacts
            _ask(socket, {"op": "solution"})  # its search
            typed = _command(socket, verb="type", text="Ann")["state"]
            field = [n for n in typed["hierarchy"] if n["id"].endswith("search_query")]
            assert field[0]["text"] == "Ann" and field[0]["focused"]
            deleted = _command(socket, verb="key", key="DEL")["state"]
            field = [n for n in deleted["hierarchy"] if n["id"].endswith("search_query")]
            assert field[0]["text"] == "An"
            assert deleted["actions"][-2]["command"] == {"verb": "type", "text": "Ann"}
    finally:
        session.close()


def test_hierarchy_nodes_lie_on_the_screen(wifi):
    _, _, _, first = wifi
    state = first["state"]
    nodes = state["hierarchy"]
    assert nodes and nodes[0]["depth"] == 0
    width, height = state["screen"]["width"], state["screen"]["height"]
    assert (width, height) == (1080, 2400)
    for node in nodes:
        left, top, right, bottom = node["bounds"]
        assert 0 <= left <= right <= width and 0 <= top <= bottom <= height
    for before, after in itertools.pairwise(nodes):
        assert after["depth"] <= before["depth"] + 1  # a tree in document order
    assert any(n["id"].endswith(":id/clock") for n in nodes)


def test_solution_steps_solve_the_task_and_end_the_episode(wifi):
    session, _, socket, _ = wifi
    states = [_ask(socket, {"op": "solution"})["state"] for _ in range(session.task.min_steps)]
    last = states[-1]
    assert [s["agent_steps"] for s in states] == [1, 2, 3, 4]
    assert last["success"] and last["ended"] and not last["truncated"]
    assert [a["by"] for a in last["actions"]] == ["solution"] * 4
    assert [e["event"] for e in last["events"]] == ["opened_settings", "done"]
    refused = _command(socket, verb="click", x=0.5, y=0.5)
    assert "episode has ended" in refused["error"] and refused["state"]["agent_steps"] == 4
    assert "episode has ended" in _ask(socket, {"op": "solution"})["error"]


def test_a_solution_step_off_its_path_is_refused_and_kept(wifi):
    _, _, socket, _ = wifi
    _ask(socket, {"op": "solution"})  # the app drawer
    _command(socket, verb="key", key="HOME")  # the player leaves it
    refused = _ask(socket, {"op": "solution"})  # Settings: not on the home screen
    assert "solution's next step cannot be played here" in refused["error"]
    assert "{'text': 'Settings'}" in refused["error"]
    assert refused["state"]["agent_steps"] == 2 and not refused["state"]["ended"]
    _command(socket, verb="swipe", x=0.5, y=0.75, x2=0.5, y2=0.25)  # the drawer again
    settings = _ask(socket, {"op": "solution"})  # the kept step plays
    assert settings["error"] is None and settings["state"]["app"] == "com.android.settings"
    assert settings["state"]["actions"][-1]["by"] == "solution"
    assert settings["state"]["agent_steps"] == 4


def test_bad_requests_are_refused_without_a_step(wifi):
    _, _, socket, _ = wifi
    socket.send_text("{not json")
    assert "must be JSON" in _receive(socket)["error"]
    assert "op is one of" in _ask(socket, {"op": "fly"})["error"]
    assert "x must be a number in [0, 1]" in _command(socket, verb="click", x=2.0, y=0.5)["error"]
    assert "not a command" in _command(socket, verb="click", x=0.5, y=0.5, z=1)["error"]
    assert "unknown action" in _command(socket, verb="teleport")["error"]
    bad_seed = _ask(socket, {"op": "reset", "seed": -1})
    assert "seed is an integer" in bad_seed["error"]
    assert bad_seed["state"]["agent_steps"] == 0 and bad_seed["state"]["actions"] == []


def test_reset_and_new_seed_start_new_episodes(wifi):
    session, _, socket, _ = wifi
    _ask(socket, {"op": "solution"})
    again = _ask(socket, {"op": "reset"})["state"]
    assert (again["seed"], again["agent_steps"], again["actions"]) == (0, 0, [])
    seeded = _ask(socket, {"op": "reset", "seed": 3})["state"]
    assert seeded["seed"] == 3 and seeded["agent_steps"] == 0
    assert seeded["recording"].endswith("trajectories/settings.wifi_off/seed3.jsonl")
    instruction = session.task.instruction
    assert seeded["instruction"] in [instruction.template, *instruction.paraphrases]


def test_every_action_is_recorded_and_replays(wifi):
    session, _, socket, _ = wifi
    root = session.recording.root
    drawer = _ask(socket, {"op": "solution"})["state"]
    trajectory = root / "trajectories" / "settings.wifi_off" / "seed0.jsonl"
    unfinished = _lines(trajectory)
    assert unfinished[-1]["agent_error"] == UNFINISHED and unfinished[-1]["outcome"] == "failure"
    runner = CliRunner()
    replayed = runner.invoke(cli, ["replay", str(trajectory)])
    assert replayed.exit_code == 0 and "identical" in replayed.output, replayed.output
    network = _ask(socket, {"op": "solution"})["state"]  # Settings
    switch = _command(socket, verb="click", **_centre(network, id=":id/network"))["state"]
    assert drawer["agent_steps"] == 1 and switch["agent_steps"] == 3
    _command(socket, verb="click", **_centre(switch, id=":id/wifi_switch"))
    lines = _lines(trajectory)
    header, steps, result = lines[0], lines[1:-1], lines[-1]
    assert header["agent"] == "human" and header["action_space"] == "gesture"
    assert header["step_cap"] == session.cap and header["reset"]["screenshot"]
    assert [s["action_kind"] for s in steps] == ["command"] * 4
    assert steps[0]["output"].startswith("solution: swipe(")
    assert steps[1]["output"].startswith("solution: click(")
    assert steps[2]["output"] is None and steps[3]["output"] is None
    assert all(s["latency_s"] == 0.0 for s in steps)
    assert result["success"] and result["agent_error"] is None and result["steps"] == 4
    for step in range(5):
        assert (
            root / "screenshots" / "settings.wifi_off" / "seed0" / f"step{step:03d}.png"
        ).exists()
    assert json.loads((root / "run.json").read_text())["agent"] == "human"
    episode = json.loads((root / "episodes" / "settings.wifi_off__seed0.json").read_text())
    assert episode["outcome"] == "success"
    results = json.loads((root / "results.json").read_text())
    assert results["metrics"]["episodes"] == 1
    replayed = runner.invoke(cli, ["replay", str(trajectory)])
    assert replayed.exit_code == 0, replayed.output
    assert "identical" in replayed.output and ", success" in replayed.output
    _ask(socket, {"op": "reset"})  # the same seed again: the first attempt is kept aside
    _command(socket, verb="key", key="BACK")
    assert (root / "attempts" / "settings.wifi_off" / "seed0" / "1" / "episode.json").exists()
    assert len(_lines(trajectory)) == 3  # header, the one step, the result


def test_a_reset_keeps_the_finished_episode_until_the_next_attempt_acts(wifi, tmp_path):
    session, _, socket, _ = wifi
    root = session.recording.root
    for _ in range(session.task.min_steps):
        _ask(socket, {"op": "solution"})
    screens = root / "screenshots" / "settings.wifi_off" / "seed0"
    finished = {path.name: path.read_bytes() for path in screens.iterdir()}
    trajectory = root / "trajectories" / "settings.wifi_off" / "seed0.jsonl"
    solved = trajectory.read_text(encoding="utf-8")
    reset = _ask(socket, {"op": "reset"})  # the same seed again, and nothing played
    assert reset["state"]["agent_steps"] == 0
    assert trajectory.read_text(encoding="utf-8") == solved
    assert {path.name: path.read_bytes() for path in screens.iterdir()} == finished
    assert not (root / "attempts").exists()
    episode = json.loads((root / "episodes" / "settings.wifi_off__seed0.json").read_text())
    assert episode["outcome"] == "success"
    out = tmp_path / "report.html"
    reported = CliRunner().invoke(cli, ["report", str(root), "--out", str(out)])
    assert reported.exit_code == 0, reported.output
    _command(socket, verb="key", key="BACK")  # the new attempt acts: the first moves aside
    kept = root / "attempts" / "settings.wifi_off" / "seed0" / "1"
    archived = solved.replace(  # its references now point at its own, archived files
        '"screenshots/settings.wifi_off/seed0/', '"attempts/settings.wifi_off/seed0/1/screenshots/'
    ).replace(
        '"trajectories/settings.wifi_off/seed0.jsonl"',
        '"attempts/settings.wifi_off/seed0/1/trajectory.jsonl"',
    )
    assert archived != solved
    assert (kept / "trajectory.jsonl").read_text(encoding="utf-8") == archived
    assert {p.name: p.read_bytes() for p in (kept / "screenshots").iterdir()} == finished
    header, _, result = _lines(trajectory)
    assert header["reset"]["screenshot"] == "screenshots/settings.wifi_off/seed0/step000.png"
    assert result["extra"]["earlier_attempts"] == 1
    assert sorted(path.name for path in screens.iterdir()) == ["step000.png", "step001.png"]
    assert (screens / "step000.png").read_bytes() == finished["step000.png"]  # the same start


def test_a_refusal_is_told_only_to_the_client_that_asked(wifi):
    _, client, socket, _ = wifi
    with client.websocket_connect("/ws") as other:
        _receive(other)  # its first state
        refused = _command(socket, verb="click", x=2.0, y=0.5)
        assert "x must be a number in [0, 1]" in refused["error"]
        seen = _receive(other)  # the state goes to every client, the refusal does not
        assert seen["error"] is None and seen["state"] == refused["state"]
        played = _command(other, verb="key", key="HOME")
        assert played["error"] is None and _receive(socket)["state"]["agent_steps"] == 1


def test_results_of_a_reused_folder_cover_every_episode(tmp_path):
    folder = tmp_path / "run"
    for seed in (0, 1):  # two sessions, one after the other, into the same folder
        session = PlaySession(resolve_task("settings.wifi_off"), seed, folder)
        try:
            session.solution_step()
        finally:
            session.close()
    results = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    assert [(e["seed"], e["agent_error"]) for e in results["episodes"]] == [
        (0, UNFINISHED),
        (1, UNFINISHED),
    ]
    assert results["metrics"]["episodes"] == 2
    rows = (folder / "results.csv").read_text(encoding="utf-8").splitlines()
    assert len(rows) == 3  # the header and both episodes


def test_a_session_on_another_display_records_it_and_replays_on_it(tmp_path):
    """``display``: the phone's screen is that profile's; the run folder and the
    trajectory record it, a replay plays on it to the same outcome, and a folder of a
    session on another display is refused."""
    session = PlaySession(resolve_task("settings.wifi_off"), 0, tmp_path / "run", "small_phone")
    try:
        with TestClient(build_app(session)) as client, client.websocket_connect("/ws") as socket:
            first = _receive(socket)["state"]
            assert (first["screen"]["width"], first["screen"]["height"]) == (720, 1280)
            states = [_ask(socket, {"op": "solution"})["state"] for _ in range(4)]
            assert [state["ended"] for state in states] == [False, False, False, True]
    finally:
        session.close()
    root = session.recording.root
    phone = {"kind": "sim", "display": "small_phone"}
    assert json.loads((root / "run.json").read_text())["device"] == phone
    trajectory = root / "trajectories" / "settings.wifi_off" / "seed0.jsonl"
    header, result = _lines(trajectory)[0], _lines(trajectory)[-1]
    assert header["device"] == phone and result["success"]
    replayed = CliRunner().invoke(cli, ["replay", str(trajectory)])
    assert replayed.exit_code == 0, replayed.output
    assert "identical" in replayed.output and ", success" in replayed.output
    with pytest.raises(ValueError, match=r"holds a run with other settings.*small_phone"):
        PlaySession(resolve_task("settings.wifi_off"), 0, root)
    with pytest.raises(ValueError, match="unknown device profile 'pixel_99'; known: nexus_5"):
        PlaySession(resolve_task("settings.wifi_off"), 0, None, "pixel_99")
