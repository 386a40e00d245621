"""How a run folder of demonstrations was made, for the dataset card: ``generate.json``
beside the run's own files, listing every ``mobile-gym generate`` command that filled it
(a rerun that resumes it adds nothing) and the mobile-gym version of each.

A run folder made by ``mobile-gym eval`` has none; its card says so.
"""

from __future__ import annotations

import json
import pathlib
import shlex
from dataclasses import dataclass
from typing import Any

from mobile_gym.eval.store import write_atomic

PROVENANCE_FILE = "generate.json"


@dataclass(frozen=True)
class Made:
    """One command that filled a run folder, and the mobile-gym that ran it."""

    command: str
    version: str


def generate_command(arguments: list[tuple[str, str | None]]) -> str:
    """The ``mobile-gym generate`` command line of ``arguments`` (option, value; a value
    of None is a flag), quoted for a POSIX shell."""
    words = ["mobile-gym", "generate"]
    for option, value in arguments:
        words += [option] if value is None else [option, value]
    return shlex.join(words)


def record_made(root: pathlib.Path, made: Made) -> None:
    """Add ``made`` to ``root``'s ``generate.json`` unless it is there already."""
    known = read_made(root)
    if made in known:
        return
    entries = [{"command": m.command, "version": m.version} for m in (*known, made)]
    write_atomic(root / PROVENANCE_FILE, json.dumps({"generated_by": entries}, indent=2) + "\n")


def read_made(root: pathlib.Path) -> list[Made]:
    """The commands ``root``'s ``generate.json`` lists (none when it has none or it cannot
    be read: the card then says how little is known)."""
    path = root / PROVENANCE_FILE
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        return [Made(str(e["command"]), str(e["version"])) for e in data["generated_by"]]
    except (OSError, ValueError, TypeError, KeyError):
        return []
