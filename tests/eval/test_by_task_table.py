"""``mobile-gym eval --by task``: the metrics table shows every task id whole, never cut
short, in a pipe or a log (a console of no terminal) as on a narrow terminal."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

from mobile_gym import cli

TASKS = ("mab.calculator_add", "mab.calculator_square", "mab.calculator_minus")


def arguments(out: pathlib.Path) -> list[str]:
    chosen = [arg for task in TASKS for arg in ("--task", task)]
    return ["eval", "--agent", "oracle", *chosen, "--seeds", "0", "--by", "task", "--out", str(out)]


def rows(text: str) -> list[str]:
    """The names in the first column of the metrics table's rows."""
    return re.findall(r"^│ (\S+) +│ +\d+ │", text, flags=re.MULTILINE)


def test_a_pipe_gets_every_task_id_whole(tmp_path: pathlib.Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mobile_gym.cli", *arguments(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "…" not in result.stdout
    assert rows(result.stdout) == [*sorted(TASKS), "all"]


@pytest.mark.parametrize("width", [60, 100])
def test_a_narrow_terminal_gets_every_task_id_whole(
    tmp_path: pathlib.Path, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        cli, "console", Console(width=width, force_terminal=True, color_system=None)
    )
    result = CliRunner().invoke(cli.app, arguments(tmp_path / str(width)))
    assert result.exit_code == 0, (result.output, result.exception)
    assert rows(result.stdout) == [*sorted(TASKS), "all"]
