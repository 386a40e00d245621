"""``EmulatorServer``: one simulated phone served on 127.0.0.1 as an Android emulator is.

Three services, as an emulator started with ``-ports CONSOLE,ADB -grpc GRPC`` offers them:

- an ADB server (``mobile_gym.sim.adb_server``) presenting the phone as
  ``emulator-<console port>``, on any port (0 picks a free one);
- the emulator console (``mobile_gym.emulator.console``) on the console port, its
  ``avd snapshot save|load|list|delete`` keeping the phone's states in memory while the
  server lives;
- the gRPC ``EmulatorController`` (``mobile_gym.emulator.controller``) on the gRPC port, with
  local credentials (what ``grpc.local_channel_credentials()`` clients such as android_env use).

Usage::

    with EmulatorServer(console_port=0, grpc_port=0, adb_port=0) as emulator:
        emulator.serial, emulator.adb_port, emulator.console_port, emulator.grpc_port
        with emulator.locked() as phone:
            ...

A console ``kill`` or a gRPC ``setVmState(SHUTDOWN)`` sets ``killed``; ``stop`` ends all three.
Each port is this server's alone: one in use, by another emulator's gRPC server too, fails
``start`` with ``OSError("cannot listen on HOST:PORT: ...")``.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import threading
from collections.abc import Callable, Iterator
from concurrent import futures
from pathlib import Path
from typing import TYPE_CHECKING

from mobile_gym.emulator.console import DEFAULT_AUTH_TOKEN_PATH, EmulatorConsole
from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.adb_server.server import HOST

if TYPE_CHECKING:
    import grpc

DEFAULT_CONSOLE_PORT = 5554
DEFAULT_GRPC_PORT = 8554
_GRPC_WORKERS = 8
_GRPC_OPTIONS = [
    ("grpc.max_send_message_length", -1),
    ("grpc.max_receive_message_length", -1),
    ("grpc.so_reuseport", 0),  # a port another server (gRPC's default: shared) holds is refused
]


class EmulatorServer:
    """Serves one phone over ADB, the emulator console and the emulator gRPC service.

    Args:
        console_port: the console's port (0: a free one); the phone's serial is
            ``emulator-<console port>``.
        grpc_port: the gRPC port (0: a free one).
        adb_port: the ADB server's port (0: a free one).
        phone: the phone to serve (default a new one booted with ``seed``).
        seed: the seed a new phone boots with.
        auth_token_path: the console's auth-token file.
    """

    def __init__(
        self,
        console_port: int = DEFAULT_CONSOLE_PORT,
        grpc_port: int = DEFAULT_GRPC_PORT,
        adb_port: int = 0,
        *,
        phone: Phone | None = None,
        seed: int = 0,
        auth_token_path: Path = DEFAULT_AUTH_TOKEN_PATH,
    ) -> None:
        self.phone = phone if phone is not None else Phone(seed=seed)
        self.killed = threading.Event()
        self._console = EmulatorConsole(
            console_port,
            auth_token_path=auth_token_path,
            on_kill=self.killed.set,
            locked_phone=self.locked,
        )
        self._requested = (grpc_port, adb_port)
        self._adb: AdbServer | None = None
        self._grpc = None
        self._grpc_port: int | None = None
        self.served_methods: list[str] = []

    def start(self) -> EmulatorServer:
        """Start the console, the ADB server and the gRPC server.

        Raises:
            OSError: a port cannot be bound.
        """
        import grpc

        from mobile_gym.emulator.controller import ControllerHandler, PhoneController

        grpc_port, adb_port = self._requested
        self._console.start()
        try:
            self._adb = AdbServer(
                phones=[self.phone], port=adb_port, serials=[f"emulator-{self.console_port}"]
            ).start()
            handler = ControllerHandler(PhoneController(self.locked, self.killed.set))
            self.served_methods = handler.served
            server = grpc.server(
                futures.ThreadPoolExecutor(max_workers=_GRPC_WORKERS), options=_GRPC_OPTIONS
            )
            server.add_generic_rpc_handlers((handler,))
            self._grpc_port = _add_port(server, grpc_port)
            server.start()
            self._grpc = server
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """Stop all three services and wait for their threads."""
        if self._grpc is not None:
            self._grpc.stop(grace=None).wait()
            self._grpc = None
        if self._adb is not None:
            self._adb.stop()
        self._console.stop()

    def __enter__(self) -> EmulatorServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def serial(self) -> str:
        """The phone's ADB serial, ``emulator-<console port>``."""
        return f"emulator-{self.console_port}"

    @property
    def console_port(self) -> int:
        """The console's port."""
        return self._console.port

    @property
    def adb_port(self) -> int:
        """The ADB server's port."""
        if self._adb is None:
            raise RuntimeError("the emulator is not started; call start() first")
        return self._adb.port

    @property
    def grpc_port(self) -> int:
        """The gRPC port."""
        if self._grpc_port is None:
            raise RuntimeError("the emulator is not started; call start() first")
        return self._grpc_port

    @contextlib.contextmanager
    def locked(self) -> Iterator[Phone]:
        """The phone, with no ADB, gRPC or console command running on it meanwhile."""
        if self._adb is None:
            raise RuntimeError("the emulator is not started; call start() first")
        with self._adb.locked(self.serial) as phone:
            yield phone


def _add_port(server: grpc.Server, port: int) -> int:
    """Bind ``server`` to ``HOST:port`` (0: a free port) and return the port.

    Raises:
        OSError: the port cannot be bound, with the system's reason where it tells one.
    """
    import grpc

    if port:
        _check_bindable(port)  # the system's reason, rather than gRPC's "Failed to bind"
    address = f"{HOST}:{port}"
    try:
        return server.add_secure_port(address, grpc.local_server_credentials())
    except RuntimeError as exc:
        raise OSError(f"cannot listen on {address}: {exc}") from exc


def _check_bindable(port: int) -> None:
    """Raise the system's error if a listener could not bind ``HOST:port`` now."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        probe.bind((HOST, port))
    except OSError as exc:
        raise OSError(exc.errno, f"cannot listen on {HOST}:{port}: {exc.strerror}") from exc
    finally:
        probe.close()


def serve_until_stopped(emulator: EmulatorServer, announce: Callable[[str], None]) -> None:
    """Serve until Ctrl-C, SIGTERM, a console ``kill`` or a gRPC shutdown."""
    signal.signal(signal.SIGTERM, lambda *_: emulator.killed.set())
    with emulator:
        announce(
            f"Serving a simulated phone as {emulator.serial}: console {HOST}:"
            f"{emulator.console_port}, gRPC {HOST}:{emulator.grpc_port}, "
            f"ADB server {HOST}:{emulator.adb_port}"
        )
        announce(
            f"Try: adb -H {HOST} -P {emulator.adb_port} -s {emulator.serial} shell getprop"
            " ro.product.model   (Ctrl-C stops)"
        )
        try:
            while not emulator.killed.wait(0.5):
                pass
        except KeyboardInterrupt:
            pass
