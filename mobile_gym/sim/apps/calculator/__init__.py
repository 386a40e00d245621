"""Calculator (``com.simplemobiletools.calculator``): the keypad engine and the app."""

from mobile_gym.sim.apps.calculator.app import CalculatorApp

__all__ = ["CalculatorApp"]
