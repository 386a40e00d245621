"""``mobile-gym serve-emulator``: serves until the console's ``kill``; bad arguments exit 2."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.emulator.server import EmulatorServer

SERVING = re.compile(
    r"Serving a simulated phone as emulator-(\d+): console 127\.0\.0\.1:(\d+), "
    r"gRPC 127\.0\.0\.1:(\d+), ADB server 127\.0\.0\.1:(\d+)"
)


def test_serve_emulator_announces_its_ports_and_stops_on_kill(tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text("", encoding="utf-8")  # no auth asked
    command = [sys.executable, "-m", "mobile_gym.cli", "serve-emulator", "--console-port", "0"]
    command += ["--grpc-port", "0", "--auth-token", str(token), "--display", "small_phone"]
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
    for option in ("--display", "--device"):  # (--device: its first name, kept)
        result = runner.invoke(app, ["serve-emulator", option, "no_such_phone"])
        assert result.exit_code == 2
        assert "unknown device profile 'no_such_phone'" in result.output
    result = runner.invoke(app, ["serve-emulator", "--console-port", "70000"])
    assert result.exit_code == 2
    result = runner.invoke(
        app, ["serve-emulator", "--console-port", "0", "--auth-token", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "--auth-token" in result.output


def test_an_auth_token_file_that_cannot_be_a_token_is_one_error(tmp_path: Path) -> None:
    """Not UTF-8 text, or more than a console line carries (/dev/zero was read for ever):
    one error line naming the file, exit 2."""
    binary = tmp_path / "binary"
    binary.write_bytes(b"\xff\xfe\x00")
    long = tmp_path / "long"
    long.write_text("x" * 5000, encoding="utf-8")
    for token, problem in ((binary, "not UTF-8 text"), (long, "longer than a console")):
        command = [sys.executable, "-m", "mobile_gym.cli", "serve-emulator", "--console-port"]
        command += ["0", "--grpc-port", "0", "--auth-token", str(token)]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert result.returncode == 2, result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: --auth-token {token}: {problem}")


def test_a_non_ascii_auth_token_authenticates(tmp_path: Path) -> None:
    """``auth`` with non-ASCII text is compared, not a dropped connection and a traceback."""
    token = tmp_path / "token"
    token.write_text("café\n", encoding="utf-8")
    command = [sys.executable, "-m", "mobile_gym.cli", "serve-emulator", "--console-port", "0"]
    command += ["--grpc-port", "0", "--auth-token", str(token)]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        try:
            assert process.stdout is not None
            found = SERVING.search(process.stdout.readline())
            assert found
            with socket.create_connection(("127.0.0.1", int(found[2])), timeout=10) as sock:
                reader = sock.makefile("rb")
                while reader.readline() != b"OK\r\n":  # the greeting
                    pass
                sock.sendall("auth é\r\n".encode())
                assert reader.readline().startswith(b"KO: authentication token does not match")
                sock.sendall("auth café\r\nkill\r\n".encode())
                assert reader.readline().startswith(b"Android Console: type 'help'")
                assert reader.readline() == b"OK\r\n"
                assert reader.readline() == b"OK: killing emulator, bye bye\r\n"
            assert process.wait(timeout=20) == 0
        finally:
            if process.poll() is None:
                process.kill()
        assert process.stderr is not None and "Traceback" not in process.stderr.read()


def test_a_grpc_port_another_emulator_serves_on_is_refused(
    emulator: EmulatorServer, tmp_path: Path
) -> None:
    """As a console or ADB port in use is: one error line, exit 2, rather than a second
    server sharing the port (and its clients) with the first."""
    token = tmp_path / "token"
    token.write_text("", encoding="utf-8")
    port = emulator.grpc_port
    command = [sys.executable, "-m", "mobile_gym.cli", "serve-emulator", "--console-port", "0"]
    command += ["--grpc-port", str(port), "--auth-token", str(token)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"error: cannot listen on 127.0.0.1:{port}: Address already in use; choose other ports"
    ]
