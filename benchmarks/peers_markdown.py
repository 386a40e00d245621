"""The tables of a ``peers.py`` run as Markdown, from the JSON it wrote.

```sh
.venv/bin/python benchmarks/peers.py --json out/bench/peers.json
.venv/bin/python benchmarks/peers_markdown.py out/bench/peers.json > figures.md
```

It prints the two tables ``peers.py`` prints (all rows, then the per-app figures), with the
same cells, as Markdown tables: the figures of ``benchmarks/README.md`` ("Latest figures")
come from a run this way, not from copying a terminal. It measures nothing.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from peers import APP_HEADERS, MAIN_HEADERS, app_rows, main_rows
from rich.text import Text

_NUMERIC = frozenset({"mobile-gym", "their figure", "ratio", "CPU", "nodes"})
"""The columns whose cells are right-aligned (as are those of times, ``... ms``)."""


def markdown(figures: dict[str, Any]) -> str:
    """Both tables of ``figures`` (a ``peers.py`` run's ``"figures"``) as Markdown."""
    main = []
    for cells in main_rows(figures["comparisons"]):
        if isinstance(cells, str):
            main.append([f"**{cells}**", *[""] * (len(MAIN_HEADERS) - 1)])
        else:
            main.append(cells)
    tables = [_table(MAIN_HEADERS, main)]
    if figures.get("apps"):
        tables.append(_table(APP_HEADERS, app_rows(figures["apps"])))
    return "\n\n".join(tables) + "\n"


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    rule = ["---:" if h in _NUMERIC or h.endswith(" ms") else "---" for h in headers]
    lines = [_line(headers), _line(rule)]
    lines += [_line([Text.from_markup(cell).plain for cell in row]) for row in rows]
    return "\n".join(lines)


def _line(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json", type=pathlib.Path, help="the JSON a peers.py run wrote")
    args = parser.parse_args()
    try:
        figures = json.loads(args.json.read_text())["figures"]
    except (OSError, ValueError, KeyError) as exc:
        sys.exit(f"{args.json}: not the JSON of a peers.py run ({exc})")
    sys.stdout.write(markdown(figures))


if __name__ == "__main__":
    main()
