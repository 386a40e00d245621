"""The frame points of each gesture, and the two users that make input from them: the
simulated phone's input events (pixels) and the env's touch-level actions (normalised)."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym import actions, gestures
from mobile_gym.sim import input as ev
from mobile_gym.spaces import ActionType
from mobile_gym.timing import DRAG_FRAMES, LONG_PRESS_FRAMES, TAP_FRAMES


def test_a_tap_and_a_long_press_hold_the_finger_still() -> None:
    assert gestures.tap(0.25, 0.75) == [(0.25, 0.75)] * TAP_FRAMES
    assert gestures.long_press(3.0, 4.0) == [(3.0, 4.0)] * LONG_PRESS_FRAMES
    assert gestures.tap(1.0, 2.0, frames=0) == []


def test_a_drag_spaces_its_points_evenly_from_start_to_end() -> None:
    points = np.array(gestures.drag(100.0, 900.0, 300.0, 0.0))
    assert len(points) == DRAG_FRAMES
    np.testing.assert_allclose(points[[0, -1]], [[100.0, 900.0], [300.0, 0.0]])
    np.testing.assert_allclose(np.diff(points, axis=0), [[200 / 9, -100.0]] * 9)


def test_a_drag_needs_two_frames() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        gestures.drag(0, 0, 1, 1, frames=1)


def test_the_phone_events_touch_the_gesture_points_then_lift() -> None:
    for events, points in (
        (ev.tap(10.0, 20.0), gestures.tap(10.0, 20.0)),
        (ev.long_press(10.0, 20.0), gestures.long_press(10.0, 20.0)),
        (ev.drag(0.0, 0.0, 90.0, 45.0, frames=4), gestures.drag(0.0, 0.0, 90.0, 45.0, 4)),
    ):
        assert events == [*(ev.Touch(x, y) for x, y in points), ev.Lift()]


def test_the_touch_actions_touch_the_gesture_points_then_lift() -> None:
    for sequence, points in (
        (actions.click(0.25, 0.5), gestures.tap(0.25, 0.5)),
        (actions.long_press(0.25, 0.5), gestures.long_press(0.25, 0.5)),
        (actions.drag(0.0, 1.0, 0.5, 0.0), gestures.drag(0.0, 1.0, 0.5, 0.0)),
    ):
        *touches, lift = sequence
        assert [a["action_type"] for a in touches] == [ActionType.TOUCH] * len(points)
        assert lift["action_type"] == ActionType.LIFT
        expected = np.array(points, dtype=np.float32)
        np.testing.assert_array_equal([a["touch_position"] for a in touches], expected)
