"""The services a connection can open on a device once its transport is chosen.

- ``shell:CMD`` (v1) and ``exec:CMD``: stdout and stderr as raw bytes until the connection
  closes; no exit status.
- ``shell,v2,...:CMD``: packets of a 1-byte id, a 4-byte little-endian length and the
  payload: 1 stdout, 2 stderr, 3 the exit status from the phone; 0 stdin, 4 its end and 5 a
  window size from the client. A command that reads standard input (``cat``, ``grep``,
  ``head`` at the head of a pipeline, without files to read) gets what the client sends
  until it closes stdin (``echo hi | adb shell cat``); window size changes are ignored. v1
  and ``exec`` read no standard input: such a command meets its end at once.
- ``sync:``: file transfer (``mobile_gym.sim.adb_server.sync``).
- ``root:`` and ``unroot:`` (``adb root``): the shell runs as root, and stays so.
- ``framebuffer:``: the screen, as described in ``mobile_gym.sim.adb_server.framebuffer``.
"""

from __future__ import annotations

import struct
import threading

from mobile_gym.sim.adb_server.device import ServedDevice
from mobile_gym.sim.adb_server.faults import Faults
from mobile_gym.sim.adb_server.protocol import Channel, ClientGoneError
from mobile_gym.sim.adb_server.shell.runtime import Shell
from mobile_gym.sim.adb_server.sync import serve_sync

STDIN, STDOUT, STDERR, EXIT, CLOSE_STDIN = 0, 1, 2, 3, 4
_MAX_PACKET = 65536
_MAX_STDIN = 64 << 20
"""The most standard input a command is given (what the client sends past it is dropped)."""


class RawOutput:
    """Shell v1 and exec: both streams go to the connection as they are."""

    def __init__(self, channel: Channel) -> None:
        self.channel = channel

    def stdout(self, data: bytes) -> None:
        self.channel.send(data)

    def stderr(self, data: bytes) -> None:
        self.channel.send(data)

    def client_gone(self) -> bool:
        return self.channel.client_gone()

    def stdin(self) -> bytes:
        """v1 and exec read no standard input: it ends at once."""
        return b""

    def exit(self, status: int) -> None:
        """v1 has no way to report the exit status."""


class PacketOutput(RawOutput):
    """Shell v2: stdout, stderr and the exit status in separate packets."""

    def _packet(self, kind: int, data: bytes) -> None:
        for start in range(0, len(data), _MAX_PACKET):
            chunk = data[start : start + _MAX_PACKET]
            self.channel.send(struct.pack("<BI", kind, len(chunk)) + chunk)

    def stdout(self, data: bytes) -> None:
        self._packet(STDOUT, data)

    def stderr(self, data: bytes) -> None:
        self._packet(STDERR, data)

    def stdin(self) -> bytes:
        """What the client sends as standard input, up to its close-stdin packet (or until
        it leaves)."""
        data = bytearray()
        try:
            while True:
                kind, length = struct.unpack("<BI", self.channel.read_exact(5))
                payload = self.channel.read_exact(length)
                if kind == CLOSE_STDIN:
                    break
                if kind == STDIN and len(data) + len(payload) <= _MAX_STDIN:
                    data += payload
        except ClientGoneError:
            pass
        return bytes(data)

    def exit(self, status: int) -> None:
        self._packet(EXIT, bytes([status & 0xFF]))


def serve_device(
    device: ServedDevice,
    faults: Faults,
    stopping: threading.Event,
    channel: Channel,
    request: str,
) -> None:
    """Run the service ``request`` on ``device`` over ``channel``."""
    service, colon, argument = request.partition(":")
    options = service.split(",")
    if colon and options[0] == "shell":
        output = PacketOutput(channel) if "v2" in options[1:] else RawOutput(channel)
        _shell(device, faults, stopping, channel, argument, output)
    elif colon and service == "exec":
        _shell(device, faults, stopping, channel, argument, RawOutput(channel))
    elif request == "sync:":
        channel.okay()
        serve_sync(device, channel)
    elif request in ("root:", "unroot:"):  # its shell is root, and stays so
        channel.okay()
        channel.send(
            b"adbd is already running as root\n"
            if request == "root:"
            else b"adbd cannot run as non root on the simulated phone\n"
        )
    elif request == "framebuffer:":
        channel.okay()
        with device.lock:
            data = device.screen.framebuffer()
        channel.send(data)
    else:
        channel.fail(f"unsupported service on the simulated phone: {request}")


def _shell(
    device: ServedDevice,
    faults: Faults,
    stopping: threading.Event,
    channel: Channel,
    command: str,
    output: RawOutput,
) -> None:
    if not command.strip():
        channel.fail("the simulated phone has no interactive shell; give a command to run")
        return
    # taken before OKAY: a command the client already saw accepted (a logcat stream opened
    # earlier) cannot take a hang armed after that
    hangs = faults.take(device.serial, "hang")
    channel.okay()
    if hangs:
        channel.wait_until_gone()
        return
    status = Shell(device, faults, output, stopping).run(command)
    output.exit(status)
