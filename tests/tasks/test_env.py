"""MobileEnv: spaces, determinism, action handling, episode rules, step caps and registration."""

from __future__ import annotations

import copy
import json
import math
import pathlib
import pickle
import subprocess
import sys
import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from mobile_gym import actions
from mobile_gym.env import LazyHierarchy, MobileEnv
from mobile_gym.sim.driver import find_all
from mobile_gym.spaces import KEYS, ActionType, Image, UnicodeText
from mobile_gym.wrappers import StepCap
from tests.tasks.tasktools import (
    CONTACTS,
    REPEAT,
    act,
    click,
    make_env,
    spec,
    task_data,
    write_task,
)

GENERIC = "MobileGym/Task-v0"


def reset(env: Any, seed: int = 0) -> tuple[dict[str, Any], dict[str, Any]]:
    return env.reset(seed=seed)


def wifi_off(env: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
    return click(env, id="wifi_switch")


# spaces ------------------------------------------------------------------------------------
def test_action_space() -> None:
    space = make_env().action_space
    assert isinstance(space, gym.spaces.Dict)
    assert set(space.spaces) == {"action_type", "touch_position", "key", "text"}
    assert space["action_type"] == gym.spaces.Discrete(len(ActionType))
    assert len(ActionType) == 9 and ActionType.MCP_CALL == 8
    position = space["touch_position"]
    assert position.shape == (2,) and position.dtype == np.float32
    assert np.all(position.low == 0.0) and np.all(position.high == 1.0)
    assert space["key"] == gym.spaces.Discrete(len(KEYS))
    assert isinstance(space["text"], UnicodeText)
    assert KEYS.index("BACK") < KEYS.index("ENTER")  # Android key code order (4 < 66)
    space.seed(0)
    assert all(space.contains(space.sample()) for _ in range(20))


def test_observation_space_and_observation() -> None:
    env = make_env(instruction={"template": "Schalte WLAN aus 📶, 关掉 Wi-Fi, أطفئ"})
    obs, _ = reset(env)
    space = env.observation_space
    assert space["screen"].shape == (600, 270, 3) and space["screen"].dtype == np.uint8
    assert obs["screen"].shape == (600, 270, 3) and obs["screen"].dtype == np.uint8
    assert space.contains(obs)
    assert MobileEnv(spec(), screen_scale=0.5).observation_space["screen"].shape == (1200, 540, 3)
    for bad in (0, "0.5", True):
        with pytest.raises(ValueError, match="screen_scale must be a number"):
            MobileEnv(spec(), screen_scale=bad)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello world",
        "Hello, world! (50%) #1 @you & 'me' \"q\" \\ / ~",
        "emoji 👋🏽 👨‍👩‍👧 🎉",
        "中文输入测试 日本語 한국어",
        "مرحبا بالعالم",
        "שלום עולם",
        "tab\tnew\nline\r\u200b\u00a0",
        "x" * 4096,
    ],
)
def test_unicode_text_accepts_any_string(text: str) -> None:
    assert UnicodeText(4096).contains(text)
    assert text in UnicodeText(4096)


@pytest.mark.parametrize(
    "value", [5, 1.5, None, b"bytes", ["a"], ("a",), np.float32(1.0), {"text": "a"}]
)
def test_unicode_text_rejects_non_strings(value: Any) -> None:
    assert not UnicodeText(16).contains(value)


def test_unicode_text_length_and_sampling() -> None:
    space = UnicodeText(8)
    assert space.contains("12345678") and not space.contains("123456789")
    assert not UnicodeText(4096).contains("x" * 4097)
    with pytest.raises(ValueError, match="max_length"):
        UnicodeText(0)
    first, second = UnicodeText(8, seed=3), UnicodeText(8, seed=3)
    samples = [first.sample() for _ in range(30)]
    assert samples == [second.sample() for _ in range(30)]
    assert all(isinstance(s, str) and len(s) <= 8 for s in samples)
    assert len(set(samples)) > 1
    assert UnicodeText(8) == UnicodeText(8) != UnicodeText(9)


def test_image_space_is_a_box_whose_bounds_take_no_room() -> None:
    space, box = Image((60, 27, 3), seed=3), gym.spaces.Box(0, 255, (60, 27, 3), np.uint8)
    assert isinstance(space, gym.spaces.Box) and space == box and box == space
    for bounds in (space.low, space.high, space.bounded_below, space.bounded_above):
        assert bounds.shape == (60, 27, 3) and bounds.strides == (0, 0, 0)
        assert not bounds.flags.writeable
    assert (space.low == 0).all() and (space.high == 255).all() and space.is_bounded()
    samples = [space.sample() for _ in range(3)]
    assert all(space.contains(s) and s.dtype == np.uint8 for s in samples)
    assert len({s.tobytes() for s in samples}) == 3
    assert not space.contains(np.zeros((60, 27, 3), np.float32) + 256)
    assert not space.contains(np.zeros((27, 60, 3), np.uint8))
    again = Image((60, 27, 3), seed=3)
    assert all((again.sample() == s).all() for s in samples)  # seeded like a Box
    for make_copy in (lambda s: pickle.loads(pickle.dumps(s)), copy.deepcopy):
        copied = make_copy(space)
        assert copied == space and copied.low.strides == (0, 0, 0)
        assert (copied.sample() == space.sample()).all()  # the generator's state travels
    batched = gym.vector.utils.batch_space(space, 4)
    assert batched.shape == (4, 60, 27, 3) and batched.contains(np.stack(samples + samples[:1]))
    assert gym.spaces.utils.flatten_space(space).shape == (60 * 27 * 3,)


# determinism and observations ------------------------------------------------------------
DETERMINISM_TASK = {
    "parameters": {"who": {"generate": "first_name"}, "n": {"range": [1, 10**6]}},
    "instruction": {
        "template": "Turn off Wi-Fi for {who} ({n}).",
        "paraphrases": ["Switch Wi-Fi off for {who} ({n}).", "Disable Wi-Fi, {who} ({n})."],
    },
}


def test_reset_is_deterministic_per_seed() -> None:
    first, second = make_env(**DETERMINISM_TASK), make_env(**DETERMINISM_TASK)
    obs_a, info_a = first.reset(seed=42)
    first.step(REPEAT)  # state left over from an earlier episode must not matter
    obs_a, info_a = first.reset(seed=42)
    obs_b, info_b = second.reset(seed=42)
    assert obs_a["screen"].tobytes() == obs_b["screen"].tobytes()
    assert obs_a["instruction"] == obs_b["instruction"]
    assert info_a == info_b
    assert str(info_a["view_hierarchy"]) == str(info_b["view_hierarchy"])
    instructions = {make_env(**DETERMINISM_TASK).reset(seed=s)[0]["instruction"] for s in range(6)}
    assert len(instructions) == 6


def test_info_has_no_wall_clock_values() -> None:
    """The same seeded episode gives equal infos at different wall-clock times."""
    import time

    first = make_env(**DETERMINISM_TASK)
    infos_a = [first.reset(seed=1)[1]] + [first.step(a)[4] for a in (REPEAT, REPEAT)]
    time.sleep(0.05)
    second = make_env(**DETERMINISM_TASK)
    infos_b = [second.reset(seed=1)[1]] + [second.step(a)[4] for a in (REPEAT, REPEAT)]
    assert infos_a == infos_b
    for info in infos_a:
        for value in info.values():
            assert isinstance(value, str | int | float | bool | list | dict | LazyHierarchy | None)


def test_steps_are_deterministic() -> None:
    first, second = make_env(), make_env()
    for env in (first, second):
        env.reset(seed=9)
    sequence = [*actions.swipe("up"), REPEAT, *actions.click(0.5, 0.135)]  # success last
    for action in sequence:
        obs_a, r_a, t_a, tr_a, info_a = first.step(action)
        obs_b, r_b, t_b, tr_b, info_b = second.step(action)
        assert obs_a["screen"].tobytes() == obs_b["screen"].tobytes()
        assert (r_a, t_a, tr_a, info_a) == (r_b, t_b, tr_b, info_b)


def test_observations_are_fresh_arrays() -> None:
    env = make_env()
    first, _ = reset(env)
    second, *_ = env.step(REPEAT)
    assert first["screen"] is not second["screen"]
    assert not np.shares_memory(first["screen"], second["screen"])
    np.testing.assert_array_equal(first["screen"], second["screen"])
    # read-only, so no observation can be changed behind the env's back; copies are free to edit
    with pytest.raises(ValueError, match="read-only"):
        first["screen"][:] = 7
    kept = second["screen"].copy()
    kept[:] = 9
    third, *_ = env.step(REPEAT)
    assert third["screen"] is not second["screen"]
    np.testing.assert_array_equal(third["screen"], second["screen"])


def test_step_returns_python_types() -> None:
    env = make_env()
    reset(env)
    _, reward, terminated, truncated, info = env.step(REPEAT)
    assert type(reward) is float and type(terminated) is bool and type(truncated) is bool
    _, reward, terminated, truncated, info = wifi_off(env)
    assert (reward, terminated) == (1.0, True)
    assert type(info["success"]) is bool and type(info["failure"]) is bool
    capped = StepCap(make_env(), 1)
    capped.reset(seed=0)
    _, reward, terminated, truncated, _ = capped.step(REPEAT)
    assert type(reward) is float and type(truncated) is bool and truncated is True


def test_step_before_reset() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        make_env().step(REPEAT)


def test_no_step_counts_after_the_episode_ended() -> None:
    """Past the end nothing is judged: a STATUS ends a failed episode and the next action,
    which would reach the goal, is refused until reset (as is any after success)."""
    env = make_env()
    env.reset(seed=0)
    *_, terminated, _, info = env.step(act(ActionType.STATUS, text="infeasible"))
    assert terminated and info["success"] is False
    with pytest.raises(RuntimeError, match=r"ended at step 1 \(terminated\): call reset\(\)"):
        env.step(actions.click(0.5, 0.135)[0])
    assert env.final_verdict() is False
    env.reset(seed=0)
    result = actions.play(env, actions.click(0.5, 0.135))
    assert result[2] and result[4]["success"] is True
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(REPEAT)
    env.reset(seed=0)
    assert env.step(REPEAT)[4]["action_error"] is None


def test_no_step_counts_after_the_step_cap() -> None:
    capped = StepCap(make_env(), 2)
    capped.reset(seed=0)
    capped.step(REPEAT)
    assert capped.step(REPEAT)[3] is True
    with pytest.raises(RuntimeError, match=r"truncated at its step cap \(2 agent actions\)"):
        capped.step(actions.click(0.5, 0.135)[0])
    capped.reset(seed=0)
    assert capped.step(REPEAT)[3] is False


@pytest.mark.parametrize("render_mode", ("rgb_array", None))
def test_a_closed_env_refuses_to_go_on(render_mode: str | None) -> None:
    env = MobileEnv(spec(), render_mode=render_mode)
    env.reset(seed=0)
    env.close()
    env.close()  # closing again does nothing
    for call, run in (
        ("reset", lambda: env.reset(seed=0)),
        ("step", lambda: env.step(REPEAT)),
        ("render", env.render),
    ):
        with pytest.raises(gym.error.ClosedEnvironmentError, match=rf"{call}\(\) on a closed env"):
            run()
    wrapped = gym.make("MobileGym/settings.wifi_off-v0", max_episode_steps=None)
    wrapped.reset(seed=0)
    wrapped.close()
    with pytest.raises(gym.error.ClosedEnvironmentError):
        wrapped.step(wrapped.action_space.sample())


def test_an_env_or_a_phone_refuses_to_be_copied_or_pickled() -> None:
    """A copy would hold screens whose handlers act on the original phone: a tap on the
    copy opened an app on the original. Copying and pickling are refused, naming the way
    back to a state (the phone's snapshot), and the env goes on unharmed."""
    env = gym.make("MobileGym/settings.wifi_off-v0", action_space="grid")
    env.reset(seed=0)
    phone = env.unwrapped.device.phone
    for make_copy in (copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match=r"MobileEnv cannot be copied or pickled.*snapshot"):
            make_copy(env)
        with pytest.raises(TypeError, match=r"Phone cannot be copied or pickled.*snapshot"):
            make_copy(phone)
    snapshot = phone.snapshot()
    before = phone.hierarchy_xml()
    env.step(20)  # the grid cell over an app icon of the home screen
    assert phone.hierarchy_xml() != before
    phone.restore(snapshot)
    assert phone.hierarchy_xml() == before
    env.close()


# malformed actions -------------------------------------------------------------------------
def key(index: Any) -> dict[str, Any]:
    return act(ActionType.KEY, key=index)


MALFORMED = [
    ({"action_type": 99}, "action_type must be an integer"),
    ({"action_type": -1}, "action_type must be an integer"),
    ({"action_type": "tap"}, "action_type must be an integer"),
    ({"touch_position": [0.5, 0.5]}, "action_type must be an integer"),
    (None, "action_type must be an integer"),
    ("TOUCH", "action_type must be an integer"),
    (act(ActionType.TOUCH, touch_position=[math.nan, 0.5]), "finite"),
    (act(ActionType.TOUCH, touch_position=np.array([0.5, np.inf])), "finite"),
    (act(ActionType.TOUCH, touch_position="here"), "two numbers"),
    (act(ActionType.TOUCH, touch_position=[0.1, 0.2, 0.3]), "two numbers"),
    ({"action_type": 0}, "two numbers"),
    (key(-1), "key must be an index"),
    (key(len(KEYS)), "key must be an index"),
    (key(True), "key must be an index"),
    (key(1.5), "key must be an index"),
    (key("BACK"), "key must be an index"),
    (key(None), "key must be an index"),
    (act(ActionType.TEXT, text=5), "TEXT needs a text string"),
    (act(ActionType.ANSWER, text=None), "ANSWER needs a text string"),
    (act(ActionType.STATUS, text=["complete"]), "STATUS needs a text string"),
    (act(ActionType.ASK_USER, text=b"hi"), "ASK_USER needs a text string"),
    (act(ActionType.STATUS, text="done"), "STATUS text must be one of"),
    (act(ActionType.MCP_CALL, text="not json"), "MCP_CALL text must be JSON"),
    (act(ActionType.MCP_CALL, text="[1]"), 'JSON object with a "tool"'),
    (act(ActionType.MCP_CALL, text='{"tool": 3}'), 'JSON object with a "tool"'),
    (act(ActionType.MCP_CALL, text='{"tool": "x", "arguments": [1]}'), '"arguments" must be'),
]


@pytest.mark.parametrize(("action", "problem"), MALFORMED)
def test_malformed_actions_give_an_error_and_never_crash(action: Any, problem: str) -> None:
    env = make_env()
    reset(env)
    settings_before = env.device.get_setting("global", "wifi_on")
    after, reward, terminated, truncated, info = env.step(action)
    assert problem in info["action_error"]
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert info["agent_status"] is None
    assert env.observation_space.contains(after)
    assert env.device.get_setting("global", "wifi_on") == settings_before
    _, _, _, _, info = env.step(REPEAT)  # the env goes on
    assert info["action_error"] is None


def test_valid_actions_give_no_error() -> None:
    env = make_env()
    reset(env)
    for action in (
        act(ActionType.TOUCH, touch_position=np.array([2.0, -1.0])),  # clamped to the screen
        act(ActionType.LIFT),
        REPEAT,
        key(np.int64(KEYS.index("VOLUME_UP"))),
        act(ActionType.ANSWER, text="42"),
        act(ActionType.STATUS, text=" Infeasible "),
    ):
        _, _, _, _, info = env.step(action)
        assert info["action_error"] is None, action
    assert info["agent_status"] == "infeasible"


def test_text_without_a_focused_field() -> None:
    env = make_env()
    reset(env)
    _, _, terminated, _, info = env.step(act(ActionType.TEXT, text="hello"))
    assert "no text field has focus" in info["action_error"]
    assert not terminated


def test_text_into_a_focused_field() -> None:
    env = make_env(apps=[CONTACTS], setup={"start": {"package": CONTACTS}})
    reset(env)
    click(env, id="action_search")
    _, _, _, _, info = env.step(act(ActionType.TEXT, text="Zoë 中"))
    assert info["action_error"] is None
    assert 'text="Zoë 中"' in str(info["view_hierarchy"])


def test_ask_user_and_mcp_call_are_not_available() -> None:
    env = make_env()
    reset(env)
    _, _, terminated, _, info = env.step(act(ActionType.ASK_USER, text="Which network?"))
    assert info["user_reply"] == "ask_user is not available in this task"
    assert not terminated and info["action_error"] is None
    payload = json.dumps({"tool": "maps.search", "arguments": {"q": "cafe"}})
    _, _, terminated, _, info = env.step(act(ActionType.MCP_CALL, text=payload))
    assert info["tool_result"] == "MCP tool 'maps.search' is not available in this task"
    assert not terminated and info["action_error"] is None
    assert env.episode.agent.questions == ["Which network?"]
    assert env.episode.agent.tool_calls == [("maps.search", {"q": "cafe"})]


# episode rules -----------------------------------------------------------------------------
@pytest.mark.parametrize("goal", ["complete", "infeasible"])
def test_status_terminates(goal: str) -> None:
    env = make_env()
    reset(env)
    _, reward, terminated, truncated, info = env.step(actions.status(goal)[0])
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert info["agent_status"] == goal and info["success"] is False
    assert info["early_stop"]  # any STATUS before the goal stops early


def test_success_terminates_without_stop_flags() -> None:
    env = make_env()
    reset(env)
    *_, terminated, _, info = wifi_off(env)
    assert terminated and info["success"] is True
    assert info["early_stop"] is False and info["late_stop"] is False


def test_late_stop_when_acting_after_success() -> None:
    env = make_env(episode={"end_on_success": False})
    reset(env)
    *_, terminated, _, info = wifi_off(env)
    assert not terminated and info["success"] is True and info["late_stop"] is False
    *_, terminated, _, info = env.step(REPEAT)
    assert not terminated and info["late_stop"] is True and info["success"] is True
    *_, terminated, _, info = env.step(actions.status("complete")[0])
    assert terminated and info["success"] is True
    assert info["late_stop"] is False and info["early_stop"] is False


def test_status_complete_after_success_is_not_an_early_stop() -> None:
    env = make_env(episode={"end_on_success": False})
    reset(env)
    wifi_off(env)
    *_, terminated, _, info = env.step(actions.status("complete")[0])
    assert terminated and info["early_stop"] is False and info["success"] is True


def test_require_status() -> None:
    env = make_env(episode={"require_status": True})
    reset(env)
    *_, terminated, _, info = wifi_off(env)
    assert not terminated and info["success"] is False
    assert env.final_verdict() is False
    *_, terminated, _, info = env.step(actions.status("complete")[0])
    assert terminated and info["success"] is True and info["early_stop"] is False
    assert env.final_verdict() is True


def test_require_status_infeasible_gets_no_credit() -> None:
    env = make_env(episode={"require_status": True})
    reset(env)
    wifi_off(env)
    *_, terminated, _, info = env.step(actions.status("infeasible")[0])
    assert terminated and info["success"] is False and env.final_verdict() is False


def test_require_status_before_success() -> None:
    env = make_env(episode={"require_status": True})
    reset(env)
    *_, terminated, _, info = env.step(actions.status("complete")[0])
    assert terminated and info["success"] is False and info["early_stop"] is True


@pytest.mark.parametrize(("rule", "credited"), [("latched", True), ("final", False)])
def test_success_latched_or_final(tmp_path: pathlib.Path, rule: str, credited: bool) -> None:
    """The goal is reached, then undone: latched keeps the success, final does not."""
    path = write_task(tmp_path, episode={"success": rule, "end_on_success": False})
    env = gym.make(GENERIC, task=str(path), max_steps=10)
    env.reset(seed=0)
    *_, terminated, truncated, info = wifi_off(env)  # 4 actions
    assert info["success"] is True and not terminated and not truncated
    *_, terminated, truncated, info = wifi_off(env)  # 8 actions: Wi-Fi is on again
    assert env.unwrapped.device.get_setting("global", "wifi_on") == "1"
    assert info["success"] is credited and not terminated and not truncated
    _, _, _, truncated, info = env.step(REPEAT)
    assert not truncated
    _, _, terminated, truncated, info = env.step(REPEAT)
    assert truncated and not terminated and info["agent_steps"] == 10
    assert info["success"] is credited
    assert env.unwrapped.final_verdict() is credited


def test_final_success_holding_at_the_cap(tmp_path: pathlib.Path) -> None:
    path = write_task(tmp_path, episode={"success": "final", "end_on_success": False})
    env = gym.make(GENERIC, task=str(path), max_steps=5)
    env.reset(seed=0)
    wifi_off(env)
    _, _, terminated, truncated, info = env.step(REPEAT)
    assert truncated and not terminated and info["success"] is True


def test_the_generic_id_without_a_task_says_how_to_name_one() -> None:
    with pytest.raises(ValueError, match=r"no task given: .*task=\.\.\..*mobile-gym list tasks"):
        gym.make(GENERIC)


def test_an_env_whose_first_reset_raised_steps_after_the_next_reset(
    tmp_path: pathlib.Path,
) -> None:
    """``gym.make`` adds no passive checker, which would keep failing every step of an env
    whose first reset raised (here a negative seed; on a device, a fault)."""
    env = gym.make(GENERIC, task=str(write_task(tmp_path)), max_steps=4)
    with pytest.raises(gym.error.Error, match="greater or equal to zero"):
        env.reset(seed=-1)
    env.reset(seed=0)
    *_, terminated, truncated, info = wifi_off(env)
    assert info["success"] is True and terminated and not truncated
    checked = gym.make("MobileGym/settings.wifi_off-v0", disable_env_checker=False)
    assert "PassiveEnvChecker" in str(checked)


def test_reset_refuses_options_it_would_ignore(tmp_path: pathlib.Path) -> None:
    env = gym.make(GENERIC, task=str(write_task(tmp_path)))
    with pytest.raises(ValueError, match=r"reset takes no options, got \['task'\]"):
        env.reset(seed=0, options={"task": "notes.create_titled"})
    with pytest.raises(ValueError, match=r"reset takes no options, got 5"):
        env.reset(seed=0, options=5)
    for nothing in (None, {}):  # what vector envs pass
        _, info = env.reset(seed=0, options=nothing)
        assert info["agent_steps"] == 0


# step caps ---------------------------------------------------------------------------------
@pytest.mark.parametrize("cap", [1, 3, 15])
def test_max_steps_allows_exactly_n_actions(tmp_path: pathlib.Path, cap: int) -> None:
    env = gym.make(GENERIC, task=str(write_task(tmp_path)), max_steps=cap)
    _, info = env.reset(seed=0)
    assert info["step_cap"] == cap and info["agent_steps"] == 0
    for step in range(1, cap):
        *_, terminated, truncated, info = env.step(REPEAT)
        assert not terminated and not truncated and info["agent_steps"] == step
    *_, terminated, truncated, info = env.step(REPEAT)
    assert truncated is True and not terminated and info["agent_steps"] == cap
    assert info["success"] is False
    env.reset(seed=1)  # a new episode gets the whole budget again
    if cap > 1:
        assert env.step(REPEAT)[3] is False


def test_success_on_the_last_allowed_action_terminates(tmp_path: pathlib.Path) -> None:
    env = gym.make(GENERIC, task=str(write_task(tmp_path)), max_steps=4)
    env.reset(seed=0)
    _, reward, terminated, truncated, info = wifi_off(env)
    assert (reward, terminated, truncated, info["success"]) == (1.0, True, False, True)


def cap_of(env: gym.Env) -> int | None:
    while isinstance(env, gym.Wrapper):
        if isinstance(env, StepCap):
            return env.max_steps
        env = env.env
    return None


def test_cap_policies(tmp_path: pathlib.Path) -> None:
    path = str(write_task(tmp_path, min_steps=3))
    assert cap_of(gym.make(GENERIC, task=path)) == 6  # the task's default: 2 x min_steps
    assert cap_of(gym.make(GENERIC, task=path, max_steps="2x_min")) == 6
    assert cap_of(gym.make(GENERIC, task=path, max_steps=7)) == 7
    assert cap_of(gym.make(GENERIC, task=path, max_steps="none")) is None
    own = str(write_task(tmp_path, "own.yaml", min_steps=3, max_steps=5))
    assert cap_of(gym.make(GENERIC, task=own)) == 5
    assert cap_of(gym.make(GENERIC, task=own, max_steps="2x_min")) == 6
    uncapped = str(write_task(tmp_path, "uncapped.yaml", max_steps="none"))
    assert cap_of(gym.make(GENERIC, task=uncapped)) is None


def test_no_cap_never_truncates(tmp_path: pathlib.Path) -> None:
    env = gym.make(GENERIC, task=str(write_task(tmp_path)), max_steps="none")
    env.reset(seed=0)
    for _ in range(40):
        *_, terminated, truncated, _ = env.step(REPEAT)
        assert not terminated and not truncated


def test_two_x_min_caps_at_twice_min_steps(tmp_path: pathlib.Path) -> None:
    env = gym.make(GENERIC, task=str(write_task(tmp_path, min_steps=2)), max_steps="2x_min")
    env.reset(seed=0)
    truncations = [env.step(REPEAT)[3] for _ in range(4)]
    assert truncations == [False, False, False, True]


@pytest.mark.parametrize("bad", [0, -1, 2.5, "3", "2x", True, "None"])
def test_invalid_max_steps(tmp_path: pathlib.Path, bad: Any) -> None:
    with pytest.raises(ValueError, match="max_steps"):
        gym.make(GENERIC, task=str(write_task(tmp_path)), max_steps=bad)
    with pytest.raises(ValueError, match="max_steps"):
        StepCap(make_env(), bad)


# registration, rendering, info -------------------------------------------------------------
def test_make_by_module_prefix_from_a_bare_interpreter(tmp_path: pathlib.Path) -> None:
    script = (
        "import sys, gymnasium as gym\n"
        "assert 'mobile_gym' not in sys.modules\n"
        "env = gym.make('mobile_gym:MobileGym/settings.wifi_off-v0')\n"
        "obs, info = env.reset(seed=0)\n"
        "print(info['task_id'], info['step_cap'], obs['screen'].shape, type(env.unwrapped).__name__)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["settings.wifi_off", "8", "(600,", "270,", "3)", "MobileEnv"]


def test_generic_id_takes_a_task_path_or_spec(tmp_path: pathlib.Path) -> None:
    env = gym.make(GENERIC, task=str(write_task(tmp_path, id="test.from_file")))
    assert env.reset(seed=0)[1]["task_id"] == "test.from_file"
    env = gym.make(GENERIC, task=spec(id="test.from_spec"))
    assert env.reset(seed=0)[1]["task_id"] == "test.from_spec"


def test_render_rgb_array_is_full_size(tmp_path: pathlib.Path) -> None:
    env = MobileEnv(spec(), render_mode="rgb_array")
    obs, _ = env.reset(seed=0)
    frame = env.render()
    assert frame.shape == (2400, 1080, 3) and frame.dtype == np.uint8
    assert frame.std() > 0
    assert obs["screen"].shape == (600, 270, 3)
    made = gym.make(GENERIC, task=str(write_task(tmp_path)), render_mode="rgb_array")
    made.reset(seed=0)
    assert made.render().shape == (2400, 1080, 3)
    plain = make_env()
    plain.reset(seed=0)
    assert plain.render() is None
    with pytest.raises(ValueError, match=r"render_mode.*'human' is gym\.make's"):
        MobileEnv(spec(), render_mode="human")
    with pytest.raises(ValueError, match="one of None, 'rgb_array', 'human', got 'video'"):
        gym.make(GENERIC, task=str(write_task(tmp_path)), render_mode="video")


def test_view_hierarchy_is_dumped_only_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    import mobile_gym.sim.phone as phone_module

    dumps = []
    original = phone_module.dump

    def counting(*args: Any, **kwargs: Any) -> str:
        dumps.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(phone_module, "dump", counting)
    env = make_env()  # judged on a setting only: nothing else dumps the hierarchy
    env.reset(seed=0)
    _, _, _, _, info = env.step(REPEAT)
    assert dumps == []
    hierarchy = info["view_hierarchy"]
    assert isinstance(hierarchy, LazyHierarchy)
    xml = str(hierarchy)
    assert xml.startswith("<?xml") and "<hierarchy" in xml
    assert 'resource-id="com.android.settings:id/wifi_switch"' in xml
    assert str(hierarchy) == xml and hierarchy.xml == xml
    assert len(dumps) == 1
    assert xml == env.device.hierarchy_xml()


def test_view_hierarchy_is_the_one_of_its_step() -> None:
    env = make_env(episode={"end_on_success": False})
    env.reset(seed=0)
    _, _, _, _, before = env.step(REPEAT)
    _, _, _, _, after = wifi_off(env)

    def wifi_checked(info: dict[str, Any]) -> bool:
        return find_all(str(info["view_hierarchy"]), id="wifi_switch")[0].checked

    assert wifi_checked(after) is False
    assert wifi_checked(before) is True  # read after the change, still the earlier screen


@pytest.mark.filterwarnings("ignore:.*alternative render modes")
def test_check_env_passes() -> None:
    env = make_env(**DETERMINISM_TASK)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message=".*alternative render modes.*")
        check_env(env, skip_render_check=True)
    check_env(MobileEnv(spec(), render_mode="rgb_array"), skip_render_check=False)


def test_unknown_task_id() -> None:
    from mobile_gym.tasks.schema import TaskFileError

    with pytest.raises(TaskFileError, match=r"unknown task 'no\.such_task'"):
        MobileEnv("no.such_task")
    assert task_data()["id"] == "test.inline"
