"""The emulator console: the line-based TCP service an emulator offers on its console port.

As the real console does, a connection is greeted with ``Android Console: Authentication
required`` and must send ``auth <token>``, the token read from the auth-token file
(``~/.emulator_console_auth_token`` by default; created with a random token when missing, and
an empty file turns authentication off). Before that only ``help``, ``auth``, ``quit`` and
``exit`` are accepted. Served commands: ``help``, ``ping``, ``avd name``, ``avd status``,
``avd id``, ``avd snapshot list|save|load|delete`` (see below), ``sms send`` and ``power``
(on the phone: ``phone_commands``), ``kill`` (stops the emulator), ``quit``/``exit`` (ends
the connection). Anything else answers ``KO: unknown command, try 'help'``. Lines end with
CRLF; each answer ends with ``OK`` or a ``KO: ...`` line.

Snapshots, given a phone (``locked_phone``), are kept in memory for the console's lifetime,
each taken and restored while holding the phone's lock: ``avd snapshot save <name>`` keeps
the phone's state (replacing one of the same name), ``avd snapshot load <name>`` goes back
to it, ``avd snapshot delete <name>`` (or ``del``) forgets it and ``avd snapshot list``
prints them as the real console does (``List of snapshots present on all disks:``, a header
and one ``--  <name>  <size> <date> <vm clock>`` row each, or ``There is no snapshot
available.``). As there, a missing name answers ``KO: Argument missing, try 'avd snapshot
save <name>'`` and an unknown one ``KO: Device '<avd name>' does not have the requested
snapshot '<name>'``. Without a phone they answer ``KO: no virtual device state to
snapshot``.
"""

from __future__ import annotations

import contextlib
import secrets
import socket
import socketserver
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from mobile_gym.emulator import phone_commands

if TYPE_CHECKING:
    from mobile_gym.sim import Phone
    from mobile_gym.sim.phone import PhoneSnapshot

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
    "    sms              SMS related commands\r\n"
    "    power            power related commands\r\n"
    "    kill             kill the emulator instance\r\n"
    "    auth             user authentication for the emulator console\r\n"
    "    quit|exit        quit control session\r\n"
)
_SNAPSHOT_COMMANDS = ("list", "save", "load", "del", "delete")
_SNAPSHOT_COLUMNS = "%-10s%-20s%7s%20s%15s"
"""The columns of a snapshot listing: id, tag, VM size, date, VM clock."""
_NO_PHONE = "KO: no virtual device state to snapshot"

PhoneLock = Callable[[], contextlib.AbstractContextManager["Phone"]]
"""How the console reaches a phone: a call giving the phone while holding its lock, so that
no other service (ADB, gRPC) uses it meanwhile."""


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
        locked_phone: the phone the ``avd snapshot`` commands save and load (None: they
            answer that there is no state to snapshot).
    """

    def __init__(
        self,
        port: int,
        *,
        avd_name: str = "mobile_gym",
        auth_token_path: Path = DEFAULT_AUTH_TOKEN_PATH,
        on_kill: Callable[[], None] = lambda: None,
        locked_phone: PhoneLock | None = None,
    ) -> None:
        self.avd_name = avd_name
        self.locked_phone = locked_phone
        self.snapshots = None if locked_phone is None else PhoneSnapshots(locked_phone)
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


@dataclass(frozen=True)
class SavedState:
    """A snapshot of the phone and what ``avd snapshot list`` tells of it."""

    snapshot: PhoneSnapshot
    saved_at: float
    """When it was saved (host time, seconds since 1970)."""
    vm_clock_ms: int
    """The phone's time since boot when it was saved."""
    size: int
    """The bytes of the files and databases it holds."""


class PhoneSnapshots:
    """Named snapshots of one phone, kept in memory; each is taken, restored, listed or
    forgotten while holding the phone's lock (which also guards the names)."""

    def __init__(self, locked_phone: PhoneLock) -> None:
        self._locked_phone = locked_phone
        self._saved: dict[str, SavedState] = {}

    def save(self, name: str) -> None:
        """Keep the phone's state as ``name``, replacing (and listing last) one so named."""
        with self._locked_phone() as phone:
            snapshot = phone.snapshot()
            files, databases, *_ = snapshot.storage
            size = sum(len(data) for data in (*files.values(), *databases.values()))
            vm_clock_ms = phone.clock.stamp() - phone.boot_ms
            self._saved.pop(name, None)
            self._saved[name] = SavedState(snapshot, time.time(), vm_clock_ms, size)

    def load(self, name: str) -> bool:
        """Bring the phone back to the state saved as ``name``; False if there is none."""
        with self._locked_phone() as phone:
            saved = self._saved.get(name)
            if saved is not None:
                phone.restore(saved.snapshot)
            return saved is not None

    def delete(self, name: str) -> bool:
        """Forget the state saved as ``name``; False if there is none."""
        with self._locked_phone():
            return self._saved.pop(name, None) is not None

    def listing(self) -> list[str]:
        """The lines of ``avd snapshot list``, as the real console prints them."""
        with self._locked_phone():
            saved = list(self._saved.items())
        if not saved:
            return ["There is no snapshot available."]
        header = _SNAPSHOT_COLUMNS % ("ID", "TAG", "VM SIZE", "DATE", "VM CLOCK")
        rows = [_snapshot_row(name, state) for name, state in saved]
        return ["List of snapshots present on all disks:", header, *rows]


def _snapshot_row(name: str, state: SavedState) -> str:
    """One row of the listing (the id of a snapshot present on all disks shows as ``--``)."""
    date = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(state.saved_at))
    seconds, ms = divmod(state.vm_clock_ms, 1000)
    clock = f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}.{ms:03d}"
    return _SNAPSHOT_COLUMNS % ("--", name, _human_size(state.size), date, clock)


def _human_size(size: int) -> str:
    """``size`` bytes as the listing's VM SIZE column writes them: ``999``, ``1.5K``, ``75M``."""
    if size <= 999:
        return str(size)
    base = 1024
    for suffix in "KMG":
        if size < 10 * base:
            return f"{size / base:.1f}{suffix}"
        if size < 1000 * base:
            return f"{(size + base // 2) // base}{suffix}"
        base *= 1024
    return f"{(size + base // 2) // base}T"


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
            if not self.answer(line):
                return

    def answer(self, line: str) -> bool:
        """Answer one command line; False ends the connection."""
        words = line.split()
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
        elif command in phone_commands.COMMANDS:
            rest = line.split(None, 1)[1] if len(words) > 1 else ""
            self.on_phone(phone_commands.COMMANDS[command], rest)
        else:
            self.send(_UNKNOWN)
        return True

    def on_phone(self, command: phone_commands.PhoneCommand, rest: str) -> None:
        """Run a command on the phone (``rest``: the line after the command's name),
        holding the phone's lock."""
        if self.console.locked_phone is None:
            self.send("KO: no virtual device to run the command on")
            return
        with self.console.locked_phone() as phone:
            answer = command(phone, rest)
        self.send(*answer)

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
        """``avd name``, ``avd status``, ``avd id``, ``avd snapshot ...``."""
        sub = args[0].lower() if args else ""
        if sub in ("name", "id"):
            self.send(self.console.avd_name, "OK")
        elif sub == "status":
            self.send("virtual device is running", "OK")
        elif sub == "snapshot":
            self.snapshot(args[1:])
        else:
            self.send(
                "KO: missing sub-command: name, status, id or snapshot" if not sub else _UNKNOWN
            )

    def snapshot(self, args: list[str]) -> None:
        """``avd snapshot list``, ``save <name>``, ``load <name>``, ``delete|del <name>``: the
        name is the rest of the line, as on the real console."""
        sub, name = (args[0].lower() if args else ""), " ".join(args[1:])
        snapshots = self.console.snapshots
        if not sub:
            self.send("KO: missing sub-command: list, save, load or delete")
        elif sub not in _SNAPSHOT_COMMANDS:
            self.send(_UNKNOWN)
        elif sub != "list" and not name:
            self.send(f"KO: Argument missing, try 'avd snapshot {sub} <name>'")
        elif snapshots is None:
            self.send(_NO_PHONE)
        elif sub == "list":
            self.send(*snapshots.listing(), "OK")
        elif sub == "save":
            snapshots.save(name)
            self.send("OK")
        else:
            found = snapshots.load(name) if sub == "load" else snapshots.delete(name)
            self.send("OK" if found else self.no_such_snapshot(name))

    def no_such_snapshot(self, name: str) -> str:
        """The answer to loading or deleting a snapshot never saved, worded as the real
        console's."""
        return f"KO: Device '{self.console.avd_name}' does not have the requested snapshot '{name}'"


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
