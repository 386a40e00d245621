"""What the touch steps of one agent action rely on: positions read as floats, key names,
judging that skips a step in which nothing changed, unobserved steps and ``play``'s
merging of its sub-steps."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from mobile_gym import actions
from mobile_gym.checks import check_point
from mobile_gym.sim.keys import KEYCODES, key_name
from mobile_gym.spaces import KEYS, ActionType
from tests.tasks.tasktools import NOTES, REPEAT, SETTINGS, act, centre, make_env

StepResult = tuple[Any, float, bool, bool, dict[str, Any]]


# positions and keys ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "value",
    [
        np.array([0.1, 0.7], np.float16),
        np.array([0.1, 0.7], np.float32),
        np.array([0.1, 0.7], np.float64),
        np.array([0.1, 0.7], ">f4"),
        np.array([0.1, 0.7], np.longdouble),
        np.array([[0.1, 0.7]], np.float32),
        np.array([0, 1], np.int32),
        [0.1, 0.7],
        (np.float32(0.1), 0.7),
    ],
)
def test_a_point_is_two_python_floats_of_the_values_given(value: Any) -> None:
    x, y = check_point("p", value)
    assert type(x) is float and type(y) is float
    expected = np.asarray(value, dtype=np.float64).reshape(2)
    assert (x, y) == (float(expected[0]), float(expected[1]))


@pytest.mark.parametrize("value", ["ab", [0.1], [0.1, 0.2, 0.3], None, {"x": 1}])
def test_a_point_that_is_not_two_numbers_raises(value: Any) -> None:
    with pytest.raises(ValueError, match=r"^p must be two numbers, got "):
        check_point("p", value)


def test_each_kind_of_action_has_its_defaults() -> None:
    for kind in ActionType:
        action = actions.base_action(kind)
        assert action == {
            "action_type": int(kind),
            "touch_position": action["touch_position"],
            "key": KEYS.index("BACK"),
            "text": "",
        }
        np.testing.assert_array_equal(action["touch_position"], [0.0, 0.0])
        assert type(action["action_type"]) is int
    first, second = actions.base_action(ActionType.TOUCH), actions.base_action(ActionType.TOUCH)
    first["touch_position"][0] = 0.5  # every action owns its position
    assert second["touch_position"][0] == 0.0
    typed = actions.base_action(ActionType.KEY, key="HOME", text="note")
    assert typed["key"] == KEYS.index("HOME") and typed["text"] == "note"


def test_key_names_in_normal_form_are_kept_and_digits_are_key_codes() -> None:
    for name in KEYCODES:
        if not name.isdigit():
            assert key_name(name) == name
    assert key_name("4") == "BACK"  # a name of digits is a key code
    assert key_name("KEYCODE_4") == "4"
    assert key_name(" back ") == "BACK"


@pytest.mark.parametrize("key", ["BACK", "back", "KEYCODE_HOME", 3, "ENTER"])
def test_base_action_key_is_its_index_in_keys(key: Any) -> None:
    assert KEYS[actions.base_action(ActionType.KEY, key=key)["key"]] == key_name(key)
    assert KEYS[actions.base_action(ActionType.TOUCH)["key"]] == "BACK"


# judging ---------------------------------------------------------------------------------------
def test_judging_an_unchanged_step_fires_nothing_and_makes_a_fresh_result() -> None:
    env = make_env()
    env.reset(seed=0)
    env.step(REPEAT)
    assert env.episode is not None
    assert env.episode.judge_if_changed() is None
    first, second = env.episode.judge(), env.episode.judge()
    assert first.events == [] and first.rewards == {} and first.reward == 0.0
    assert first is not second and first.events is not second.events


def test_quiet_steps_hand_out_fresh_lists() -> None:
    env = make_env()
    env.reset(seed=0)
    with env.unobserved():
        _, _, _, _, first = env.step(REPEAT)
        first["events"].append("changed")
        first["instructions"].append("changed")
        first["reward_breakdown"]["changed"] = 1.0
        _, _, _, _, second = env.step(REPEAT)
    assert second["events"] == [] and second["instructions"] == []
    assert second["reward_breakdown"] == {}


# unobserved steps ------------------------------------------------------------------------------
def test_unobserved_ends_on_an_exception_and_works_as_a_decorator() -> None:
    env = make_env()
    env.reset(seed=0)
    with pytest.raises(KeyError), env.unobserved():
        raise KeyError("inside")
    assert env.step(REPEAT)[0] is not None

    @env.unobserved()
    def quiet() -> StepResult:
        return env.step(REPEAT)

    assert quiet()[0] is None and quiet()[0] is None
    assert env.step(REPEAT)[0] is not None


def test_touches_off_the_screen_are_clamped_to_its_edges() -> None:
    touched: list[tuple[float, float]] = []
    env = make_env()
    env.reset(seed=0)
    device = env.device
    device.touch = lambda x, y: touched.append((x, y))  # type: ignore[method-assign]
    width, height = device.size
    for position in ([2.0, -1.0], [0.0, 1.0], [-0.0, 0.5], [1e308, -1e308]):
        env.step(act(ActionType.TOUCH, touch_position=position))
    assert touched == [
        (width - 1, 0.0),
        (0.0, height - 1),
        (-0.0, 0.5 * (height - 1)),
        (width - 1, 0.0),
    ]


# play's merging --------------------------------------------------------------------------------
class Scripted:
    """An env whose steps give the rewards and infos it was made with."""

    def __init__(self, steps: list[tuple[float, bool, dict[str, Any]]]) -> None:
        self.steps = list(steps)

    @property
    def unwrapped(self) -> Scripted:
        return self

    def step(self, action: Any) -> StepResult:
        reward, terminated, info = self.steps.pop(0)
        return "observation", reward, terminated, False, info


def test_play_keeps_the_first_action_error_or_else_the_last_value() -> None:
    def error(*values: Any) -> Any:
        steps = [(0.0, False, {"action_error": v}) for v in values]
        return actions.play(Scripted(steps), [REPEAT] * len(values))[4]["action_error"]

    assert error(None, "first", "second") == "first"
    assert error("", None) is None
    assert error(None, "") == ""


def test_play_gathers_rewards_replies_and_breakdowns_in_order() -> None:
    steps = [
        (0.1, False, {"tool_result": "t1", "events": ["a"], "reward_breakdown": {"a": 0.1}}),
        (0.2, False, {"user_reply": "u1", "tool_result": None, "instructions": ["go"]}),
        (0.3, False, {"tool_result": "t2", "events": ("b", "a"), "reward_breakdown": {"a": 1}}),
    ]
    _, reward, _, _, info = actions.play(Scripted(steps), [REPEAT] * 3)
    assert reward == (0.0 + 0.1) + 0.2 + 0.3
    assert list(info) == [
        "tool_result",
        "events",
        "reward_breakdown",
        "user_reply",
        "instructions",
        "action_error",
    ]
    assert (info["tool_result"], info["user_reply"]) == ("t2", "u1")
    assert info["events"] == ["a", "b", "a"] and info["instructions"] == ["go"]
    assert info["reward_breakdown"] == {"a": 1.1}


def test_play_stops_at_the_sub_step_that_ends_the_episode() -> None:
    steps = [(1.0, False, {"events": ["a"]}), (2.0, True, {"events": ["end"]})]
    env = Scripted([*steps, (4.0, False, {"events": ["never"]})])
    _, reward, terminated, _, info = actions.play(env, [REPEAT] * 3)
    assert (reward, terminated, info["events"]) == (3.0, True, ["a", "end"])
    assert len(env.steps) == 1


# unobserved steps on the base env ---------------------------------------------------------------
def test_a_sub_step_reports_success_that_came_about_between_steps() -> None:
    """The goal reached outside the agent's touches (the phone changed between two steps):
    the next step, unobserved as it is, reports the success."""
    env = make_env(episode={"end_on_success": False})
    env.reset(seed=0)
    assert not env.success
    env.device.put_setting("global", "wifi_on", "0")
    with env.unobserved():
        observation, _, _, _, info = env.step(actions.touch(0.5, 0.9))
    assert observation is None and info["success"] is True and env.success


def test_an_unobserved_step_that_ends_the_episode_is_observed() -> None:
    env = make_env()
    env.reset(seed=0)
    x, y = centre(env, text="Wi-Fi")
    with env.unobserved():
        outcomes = [env.step(action) for action in actions.click(x, y)]
    assert [o[0] is None for o in outcomes] == [True, True, True, False]
    _, reward, terminated, _, info = outcomes[-1]
    assert (reward, terminated, info["events"]) == (1.0, True, ["done"])


def _long_press_outcome(one_by_one: bool) -> tuple[list[Any], Any]:
    """A long press on a note of the Notes list (10 held frames, then a lift) taken through
    ``play`` (the frames before the last unobserved) or step by step; what each way leaves
    behind."""
    env = make_env(apps=[NOTES, SETTINGS], setup={"start": {"package": NOTES}})
    env.reset(seed=3)
    phone = env.device.phone  # type: ignore[attr-defined]
    x, y = centre(env, long_clickable="true")
    sequence = actions.long_press(x, y)
    if one_by_one:
        outcome = [env.step(a) for a in sequence][-1]
    else:
        outcome = actions.play(env, sequence)
    _, reward, terminated, truncated, info = outcome
    return (
        [reward, terminated, truncated, info["events"], env.steps, phone.clock.elapsed_ms],
        (phone.foreground, env.device.hierarchy_xml(), phone.logcat_lines()[0]),
    )


def test_play_takes_the_steps_that_step_by_step_takes() -> None:
    played, screen = _long_press_outcome(one_by_one=False)
    stepped, stepped_screen = _long_press_outcome(one_by_one=True)
    assert played == stepped and screen == stepped_screen
    assert played[4] == 11  # every frame is a step
    before = make_env(apps=[NOTES, SETTINGS], setup={"start": {"package": NOTES}})
    before.reset(seed=3)
    assert before.device.hierarchy_xml() != screen[1]  # the long press changed the screen
