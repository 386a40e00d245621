"""The ``mobile-gym`` command line."""

import inspect
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
import yaml
from rich.console import Console
from rich.markup import escape

from mobile_gym.cli_options import (
    AdbHost,
    AdbPort,
    Address,
    CpusPerEpisode,
    DeviceKind,
    DisplayProfile,
    Executor,
    MaxConcurrency,
    PhoneDisplay,
    Seeds,
    Serials,
    Snapshot,
    Suites,
    Tasks,
)

if TYPE_CHECKING:
    from mobile_gym.eval.devices import DeviceChoice
    from mobile_gym.tasks.schema import TaskSpec

app = typer.Typer(
    name="mobile-gym",
    help="mobile-gym: a Gymnasium RL environment for Android GUI agents.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
# a pipe or a log file gets wide tables too (rich assumes 80 columns when not on a terminal)
console = Console(width=None if sys.stdout.isatty() else 120)


@app.command()
def demo(
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            help="Folder to write the demo's screenshots, view hierarchies and logcat into.",
            file_okay=False,
            dir_okay=True,
        ),
    ] = Path("out/demo"),
    seed: Annotated[
        int,
        typer.Option("--seed", min=0, help="Seed for the simulated phone."),
    ] = 0,
) -> None:
    """Run the scripted demo on the simulated phone and save what it saw."""
    from mobile_gym.sim.demo import run_demo

    try:
        written = run_demo(out_dir=out, seed=seed)
    except OSError as exc:
        raise _fail(f"cannot write the demo into {out}: {exc.strerror or exc}") from None
    console.print(f"[bold green]Demo finished[/] (seed={seed}), wrote {len(written)} file(s):")
    for path in written:
        console.print(f"  {escape(str(path))}", highlight=False)


def _error(message: str) -> None:
    """Print an error on stderr, one line per line of ``message``, secrets redacted."""
    from mobile_gym.redaction import redact

    err = Console(stderr=True, soft_wrap=True)
    for line in redact(message).splitlines() or [""]:  # one error line per line (problem)
        err.print(f"[red]error:[/] {escape(' '.join(line.split()))}", highlight=False)


def _fail(message: str, code: int = 2) -> typer.Exit:
    """Print an error (``_error``); the caller raises the returned Exit (status ``code``:
    2 for a bad argument)."""
    _error(message)
    return typer.Exit(code)


def _agent_options(pairs: list[str], flag: str = "--agent-option") -> dict[str, Any]:
    """``NAME=VALUE`` pairs (of ``flag``) as keyword arguments: a value is read as YAML
    (``3``, ``0.5``, ``true``, ``null``, ``[a, b]``), and one YAML cannot read (``@x``,
    ``{a``) is the text as given. A bad pair's error names it, never its value."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip().isidentifier():
            shown = f"option {name.strip()!r}" if sep else "option without '='"
            raise _fail(f"bad {flag} ({shown}): use NAME=VALUE, e.g. model=gpt-4o")
        try:
            options[name.strip()] = yaml.safe_load(value) if value.strip() else ""
        except yaml.YAMLError:  # not YAML: the text as given
            options[name.strip()] = value
    return options


def _run_name(task: str) -> str:
    """What names a run of ``task`` (a task id, file or folder) in its default folder: the
    whole id (``settings.wifi_off``), a file's name without ``.yaml``, a folder's name."""
    path = Path(task)
    return path.stem if path.suffix in (".yaml", ".yml") else path.name


@app.command("eval")
def eval_(
    agent: Annotated[
        str, typer.Option("--agent", "-a", help="Agent: random, oracle, llm, vlm or sb3.")
    ],
    suite: Suites = None,
    task: Tasks = None,
    seeds: Seeds = "0",
    max_steps: Annotated[
        str,
        typer.Option(
            "--max-steps",
            help="Step cap: task (each task's own), 2x_min, none, or N (15 Mobile-Env, 50 MobileWorld).",
        ),
    ] = "task",
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            help="Episode rules: original (each task's cap as its benchmark's harness allows "
            "it: MobileAgentBench runs max_steps + 1 actions) or strict (the cap exactly).",
        ),
    ] = "original",
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Run folder (default out/eval/<suite or task>-<agent>)."),
    ] = None,
    agent_option: Annotated[
        list[str] | None,
        typer.Option("--agent-option", help="NAME=VALUE passed to the agent (repeatable)."),
    ] = None,
    screenshots: Annotated[
        bool,
        typer.Option(
            "--screenshots", help="Save a PNG of the screen at every step (--save screenshots)."
        ),
    ] = False,
    save: Annotated[
        list[str] | None,
        typer.Option(
            "--save",
            help="Keep every step, step 0 included (repeatable): screenshots (half-size PNGs) "
            "or observations (screen PNG, view hierarchy XML, observation text, model prompt).",
        ),
    ] = None,
    by: Annotated[
        str,
        typer.Option(
            "--by", help="Break results down by app, suite, category, difficulty, type or task."
        ),
    ] = "app",
    max_consecutive_errors: Annotated[
        int,
        typer.Option(
            "--max-consecutive-errors",
            min=0,
            help="Stop the run after N episodes in a row end in errors (endpoint down, "
            "device gone); 0 never stops. Rerun the command to resume.",
        ),
    ] = 5,
    user: Annotated[
        str,
        typer.Option(
            "--user",
            help="Who answers ASK_USER in tasks with a user block: simulated (deterministic) "
            "or llm (a chat model: --user-option model=... --user-option base_url=...).",
        ),
    ] = "simulated",
    user_option: Annotated[
        list[str] | None,
        typer.Option("--user-option", help="NAME=VALUE passed to the user (repeatable)."),
    ] = None,
    executor: Executor = "local",
    address: Address = None,
    num_cpus_per_episode: CpusPerEpisode = 1.0,
    max_concurrency: MaxConcurrency = 4,
    device: DeviceKind = "sim",
    serial: Serials = None,
    adb_host: AdbHost = None,
    adb_port: AdbPort = None,
    snapshot: Snapshot = None,
    display: DisplayProfile = None,
) -> None:
    """Evaluate an agent on a suite or tasks: metrics table, results JSON/CSV, trajectories."""
    from mobile_gym.agents import AGENTS, make_agent
    from mobile_gym.eval import (
        PlanError,
        RunFolderError,
        RunInterruptedError,
        RunSettings,
        RunStoppedError,
        episodes,
    )
    from mobile_gym.eval.console import run_with_progress
    from mobile_gym.eval.devices import DeviceChoice
    from mobile_gym.eval.plan import parse_cap, parse_seeds, select_tasks
    from mobile_gym.eval.runner import file_problem
    from mobile_gym.metrics import BREAKDOWNS
    from mobile_gym.tasks.user import make_user_factory

    if agent not in AGENTS:
        raise _fail(f"unknown agent {agent!r}; agents: {', '.join(AGENTS)}")
    if workers < 1:
        raise _fail(f"--workers must be at least 1, got {workers}")
    runner = _executor(executor, address, num_cpus_per_episode, max_concurrency, workers)
    try:
        phone = DeviceChoice(device, display, tuple(serial or ()), adb_host, adb_port, snapshot)
        phone.check_run(workers, elsewhere=runner is not None)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    from mobile_gym.tasks.schema import RULES

    if rules not in RULES:
        raise _fail(f"unknown --rules {rules!r}; choose one of: {', '.join(RULES)}")
    if by not in BREAKDOWNS:
        raise _fail(f"unknown --by {by!r}; choose one of: {', '.join(BREAKDOWNS)}")
    from mobile_gym.eval.observations import SAVE_CHOICES

    unknown = sorted(set(save or []) - set(SAVE_CHOICES))
    if unknown:
        raise _fail(f"unknown --save {unknown[0]!r}; choose from: {', '.join(SAVE_CHOICES)}")
    options = _agent_options(agent_option or [])
    user_options = _agent_options(user_option or [], "--user-option")
    try:
        tasks = _fitting(select_tasks(suite or [], task or []), phone)
        plan = episodes(tasks, parse_seeds(seeds))
        cap = parse_cap(max_steps)
        # built now, so that bad options or a missing extra fail before any episode runs
        instance = make_agent(agent, **options)
        make_user_factory(user, user_options)
    except (PlanError, ImportError, ValueError) as exc:
        raise _fail(str(exc)) from None
    name = (suite or [_run_name(t) for t in task or []])[0]
    folder = out or Path("out/eval") / f"{name}-{agent}"
    saved = set(save or [])
    settings = RunSettings(
        agent,
        options,
        cap,
        screenshots or "screenshots" in saved,
        "observations" in saved,
        rules,
        user,
        user_options,
        phone,
    )
    cluster_errors: tuple[type[Exception], ...] = runner.errors if runner else ()
    try:
        records = run_with_progress(
            plan,
            settings,
            folder,
            workers,
            console,
            by=by,
            agent=instance if workers == 1 and runner is None else None,
            max_consecutive_errors=max_consecutive_errors,
            executor=runner,
        )
    except RunFolderError as exc:
        raise _fail(str(exc)) from None
    except cluster_errors as exc:  # the cluster is gone or unreachable
        raise _fail(str(exc), code=1) from None
    except RunInterruptedError as exc:  # Ctrl-C: what it recorded is in the table and files
        raise _fail(str(exc), code=130) from None
    except RunStoppedError as exc:  # what it recorded is in the table and results files
        raise _fail(str(exc), code=1) from None
    except OSError as exc:  # the settings or results files could not be written
        raise _fail(f"cannot write the run into {folder}: {file_problem(exc)}", code=1) from None
    errors = sum(record.outcome == "error" for record in records)
    if errors:
        raise _fail(
            f"{errors} of {len(records)} episodes ended in errors (not the agent's doing: the"
            " infrastructure or a task file failed, see the error column); run the same"
            " command again to retry them once it is mended",
            code=1,
        )


def _fitting(tasks: "list[TaskSpec]", phone: "DeviceChoice") -> "list[TaskSpec]":
    """``tasks`` less those whose checks are written for another screen than the phone's
    (``TaskSpec.screen``), which are named on the console; PlanError if none is left."""
    from mobile_gym.eval import PlanError

    misfits = phone.misfits(tasks)
    if not misfits:
        return tasks
    names = ", ".join(task.id for task in misfits)
    shown = phone.display or "the default display"
    if len(misfits) == len(tasks):
        raise PlanError(f"every task is written for another screen than {shown}'s: {names}")
    console.print(
        f"left out {len(misfits)} task(s) written for another screen than {shown}'s: {names}",
        highlight=False,
        markup=False,
    )
    left_out = {task.id for task in misfits}
    return [task for task in tasks if task.id not in left_out]


RAY_MIN_CPUS = 0.0001
"""The smallest ``--num-cpus-per-episode``: Ray refuses a finer quantity of a resource (and
an infinite one overflows there), a traceback when the first actor was made."""


def _executor(name: str, address: str | None, cpus: float, concurrency: int, workers: int) -> Any:
    """The ``--executor`` (None: local) with its options checked."""
    if name not in ("local", "ray"):
        raise _fail(f"unknown --executor {name!r}; choose local or ray")
    from mobile_gym.ray.executor import RayExecutor, RayOptions, require_ray

    if name == "local":
        given = {
            "--address": address is not None,
            "--num-cpus-per-episode": cpus != RayOptions.num_cpus_per_episode,
            "--max-concurrency": concurrency != RayOptions.max_concurrency,
        }
        ray_only = next((flag for flag, set_ in given.items() if set_), None)
        if ray_only is not None:
            raise _fail(f"{ray_only} needs --executor ray")
        return None
    if workers != 1:
        raise _fail("--workers is for --executor local; Ray runs as many episodes as it has CPUs")

    try:
        options = RayOptions(address, cpus, concurrency)
        if not RAY_MIN_CPUS <= cpus < math.inf:  # above 0 (RayOptions), yet Ray refuses it
            raise ValueError(
                f"--num-cpus-per-episode must be a finite number of at least {RAY_MIN_CPUS:g} "
                f"(Ray's finest quantity), got {cpus:g}"
            )
        require_ray()
    except (ValueError, ImportError) as exc:
        raise _fail(str(exc)) from None
    return RayExecutor(options)


@app.command()
def replay(
    trajectories: Annotated[
        list[Path],
        typer.Argument(
            help="Trajectory files (RUN/trajectories/<task>/seed<N>.jsonl), or folders of"
            " them (a run folder, its trajectories or one task's: every .jsonl file below it)."
        ),
    ],
) -> None:
    """Play each recorded trajectory's actions again on a fresh env and check that the same
    rewards, events and success come out: one verdict line per file, in order (a folder's
    files in sorted order).

    Each file is identical, differs (at its first differing step) or cannot be replayed
    (an error line on stderr with the reason); the exit status is the worst of them: 0 when
    every episode is identical, 1 when one differs, 2 when a file cannot be replayed (or a
    folder holds none). An episode that ended in an infrastructure error (outcome error) is
    not compared: its line says so, and it leaves the exit status as it is."""
    from mobile_gym.eval.replay import unreplayable

    status = 0
    for path in trajectories:
        if not path.is_dir():
            status = max(status, _replay_one(path))
            continue
        found = sorted(path.rglob("*.jsonl"))
        if not found:
            _error(unreplayable(path, "the folder holds no trajectory file (*.jsonl)"))
            status = 2
        for file in found:
            status = max(status, _replay_one(file))
    if status:
        raise typer.Exit(status)


def _replay_one(path: Path) -> int:
    """Replay ``path`` and print its verdict line; its exit status (``replay``)."""
    from mobile_gym.eval.replay import ReplayFileError, read_trajectory, unreplayable
    from mobile_gym.eval.replay import replay as replay_file
    from mobile_gym.tasks.schema import TaskFileError

    try:
        header, _, recorded = read_trajectory(path)
        if recorded is not None and recorded.get("error"):
            console.print(
                escape(_not_compared(path, header, recorded)), highlight=False, soft_wrap=True
            )
            return 0
        result = replay_file(path)
    except ReplayFileError as exc:
        _error(unreplayable(path, str(exc)))
        return 2
    except TaskFileError as exc:  # the task refused to start (edited since the run?)
        _error(unreplayable(path, "; ".join(exc.problems)))
        return 2
    console.print(escape(result.verdict), highlight=False, soft_wrap=True)
    return 0 if result.identical else 1


def _not_compared(path: Path, header: dict[str, Any], recorded: dict[str, Any]) -> str:
    """The verdict of an episode that ended in an infrastructure error: not compared."""
    error = " ".join(str(recorded["error"]).split())
    return (
        f"not compared: {header.get('task_id')} seed {header.get('seed')} ended in an "
        f"infrastructure error ({error}); a resumed run plays it again ({path})"
    )


@app.command("list")
def list_(
    what: Annotated[
        str, typer.Argument(help="What to list: suites, tasks, apps or displays.")
    ] = "suites",
    suite: Annotated[
        str | None, typer.Option("--suite", "-s", help="Only the tasks of this suite.")
    ] = None,
    tasks: Annotated[
        Path | None,
        typer.Option(
            "--tasks",
            help="List the tasks of this task file or folder instead of the shipped ones.",
        ),
    ] = None,
    format_: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="table, plain (tab-separated lines: name, suite / count) or json.",
        ),
    ] = "table",
) -> None:
    """List the shipped suites, tasks, apps or the simulated phone's displays (or the
    tasks of task files: --tasks DIR)."""
    from mobile_gym.names import unknown_name
    from mobile_gym.tasks import catalog
    from mobile_gym.tasks.loader import broken_task_files, load_tasks, shipped_tasks
    from mobile_gym.tasks.schema import TaskFileError

    listings = {
        "suites": catalog.suites_listing,
        "tasks": catalog.tasks_listing,
        "apps": catalog.apps_listing,
        "displays": catalog.displays_listing,
    }
    if what not in listings:
        raise _fail(f"cannot list {what!r}; choose suites, tasks, apps or displays")
    if format_ not in catalog.FORMATS:
        raise _fail(f"unknown --format {format_!r}; choose one of: {', '.join(catalog.FORMATS)}")
    try:
        specs = load_tasks(tasks) if tasks is not None else list(shipped_tasks().values())
    except TaskFileError as exc:
        raise _fail("\n".join(exc.problems)) from None  # one line per problem
    for problem in broken_task_files() if tasks is None else ():
        typer.echo(f"refused: {problem}", err=True)  # a shipped file that does not load
    if suite is not None:
        known = {spec.suite for spec in specs}
        if suite not in known:
            raise _fail(unknown_name("suite", suite, known, "mobile-gym list suites"))
        specs = [spec for spec in specs if spec.suite == suite]
    listing = listings[what](specs)
    if format_ == "table":
        listing.print_table(console)
    else:
        typer.echo(listing.plain_text() if format_ == "plain" else listing.json_text(), nl=False)


@app.command()
def show(
    task: Annotated[str, typer.Argument(help="A task id, a YAML file or a folder of them.")],
) -> None:
    """Show a task (or every task of a folder): instruction, apps, minimum steps, step cap,
    events, and how to register a task file of one's own with gym."""
    from mobile_gym.tasks import catalog
    from mobile_gym.tasks.loader import resolve_tasks
    from mobile_gym.tasks.schema import TaskFileError
    from mobile_gym.user_tasks import registration_note

    try:
        specs = resolve_tasks(task)
    except TaskFileError as exc:
        raise _fail("\n".join(exc.problems)) from None  # one line per problem
    for spec in specs:
        console.print(catalog.task_card(spec, registration_note(spec)))


@app.command("import-mobile-env")
def import_mobile_env(
    task: Annotated[Path, typer.Argument(help="A Mobile-Env task file (.textproto).")],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write the task YAML here (default: print it)."),
    ] = None,
) -> None:
    """Import a Mobile-Env task file as a mobile-gym task YAML (its reference steps, if
    any, come from TASK.solution.yaml next to it)."""
    from mobile_gym.tasks.mobile_env.convert import import_data
    from mobile_gym.tasks.schema import TaskFileError, parse_task

    try:
        data = import_data(task)
        parse_task(data, str(task))  # the YAML written is a valid task file
    except TaskFileError as exc:
        raise _fail("\n".join(exc.problems)) from None
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    if out is None:
        sys.stdout.write(text)
        return
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise _fail(f"cannot write {out}: {exc.strerror or exc}") from None
    console.print(f"wrote {escape(str(out))} (task {escape(data['id'])})", highlight=False)


@app.command("serve-adb")
def serve_adb(
    port: Annotated[
        int,
        typer.Option("--port", min=0, max=65535, help="Port on 127.0.0.1 (0 picks a free one)."),
    ] = 5037,
    devices: Annotated[
        int, typer.Option("--devices", min=1, max=64, help="How many phones to serve.")
    ] = 1,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Seed the phones boot with.")] = 0,
    max_connections: Annotated[
        int,
        typer.Option(
            "--max-connections",
            min=1,
            help="Connections served at once; a client over the limit is refused with FAIL.",
        ),
    ] = 256,
    idle_timeout: Annotated[
        float,
        typer.Option(
            "--idle-timeout",
            min=1.0,
            help="Seconds a connection may send nothing while a request is awaited.",
        ),
    ] = 300.0,
    display: Annotated[
        str | None,
        typer.Option(
            "--display",
            help="The phones' display, a device profile (mobile-gym list displays; "
            "default pixel_7).",
        ),
    ] = None,
) -> None:
    """Serve simulated phones over the ADB protocol, to adb, adbutils or any ADB tool."""
    from mobile_gym.sim.adb_server.server import serve_until_stopped

    try:
        serve_until_stopped(
            devices,
            port,
            seed,
            lambda line: print(line, flush=True),
            max_connections=max_connections,
            idle_timeout_s=idle_timeout,
            display=display,
        )
    except OSError as exc:
        raise _fail(f"{exc.strerror or exc}; choose another --port") from None
    except ValueError as exc:  # an argument the server refuses
        raise _fail(str(exc)) from None


@app.command("serve-mcp")
def serve_mcp(
    transport: Annotated[
        str, typer.Option("--transport", help="stdio, or http (the streamable HTTP transport).")
    ] = "stdio",
    host: Annotated[str, typer.Option("--host", help="Address to bind with --transport http.")] = (
        "127.0.0.1"
    ),
    port: Annotated[
        int,
        typer.Option(
            "--port", min=0, max=65535, help="Port with --transport http (0: a free one)."
        ),
    ] = 8000,
    task: Annotated[
        str | None,
        typer.Option("--task", "-t", help="A task id or YAML file to start at once."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Seed of that task.")] = 0,
    display: PhoneDisplay = None,
) -> None:
    """Serve the simulated phone to MCP hosts: tools to look, act, and run a task."""
    if transport not in ("stdio", "http"):
        raise _fail(f"unknown --transport {transport!r}; choose stdio or http")
    from mobile_gym.device.sim import SimDevice
    from mobile_gym.mcp.phone_server import build_phone_server, serve_http
    from mobile_gym.tasks.schema import TaskFileError

    try:
        phone = SimDevice(display)
    except ValueError as exc:
        raise _fail(f"--display: {exc}") from None
    try:
        server = build_phone_server(task, seed, phone)
    except TaskFileError as exc:
        raise _fail("\n".join(exc.problems)) from None
    except ValueError as exc:  # a task written for another screen than --display's
        raise _fail(str(exc)) from None
    if transport == "stdio":
        server.run("stdio")  # stdout carries the protocol: nothing else is printed on it
        return
    try:
        serve_http(server, host, port, lambda line: print(line, flush=True))
    except OSError as exc:
        raise _fail(f"{exc.strerror or exc}; choose another --port or --host") from None


@app.command()
def version() -> None:
    """Print the installed mobile-gym version."""
    from mobile_gym import __version__

    console.print(f"mobile-gym {__version__}", highlight=False)


def _register_packages() -> None:
    """The commands that live with their packages: the report and viewer, play, the
    dataset commands and the served emulator (each imports its heavy dependencies only
    when run)."""
    from mobile_gym.data.commands import register as register_data
    from mobile_gym.emulator.commands import register as register_emulator
    from mobile_gym.play.commands import register as register_play
    from mobile_gym.viewer.commands import register as register_viewer

    for register in (register_viewer, register_play, register_data, register_emulator):
        register(app)


def _reflow_help() -> None:
    """Give each command its docstring with each paragraph on one line as its help, and the
    first paragraph as the summary ``mobile-gym --help`` lists: both keep a docstring's
    line breaks, which cut its sentences at the width of the source."""
    for command in app.registered_commands:
        if command.help is None and command.callback is not None:
            paragraphs = inspect.cleandoc(command.callback.__doc__ or "").split("\n\n")
            lines = [" ".join(paragraph.split()) for paragraph in paragraphs]
            command.help = "\n\n".join(lines)
            command.short_help = command.short_help or lines[0]


_register_packages()
_reflow_help()

if __name__ == "__main__":
    app()
