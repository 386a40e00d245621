"""The ``sync:`` service: stat, list, pull and push files, several requests per connection.

Each request is a 4-byte id and a 4-byte little-endian length, then a path of that length:

- ``STAT`` -> ``STAT`` + mode, size, mtime (uint32 each; all zero when the path is missing);
- ``LIST`` -> one ``DENT`` (mode, size, mtime, name length, name) per entry, ``.`` and ``..``
  first, then ``DONE`` and 16 zero bytes;
- ``RECV`` -> ``DATA`` chunks of at most 64 KiB, then ``DONE``; ``FAIL`` + length + reason if
  the file cannot be read;
- ``SEND`` (path ``PATH,MODE``) then the client's ``DATA`` chunks and ``DONE`` + mtime ->
  ``OKAY`` (or ``FAIL`` + reason) followed by 4 zero bytes;
- ``QUIT`` ends the session, as does the client closing. After a ``FAIL`` the session ends.
"""

from __future__ import annotations

import posixpath
import struct

from mobile_gym.sim.adb_server.device import ServedDevice
from mobile_gym.sim.adb_server.files import MISSING, FileStat, describe
from mobile_gym.sim.adb_server.protocol import Channel, ClientGoneError

MAX_PATH = 1024
MAX_CHUNK = 64 * 1024
_ZERO32 = b"\0\0\0\0"


class _SyncError(Exception):
    """A request that cannot be served: ``FAIL`` with this reason, and the session ends."""


def serve_sync(device: ServedDevice, channel: Channel) -> None:
    """Answer sync requests until ``QUIT``, the client closing, or a failure."""
    handlers = {b"STAT": _stat, b"LIST": _list, b"RECV": _recv, b"SEND": _send}
    while True:
        try:
            ident, length = _header(channel)
        except ClientGoneError:
            return
        try:
            if ident == b"QUIT":
                return
            handler = handlers.get(ident)
            if handler is None:
                raise _SyncError(f"unknown sync request {ident!r}")
            if length > MAX_PATH:
                raise _SyncError(f"path too long ({length} bytes; at most {MAX_PATH})")
            try:
                path = channel.read_exact(length).decode("utf-8")
            except UnicodeDecodeError:
                raise _SyncError("the path is not UTF-8") from None
            handler(device, channel, path)
        except _SyncError as failure:
            reason = str(failure).encode("utf-8")
            channel.send(b"FAIL" + struct.pack("<I", len(reason)) + reason)
            return


def _header(channel: Channel) -> tuple[bytes, int]:
    data = channel.read_exact(8)
    return data[:4], struct.unpack("<I", data[4:])[0]


def _stat_of(device: ServedDevice, path: str) -> FileStat:
    try:
        return device.files.stat(path)
    except ValueError:  # not an absolute path
        return MISSING


def _stat(device: ServedDevice, channel: Channel, path: str) -> None:
    with device.lock:
        info = _stat_of(device, path)
    channel.send(b"STAT" + struct.pack("<3I", info.mode, info.size, info.mtime))


def _dent(name: str, info: FileStat) -> bytes:
    raw = name.encode("utf-8")
    return b"DENT" + struct.pack("<4I", info.mode, info.size, info.mtime, len(raw)) + raw


def _list(device: ServedDevice, channel: Channel, path: str) -> None:
    records = []
    with device.lock:
        info = _stat_of(device, path)
        if info.is_dir:
            parent = _stat_of(device, posixpath.dirname(path.rstrip("/")) or "/")
            records = [_dent(".", info), _dent("..", parent)]
            for name in device.files.list_dir(path):
                records.append(_dent(name, device.files.stat(posixpath.join(path, name))))
    channel.send(b"".join(records) + b"DONE" + bytes(16))


def _recv(device: ServedDevice, channel: Channel, path: str) -> None:
    with device.lock:
        try:
            data = device.files.read(path)
        except (OSError, ValueError) as exc:
            raise _SyncError(f"{path}: {describe(exc)}") from None
    for start in range(0, len(data), MAX_CHUNK):
        chunk = data[start : start + MAX_CHUNK]
        channel.send(b"DATA" + struct.pack("<I", len(chunk)) + chunk)
    channel.send(b"DONE" + _ZERO32)


def _send(device: ServedDevice, channel: Channel, spec: str) -> None:
    path, comma, mode = spec.rpartition(",")
    if not comma or not mode.isdigit():
        raise _SyncError(f"SEND needs PATH,MODE, got {spec!r}")
    chunks = []
    while True:
        ident, length = _header(channel)
        if ident == b"DONE":
            break
        if ident != b"DATA":
            raise _SyncError(f"expected DATA or DONE during SEND, got {ident!r}")
        if length > MAX_CHUNK:
            raise _SyncError(f"DATA chunk of {length} bytes is over {MAX_CHUNK}")
        chunks.append(channel.read_exact(length))
    with device.lock:
        try:
            device.files.write(path, b"".join(chunks))
        except (OSError, ValueError) as exc:
            raise _SyncError(f"{path}: {describe(exc)}") from None
        finally:
            device.changed.notify_all()
    channel.send(b"OKAY" + _ZERO32)
