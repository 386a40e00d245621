"""The command-line commands of ``mobile_gym.data``: ``generate`` (demonstrations into a
run folder) and ``export`` (a run folder as a dataset)."""

from __future__ import annotations

import pathlib
from typing import Annotated

import typer

from mobile_gym.cli_options import (
    Address,
    CpusPerEpisode,
    DisplayProfile,
    Executor,
    MaxConcurrency,
    Seeds,
    Suites,
    Tasks,
)
from mobile_gym.data.splits import DEFAULT_SPLIT


def generate(
    out: Annotated[
        pathlib.Path,
        typer.Option("--out", "-o", help="Run folder to fill (rerun the command to resume)."),
    ],
    suite: Suites = None,
    task: Tasks = None,
    seeds: Seeds = "0",
    agent: Annotated[
        str, typer.Option("--agent", "-a", help="The agent that plays (oracle: the solutions).")
    ] = "oracle",
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    screenshots: Annotated[
        bool,
        typer.Option(
            "--screenshots/--no-screenshots",
            help="Also keep a half-size screenshot of every step (the dataset's image; "
            "without it, the smaller observed screen).",
        ),
    ] = True,
    max_steps: Annotated[
        str, typer.Option("--max-steps", help="Step cap: task, 2x_min, none or N.")
    ] = "task",
    executor: Executor = "local",
    address: Address = None,
    num_cpus_per_episode: CpusPerEpisode = 1.0,
    max_concurrency: MaxConcurrency = 4,
    display: DisplayProfile = None,
) -> None:
    """Play every task and seed and save what a dataset needs at every step (the screen,
    the view hierarchy, the action), for `mobile-gym export`.

    The run folder is in `mobile-gym eval`'s format: the run is `eval --save observations`
    (and `--save screenshots`). Rerunning the same command skips the episodes already
    finished."""
    from mobile_gym import __version__
    from mobile_gym.cli import console, eval_
    from mobile_gym.data.provenance import Made, generate_command, record_made

    arguments: list[tuple[str, str | None]] = [
        *(("--suite", name) for name in suite or []),
        *(("--task", name) for name in task or []),
        ("--seeds", seeds),
        ("--agent", agent),
        *((("--max-steps", max_steps),) if max_steps != "task" else ()),
        *((("--no-screenshots", None),) if not screenshots else ()),
        *((("--display", display),) if display is not None else ()),
        ("--out", str(out)),
    ]
    check_exportable(agent)
    made = Made(generate_command(arguments), __version__)
    save = ["observations", *(["screenshots"] if screenshots else [])]
    try:
        eval_(
            agent=agent,
            suite=suite,
            task=task,
            seeds=seeds,
            max_steps=max_steps,
            rules="original",
            workers=workers,
            out=out,
            agent_option=None,
            screenshots=False,
            save=save,
            by="app",
            max_consecutive_errors=5,
            user="simulated",
            user_option=None,
            executor=executor,
            address=address,
            num_cpus_per_episode=num_cpus_per_episode,
            max_concurrency=max_concurrency,
            display=display,
        )
    except typer.Exit as exc:
        if exc.exit_code != 2:  # episodes were recorded: the run folder is this command's
            record_made(out, made)
        raise
    record_made(out, made)
    console.print(
        f"next: mobile-gym export {out} --format parquet --out <dataset folder>",
        highlight=False,
        markup=False,
    )


def check_exportable(agent: str) -> None:
    """Exit 2 with one line, before anything is played, when ``agent`` (built with its
    default options) acts in an action space whose actions export cannot read
    (``EXPORTED_ACTION_SPACES``); an agent that cannot be built is left to eval to name."""
    from mobile_gym.agents import AGENTS, make_agent
    from mobile_gym.cli import _fail
    from mobile_gym.data.rows import EXPORTED_ACTION_SPACES

    if agent not in AGENTS:
        return
    try:
        space = make_agent(agent).action_space
    except (ImportError, ValueError):
        return
    if space not in EXPORTED_ACTION_SPACES:
        raise _fail(
            f"agent {agent!r} acts in the {space!r} action space, whose actions export cannot "
            f"read (it reads {', '.join(EXPORTED_ACTION_SPACES)}): generate with --agent oracle"
        )


def export(
    run: Annotated[
        pathlib.Path, typer.Argument(help="A run folder of mobile-gym generate (or eval).")
    ],
    out: Annotated[
        pathlib.Path, typer.Option("--out", "-o", help="Dataset folder to write (new or empty).")
    ],
    format_: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="parquet (data/<split>.parquet) or hf (a datasets folder: load_from_disk).",
        ),
    ] = "parquet",
    split: Annotated[
        str,
        typer.Option(
            "--split",
            help="Ratios of train,validation,test by task (two: train,test; one: train).",
        ),
    ] = DEFAULT_SPLIT,
    image_size: Annotated[
        str | None,
        typer.Option("--image-size", help="Resize screenshots to WIDTHxHEIGHT, e.g. 540x1200."),
    ] = None,
) -> None:
    """Write a run folder's steps as a step-level dataset: screenshot, view hierarchy,
    numbered elements, instruction, the action as a JSON action and its element, reward,
    done and success, split by task, with a dataset card (README.md)."""
    from rich.markup import escape

    from mobile_gym.cli import _fail, console
    from mobile_gym.data.card import dataset_card
    from mobile_gym.data.export import export_dataset
    from mobile_gym.data.provenance import read_made
    from mobile_gym.data.rows import ExportError
    from mobile_gym.data.splits import SplitError, parse_split

    try:
        ratios = parse_split(split)
        size = parse_image_size(image_size)
        with console.status("exporting") as status:
            count = [0]

            def progress(record: object) -> None:
                count[0] += 1
                status.update(f"exporting: {count[0]} episode(s) written")

            summary = export_dataset(run, out, format_, ratios, size, progress)
    except (ExportError, SplitError, ImportError) as exc:
        raise _fail(str(exc)) from None
    (out / "README.md").write_text(dataset_card(summary, read_made(run)), encoding="utf-8")
    for part in summary.splits:
        console.print(
            f"{part.name}: {part.rows} steps, {part.episodes} episodes, {len(part.tasks)} "
            f"tasks, {part.bytes} bytes",
            highlight=False,
        )
    console.print(f"dataset: {escape(str(out))} (card: README.md)", highlight=False)


def parse_image_size(text: str | None) -> tuple[int, int] | None:
    """``--image-size`` (``WIDTHxHEIGHT``) as (width, height); None for None."""
    from mobile_gym.data.rows import ExportError

    if text is None:
        return None
    width, sep, height = text.lower().partition("x")
    if not sep or not width.strip().isdigit() or not height.strip().isdigit():
        raise ExportError(f"bad --image-size {text!r}: use WIDTHxHEIGHT, e.g. 540x1200")
    size = int(width), int(height)
    if not all(16 <= side <= 4096 for side in size):
        raise ExportError(f"bad --image-size {text!r}: each side must be 16 to 4096 pixels")
    return size


def register(app: typer.Typer) -> None:
    """Add this package's commands to ``app``."""
    app.command("generate")(generate)
    app.command("export")(export)
