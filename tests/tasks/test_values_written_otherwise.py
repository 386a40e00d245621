"""A value the agent types written another way than the instruction's, where the app takes
it as the same (a phone number with or without its separators and country code, a search
query, a message or a name in another case): the check must take it. Each route is the
task's reference solution with the parameter's text typed as rewritten from the episode's
own value, which a route file (``other_routes.yaml``) cannot spell."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from mobile_gym.env import MobileEnv
from mobile_gym.tasks.loader import shipped_tasks
from mobile_gym.tasks.signals import NUMBER_WORDS
from tests.tasks.near_misses import play_near_miss


def _digits(number: str) -> str:
    return re.sub(r"\D", "", number)


REWRITES: dict[str, Callable[[str], str]] = {
    "digits_with_plus": lambda number: "+" + _digits(number),  # +15553423770
    "local_with_dashes": lambda number: re.sub(r"^\+1 ", "", number),  # 555-342-3770
    "local_digits": lambda number: _digits(number)[1:],  # 5553423770
    "capitalised": str.capitalize,
    "first_word": lambda text: text.split()[0],  # a search by a part of the name
    "upper_case": str.upper,
    "lower_case": str.lower,
}

PHONE = ("phone", ("digits_with_plus", "local_with_dashes", "local_digits"))
WRITTEN_OTHERWISE: dict[str, tuple[str, tuple[str, ...]]] = {
    # task id -> (the parameter typed otherwise, the ways it is written)
    "simpletools.contacts.create_first_name_phone": PHONE,
    "contacts.create_named": PHONE,
    "multi.save_contact_from_note": PHONE,
    "simpletools.notes.search_word": ("word", ("capitalised", "upper_case")),
    "simpletools.sms.search_reply": ("place", ("lower_case", "upper_case", "first_word")),
    # MobileAgentBench: the originals compare these in lower case
    "mab.contacts_create": ("phone", ("digits_with_plus",)),  # seed 0: the original's 123456789
    "mab.messager_start_a_conversation": ("text", ("capitalised",)),
    "mab.messager_create_conversation_and_search": ("text", ("capitalised",)),
    "mab.messager_create_conversation_and_check_message_properties": ("text", ("capitalised",)),
    "mab.music_player_create_playlist": ("name", ("capitalised",)),
    "mab.music_player_create_playlist_and_search": ("name", ("capitalised",)),
    "mab.music_player_create_playlist_and_sort_desc": ("name", ("capitalised",)),
}


def _typed_otherwise(task_id: str, parameter: str, written: str) -> list[dict[str, Any]]:
    """The task's reference solution with ``written`` where it types ``{parameter}``, and
    where it then finds that text on screen (a node's text is what was typed)."""
    steps = [
        step.model_dump(exclude_defaults=True, by_alias=True)
        for step in shipped_tasks()[task_id].solution
    ]
    typed = any(step.get("type", {}).get("text") == f"{{{parameter}}}" for step in steps)
    assert typed, f"{task_id}'s solution never types {{{parameter}}}"
    return _replaced(steps, f"{{{parameter}}}", written)


def _replaced(value: Any, old: str, new: str) -> Any:
    """``value`` with every string that is ``old`` made ``new``."""
    if isinstance(value, dict):
        return {key: _replaced(item, old, new) for key, item in value.items()}
    if isinstance(value, list):
        return [_replaced(item, old, new) for item in value]
    return new if value == old else value


@pytest.mark.parametrize(
    ("task_id", "rewrite"),
    [(task, rewrite) for task, (_, rewrites) in WRITTEN_OTHERWISE.items() for rewrite in rewrites],
)
@pytest.mark.parametrize("seed", (0, 1))
def test_a_value_written_otherwise_reaches_the_goal(task_id: str, rewrite: str, seed: int) -> None:
    parameter, _ = WRITTEN_OTHERWISE[task_id]
    env = MobileEnv(task_id)
    env.reset(seed=seed)
    value = str(env.episode.values[parameter])
    env.close()
    written = REWRITES[rewrite](value)
    assert written != value, f"{rewrite} leaves {value!r} as it is"
    infos = play_near_miss(task_id, _typed_otherwise(task_id, parameter, written), seed)
    assert [info["action_error"] for info in infos] == [None] * len(infos)
    assert infos[-1]["success"] is True, f"{task_id}: {parameter} typed as {written!r} failed"


@pytest.mark.parametrize("seed", (0, 1))
def test_a_count_in_words_is_an_answer(seed: int) -> None:
    env = MobileEnv("simpletools.notes.count_done")
    env.reset(seed=seed)
    done = int(env.episode.values["done"])
    env.close()
    opened = [{"click": {"text": "Notes"}}, {"click": {"id": "note_title", "text": "{checklist}"}}]
    right = f"{NUMBER_WORDS[done].capitalize()} items are checked off."
    infos = play_near_miss("simpletools.notes.count_done", [*opened, {"answer": right}], seed)
    assert infos[-1]["success"] is True, right
    another = f"{NUMBER_WORDS[done + 1]} items are done."
    infos = play_near_miss("simpletools.notes.count_done", [*opened, {"answer": another}], seed)
    assert infos[-1]["success"] is False, another


@pytest.mark.parametrize("rewrite", ("capitalised", "upper_case"))
def test_a_file_search_in_another_case_is_the_same_search(rewrite: str) -> None:
    """File Manager's search ignores case, and so does the check of a search for a file."""
    env = MobileEnv("simpletools.file_manager.search_file")
    env.reset(seed=0)
    word = str(env.episode.values["word"])
    env.close()
    query = REWRITES[rewrite](f"{word}-report")
    steps = [
        {"click": {"id": "action_search"}},
        {"type": {"text": query, "into": {"id": "search_query"}}},
    ]
    infos = play_near_miss("simpletools.file_manager.search_file", steps, 0)
    assert infos[-1]["success"] is True, query
