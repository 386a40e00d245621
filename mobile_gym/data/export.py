"""Writing a run folder's steps as a dataset (``mobile-gym export``): Parquet files, one
per split (``data/<split>.parquet``), or a Hugging Face ``datasets`` folder
(``save_to_disk``), with a dataset card (``README.md``) beside them.

Splits go by task (``mobile_gym.data.splits``). Rows are written a row group at a time, so
memory stays small whatever the run's size. pyarrow (and ``datasets`` for ``hf``) are
imported only here, when an export runs: ``pip install 'mobile-gym[data]'``.
"""

from __future__ import annotations

import pathlib
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from mobile_gym.data.rows import ExportError, episode_rows, png_size, run_episodes
from mobile_gym.data.schema import arrow_schema
from mobile_gym.data.splits import assign_splits
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.store import make_folder

FORMATS = ("parquet", "hf")
"""What ``--format`` can write."""
ROW_GROUP = 128
"""Rows per Parquet row group (about 10 MB with half-size screenshots)."""

Progress = Callable[[EpisodeRecord], None]
"""Told of each episode as its rows are written."""


@dataclass
class SplitSummary:
    """One split as written: its ratio, tasks, episodes, rows and bytes."""

    name: str
    ratio: float
    tasks: list[str]
    episodes: int = 0
    rows: int = 0
    bytes: int = 0
    files: list[str] = field(default_factory=list)
    """Its files, relative to the dataset folder."""


@dataclass
class ExportSummary:
    """What an export wrote."""

    run: pathlib.Path
    out: pathlib.Path
    format: str
    image_size: tuple[int, int] | None
    records: list[EpisodeRecord]
    splits: list[SplitSummary]
    image_sizes: set[tuple[int, int]] = field(default_factory=set)
    """The sizes (width, height) of the screenshots written."""

    @property
    def rows(self) -> int:
        return sum(split.rows for split in self.splits)


def export_dataset(
    run: pathlib.Path,
    out: pathlib.Path,
    format: str,
    ratios: dict[str, float],
    image_size: tuple[int, int] | None = None,
    progress: Progress | None = None,
) -> ExportSummary:
    """Write the steps of run folder ``run`` into ``out`` (new or empty) as ``format``
    (``FORMATS``), split by ``ratios`` (``parse_split``), screenshots at ``image_size``
    (width, height; None: as saved); the card is written by the caller
    (``mobile_gym.data.card``). ExportError on a bad argument or run folder; ImportError
    naming the extra when pyarrow or datasets is missing."""
    if format not in FORMATS:
        raise ExportError(f"unknown --format {format!r}; choose one of: {', '.join(FORMATS)}")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise ExportError(f"{out}: exists and is not an empty folder; choose another --out")
    records = run_episodes(run)
    _require("pyarrow", *(("datasets",) if format == "hf" else ()))
    assigned = assign_splits((record.task_id for record in records), ratios)
    splits = [SplitSummary(name, ratios[name], tasks) for name, tasks in assigned.items()]
    summary = ExportSummary(run, out, format, image_size, records, splits)
    existed = out.exists()
    try:
        make_folder(out)
    except OSError as exc:
        reason = exc.strerror or exc
        raise ExportError(f"{out}: cannot be made ({reason}); choose another --out") from None
    try:
        if format == "parquet":
            _write_parquet(summary, out, progress)
        else:
            with tempfile.TemporaryDirectory(prefix="mobile-gym-export-") as scratch:
                _write_parquet(summary, pathlib.Path(scratch) / "parquet", progress)
                _write_hf(summary, pathlib.Path(scratch))
    except BaseException:
        _remove_partial(out, existed)
        raise
    return summary


def _write_parquet(summary: ExportSummary, folder: pathlib.Path, progress: Progress | None) -> None:
    """Each split with rows as ``data/<split>.parquet`` under ``folder``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = arrow_schema()
    for split in summary.splits:
        chosen = set(split.tasks)
        episodes = [r for r in summary.records if r.task_id in chosen]
        if not episodes:
            continue
        relative = f"data/{split.name}.parquet"
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        with pq.ParquetWriter(path, schema, compression="zstd") as writer:
            for batch in _batches(summary, episodes, progress):
                writer.write_table(pa.Table.from_pylist(batch, schema=schema))
                split.rows += len(batch)
        split.episodes = len(episodes)
        split.files = [relative]
        split.bytes = path.stat().st_size


def _batches(
    summary: ExportSummary, episodes: list[EpisodeRecord], progress: Progress | None
) -> Iterator[list[dict[str, Any]]]:
    """The rows of ``episodes``, ``ROW_GROUP`` at a time."""
    batch: list[dict[str, Any]] = []
    for record in episodes:
        for row in episode_rows(summary.run, record, summary.image_size):
            summary.image_sizes.add(png_size(row["screenshot"]["bytes"]))
            batch.append(row)
        if progress:
            progress(record)
        while len(batch) >= ROW_GROUP:
            yield batch[:ROW_GROUP]
            batch = batch[ROW_GROUP:]
    if batch:
        yield batch


def _write_hf(summary: ExportSummary, scratch: pathlib.Path) -> None:
    """The Parquet splits under ``scratch/parquet`` as a ``DatasetDict`` saved to disk in
    ``summary.out`` (``datasets.load_from_disk`` reads it)."""
    import datasets

    shown = datasets.is_progress_bar_enabled()
    datasets.disable_progress_bars()  # the command shows its own progress
    try:
        _save_splits(summary, scratch)
    finally:
        if shown:
            datasets.enable_progress_bars()


def _save_splits(summary: ExportSummary, scratch: pathlib.Path) -> None:
    """``_write_hf``'s work: load each Parquet split, save them all to disk."""
    import datasets

    written = {s.name: s for s in summary.splits if s.files}
    loaded = datasets.DatasetDict(
        {
            name: datasets.Dataset.from_parquet(
                str(scratch / "parquet" / split.files[0]), cache_dir=str(scratch / "cache")
            )
            for name, split in written.items()
        }
    )
    loaded.save_to_disk(str(summary.out))
    for name, split in written.items():
        folder = summary.out / name
        split.files = sorted(p.relative_to(summary.out).as_posix() for p in folder.iterdir())
        split.bytes = sum(p.stat().st_size for p in folder.iterdir())


def _require(*modules: str) -> None:
    """ImportError naming the ``data`` extra when one of ``modules`` is missing."""
    import importlib.util

    missing = [name for name in modules if importlib.util.find_spec(name) is None]
    if missing:
        raise ImportError(f"export needs {' and '.join(missing)}: pip install 'mobile-gym[data]'")


def _remove_partial(out: pathlib.Path, existed: bool) -> None:
    """Remove what a failed export wrote in ``out``, an empty folder before (or none,
    when ``existed`` is False: then the folder goes too)."""
    if not out.is_dir():
        return
    if not existed:
        shutil.rmtree(out)
        return
    for child in out.iterdir():
        if child.is_dir():
            shutil.rmtree(child)
        else:
            child.unlink()
