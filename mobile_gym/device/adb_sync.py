"""The ADB sync protocol on an open ``sync:`` connection: STAT, RECV, SEND and QUIT.

Requests are a 4-byte id, a little-endian 32-bit length and the path; several requests share
one connection (a database and its ``-wal`` file are read in one round of requests, where
adbutils' ``Sync`` opens a connection, and asks the server's version, for each).
"""

from __future__ import annotations

import struct
import time

from adbutils import AdbConnection

MAX_CHUNK = 64 * 1024
"""The largest DATA chunk the protocol allows."""


class SyncRefusedError(Exception):
    """The device answered a sync request with FAIL (no permission, not a file, ...)."""


def _request(conn: AdbConnection, ident: bytes, payload: bytes) -> None:
    conn.conn.sendall(ident + struct.pack("<I", len(payload)) + payload)


def _header(conn: AdbConnection) -> tuple[bytes, int]:
    ident, length = struct.unpack("<4sI", conn.read_exact(8))
    return ident, length


def _refusal(conn: AdbConnection, length: int) -> SyncRefusedError:
    return SyncRefusedError(conn.read_exact(length).decode("utf-8", errors="replace"))


def stat(conn: AdbConnection, path: str) -> tuple[int, int, int]:
    """(mode, size, mtime) of ``path``; all zero when there is no such file."""
    _request(conn, b"STAT", path.encode("utf-8"))
    ident, mode, size, mtime = struct.unpack("<4sIII", conn.read_exact(16))
    if ident != b"STAT":
        raise ValueError(f"sync STAT answered {ident!r}")
    return mode, size, mtime


def receive(conn: AdbConnection, path: str) -> bytes:
    """The content of the file ``path``."""
    _request(conn, b"RECV", path.encode("utf-8"))
    chunks = []
    while True:
        ident, length = _header(conn)
        if ident == b"DONE":
            return b"".join(chunks)
        if ident == b"FAIL":
            raise _refusal(conn, length)
        if ident != b"DATA" or length > MAX_CHUNK:
            raise ValueError(f"sync RECV sent {ident!r} of {length} bytes")
        chunks.append(conn.read_exact(length))


def send(conn: AdbConnection, path: str, data: bytes, mode: int) -> None:
    """Write ``data`` to the file ``path`` (regular file, permission bits ``mode``, modified
    now)."""
    _request(conn, b"SEND", f"{path},{0o100000 | mode}".encode())
    for start in range(0, len(data), MAX_CHUNK):
        _request(conn, b"DATA", data[start : start + MAX_CHUNK])
    conn.conn.sendall(b"DONE" + struct.pack("<I", int(time.time())))
    ident, length = _header(conn)
    if ident == b"FAIL":
        raise _refusal(conn, length)
    if ident != b"OKAY":
        raise ValueError(f"sync SEND answered {ident!r}")


def finish(conn: AdbConnection) -> None:
    """QUIT: the device closes the sync session."""
    _request(conn, b"QUIT", b"")
