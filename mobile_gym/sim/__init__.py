"""The simulated Android phone, mobile-gym's default device."""

from mobile_gym.sim.display import Display
from mobile_gym.sim.phone import Phone, PhoneSnapshot

__all__ = ["Display", "Phone", "PhoneSnapshot"]
