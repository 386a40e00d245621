"""A minimal ADB client over a raw socket, to test the wire protocol byte by byte."""

from __future__ import annotations

import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class ShellResult:
    """What a shell v2 command produced."""

    stdout: bytes
    stderr: bytes
    status: int


class RawConnection:
    """One connection to the server."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> RawConnection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send_request(self, text: str) -> None:
        data = text.encode()
        self.sock.sendall(f"{len(data):04x}".encode() + data)

    def read_exact(self, n: int) -> bytes:
        out = bytearray()
        while len(out) < n:
            chunk = self.sock.recv(min(n - len(out), 1 << 20))
            if not chunk:
                raise EOFError(f"connection closed after {len(out)} of {n} bytes")
            out += chunk
        return bytes(out)

    def read_all(self) -> bytes:
        chunks = []
        while chunk := self.sock.recv(65536):
            chunks.append(chunk)
        return b"".join(chunks)

    def status(self) -> tuple[str, str]:
        """``("OKAY", "")`` or ``("FAIL", message)``."""
        head = self.read_exact(4).decode()
        if head == "FAIL":
            return head, self.block()
        return head, ""

    def block(self) -> str:
        return self.read_exact(int(self.read_exact(4), 16)).decode()

    def request(self, text: str) -> tuple[str, str]:
        self.send_request(text)
        return self.status()

    def transport(self, serial: str) -> None:
        assert self.request(f"host:transport:{serial}") == ("OKAY", "")


def host_query(port: int, text: str) -> str:
    """OKAY and the hex-length block of a one-shot host query."""
    with RawConnection(port) as conn:
        assert conn.request(text) == ("OKAY", "")
        return conn.block()


def host_failure(port: int, text: str) -> str:
    with RawConnection(port) as conn:
        status, message = conn.request(text)
        assert status == "FAIL"
        return message


def shell_v1(port: int, serial: str, command: str, service: str = "shell") -> bytes:
    with RawConnection(port) as conn:
        conn.transport(serial)
        assert conn.request(f"{service}:{command}") == ("OKAY", "")
        return conn.read_all()


def shell_v2(port: int, serial: str, command: str) -> ShellResult:
    with RawConnection(port) as conn:
        conn.transport(serial)
        assert conn.request(f"shell,v2,raw:{command}") == ("OKAY", "")
        streams = {1: b"", 2: b""}
        while True:
            kind, length = struct.unpack("<BI", conn.read_exact(5))
            payload = conn.read_exact(length)
            if kind == 3:
                assert conn.read_all() == b""
                return ShellResult(streams[1], streams[2], payload[0])
            streams[kind] += payload


class SyncSession:
    """A ``sync:`` connection; requests can follow one another on it."""

    def __init__(self, port: int, serial: str) -> None:
        self.conn = RawConnection(port)
        self.conn.transport(serial)
        assert self.conn.request("sync:") == ("OKAY", "")

    def _request(self, ident: bytes, path: str) -> None:
        raw = path.encode()
        self.conn.sock.sendall(ident + struct.pack("<I", len(raw)) + raw)

    def stat(self, path: str) -> tuple[int, int, int]:
        self._request(b"STAT", path)
        assert self.conn.read_exact(4) == b"STAT"
        return struct.unpack("<3I", self.conn.read_exact(12))

    def list(self, path: str) -> dict[str, tuple[int, int]]:
        self._request(b"LIST", path)
        entries = {}
        while True:
            ident = self.conn.read_exact(4)
            mode, size, _, length = struct.unpack("<4I", self.conn.read_exact(16))
            if ident == b"DONE":
                return entries
            assert ident == b"DENT"
            entries[self.conn.read_exact(length).decode()] = (mode, size)

    def recv(self, path: str) -> bytes:
        """The file's bytes; raises RuntimeError with the server's reason on FAIL."""
        self._request(b"RECV", path)
        data = b""
        while True:
            ident = self.conn.read_exact(4)
            (length,) = struct.unpack("<I", self.conn.read_exact(4))
            if ident == b"DONE":
                return data
            payload = self.conn.read_exact(length)
            if ident == b"FAIL":
                raise RuntimeError(payload.decode())
            assert ident == b"DATA"
            assert length <= 64 * 1024
            data += payload

    def send(self, path: str, data: bytes, mode: int = 0o100644, chunk: int = 4096) -> str:
        """Push ``data``; ``"OKAY"`` or the FAIL reason."""
        self._request(b"SEND", f"{path},{mode}")
        for start in range(0, len(data), chunk):
            piece = data[start : start + chunk]
            self.conn.sock.sendall(b"DATA" + struct.pack("<I", len(piece)) + piece)
        self.conn.sock.sendall(b"DONE" + struct.pack("<I", 1_700_000_000))
        ident = self.conn.read_exact(4)
        (length,) = struct.unpack("<I", self.conn.read_exact(4))
        return "OKAY" if ident == b"OKAY" else self.conn.read_exact(length).decode()

    def quit(self) -> bytes:
        """QUIT, then what the server still sends before closing (nothing)."""
        self.conn.sock.sendall(b"QUIT" + bytes(4))
        rest = self.conn.read_all()
        self.conn.close()
        return rest


Run = Callable[[str], ShellResult]
"""A shell line run on the served phone (the ``sh`` fixture)."""


def ok(result: ShellResult) -> str:
    """The standard output of a command that must have succeeded with nothing on stderr."""
    assert (result.status, result.stderr) == (0, b""), result
    return result.stdout.decode()
