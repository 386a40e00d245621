"""What the benchmark scripts share: the command line and writing the figures as JSON."""

from __future__ import annotations

import argparse
import json
import pathlib
from collections.abc import Callable
from typing import Any


def run(
    doc: str,
    default_json: str,
    measure: Callable[..., dict[str, Any]],
    report: Callable[[dict[str, Any]], str],
    extra: dict[str, Any] | None = None,
    arguments: Callable[[argparse.ArgumentParser], None] | None = None,
) -> None:
    """Parse ``--json PATH``, measure, print the report and write figures (plus ``extra``).

    ``arguments``, if given, adds the benchmark's own options to the parser; ``measure`` is
    then called with the parsed arguments.
    """
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--json", type=pathlib.Path, default=pathlib.Path(default_json))
    if arguments is not None:
        arguments(parser)
    args = parser.parse_args()
    figures = measure(args) if arguments is not None else measure()
    print(report(figures))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"figures": figures, **(extra or {})}, indent=2, default=float))
    print(f"wrote {args.json}")
