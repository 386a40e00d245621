"""A play session: one task's env played by hand, one ``Command`` per action.

The env is made as the oracle plays it (``gesture`` actions: a ``Command`` is one agent
action), so every action a person takes is recorded as a command a replay gives again.
Beside it sits the ``OracleAgent``, attached to the same env:
``solution_step`` plays the reference solution's next step from where the solution left off
(after one's own actions the remaining steps may no longer fit the screen: such a step is
refused and kept, to play once its screen is back; a reset starts them over).

``state`` is what the page shows besides the screen: the instruction and the intermediate
instructions, rewards, events, success and the end of the episode, the step count against
the cap, the view hierarchy, and for a task with a user or MCP tools what it may ask or call
(the tools its reset listed) and the last reply and tool result.
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass, field
from typing import Any

from mobile_gym.agents.oracle import OracleAgent
from mobile_gym.commands import Command, CommandError
from mobile_gym.env import TOOL_CALL, USER_RESPONSE
from mobile_gym.eval.devices import DeviceChoice
from mobile_gym.eval.episode_runner import action_json, describe_error, exchanges
from mobile_gym.eval.observations import SCREENSHOT_SCALE, png_bytes
from mobile_gym.hierarchy import Node
from mobile_gym.play.recording import ACTION_SPACE, OBSERVATION, SessionRecording
from mobile_gym.registration import make_env
from mobile_gym.tasks.schema import TaskSpec

MAX_SEED = 2**32 - 1
"""The largest seed a session takes."""


class PlayError(ValueError):
    """An action or request the session refuses; the message is meant for the player."""


@dataclass
class Progress:
    """What the current episode has come to."""

    seed: int
    instruction: str
    info: dict[str, Any]
    observation: Any = None
    steps: int = 0
    total_reward: float = 0.0
    last_reward: float = 0.0
    instructions: list[dict[str, Any]] = field(default_factory=list)
    """Every instruction given so far, with the step it came at (0: at reset)."""
    events: list[dict[str, Any]] = field(default_factory=list)
    """Every event so far, with its step and reward."""
    actions: list[dict[str, Any]] = field(default_factory=list)
    """Every action so far: its step, the command as JSON, who chose it, its error."""
    tools: list[dict[str, Any]] = field(default_factory=list)
    """The MCP tools the task lets the agent call (its reset ``info["tools"]``)."""
    user_reply: dict[str, Any] | None = None
    """The user's last reply and the step it came at."""
    tool_call: dict[str, Any] | None = None
    """The last MCP call (tool, arguments, result, is_error) and its step."""
    ended: bool = False
    truncated: bool = False
    error: str | None = None

    def heard(self, step: int, info: dict[str, Any]) -> None:
        """Keep the user's reply and the tool result of ``step`` (``info``), if it had any."""
        if info.get(USER_RESPONSE):
            self.user_reply = {"step": step, "text": info[USER_RESPONSE]}
        call = info.get(TOOL_CALL)
        if call:
            shown = ("tool", "arguments", "result", "is_error")
            self.tool_call = {"step": step, **{name: call.get(name) for name in shown}}


def check_seed(seed: Any) -> int:
    """``seed`` as a session's seed (PlayError unless an integer in 0..MAX_SEED)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise PlayError(f"a seed is an integer from 0 to {MAX_SEED}, got {seed!r}")
    return seed


def command_from_json(data: Any) -> Command:
    """The ``Command`` a page sent as JSON (its fields by name), checked (PlayError naming
    the problem)."""
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise PlayError('a command is a JSON object of Command fields, e.g. {"verb": "click"}')
    try:
        command = Command(**data)
    except TypeError as exc:
        raise PlayError(f"not a command: {exc}") from None
    try:
        command.check()
    except CommandError as exc:
        raise PlayError(str(exc)) from None
    return command


class PlaySession:
    """``task`` played from ``seed`` on the simulated phone at ``display`` (a device
    profile; None: the default one); recorded into the run folder ``record`` (None: not
    recorded).

    Raises:
        ValueError: an unknown display (naming the known ones), or a task whose checks are
            written for another screen (``TaskSpec.screen``).
    """

    def __init__(
        self,
        task: TaskSpec,
        seed: int = 0,
        record: str | pathlib.Path | None = None,
        display: str | None = None,
    ):
        self.task = task
        self.phone = DeviceChoice(display=display)
        self.env = make_env(
            task, action_space=ACTION_SPACE, observation=OBSERVATION, **self.phone.env_options()
        )
        self.base = self.env.unwrapped
        self.cap: int | None = getattr(self.env, "max_steps", None)
        self.oracle = OracleAgent()
        self.oracle.attach(self.env)
        try:
            self.base.refuse_another_screen(task)  # before the folder is claimed
            self.recording = (
                SessionRecording(record, task, self.env, self.phone) if record is not None else None
            )
            self.progress = self._reset(check_seed(seed))
        except BaseException:
            self.env.close()
            raise

    # actions ------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        """A new episode: of ``seed``, or of the current seed again."""
        self.progress = self._reset(self.progress.seed if seed is None else check_seed(seed))

    def act(self, command: Command, by: str = "player", output: str | None = None) -> None:
        """Play ``command`` as the next action; ``by`` says who chose it (``player`` or
        ``solution``), ``output`` how, for the record."""
        progress = self.progress
        if progress.ended:
            raise PlayError("the episode has ended: reset it or start a new seed")
        exchanged = exchanges(self.base)
        try:
            observation, reward, terminated, truncated, info = self.env.step(command)
        except Exception as exc:  # the env or the task failed, not the player
            progress.ended, progress.error = True, describe_error(exc)
            if self.recording is not None:
                self.recording.fail(progress.error, progress.info)
            raise PlayError(f"the env failed: {progress.error}") from None
        progress.steps += 1
        progress.observation, progress.info = observation, info
        progress.last_reward = float(reward)
        progress.total_reward += float(reward)
        progress.ended = bool(terminated or truncated)
        progress.truncated = bool(truncated)
        progress.error = info.get("error") or progress.error
        step = progress.steps
        progress.instructions += [{"step": step, "text": t} for t in info.get("instructions", [])]
        progress.heard(step, info)
        breakdown = info.get("reward_breakdown", {})
        progress.events += [
            {"step": step, "event": e, "reward": breakdown.get(e)} for e in info.get("events", [])
        ]
        progress.actions.append(
            {
                "step": step,
                "command": action_json(command),
                "by": by,
                "error": info.get("action_error"),
            }
        )
        if self.recording is not None:
            self.recording.step(
                command, output, reward, info, exchanged, progress.ended, progress.truncated
            )

    def solution_step(self) -> Command:
        """Play the reference solution's next step (STATUS complete once it has none left);
        the command played. PlayError, nothing played and the step kept, when the step
        cannot be played on the screen as it is."""
        if self.progress.ended:
            raise PlayError("the episode has ended: reset it or start a new seed")
        try:
            command = self.oracle.act(self.progress.observation, self.progress.info)
        except LookupError as exc:  # its node is not on this screen; the step stays next
            raise PlayError(
                f"the solution's next step cannot be played here: {exc} (go back to where "
                "the solution left off, or reset)"
            ) from None
        self.act(command, "solution", f"solution: {self.oracle.last_output}")
        return command

    def close(self) -> None:
        """Close the env (the recording is already on disk)."""
        self.env.close()

    # what the page shows ------------------------------------------------------------------
    def screen_png(self) -> bytes:
        """The screen as PNG, at half the phone's size."""
        return png_bytes(self.base.device.screenshot(SCREENSHOT_SCALE))

    def state(self) -> dict[str, Any]:
        """Everything the page's panel shows, as JSON."""
        p, info = self.progress, self.progress.info
        width, height = self.base.device.size
        return {
            "task": self.task.id,
            "seed": p.seed,
            "instruction": p.instruction,
            "instructions": p.instructions,
            "events": p.events,
            "actions": p.actions,
            "reward": p.last_reward,
            "total_reward": p.total_reward,
            "success": bool(info.get("success")),
            "ended": p.ended,
            "truncated": p.truncated,
            "error": p.error,
            "action_error": info.get("action_error"),
            "agent_steps": info.get("agent_steps", p.steps),
            "step_cap": info.get("step_cap", self.cap),
            "min_steps": self.task.min_steps,
            "app": info.get("foreground"),
            "activity": info.get("activity"),
            "screen": {"width": width, "height": height},
            "hierarchy": [node_json(node) for node in self.base.device.nodes()],
            "user": self.task.user is not None,
            "tools": p.tools,
            "user_reply": p.user_reply,
            "tool_call": p.tool_call,
            "recording": (
                str(self.recording.trajectory(p.seed)) if self.recording is not None else None
            ),
        }

    def _reset(self, seed: int) -> Progress:
        observation, info = self.env.reset(seed=seed)
        instruction = info["instruction"]
        self.oracle.reset(instruction, info, seed=seed)
        if self.recording is not None:
            self.recording.start(seed, instruction)
        given = [{"step": 0, "text": text} for text in info.get("instructions", [])]
        tools = list(info.get("tools") or [])
        return Progress(seed, instruction, info, observation, instructions=given, tools=tools)


def node_json(node: Node) -> dict[str, Any]:
    """A view hierarchy node as the page's tree shows it."""
    return {
        "depth": node.depth,
        "class": node.cls,
        "text": node.text,
        "id": node.resource_id,
        "desc": node.desc,
        "bounds": list(node.bounds),
        "clickable": node.clickable,
        "checked": node.checked,
        "focused": node.focused,
        "scrollable": node.scrollable,
    }
