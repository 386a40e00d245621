"""The connection to one device through an ADB server (adbutils), with timeouts and retries.

``AdbLink`` runs device shell commands (shell protocol v2 when the device has it: exit code
and stderr apart; v1 with an exit-code marker otherwise), binary ``exec`` commands, opens
streams, and moves files over the sync protocol. Every call has a timeout; a failed call is
retried with exponential backoff and, when retries do not help, raises ``DeviceError``.

Each command opens one connection to the ADB server (``host:tport:serial:...`` and then the
service). The server's version is asked once, not before every command as adbutils'
``open_transport`` does, which saves a round trip a command.
"""

from __future__ import annotations

import contextlib
import socket
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import adbutils
from adbutils import AdbConnection, AdbError
from adbutils.errors import AdbConnectionError

from mobile_gym.device import adb_sync
from mobile_gym.device.adb_shell import DeviceReplyError
from mobile_gym.device.adb_sync import SyncRefusedError
from mobile_gym.device.base import DeviceError

T = TypeVar("T")

_EXIT_MARKER = b"__MOBILE_GYM_EXIT__:"
"""Appended (with ``$?``) to a shell v1 command to learn its exit code."""
_V1_EXIT = f"; echo {_EXIT_MARKER.decode()}$?"
MAX_REQUEST_BYTES = 0xFFFF
"""The longest request to an ADB server: its length is sent as 4 hex digits."""
_SHELL_STDOUT, _SHELL_STDERR, _SHELL_EXIT = 1, 2, 3


@dataclass(frozen=True)
class RetryPolicy:
    """How hard a device call is tried: ``attempts`` tries ``backoff_s`` apart, the pause
    doubling each time; each try may take ``timeout_s`` before it counts as hung."""

    attempts: int = 3
    backoff_s: float = 0.2
    timeout_s: float = 20.0

    def __post_init__(self) -> None:
        if self.attempts < 1 or self.backoff_s < 0 or self.timeout_s <= 0:
            raise ValueError(f"invalid retry policy {self}")


@dataclass(frozen=True)
class ShellResult:
    """What a device shell command gave: its exit code, stdout and stderr."""

    exit_code: int
    stdout: bytes
    stderr: bytes = b""

    @property
    def text(self) -> str:
        """stdout and stderr as text (stderr after stdout)."""
        return (self.stdout + self.stderr).decode("utf-8", errors="replace")


class ConnectionLostError(Exception):
    """The connection of a command failed; ``delivered`` says whether the device had
    accepted the command by then (it may have run)."""

    def __init__(self, delivered: bool, cause: BaseException) -> None:
        super().__init__(f"{type(cause).__name__}: {cause}".rstrip(": "))
        self.delivered = delivered


_CONNECTION_ERRORS = (AdbError, OSError, EOFError, ValueError, struct.error)
"""What a failing connection raises inside adbutils (ValueError, struct.error: a reply cut
short or unreadable)."""


class _Connection(AdbConnection):
    """A connection to an ADB server that never starts one: adbutils' own runs ``adb
    start-server`` when it cannot connect, which starts a server on the port of the
    environment (5037 by default), whatever port was asked for, and leaves it running."""

    def _safe_connect(self) -> socket.socket:
        return self._create_socket()


class _Client(adbutils.AdbClient):
    """An ``AdbClient`` whose connections never start an ADB server (``_Connection``): a
    server that does not answer is a connection failure, retried and then reported."""

    def __init__(self, host: str, port: int, socket_timeout: float) -> None:
        super().__init__(host, port, socket_timeout=socket_timeout)
        self.address = host, port
        self.socket_timeout = socket_timeout

    def make_connection(self, timeout: float | None = None) -> AdbConnection:
        connection = _Connection(*self.address)
        connection.conn.settimeout(timeout or self.socket_timeout)
        return connection


class AdbLink:
    """One device (``serial``) behind the ADB server at ``host``:``port``; no server is
    started where none answers.

    Args:
        serial: the device's serial, as ``adb devices`` lists it.
        host, port: the ADB server (default 127.0.0.1:5037).
        retry: attempts, backoff and per-command timeout.

    Raises:
        DeviceError: the server cannot be reached or does not know ``serial``.
    """

    def __init__(
        self,
        serial: str,
        host: str = "127.0.0.1",
        port: int = 5037,
        retry: RetryPolicy | None = None,
    ) -> None:
        if not serial:
            raise ValueError("an ADB device needs a serial (e.g. emulator-5554)")
        self.serial = serial
        self.retry = retry or RetryPolicy()
        self.client = _Client(host, port, self.retry.timeout_s)
        self.device = self.client.device(serial)
        try:
            self._server_version = self.attempt("ask the ADB server's version", self._version)
        except DeviceError as exc:
            if not isinstance(exc.__cause__, AdbConnectionError):
                raise
            raise DeviceError(
                f"{exc}: no ADB server answers at {host}:{port} (start one there, e.g. `adb -P"
                f" {port} start-server`; mobile-gym does not start one)"
            ) from exc
        features = self.attempt("read the device's features", self.device.get_features)
        self.shell_v2 = "shell_v2" in features.split(",")

    def _version(self) -> int:
        version = self.client.server_version()
        state = self.device.get_state()
        if state != "device":
            raise AdbError(f"device {self.serial} is {state!r}, not ready")
        return version

    # retries ---------------------------------------------------------------------------------
    def attempt(self, what: str, call: Callable[[], T], resend: bool = True) -> T:
        """``call()``, tried again after connection failures and unreadable replies.

        Args:
            what: the operation, for the error message.
            resend: whether a command the device may already have run can be sent again
                (False for input that must not happen twice, such as a tap or typed text).

        Raises:
            DeviceError: every attempt failed (or a delivered command must not be resent).
        """
        delay = self.retry.backoff_s
        problem: BaseException | None = None
        for attempt in range(self.retry.attempts):
            if attempt:
                time.sleep(delay)
                delay *= 2
            try:
                return call()
            except ConnectionLostError as exc:
                if exc.delivered and not resend:
                    raise DeviceError(
                        f"{self.serial}: {what}: the connection failed after the device "
                        f"took the command ({exc}); not sent again, it may have run"
                    ) from exc
                problem = exc
            except (*_CONNECTION_ERRORS, DeviceReplyError) as exc:
                problem = exc
        raise DeviceError(
            f"{self.serial}: {what} failed {self.retry.attempts} times; last: {problem}"
        ) from problem

    # services --------------------------------------------------------------------------------
    def _open(self, service: str, timeout: float | None = None) -> AdbConnection:
        """A connection carrying ``service`` on this device (ConnectionLostError if not delivered).

        Raises:
            DeviceError: ``service`` is longer than a request can be (not worth retrying).
        """
        size = len(service.encode("utf-8"))
        if size > MAX_REQUEST_BYTES:
            raise DeviceError(
                f"{self.serial}: a request of {size} bytes is longer than the ADB protocol "
                f"carries ({MAX_REQUEST_BYTES}): {service[:80]!r}..."
            )
        try:
            conn = self.client.make_connection(timeout=timeout or self.retry.timeout_s)
        except _CONNECTION_ERRORS as exc:
            raise ConnectionLostError(False, exc) from exc
        try:
            if self._server_version >= 41:
                conn.send_command(f"host:tport:serial:{self.serial}")
                conn.check_okay()
                conn.read_exact(8)  # the transport id
            else:
                conn.send_command(f"host:transport:{self.serial}")
                conn.check_okay()
            conn.send_command(service)
            conn.check_okay()
        except _CONNECTION_ERRORS as exc:
            conn.close()
            raise ConnectionLostError(False, exc) from exc
        return conn

    def _service(
        self, service: str, read: Callable[[AdbConnection], T], timeout: float | None = None
    ) -> T:
        """Open ``service``, let ``read`` talk to it, close; ConnectionLostError on failure
        (``delivered``: once the device had taken the request)."""
        conn = self._open(service, timeout)
        try:
            return read(conn)
        except _CONNECTION_ERRORS as exc:
            raise ConnectionLostError(True, exc) from exc
        finally:
            _close(conn)

    def run(self, command: str, timeout: float | None = None) -> ShellResult:
        """Run ``command`` in the device shell once (no retry); ConnectionLostError on failure."""
        if self.shell_v2:
            return self._service(f"shell,v2:{command}", _read_v2, timeout)
        return self._service(f"shell:{command}{_V1_EXIT}", _read_v1, timeout)

    @property
    def max_command_bytes(self) -> int:
        """The longest shell command (in UTF-8 bytes) that ``run`` sends in one request."""
        wrapping = len("shell,v2:") if self.shell_v2 else len(f"shell:{_V1_EXIT}")
        return MAX_REQUEST_BYTES - wrapping

    def shell(self, what: str, command: str, resend: bool = True) -> ShellResult:
        """``run`` with retries (see ``attempt``)."""
        return self.attempt(what, lambda: self.run(command), resend)

    def command(self, what: str, command: str, resend: bool = True) -> str:
        """``shell``, then its stdout as text; DeviceError if it exits with an error."""
        result = self.shell(what, command, resend)
        if result.exit_code != 0:
            raise DeviceError(
                f"{self.serial}: {what}: `{command}` exited with {result.exit_code}: "
                f"{result.text.strip()}"
            )
        return result.stdout.decode("utf-8", errors="replace")

    def read_exec(self, command: str) -> bytes:
        """The raw stdout of ``command`` once (``exec:``: binary-safe, no exit code, no
        retry); ConnectionLostError on failure."""
        return self._service(f"exec:{command}", _read_all)

    def stream(self, command: str) -> socket.socket:
        """A socket carrying the output of a long-running shell ``command`` (shell v1: the
        raw output until the command ends). The caller closes it."""
        conn = self._open(f"shell:{command}")
        return conn.conn

    # files -------------------------------------------------------------------------------------
    def pull(self, *paths: str) -> list[bytes | None]:
        """The files at ``paths`` on the device (None for each that does not exist), read
        over one sync connection.

        Raises:
            DeviceError: the device refused (no permission, say) or kept failing.
        """

        def read(conn: AdbConnection) -> list[bytes | None]:
            found = [
                adb_sync.receive(conn, path) if adb_sync.stat(conn, path)[0] else None
                for path in paths
            ]
            adb_sync.finish(conn)
            return found

        return self._sync(f"pull {', '.join(paths)}", read)

    def push(self, data: bytes, path: str, mode: int = 0o644) -> None:
        """Write ``data`` to ``path`` on the device over sync (replacing the file).

        Raises:
            DeviceError: the device refused or kept failing.
        """

        def write(conn: AdbConnection) -> None:
            adb_sync.send(conn, path, data, mode)
            adb_sync.finish(conn)

        self._sync(f"push {path}", write)

    def _sync(self, what: str, talk: Callable[[AdbConnection], T]) -> T:
        """``talk`` over a ``sync:`` connection, retried; a refusal is not retried."""
        try:
            return self.attempt(what, lambda: self._service("sync:", talk))
        except SyncRefusedError as exc:
            raise DeviceError(f"{self.serial}: {what}: the device refused: {exc}") from exc


def _read_all(conn: AdbConnection) -> bytes:
    chunks = []
    while chunk := conn.read(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def _read_v1(conn: AdbConnection) -> ShellResult:
    output = _read_all(conn)
    at = output.rfind(_EXIT_MARKER)
    if at < 0:
        raise DeviceReplyError(f"the shell ended without an exit code: {output[-200:]!r}")
    code = output[at + len(_EXIT_MARKER) :].strip()
    if not code.isdigit():
        raise DeviceReplyError(f"the shell gave a bad exit code {code!r}")
    return ShellResult(int(code), output[:at])


def _read_v2(conn: AdbConnection) -> ShellResult:
    stdout, stderr = bytearray(), bytearray()
    while True:
        kind, length = struct.unpack("<BI", conn.read_exact(5))
        payload = conn.read_exact(length) if length else b""
        if kind == _SHELL_STDOUT:
            stdout += payload
        elif kind == _SHELL_STDERR:
            stderr += payload
        elif kind == _SHELL_EXIT:
            if len(payload) != 1:
                raise DeviceReplyError(f"shell v2 exit packet of {len(payload)} bytes")
            return ShellResult(payload[0], bytes(stdout), bytes(stderr))


def _close(conn: AdbConnection) -> None:
    """Close a connection whose reply was read (or abandoned): no linger, no wait."""
    if not conn.closed:
        close_socket(conn.conn)
        conn.close()


def close_socket(sock: socket.socket) -> None:
    """Shut both ways (a thread blocked reading it wakes up) and close."""
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()
