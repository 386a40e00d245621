"""GridActions: taps on cell centres, scrolls, BACK and HOME, each one agent action."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.env import MobileEnv
from mobile_gym.sim.driver import find_all
from mobile_gym.spaces import KEYS, ActionType
from mobile_gym.wrappers.grid import GridActions
from tests.wrappers.test_gesture import Recorder, wifi_is_off

T, L = ActionType.TOUCH, ActionType.LIFT


def wrapped(**options: Any) -> tuple[GridActions, Recorder]:
    recorder = Recorder(MobileEnv("settings.wifi_off"))
    env = GridActions(recorder, **options)
    env.reset(seed=0)
    return env, recorder


def test_default_grid_is_4_by_8_plus_six() -> None:
    env, _ = wrapped()
    assert env.action_space == gym.spaces.Discrete(4 * 8 + 6)


@pytest.mark.parametrize(("columns", "rows"), [(4, 8), (3, 5), (1, 1)])
def test_taps_hit_the_centres_of_their_cells(columns: int, rows: int) -> None:
    env, recorder = wrapped(columns=columns, rows=rows)
    for row in range(rows):
        for column in range(columns):
            recorder.actions.clear()
            *_, info = env.step(row * columns + column)
            assert recorder.kinds() == [T, T, T, L]
            expected = [(column + 0.5) / columns, (row + 0.5) / rows]
            np.testing.assert_allclose(recorder.actions[0]["touch_position"], expected, atol=1e-6)
            if info["foreground"] != "com.android.launcher3":
                env.step(columns * rows + 5)  # HOME


def test_a_tap_lands_where_the_cell_is_on_screen() -> None:
    """Scrolling down opens the app drawer; the cell around the Settings icon opens it."""
    env, _ = wrapped()
    env.step(32 + 1)  # scroll down: the finger moves up, as a swipe up to the drawer
    base = env.unwrapped
    icon = find_all(base.device.hierarchy_xml(), text="Settings")[0].bounds
    width, height = base.device.size
    x, y = icon.center
    column, row = int(x / width * 4), int(y / height * 8)
    *_, info = env.step(row * 4 + column)
    assert info["foreground"] == "com.android.settings"


@pytest.mark.parametrize(
    ("offset", "kinds", "key"),
    [
        (0, [T] * 10 + [L], None),
        (1, [T] * 10 + [L], None),
        (2, [T] * 10 + [L], None),
        (3, [T] * 10 + [L], None),
        (4, [ActionType.KEY], "BACK"),
        (5, [ActionType.KEY], "HOME"),
    ],
)
def test_the_six_after_the_cells(offset: int, kinds: list, key: str | None) -> None:
    env, recorder = wrapped()
    *_, info = env.step(np.int64(32 + offset))
    assert info["action_error"] is None
    assert recorder.kinds() == kinds
    if key is not None:
        assert recorder.actions[0]["key"] == KEYS.index(key)


@pytest.mark.parametrize(
    ("direction", "axis", "sign"),
    [("up", 1, 1), ("down", 1, -1), ("left", 0, 1), ("right", 0, -1)],
)
def test_scrolls_move_the_finger_against_the_direction(
    direction: str, axis: int, sign: int
) -> None:
    env, recorder = wrapped()
    env.step(32 + ("up", "down", "left", "right").index(direction))
    path = np.array([a["touch_position"] for a in recorder.actions[:-1]])
    assert np.sign(path[-1][axis] - path[0][axis]) == sign


@pytest.mark.parametrize("action", [-1, 38, 2.0, True, "3", None, np.array([1, 2])])
def test_actions_outside_the_space_are_explained(action: Any) -> None:
    env, recorder = wrapped()
    _, reward, terminated, truncated, info = env.step(action)
    assert "a grid action must be an integer in 0..37" in info["action_error"]
    assert recorder.kinds() == [ActionType.REPEAT]
    assert reward == 0.0 and not (terminated or truncated)


@pytest.mark.parametrize("bad", [0, -1, 2.5, True])
def test_grid_size_is_checked(bad: Any) -> None:
    with pytest.raises(ValueError, match="positive integer"):
        GridActions(MobileEnv("settings.wifi_off"), columns=bad)


def test_a_step_cap_inside_is_refused() -> None:
    with pytest.raises(ValueError, match="GridActions must wrap the env inside its StepCap"):
        GridActions(gym.make("MobileGym/settings.wifi_off-v0", max_steps=8))


def test_cap_counts_grid_actions() -> None:
    env = gym.make("MobileGym/settings.wifi_off-v0", action_space="grid", max_steps=3)
    env.reset(seed=0)
    for step in range(1, 4):
        *_, terminated, truncated, info = env.step(34)  # scroll left: many touches
        assert info["agent_steps"] == step
        assert truncated == (step == 3) and not terminated


@pytest.fixture(scope="module")
def shared() -> GridActions:
    return GridActions(MobileEnv("settings.wifi_off"))


_action = st.one_of(
    st.integers(-3, 40),
    st.integers(0, 37).map(np.int64),
    st.floats(allow_nan=True),
    st.none(),
    st.text(max_size=3),
)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**16), plan=st.lists(_action, min_size=1, max_size=12))
def test_random_and_malformed_actions(shared: GridActions, seed: int, plan: list) -> None:
    shared.reset(seed=seed)
    for action in plan:
        _, reward, terminated, truncated, info = shared.step(action)
        assert isinstance(reward, float)
        assert info["success"] == wifi_is_off(shared)
        if terminated or truncated:
            break
