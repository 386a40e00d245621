"""Recording a play session into a run folder, in the format of ``mobile-gym eval``.

The folder holds ``run.json`` (the agent ``human``, half-size screenshots kept), and for
every episode played its record, its trajectory (a header line, one line per action, the
result) and a screenshot per step, as ``mobile_gym.eval.store`` lays them out, so that
``mobile-gym replay DIR/trajectories/<task>/seed<N>.jsonl`` plays it again to the same
outcome and the report and viewer read it like any run. ``results.json`` and
``results.csv`` cover every episode the folder holds, earlier sessions' too, as they do in
a run folder ``mobile-gym eval`` resumed.

The episode is written after every action: a session stopped at any moment leaves it on
disk. An episode that has not ended (yet, or ever: the page reset it, or the server
stopped) is recorded as a failure whose ``agent_error`` says so (``UNFINISHED``); a replay
then checks its steps only. Nothing recorded reads the wall clock: ``latency_s`` is 0.
Playing the same seed again moves the earlier attempt to ``attempts/``, as a resumed run
does, once the new attempt's first action is recorded: an attempt reset and left before
it acts records nothing, and the folder keeps the earlier one as it was.
"""

from __future__ import annotations

import pathlib
from typing import Any

from mobile_gym.eval.devices import DeviceChoice
from mobile_gym.eval.episode_runner import (
    DEFAULT_DEVICE,
    device_error,
    episode_header,
    episode_record,
    step_record,
)
from mobile_gym.eval.observations import SCREENSHOT_SCALE, StepSaver, png_bytes
from mobile_gym.eval.records import EpisodeRecord, StepRecord
from mobile_gym.eval.report import write_results
from mobile_gym.eval.runner import RunSettings
from mobile_gym.eval.store import RunStore, write_atomic
from mobile_gym.tasks.schema import TaskSpec

PLAYER = "human"
"""The agent name of a play session's episodes."""

ACTION_SPACE = "gesture"
"""The action space a session plays in (``Command``s, as the oracle gives them)."""

OBSERVATION = "pixels"
"""The observation view a session's env is made with."""

UNFINISHED = "unfinished: the session left the episode before it ended"
"""The ``agent_error`` of an episode recorded before it ended."""


def settings(phone: DeviceChoice = DEFAULT_DEVICE) -> RunSettings:
    """The run settings of a play session's folder on ``phone``."""
    return RunSettings(PLAYER, screenshots=True, device=phone)


class SessionRecording:
    """The run folder of a play session (see the module docstring).

    Args:
        root: the run folder; it must be new or hold an earlier play session's recording
            (``mobile_gym.eval.store.RunFolderError`` otherwise).
        task: the task played.
        env: the session's env (made with ``ACTION_SPACE`` and ``OBSERVATION``).
        phone: the simulated phone it plays on (its display); the folder's earlier
            sessions must have played on the same.
    """

    def __init__(
        self,
        root: str | pathlib.Path,
        task: TaskSpec,
        env: Any,
        phone: DeviceChoice = DEFAULT_DEVICE,
    ) -> None:
        self.store = RunStore(root)
        self.store.claim(settings(phone).to_json(), RunSettings.UNRECORDED)
        self.phone = phone
        self.task = task
        self.env = env
        self.base = env.unwrapped
        self.cap: int | None = getattr(env, "max_steps", None)
        self._seed = 0
        self._earlier = 0
        self._instruction = ""
        self._start: dict[str, Any] = {}
        self._reset_screen = b""
        self._steps: list[StepRecord] = []
        self._saver: StepSaver | None = None
        self._error: str | None = None

    @property
    def root(self) -> pathlib.Path:
        """The run folder."""
        return self.store.root

    def trajectory(self, seed: int) -> pathlib.Path:
        """The trajectory file of the episode of ``seed``."""
        return self.store.trajectory_path(self.task.id, seed)

    def start(self, seed: int, instruction: str) -> None:
        """A new episode of ``seed``, just reset: its step 0 screen is kept until its first
        action is recorded (``_begin``)."""
        self._seed, self._instruction = seed, instruction
        self._reset_screen = png_bytes(self.base.device.screenshot(SCREENSHOT_SCALE))
        self._saver = None
        self._start = episode_header(
            self.task, ACTION_SPACE, OBSERVATION, None, "original", self.cap, device=self.phone
        )
        self._steps = []
        self._error = None

    def _begin(self) -> StepSaver:
        """The episode's saver; on its first call for the episode, before any file of it is
        written, an earlier attempt of the seed moves to ``attempts/`` and the step 0
        screenshot is saved."""
        if self._saver is None:
            self._earlier = self.store.archive_episode(self.task.id, self._seed)
            self._saver = StepSaver(
                self.store, self.task.id, self._seed, self.env, ("screenshots",)
            )
            path = self.store.screenshot_path(self.task.id, self._seed, 0)
            write_atomic(path, self._reset_screen)
            self._start["reset"] = {"screenshot": self.store.relative(path), "observation": None}
        return self._saver

    def step(
        self,
        action: Any,
        output: str | None,
        reward: float,
        info: dict[str, Any],
        exchanged: tuple[int, int],
        ended: bool,
        truncated: bool,
    ) -> EpisodeRecord:
        """Record the action just played (``exchanged``: ``exchanges`` before it) and
        write the episode as it stands; its record."""
        saver = self._begin()
        faulted = device_error(info)
        shot = None if faulted else saver.screenshot(len(self._steps) + 1)
        self._steps.append(
            step_record(
                len(self._steps) + 1,
                action,
                reward,
                info,
                output=output,
                latency_s=0.0,
                usage=None,
                exchanged=exchanged,
                base=self.base,
                screenshot=shot,
            )
        )
        self._error = faulted or self._error
        return self._save(info, ended, truncated)

    def fail(self, error: str, info: dict[str, Any]) -> EpisodeRecord:
        """Record that the env or the task raised ``error`` (described): the episode ends
        as an error."""
        self._begin()
        self._error = error
        return self._save(info, True, False)

    def _save(self, info: dict[str, Any], ended: bool, truncated: bool) -> EpisodeRecord:
        record = episode_record(
            self.task,
            self._seed,
            PLAYER,
            self.cap,
            self._instruction,
            self._steps,
            declared=info.get("agent_status") is not None,
            success=ended and bool(info.get("success")) and self._error is None,
            truncated=truncated,
            base=self.base,
            error=self._error,
            agent_error=None if ended or self._error else UNFINISHED,
            store=self.store,
            earlier=self._earlier,
        )
        self.store.save_episode(record, (s.to_json() for s in self._steps), self._start)
        write_results(self.store, self.store.records(), settings().to_json())
        return record
