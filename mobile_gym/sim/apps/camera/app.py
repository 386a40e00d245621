"""The Camera's capture screen: viewfinder, shutter and the front/back switcher (documented
in the package docstring)."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.camera.picture import picture, picture_path
from mobile_gym.sim.ui.theme import Color
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageView

PACKAGE = "com.android.camera2"
MAIN = "com.android.camera.CameraLauncher"
SKY: Color = (120, 170, 215)
WALL: Color = (225, 215, 200)
BAR: Color = (0, 0, 0)
SHUTTER: Color = (255, 255, 255)
SWITCHER: Color = (60, 60, 60)
_SCENES = {"back": (SKY, "image"), "front": (WALL, "person")}


def take_picture(ctx: AppContext, lens: str) -> str:
    """Save a picture taken now with ``lens`` and return its path."""
    when = ctx.phone.clock.now
    storage = ctx.phone.storage
    path = picture_path(storage, when)
    storage.write_files([(path, picture(lens, when), ctx.phone.clock.stamp())])
    ctx.log(f"Picture saved: {path} lens={lens}")
    return path


class CameraApp(App):
    """The camera: a viewfinder, a shutter that saves a picture and a front/back switch."""

    package = PACKAGE
    label = "Camera"
    icon = "image"
    color = (60, 64, 67)
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {MAIN: "capture"}

    def capture(self, ctx: AppContext) -> View:
        lens = ctx.get("lens", "back")
        other = "back" if lens == "front" else "front"
        background, icon = _SCENES[lens]

        def shoot() -> None:
            ctx.log("Shutter pressed")
            take_picture(ctx, lens)

        def switch() -> None:
            ctx.set("lens", other)
            ctx.log(f"Switched to the {other} camera")

        viewfinder = FrameLayout(
            children=[ImageView(icon, size=160, tint=SHUTTER, gravity="center")],
            id="preview_content",
            desc=f"{lens.capitalize()} camera preview",
            height=0,
            weight=1,
            background=background,
        )
        shutter = ImageView(
            size=72,
            circle=SHUTTER,
            desc="Shutter",
            id="shutter_button",
            gravity="center",
            on_click=shoot,
        )
        switcher = ImageView(
            "repeat",
            size=48,
            circle=SWITCHER,
            tint=SHUTTER,
            desc=f"Switch to {other} camera",
            id="camera_switcher",
            gravity="center",
            on_click=switch,
        )
        cells = [FrameLayout(children=c, width=0, weight=1) for c in ([], [shutter], [switcher])]
        controls = Row(*cells, width=MATCH)
        bottom_bar = Column(controls, id="bottom_bar", padding=(0, 24), background=BAR)
        return Column(viewfinder, bottom_bar, height=MATCH, background=BAR)
