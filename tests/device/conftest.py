"""Fixtures for the device tests: a served simulated phone and an AdbDevice on it.

The tests never start a real adb server and never use port 5037: adbutils starts an
``adb`` binary (found through ``ADBUTILS_ADB_PATH`` when it connects) whenever no server
answers, so that variable points at ``/bin/false`` for the whole session, and the served
phones listen on ephemeral ports.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterator

import pytest

from mobile_gym.device.adb import AdbDevice
from mobile_gym.device.adb_link import RetryPolicy
from mobile_gym.sim.adb_server import AdbServer

os.environ["ADBUTILS_ADB_PATH"] = "/bin/false"
for variable in ("ANDROID_ADB_SERVER_PORT", "ANDROID_SERIAL"):
    os.environ.pop(variable, None)

SERIAL = "emulator-5554"
QUICK = RetryPolicy(attempts=3, backoff_s=0.01, timeout_s=5.0)
"""Retries a test does not wait long for (hang tests shorten the timeout further)."""


def factory_reset(server: AdbServer, serial: str = SERIAL) -> Callable[[int], None]:
    """The served phone's ``on_reset``: a factory reset with the env's seed, as the
    in-process phone's ``reset`` does."""

    def reset(seed: int) -> None:
        with server.locked(serial) as phone:
            phone.factory_reset(seed=seed)

    return reset


@pytest.fixture
def server() -> Iterator[AdbServer]:
    with AdbServer(devices=1, seed=0) as served:
        yield served


@pytest.fixture
def device(server: AdbServer) -> Iterator[AdbDevice]:
    adb = AdbDevice(SERIAL, port=server.port, retry=QUICK, on_reset=factory_reset(server))
    yield adb
    adb.close()


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A port that refuses connections: bound (so no one else takes it) but not listening."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        yield holder.getsockname()[1]
