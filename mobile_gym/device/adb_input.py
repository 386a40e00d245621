"""Touch frames (TOUCH, LIFT) sent to a device over ADB.

Two paths, chosen on the first touch:

- **Motion events** (``input motionevent DOWN|MOVE|UP x y``, Android 10 and later): one shell
  command a frame, so the env's TOUCH and LIFT map one to one onto what the touchscreen
  reports, and the phone's own gesture detection sees the stream as it happens. Each frame
  costs one command: on a device or emulator ``input`` starts a JVM, about 0.1-0.3 s a frame
  (more on slow devices), so a tap of 3 frames and a lift takes about 0.5-1 s; through the
  served simulated phone about 0.5-1.5 ms a frame (``benchmarks/adb_latency.py``). A repeated
  DOWN, MOVE or UP at the same point is a held finger, so a frame whose connection broke is
  sent again.
- **Taps and swipes** (``input tap`` / ``input swipe``), when the device does not know
  ``motionevent``: the frames of a touch are kept until LIFT and sent as one command (a
  tap, a long press as a swipe that does not move, or a swipe lasting as long as the frames
  did). The phone sees nothing until the finger lifts, then the whole gesture costs one
  command: one JVM start (0.1-0.3 s) plus the swipe's own duration on the device. Such a
  command is not sent twice.
"""

from __future__ import annotations

from mobile_gym.device.adb_link import AdbLink, ShellResult
from mobile_gym.device.adb_shell import gesture_command, motion_command
from mobile_gym.device.base import DeviceError
from mobile_gym.timing import FRAME_MS

SLOP_FRACTION = 0.01
"""How far (a fraction of the screen width) a finger may drift and still tap."""


class TouchInput:
    """The touch stream of one device.

    Args:
        link: the device.
        width: screen width in pixels (sets the tap slop of the fallback path).
    """

    def __init__(self, link: AdbLink, width: int) -> None:
        self.link = link
        self.slop_px = SLOP_FRACTION * width
        self.motion_events: bool | None = None
        """Whether the device takes ``input motionevent`` (None until the first touch)."""
        self._frames: list[tuple[float, float]] = []

    @property
    def down(self) -> bool:
        """Whether a finger is on the screen."""
        return bool(self._frames)

    def touch(self, x: float, y: float) -> None:
        """A touch frame at (x, y) px: DOWN if the finger was up, else MOVE."""
        first = not self._frames
        self._frames.append((x, y))
        if self.motion_events is False:
            return
        action = "DOWN" if first else "MOVE"
        result = self.link.shell(f"touch {action}", motion_command(action, x, y))
        if self.motion_events is None:
            self.motion_events = _accepted(result)
        elif not _accepted(result):
            raise DeviceError(
                f"{self.link.serial}: input motionevent {action} failed: {result.text}"
            )

    def lift(self) -> None:
        """The finger leaves the screen (nothing happens when it is not down)."""
        if not self._frames:
            return
        frames, self._frames = self._frames, []
        if self.motion_events:
            result = self.link.shell("lift", motion_command("UP", *frames[-1]))
        else:
            command = gesture_command(frames, FRAME_MS, self.slop_px)
            result = self.link.shell("tap or swipe", command, resend=False)
        if not _accepted(result):
            raise DeviceError(f"{self.link.serial}: {result.text.strip() or 'input failed'}")

    def cancel(self) -> None:
        """Forget a touch in progress (the device was reset)."""
        self._frames = []


def _accepted(result: ShellResult) -> bool:
    """Whether ``input`` took the command (it prints usage or an error otherwise)."""
    text = result.text
    return result.exit_code == 0 and "Error" not in text and "Usage" not in text
