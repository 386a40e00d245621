"""The command-line commands of ``mobile_gym.play``: ``mobile-gym play``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mobile_gym.cli_options import PhoneDisplay

DEFAULT_PORT = 8765


def play(
    task: Annotated[str, typer.Argument(help="A task id or a task YAML file.")],
    seed: Annotated[int, typer.Option("--seed", min=0, help="Seed of the first episode.")] = 0,
    port: Annotated[
        int,
        typer.Option("--port", min=0, max=65535, help="Port to serve on (0 picks a free one)."),
    ] = DEFAULT_PORT,
    host: Annotated[str, typer.Option("--host", help="Address to serve on.")] = "127.0.0.1",
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            help="Run folder to record the session into, as `mobile-gym eval` does "
            "(default out/play/<task>-seed<N>).",
            file_okay=False,
        ),
    ] = None,
    no_record: Annotated[bool, typer.Option("--no-record", help="Record nothing.")] = False,
    display: PhoneDisplay = None,
) -> None:
    """Play a task by hand on the simulated phone, in a local web page: click, drag, scroll
    and type on the screen, step through the solution, and record the session so that
    `mobile-gym replay` plays it again."""
    from mobile_gym.cli import _fail, console

    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise _fail(
            f"mobile-gym play needs the ui extra ({exc.name} is not installed): "
            "pip install 'mobile-gym[ui]'"
        ) from None
    from rich.markup import escape

    from mobile_gym.eval.devices import DeviceChoice
    from mobile_gym.eval.store import RunFolderError
    from mobile_gym.play.app import build_app
    from mobile_gym.play.server import listen, page_url, serve_until_stopped
    from mobile_gym.play.session import PlayError, PlaySession, check_seed
    from mobile_gym.tasks.loader import resolve_task
    from mobile_gym.tasks.schema import TaskFileError

    try:
        spec = resolve_task(task)
        check_seed(seed)
    except TaskFileError as exc:
        raise _fail("\n".join(exc.problems)) from None
    except PlayError as exc:
        raise _fail(f"bad --seed: {exc}") from None
    try:
        DeviceChoice(display=display)
    except ValueError as exc:  # an unknown display, refused before the page is served
        raise _fail(f"--display: {exc}") from None
    if record is not None and no_record:
        raise _fail("give --record DIR or --no-record, not both")
    folder = None if no_record else record or Path("out/play") / f"{spec.id}-seed{seed}"
    try:
        listener = listen(host, port)
    except OSError as exc:
        raise _fail(
            f"cannot serve on {host}:{port}: {exc.strerror or exc}; choose another --port "
            "(0 picks a free one) or --host"
        ) from None
    try:
        try:
            session = PlaySession(spec, seed, folder, display)
        except (RunFolderError, OSError) as exc:
            raise _fail(str(exc).replace("--out folder", "--record folder")) from None
        except ValueError as exc:  # a task written for another screen than --display's
            raise _fail(str(exc)) from None
        try:
            console.print(
                f"Playing {escape(spec.id)} (seed {seed}) at {page_url(listener)}", highlight=False
            )
            shown = escape(str(folder)) if folder is not None else "off"
            console.print(f"recording: {shown}; Ctrl-C stops", highlight=False)
            serve_until_stopped(build_app(session), listener)
        finally:
            session.close()
    finally:
        listener.close()


def register(app: typer.Typer) -> None:
    """Add this package's commands to ``app``."""
    app.command("play")(play)
