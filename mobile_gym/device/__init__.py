"""Devices the env drives: the ``Device`` protocol and its backends."""

from mobile_gym.device.base import Device
from mobile_gym.device.sim import SimDevice

__all__ = ["Device", "SimDevice"]
