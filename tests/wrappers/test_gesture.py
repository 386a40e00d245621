"""GestureActions: each gesture is the one touch mapping's sequence, played as one agent action."""

from __future__ import annotations

import json
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.commands import VERBS, Command
from mobile_gym.env import MobileEnv
from mobile_gym.spaces import KEYS, ActionType
from mobile_gym.wrappers.gesture import GestureActions
from tests.tasks.tasktools import SETTINGS, centre, spec

T, L = ActionType.TOUCH, ActionType.LIFT
WIFI_OFF = "MobileGym/settings.wifi_off-v0"


class Recorder(gym.Wrapper):
    """Records every touch-level action that reaches the base env."""

    def __init__(self, env: gym.Env) -> None:
        super().__init__(env)
        self.actions: list[dict[str, Any]] = []

    def step(self, action: dict[str, Any]) -> Any:
        self.actions.append(action)
        return self.env.step(action)

    def kinds(self) -> list[ActionType]:
        return [ActionType(a["action_type"]) for a in self.actions]


def wrapped(task: Any = "settings.wifi_off") -> tuple[GestureActions, Recorder]:
    recorder = Recorder(MobileEnv(task))
    env = GestureActions(recorder)
    env.reset(seed=0)
    return env, recorder


def wifi_is_off(env: gym.Env) -> bool:
    return env.unwrapped.device.get_setting("global", "wifi_on") == "0"


MCP = json.dumps({"tool": "calendar.add", "arguments": {"title": "Lunch"}})


@pytest.mark.parametrize(
    ("action", "kinds"),
    [
        ({"verb": "click", "position": [0.5, 0.5]}, [T] * 3 + [L]),
        ({"verb": "double_tap", "position": [0.5, 0.5]}, ([T] * 3 + [L]) * 2),
        ({"verb": "long_press", "position": [0.5, 0.5]}, [T] * 10 + [L]),
        ({"verb": "swipe", "position": [0.5, 0.8], "end": [0.5, 0.2]}, [T] * 10 + [L]),
        ({"verb": "scroll", "direction": "down"}, [T] * 10 + [L]),
        ({"verb": "scroll", "direction": 1, "position": [0.3, 0.6]}, [T] * 10 + [L]),
        ({"verb": "type", "text": "hi", "position": [0.5, 0.1]}, [T] * 3 + [L, ActionType.TEXT]),
        ({"verb": "type", "text": "hi"}, [ActionType.TEXT]),
        ({"verb": "key", "key": "BACK"}, [ActionType.KEY]),
        ({"verb": "wait"}, [ActionType.REPEAT]),
        ({"verb": "answer", "text": "42"}, [ActionType.ANSWER]),
        ({"verb": "status", "text": "infeasible"}, [ActionType.STATUS]),
        ({"verb": "ask_user", "text": "Which one?"}, [ActionType.ASK_USER]),
        ({"verb": "mcp_call", "text": MCP}, [ActionType.MCP_CALL]),
        (
            {"verb": "open_app", "text": "Settings"},
            [ActionType.KEY] + [T] * 10 + [L] + [T] * 3 + [L],
        ),
    ],
    ids=lambda v: v["verb"] if isinstance(v, dict) else None,
)
def test_each_gesture_is_its_touch_sequence(action: dict[str, Any], kinds: list) -> None:
    env, recorder = wrapped()
    *_, info = env.step(action)
    # the home screen has no text field to type into; everything else is carried out
    assert (info["action_error"] is None) == (action["verb"] != "type")
    assert recorder.kinds() == kinds


def test_positions_reach_the_touches() -> None:
    env, recorder = wrapped()
    env.step({"verb": "swipe", "position": [0.2, 0.9], "end": [0.6, 0.1]})
    path = np.array([a["touch_position"] for a in recorder.actions[:-1]])
    np.testing.assert_allclose(path[[0, -1]], [[0.2, 0.9], [0.6, 0.1]], atol=1e-6)
    recorder.actions.clear()
    env.step({"verb": "long_press", "position": np.array([0.25, 0.75], dtype=np.float32)})
    np.testing.assert_allclose(recorder.actions[0]["touch_position"], [0.25, 0.75])


def test_scroll_direction_and_place() -> None:
    """Scrolling down shows later content: the finger moves up, through the given point."""
    env, recorder = wrapped()
    env.step({"verb": "scroll", "direction": "down", "position": [0.3, 0.6]})
    path = np.array([a["touch_position"] for a in recorder.actions[:-1]])
    assert path[-1][1] < path[0][1]
    np.testing.assert_allclose(path.mean(axis=0), [0.3, 0.6], atol=1e-6)


def test_indices_names_and_commands_are_the_same_action() -> None:
    by_index = {"verb": VERBS.index("key"), "key": KEYS.index("HOME")}
    by_name = {"verb": "key", "key": "home"}
    env, recorder = wrapped()
    for action in (by_index, by_name, Command("key", key="HOME")):
        *_, info = env.step(action)
        assert info["action_error"] is None
    assert [a["key"] for a in recorder.actions] == [KEYS.index("HOME")] * 3


def _outcome(result: Any) -> tuple:
    observation, reward, terminated, truncated, info = result
    info = {k: v for k, v in info.items() if k != "view_hierarchy"}
    return (
        observation["instruction"],
        reward,
        terminated,
        truncated,
        info,
        str(result[4]["view_hierarchy"]),
    )


@pytest.mark.parametrize("verb", ["click", "double_tap", "long_press"])
@pytest.mark.parametrize("position", [[0.5, 0.2], [0.0, 1.0], [1.5, 0.5], [float("nan"), 0.5]])
def test_a_tap_as_a_dict_equals_its_command(verb: str, position: list[float]) -> None:
    """A tap given as a dict does what the same tap given as a ``Command`` does, errors
    included."""
    by_dict, dict_recorder = wrapped()
    by_command, command_recorder = wrapped()
    for _ in range(3):
        first = by_dict.step({"verb": verb, "position": np.array(position, np.float32)})
        x, y = (float(v) for v in np.array(position, np.float32))
        second = by_command.step(Command(verb, x=x, y=y))
        assert _outcome(first) == _outcome(second)
    assert dict_recorder.kinds() == command_recorder.kinds()
    for one, other in zip(dict_recorder.actions, command_recorder.actions, strict=True):
        np.testing.assert_array_equal(one["touch_position"], other["touch_position"])


def test_mcp_call_and_answer_reach_the_agent_record() -> None:
    env, _ = wrapped()
    *_, info = env.step({"verb": "mcp_call", "text": MCP})
    assert "tool_result" in info
    env.step({"verb": "answer", "text": "42"})
    agent = env.unwrapped.episode.agent
    assert agent.tool_calls == [("calendar.add", {"title": "Lunch"})]
    assert agent.answer == "42"


def test_wifi_off_is_solved_in_min_steps_gesture_actions() -> None:
    env = gym.make(WIFI_OFF, action_space="gesture", max_steps=4)
    env.reset(seed=0)
    plan = [
        lambda: {"verb": "swipe", "position": [0.5, 0.75], "end": [0.5, 0.25]},
        lambda: {"verb": "click", "position": centre(env, text="Settings")},
        lambda: {"verb": "click", "position": centre(env, id="network")},
        lambda: {"verb": "click", "position": centre(env, id="wifi_switch")},
    ]
    rewards, events = [], []
    for step in plan:
        _, reward, terminated, truncated, info = env.step(step())
        assert info["action_error"] is None
        rewards.append(reward)
        events += info["events"]
    assert env.unwrapped.task.min_steps == len(plan)
    assert terminated and not truncated and info["success"] and wifi_is_off(env)
    assert info["agent_steps"] == 4
    assert events == ["opened_settings", "done"]
    assert sum(rewards) == pytest.approx(1.2)


def test_sub_step_rewards_and_instructions_are_gathered() -> None:
    """open_app is many touch steps: the instruction of its first (HOME) and the rewards of
    all of them come back from the one agent action."""
    task = spec(
        signals={
            "at_home": {"foreground": "com.android.launcher3"},
            "in_settings": {"foreground": SETTINGS},
            "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
        },
        events=[
            {"id": "home", "when": "at_home", "reward": 0.25, "instruction": "Now open Settings."},
            {"id": "back", "when": "in_settings", "after": ["home"], "reward": 0.5},
            {"id": "done", "when": "wifi_off", "reward": 1.0, "end": "success"},
        ],
    )
    env, recorder = wrapped(task)
    _, reward, _, _, info = env.step({"verb": "open_app", "text": "Settings"})
    assert len(recorder.actions) == 16
    assert reward == pytest.approx(0.75)
    assert info["events"] == ["home", "back"]
    assert "Now open Settings." in info["instructions"]
    assert info["reward_breakdown"] == pytest.approx({"home": 0.25, "back": 0.5})


@pytest.mark.parametrize(
    ("action", "complaint"),
    [
        ({"verb": "fly"}, "unknown action"),
        ({"verb": 99}, "verb must be an index"),
        ({"verb": True}, "verb must be an index"),
        ({}, "no 'verb'"),
        ("click", "a dict"),
        (None, "a dict"),
        ({"verb": "click"}, "click needs 'position'"),
        ({"verb": 0}, "click needs 'position'"),  # the verb by its index, named
        ({"verb": "click", "positon": [0.5, 0.5]}, "unknown fields ['positon']; its fields"),
        ({"verb": "click", "position": "centre"}, "two numbers"),
        ({"verb": "click", "position": [0.5]}, "two numbers"),
        ({"verb": "click", "position": [1.5, 0.5]}, "must be a number in [0, 1]"),
        ({"verb": "click", "position": [float("nan"), 0.5]}, "must be a number in [0, 1]"),
        ({"verb": "swipe", "position": [0.5, 0.5]}, "needs 'end'"),
        ({"verb": "scroll", "direction": "sideways"}, "direction must be one of"),
        ({"verb": "scroll", "direction": 4}, "direction must be an index"),
        ({"verb": "key", "key": "NOPE"}, "unknown Android key"),
        ({"verb": "type", "text": 5}, "needs a text string"),
        ({"verb": "status", "text": "done"}, "status must be one of"),
        ({"verb": "open_app", "text": " "}, "needs an app name"),
        ({"verb": "open_app", "text": "Nope"}, "no app named"),
        ({"verb": "mcp_call", "text": "{"}, "MCP_CALL text must be JSON"),
        (Command("click", x="a", y=0.5), "x must be a number"),
        (Command("mcp_call", tool="t", arguments={"f": object()}), "arguments must be"),
        (Command("type", text=None), "text needs a text string"),  # type: ignore[arg-type]
        ({"verb": "type", "text": ""}, "type needs text to type"),
        ({"verb": "type", "position": [0.5, 0.1], "text": ""}, "type needs text to type"),
        ({"verb": "answer", "text": ""}, "answer needs text (not only spaces)"),
        ({"verb": 9, "text": " \n"}, "answer needs text (not only spaces)"),
        ({"verb": "ask_user", "text": ""}, "ask_user needs text (not only spaces)"),
    ],
)
def test_malformed_actions_are_explained_not_raised(action: Any, complaint: str) -> None:
    env, _ = wrapped()
    _, reward, terminated, truncated, info = env.step(action)
    assert complaint in info["action_error"]
    assert reward == 0.0 and not terminated and not truncated


def test_empty_text_reaches_neither_the_phone_nor_the_agent_record() -> None:
    env, recorder = wrapped()
    for verb in ("type", "answer", "ask_user"):
        env.step({"verb": verb, "text": ""})
    assert recorder.kinds() == [ActionType.REPEAT] * 3
    agent = env.unwrapped.episode.agent
    assert agent.answer is None and agent.answers == 0 and agent.questions == []


def test_a_step_cap_inside_is_refused() -> None:
    with pytest.raises(ValueError, match="GestureActions must wrap the env inside its StepCap"):
        GestureActions(gym.make(WIFI_OFF, max_steps=8))


# property tests: random and malformed actions never crash and never fake success ------------
_junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 120),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.lists(st.floats(-2, 2), max_size=3),
    st.sampled_from([*VERBS, "fly"]),
    st.sampled_from(["up", "down", "left", "right", "HOME", "BACK", "Settings", MCP]),
)
_actions = st.one_of(
    st.integers(0, 2**31 - 1).map(lambda seed: ("sample", seed)),
    st.dictionaries(
        st.sampled_from(["verb", "position", "end", "direction", "key", "text"]), _junk
    ).map(lambda action: ("raw", action)),
)


@pytest.fixture(scope="module")
def shared() -> GestureActions:
    return GestureActions(MobileEnv("settings.wifi_off"))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), plan=st.lists(_actions, min_size=1, max_size=8))
def test_random_and_malformed_actions(shared: GestureActions, seed: int, plan: list) -> None:
    shared.reset(seed=seed)
    for kind, value in plan:
        if kind == "sample":
            shared.action_space.seed(value)
            action = shared.action_space.sample()
        else:
            action = value
        _, reward, terminated, truncated, info = shared.step(action)
        assert isinstance(reward, float)
        assert info["success"] == wifi_is_off(shared)
        assert info["action_error"] is None or isinstance(info["action_error"], str)
        if terminated or truncated:
            break
