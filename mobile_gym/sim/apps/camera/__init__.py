"""Camera (``com.android.camera2``), reduced to its capture screen.

The shutter saves a picture (see ``picture``) to ``/sdcard/DCIM/Camera`` named from the
phone's clock, ``IMG_20251016_093012.jpg`` (``_1`` added for a second picture in the same
second), where the Gallery finds it and Mail can attach it. The switcher flips between the
back camera (the default whenever the app opens) and the front camera. The app has no
database. It is listed in the app drawer only (not in the dock).

Activities; resource ids (``com.android.camera2:id/<name>``):
``com.android.camera.CameraLauncher``
    the viewfinder ``preview_content`` (description "Back camera preview" / "Front camera
    preview": a landscape or a face) and, in the bottom bar ``bottom_bar``, the
    ``shutter_button`` ("Shutter") and ``camera_switcher`` ("Switch to front camera" /
    "Switch to back camera").

Logcat (tag ``Camera``): ``Shutter pressed``, then ``Picture saved: PATH lens=back`` (or
``front``); ``Switched to the front camera`` / ``back camera``.

Pictures are drawn, not sensed (``picture``): a landscape from the back camera, a face from
the front one, 480 x 640 JPEGs whose comment segment reads ``com.android.camera2 picture,
back camera`` (or ``front camera``), so a check can tell a picture the Camera took from
other files in the folder.
"""

from mobile_gym.sim.apps.camera.app import CameraApp

__all__ = ["CameraApp"]
