"""Numbers past what the server or cluster behind a command can take are refused with one
error and exit 2: ``serve-adb --idle-timeout`` (infinity was a traceback, ``1e300`` served
nothing but protocol faults) and ``eval --num-cpus-per-episode`` (infinity and quantities
finer than Ray's were tracebacks)."""

from __future__ import annotations

import pathlib
import signal
import socket
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app

DAY_S = 86_400
"""The longest ``--idle-timeout``."""
SERVE_ADB = [sys.executable, "-m", "mobile_gym.cli", "serve-adb", "--port=0"]


@pytest.mark.parametrize("timeout", ["inf", "1e300", str(DAY_S + 1)])
def test_serve_adb_refuses_an_idle_timeout_past_a_day(timeout: str) -> None:
    result = subprocess.run(
        [*SERVE_ADB, f"--idle-timeout={timeout}"], capture_output=True, text=True, timeout=60
    )  # in a process of its own: a timeout let through would serve until killed
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: idle_timeout_s must be"), lines
    assert f"at most {DAY_S}" in lines[0]  # the bound


def test_serve_adb_serves_with_the_longest_idle_timeout() -> None:
    command = [*SERVE_ADB, f"--idle-timeout={DAY_S}"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert "127.0.0.1:" in line, line
        port = int(line.split("127.0.0.1:")[1].split(":")[0])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"000chost:version")
            assert sock.makefile("rb").read(12) == b"OKAY00040029"  # the socket's timeout was set
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
    assert process.stderr is not None and "Error" not in process.stderr.read()


def test_serve_adb_reports_a_value_the_server_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ValueError from starting the server is one error line, not a traceback."""
    from mobile_gym.sim.adb_server import server

    def refuse(*args: object, **kwargs: object) -> None:
        raise ValueError("idle_timeout_s must be a positive number of seconds or None, got 0")

    monkeypatch.setattr(server, "serve_until_stopped", refuse)
    result = CliRunner().invoke(app, ["serve-adb", "--port=0"])
    assert result.exit_code == 2, (result.output, result.exception)
    assert result.stderr.strip().splitlines() == [
        "error: idle_timeout_s must be a positive number of seconds or None, got 0"
    ]


@pytest.mark.parametrize("cpus", ["inf", "0.00001"])
def test_eval_refuses_cpus_per_episode_ray_cannot_take(cpus: str, tmp_path: pathlib.Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "eval", "--task", "settings.wifi_off", "--agent", "random", "--out", str(tmp_path),
            "--executor", "ray", "--num-cpus-per-episode", cpus,
        ],
    )  # fmt: skip
    assert result.exit_code == 2, (result.output, result.exception)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: --num-cpus-per-episode must be a finite number of at least")
    assert not list(tmp_path.iterdir())  # nothing was run
