"""MobileEnv: a Gymnasium env over a phone, judged by a declarative task file.

Description:
    The agent drives a phone (by default the in-process simulated phone) at touch level, as
    an emulator receives input. A task file sets the phone up, draws parameters from the
    seed, gives the instruction, and judges the episode with signals and an event tree
    that grant rewards and deliver intermediate instructions every step.

Action Space:
    ``Dict(action_type: Discrete(9), touch_position: Box([0, 1]^2), key: Discrete(len(KEYS)),
    text: UnicodeText(4096))``; see ``mobile_gym.spaces.ActionType``. Higher-level actions
    (clicks, elements, text commands) are wrappers over this space. Every field is checked
    (``mobile_gym.checks``) and no action value raises: a ``touch_position`` off the
    screen but finite (``[2, -1]``, ``[10**400, 0]``) is clamped onto its edge, as a
    touchscreen does; an action that cannot be carried out (not a dict, an unknown
    ``action_type``, a position that is not two finite numbers, a ``key`` that is no index
    into ``KEYS``, a ``text`` that is not a string or is longer than the space allows,
    MCP_CALL text that is not a JSON object or nests too deep) lets one frame pass and says
    why in ``info["action_error"]``. Only ``step`` before ``reset``, or after a step that
    ended the episode (``terminated``), raises (RuntimeError).

Observation:
    ``Dict(screen: Box(uint8, H x W x 3), instruction: UnicodeText)``; the screen is scaled by
    ``screen_scale`` and read-only (no two observations share an array; ``.copy()`` it to
    draw on it). A view that replaces the screen calls ``drop_screen``: the observation is
    then ``Dict(instruction)`` and no pixels are drawn for it. A task with a ``user`` block
    adds ``ask_user_response: UnicodeText``: what its simulated user said since the last
    observation (``mobile_gym.tasks.user``), answering ASK_USER or unasked, else ''.
    ``info`` holds the view hierarchy (built when read), the foreground app and activity,
    the instructions and events of the step, the reward breakdown, the agent's status,
    early / late stop flags, any user reply (``ask_user_response``, also ``user_reply``) or
    tool result, and ``action_error``. A task with ``tools`` adds ``tools`` (the MCP tools
    the agent may call, one JSON object a line) and ``tool_call`` (the result of the step's
    MCP_CALL, else '') to the observation; its reset ``info`` lists the tools (``tools``)
    and a step's MCP_CALL puts the call and its result in ``info["tool_call"]`` (the result
    also in ``tool_result``, as for tasks without tools).

Rewards:
    The sum of the rewards of the events that fired in the step. Events whose condition
    already holds at reset fire then: they show in the reset ``info`` (events, reward
    breakdown, instructions) but no action earned their reward, so it is not returned (a
    task started past its first stage, say, begins with that stage done).

Termination:
    ``terminated`` on success (unless the task waits for the agent's STATUS), on failure, or
    when the agent declares STATUS; the next ``step`` raises until ``reset``, so that no
    action counts after the end. ``truncated`` comes from the step cap wrapper
    (``cut_off``). A device fault (a ``DeviceError``: the device kept failing after retries;
    or an MCP tool server that died or stopped answering, restarted at the next reset) also
    ends the episode, wherever it is met (a step, judging the end at the cap, a wrapper's or
    ``render``'s read): ``info["error"]`` says what failed, the reward is 0, ``success`` is
    False, and every later ``step`` repeats it until ``reset``. So does a reset after which
    the task's goal already holds, before any action (a device that keeps what an earlier
    episode did): it is never a success.

Registered Configurations:
    ``MobileGym/<task-id>-v0`` for every task in ``configs/tasks``; ``MobileGym/Task-v0``
    takes ``task=`` (an id or a path to a YAML file).
"""

from __future__ import annotations

import contextlib
import functools
import json
import pathlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, SupportsIndex

import gymnasium as gym
import numpy as np
from gymnasium.error import ClosedEnvironmentError

from mobile_gym.actions import StepResult
from mobile_gym.checks import check_int, check_number, check_point, check_text, shown
from mobile_gym.device.base import Device, DeviceError
from mobile_gym.device.factory import open_device
from mobile_gym.device.sim import SimDevice
from mobile_gym.spaces import (
    KEYS,
    NO_FOCUSED_FIELD,
    STATUSES,
    TEXT_LENGTH,
    ActionType,
    Image,
    UnicodeText,
    touch_action_space,
)
from mobile_gym.tasks.episode import Episode
from mobile_gym.tasks.events import Firing
from mobile_gym.tasks.loader import resolve_task
from mobile_gym.tasks.schema import TaskSpec
from mobile_gym.tasks.signals import parse_tool_call
from mobile_gym.tasks.user import make_user_factory
from mobile_gym.timing import FRAME_MS

if TYPE_CHECKING:
    from mobile_gym.mcp.hub import ToolHub
    from mobile_gym.sim.display import Display

NOT_AVAILABLE = "{what} is not available in this task"
USER_RESPONSE = "ask_user_response"
"""The observation and ``info`` key of what the user said (MobileWorld's name)."""
TOOL_CALL = "tool_call"
"""The observation and ``info`` key of an MCP call's result (MobileWorld's name)."""
TOOL_TEXT_LENGTH = 65536
"""The longest tool list or tool result an observation holds; a longer one is cut."""
NO_HIERARCHY = (
    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\" />"
)
"""The view hierarchy reported after a device fault: no screen could be read."""


_TEXT_KINDS = frozenset(
    (
        ActionType.TEXT,
        ActionType.ANSWER,
        ActionType.STATUS,
        ActionType.ASK_USER,
        ActionType.MCP_CALL,
    )
)
"""The action types that read the action's ``text``."""
_NO_FIRING = Firing()
"""What a step in which nothing could fire adds up to; only read, never handed out."""


_ACTION_TYPES = tuple(ActionType)
"""The action types by number."""


def _action_type(action: Any) -> ActionType | None:
    """The action type an action's ``action_type`` numbers, given as any number (``4``,
    ``4.0``, ``np.int64(4)``) but a bool; None if the action is no dict or names none."""
    if not isinstance(action, Mapping):
        return None
    raw = action.get("action_type")
    if type(raw) is int and 0 <= raw < len(_ACTION_TYPES):  # the common case first
        return _ACTION_TYPES[raw]
    try:
        number = check_number("action_type", raw, 0, len(ActionType) - 1)
    except ValueError:
        return None
    return _ACTION_TYPES[int(number)] if number.is_integer() else None


def _cut(text: str) -> str:
    """``text`` cut to ``TOOL_TEXT_LENGTH`` with an ellipsis."""
    if len(text) <= TOOL_TEXT_LENGTH:
        return text
    return text[: TOOL_TEXT_LENGTH - 1] + "\u2026"


class _Unobserved(contextlib.ContextDecorator):
    """The context of ``MobileEnv.unobserved``: the env's steps are unobserved inside (and
    still are after a context inside it ends)."""

    def __init__(self, env: MobileEnv) -> None:
        self._env = env
        self._outside: list[bool] = []

    def __enter__(self) -> None:
        self._outside.append(self._env._unobserved)
        self._env._unobserved = True

    def __exit__(self, *exc: object) -> None:
        self._env._unobserved = self._outside.pop()


class LazyHierarchy:
    """The view hierarchy XML of one step, dumped only when read (``str()`` or ``.xml``).

    It is the hierarchy of the moment the step ended, even when read after later steps.
    """

    def __init__(self, later: Callable[[], str]) -> None:
        self._later: Callable[[], str] | None = later
        self._xml: str | None = None

    @property
    def xml(self) -> str:
        if self._xml is None:
            assert self._later is not None
            self._xml, self._later = self._later(), None
        return self._xml

    def __str__(self) -> str:
        return self.xml

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyHierarchy):
            return self.xml == other.xml
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        # sent to another process (vector envs): the XML goes along, dumped once
        return (LazyHierarchy, (functools.partial(str, self.xml),))

    def __repr__(self) -> str:
        return (
            "LazyHierarchy(not read)"
            if self._xml is None
            else f"LazyHierarchy({len(self._xml)} chars)"
        )


_NOT_COPIED = (
    "a MobileEnv cannot be copied or pickled: it drives a live phone (a copy would act on"
    " the same one). Make another env for another phone (gym.make(env.spec), or an env"
    " factory for vector envs); on the simulated phone, go back to a state with"
    " env.unwrapped.device.phone.snapshot() and .restore(snapshot)"
)
"""Why a mobile-gym env or wrapper cannot be copied, and what to do instead."""


class RefusesCopies:
    """Refuses ``copy.copy``, ``copy.deepcopy`` and pickling with a TypeError that says why:
    the env and mobile-gym's wrappers over it drive a live phone, so a copy would act on the
    same one (a shallow copy of a wrapper, not refused, would share the wrapped env)."""

    def __copy__(self) -> NoReturn:
        raise TypeError(_NOT_COPIED)

    def __reduce_ex__(self, protocol: SupportsIndex) -> NoReturn:
        # (what copy.deepcopy and pickle call, and copy.copy without ``__copy__``)
        raise TypeError(_NOT_COPIED)


class MobileEnv(gym.Env[dict[str, Any], dict[str, Any]], RefusesCopies):
    """A phone and a task: touch-level actions in, screen and instruction out.

    Args:
        task: a task id from ``configs/tasks``, a path to a task YAML file, or a ``TaskSpec``.
        device: the phone to drive: a ``Device``, ``"sim"`` (a fresh simulated phone, the
            default) or ``"adb"`` (a device or emulator through an ADB server).
        screen_scale: scale of the observed screen (1.0 is full 1080 x 2400).
        render_mode: ``"rgb_array"`` renders the full-size screen.
        serial, adb_host, adb_port: with ``device="adb"``: the device's serial and the ADB
            server (default 127.0.0.1:5037).
        display: the simulated phone's screen: a device profile of ``configs/devices.yaml``
            (``small_phone``, ``tablet_10``, ...; ``mobile-gym list displays``) or a
            ``Display``; default the Pixel 7's 1080 x 2400 at 420 dpi.
        user, user_options: who answers ASK_USER in a task with a ``user`` block:
            ``"simulated"`` (deterministic) or ``"llm"`` (a chat model; options ``model``,
            ``base_url``, ...): see ``mobile_gym.tasks.user.make_user_factory``.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["rgb_array"],
        "render_fps": 1000 // FRAME_MS,
    }

    def __init__(
        self,
        task: str | pathlib.Path | TaskSpec,
        device: Device | str | None = None,
        screen_scale: float = 0.25,
        render_mode: str | None = None,
        serial: str | None = None,
        adb_host: str | None = None,
        adb_port: int | None = None,
        display: Display | str | None = None,
        user: str = "simulated",
        user_options: dict[str, Any] | None = None,
    ) -> None:
        if render_mode not in (None, "rgb_array"):
            raise ValueError(
                f"render_mode must be None or 'rgb_array', got {render_mode!r}"
                " ('human' is gym.make's and make_env's: they show the frames in a window)"
            )
        screen_scale = check_number("screen_scale", screen_scale, 0.05, 1.0)
        self.task = task if isinstance(task, TaskSpec) else resolve_task(task)
        self._users = make_user_factory(user, user_options)
        self.device, self._owns_device = open_device(device, serial, adb_host, adb_port, display)
        self.screen_scale = screen_scale
        self.render_mode = render_mode
        width, height = self.device.size
        shape = (max(1, round(height * screen_scale)), max(1, round(width * screen_scale)), 3)
        self.observation_space = gym.spaces.Dict(
            {
                "screen": Image(shape),
                "instruction": UnicodeText(TEXT_LENGTH),
                **({USER_RESPONSE: UnicodeText(TEXT_LENGTH)} if self.task.user else {}),
                **self._tool_spaces(),
            }
        )
        self._user_response = ""
        """What the user said since the last observation ('' when nothing)."""
        self._agent_steps = 0
        """Observed steps (agent actions) of the episode, for a correction's ``at_step``."""
        self.action_space = touch_action_space()
        self._text_length = self.action_space["text"].max_length
        self.episode: Episode | None = None
        self.instruction = ""
        self.steps = 0
        self.success = False
        self._status: str | None = None
        self._last_frame: np.ndarray | None = None
        self._unobserved = False
        self.error: str | None = None
        """What failed when a device fault ended the episode (None otherwise)."""
        self.tool_hub: ToolHub | None = None
        """The task's MCP tool servers, started at the first reset (tasks with ``tools``)."""
        self._tool_view = {"tools": "", TOOL_CALL: ""} if self.task.tools else {}
        """The observation's tool parts: the tool list and the step's tool result."""
        self.closed = False
        """Whether ``close`` was called: the env then refuses to reset, step or render."""

    # gymnasium API -----------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if options:  # (an empty dict, as vector envs pass, is no option)
            given = sorted(map(str, options)) if isinstance(options, dict) else repr(options)
            raise ValueError(
                f"reset takes no options, got {given}: an env plays one"
                " task (make one env per task, or register task files as gym ids)"
            )
        self._refuse_if_closed("reset")
        self.refuse_another_screen(self.task)
        super().reset(seed=seed)
        device_seed = int(self.np_random.integers(2**31 - 1))
        self.steps = 0
        self.success = False
        self._status: str | None = None
        self.error = None
        self._ended_at: int | None = None
        self._user_response, self._agent_steps = "", 0
        try:
            return self._start_episode(device_seed, originals=seed == 0)
        except DeviceError as exc:
            self.episode = None
            self.device_failed(exc)
        return self._fault_outcome()

    def _start_episode(
        self, device_seed: int, originals: bool
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Reset the device and start an episode; ``originals`` (seed 0) takes the
        parameters' ``original`` values."""
        self.device.reset(device_seed)
        tools = self._start_tools()
        self.episode = Episode(self.task, self.device, self.np_random, originals, self._users)
        self.instruction = self.episode.instruction
        firing = self.episode.judge()
        if self.episode.success_reached or self.episode.success_holds_now():
            raise DeviceError(
                f"{self.task.id}: its goal holds before any action: the phone keeps what an"
                " earlier episode did, which the task's setup does not undo (restore the"
                " device between episodes: an emulator snapshot, AdbDevice(on_reset=...)),"
                " or the task's setup already reaches its goal"
            )
        if firing.instructions:
            self.instruction = firing.instructions[-1]
        info = self._info(firing, [self.episode.instruction, *firing.instructions], None, {})
        info["early_stop"] = info["late_stop"] = False
        if tools is not None:
            info["tools"] = tools
        return self._observation(), info

    def step(self, action: dict[str, Any]) -> StepResult:
        """Carry out one touch-level action and judge the task; a device fault ends the
        episode (see the module docstring)."""
        self._refuse_if_closed("step")
        if self.error is None:
            if self.episode is None:
                raise RuntimeError("call reset() before step()")
            if self._ended_at is not None:
                raise RuntimeError(
                    f"the episode ended at step {self._ended_at} (terminated): call reset()"
                    " before step()"
                )
            steps = self.steps
            try:
                return self._step(self.episode, action)
            except DeviceError as exc:
                self.device_failed(exc)
                self.steps = steps + 1
        else:  # the episode already ended with a device fault
            self.steps += 1
        return self._fault_step()

    def _step(self, episode: Episode, action: dict[str, Any]) -> StepResult:
        was_done = episode.success_reached
        extra: dict[str, Any] = {}
        if self._tool_view:
            self._tool_view[TOOL_CALL] = ""
        error = self._apply(action, extra)
        self.steps += 1
        if not self._unobserved:  # an agent action ends with this step
            self._agent_steps += 1
            said = episode.volunteer(self._agent_steps)
            if said is not None:
                self._user_says(" ".join(filter(None, (extra.get(USER_RESPONSE), said))), extra)
        firing = episode.judge_if_changed() or _NO_FIRING
        if firing.instructions:
            self.instruction = firing.instructions[-1]
        status = extra.get("status")
        rules = self.task.episode
        if rules.success == "latched":
            self.success = episode.success_reached and (
                not rules.require_status or self._status == "complete"
            )
        else:
            self.success = episode.success_holds_now() and (
                not rules.require_status or self._status == "complete"
            )
        terminated = bool(
            episode.failed
            or status is not None
            or (rules.answer_ends and error is None and _action_type(action) is ActionType.ANSWER)
            or (episode.success_reached and rules.end_on_success and not rules.require_status)
        )
        if episode.failed:
            self.success = False
        if terminated:
            self._ended_at = self.steps
        if self._unobserved and not terminated:
            # a touch step within one agent action: only what ``play`` gathers is reported
            return (
                None,
                float(firing.reward),
                False,
                False,
                self._sub_step_info(firing, firing.instructions, error, extra),
            )
        info = self._info(firing, firing.instructions, error, extra)
        info["early_stop"] = status is not None and not episode.success_reached
        info["late_stop"] = was_done and status is None
        return self._observation(), float(firing.reward), terminated, False, info

    def render(self) -> np.ndarray | None:
        self._refuse_if_closed("render")
        if self.render_mode != "rgb_array":
            return None
        if self.error is None:
            try:
                return self.device.screenshot(1.0)
            except DeviceError as fault:  # the next step ends the episode with it
                self.device_failed(fault)
        width, height = self.device.size  # the device failed: a black screen
        return np.zeros((height, width, 3), np.uint8)

    def close(self) -> None:
        """Close the device if the env opened it (``device="adb"`` stops its logcat stream)
        and stop the task's MCP tool servers. Closing again does nothing; a closed env
        refuses ``reset``, ``step`` and ``render`` (``ClosedEnvironmentError``)."""
        self.closed = True
        if self.tool_hub is not None:
            self.tool_hub.close()
            self.tool_hub = None
        close = getattr(self.device, "close", None)
        if self._owns_device and close is not None:
            close()

    def refuse_another_screen(self, task: TaskSpec) -> None:
        """ValueError if ``task``'s checks are written for a screen (``TaskSpec.screen``)
        other than the simulated phone's display (a device over ADB shows its own): reset
        refuses such a task."""
        need = task.screen
        if need is not None and isinstance(self.device, SimDevice):
            display = self.device.phone.display
            if not need.fits(display.width, display.height, display.dpi):
                raise ValueError(
                    f"{task.id}: its checks are written for a screen of {need}, and this"
                    f" phone's is {display.width} x {display.height} px at {display.dpi}"
                    " dpi: play it on that display"
                )

    def _refuse_if_closed(self, call: str) -> None:
        if self.closed:
            raise ClosedEnvironmentError(
                f"{call}() on a closed env: make a new env (close() released its device"
                " and tool servers)"
            )

    # what is observed ------------------------------------------------------------------------
    def drop_screen(self) -> None:
        """Leave the screenshot out of observations from now on (``observation_space`` keeps
        the rest), so no pixels are drawn that no one reads. The views that
        replace the screen with text call it; ``render()`` still draws the screen."""
        self.observation_space = gym.spaces.Dict(
            {k: v for k, v in self.observation_space.spaces.items() if k != "screen"}
        )

    def unobserved(self) -> contextlib.AbstractContextManager[None]:
        """Steps taken inside return None for the observation unless the episode ends: for
        the touch steps within one agent-level action, whose observations no one reads
        (``mobile_gym.actions.play``). Their info then holds only what ``play`` gathers
        from such steps (``_sub_step_info``); rewards, termination and the episode's
        judging are unchanged."""
        return _Unobserved(self)

    # the episode's end under a step cap ----------------------------------------------------
    def final_verdict(self) -> bool:
        """Success as the task's rules judge it when the episode is cut off now; a task
        judged on its final state reads the device, which may raise DeviceError (``cut_off``
        makes that a device fault)."""
        if self.episode is None or self.error is not None:
            return False
        rules = self.task.episode
        if self.episode.failed or (rules.require_status and self._status != "complete"):
            return False
        if rules.success == "latched":
            return self.episode.success_reached
        return self.episode.success_holds_now()

    def cut_off(self, result: StepResult) -> StepResult:
        """``result``, of a step that did not end the episode, as a step cap ends it there:
        ``truncated``, with ``info["success"]`` the ``final_verdict``. A device fault met
        judging it, or recorded in the step (``device_failed``) and not yet reported, ends
        the episode as any device fault does: ``terminated``, reward 0, ``info["error"]``,
        never a success; the observation stays the step's."""
        observation, reward, _, _, info = result
        try:
            success = self.final_verdict()
        except DeviceError as fault:
            self.device_failed(fault)
        else:
            if self.error is None:
                return observation, reward, False, True, {**info, "success": success}
        _, reward, terminated, truncated, fault_info = self._fault_step()
        return observation, reward, terminated, truncated, {**info, **fault_info}

    # internals ----------------------------------------------------------------------------
    def _apply(self, action: Any, extra: dict[str, Any]) -> str | None:
        """Carry out one action; return a readable error for a malformed one (then nothing
        happens but a frame of time)."""
        kind = _action_type(action)
        if kind is None:
            self.device.wait(FRAME_MS)
            wanted = f"action_type must be an integer in 0..{len(ActionType) - 1}"
            if not isinstance(action, Mapping):
                return f"{wanted}: an action is a dict, got {shown(action)}"
            return f"{wanted}, got {shown(action.get('action_type'))}"
        if kind is ActionType.TOUCH:
            return self._touch(action)
        text = ""
        if kind in _TEXT_KINDS:
            try:
                text = check_text(kind.name, action.get("text", ""), self._text_length)
            except ValueError as exc:
                self.device.wait(FRAME_MS)
                return str(exc)
        if kind is ActionType.LIFT:
            self.device.lift()
        elif kind is ActionType.REPEAT:
            self.device.wait(FRAME_MS)
        elif kind is ActionType.TEXT:
            if not self.device.text(text):
                return NO_FOCUSED_FIELD
        elif kind is ActionType.KEY:
            return self._key(action.get("key"))
        else:
            return self._tell(kind, text, extra)
        return None

    def _touch(self, action: Any) -> str | None:
        """Put the finger down at the action's ``touch_position``, clamped to the screen."""
        try:
            x, y = check_point("touch_position", action.get("touch_position"), 0.0, 1.0, clamp=True)
        except ValueError as exc:
            self.device.wait(FRAME_MS)
            return str(exc)
        width, height = self.device.size
        x, y = x * (width - 1), y * (height - 1)
        self.device.touch(x, y)
        return None

    def _key(self, index: Any) -> str | None:
        """Press the key ``index`` names in ``KEYS``."""
        try:
            key = KEYS[check_int("key", index, 0, len(KEYS) - 1)]
        except ValueError:
            self.device.wait(FRAME_MS)
            return f"key must be an index into KEYS (0..{len(KEYS) - 1}), got {shown(index)}"
        self.device.key(key)
        return None

    def _tell(self, kind: ActionType, text: str, extra: dict[str, Any]) -> str | None:
        """Record what the agent says (ANSWER, STATUS, ASK_USER, MCP_CALL); a reply goes
        into ``extra``."""
        agent = self.episode.agent  # type: ignore[union-attr]
        if kind in (ActionType.ANSWER, ActionType.ASK_USER) and not text.strip():
            self.device.wait(FRAME_MS)
            return f"{kind.name} needs text (not only spaces)"
        if kind is ActionType.ANSWER:
            agent.answer, agent.answers = text, agent.answers + 1
        elif kind is ActionType.STATUS:
            goal = text.strip().lower()
            if goal not in STATUSES:
                self.device.wait(FRAME_MS)
                return f"STATUS text must be one of {STATUSES}, got {shown(text)}"
            agent.status = goal
            self._status = goal
            extra["status"] = goal
        elif kind is ActionType.ASK_USER:
            reply = self.episode.ask(text)  # type: ignore[union-attr]
            self._user_says(
                NOT_AVAILABLE.format(what="ask_user") if reply is None else reply, extra
            )
        else:
            try:
                tool, arguments = parse_tool_call(text)
            except ValueError as exc:
                self.device.wait(FRAME_MS)
                return str(exc)
            agent.tool_calls.append((tool, arguments))  # a failed call counts too
            if self.tool_hub is None:
                extra["tool_result"] = NOT_AVAILABLE.format(what=f"MCP tool {shown(tool)}")
            else:
                self._call_tool(tool, arguments, extra)
            if self.tool_hub is None or extra[TOOL_CALL]["is_error"]:
                agent.failed_tool_calls.add(len(agent.tool_calls) - 1)
        agent.touch()
        return None

    def _user_says(self, text: str, extra: dict[str, Any]) -> None:
        """Put what the user said in the step's ``info`` (``ask_user_response``, and
        ``user_reply`` as before) and in the next observation when it has the field."""
        extra["user_reply"] = extra[USER_RESPONSE] = text
        if USER_RESPONSE in self.observation_space.spaces:
            self._user_response = text[: self.observation_space[USER_RESPONSE].max_length]

    def _said(self) -> dict[str, str]:
        """The observation's ``ask_user_response`` (what the user said since the last
        observation, else ''), for a task with a user; nothing otherwise."""
        if USER_RESPONSE not in self.observation_space.spaces:
            return {}
        said, self._user_response = self._user_response, ""
        return {USER_RESPONSE: said}

    def _observation(self) -> dict[str, Any]:
        # The phone renders a new read-only frame whenever the screen changes and hands out
        # the same one until then; only that repeat is copied, so no two observations share
        # an array and a changed screen costs no copy.
        if "screen" not in self.observation_space.spaces:
            return {"instruction": self.instruction, **self._said(), **self._tool_view}
        frame = self.device.screenshot(self.screen_scale)
        if frame is self._last_frame:
            frame = frame.copy()
            frame.flags.writeable = False
        else:
            self._last_frame = frame
        return {"screen": frame, "instruction": self.instruction, **self._said(), **self._tool_view}

    # MCP tools ---------------------------------------------------------------------------
    def _tool_spaces(self) -> dict[str, gym.spaces.Space]:
        """The observation's tool parts (``tools``, ``tool_call``) for a task with tools."""
        if self.task.tools is None:
            return {}
        return {"tools": UnicodeText(TOOL_TEXT_LENGTH), TOOL_CALL: UnicodeText(TOOL_TEXT_LENGTH)}

    def _start_tools(self) -> list[dict[str, Any]] | None:
        """Start the task's tool servers unless they run (a hub a server fault broke is
        started afresh); the tools, or None for a task without tools. A server that does
        not start is a device fault."""
        access = self.task.tools
        if access is None:
            return None
        from mobile_gym.mcp.hub import ToolHub, ToolServerError  # the SDK loads only here

        if self.tool_hub is not None and self.tool_hub.broken is not None:
            self.tool_hub.close()
            self.tool_hub = None
        if self.tool_hub is None:
            self.tool_hub = ToolHub(access.servers, access.transport)
        try:
            self.tool_hub.start()
        except ToolServerError as exc:
            self.tool_hub = None
            raise DeviceError(str(exc)) from exc
        tools = [tool.as_dict() for tool in self.tool_hub.tools()]
        listed = "\n".join(json.dumps(tool, ensure_ascii=False) for tool in tools)
        self._tool_view.update({"tools": _cut(listed), TOOL_CALL: ""})
        return tools

    def _call_tool(self, tool: str, arguments: dict[str, Any], extra: dict[str, Any]) -> None:
        """Call ``tool`` through the hub: its result goes into ``extra`` (``tool_call``,
        ``tool_result``) and the observation; a server that died or stopped answering is a
        device fault (DeviceError)."""
        from mobile_gym.mcp.hub import ToolServerError

        assert self.tool_hub is not None
        try:
            result = self.tool_hub.call(tool, arguments)
        except ToolServerError as exc:
            raise DeviceError(str(exc)) from exc
        extra["tool_result"] = result.text
        extra[TOOL_CALL] = {
            "tool": tool,
            "arguments": arguments,
            "result": result.text,
            "is_error": result.is_error,
            "structured": result.structured,
        }
        self._tool_view[TOOL_CALL] = _cut(result.text)

    def device_failed(self, fault: DeviceError) -> None:
        """Record a device fault, the env's own or one a wrapper met reading the device (its
        screen's elements, say): the step that meets it, else the next, ends the episode
        with ``info["error"]``. The first fault of an episode is the one reported."""
        if self.error is None:
            self.error = str(fault) or type(fault).__name__

    def _fault_step(self) -> StepResult:
        """The outcome of a step a device fault ended: ``_fault_outcome``, reward 0,
        ``terminated``."""
        observation, info = self._fault_outcome()
        return observation, 0.0, True, False, info

    def _fault_outcome(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Observation and info of an episode a device fault ended: nothing is read from the
        device (the screen is the last one observed, or black; no hierarchy)."""
        self.success = False
        extra = {"error": self.error, "early_stop": False, "late_stop": False}
        info = self._info(_NO_FIRING, [], None, extra, faulted=True)
        if "screen" not in self.observation_space.spaces:
            return {"instruction": self.instruction, **self._said(), **self._tool_view}, info
        last = self._last_frame
        screen = (
            np.zeros(self.observation_space["screen"].shape, np.uint8)
            if last is None
            else last.copy()
        )
        screen.flags.writeable = False
        return {
            "screen": screen,
            "instruction": self.instruction,
            **self._said(),
            **self._tool_view,
        }, info

    def _sub_step_info(
        self, firing: Any, instructions: list[str], error: str | None, extra: dict[str, Any]
    ) -> dict[str, Any]:
        """The info of an unobserved step (``unobserved``): step, instructions, events,
        reward breakdown, success and action error, plus any user reply or tool result."""
        info: dict[str, Any] = {
            "step": self.steps,
            "instructions": [*instructions],
            "events": [*firing.events],
            "reward_breakdown": {**firing.rewards},
            "success": self.success,
            "action_error": error,
        }
        if extra:
            info.update({k: v for k, v in extra.items() if k != "status"})
        return info

    def _info(
        self,
        firing: Any,
        instructions: list[str],
        error: str | None,
        extra: dict[str, Any],
        faulted: bool = False,
    ) -> dict[str, Any]:
        """A step's whole info: the sub-step's (``_sub_step_info``) and the task, the
        instruction, failure, the agent's status, the app in front and the hierarchy."""
        if faulted:
            package, activity, later = "", "", functools.partial(str, NO_HIERARCHY)
        else:
            (package, activity), later = self.device.foreground(), self.device.hierarchy_later()
        info: dict[str, Any] = {
            "task_id": self.task.id,
            "instruction": self.instruction,
            "failure": bool(self.episode and self.episode.failed),
            "agent_status": self._status,
            "foreground": package,
            "activity": activity,
            "view_hierarchy": LazyHierarchy(later),
        }
        info.update(self._sub_step_info(firing, instructions, error, extra))
        return info
