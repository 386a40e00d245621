"""``mobile-gym serve-emulator``: serves until the console's ``kill``; bad arguments exit 2."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from mobile_gym.cli import app

SERVING = re.compile(
    r"Serving a simulated phone as emulator-(\d+): console 127\.0\.0\.1:(\d+), "
    r"gRPC 127\.0\.0\.1:(\d+), ADB server 127\.0\.0\.1:(\d+)"
)


def test_serve_emulator_announces_its_ports_and_stops_on_kill(tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text("", encoding="utf-8")  # no auth asked
    command = [sys.executable, "-m", "mobile_gym.cli", "serve-emulator", "--console-port", "0"]
    command += ["--grpc-port", "0", "--auth-token", str(token), "--device", "small_phone"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            found = SERVING.search(line)
            assert found, line
            serial_port, console_port, grpc_port, adb_port = map(int, found.groups())
            assert serial_port == console_port and grpc_port and adb_port
            with socket.create_connection(("127.0.0.1", console_port), timeout=10) as sock:
                reader = sock.makefile("rb")
                assert reader.readline().startswith(b"Android Console")
                assert reader.readline() == b"OK\r\n"
                sock.sendall(b"kill\r\n")
                assert reader.readline() == b"OK: killing emulator, bye bye\r\n"
            assert process.wait(timeout=20) == 0
        finally:
            if process.poll() is None:
                process.kill()


def test_bad_arguments_exit_2_naming_the_problem(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["serve-emulator", "--device", "no_such_phone"])
    assert result.exit_code == 2
    assert "unknown device profile 'no_such_phone'" in result.output
    result = runner.invoke(app, ["serve-emulator", "--console-port", "70000"])
    assert result.exit_code == 2
    result = runner.invoke(
        app, ["serve-emulator", "--console-port", "0", "--auth-token", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "--auth-token" in result.output
