"""Camera (``com.android.camera2``), reduced to its capture screen.

The phone has no camera sensor: the viewfinder stays dark and the shutter saves nothing, it
only logs. The app has no database. It is listed in the app drawer only (not in the dock).

Activities; resource ids (``com.android.camera2:id/<name>``):
``com.android.camera.CameraLauncher``
    the viewfinder ``preview_content`` (a dark placeholder saying "No camera available")
    and, in the bottom bar ``bottom_bar``, the ``shutter_button`` ("Shutter").

Logcat (tag ``Camera``): ``Shutter pressed``.
"""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.ui.theme import Color
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

PACKAGE = "com.android.camera2"
MAIN = "com.android.camera.CameraLauncher"
VIEWFINDER: Color = (18, 18, 18)
BAR: Color = (0, 0, 0)
SHUTTER: Color = (255, 255, 255)
FAINT: Color = (150, 150, 150)


class CameraApp(App):
    """The camera: a dark viewfinder and a shutter button that logs each press."""

    package = PACKAGE
    label = "Camera"
    icon = "image"
    color = (60, 64, 67)
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {MAIN: "capture"}

    def capture(self, ctx: AppContext) -> View:
        viewfinder = FrameLayout(
            children=[
                TextView(
                    "No camera available",
                    size=15,
                    color=FAINT,
                    align="center",
                    width=MATCH,
                    gravity="center",
                )
            ],
            id="preview_content",
            height=0,
            weight=1,
            background=VIEWFINDER,
        )
        shutter = ImageView(
            size=72,
            circle=SHUTTER,
            desc="Shutter",
            id="shutter_button",
            gravity="center",
            on_click=lambda: ctx.log("Shutter pressed"),
        )
        bottom_bar = Column(shutter, id="bottom_bar", padding=(0, 24), background=BAR)
        return Column(viewfinder, bottom_bar, height=MATCH, background=BAR)
