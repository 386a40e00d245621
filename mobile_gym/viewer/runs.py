"""Reading run folders back for the report and the viewer: a run's episode records and an
episode's recorded steps, with the files it saved of every step."""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass
from typing import Any

from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.replay import ReplayFileError, read_trajectory
from mobile_gym.eval.store import SETTINGS_FILE, RunFolderError, RunStore


class RunReadError(ValueError):
    """A folder that is not a readable run folder; the message names it and the problem."""


@dataclass(frozen=True)
class Run:
    """One run folder: its settings and its finished episodes, in task and seed order."""

    store: RunStore
    settings: dict[str, Any]
    records: list[EpisodeRecord]

    @property
    def name(self) -> str:
        """The run's name: its folder's name."""
        return self.store.root.resolve().name

    @property
    def agent(self) -> str:
        """The agent the run evaluated."""
        return str(self.settings.get("agent") or (self.records[0].agent if self.records else ""))


@dataclass(frozen=True)
class EpisodeSteps:
    """An episode's trajectory: how it was played (the header line) and its step lines."""

    record: EpisodeRecord
    header: dict[str, Any]
    steps: list[dict[str, Any]]
    path: pathlib.Path

    def files(self, step: int) -> dict[str, str]:
        """The files saved of the screen after ``step`` actions (0: after reset), by kind
        (``screenshot``, and the observation's ``png``, ``xml``...), relative to the run."""
        if step == 0:
            saved = self.header.get("reset") or {}
            shot, observation = saved.get("screenshot"), saved.get("observation")
        else:
            line = self.steps[step - 1]
            shot, observation = line.get("screenshot"), line.get("observation")
        return {**(observation or {}), **({"screenshot": shot} if shot else {})}


def load_run(folder: str | pathlib.Path) -> Run:
    """The run in ``folder`` (written by ``mobile-gym eval --out``); RunReadError when it is
    missing, not a run folder, or holds records that cannot be read."""
    root = pathlib.Path(folder)
    if not root.is_dir():
        raise RunReadError(f"{root}: no such folder")
    store = RunStore(root)
    if not (root / SETTINGS_FILE).is_file() and not any((root / "episodes").glob("*.json")):
        raise RunReadError(
            f"{root}: not a run folder (no {SETTINGS_FILE} and no episodes/; make one with "
            "`mobile-gym eval --out`)"
        )
    try:
        settings = json.loads((root / SETTINGS_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        settings = {}
    except (OSError, ValueError) as exc:
        raise RunReadError(f"{root / SETTINGS_FILE}: cannot be read: {exc}") from None
    try:
        records = store.records()
    except RunFolderError as exc:
        raise RunReadError(str(exc)) from None
    if not records:
        raise RunReadError(f"{root}: the run has no finished episodes yet")
    return Run(store, settings if isinstance(settings, dict) else {}, records)


def load_steps(run: Run, record: EpisodeRecord) -> EpisodeSteps:
    """The recorded steps of one episode of ``run``; RunReadError when its trajectory is
    missing or cannot be read."""
    path = run.store.trajectory_path(record.task_id, record.seed)
    if not path.is_file():
        raise RunReadError(f"{path}: the trajectory of {record.key} is missing")
    try:
        header, steps, _ = read_trajectory(path)
    except ReplayFileError as exc:
        raise RunReadError(str(exc)) from None
    return EpisodeSteps(record, header, steps, path)


def find_record(run: Run, task_id: str, seed: int) -> EpisodeRecord:
    """The record of ``task_id`` seed ``seed`` in ``run``; RunReadError naming what the run
    holds when it has no such episode."""
    for record in run.records:
        if record.task_id == task_id and record.seed == seed:
            return record
    held = sorted({f"{r.task_id} seed {r.seed}" for r in run.records})
    shown = ", ".join(held[:8]) + (", ..." if len(held) > 8 else "")
    raise RunReadError(f"{run.store.root}: no episode {task_id} seed {seed}; it holds {shown}")
