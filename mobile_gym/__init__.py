"""mobile-gym: a Gymnasium RL environment for Android GUI agents.

The default device is a simulated Android phone that runs inside the Python process
(``mobile_gym.sim.Phone``); real devices and emulators over ADB come later.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("mobile-gym")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0.1.0"

del PackageNotFoundError, version

from mobile_gym.env import MobileEnv  # noqa: E402
from mobile_gym.registration import register_all  # noqa: E402

register_all()

__all__ = ["MobileEnv", "__version__"]
