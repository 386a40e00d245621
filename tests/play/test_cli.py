"""``mobile-gym play`` on the command line: the server on a free port until Ctrl-C, and
clear errors (exit 2) for an unknown task, a bad seed, a port in use and a folder that
holds another run."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import urllib.request

from typer.testing import CliRunner

from mobile_gym.cli import app

PLAY = [sys.executable, "-m", "mobile_gym.cli", "play"]


def _play(*args: str):
    return CliRunner().invoke(app, ["play", *args])


def _interrupted(process: subprocess.Popen) -> int:
    """Send Ctrl-C to ``process``; its exit status once it stops (killed after 30 s)."""
    process.send_signal(signal.SIGINT)
    try:
        return process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        raise


def test_serves_on_a_free_port_until_ctrl_c(tmp_path):
    folder = tmp_path / "session"
    command = [*PLAY, "settings.wifi_off", "--seed", "2", "--port", "0", "--record", str(folder)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as process:
        try:
            assert process.stdout is not None
            playing, recording = process.stdout.readline(), process.stdout.readline()
            assert "Playing settings.wifi_off (seed 2) at http://127.0.0.1:" in playing
            assert f"recording: {folder}; Ctrl-C stops" in recording
            url = playing.split(" at ")[1].strip()
            with urllib.request.urlopen(url + "api/state", timeout=30) as response:
                state = json.load(response)
            assert (state["task"], state["seed"], state["agent_steps"]) == (
                "settings.wifi_off",
                2,
                0,
            )
            with urllib.request.urlopen(url, timeout=30) as response:
                assert "mobile-gym play" in response.read().decode()
        finally:
            status = _interrupted(process)
    assert status == 0
    assert json.loads((folder / "run.json").read_text())["agent"] == "human"


def test_an_unknown_task_is_refused():
    result = _play("settings.wifi_of", "--port", "0", "--no-record")
    assert result.exit_code == 2
    assert "unknown task 'settings.wifi_of'; did you mean settings.wifi_off" in result.stderr
    assert "Traceback" not in result.output


def test_a_bad_seed_is_refused():
    negative = _play("settings.wifi_off", "--seed", "-1", "--no-record")
    assert negative.exit_code == 2 and "--seed" in negative.stderr
    huge = _play("settings.wifi_off", "--seed", str(2**32), "--no-record")
    assert huge.exit_code == 2 and "bad --seed: a seed is an integer from 0 to" in huge.stderr
    words = _play("settings.wifi_off", "--seed", "seven", "--no-record")
    assert words.exit_code == 2 and "Invalid value for '--seed'" in words.stderr


def test_a_port_in_use_is_refused(tmp_path):
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = _play("settings.wifi_off", "--port", str(port), "--record", str(tmp_path / "r"))
    assert result.exit_code == 2
    assert f"cannot serve on 127.0.0.1:{port}" in result.stderr
    assert "choose another --port" in result.stderr
    assert not (tmp_path / "r").exists()  # nothing recorded


def test_a_folder_of_another_run_is_refused(tmp_path):
    (tmp_path / "run.json").write_text(json.dumps({"agent": "oracle", "max_steps": None}))
    result = _play("settings.wifi_off", "--port", "0", "--record", str(tmp_path))
    assert result.exit_code == 2
    assert "holds a run with other settings" in result.stderr
    assert "choose another --record folder" in result.stderr


def test_an_unknown_display_is_refused(tmp_path):
    result = _play("settings.wifi_off", "--display", "pixel_99", "--record", str(tmp_path / "r"))
    assert result.exit_code == 2
    assert "--display: unknown device profile 'pixel_99'; known: nexus_5" in result.stderr
    assert not (tmp_path / "r").exists()  # nothing recorded


def test_record_and_no_record_together_are_refused(tmp_path):
    result = _play("settings.wifi_off", "--record", str(tmp_path / "r"), "--no-record")
    assert result.exit_code == 2 and "--record DIR or --no-record, not both" in result.stderr


def test_a_missing_ui_extra_is_named(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    result = _play("settings.wifi_off", "--no-record")
    assert result.exit_code == 2
    assert "needs the ui extra (uvicorn is not installed)" in result.stderr
    assert "pip install 'mobile-gym[ui]'" in result.stderr
