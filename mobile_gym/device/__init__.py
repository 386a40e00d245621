"""Devices the env drives: the ``Device`` protocol and its backends.

``AdbDevice`` lives in ``mobile_gym.device.adb``, imported only when asked for (adbutils is
slow to import).
"""

from mobile_gym.device.base import Device, DeviceError
from mobile_gym.device.sim import SimDevice

__all__ = ["Device", "DeviceError", "SimDevice"]
