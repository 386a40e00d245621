"""The one mapping from high-level actions to touch-level actions, and ``play``."""

from __future__ import annotations

import json
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

from mobile_gym import actions
from mobile_gym.sim.driver import find_all
from mobile_gym.spaces import KEYS, ActionType, touch_action_space
from mobile_gym.wrappers import StepCap
from tests.tasks.tasktools import CONTACTS, centre, make_env

T, L = ActionType.TOUCH, ActionType.LIFT


def kinds(sequence: list[dict[str, Any]]) -> list[ActionType]:
    return [ActionType(a["action_type"]) for a in sequence]


def points(sequence: list[dict[str, Any]]) -> np.ndarray:
    return np.array([a["touch_position"] for a in sequence if a["action_type"] == T])


# the mapping -------------------------------------------------------------------------------
def test_click_is_three_touches_and_a_lift() -> None:
    sequence = actions.click(0.25, 0.75)
    assert kinds(sequence) == [T, T, T, L]
    np.testing.assert_allclose(points(sequence), [[0.25, 0.75]] * 3)


def test_long_press_is_ten_touches_and_a_lift() -> None:
    sequence = actions.long_press(0.5, 0.4)
    assert kinds(sequence) == [T] * 10 + [L]
    np.testing.assert_allclose(points(sequence), [[0.5, 0.4]] * 10)


def test_double_tap_is_two_clicks() -> None:
    assert kinds(actions.double_tap(0.1, 0.2)) == [T, T, T, L] * 2


def test_drag_is_ten_touches_along_a_line_and_a_lift() -> None:
    sequence = actions.drag(0.2, 0.9, 0.2, 0.0)
    assert kinds(sequence) == [T] * 10 + [L]
    expected = np.stack([np.full(10, 0.2), np.linspace(0.9, 0.0, 10)], axis=1)
    np.testing.assert_allclose(points(sequence), expected, atol=1e-6)


@pytest.mark.parametrize("frames", [2, 5, 20])
def test_frame_counts_are_parameters(frames: int) -> None:
    assert kinds(actions.click(0.5, 0.5, frames=frames)) == [T] * frames + [L]
    assert kinds(actions.long_press(0.5, 0.5, frames=frames)) == [T] * frames + [L]
    drag = actions.drag(0.0, 0.0, 1.0, 0.5, frames=frames)
    assert kinds(drag) == [T] * frames + [L]
    np.testing.assert_allclose(points(drag)[[0, -1]], [[0.0, 0.0], [1.0, 0.5]], atol=1e-6)
    assert len(actions.scroll("down", frames=frames)) == frames + 1


def test_drag_needs_two_frames() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        actions.drag(0, 0, 1, 1, frames=1)


@pytest.mark.parametrize(
    ("direction", "finger"),
    [("down", (0, -1)), ("up", (0, 1)), ("right", (-1, 0)), ("left", (1, 0))],
)
def test_scroll_moves_the_finger_against_the_direction(direction: str, finger: tuple) -> None:
    """Scrolling down shows later content: the finger moves up, as on a phone."""
    path = points(actions.scroll(direction, 0.5, 0.5))
    moved = path[-1] - path[0]
    np.testing.assert_allclose(moved, np.array(finger) * actions.SCROLL_SPAN, atol=1e-6)
    np.testing.assert_allclose(path.mean(axis=0), [0.5, 0.5], atol=1e-6)


@pytest.mark.parametrize(
    ("direction", "finger"),
    [("up", (0, -1)), ("down", (0, 1)), ("left", (-1, 0)), ("right", (1, 0))],
)
def test_swipe_moves_the_finger_in_the_direction(direction: str, finger: tuple) -> None:
    path = points(actions.swipe(direction, span=0.6))
    np.testing.assert_allclose(path[-1] - path[0], np.array(finger) * 0.6, atol=1e-6)


def test_unknown_directions() -> None:
    with pytest.raises(ValueError, match="scroll direction"):
        actions.scroll("sideways")
    with pytest.raises(ValueError, match="swipe direction"):
        actions.swipe("diagonal")


def test_type_is_a_click_then_text() -> None:
    sequence = actions.type_text(0.3, 0.6, "héllo 世界")
    assert kinds(sequence) == [T, T, T, L, ActionType.TEXT]
    np.testing.assert_allclose(points(sequence), [[0.3, 0.6]] * 3)
    assert sequence[-1]["text"] == "héllo 世界"


def test_single_actions() -> None:
    (key,) = actions.press("BACK")
    assert key["action_type"] == ActionType.KEY and KEYS[key["key"]] == "BACK"
    assert KEYS[actions.press("KEYCODE_ENTER")[0]["key"]] == "ENTER"
    assert actions.answer("42")[0]["action_type"] == ActionType.ANSWER
    assert actions.status("complete")[0]["text"] == "complete"
    assert actions.ask_user("why?")[0]["action_type"] == ActionType.ASK_USER
    (call,) = actions.mcp_call("maps.search", {"q": "café"})
    assert call["action_type"] == ActionType.MCP_CALL
    assert json.loads(call["text"]) == {"tool": "maps.search", "arguments": {"q": "café"}}
    assert kinds(actions.wait(3)) == [ActionType.REPEAT] * 3


def test_every_mapped_action_is_in_the_action_space() -> None:
    space = touch_action_space()
    sequences = [
        actions.click(0.0, 1.0),
        actions.long_press(1.0, 0.0),
        actions.scroll("down"),
        actions.swipe("left"),
        actions.type_text(0.5, 0.5, "x"),
        actions.press("HOME"),
        actions.answer("a"),
        actions.status("infeasible"),
        actions.ask_user("q"),
        actions.mcp_call("t", {}),
        actions.wait(),
    ]
    for sequence in sequences:
        assert all(space.contains(a) for a in sequence)


# on the simulated phone --------------------------------------------------------------------
def contacts_env() -> Any:
    env = make_env(apps=[CONTACTS], setup={"start": {"package": CONTACTS}})
    env.reset(seed=0)
    return env


def contact_names(env: Any) -> list[str]:
    return [n.text for n in find_all(env.device.hierarchy_xml(), id="item_contact_name")]


def test_click_and_long_press_do_what_they_say() -> None:
    env = contacts_env()
    row = centre(env, id="item_contact_frame")
    actions.play(env, actions.long_press(*row))
    assert find_all(env.device.hierarchy_xml(), text="Delete")
    assert env.device.foreground()[1] == ".activities.MainActivity"
    env = contacts_env()
    actions.play(env, actions.click(*row))
    assert env.device.foreground()[1] == ".activities.ViewContactActivity"


def test_a_click_held_for_long_press_frames_is_a_long_press() -> None:
    env = contacts_env()
    actions.play(env, actions.click(*centre(env, id="item_contact_frame"), frames=10))
    assert env.device.foreground()[1] == ".activities.MainActivity"
    assert find_all(env.device.hierarchy_xml(), text="Delete")


def test_scroll_down_shows_later_content() -> None:
    env = contacts_env()
    before = contact_names(env)
    x, y = centre(env, id="contacts_list")
    actions.play(env, actions.scroll("down", x, y))
    after = contact_names(env)
    assert after != before
    assert after[0] in before and before.index(after[0]) > 0  # the list moved up
    actions.play(env, actions.scroll("up", x, y))
    assert contact_names(env) == before


def test_type_text_types_into_the_field() -> None:
    env = contacts_env()
    actions.play(env, actions.click(*centre(env, id="action_search")))
    actions.play(env, actions.type_text(*centre(env, id="search_query"), "Zoë"))
    assert [n.text for n in find_all(env.device.hierarchy_xml(), id="search_query")] == ["Zoë"]


# play --------------------------------------------------------------------------------------
def play_env(**overrides: Any) -> Any:
    env = make_env(
        signals={
            "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
            "answered": {"answer": "42"},
            "asked": {"ask_user": ".*"},
        },
        events=[
            {"id": "answered", "when": "answered", "reward": 0.5, "instruction": "Now ask."},
            {"id": "asked", "when": "asked", "reward": 0.25, "instruction": "Now switch."},
            {"id": "done", "when": "wifi_off", "reward": 1.0, "end": "success"},
        ],
        **overrides,
    )
    env.reset(seed=0)
    return env


def test_play_gathers_sub_steps_and_stops_when_the_episode_ends() -> None:
    env = play_env()
    sequence = [
        {"action_type": 99},  # a malformed sub-step: its error is kept
        *actions.answer("42"),
        *actions.ask_user("Which one?"),
        *actions.click(*centre(env, id="wifi_switch")),
        *actions.wait(5),  # never played: the episode ended on the lift
    ]
    obs, reward, terminated, truncated, info = actions.play(env, sequence)
    assert reward == 1.75
    assert (terminated, truncated) == (True, False)
    assert info["events"] == ["answered", "asked", "done"]
    assert info["instructions"] == ["Now ask.", "Now switch."]
    assert info["reward_breakdown"] == {"answered": 0.5, "asked": 0.25, "done": 1.0}
    assert "action_type must be an integer" in info["action_error"]
    assert info["success"] is True
    assert env.steps == 1 + 1 + 1 + 4
    assert obs["instruction"] == "Now switch."


def test_play_sums_repeated_rewards() -> None:
    env = make_env(
        signals={"wifi_off": {"setting": "global/wifi_on", "equals": "0"}, "yes": {"answer": "y"}},
        events=[
            {"id": "yes", "when": "yes", "repeat": "always", "reward": 0.5},
            {"id": "done", "when": "wifi_off", "end": "success"},
        ],
    )
    env.reset(seed=0)
    sequence = [*actions.answer("y"), *actions.answer("n"), *actions.answer("y")]
    _, reward, terminated, _, info = actions.play(env, sequence)
    assert reward == 1.0 and not terminated
    assert info["events"] == ["yes", "yes"] and info["reward_breakdown"] == {"yes": 1.0}
    assert info["action_error"] is None


def test_play_stops_at_a_step_cap() -> None:
    env = StepCap(play_env(), 2)
    env.reset(seed=0)
    _, reward, terminated, truncated, info = actions.play(
        env, actions.click(*centre(env, id="wifi_switch"))
    )
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert env.unwrapped.steps == 2 and info["agent_steps"] == 2
    assert env.unwrapped.device.get_setting("global", "wifi_on") == "1"  # never lifted


def test_merge_gathers_the_outcomes_of_several_played_actions() -> None:
    env = play_env()
    first = actions.play(env, actions.answer("42"))
    second = actions.play(env, [*actions.wait(2), *actions.ask_user("Which?")])
    observation, reward, terminated, _, info = actions.merge([first, second])
    assert observation is second[0] and reward == 0.75 and not terminated
    assert info["events"] == ["answered", "asked"]
    assert info["instructions"] == ["Now ask.", "Now switch."]
    assert info["reward_breakdown"] == {"answered": 0.5, "asked": 0.25}
    assert "user_reply" in info and info["step"] == env.steps == 4


def test_play_needs_an_action() -> None:
    with pytest.raises(ValueError, match="at least one"):
        actions.play(play_env(), [])


def test_play_on_the_base_env_equals_play_through_a_wrapper() -> None:
    """On the base env the sub-steps are unobserved (no screen, a short info); through a
    wrapper every sub-step is observed. What ``play`` returns is the same."""
    sequence = [
        {"action_type": 99},
        *actions.answer("42"),
        *actions.ask_user("Which one?"),
        *actions.wait(3),
    ]
    results = []
    for wrap in (False, True):
        env = play_env()
        stepped = gym.Wrapper(env) if wrap else env
        obs, reward, terminated, truncated, info = actions.play(stepped, sequence)
        outcome = [reward, terminated, truncated, obs["instruction"]]
        outcome.append({k: v for k, v in info.items() if k != "view_hierarchy"})
        outcome.append(str(info["view_hierarchy"]))
        outcome.append(env.steps)
        results.append(outcome)
    assert results[0] == results[1]
    assert "foreground" in results[0][4] and results[0][4]["events"] == ["answered", "asked"]
