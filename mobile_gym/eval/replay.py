"""Replaying a recorded trajectory: its actions again on a fresh env, checked step by step
(``mobile-gym replay``).

A trajectory's header line records how its episode was played (task, seed, action space,
observation view, step cap; an RL policy's preset options, such as its element verbs; a
task file's path for a task that is not shipped; the simulated phone's display when it was
not the default one). ``replay`` makes that env, resets it with the seed, gives it the
recorded actions one by one and compares what comes out with what was recorded: each
step's reward, events, instructions, action error and success, and whether the episode
ended where the recording did. The simulated phone is seeded and runs on a virtual clock,
so an unchanged env reproduces a trajectory exactly; a difference means the env, the task
or the file changed.

Values the recording redacted (``mobile_gym.redaction``) are compared redacted; an action
whose text was redacted cannot be replayed as it was.
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from mobile_gym.checks import shown
from mobile_gym.commands import Command
from mobile_gym.redaction import redact_json
from mobile_gym.registration import make_env
from mobile_gym.tasks.loader import resolve_task, shipped_tasks
from mobile_gym.tasks.schema import TaskFileError, TaskSpec

COMPARED = ("reward", "events", "instructions", "action_error", "success")
"""The fields of a step line a replay must reproduce."""

PRESET_OPTIONS = ("action_options", "observation_options", "screen_size")
"""The ``make_env`` options besides the presets a header may record (``preset_options``:
an agent's ``PresetOptions``)."""


class ReplayFileError(ValueError):
    """A trajectory file that cannot be replayed (unreadable, malformed, or recorded
    without what a replay needs); the message names the file and the problem."""


def unreplayable(path: str | pathlib.Path, problem: str) -> str:
    """The verdict on trajectory ``path`` that cannot be replayed: the file, then why
    (``problem``, which may name the file first: it is not named twice)."""
    return f"{path}: cannot be replayed: {problem.removeprefix(f'{path}: ')}"


@dataclass(frozen=True)
class ReplayResult:
    """The outcome of replaying one trajectory."""

    path: str
    task_id: str
    seed: int
    steps: int
    """Recorded steps."""
    success: bool
    """Whether the replayed episode succeeded."""
    first_difference: int | None = None
    """The first step whose outcome differs from the recording (None: identical)."""
    difference: str | None = None
    """What differs there."""

    @property
    def identical(self) -> bool:
        return self.first_difference is None

    @property
    def verdict(self) -> str:
        """One line: identical, or the first differing step and how."""
        episode = f"{self.task_id} seed {self.seed}"
        if self.identical:
            outcome = "success" if self.success else "no success"
            return f"identical: {episode}, {self.steps} steps, {outcome} ({self.path})"
        return (
            f"differs: {episode} at step {self.first_difference}: {self.difference} ({self.path})"
        )


@dataclass(frozen=True)
class _Recording:
    header: dict[str, Any]
    steps: list[dict[str, Any]]
    result: dict[str, Any] | None


def replay(path: str | pathlib.Path) -> ReplayResult:
    """Replay the trajectory at ``path`` (see the module docstring); ReplayFileError when
    it cannot be."""
    recording = _read(pathlib.Path(path))
    header = recording.header
    task = _task(path, header)
    env = _recorded_env(path, header, task)
    seed = header["seed"]
    info: dict[str, Any] = {}

    def outcome(step: int | None, difference: str | None) -> ReplayResult:
        success = bool(info.get("success"))
        return ReplayResult(
            str(path), task.id, seed, len(recording.steps), success, step, difference
        )

    try:
        _, info = env.reset(seed=seed)
        done = False
        for line in recording.steps:
            step = line["step"]
            if done:
                return outcome(step, f"the replayed episode ended at step {step - 1}")
            action = _action(path, line)
            _, reward, terminated, truncated, info = env.step(action)
            done = bool(terminated or truncated)
            replayed = redact_json(
                {
                    "reward": float(reward),
                    "events": list(info.get("events", [])),
                    "instructions": list(info.get("instructions", [])),
                    "action_error": info.get("action_error"),
                    "success": bool(info.get("success")),
                }
            )
            for name in COMPARED:
                if replayed[name] != line.get(name):
                    shown = f"{name} {replayed[name]!r} replayed, {line.get(name)!r} recorded"
                    return outcome(step, shown)
        result = recording.result
        if result is not None and result.get("error") is None and not result.get("agent_error"):
            if not done and recording.steps:
                last = recording.steps[-1]["step"]
                return outcome(last, "the replayed episode goes on; the recorded one ended")
            if bool(result.get("success")) != bool(info.get("success")):
                last = recording.steps[-1]["step"] if recording.steps else 0
                return outcome(last, f"success {bool(info.get('success'))} replayed")
        return outcome(None, None)
    finally:
        env.close()


def read_trajectory(
    path: str | pathlib.Path,
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any] | None]:
    """A trajectory file's header line, step lines and result line (None when it has none);
    ReplayFileError when it cannot be read."""
    recording = _read(pathlib.Path(path))
    return recording.header, recording.steps, recording.result


def replay_screens(
    path: str | pathlib.Path, scale: float = 0.5, width: int | None = None
) -> Iterator[tuple[np.ndarray, str, dict[str, Any]]]:
    """The screens of a recorded episode played again: the RGB screen at ``scale`` (with
    ``width``, that many pixels wide instead, at most the screen's own width), the view
    hierarchy XML and the step's ``info`` after reset, then after each recorded action (as
    far as the replay goes); ReplayFileError when it cannot be replayed."""
    recording = _read(pathlib.Path(path))
    header = recording.header
    env = _recorded_env(path, header, _task(path, header))
    try:
        _, info = env.reset(seed=header["seed"])
        device = env.unwrapped.device
        if width is not None:
            scale = min(1.0, width / device.size[0])
        yield device.screenshot(scale), device.hierarchy_xml(), info
        for line in recording.steps:
            _, _, terminated, truncated, info = env.step(_action(path, line))
            yield device.screenshot(scale), device.hierarchy_xml(), info
            if terminated or truncated:
                return
    finally:
        env.close()


def _read(path: pathlib.Path) -> _Recording:
    """The header, step lines and result line of a trajectory file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayFileError(f"{path}: cannot be read: {exc}") from None
    lines: list[dict[str, Any]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        try:
            line = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ReplayFileError(f"{path}: line {number} is not JSON: {exc.msg}") from None
        if not isinstance(line, dict) or "type" not in line:
            raise ReplayFileError(f"{path}: line {number} is not a trajectory line")
        lines.append(line)
    if not lines or lines[0]["type"] != "episode":
        raise ReplayFileError(f"{path}: not a trajectory (no episode header line)")
    header = lines[0]
    missing = [
        name
        for name in ("task_id", "seed", "action_space", "observation_view", "step_cap")
        if name not in header
    ]
    if missing:
        raise ReplayFileError(
            f"{path}: the header lacks {', '.join(missing)} (recorded by an older mobile-gym "
            "that did not keep what a replay needs)"
        )
    seed = header["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ReplayFileError(
            f"{path}: the header's seed is not a non-negative integer: {shown(seed)}"
        )
    steps = [line for line in lines[1:] if line["type"] == "step"]
    for expected, line in enumerate(steps, 1):
        if line.get("step") != expected or "action" not in line:
            raise ReplayFileError(f"{path}: step line {expected} is missing or malformed")
    results = [line for line in lines[1:] if line["type"] == "result"]
    return _Recording(header, steps, results[-1] if results else None)


def _task(path: str | pathlib.Path, header: dict[str, Any]) -> TaskSpec:
    """The recorded task: from its recorded file, else shipped by id (a recording of an
    older mobile-gym names the file of a shipped task too: the shipped one is played when
    that file is not here)."""
    task_id = header["task_id"]
    source = header.get("task_file")
    if not isinstance(task_id, str) or not (source is None or isinstance(source, str)):
        raise ReplayFileError(f"{path}: the header's task_id or task_file is not a text")
    if task_id in shipped_tasks() and (not source or not pathlib.Path(source).is_file()):
        return shipped_tasks()[task_id]
    if not source:
        raise ReplayFileError(
            f"{path}: task {task_id!r} is not shipped and no task file is recorded"
        )
    try:
        return resolve_task(pathlib.Path(source))
    except TaskFileError as exc:
        raise ReplayFileError(f"{path}: task file {source}: {exc.problems[0]}") from None


def _recorded_env(path: str | pathlib.Path, header: dict[str, Any], task: TaskSpec) -> Any:
    """The env the header says ``task``'s episode was played in: its step cap, presets and
    the preset options it recorded (none in an older recording: the presets' defaults)."""
    cap = header["step_cap"]
    try:
        return make_env(
            task,
            max_steps=cap if cap is not None else "none",
            action_space=header["action_space"],
            observation=header["observation_view"],
            **_device_options(path, header),
            **_preset_options(path, header),
        )
    except (ValueError, TypeError) as exc:  # TypeError: an option of the wrong kind
        raise ReplayFileError(f"{path}: cannot make the recorded env: {exc}") from None


def _device_options(path: str | pathlib.Path, header: dict[str, Any]) -> dict[str, Any]:
    """The ``make_env`` options of the phone the header says the episode played on: the
    simulated phone's display (none recorded: the default phone). An episode played on
    an ADB device cannot be replayed: a replay plays on the simulated phone, whose
    content is not the device's."""
    device = header.get("device", {"kind": "sim"})
    if not isinstance(device, dict) or device.get("kind") not in ("sim", "adb"):
        raise ReplayFileError(f"{path}: the header's device is not one: {shown(device)}")
    if device["kind"] == "adb":
        raise ReplayFileError(
            f"{path}: played on an ADB device; a replay plays on the simulated phone, whose"
            " content is not the device's"
        )
    display = device.get("display")
    return {} if display is None else {"display": display}


def _preset_options(path: str | pathlib.Path, header: dict[str, Any]) -> dict[str, Any]:
    """The header's ``preset_options`` (``PRESET_OPTIONS`` only; none when not recorded)."""
    options = header.get("preset_options", {})
    if not isinstance(options, dict):
        raise ReplayFileError(
            f"{path}: the header's preset_options is not an object of make_env options: "
            f"{shown(options)}"
        )
    unknown = sorted(name for name in options if name not in PRESET_OPTIONS)
    if unknown:
        raise ReplayFileError(
            f"{path}: the header's preset_options has {', '.join(unknown)}, not an option of "
            f"{', '.join(PRESET_OPTIONS)}"
        )
    return options


def _action(path: str | pathlib.Path, line: dict[str, Any]) -> Any:
    """A step line's action, read back as it was given (``StepRecord.action_kind``)."""
    action, kind = line["action"], line.get("action_kind")
    if kind == "array":
        return np.asarray(action)
    if kind == "command":
        try:
            return Command(**action)
        except TypeError as exc:
            raise ReplayFileError(
                f"{path}: step {line['step']}: the action is not a command: {exc}"
            ) from None
    if kind is not None:
        raise ReplayFileError(f"{path}: step {line['step']}: unknown action_kind {kind!r}")
    return action
