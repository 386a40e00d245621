"""The Camera's capture screen: viewfinder, photo / video modes, shutter and the front/back
switcher (documented in the package docstring)."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.camera.picture import capture_path, picture, picture_path
from mobile_gym.sim.apps.camera.video import video, video_seconds
from mobile_gym.sim.clock import next_tick
from mobile_gym.sim.ui.dates import from_epoch_ms
from mobile_gym.sim.ui.theme import Color
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

PACKAGE = "com.android.camera2"
MAIN = "com.android.camera.CameraLauncher"
SKY: Color = (120, 170, 215)
WALL: Color = (225, 215, 200)
BAR: Color = (0, 0, 0)
SHUTTER: Color = (255, 255, 255)
RECORD: Color = (220, 40, 40)
SWITCHER: Color = (60, 60, 60)
DIMMED: Color = (170, 170, 170)
_SCENES = {"back": (SKY, "image"), "front": (WALL, "person")}
MODES = ("photo", "video")


def take_picture(ctx: AppContext, lens: str) -> str:
    """Save a picture taken now with ``lens`` and return its path."""
    when = ctx.phone.clock.now
    storage = ctx.phone.storage
    path = picture_path(storage, when)
    storage.write_files([(path, picture(lens, when), ctx.phone.clock.stamp())])
    ctx.log(f"Picture saved: {path} lens={lens}")
    return path


def start_recording(ctx: AppContext) -> None:
    ctx.set("recording_since", ctx.phone.clock.stamp())
    ctx.log("Recording started")


def stop_recording(ctx: AppContext) -> str | None:
    """Save the video being recorded (named from when it started) and return its path."""
    started = ctx.pop("recording_since")
    if started is None:
        return None
    lens = ctx.get("lens", "back")
    stopped = ctx.phone.clock.stamp()
    seconds = video_seconds(started, stopped)
    when = from_epoch_ms(started)
    storage = ctx.phone.storage
    path = capture_path(storage, when, "VID", "mp4")
    storage.write_files([(path, video(lens, when, seconds), stopped)])
    ctx.log(f"Video saved: {path} lens={lens} duration={seconds}s")
    return path


def _mode_tabs(ctx: AppContext, mode: str, recording: bool) -> View:
    def pick(chosen: str) -> None:
        if chosen != mode and not recording:
            ctx.set("mode", chosen)
            ctx.log(f"Mode: {chosen}")

    tabs = [
        TextView(
            name.capitalize(),
            id=f"{name}_mode",
            size=15,
            bold=name == mode,
            selected=name == mode,
            color=SHUTTER if name == mode else DIMMED,
            padding=(16, 8),
            on_click=lambda name=name: pick(name),
        )
        for name in MODES
    ]
    return Row(*tabs, id="mode_switcher", arrange="center", width=MATCH, padding=(0, 8))


class CameraApp(App):
    """The camera: a viewfinder, photo and video modes, a shutter that saves a picture or
    starts and stops a recording, and a front/back switch."""

    package = PACKAGE
    label = "Camera"
    icon = "image"
    color = (60, 64, 67)
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {MAIN: "capture"}

    def redraw_at(self, ctx: AppContext) -> int | None:
        """The recording time counts up by the second while a video records."""
        since = ctx.get("recording_since")
        return None if since is None else next_tick(ctx.phone.clock.epoch_ms, since, 1000)

    def pause(self, ctx: AppContext) -> None:
        """Leaving the camera ends a recording, which is saved."""
        stop_recording(ctx)

    def capture(self, ctx: AppContext) -> View:
        lens = ctx.get("lens", "back")
        mode = ctx.get("mode", "photo")
        since = ctx.get("recording_since")
        recording = since is not None
        other = "back" if lens == "front" else "front"
        background, icon = _SCENES[lens]

        def shoot() -> None:
            if mode == "video":
                if recording:
                    stop_recording(ctx)
                else:
                    start_recording(ctx)
                return
            ctx.log("Shutter pressed")
            take_picture(ctx, lens)

        def switch() -> None:
            if recording:
                return
            ctx.set("lens", other)
            ctx.log(f"Switched to the {other} camera")

        overlay: list[View] = [ImageView(icon, size=160, tint=SHUTTER, gravity="center")]
        if recording:
            elapsed = (ctx.phone.clock.epoch_ms - since) // 1000
            overlay.append(
                TextView(
                    f"{elapsed // 60:02d}:{elapsed % 60:02d}",
                    id="recording_time",
                    size=16,
                    color=SHUTTER,
                    background=RECORD,
                    radius=4,
                    padding=(8, 2),
                    gravity="top center",
                    margin=(0, 16, 0, 0),
                )
            )
        viewfinder = FrameLayout(
            children=overlay,
            id="preview_content",
            desc=f"{lens.capitalize()} camera preview",
            height=0,
            weight=1,
            background=background,
        )
        if mode == "video":
            desc = "Stop recording" if recording else "Start recording"
            inner = RECORD
        else:
            desc, inner = "Shutter", SHUTTER
        shutter = ImageView(
            "stop" if recording else None,
            size=72,
            circle=inner,
            tint=SHUTTER,
            desc=desc,
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
            on_click=None if recording else switch,
        )
        cells = [FrameLayout(children=c, width=0, weight=1) for c in ([], [shutter], [switcher])]
        controls = Row(*cells, width=MATCH)
        bottom_bar = Column(
            _mode_tabs(ctx, mode, recording),
            controls,
            id="bottom_bar",
            padding=(0, 8, 0, 24),
            background=BAR,
        )
        return Column(viewfinder, bottom_bar, height=MATCH, background=BAR)
