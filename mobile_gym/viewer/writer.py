"""Writing the report and the viewer pages to disk, and episode videos.

Layout: ``report.html`` (self-contained: plots inline as SVG, style and script inline) and,
beside it, ``report_episodes/<run>/<task>__seed<N>.html``, one self-contained viewer page
per episode (its screens inlined as JPEG data URLs). Every page opens offline from disk."""

from __future__ import annotations

import pathlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import quote

from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.store import write_atomic
from mobile_gym.viewer.episode_page import episode_html
from mobile_gym.viewer.filmstrip import filmstrip
from mobile_gym.viewer.report_page import report_html
from mobile_gym.viewer.runs import Run, RunReadError, load_steps
from mobile_gym.viewer.video import write_video


@dataclass
class WrittenReport:
    """What ``write_report`` wrote, and the episodes it could not show."""

    report: pathlib.Path
    pages: list[pathlib.Path] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def run_names(runs: Sequence[Run]) -> list[str]:
    """A distinct name per run: its folder's name, numbered where two are the same."""
    names: list[str] = []
    for run in runs:
        name = re.sub(r"[^A-Za-z0-9._-]+", "_", run.name) or "run"
        candidate, number = name, 2
        while candidate in names:
            candidate, number = f"{name}-{number}", number + 1
        names.append(candidate)
    return names


def pages_folder(out: pathlib.Path) -> pathlib.Path:
    """The folder of the viewer pages of the report ``out``."""
    return out.with_name(f"{out.stem}_episodes")


def write_episode_page(
    run: Run, record: EpisodeRecord, out: pathlib.Path, back: str = "", replay: bool = True
) -> pathlib.Path:
    """Write the viewer page of one episode of ``run`` to ``out``; RunReadError when its
    trajectory or screens cannot be read."""
    episode = load_steps(run, record)
    _publish(out, episode_html(episode, filmstrip(run, episode, replay), back))
    return out


def _publish(path: pathlib.Path, html: str) -> None:
    """Write a page whole, readable by all (a page is meant to be shared or served)."""
    write_atomic(path, html)
    path.chmod(0o644)


def write_report(
    runs: Sequence[Run],
    out: pathlib.Path,
    by: Sequence[str] = ("app",),
    episodes: bool = True,
    replay: bool = True,
) -> WrittenReport:
    """Write the report of ``runs`` to ``out`` and, with ``episodes``, every episode's
    viewer page beside it (``pages_folder``); screens a run did not save are made by
    replaying (unless ``replay`` is False, when such episodes show what was saved)."""
    names = run_names(runs)
    written = WrittenReport(out)
    folder = pages_folder(out)
    links: dict[tuple[int, str], str] = {}
    if episodes:
        for run, name in zip(runs, names, strict=True):
            for record in run.records:
                page = folder / name / f"{record.key}.html"
                back = "../../" + quote(out.name)
                try:
                    write_episode_page(run, record, page, back, replay)
                except RunReadError as exc:
                    written.problems.append(f"{record.key} of {name}: {exc}")
                    continue
                written.pages.append(page)
                links[(id(run), record.key)] = "/".join(
                    quote(part) for part in (folder.name, name, page.name)
                )
    html = report_html(runs, names, by, lambda run, record: links.get((id(run), record.key)))
    _publish(out, html)
    return written


def write_episode_video(
    run: Run, record: EpisodeRecord, out: pathlib.Path, fps: float = 2.0
) -> int:
    """Write one episode of ``run`` as a GIF or MP4 (by ``out``'s suffix): its annotated
    screens at ``fps``; the number of frames."""
    episode = load_steps(run, record)
    return write_video([frame.image for frame in filmstrip(run, episode)], out, fps)
