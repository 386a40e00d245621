"""Camera (``com.android.camera2``), reduced to its capture screen.

In photo mode the shutter saves a picture (see ``picture``) to ``/sdcard/DCIM/Camera``
named from the phone's clock, ``IMG_20251016_093012.jpg`` (``_1`` added for a second
picture in the same second), where the Gallery finds it, Mail can attach it and the media
store lists it (``content://media/external/images/media``). In video mode the shutter
starts a recording and, pressed again, stops it: the video (see ``video``), named from when
it started (``VID_20251016_093012.mp4``), lasts as long as the recording did on the
virtual clock and is listed under ``content://media/external/video/media``; leaving the
app stops and saves a recording. The switcher flips between the back camera (the default
whenever the app opens) and the front camera (not while recording). The app has no
database. It is listed in the app drawer only (not in the dock).

Activities; resource ids (``com.android.camera2:id/<name>``):
``com.android.camera.CameraLauncher``
    the viewfinder ``preview_content`` (description "Back camera preview" / "Front camera
    preview": a landscape or a face; while recording ``recording_time``, ``00:05``) and,
    in the bottom bar ``bottom_bar``, the ``mode_switcher`` with ``photo_mode`` ("Photo")
    and ``video_mode`` ("Video"; the chosen one selected; not while recording), the
    ``shutter_button`` ("Shutter" in photo mode; "Start recording" / "Stop recording" in
    video mode) and ``camera_switcher`` ("Switch to front camera" / "Switch to back
    camera").

Logcat (tag ``Camera``): ``Shutter pressed``, then ``Picture saved: PATH lens=back`` (or
``front``); ``Mode: video`` / ``Mode: photo``; ``Recording started``, ``Video saved: PATH
lens=back duration=5s``; ``Switched to the front camera`` / ``back camera``.

Pictures are drawn, not sensed (``picture``): a landscape from the back camera, a face from
the front one, 480 x 640 JPEGs whose comment segment reads ``com.android.camera2 picture,
back camera`` (or ``front camera``), so a check can tell a picture the Camera took from
other files in the folder, and whose EXIF ``DateTimeOriginal`` is the phone's clock at the
shutter. Videos end with a ``uuid`` box that reads ``com.android.camera2 video, front
camera`` (or ``back camera``).
"""

from mobile_gym.sim.apps.camera.app import CameraApp

__all__ = ["CameraApp"]
