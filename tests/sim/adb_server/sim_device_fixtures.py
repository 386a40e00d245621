"""Fixtures serving a ``SimDevice``'s phone over ADB, so a test can drive it with a client and
read it back the way task signals do (``SimDevice.get_setting``, ``SimDevice.query``).

Import them into a test module (``sim_device_fixture``, ``sim_device_server``, ``adb_cli``:
fixtures ``sim_device``, ``server`` and ``adb``): ``server`` there then serves
``sim_device.phone``, and the ``sh``, ``phone`` and ``device`` fixtures follow it. ``adb_cli``
alone gives ``adb`` on whatever ``server`` the module has.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mobile_gym.device.sim import SimDevice
from mobile_gym.sim.adb_server import AdbServer
from tests.sim.adb_server.test_adb_cli import ADB, Adb, _adb_command


@pytest.fixture(name="sim_device")
def sim_device_fixture() -> SimDevice:
    return SimDevice()


@pytest.fixture(name="server")
def sim_device_server(sim_device: SimDevice) -> Iterator[AdbServer]:
    with AdbServer(phones=[sim_device.phone], port=0) as served:
        yield served


@pytest.fixture(name="adb")
def adb_cli(server: AdbServer, tmp_path: Path) -> Adb:
    """Debian's ``adb`` pointed at the served phone (never port 5037)."""
    if ADB is None:
        pytest.skip("Debian's adb client is not installed")
    return _adb_command(server.port, tmp_path / "home")
