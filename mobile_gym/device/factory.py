"""The device an env drives, from ``gym.make``'s ``device=`` option."""

from __future__ import annotations

from mobile_gym.checks import check_int
from mobile_gym.device.base import Device
from mobile_gym.device.sim import SimDevice
from mobile_gym.sim.display import Display

DEVICE_KINDS = ("sim", "adb")


def open_device(
    device: Device | str | None,
    serial: str | None = None,
    adb_host: str | None = None,
    adb_port: int | None = None,
    display: Display | str | None = None,
) -> tuple[Device, bool]:
    """The device for ``device`` and whether the caller owns it (and closes it).

    Args:
        device: a ``Device`` to drive as it is; ``"sim"`` or None for a fresh simulated
            phone; ``"adb"`` for the device ``serial`` behind the ADB server at
            ``adb_host``:``adb_port`` (default 127.0.0.1:5037).
        display: the simulated phone's screen: a ``Display`` or the name of a device
            profile of ``configs/devices.yaml`` (``small_phone``, ``tablet_10``, ...;
            default the Pixel 7's 1080 x 2400 at 420 dpi).

    Raises:
        ValueError: an unknown kind or device profile, ``"adb"`` without a serial, a port
            that is no port, ADB options for another kind of device, or a display for a
            device that has its own screen.
        DeviceError: the ADB server or the device cannot be reached.
    """
    if display is not None and device not in (None, "sim"):
        shown = device if isinstance(device, str) else type(device).__name__
        raise ValueError(
            f'display= sets the simulated phone\'s screen (device="sim"); device={shown!r}'
            " shows its own"
        )
    adb_options = {"serial": serial, "adb_host": adb_host, "adb_port": adb_port}
    given = [name for name, value in adb_options.items() if value is not None]
    if device == "adb":
        if not serial:
            raise ValueError('device="adb" needs serial= (e.g. serial="emulator-5554")')
        # imported here: adbutils (and the requests it brings) costs every import otherwise
        from mobile_gym.device.adb import AdbDevice

        port = 5037 if adb_port is None else check_int("adb_port", adb_port, 1, 65535)
        return AdbDevice(serial, adb_host or "127.0.0.1", port), True
    if given:
        raise ValueError(f'{", ".join(given)} need device="adb", not device={device!r}')
    if device is None or device == "sim":
        return SimDevice(display), True
    if isinstance(device, str):
        raise ValueError(f"device must be one of {DEVICE_KINDS} or a Device, got {device!r}")
    return device, False
