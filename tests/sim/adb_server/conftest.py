"""Fixtures for the ADB server tests: a served phone on an ephemeral port, never a real adb server.

adbutils starts a real ``adb`` when no server answers; pointing ``ADBUTILS_ADB_PATH`` at
``/bin/false`` makes that impossible, and no test uses port 5037.
"""

from __future__ import annotations

from collections.abc import Iterator

import adbutils
import pytest

from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.phone import Phone
from tests.sim.adb_server.raw_client import Run, shell_v2

STANDARD_ADB_PORT = 5037


@pytest.fixture(autouse=True)
def no_real_adb(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")
    for name in ("ANDROID_ADB_SERVER_PORT", "ANDROID_ADB_SERVER_ADDRESS", "ANDROID_SERIAL"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def server() -> Iterator[AdbServer]:
    with AdbServer(devices=1, port=0, seed=0) as served:
        assert served.port != STANDARD_ADB_PORT
        yield served


@pytest.fixture
def serial(server: AdbServer) -> str:
    return server.serials[0]


@pytest.fixture
def client(server: AdbServer) -> adbutils.AdbClient:
    return adbutils.AdbClient(host="127.0.0.1", port=server.port)


@pytest.fixture
def device(client: adbutils.AdbClient, serial: str) -> adbutils.AdbDevice:
    return client.device(serial)


@pytest.fixture
def sh(server: AdbServer, serial: str) -> Run:
    return lambda line: shell_v2(server.port, serial, line)


@pytest.fixture
def phone(server: AdbServer, serial: str) -> Phone:
    return server.phone(serial)
