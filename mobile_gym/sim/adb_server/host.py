"""Host services: what the adb server itself answers, and choosing the device a connection talks to.

- ``host:version`` (41), ``host:devices``, ``host:devices-l``, ``host:host-features``,
  ``host:list-forward`` (none), and, for the only device, ``host:features``,
  ``host:get-state``, ``host:get-serialno``, ``host:get-devpath``;
- the same device queries for a chosen device: ``host-serial:SERIAL:...``,
  ``host-transport-id:ID:...``, ``host-any:...``, ``host-local:...``, ``host-usb:...``;
- ``host:wait-for-TRANSPORT-STATE`` (and with a device prefix): ``OKAY`` at once, ``OKAY``
  again when the state is reached;
- ``host:transport:SERIAL``, ``host:transport-id:ID``, ``host:transport-any``,
  ``host:transport-local``, ``host:transport-usb`` and the ``host:tport:serial:SERIAL`` /
  ``host:tport:any`` / ``host:tport:local`` / ``host:tport:usb`` variants (whose ``OKAY`` is
  followed by the 8-byte little-endian transport id): the same connection then carries one
  device service (``mobile_gym.sim.adb_server.services``).

The served phones are emulators, so they are ``local`` transports and never ``usb``.
"""

from __future__ import annotations

import re
import struct
import threading
from dataclasses import dataclass

from mobile_gym.sim.adb_server.device import FEATURES, ServedDevice
from mobile_gym.sim.adb_server.faults import Faults
from mobile_gym.sim.adb_server.protocol import SERVER_VERSION, Channel
from mobile_gym.sim.adb_server.services import serve_device

_WAIT_FOR = re.compile(
    r"wait-for-(any|usb|local)-(device|recovery|rescue|sideload|bootloader|disconnect)"
)
_WAIT_POLL_S = 0.1


@dataclass
class ServerState:
    """What the host services work on: the devices by serial, the faults, the stop flag."""

    devices: dict[str, ServedDevice]
    faults: Faults
    stopping: threading.Event

    def connected(self) -> list[ServedDevice]:
        return [d for d in self.devices.values() if not self.faults.is_disconnected(d.serial)]


class RefusedError(Exception):
    """The request cannot be served; the message is sent with ``FAIL``."""


@dataclass(frozen=True)
class Selector:
    """How a request names its device: ``serial``, ``id`` (transport id), ``any``, ``local``
    or ``usb``."""

    kind: str
    value: str = ""

    def fits(self, device: ServedDevice) -> bool:
        if self.kind == "serial":
            return device.serial == self.value
        if self.kind == "id":
            return str(device.transport_id) == self.value
        return self.kind != "usb"  # every served phone is a local emulator

    def matches(self, state: ServerState) -> list[ServedDevice]:
        """The connected devices this selector could mean (uses up nothing)."""
        return [d for d in state.connected() if self.fits(d)]

    def choose(self, state: ServerState) -> ServedDevice:
        """The device meant; a named device that is disconnected uses up one fault count.

        Raises:
            RefusedError: no such device, none connected, or more than one to choose from.
        """
        if self.kind in ("serial", "id"):
            device = next((d for d in state.devices.values() if self.fits(d)), None)
            if device is None or state.faults.take(device.serial, "disconnect"):
                what = "device" if self.kind == "serial" else "transport id"
                raise RefusedError(f"{what} '{self.value}' not found")
            return device
        candidates = self.matches(state)
        if not candidates:
            raise RefusedError(
                "no devices found" if self.kind == "usb" else "no devices/emulators found"
            )
        if len(candidates) > 1:
            raise RefusedError("more than one device/emulator")
        return candidates[0]


_PREFIXES = {"host-any:": "any", "host-local:": "local", "host-usb:": "usb"}
_TRANSPORTS = {
    "transport-any": ("any", False),
    "transport-local": ("local", False),
    "transport-usb": ("usb", False),
    "tport:any": ("any", True),
    "tport:local": ("local", True),
    "tport:usb": ("usb", True),
}


def serve_host(state: ServerState, channel: Channel, request: str) -> None:
    """Answer one request that opens a connection."""
    try:
        if request.startswith("host:"):
            _host(state, channel, request[len("host:") :])
            return
        for prefix, kind in _PREFIXES.items():
            if request.startswith(prefix):
                _device_query(state, channel, Selector(kind), request[len(prefix) :])
                return
        if request.startswith("host-serial:"):
            serial, query = _split_serial(state, request[len("host-serial:") :])
            _device_query(state, channel, Selector("serial", serial), query)
        elif request.startswith("host-transport-id:"):
            tid, _, query = request[len("host-transport-id:") :].partition(":")
            _device_query(state, channel, Selector("id", tid), query)
        else:
            raise RefusedError(f"unknown host service: {request}")
    except RefusedError as refusal:
        channel.fail(str(refusal))


def _split_serial(state: ServerState, rest: str) -> tuple[str, str]:
    """``SERIAL:QUERY``; a serial may itself hold colons (``127.0.0.1:5555``)."""
    for serial in state.devices:
        if rest.startswith(serial + ":"):
            return serial, rest[len(serial) + 1 :]
    serial, _, query = rest.rpartition(":")
    return serial, query


def _host(state: ServerState, channel: Channel, query: str) -> None:
    if query == "version":
        channel.okay_block(f"{SERVER_VERSION:04x}")
    elif query in ("devices", "devices-l"):
        long = query == "devices-l"
        lines = [
            f"{d.serial:<22} device {d.device_tags()}" if long else f"{d.serial}\tdevice"
            for d in state.connected()
        ]
        channel.okay_block("".join(line + "\n" for line in lines))
    elif query == "host-features":
        channel.okay_block(",".join(FEATURES))
    elif query == "kill":
        raise RefusedError("the simulated phones' server is stopped by its owner, not by clients")
    elif query.startswith("transport:"):
        _transport(state, channel, Selector("serial", query[len("transport:") :]), False)
    elif query.startswith("transport-id:"):
        _transport(state, channel, Selector("id", query[len("transport-id:") :]), False)
    elif query.startswith("tport:serial:"):
        _transport(state, channel, Selector("serial", query[len("tport:serial:") :]), True)
    elif query in _TRANSPORTS:
        kind, with_id = _TRANSPORTS[query]
        _transport(state, channel, Selector(kind), with_id)
    else:
        _device_query(state, channel, Selector("any"), query)


def _device_query(state: ServerState, channel: Channel, selector: Selector, query: str) -> None:
    wait = _WAIT_FOR.fullmatch(query)
    if wait:
        _wait_for(state, channel, selector, wait.group(1), wait.group(2))
        return
    if query == "list-forward":
        channel.okay_block("")
        return
    answers = {
        "features": lambda d: ",".join(FEATURES),
        "get-state": lambda d: "device",
        "get-serialno": lambda d: d.serial,
        "get-devpath": lambda d: "unknown",
    }
    if query not in answers:
        raise RefusedError(f"unknown host service: {query}")
    channel.okay_block(answers[query](selector.choose(state)))


def _wait_for(
    state: ServerState, channel: Channel, selector: Selector, transport: str, wanted: str
) -> None:
    channel.okay()

    def reached() -> bool:
        present = transport != "usb" and bool(selector.matches(state))
        return present if wanted == "device" else (wanted == "disconnect" and not present)

    while not reached():
        if channel.client_gone() or state.stopping.wait(_WAIT_POLL_S):
            return
    channel.okay()


def _transport(state: ServerState, channel: Channel, selector: Selector, with_id: bool) -> None:
    device = selector.choose(state)
    channel.okay(struct.pack("<Q", device.transport_id) if with_id else b"")
    serve_device(device, state.faults, state.stopping, channel, channel.read_request())
