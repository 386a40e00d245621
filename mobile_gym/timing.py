"""Input timing on the phone's virtual clock: how long one input takes and how many touch
frames each gesture holds.

Shared by the simulated phone (which advances its clock by these), the touch mapping of
``mobile_gym.actions`` and the device backends, without loading the simulator.
"""

from __future__ import annotations

FRAME_MS = 50
"""Virtual time one touch frame, lift or key press takes."""
TEXT_MS = 100
"""Virtual time typing one text (``input text``) takes."""

TAP_FRAMES = 3
"""Touch frames of a tap before the lift (Mobile-Env's CLICK)."""
LONG_PRESS_FRAMES = 10
"""Touch frames of a long press before the lift (Mobile-Env's LONG CLICK)."""
DRAG_FRAMES = 10
"""Touch frames of a scroll or swipe along its line before the lift (Mobile-Env's SCROLL)."""
