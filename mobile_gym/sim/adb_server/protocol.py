"""Framing of the adb server's smart-socket protocol on one client connection.

A request is four lowercase hex digits giving its length, then the request text. The reply
starts with ``OKAY`` or with ``FAIL`` followed by a hex-length-prefixed message; host queries
answer with a hex-length-prefixed block. A connection ends in order (write side shut, the
client's remaining bytes drained, then closed) so clients read everything and see no reset.
A client that sends nothing for the idle timeout while the server waits for its bytes is
treated as gone; the server writing to a client that is slow to read is never cut.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator

SERVER_VERSION = 41
"""The adb server version spoken; the ``adb`` command line kills a server of any other."""
MAX_REQUEST = 0xFFFF
_DRAIN_S = 2.0
_RECV = 65536


class ClientGoneError(Exception):
    """The client closed its side (or the connection broke) before the exchange ended."""


class IdleError(ClientGoneError):
    """The client sent nothing for the idle timeout while the server waited for its bytes."""


class ProtocolError(Exception):
    """The client sent something the protocol does not allow; the message says what."""


def hex_block(data: bytes) -> bytes:
    """``data`` prefixed with its length as four hex digits."""
    if len(data) > MAX_REQUEST:
        raise ValueError(f"a length-prefixed block holds at most {MAX_REQUEST} bytes")
    return f"{len(data):04x}".encode("ascii") + data


class Channel:
    """One accepted client connection.

    Args:
        sock: the connected socket (blocking).
        stopping: set when the server shuts down; waits on this channel then end.
        idle_timeout_s: how long a read waits for the client's next bytes before the
            connection counts as gone (``IdleError``); None waits for ever.
    """

    def __init__(
        self,
        sock: socket.socket,
        stopping: threading.Event,
        idle_timeout_s: float | None = None,
    ) -> None:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # small replies go out at once
        self.sock = sock
        self.stopping = stopping
        self.idle_timeout_s = idle_timeout_s
        self._gone = False

    @contextlib.contextmanager
    def _reading_within(self, timeout_s: float | None) -> Iterator[None]:
        """Reads give up after ``timeout_s`` (0: at once); writes elsewhere stay unbounded."""
        self.sock.settimeout(timeout_s)
        try:
            yield
        finally:
            self.sock.settimeout(None)

    # reading --------------------------------------------------------------------------------
    def read_exact(self, n: int) -> bytes:
        """Exactly ``n`` bytes; ClientGoneError if the client closes first."""
        chunks = []
        left = n
        while left:
            try:
                with self._reading_within(self.idle_timeout_s):
                    chunk = self.sock.recv(min(left, _RECV))
            except TimeoutError as exc:
                raise IdleError(f"the client sent nothing for {self.idle_timeout_s:g} s") from exc
            except OSError as exc:
                raise ClientGoneError(str(exc)) from exc
            if not chunk:
                self._gone = True
                raise ClientGoneError("the client closed the connection")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def read_request(self) -> str:
        """The next request: four hex digits of length, then that many bytes of UTF-8."""
        head = self.read_exact(4)
        if not all(c in b"0123456789abcdefABCDEF" for c in head):
            raise ProtocolError(f"bad request length {head!r}: expected 4 hex digits")
        body = self.read_exact(int(head, 16))
        try:
            return body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ProtocolError("the request is not UTF-8") from exc

    def client_gone(self) -> bool:
        """Whether the client has closed its side; input waiting meanwhile is discarded.

        Never blocks, and works for any descriptor number (``select`` stops at 1024). Used by
        services that run until the client leaves (a streaming ``logcat``, a hung command).
        """
        if self._gone:
            return True
        try:
            with self._reading_within(0):
                while self.sock.recv(_RECV):
                    pass
            self._gone = True
        except BlockingIOError:
            pass  # nothing waiting: the client is still there
        except OSError:
            self._gone = True
        return self._gone

    def wait_until_gone(self, poll_s: float = 0.1) -> None:
        """Block until the client leaves or the server stops (the reply that never comes)."""
        while not self.client_gone() and not self.stopping.wait(poll_s):
            pass

    # writing --------------------------------------------------------------------------------
    def send(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except OSError as exc:
            self._gone = True
            raise ClientGoneError(str(exc)) from exc

    def okay(self, payload: bytes = b"") -> None:
        self.send(b"OKAY" + payload)

    def fail(self, message: str) -> None:
        self.send(b"FAIL" + hex_block(message.encode("utf-8")[:MAX_REQUEST]))

    def okay_block(self, text: str) -> None:
        """``OKAY`` and a hex-length-prefixed answer (host queries)."""
        self.send(b"OKAY" + hex_block(text.encode("utf-8")))

    def close(self) -> None:
        """End in order: shut the write side, drain what the client still sends, close."""
        try:
            self.sock.shutdown(socket.SHUT_WR)
            self.sock.settimeout(_DRAIN_S)
            while self.sock.recv(_RECV):
                pass
        except OSError:
            pass
        finally:
            self.sock.close()
