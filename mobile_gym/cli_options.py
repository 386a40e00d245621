"""Command-line options that several ``mobile-gym`` commands take, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

Suites = Annotated[
    list[str] | None, typer.Option("--suite", "-s", help="A suite to run (repeatable).")
]
"""``--suite``: suites by name."""

Tasks = Annotated[
    list[str] | None,
    typer.Option("--task", "-t", help="A task id, a YAML file or a folder of them (repeatable)."),
]
"""``--task``: task ids, task files or folders of them."""

Seeds = Annotated[str, typer.Option("--seeds", help="Episode seeds: 0,1,2 or 0-9 or a mix.")]
"""``--seeds``: episode seeds, listed or as ranges."""
