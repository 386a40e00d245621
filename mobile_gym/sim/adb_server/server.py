"""``AdbServer``: simulated phones served on 127.0.0.1 over the adb server protocol.

One thread accepts connections and one thread serves each connection; each phone has its
own lock, so clients of different phones run side by side and every phone stays
single-threaded. ``stop`` closes the listener, ends every connection (hung commands and
followed logs included) and waits for the threads.

The server holds up under load: when ``accept()`` fails (out of file descriptors, say) it
waits a little and tries again, so clients queued meanwhile are served once the shortage
ends; a client over the connection limit gets ``FAIL too many connections (limit N)`` at
once; a connection that sends nothing for the idle timeout while the server waits for its
request is closed and frees its place (a stream the server is writing is never cut).
"""

from __future__ import annotations

import contextlib
import logging
import signal
import socket
import threading
from collections.abc import Callable, Iterator, Sequence

from mobile_gym.checks import check_int, check_number
from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server.accepting import AcceptBackoff
from mobile_gym.sim.adb_server.device import ServedDevice, emulator_serial
from mobile_gym.sim.adb_server.faults import Faults
from mobile_gym.sim.adb_server.host import ServerState, serve_host
from mobile_gym.sim.adb_server.protocol import Channel, ClientGoneError, ProtocolError

HOST = "127.0.0.1"
MAX_DEVICES = 64
"""Emulator serials run from emulator-5554 to emulator-5680."""
DEFAULT_MAX_CONNECTIONS = 256
DEFAULT_IDLE_TIMEOUT_S = 300.0
_JOIN_S = 5.0
log = logging.getLogger(__name__)


class AdbServer:
    """Serves simulated phones to ADB clients (``adb``, adbutils, agent frameworks).

    Args:
        devices: how many phones to serve (default 1, or ``len(phones)``).
        port: TCP port on 127.0.0.1; 0 picks a free one (read it from ``port`` after
            ``start``).
        seed: the seed every new phone boots with.
        phones: serve these phones instead of new ones.
        display: the new phones' display, a device profile (``small_phone``...; default
            the Pixel 7's).
        root: whether the phones' shells may do what needs root (``date`` setting the
            clock), as an emulator's may after ``adb root``; False serves shells that are
            refused as on a production phone.
        max_connections: how many connections are served at once; a client over the limit
            gets ``FAIL`` and is closed.
        idle_timeout_s: seconds a connection may send nothing while the server waits for
            its next request (or the rest of one) before it is closed; None never closes it.
        serials: the serials to serve the phones as (default ``emulator-5554``,
            ``emulator-5556``, ...), one per phone.

    Raises:
        ValueError: a device count outside 1..64, a port outside 0..65535, ``devices``
            disagreeing with ``phones``, a connection limit under 1 or an idle timeout that
            is not a positive number of seconds, serials that are not one distinct serial
            per phone, or an unknown display.
    """

    def __init__(
        self,
        devices: int | None = None,
        *,
        port: int = 0,
        seed: int = 0,
        phones: Sequence[Phone] | None = None,
        display: str | None = None,
        root: bool = True,
        max_connections: int = DEFAULT_MAX_CONNECTIONS,
        idle_timeout_s: float | None = DEFAULT_IDLE_TIMEOUT_S,
        serials: Sequence[str] | None = None,
    ) -> None:
        if phones is not None:
            phones = list(phones)
            if devices is not None and devices != len(phones):
                raise ValueError(f"devices={devices} but {len(phones)} phones were given")
            devices = len(phones)
        devices = 1 if devices is None else devices
        check_int("devices", devices, 1, MAX_DEVICES)
        check_int("port", port, 0, 65535)
        self.max_connections = check_int("max_connections", max_connections, 1)
        self.idle_timeout_s = None if idle_timeout_s is None else _positive_seconds(idle_timeout_s)
        if phones is None:
            phones = [Phone(seed=seed, display=display) for _ in range(devices)]
        serials = (
            [emulator_serial(i) for i in range(len(phones))] if serials is None else list(serials)
        )
        if len(serials) != len(phones) or len(set(serials)) != len(serials):
            raise ValueError(f"need {len(phones)} distinct serials, got {list(serials)}")
        pairs = enumerate(zip(serials, phones, strict=True))
        served = [ServedDevice(serial, i + 1, phone, root) for i, (serial, phone) in pairs]
        self._requested_port = port
        self.faults = Faults(d.serial for d in served)
        self._state = ServerState({d.serial: d for d in served}, self.faults, threading.Event())
        self._listener: socket.socket | None = None
        self._port: int | None = None
        self._accepting: threading.Thread | None = None
        self._connections: dict[threading.Thread, socket.socket] = {}
        """The connections served, by the thread serving each."""
        self._refusals: dict[threading.Thread, socket.socket] = {}
        """The connections over the limit, by the thread telling each so."""
        self._refusing = False
        self._lock = threading.Lock()

    # lifecycle ----------------------------------------------------------------------------------
    def start(self) -> AdbServer:
        """Listen and serve in background threads (once per server).

        Raises:
            RuntimeError: already started.
            OSError: the port cannot be bound (in use, say).
        """
        if self._listener is not None or self._state.stopping.is_set():
            raise RuntimeError("an AdbServer starts once")
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind((HOST, self._requested_port))
        except OSError as exc:
            listener.close()
            raise OSError(
                exc.errno, f"cannot listen on {HOST}:{self._requested_port}: {exc.strerror}"
            ) from exc
        listener.listen(socket.SOMAXCONN)
        self._listener = listener
        self._port = listener.getsockname()[1]
        self._accepting = threading.Thread(
            target=self._accept_loop, name=f"adb-server:{self._port}", daemon=True
        )
        self._accepting.start()
        return self

    def stop(self) -> None:
        """Stop serving: close the listener and every connection, wait for the threads."""
        state = self._state
        if state.stopping.is_set():
            return
        state.stopping.set()
        if self._listener is None:
            return
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        if self._accepting is not None:
            self._accepting.join(_JOIN_S)
        with self._lock:
            connections = {**self._connections, **self._refusals}
        for sock in connections.values():
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        for device in state.devices.values():
            with device.changed:
                device.changed.notify_all()
        for thread in connections:
            thread.join(_JOIN_S)

    def __enter__(self) -> AdbServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # what clients and tests look at --------------------------------------------------------------
    @property
    def port(self) -> int:
        """The TCP port the server listens on (known once started)."""
        if self._port is None:
            raise RuntimeError("the server is not started; call start() first")
        return self._port

    @property
    def serials(self) -> list[str]:
        """Serials of the served phones, in order: emulator-5554, emulator-5556, ..."""
        return list(self._state.devices)

    def phone(self, serial: str) -> Phone:
        """The phone served as ``serial`` (hold ``locked(serial)`` while clients are busy)."""
        return self._device(serial).phone

    @contextlib.contextmanager
    def locked(self, serial: str) -> Iterator[Phone]:
        """The phone served as ``serial``, with no client command running on it meanwhile."""
        device = self._device(serial)
        with device.changed:
            yield device.phone
            device.changed.notify_all()

    def _device(self, serial: str) -> ServedDevice:
        device = self._state.devices.get(serial)
        if device is None:
            raise ValueError(f"no served device {serial!r}; devices: {', '.join(self.serials)}")
        return device

    # serving ---------------------------------------------------------------------------------------
    def _accept_loop(self) -> None:
        """Accept until ``stop``; a failed ``accept()`` is waited out and tried again."""
        listener = self._listener
        assert listener is not None
        stopping = self._state.stopping
        backoff = AcceptBackoff()
        while not stopping.is_set():
            try:
                sock, _ = listener.accept()
            except OSError as exc:
                if not stopping.is_set():  # stop() closing the listener ends the loop
                    stopping.wait(backoff.failed(exc))
                continue
            backoff.succeeded()
            self._admit(sock)

    def _admit(self, sock: socket.socket) -> None:
        """Serve ``sock`` on a thread of its own, or refuse it if the limit is reached."""
        with self._lock:
            if self._state.stopping.is_set():
                sock.close()
                return
            full = len(self._connections) >= self.max_connections
            registry = self._refusals if full else self._connections
            thread = threading.Thread(
                target=self._converse,
                args=(sock, registry, self._refuse if full else self._serve),
                daemon=True,
            )
            registry[thread] = sock
            first_refusal, self._refusing = full and not self._refusing, full
        if first_refusal:
            log.warning(
                "%d ADB connections open, the limit; refusing new clients until one closes",
                self.max_connections,
            )
        try:
            thread.start()
        except RuntimeError as exc:  # the process cannot start another thread
            log.warning("cannot serve an ADB connection: %s", exc)
            with self._lock:
                registry.pop(thread, None)
            sock.close()

    def _serve(self, channel: Channel) -> None:
        serve_host(self._state, channel, channel.read_request())

    def _refuse(self, channel: Channel) -> None:
        channel.fail(f"too many connections (limit {self.max_connections}); try again later")

    def _converse(
        self,
        sock: socket.socket,
        registry: dict[threading.Thread, socket.socket],
        body: Callable[[Channel], None],
    ) -> None:
        """Run ``body`` on the connection, end it in order and free its place."""
        channel = Channel(sock, self._state.stopping, self.idle_timeout_s)
        try:
            body(channel)
        except ClientGoneError:
            pass
        except ProtocolError as exc:
            with contextlib.suppress(ClientGoneError):
                channel.fail(str(exc))
        except Exception:
            log.exception("serving an ADB connection failed")
        finally:
            channel.close()
            with self._lock:
                registry.pop(threading.current_thread(), None)


MAX_IDLE_TIMEOUT_S = 86_400.0
"""The longest idle timeout: a day. It frees the slot of a client that went away without
closing; one silent for a day is gone (and far longer ones overflow the socket's timeout)."""


def _positive_seconds(value: object) -> float:
    """``value`` as a float if it is a number of seconds above 0 and at most
    ``MAX_IDLE_TIMEOUT_S``, else ValueError."""
    try:
        seconds = check_number("idle_timeout_s", value, 0, MAX_IDLE_TIMEOUT_S)
    except ValueError:
        seconds = 0.0
    if seconds == 0:
        raise ValueError(
            f"idle_timeout_s must be a number of seconds above 0 and at most "
            f"{MAX_IDLE_TIMEOUT_S:g}, or None, got {value!r}"
        )
    return seconds


def serve_until_stopped(
    devices: int,
    port: int,
    seed: int,
    announce: Callable[[str], None],
    *,
    max_connections: int = DEFAULT_MAX_CONNECTIONS,
    idle_timeout_s: float | None = DEFAULT_IDLE_TIMEOUT_S,
    display: str | None = None,
) -> None:
    """Serve until Ctrl-C or SIGTERM (the ``mobile-gym serve-adb`` command)."""
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    server = AdbServer(
        devices,
        port=port,
        seed=seed,
        display=display,
        max_connections=max_connections,
        idle_timeout_s=idle_timeout_s,
    )
    with server:
        announce(
            f"Serving {devices} simulated phone(s) on {HOST}:{server.port}: "
            f"{', '.join(server.serials)}"
        )
        announce(f"Try: adb -H {HOST} -P {server.port} devices   (Ctrl-C stops)")
        try:
            while not done.wait(0.5):
                pass
        except KeyboardInterrupt:
            pass
