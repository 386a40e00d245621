"""The command-line commands of ``mobile_gym.viewer``: ``mobile-gym report`` and
``mobile-gym video``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def report(
    runs: Annotated[
        list[Path],
        typer.Argument(
            metavar="RUN_DIR", help="Run folders (mobile-gym eval --out); two or more are compared."
        ),
    ],
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="The report's HTML file; viewer pages go beside it."),
    ] = Path("report.html"),
    by: Annotated[
        list[str] | None,
        typer.Option(
            "--by",
            help="Break the metrics down by app, category, suite, difficulty, type or task "
            "(repeatable; the first also groups the success-rate plot).",
        ),
    ] = None,
    episodes: Annotated[
        bool,
        typer.Option("--episodes/--no-episodes", help="Write a viewer page per episode."),
    ] = True,
    replay: Annotated[
        bool,
        typer.Option(
            "--replay/--no-replay",
            help="Replay episodes whose run saved no screenshots to show their screens.",
        ),
    ] = True,
) -> None:
    """Write one self-contained HTML report of run folders (metrics with intervals, plots,
    the comparison of runs task by task) and a viewer page per episode beside it."""
    import time

    from mobile_gym.cli import _fail, console
    from mobile_gym.metrics import BREAKDOWNS
    from mobile_gym.viewer.plots import PlotError
    from mobile_gym.viewer.runs import RunReadError, load_run
    from mobile_gym.viewer.writer import pages_folder, write_report

    groups = by or ["app"]
    unknown = [group for group in groups if group not in BREAKDOWNS]
    if unknown:
        raise _fail(f"unknown --by {unknown[0]!r}; choose one of: {', '.join(BREAKDOWNS)}")
    if out.suffix.lower() not in (".html", ".htm"):
        raise _fail(f"--out {out}: the report is an HTML file; name it *.html")
    started = time.perf_counter()
    try:
        loaded = [load_run(folder) for folder in runs]
        written = write_report(loaded, out, groups, episodes, replay)
    except (RunReadError, PlotError) as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write the report {out}: {exc.strerror or exc}") from None
    for problem in written.problems:
        console.print(f"[yellow]not shown:[/] {problem}", highlight=False, soft_wrap=True)
    pages = (
        f" and {len(written.pages)} episode page(s) in {pages_folder(out)}" if written.pages else ""
    )
    console.print(
        f"wrote {out}{pages} ({time.perf_counter() - started:.1f} s)",
        highlight=False,
        soft_wrap=True,
    )


def video(
    run: Annotated[
        Path, typer.Argument(metavar="RUN_DIR", help="A run folder (mobile-gym eval --out).")
    ],
    task: Annotated[str, typer.Option("--task", "-t", help="The episode's task id.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="The video: a .gif or an .mp4.")],
    seed: Annotated[int, typer.Option("--seed", help="The episode's seed.")] = 0,
    fps: Annotated[float, typer.Option("--fps", help="Frames (steps) a second.")] = 2.0,
) -> None:
    """Export one episode as an animated GIF or an MP4: its screens, each with the action
    taken on it drawn, then the screen it ended on."""
    from mobile_gym.cli import _fail, console
    from mobile_gym.viewer.runs import RunReadError, find_record, load_run
    from mobile_gym.viewer.video import VIDEO_SUFFIXES, VideoError, check_fps
    from mobile_gym.viewer.writer import write_episode_video

    if out.suffix.lower() not in VIDEO_SUFFIXES:
        raise _fail(f"--out {out}: write a .gif or an .mp4")
    try:
        check_fps(fps)
    except VideoError as exc:
        raise _fail(str(exc)) from None
    try:
        loaded = load_run(run)
        frames = write_episode_video(loaded, find_record(loaded, task, seed), out, fps)
    except (RunReadError, VideoError) as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write the video {out}: {exc.strerror or exc}") from None
    console.print(f"wrote {out} ({frames} frames at {fps:g} fps)", highlight=False, soft_wrap=True)


def register(app: typer.Typer) -> None:
    """Add this package's commands to ``app``: ``report`` and ``video``."""
    app.command("report")(report)
    app.command("video")(video)
