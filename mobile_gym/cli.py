"""The ``mobile-gym`` command line."""

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

app = typer.Typer(
    name="mobile-gym",
    help="mobile-gym: a Gymnasium RL environment for Android GUI agents.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
console = Console()


@app.command()
def demo(
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            help="Folder to write the demo's screenshot and view hierarchy into.",
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

    written = run_demo(out_dir=out, seed=seed)
    console.print(f"[bold green]Demo finished[/] (seed={seed}), wrote {len(written)} file(s):")
    for path in written:
        console.print(f"  {escape(str(path))}", highlight=False)


@app.command()
def version() -> None:
    """Print the installed mobile-gym version."""
    from mobile_gym import __version__

    console.print(f"mobile-gym {__version__}", highlight=False)


if __name__ == "__main__":
    app()
