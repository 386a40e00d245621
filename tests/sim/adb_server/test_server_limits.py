"""The server under load: it keeps accepting through a descriptor shortage, refuses clients
over its connection limit with ``FAIL``, and closes connections that sit idle while a request
is awaited, without cutting the streams it is writing."""

from __future__ import annotations

import contextlib
import fcntl
import os
import queue
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import adbutils
import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.adb_server.protocol import Channel
from tests.sim.adb_server.raw_client import RawConnection, SyncSession
from tests.sim.adb_server.test_adb_cli import ADB, _adb_command

HANG_GUARD_S = 15.0
"""How long a test waits for what must happen before it fails (never reached when it passes)."""
IDLE_S = 0.1
LIMIT_MESSAGE = "too many connections (limit {})"


def _served(port: int, request: str) -> RawConnection:
    """A connection whose ``request`` was answered ``OKAY``, tried again while the server is
    full (a closed connection frees its place a moment after its client sees it end)."""
    deadline = time.monotonic() + HANG_GUARD_S
    while True:
        conn = RawConnection(port)
        status, message = conn.request(request)
        if status == "OKAY":
            return conn
        conn.close()
        assert "too many connections" in message
        assert time.monotonic() < deadline, "no place was freed"
        time.sleep(0.01)


def _held(port: int) -> RawConnection:
    """A served connection that stays open: ``host:wait-for-usb-device`` never completes."""
    return _served(port, "host:wait-for-usb-device")


def _served_soon(port: int) -> str:
    """The answer to ``host:version`` once a place is free."""
    with _served(port, "host:version") as conn:
        return conn.block()


def _refusal(port: int) -> str:
    """The FAIL message a refused client reads; the server then closes the connection."""
    with RawConnection(port) as conn:
        status, message = conn.request("host:version")
        assert status == "FAIL", (status, message)
        assert conn.read_all() == b""  # closed, not left hanging
        return message


def _still_open(conn: RawConnection) -> bool:
    conn.sock.setblocking(False)
    try:
        return conn.sock.recv(1) != b""
    except BlockingIOError:
        return True
    finally:
        conn.sock.setblocking(True)


# the connection limit ---------------------------------------------------------------------------
def test_clients_over_the_limit_get_fail_and_are_closed() -> None:
    with AdbServer(max_connections=2) as server:
        held = [_held(server.port), _held(server.port)]
        assert _refusal(server.port) == LIMIT_MESSAGE.format(2) + "; try again later"
        with pytest.raises(adbutils.AdbError, match=r"too many connections \(limit 2\)"):
            adbutils.AdbClient(host="127.0.0.1", port=server.port).server_version()
        assert all(_still_open(conn) for conn in held)  # refusing disturbs no one served
        held.pop().close()
        assert _served_soon(server.port) == "0029"
        for conn in held:
            conn.close()


def test_a_refused_flood_leaves_the_server_serving() -> None:
    with AdbServer(max_connections=4) as server:
        held = [_held(server.port) for _ in range(4)]
        flood = [RawConnection(server.port) for _ in range(100)]
        for conn in flood:
            conn.send_request("host:version")
        for conn in flood:
            assert conn.read_all().startswith(b"FAIL")
            conn.close()
        for conn in held:
            conn.close()
        assert _served_soon(server.port) == "0029"


@pytest.mark.skipif(
    ADB is None and not os.environ.get("MOBILE_GYM_REQUIRE_ADB"),
    reason="Debian's adb client is not installed (apt-get install -y adb; CI does and requires it)",
)
def test_the_adb_command_line_reads_the_refusal(tmp_path: Path) -> None:
    with AdbServer(max_connections=1) as server:
        held = _held(server.port)
        adb = _adb_command(server.port, tmp_path / "home")
        refused = adb("devices", check=False)
        assert refused.returncode == 1
        assert refused.stderr.decode() == (
            "adb: failed to check server version: too many connections (limit 1); try again later\n"
        )
        held.close()


def test_limit_and_timeout_arguments_are_checked() -> None:
    for limit in (0, -1, 2.5, True, "8"):
        with pytest.raises(ValueError, match="max_connections must be a positive integer"):
            AdbServer(max_connections=limit)  # type: ignore[arg-type]
    for timeout in (0, -1, float("nan"), float("inf"), 86_401, 1e300, True, "5"):
        with pytest.raises(ValueError, match="idle_timeout_s must be a number of seconds above 0"):
            AdbServer(idle_timeout_s=timeout)  # type: ignore[arg-type]
    assert AdbServer(idle_timeout_s=86_400).idle_timeout_s == 86_400
    assert AdbServer(idle_timeout_s=None).idle_timeout_s is None


# the idle timeout -------------------------------------------------------------------------------
def test_a_silent_client_is_closed_and_frees_its_place() -> None:
    with AdbServer(max_connections=1, idle_timeout_s=IDLE_S) as server:
        silent = RawConnection(server.port)
        silent.sock.settimeout(HANG_GUARD_S)
        assert silent.read_all() == b""  # the server closed it
        silent.close()
        assert _served_soon(server.port) == "0029"


def test_a_request_cut_off_in_the_middle_is_closed() -> None:
    with AdbServer(idle_timeout_s=IDLE_S) as server, RawConnection(server.port) as conn:
        conn.sock.sendall(b"000chost:ver")  # 12 bytes announced, 8 sent
        conn.sock.settimeout(HANG_GUARD_S)
        assert conn.read_all() == b""


def test_an_idle_sync_session_is_closed() -> None:
    with AdbServer(idle_timeout_s=IDLE_S) as server:
        session = SyncSession(server.port, server.serials[0])
        assert session.stat("/sdcard")[0] != 0
        session.conn.sock.settimeout(HANG_GUARD_S)
        assert session.conn.read_all() == b""  # no next request came
        session.conn.close()


def test_a_followed_log_is_not_cut_while_the_client_only_reads() -> None:
    with AdbServer(idle_timeout_s=IDLE_S) as server:
        serial = server.serials[0]
        with RawConnection(server.port) as follower:
            follower.transport(serial)
            assert follower.request("shell:logcat -v brief") == ("OKAY", "")
            banner = b"--------- beginning of main\n"
            assert follower.read_exact(len(banner)) == banner
            time.sleep(3 * IDLE_S)  # the client sends nothing, as a log follower does
            with server.locked(serial) as phone:
                phone.log("android", "Quiet", "still followed", "W")
            follower.sock.settimeout(HANG_GUARD_S)
            seen = b""
            while b"W/Quiet" not in seen:
                chunk = follower.sock.recv(65536)
                assert chunk, f"the followed log ended; it had sent {seen!r}"
                seen += chunk


def test_a_hung_command_stays_until_the_client_leaves() -> None:
    with AdbServer(idle_timeout_s=IDLE_S) as server:
        serial = server.serials[0]
        server.faults.inject(serial, "hang")
        with RawConnection(server.port) as hung:
            hung.transport(serial)
            assert hung.request("shell:echo never") == ("OKAY", "")
            time.sleep(3 * IDLE_S)
            assert _still_open(hung)  # the server waits on the command, not on the client


def test_the_client_leaving_is_seen_on_any_descriptor_number() -> None:
    """``select`` cannot watch descriptors from 1024 up; a busy server has them."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    high = 1100
    if hard != resource.RLIM_INFINITY and hard <= high:
        pytest.skip(f"descriptors are limited to {hard}")
    if soft != resource.RLIM_INFINITY and soft <= high:
        resource.setrlimit(resource.RLIMIT_NOFILE, (high + 1, hard))
    with socket.create_server(("127.0.0.1", 0)) as listener:
        theirs = socket.create_connection(listener.getsockname())
        ours, _ = listener.accept()
    moved = socket.socket(fileno=fcntl.fcntl(ours.fileno(), fcntl.F_DUPFD, high))
    try:
        channel = Channel(moved, threading.Event())
        assert moved.fileno() >= 1024
        theirs.sendall(b"stdin the service ignores")
        assert not channel.client_gone()
        theirs.close()
        assert channel.client_gone()
    finally:
        for sock in (moved, ours, theirs):
            sock.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# failed accepts ---------------------------------------------------------------------------------
@dataclass
class ServedCommand:
    """A running ``mobile-gym serve-adb`` and the lines of its standard error."""

    process: subprocess.Popen[str]
    port: int
    errors: queue.Queue[str]

    def error_line(self, containing: str) -> str:
        deadline = time.monotonic() + HANG_GUARD_S
        while (left := deadline - time.monotonic()) > 0:
            with contextlib.suppress(queue.Empty):
                line = self.errors.get(timeout=left)
                if containing in line:
                    return line
        raise AssertionError(f"serve-adb never wrote {containing!r} on stderr")


@pytest.fixture
def served_command() -> Iterator[ServedCommand]:
    process = subprocess.Popen(
        [sys.executable, "-m", "mobile_gym.cli", "serve-adb", "--port=0", "--max-connections=3"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    errors: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [errors.put(line) for line in process.stderr or []])
    reader.start()
    try:
        line = process.stdout.readline()
        assert "Serving 1 simulated phone(s) on 127.0.0.1:" in line, line
        yield ServedCommand(process, int(line.split("127.0.0.1:")[1].split(":")[0]), errors)
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=HANG_GUARD_S)
        reader.join(HANG_GUARD_S)
    assert process.returncode == 0


@pytest.mark.skipif(not hasattr(resource, "prlimit"), reason="needs Linux prlimit")
def test_serve_adb_serves_again_after_running_out_of_descriptors_and_refuses_past_its_limit(
    served_command: ServedCommand,
) -> None:
    """The command as it is run (``--max-connections=3``): descriptors first, then the limit
    (in one process, so that no connection of another test still holds a place)."""
    pid, port = served_command.process.pid, served_command.port
    assert _served_soon(port) == "0029"
    limits = resource.prlimit(pid, resource.RLIMIT_NOFILE)
    # only stdin, stdout and stderr fit: every new descriptor fails with EMFILE (the accept
    # already waiting holds the descriptor it took before, so the first client still gets in)
    resource.prlimit(pid, resource.RLIMIT_NOFILE, (3, limits[1]))
    try:
        first = RawConnection(port)
        first.send_request("host:version")
        line = served_command.error_line("cannot accept ADB connections")
        assert "Too many open files (EMFILE)" in line
        queued = RawConnection(port)  # the kernel queues it while every accept() fails
        queued.send_request("host:version")
    finally:
        resource.prlimit(pid, resource.RLIMIT_NOFILE, limits)
    for client in (first, queued):
        client.sock.settimeout(HANG_GUARD_S)
        assert client.read_all() == b"OKAY00040029"
        client.close()
    assert "accepting ADB connections again" in served_command.error_line("again after")

    held = [_held(port) for _ in range(3)]
    assert _refusal(port) == LIMIT_MESSAGE.format(3) + "; try again later"
    assert "refusing new clients" in served_command.error_line("the limit")
    for conn in held:
        conn.close()
    assert _served_soon(port) == "0029"


def test_serve_adb_checks_its_limits() -> None:
    runner = CliRunner()
    for option in ("--max-connections=0", "--idle-timeout=0", "--idle-timeout=never"):
        result = runner.invoke(app, ["serve-adb", "--port=0", option])
        assert result.exit_code == 2, result.output
        assert f"Invalid value for '{option.split('=')[0]}'" in result.output
