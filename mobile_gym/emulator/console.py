"""The emulator console: the line-based TCP service an emulator offers on its console port.

As the real console does, a connection is greeted with ``Android Console: Authentication
required`` and must send ``auth <token>``, the token read from the auth-token file
(``~/.emulator_console_auth_token`` by default; created with a random token when missing, and
an empty file turns authentication off). Before that only ``help``, ``auth``, ``quit`` and
``exit`` are accepted. Served commands: ``help``, ``ping``, ``avd name``, ``avd status``,
``avd id``, ``kill`` (stops the emulator), ``quit``/``exit`` (ends the connection). Anything
else answers ``KO: unknown command, try 'help'``. Lines end with CRLF; each answer ends with
``OK`` or a ``KO: ...`` line.
"""

from __future__ import annotations

import contextlib
import secrets
import socket
import socketserver
import threading
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

HOST = "127.0.0.1"
DEFAULT_AUTH_TOKEN_PATH = Path("~/.emulator_console_auth_token")
MAX_LINE = 4096
"""Longest command line read; a longer one is refused and the connection closed."""
_JOIN_S = 5.0
_UNKNOWN = "KO: unknown command, try 'help'"
_HELP = (
    "Android console commands:\r\n\r\n"
    "    help|h|?         print a list of commands\r\n"
    "    ping             check if the emulator is alive\r\n"
    "    avd              control virtual device execution\r\n"
    "    kill             kill the emulator instance\r\n"
    "    auth             user authentication for the emulator console\r\n"
    "    quit|exit        quit control session\r\n"
)


def read_auth_token(path: Path) -> str:
    """The console auth token stored at ``path``, writing a fresh random one if it is missing.

    An empty file means no authentication is asked for (as with the real emulator).

    Raises:
        OSError: the file cannot be read (or, missing, written).
        ValueError: it is not UTF-8 text, or longer than a command line (``MAX_LINE``
            bytes): an ``auth`` line could never carry it. No more than that is read.
    """
    path = path.expanduser()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(12), encoding="utf-8")
    with path.open("rb") as file:
        data = file.read(MAX_LINE + 1)
    if len(data) > MAX_LINE:
        raise ValueError(f"longer than a console command line ({MAX_LINE} bytes)")
    try:
        return data.decode("utf-8").strip()
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None


class EmulatorConsole:
    """Serves the emulator console on 127.0.0.1 in background threads.

    Args:
        port: TCP port (0 picks a free one; read ``port`` after ``start``).
        avd_name: what ``avd name`` answers.
        auth_token_path: the file holding the auth token.
        on_kill: called (once) when a client sends ``kill``.
    """

    def __init__(
        self,
        port: int,
        *,
        avd_name: str = "mobile_gym",
        auth_token_path: Path = DEFAULT_AUTH_TOKEN_PATH,
        on_kill: Callable[[], None] = lambda: None,
    ) -> None:
        self.avd_name = avd_name
        self.auth_token_path = auth_token_path.expanduser()
        self.token = read_auth_token(auth_token_path)
        self._on_kill = on_kill
        self._requested_port = port
        self._server: _ConsoleServer | None = None
        self._serving: threading.Thread | None = None

    @property
    def port(self) -> int:
        """The port listened on (known once started)."""
        if self._server is None:
            raise RuntimeError("the console is not started; call start() first")
        return self._server.server_address[1]

    def start(self) -> EmulatorConsole:
        """Listen and serve in background threads (one per connection).

        Raises:
            OSError: the port cannot be bound.
        """
        try:
            self._server = _ConsoleServer((HOST, self._requested_port), self)
        except OSError as exc:
            raise OSError(
                exc.errno, f"cannot listen on {HOST}:{self._requested_port}: {exc.strerror}"
            ) from exc
        self._serving = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.1},
            name=f"emulator-console:{self.port}",
            daemon=True,
        )
        self._serving.start()
        return self

    def stop(self) -> None:
        """Close the listener and every connection; wait for the threads."""
        server, self._server = self._server, None
        if server is None:
            return
        server.shutdown()
        server.close_connections()
        server.server_close()  # joins the connections' threads
        if self._serving is not None:
            self._serving.join(_JOIN_S)

    def kill(self) -> None:
        """What ``kill`` does: tell the owner to stop the emulator."""
        self._on_kill()


class ConsoleSession:
    """One console connection: the auth handshake, then commands line by line."""

    def __init__(self, console: EmulatorConsole, sock: socket.socket) -> None:
        self.console = console
        self.sock = sock
        self.authenticated = not console.token

    def send(self, *lines: str) -> None:
        """Write ``lines``, each ended with CRLF."""
        self.sock.sendall("".join(f"{line}\r\n" for line in lines).encode())

    def run(self, reader: BinaryIO) -> None:
        """Greet, then answer each line until the client leaves or asks to."""
        if self.authenticated:
            self.send("Android Console: type 'help' for a list of commands", "OK")
        else:
            self.send(
                "Android Console: Authentication required",
                "Android Console: type 'auth <auth_token>' to authenticate",
                "Android Console: you can find your <auth_token> in ",
                f"'{self.console.auth_token_path}'",
                "OK",
            )
        while True:
            raw = reader.readline(MAX_LINE + 1)
            if not raw:
                return
            if len(raw) > MAX_LINE:
                self.send(f"KO: command line too long (over {MAX_LINE} bytes)")
                return
            line = raw.decode("utf-8", errors="replace").strip()
            if not line:
                continue
            if not self.answer(line.split()):
                return

    def answer(self, words: list[str]) -> bool:
        """Answer one command; False ends the connection."""
        command, args = words[0].lower(), words[1:]
        if command in ("quit", "exit"):
            return False
        if command in ("help", "h", "?"):
            self.sock.sendall(_HELP.encode())
            self.send("OK")
        elif command == "auth":
            self.auth(args)
        elif not self.authenticated:
            self.send(_UNKNOWN)
        elif command == "ping":
            self.send("I am alive!", "OK")
        elif command == "avd":
            self.avd(args)
        elif command == "kill":
            self.send("OK: killing emulator, bye bye")
            self.console.kill()
            return False
        else:
            self.send(_UNKNOWN)
        return True

    def auth(self, args: list[str]) -> None:
        """``auth <token>``: compare with the token file's content, as UTF-8 bytes (strings
        with non-ASCII characters ``compare_digest`` refuses)."""
        if not args:
            self.send("KO: missing authentication token")
        elif not secrets.compare_digest(args[0].encode(), self.console.token.encode()):
            self.send(f"KO: authentication token does not match {self.console.auth_token_path}")
        else:
            self.authenticated = True
            self.send("Android Console: type 'help' for a list of commands", "OK")

    def avd(self, args: list[str]) -> None:
        """``avd name``, ``avd status``, ``avd id``."""
        sub = args[0].lower() if args else ""
        if sub in ("name", "id"):
            self.send(self.console.avd_name, "OK")
        elif sub == "status":
            self.send("virtual device is running", "OK")
        else:
            self.send("KO: missing sub-command: name, status or id" if not sub else _UNKNOWN)


class _ConsoleServer(socketserver.ThreadingTCPServer):
    """The listener: a thread per connection, each joined on ``server_close``."""

    allow_reuse_address = True
    daemon_threads = False
    block_on_close = True

    def __init__(self, address: tuple[str, int], console: EmulatorConsole) -> None:
        self.console = console
        self.open: set[socket.socket] = set()
        self.open_lock = threading.Lock()
        self.closing = False
        super().__init__(address, _ConsoleHandler)

    def close_connections(self) -> None:
        """End every open connection (their threads then return)."""
        with self.open_lock:
            self.closing = True
            sockets = list(self.open)
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


class _ConsoleHandler(socketserver.StreamRequestHandler):
    """Serves one connection with a ``ConsoleSession``."""

    server: _ConsoleServer

    def handle(self) -> None:
        with self.server.open_lock:
            if self.server.closing:
                return
            self.server.open.add(self.connection)
        try:
            ConsoleSession(self.server.console, self.connection).run(self.rfile)
        except OSError:
            pass
        finally:
            with self.server.open_lock:
                self.server.open.discard(self.connection)
