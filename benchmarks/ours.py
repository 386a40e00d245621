"""mobile-gym's contenders for the side-by-side benchmark (``benchmarks/peers.py``).

Every stack is built as an agent builds it (``make_env`` with an action space and an
observation preset) on the starter task ``settings.wifi_off``, started on the Settings
Network & internet page, its third screen. The agent clicks the Mobile data switch over
and over: each click flips a setting, so the task's signals are read again, and the switch
is redrawn ("checked" / "unchecked" in the text observation, its knob in the pixels). The
task never ends on this stream (Wi-Fi stays on) and no step cap is set, so no reset is
mixed into the step figures.
"""

from __future__ import annotations

import gc
import importlib.resources
from typing import Any

import gymnasium as gym
import numpy as np
import yaml
from common import in_fresh_process, rss_mb
from rounds import Timing, Workload, cycling, gym_step, timed

from mobile_gym import actions, presets
from mobile_gym.commands import VERBS
from mobile_gym.device.sim import SimDevice
from mobile_gym.registration import GENERIC_ID, make_env
from mobile_gym.sim import Display
from mobile_gym.spaces import ActionType
from mobile_gym.tasks.schema import TaskSpec, parse_task
from mobile_gym.tasks.solution import step_actions
from mobile_gym.wrappers.element_actions import VERBS as ELEMENT_VERBS
from mobile_gym.wrappers.elements import Element, device_elements

TASK_FILE = "tasks/starter/settings_wifi_off.yaml"
START = {"package": "com.android.settings", "activity": ".Settings$NetworkDashboardActivity"}
SWITCH = "Mobile data"
HVGA = Display(width=320, height=480, dpi=160, model="HVGA")
"""A 320 x 480 px display, the size of android_env's smaller FakeSimulator screen."""
CLICK = VERBS.index("click")
ELEMENT_CLICK = ELEMENT_VERBS.index("click")
MEMORY_CLICKS = 20


def bench_task() -> TaskSpec:
    """The starter task ``settings.wifi_off``, started on the Network & internet page."""
    path = importlib.resources.files("mobile_gym.configs") / TASK_FILE
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.setdefault("setup", {})["start"] = START
    return parse_task(data, f"{TASK_FILE} (started on the Network page)")


def make(action_space: str = "touch", observation: str = "pixels", **kwargs: Any) -> gym.Env:
    """The benchmark task as an agent makes it, with no step cap, reset with seed 0."""
    env = make_env(
        bench_task(), max_steps="none", action_space=action_space, observation=observation, **kwargs
    )
    env.reset(seed=0)
    return env


def switch(env: gym.Env) -> Element:
    """The Mobile data switch on the env's screen."""
    return next(e for e in device_elements(env.unwrapped.device) if e.label == SWITCH)


def switch_centre(env: gym.Env) -> tuple[float, float]:
    """The centre of the Mobile data switch, normalised as actions take it."""
    return switch(env).centre(env.unwrapped.device.size)


def stepping(name: str, label: str, unit: str, env: gym.Env, sequence: list[Any]) -> Workload:
    """A workload stepping ``env`` through ``sequence`` over and over; it checks first that
    the sequence changes what the agent observes (so the observation is made anew)."""
    before, after = (_last_observation(env, sequence) for _ in range(2))
    if _same(before, after):
        raise RuntimeError(f"{name}: the benchmark stream leaves the observation unchanged")
    return Workload(name, label, unit, cycling(gym_step(env), env.reset, sequence), env.close)


def _last_observation(env: gym.Env, sequence: list[Any]) -> dict[str, Any]:
    for action in sequence:
        observation, *_ = env.step(action)
    return observation


def _same(first: dict[str, Any], second: dict[str, Any]) -> bool:
    return all(np.array_equal(first[k], second[k]) for k in first)


def touch(scale: float = 0.25, display: Display | None = None) -> Workload:
    """Touch-level steps (3 touch frames and a lift per click), a pixel observation each."""
    env = make(device=SimDevice(display=display), screen_scale=scale)
    width, height = env.observation_space["screen"].shape[1::-1]
    return stepping(
        f"touch_{width}x{height}",
        f"touch-level steps, pixels {width}x{height}",
        "steps",
        env,
        actions.click(*switch_centre(env)),
    )


def gesture_text() -> Workload:
    """Gesture-level clicks (``action_space="gesture"``) with the text observation."""
    env = make("gesture", "text")
    click = {"verb": CLICK, "position": np.array(switch_centre(env), dtype=np.float32)}
    return stepping("gesture_text", "gesture clicks, text obs", "clicks", env, [click])


def element(observation: str, scale: float = 0.25) -> Workload:
    """Element actions (``action_space="element"``) clicking the switch by its number."""
    env = make("element", observation, screen_scale=scale)
    if observation == "pixels":
        width, height = env.observation_space["screen"].shape[1::-1]
        name, shown = f"element_{width}x{height}", f"pixels {width}x{height}"
    else:
        name, shown = f"element_{observation}", f"{observation} obs"
    action = np.array([ELEMENT_CLICK, switch(env).index])
    return stepping(name, f"element actions, {shown}", "actions", env, [action])


def reset(new_content: bool) -> Workload:
    """``env.reset()`` of the touch-level env: with a new seed each time (new content
    booted, as vector envs reset), or with the same seed (the boot state restored)."""
    env = make()

    def run(n: int) -> Timing:
        return timed(lambda: env.reset() if new_content else env.reset(seed=0), n)

    kind = "new content" if new_content else "same seed"
    return Workload(f"reset_{kind.replace(' ', '_')}", f"reset, {kind}", "resets", run, env.close)


def text_input() -> Workload:
    """Touch-level TEXT actions typing a word into a note (the Notes editor, field
    focused), a pixel observation each; each run starts from a fresh episode (untimed)."""
    env = make_env("notes.append_item", max_steps="none")
    word = actions.base_action(ActionType.TEXT, text="word ")

    def run(n: int) -> Timing:
        env.reset(seed=0)
        base = env.unwrapped
        solution = base.episode.solution()
        for step in solution[:2]:
            actions.play(env, step_actions(step, base.device.hierarchy_xml(), base.device.size))
        into = step_actions(solution[2], base.device.hierarchy_xml(), base.device.size)
        actions.play(env, into[:-1])  # click the field; its TEXT action is the timed one
        return timed(lambda: env.step(word), n)

    return Workload("text_input", "TEXT action into a field", "actions", run, env.close)


def vector(num_envs: int) -> Workload:
    """``AsyncVectorEnv`` of element-action envs with quarter-scale pixels, one worker
    process each; the unit is one agent action in one env."""
    envs = presets.make_vec(
        GENERIC_ID,
        num_envs,
        task=bench_task(),
        action_space="element",
        observation="pixels",
        max_steps="none",
        vector_kwargs={"context": "spawn"},
    )
    envs.reset(seed=0)
    probe = make("element")
    batch = np.tile([ELEMENT_CLICK, switch(probe).index], (num_envs, 1))
    probe.close()

    def run(n: int) -> Timing:
        steps = max(1, n // num_envs)  # each vector step is one action in every env
        wall = timed(lambda: envs.step(batch), steps).wall
        return Timing(wall * n / (steps * num_envs), None)  # the work is in the workers

    return Workload(
        f"vector_{num_envs}",
        f"AsyncVectorEnv, {num_envs} worker{'s' if num_envs > 1 else ''}",
        "actions",
        run,
        envs.close,
    )


def resident_mb_per_env(num_envs: int) -> float:
    """Resident memory per env of ``num_envs`` element-action envs with quarter-scale
    pixels in one fresh process, each reset and clicked ``MEMORY_CLICKS`` times, over the
    process after its imports."""
    return in_fresh_process(_resident_mb_per_env, num_envs)


def _resident_mb_per_env(num_envs: int) -> float:
    gc.collect()
    before = rss_mb()
    envs = [make("element") for _ in range(num_envs)]
    for env in envs:
        action = np.array([ELEMENT_CLICK, switch(env).index])
        for _ in range(MEMORY_CLICKS):
            env.step(action)
    gc.collect()
    return (rss_mb() - before) / num_envs
