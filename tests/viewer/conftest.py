"""Small real runs, made once per test session with ``mobile-gym eval``: the oracle saving
screenshots and observations, the random agent saving nothing (its screens are replayed),
and a language model agent whose endpoint is down (an episode ended in an error)."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app
from tests.agents.scripted_llm import ScriptedLLM, failure

TASKS = ("settings.wifi_off", "notes.create_titled")


def invoke(*args: str) -> Any:
    """``mobile-gym ARGS`` in process; the result (exit code, output, stderr)."""
    return CliRunner().invoke(app, list(args))


def make_run(root: pathlib.Path, agent: str, *extra: str) -> pathlib.Path:
    """A run of ``agent`` on ``TASKS``, seeds 0 and 1, in ``root / agent``."""
    out = root / agent
    tasks = [arg for task in TASKS for arg in ("--task", task)]
    result = invoke("eval", "--agent", agent, *tasks, "--seeds", "0-1", "--out", str(out), *extra)
    assert result.exit_code == 0, (result.output, result.exception)
    return out


@pytest.fixture(scope="session")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pathlib.Path]:
    """The oracle's and the random agent's run folders."""
    root = tmp_path_factory.mktemp("runs")
    return {
        "oracle": make_run(root, "oracle", "--save", "screenshots", "--save", "observations"),
        "random": make_run(root, "random", "--max-steps", "4"),
    }


@pytest.fixture(scope="session")
def errored(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """A run of one episode that ended in an error before its first action (the model's
    endpoint answered 503), saving no screens."""
    out = tmp_path_factory.mktemp("runs") / "errored"
    with ScriptedLLM([failure(503)]) as server:
        invoke(
            "eval", "--agent", "llm", "--agent-option", "model=m",
            "--agent-option", f"base_url={server.base_url}", "--agent-option", "max_retries=0",
            "--task", "settings.wifi_off", "--out", str(out),
        )  # fmt: skip
    assert [e["outcome"] for e in results(out)["episodes"]] == ["error"]
    return out


@pytest.fixture(scope="session")
def report(runs: dict[str, pathlib.Path], tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """The report comparing the two runs, with its viewer pages."""
    out = tmp_path_factory.mktemp("report") / "report.html"
    result = invoke(
        "report",
        str(runs["oracle"]),
        str(runs["random"]),
        "--out",
        str(out),
        "--by",
        "app",
        "--by",
        "category",
    )
    assert result.exit_code == 0, (result.output, result.stderr, result.exception)
    return out


def results(run: pathlib.Path) -> dict[str, Any]:
    """The run's ``results.json``, as ``mobile-gym eval`` wrote it."""
    return json.loads((run / "results.json").read_text(encoding="utf-8"))
