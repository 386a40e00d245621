"""Natural ways to finish two starter tasks that their reference solutions do not play:
the Android version stated in digits or in words, and a list item typed on a new line
with spaces around it or a newline after it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tasks.near_misses import play_near_miss

SEEDS = (0, 1)
ABOUT_PHONE: list[dict[str, Any]] = [
    {"swipe": "up"},
    {"click": {"text": "Settings"}},
    {"click": {"id": "about_phone"}},
]
LIST_NOTE: list[dict[str, Any]] = [
    {"click": {"text": "Notes"}},
    {"click": {"id": "note_title", "text": "{list_name}"}},
]
SAVE_NOTE: list[dict[str, Any]] = [{"click": {"desc": "Navigate up"}}]


def _assert_succeeds(task_id: str, steps: list[dict[str, Any]], seed: int) -> None:
    """Play ``steps`` on ``task_id`` and require a success without an action error."""
    infos = play_near_miss(task_id, steps, seed)
    assert [info["action_error"] for info in infos] == [None] * len(infos)
    assert infos[-1]["success"] is True, f"{task_id}: {steps} did not succeed"


@pytest.mark.parametrize(
    "answer", ("14", "Android 14", "fourteen", "Android fourteen", "It is Android fourteen.")
)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_version_in_digits_or_words_is_right(answer: str, seed: int) -> None:
    _assert_succeeds("settings.report_version", [*ABOUT_PHONE, {"answer": answer}], seed)


@pytest.mark.parametrize(
    "typed",
    (
        pytest.param("\n{item}\n", id="trailing_newline"),
        pytest.param("\n {item} ", id="spaces_around_the_item"),
        pytest.param("  \n{item}", id="spaces_after_the_last_item"),
    ),
)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_item_on_a_new_line_is_appended(typed: str, seed: int) -> None:
    typing = {"type": {"text": typed, "into": {"id": "text_view"}}}
    _assert_succeeds("notes.append_item", [*LIST_NOTE, typing, *SAVE_NOTE], seed)
