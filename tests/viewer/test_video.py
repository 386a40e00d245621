"""``mobile-gym video``: an episode as a GIF or an MP4, one frame per screen (each action's
screen, then the screen it ended on)."""

from __future__ import annotations

import json
import pathlib

import imageio.v3 as iio
import numpy as np
import pytest

from tests.viewer.conftest import invoke


def steps(run: pathlib.Path, task: str, seed: int) -> int:
    """The actions the episode recorded (its decisions)."""
    record = json.loads((run / "episodes" / f"{task}__seed{seed}.json").read_text("utf-8"))
    return record["decisions"]


@pytest.mark.parametrize("agent", ["oracle", "random"])
def test_a_gif_has_a_frame_per_screen(runs: dict, agent: str, tmp_path: pathlib.Path) -> None:
    out = tmp_path / "episode.gif"
    result = invoke(
        "video",
        str(runs[agent]),
        "--task",
        "notes.create_titled",
        "--seed",
        "1",
        "--out",
        str(out),
        "--fps",
        "4",
    )
    assert result.exit_code == 0, (result.stderr, result.exception)
    frames = iio.imread(out, index=None)
    assert frames.shape[0] == steps(runs[agent], "notes.create_titled", 1) + 1
    assert frames.shape[2] == 360
    assert not np.array_equal(frames[0], frames[-1])


def test_an_mp4_has_a_frame_per_screen(runs: dict, tmp_path: pathlib.Path) -> None:
    import av

    out = tmp_path / "episode.mp4"
    result = invoke("video", str(runs["oracle"]), "--task", "settings.wifi_off", "--out", str(out))
    assert result.exit_code == 0, (result.stderr, result.exception)
    with av.open(str(out)) as container:
        decoded = sum(1 for _ in container.decode(video=0))
    assert decoded == steps(runs["oracle"], "settings.wifi_off", 0) + 1


def test_bad_video_requests_are_refused(runs: dict, tmp_path: pathlib.Path) -> None:
    run = str(runs["oracle"])
    missing = invoke("video", run, "--task", "clock.nothing", "--out", str(tmp_path / "a.gif"))
    assert missing.exit_code == 2
    assert "no episode clock.nothing seed 0" in missing.stderr
    assert "settings.wifi_off seed 0" in missing.stderr  # what the run holds
    suffix = invoke("video", run, "--task", "settings.wifi_off", "--out", str(tmp_path / "a.avi"))
    assert suffix.exit_code == 2 and ".gif or an .mp4" in suffix.stderr
    for bad, out in (("0", "a.gif"), ("nan", "a.gif"), ("inf", "a.mp4"), ("1e-9", "a.mp4")):
        fps = invoke(
            "video", run, "--task", "settings.wifi_off", "--out", str(tmp_path / out), "--fps", bad
        )
        assert fps.exit_code == 2 and "--fps must be a number in [0.01, 50]" in fps.stderr, bad
        assert "Traceback" not in fps.stderr
    assert not list(tmp_path.iterdir())


def test_a_video_that_cannot_be_written_is_one_error_and_no_file(
    runs: dict, tmp_path: pathlib.Path
) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("a file, not a folder")
    out = blocker / "episode.gif"
    result = invoke("video", str(runs["oracle"]), "--task", "settings.wifi_off", "--out", str(out))
    assert result.exit_code == 2
    assert f"cannot write the video {out}: Not a directory" in result.stderr
    assert "Traceback" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


def test_a_video_is_readable_as_any_new_file_is(runs: dict, tmp_path: pathlib.Path) -> None:
    """Written through a temporary file, it still gets the mode the process's umask gives a
    new file (not the temporary file's owner-only one)."""
    out = tmp_path / "episode.gif"
    reference = tmp_path / "plain.txt"
    reference.write_text("made with open()")
    result = invoke("video", str(runs["oracle"]), "--task", "settings.wifi_off", "--out", str(out))
    assert result.exit_code == 0, (result.stderr, result.exception)
    assert out.stat().st_mode & 0o777 == reference.stat().st_mode & 0o777
