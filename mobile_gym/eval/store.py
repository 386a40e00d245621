"""The run folder: where an evaluation keeps its settings, episodes and trajectories.

Layout::

    run.json                          the agent, its options and the step cap
    episodes/<task>__seed<N>.json     one finished episode (EpisodeRecord)
    trajectories/<task>/seed<N>.jsonl its steps (a header line, one line per step, the record)
    screenshots/<task>/seed<N>/step<K>.png   optional, K from 0 (the screen after reset)
    observations/<task>/seed<N>/step<K>.*    optional: .png, .xml, .txt, .prompt.json
                                      (``mobile_gym.eval.observations``)
    attempts/<task>/seed<N>/<K>/      an earlier attempt of an episode played again: its
                                      episode.json, trajectory.jsonl, screenshots/ and
                                      observations/
    results.json, results.csv         the metrics and every episode, rewritten after a run

Every file is written to a temporary name and renamed into place, so a run killed at any
moment leaves only whole files: at most the episode in flight is lost, and rerunning the
same command skips the episodes already finished (an episode whose infrastructure failed,
outcome ``error``, is played again; its earlier attempt moves to ``attempts/``). Every
record, trajectory and settings file is redacted (``mobile_gym.redaction``) as it is
written.
"""

from __future__ import annotations

import errno
import json
import os
import pathlib
import tempfile
from collections.abc import Iterable, Mapping
from typing import Any

from mobile_gym.eval.records import EpisodeRecord, episode_key
from mobile_gym.file_modes import FILE_MODE
from mobile_gym.redaction import redact_json

SETTINGS_FILE = "run.json"


class RunFolderError(ValueError):
    """A run folder that holds another run, or files that cannot be read back."""


def make_folder(path: pathlib.Path) -> None:
    """Make the folder ``path`` and those above it; OSError when it cannot be made, with
    ``strerror`` "Not a directory" when a file stands where it (or one above it) goes."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # ``path`` is a file
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path)) from None


def write_atomic(path: pathlib.Path, data: str | bytes) -> None:
    """Write ``data`` to ``path`` all at once: a temporary file in the same folder, flushed
    to disk, then renamed over ``path``."""
    make_folder(path.parent)
    mode = "wb" if isinstance(data, bytes) else "w"
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(temporary, FILE_MODE)
        with os.fdopen(fd, mode, **({} if mode == "wb" else {"encoding": "utf-8"})) as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        pathlib.Path(temporary).unlink(missing_ok=True)
        raise


class RunStore:
    """One run folder (see the module docstring)."""

    def __init__(self, root: str | pathlib.Path) -> None:
        self.root = pathlib.Path(root)

    # settings ------------------------------------------------------------------------------
    def claim(self, settings: dict[str, Any], defaults: Mapping[str, Any] | None = None) -> None:
        """Record the run's settings, or check that the folder's run has the same ones (a
        setting left out stands for its value in ``defaults``); then clear the half-written
        files a killed run left behind."""
        settings = redact_json(settings)
        try:
            make_folder(self.root)
        except OSError as exc:
            raise RunFolderError(
                f"{self.root}: cannot be a run folder ({exc.strerror or exc}); "
                "choose another --out folder"
            ) from None
        path = self.root / SETTINGS_FILE
        if path.exists():
            try:
                recorded = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                raise RunFolderError(f"{path}: cannot be read: {exc}") from None
            if not isinstance(recorded, dict):
                raise RunFolderError(f"{path}: cannot be read: not a JSON object of settings")
            unsaid = defaults or {}
            there = {**unsaid, **recorded}
            now = {**unsaid, **settings}
            differ = sorted(name for name in {**there, **now} if there.get(name) != now.get(name))
            if differ:
                shown = "; ".join(
                    f"{name}: {there.get(name)!r} there, {now.get(name)!r} now" for name in differ
                )
                raise RunFolderError(
                    f"{self.root} holds a run with other settings ({shown}); "
                    "choose another --out folder"
                )
        else:
            write_atomic(path, json.dumps(settings, indent=2, sort_keys=True) + "\n")
        for leftover in self.root.rglob(".*.tmp"):
            leftover.unlink(missing_ok=True)

    # episodes ------------------------------------------------------------------------------
    def episode_path(self, task_id: str, seed: int) -> pathlib.Path:
        return self.root / "episodes" / f"{episode_key(task_id, seed)}.json"

    def trajectory_path(self, task_id: str, seed: int) -> pathlib.Path:
        return self.root / "trajectories" / task_id / f"seed{seed}.jsonl"

    def screenshot_path(self, task_id: str, seed: int, step: int) -> pathlib.Path:
        return self.root / "screenshots" / task_id / f"seed{seed}" / f"step{step:03d}.png"

    def observations_path(self, task_id: str, seed: int) -> pathlib.Path:
        """The folder of an episode's saved observations."""
        return self.root / "observations" / task_id / f"seed{seed}"

    def attempts_path(self, task_id: str, seed: int) -> pathlib.Path:
        return self.root / "attempts" / task_id / f"seed{seed}"

    def relative(self, path: pathlib.Path) -> str:
        return path.relative_to(self.root).as_posix()

    def finished(self, task_id: str, seed: int) -> EpisodeRecord | None:
        """The record of a finished episode, or None if it has not finished."""
        path = self.episode_path(task_id, seed)
        if not path.exists():
            return None
        try:
            return EpisodeRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError) as exc:
            raise RunFolderError(f"{path}: not a readable episode record: {exc}") from None

    def records(self) -> list[EpisodeRecord]:
        """The record of every finished episode in the folder, whichever command ran it, by
        task and seed; RunFolderError names a file of ``episodes/`` that is not one."""
        records: list[EpisodeRecord] = []
        for path in sorted((self.root / "episodes").glob("*.json")):
            task_id, sep, seed = path.stem.rpartition("__seed")
            if not sep or not seed.isdigit():
                raise RunFolderError(f"{path}: not an episode file (<task>__seed<N>.json)")
            record = self.finished(task_id, int(seed))
            if record is not None:
                records.append(record)
        return sorted(records, key=lambda record: (record.task_id, record.seed))

    def archive_episode(self, task_id: str, seed: int) -> int:
        """Before an episode is played again: move its record, trajectory, screenshots and
        observations to ``attempts/<task>/seed<N>/<K>/`` (K counting from 1), the paths they
        record following the files there; return how many earlier attempts ``attempts/``
        holds for it. The record moves last, so a run killed midway finishes the move next
        time."""
        record = self.episode_path(task_id, seed)
        history = self.attempts_path(task_id, seed)
        archived = sum(1 for d in history.glob("*") if (d / "episode.json").exists())
        if not record.exists():
            return archived
        target = history / str(archived + 1)
        target.mkdir(parents=True, exist_ok=True)
        moves = {
            self.screenshot_path(task_id, seed, 1).parent: target / "screenshots",
            self.observations_path(task_id, seed): target / "observations",
            self.trajectory_path(task_id, seed): target / "trajectory.jsonl",
            record: target / "episode.json",
        }
        renamed = {self.relative(source): self.relative(moved) for source, moved in moves.items()}
        for source, moved in moves.items():
            if source != record and source.exists():
                os.replace(source, moved)
        for path in (target / "trajectory.jsonl", *target.glob("observations/*.prompt.json")):
            _follow_moves(path, renamed)
        _follow_moves(record, renamed)
        os.replace(record, moves[record])
        return archived + 1

    def save_episode(
        self,
        record: EpisodeRecord,
        steps: Iterable[dict[str, Any]],
        start: dict[str, Any] | None = None,
    ) -> None:
        """Write the episode's trajectory, then its record (which marks it finished), both
        redacted. ``start`` joins the header line: how the episode was played (action
        space, observation view, step cap, task file) and the files of its step 0."""
        header = {
            "type": "episode",
            "task_id": record.task_id,
            "seed": record.seed,
            "agent": record.agent,
            "instruction": record.instruction,
            **(start or {}),
        }
        lines = redact_json([header, *steps, {"type": "result", **record.to_json()}])
        document = {name: value for name, value in lines[-1].items() if name != "type"}
        write_atomic(
            self.trajectory_path(record.task_id, record.seed),
            "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines),
        )
        write_atomic(
            self.episode_path(record.task_id, record.seed),
            json.dumps(document, indent=2, ensure_ascii=False) + "\n",
        )


def _follow_moves(path: pathlib.Path, renamed: Mapping[str, str]) -> None:
    """Rewrite the JSON file at ``path`` (JSON lines for ``.jsonl``), if there is one, with
    each path it records that ``renamed`` moved (a file or a folder, relative to the run
    folder) at its new place; a file that is not JSON is left as it is."""
    if not path.is_file():
        return
    try:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".jsonl":
            lines = [_moved(json.loads(line), renamed) for line in text.splitlines()]
            rewritten = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
        else:
            document = _moved(json.loads(text), renamed)
            rewritten = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    except ValueError:
        return
    if rewritten != text:
        write_atomic(path, rewritten)


def _moved(value: Any, renamed: Mapping[str, str]) -> Any:
    """``value`` (JSON) with every path ``renamed`` moved, or a path inside a folder it
    moved, replaced by its new place."""
    if isinstance(value, dict):
        return {name: _moved(item, renamed) for name, item in value.items()}
    if isinstance(value, list):
        return [_moved(item, renamed) for item in value]
    if isinstance(value, str):
        for old, new in renamed.items():
            if value == old or value.startswith(f"{old}/"):
                return new + value[len(old) :]
    return value
