"""Joining a Ray cluster at an address where nothing answers: one error at once (Ray itself
would try again for minutes). A module of its own: no Ray runs in this process here."""

from __future__ import annotations

import pathlib
import socket
import time

import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app

pytest.importorskip("ray")


def test_an_address_where_nothing_answers_is_one_error_at_once(tmp_path: pathlib.Path) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{probe.getsockname()[1]}"
    started = time.monotonic()
    arguments = ["--task", "settings.wifi_off", "--agent", "oracle", "--out", str(tmp_path)]
    result = CliRunner().invoke(
        app, ["eval", *arguments, "--executor", "ray", "--address", address]
    )
    assert result.exit_code == 1, result.output
    assert f"cannot join the Ray cluster at {address}: nothing answers" in result.output
    assert "Traceback" not in result.output and time.monotonic() - started < 30
