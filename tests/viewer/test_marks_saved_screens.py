"""Saved screenshots change where a screen comes from, never what is drawn on it: an
element action's box and tap point are marked as in a run that saved nothing."""

from __future__ import annotations

import pathlib

import imageio.v3 as iio
import numpy as np
import pytest

from mobile_gym.viewer.filmstrip import Frame, filmstrip
from mobile_gym.viewer.runs import load_run, load_steps
from tests.viewer.conftest import invoke

TASK = "mab.calculator_add"


@pytest.fixture(scope="module")
def element_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pathlib.Path]:
    """The random agent (element actions) on ``TASK``, with screenshots saved and without."""
    root = tmp_path_factory.mktemp("element")
    runs = {"saved": root / "saved", "replayed": root / "replayed"}
    for name, extra in (("saved", ["--screenshots"]), ("replayed", [])):
        args = ["--agent", "random", "--task", TASK, "--seeds", "0", "--out", str(runs[name])]
        result = invoke("eval", *args, *extra)
        assert result.exit_code == 0, (result.output, result.exception)
    assert any((runs["saved"] / "screenshots" / TASK / "seed0").glob("step*.png"))
    return runs


def frames(run: pathlib.Path) -> list[Frame]:
    viewed = load_run(run)
    return filmstrip(viewed, load_steps(viewed, viewed.records[0]))


def test_element_actions_are_marked_with_saved_screenshots(
    element_runs: dict[str, pathlib.Path],
) -> None:
    saved, replayed = frames(element_runs["saved"]), frames(element_runs["replayed"])
    assert [f.mark for f in saved] == [f.mark for f in replayed]
    marked = [f.mark for f in saved if f.mark is not None]
    assert marked and all(mark.box is not None and mark.start is not None for mark in marked)


def test_the_videos_are_the_same(
    element_runs: dict[str, pathlib.Path], tmp_path: pathlib.Path
) -> None:
    videos = {}
    for name, run in element_runs.items():
        out = tmp_path / f"{name}.gif"
        result = invoke("video", str(run), "--task", TASK, "--out", str(out))
        assert result.exit_code == 0, (result.stderr, result.exception)
        videos[name] = iio.imread(out, index=None)
    assert np.array_equal(videos["saved"], videos["replayed"])
