"""App Launcher (``com.simplemobiletools.applauncher``): a grid of the user's apps."""

from mobile_gym.sim.apps.app_launcher.app import AppLauncherApp

__all__ = ["AppLauncherApp"]
