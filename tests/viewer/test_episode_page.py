"""A viewer page's panels: the instruction in force at each step is the one the dataset's
rows give; an episode with no screens says so."""

from __future__ import annotations

import html
import itertools
import pathlib
import re

from mobile_gym.data.rows import episode_rows
from mobile_gym.eval.store import RunStore
from tests.viewer.conftest import invoke

MULTI_STAGE = "multi.airplane_then_note"
"""A task that gives a new instruction as each of its stages is done."""


def panels(page: str) -> dict[str, dict[str, str]]:
    """The panels of a viewer page by title (``Step N``, ``End``): their items by name."""
    return {
        title: {
            name: html.unescape(re.sub(r"<[^>]+>", "", value))
            for name, value in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", items, re.S)
        }
        for title, items in re.findall(
            r'<section class="step"[^>]*><h3>(.*?)</h3>(.*?)</section>', page, re.S
        )
    }


def test_the_instruction_in_force_is_that_of_the_dataset_rows(tmp_path: pathlib.Path) -> None:
    run = tmp_path / "staged"
    made = invoke(
        "eval", "--agent", "oracle", "--task", MULTI_STAGE, "--seeds", "0",
        "--save", "screenshots", "--save", "observations", "--out", str(run),
    )  # fmt: skip
    assert made.exit_code == 0, (made.stderr, made.exception)
    assert invoke("report", str(run), "--out", str(tmp_path / "report.html")).exit_code == 0
    page = tmp_path / "report_episodes" / "staged" / f"{MULTI_STAGE}__seed0.html"
    shown = panels(page.read_text(encoding="utf-8"))
    record = RunStore(run).finished(MULTI_STAGE, 0)
    assert record is not None
    rows = list(episode_rows(run, record))
    assert len({row["instruction"] for row in rows}) == 3  # a new one after each stage
    assert {f"Step {row['step']}": row["instruction"] for row in rows} == {
        title: items["instruction in force"] for title, items in shown.items() if title != "End"
    }
    for row, following in itertools.pairwise(rows):  # the step that released it
        released = shown[f"Step {row['step']}"].get("new instruction")
        changed = following["instruction"] != row["instruction"]
        assert released == (following["instruction"] if changed else None)


def test_an_episode_with_no_screens_says_so(errored: pathlib.Path, tmp_path: pathlib.Path) -> None:
    out = tmp_path / "report.html"
    result = invoke("report", str(errored), "--out", str(out), "--no-replay")
    assert result.exit_code == 0, result.stderr
    page = (out.parent / "report_episodes" / "errored" / "settings.wifi_off__seed0.html").read_text(
        encoding="utf-8"
    )
    assert "No screens saved." in page and "LLMUnavailableError" in page
    assert "<script" not in page and "<img" not in page and "<figure" not in page
