"""Running one episode of an agent on a task, recording every step.

How an episode that raises ends: an ``INFRASTRUCTURE_ERRORS`` exception (the agent's
``InfrastructureError``, such as its model endpoint being down; a device fault), a device
fault the env reports in ``info["error"]``, or any exception raised by the env or the task
(which no action can cause: the env refuses bad actions with an ``action_error``) makes it an
``error``, which a resumed run plays again. Any other exception raised by the agent's own
code is the agent's (kept in ``agent_error``): it ends the episode as the step cap would,
judged by the task's rules on what was reached (``MobileEnv.final_verdict``: a latched
success stays one, MobileWorld's final state is judged; a task that needs STATUS fails),
and a failure when it came before the episode's first decision. Both messages are
redacted.
"""

from __future__ import annotations

import dataclasses
import pathlib
import time
from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np

from mobile_gym.agents.base import Agent, InfrastructureError, PresetOptions, TokenUsage
from mobile_gym.commands import Command
from mobile_gym.device.base import DeviceError
from mobile_gym.eval.devices import DeviceChoice
from mobile_gym.eval.observations import StepSaver
from mobile_gym.eval.plan import task_digest
from mobile_gym.eval.records import EpisodeRecord, StepRecord
from mobile_gym.eval.store import RunStore
from mobile_gym.metrics import estimate_tokens, image_tokens_1024
from mobile_gym.redaction import redact
from mobile_gym.registration import make_env, step_cap
from mobile_gym.tasks.loader import shipped_tasks
from mobile_gym.tasks.schema import TaskSpec

DEFAULT_DEVICE = DeviceChoice()
"""The phone an episode plays on when none is chosen: a fresh simulated Pixel 7."""
INFRASTRUCTURE_ERRORS: tuple[type[BaseException], ...] = (
    InfrastructureError,
    DeviceError,
    ConnectionError,
    TimeoutError,
)
"""Exceptions that mean the infrastructure failed, not the agent: the episode is an error."""


class EnvSource(Protocol):
    """Lends ``run_episode`` its env and takes it back, to play the next episode on it."""

    def open(self, task: TaskSpec, **options: Any) -> Any:
        """An env for ``task`` made as ``make_env(task, **options)`` makes it."""

    def release(self, env: Any, healthy: bool) -> None:
        """Take ``env`` back after an episode; ``healthy`` False: its infrastructure failed."""


def action_json(action: Any) -> Any:
    """An action as JSON: a command's set fields, arrays as lists, mappings walked."""
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        defaults = {f.name: f.default for f in dataclasses.fields(action)}
        return {
            name: action_json(value)
            for name, value in vars(action).items()
            if name == "verb" or (value != defaults.get(name) and value != {})
        }
    if isinstance(action, np.ndarray):
        return action.tolist()
    if isinstance(action, np.generic):
        return action.item()
    if isinstance(action, dict):
        return {str(k): action_json(v) for k, v in action.items()}
    if isinstance(action, list | tuple):
        return [action_json(v) for v in action]
    if action is None or isinstance(action, str | int | float | bool):
        return action
    return repr(action)


def action_kind(action: Any) -> str | None:
    """How ``action_json(action)`` is read back into ``action`` (``StepRecord.action_kind``)."""
    if isinstance(action, Command):
        return "command"
    if isinstance(action, np.ndarray):
        return "array"
    return None


def run_episode(
    task: TaskSpec,
    seed: int,
    agent: Agent,
    max_steps: int | str | None = None,
    store: RunStore | None = None,
    screenshots: bool = False,
    save: tuple[str, ...] = (),
    rules: str = "original",
    user: str = "simulated",
    user_options: dict[str, Any] | None = None,
    envs: EnvSource | None = None,
    device: DeviceChoice | None = None,
) -> EpisodeRecord:
    """Play one episode of ``agent`` on ``task`` from ``seed``; save it in ``store`` (an
    earlier record of it there moves to the store's attempts). ``save`` names what to
    keep of every step, step 0 included (``mobile_gym.eval.observations.SAVE_CHOICES``;
    ``screenshots=True`` adds ``screenshots``). ``rules`` picks the task's step cap when
    ``max_steps`` is None (``mobile_gym.tasks.schema.RULES``). ``user`` and ``user_options``
    pick who answers ASK_USER in a task with a ``user`` block (``MobileEnv``'s arguments).
    ``envs`` lends the env and takes it back (an actor's cache); without it the env is
    made here and closed at the end. ``device`` is the phone it plays on (its display; an
    ADB device comes with ``envs``), recorded in the trajectory's header.

    An exception from the agent or the env ends the episode, keeping the steps before it:
    as an error, or judged as the cap would judge it (see the module docstring). A device
    that cannot be reached to make the env is an error of no steps.
    """
    earlier = store.archive_episode(task.id, seed) if store is not None else 0
    preset = agent.preset_options if isinstance(agent, PresetOptions) else {}
    try:
        env = (envs.open if envs is not None else make_env)(
            task,
            max_steps=max_steps,
            action_space=agent.action_space,
            observation=agent.observation,
            rules=rules,
            user=user,
            user_options=user_options,
            **(device.env_options() if device is not None else {}),
            **preset,
        )
    except INFRASTRUCTURE_ERRORS as exc:  # the device cannot be reached: nothing is played
        cap = step_cap(max_steps, task, rules)
        start = episode_header(
            task, agent.action_space, agent.observation, max_steps, rules, cap, user, preset, device
        )
        record = episode_record(
            task, seed, agent.name, cap, "", [], declared=False, success=False,
            truncated=False, base=None, error=describe_error(exc), agent_error=None,
            store=store, earlier=earlier,
        )  # fmt: skip
        if store is not None:
            store.save_episode(record, (), start)
        return record
    base = env.unwrapped
    cap = getattr(env, "max_steps", None)
    kept = (*save, "screenshots") if screenshots else tuple(save)
    saver = StepSaver(store, task.id, seed, env, kept) if store is not None and kept else None
    start = episode_header(
        task, agent.action_space, agent.observation, max_steps, rules, cap, user, preset, device
    )
    serial = getattr(base.device, "serial", None)  # which ADB device played it
    if isinstance(serial, str):
        start["device"] = {**start.get("device", {"kind": "adb"}), "serial": serial}
    steps: list[StepRecord] = []
    declared = False  # whether the agent declared STATUS
    outcome: dict[str, Any] = {"success": False, "truncated": False}
    instruction = ""
    error: str | None = None
    agent_error: str | None = None
    in_agent = False  # whose code is running: an exception there is the agent's own
    playing = False  # whether the episode was set up and the agent told of it
    try:
        if hasattr(agent, "attach"):
            in_agent = True
            agent.attach(env)
            in_agent = False
        observation, info = env.reset(seed=seed)
        instruction = info["instruction"]
        if info.get("error"):  # the device failed while the episode was set up
            raise DeviceError(info["error"])
        if saver is not None:
            start["reset"] = {
                "screenshot": saver.screenshot(0),
                "observation": saver.observation(0, observation),
            }
        in_agent = True
        agent.reset(instruction, info, seed=seed)
        in_agent = False
        playing = True  # an exception from the agent now ends this episode
        done = False
        while not done:
            asked, called = exchanges(base)
            started = time.perf_counter()
            in_agent = True
            action = agent.act(observation, info)
            in_agent = False
            latency = time.perf_counter() - started
            if saver is not None:
                saver.prompt(len(steps), agent)
            observation, reward, terminated, truncated, info = env.step(action)
            done = bool(terminated or truncated)
            shot = files = None
            if saver is not None and not info.get("error"):  # a faulted device is not read
                shot = saver.screenshot(len(steps) + 1)
                files = saver.observation(len(steps) + 1, observation)
            steps.append(
                step_record(
                    len(steps) + 1,
                    action,
                    reward,
                    info,
                    output=agent.last_output,
                    latency_s=latency,
                    usage=agent.last_usage,
                    exchanged=(asked, called),
                    base=base,
                    screenshot=shot,
                    observation=files,
                )
            )
            declared = info.get("agent_status") is not None
            error = device_error(info) or error
        outcome = {"success": bool(info.get("success")) and error is None, "truncated": truncated}
    except INFRASTRUCTURE_ERRORS as exc:  # the episode is recorded as an error, the run goes on
        error = describe_error(exc)
    except Exception as exc:  # the run goes on
        if in_agent:  # the agent's own: the episode ends there, as a cap would end it
            agent_error = describe_error(exc)
            try:
                outcome["success"] = playing and base.final_verdict()
            except INFRASTRUCTURE_ERRORS as fault:  # the device failed judging it
                error = describe_error(fault)
        else:  # the env, the task or the device: not the agent's doing
            error = describe_error(exc)
    finally:
        if envs is None:
            env.close()
        else:
            envs.release(env, healthy=error is None)
    record = episode_record(
        task,
        seed,
        agent.name,
        cap,
        instruction,
        steps,
        declared=declared,
        success=outcome["success"],
        truncated=bool(outcome["truncated"]),
        base=base,
        error=error,
        agent_error=agent_error,
        store=store,
        earlier=earlier,
    )
    if store is not None:
        store.save_episode(record, (step.to_json() for step in steps), start)
    return record


def episode_header(
    task: TaskSpec,
    action_space: str,
    observation: str,
    max_steps: int | str | None,
    rules: str,
    cap: int | None,
    user: str = "simulated",
    preset_options: Mapping[str, Any] | None = None,
    device: DeviceChoice | None = None,
) -> dict[str, Any]:
    """What a trajectory's header line records of how the episode is played (what a
    replay needs to make the same env; ``RunStore.save_episode``'s ``start``).
    ``preset_options`` are the env's other ``make_env`` options (an agent's
    ``PresetOptions``), recorded only when there are some; ``device`` only when it is not
    the default simulated phone."""
    task_file = _task_file(task)
    phone = (device or DEFAULT_DEVICE).to_json()
    return {
        "action_space": action_space,
        "observation_view": observation,
        "max_steps": max_steps,
        "rules": rules,
        "step_cap": cap,
        **({"user": user} if user != "simulated" else {}),
        **({"preset_options": action_json(preset_options)} if preset_options else {}),
        **({"device": phone} if phone != DEFAULT_DEVICE.to_json() else {}),
        **({"task_file": task_file} if task_file else {}),
    }


def _task_file(task: TaskSpec) -> str | None:
    """The file a replay reads ``task`` from, as an absolute path: None for a shipped task
    (a replay finds it by id, wherever mobile-gym is installed) and for one made in code; a
    file that gives a shipped task's id is recorded, so that it is replayed, not the
    shipped one."""
    if task.source == "<task>":
        return None
    shipped = shipped_tasks().get(task.id)
    if shipped is not None and shipped.source == task.source:
        return None
    return str(pathlib.Path(task.source).resolve())


def exchanges(base: Any) -> tuple[int, int]:
    """How many questions the agent has asked the user and tools it has called so far in
    the episode of ``base`` (the unwrapped env); taken before a step for ``step_record``."""
    return len(base.episode.agent.questions), len(base.episode.agent.tool_calls)


def device_error(info: dict[str, Any]) -> str | None:
    """The device fault a step's ``info`` reports, as the record keeps it (redacted)."""
    return redact(f"device: {info['error']}") if info.get("error") else None


def step_record(
    number: int,
    action: Any,
    reward: float,
    info: dict[str, Any],
    *,
    output: str | None,
    latency_s: float,
    usage: TokenUsage | None,
    exchanged: tuple[int, int],
    base: Any,
    screenshot: str | None = None,
    observation: dict[str, str] | None = None,
) -> StepRecord:
    """The record of step ``number``: ``action`` given to the env and the ``reward`` and
    ``info`` it returned. ``exchanged`` is ``exchanges(base)`` taken before the step."""
    asked, called = exchanges(base)
    return StepRecord(
        step=number,
        action=action_json(action),
        output=output,
        reward=float(reward),
        instructions=list(info.get("instructions", [])),
        events=list(info.get("events", [])),
        action_error=info.get("action_error"),
        latency_s=latency_s,
        tokens_reported=usage.reported if usage else None,
        tokens_estimated=estimate_tokens(usage),
        tokens_estimated_1024=estimate_tokens(usage, image_tokens_1024),
        success=bool(info.get("success")),
        early_stop=bool(info.get("early_stop")),
        late_stop=bool(info.get("late_stop")),
        asked_user=asked > exchanged[0],
        mcp_call=called > exchanged[1],
        screenshot=screenshot,
        observation=observation,
        action_kind=action_kind(action),
        user_reply=info.get("ask_user_response"),
        tool_call=action_json(info["tool_call"]) if info.get("tool_call") else None,
        task_actions=int(info.get("task_actions", 1)),
    )


def episode_record(
    task: TaskSpec,
    seed: int,
    agent: str,
    cap: int | None,
    instruction: str,
    steps: list[StepRecord],
    *,
    declared: bool,
    success: bool,
    truncated: bool,
    base: Any,
    error: str | None,
    agent_error: str | None,
    store: RunStore | None,
    earlier: int,
) -> EpisodeRecord:
    """The record of an episode of ``agent`` (its name) played in ``steps``: ``declared``
    whether the agent declared STATUS, ``base`` the unwrapped env it was played on (None:
    no env could be made), ``earlier`` how many earlier attempts ``store`` keeps of it."""
    reported = [s.tokens_reported for s in steps if s.tokens_reported is not None]
    return EpisodeRecord(
        task_id=task.id,
        seed=seed,
        agent=agent,
        suite=task.suite,
        apps=list(task.apps),
        category=task.category,
        tags=task.tags,
        difficulty=task.level,
        min_steps=task.min_steps,
        step_cap=cap,
        instruction=instruction,
        steps=sum(s.task_actions for s in steps) - _uncounted_status(task, declared),
        decisions=len(steps),
        success=success,
        task_type=task.task_type or "",
        failure=bool(base is not None and base.episode is not None and base.episode.failed),
        early_stop=any(s.early_stop for s in steps),
        late_stop=any(s.late_stop for s in steps),
        truncated=truncated,
        total_reward=sum(s.reward for s in steps),
        latency_s=sum(s.latency_s for s in steps),
        tokens_reported=sum(reported) if reported else None,
        tokens_estimated=sum(s.tokens_estimated for s in steps),
        tokens_estimated_1024=sum(s.tokens_estimated_1024 for s in steps),
        tokens_counted=sum(s.tokens for s in steps),
        tokens_counted_1024=sum(s.tokens_1024 for s in steps),
        asks=sum(s.asked_user for s in steps),
        mcp_calls=sum(s.mcp_call for s in steps),
        error=error,
        agent_error=agent_error,
        trajectory=store.relative(store.trajectory_path(task.id, seed)) if store else None,
        extra={
            "stop_after_finish": task.stop_after_finish,
            "task_digest": task_digest(task),
            **({"earlier_attempts": earlier} if earlier else {}),
        },
    )


def _uncounted_status(task: TaskSpec, declared: bool) -> int:
    """1 when the agent declared STATUS and the task does not count STATUS as a step
    (``EpisodeRules.status_counts``); STATUS ends the episode, so it was the last step."""
    return int(declared and not task.episode.status_counts)


def describe_error(exc: BaseException) -> str:
    """An exception as the record keeps it: its class and message, redacted."""
    return redact(f"{type(exc).__name__}: {exc}")
