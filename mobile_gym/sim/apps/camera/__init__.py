"""Camera (``com.android.camera2``): a viewfinder and a shutter button."""

from mobile_gym.sim.apps.camera.app import CameraApp

__all__ = ["CameraApp"]
