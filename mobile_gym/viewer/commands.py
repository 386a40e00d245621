"""The command-line commands of ``mobile_gym.viewer``."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this package's commands to ``app``."""
