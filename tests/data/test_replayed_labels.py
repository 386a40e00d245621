"""Every exported JSON action does, read back by the ``json`` action space, what the
demonstration did: replayed, the labels bring the same screen after every step (the next
row's view hierarchy), the same rewards and the same success. The episodes are those whose
labels are hardest to get right: the slider tasks, whose oracle taps a slider's end, off
its centre, and tasks whose solution scrolls or waits, of every kind of shipped task that
does (``kind``), whose labels carry the scroll's span and the wait's length (fields beyond
AndroidWorld's schema)."""

from __future__ import annotations

import json
from typing import Any

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.redaction import redact_xml
from mobile_gym.registration import make_env
from mobile_gym.tasks.loader import shipped_tasks
from mobile_gym.tasks.schema import TaskSpec

SLIDER_TASKS = (
    "mw.settings.adjust_brigtness_max",
    "mw.settings.adjust_brigtness_min",
    "mw.settings.adjust_font_icon_max",
    "mw.settings.adjust_font_icon_min",
)
SCROLL_AND_WAIT_TASKS = (
    "camera.record_video",  # waits
    "mab.gallery_play_videos_automatically",  # scrolls
    "mw.mall.check_cart_price_1",
    "mw.mastodon.mastodon_pin_toots",
    "mw.native.send_zip_files_ask_user_2",
    "mw.work.local_file_management",
    "mw.work.local_file_management_2",
    "simpletools.voice_recorder.record_seconds",  # waits
)
"""Tasks whose solution scrolls or waits: at least one of each kind (``kind``)."""
TASKS = SLIDER_TASKS + SCROLL_AND_WAIT_TASKS


@pytest.fixture(scope="module")
def rows(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    root = tmp_path_factory.mktemp("labels")
    run, out = root / "run", root / "dataset"
    tasks = [option for task in TASKS for option in ("--task", task)]
    generate = ["generate", *tasks, "--seeds", "0", "--no-screenshots", "--out", str(run)]
    for args in (generate, ["export", str(run), "--split", "1", "--out", str(out)]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
    columns = ["task_id", "seed", "step", "view_hierarchy", "action", "command", "reward"]
    return pq.read_table(out / "data" / "train.parquet", columns=[*columns, "success"]).to_pylist()


def episode_of(rows: list[dict[str, Any]], task: str) -> list[dict[str, Any]]:
    """The rows of ``task``'s episode, in order."""
    return sorted((row for row in rows if row["task_id"] == task), key=lambda r: r["step"])


def scrolls_or_waits(spec: TaskSpec) -> bool:
    """Whether ``spec``'s solution has a scroll or a wait."""
    return any(step.scroll is not None or step.wait is not None for step in spec.solution)


def kind(task: str) -> str:
    """The kind of a task: its id without its last part (``mw.native``, ``camera``)."""
    return task.rpartition(".")[0]


def test_every_kind_of_shipped_task_that_scrolls_or_waits_is_replayed() -> None:
    shipped = {task for task, spec in shipped_tasks().items() if scrolls_or_waits(spec)}
    assert set(SCROLL_AND_WAIT_TASKS) <= shipped
    assert {kind(task) for task in shipped} == {kind(task) for task in SCROLL_AND_WAIT_TASKS}


@pytest.mark.parametrize("task", TASKS)
def test_the_exported_actions_replay_to_the_same_screens_rewards_and_success(
    rows: list[dict[str, Any]], task: str
) -> None:
    episode = episode_of(rows, task)
    assert episode and episode[-1]["success"]
    env = make_env(task, action_space="json", observation="text", max_steps="none")
    try:
        env.reset(seed=episode[0]["seed"])
        rewards, info = [], {}
        for row, after in zip(episode, [*episode[1:], None], strict=True):
            _, reward, _, _, info = env.step(row["action"])
            assert info.get("action_error") is None, (row["step"], info["action_error"])
            rewards.append(reward)
            if after is not None:  # the screen the demonstration saw next
                same = redact_xml(env.unwrapped.device.hierarchy_xml()) == after["view_hierarchy"]
                assert same, f"another screen after step {row['step']}: {row['action']}"
    finally:
        env.close()
    assert rewards == [row["reward"] for row in episode]
    assert info["success"] == episode[-1]["success"]


def test_the_slider_taps_are_off_centre(rows: list[dict[str, Any]]) -> None:
    for task in SLIDER_TASKS:
        actions = [json.loads(row["action"]) for row in episode_of(rows, task)]
        assert any("x" in action and "index" not in action for action in actions), task


def test_the_scrolls_and_waits_keep_their_span_and_length(rows: list[dict[str, Any]]) -> None:
    kept = []
    for row in rows:
        command, action = json.loads(row["command"]), json.loads(row["action"])
        if command["verb"] in ("scroll", "wait"):
            field = "span" if command["verb"] == "scroll" else "ms"
            assert action.get(field) == command.get(field), (row["task_id"], row["step"])
            kept.append(command["verb"])
    assert set(kept) == {"scroll", "wait"}
