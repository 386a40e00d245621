"""The ``mobileworld`` suite: one task file per MobileWorld original, under its rules.

Each file reproduces one row of the originals' catalogue
(``mobile_gym.tasks.mobileworld.originals``): its id, ``origin:``, category, language, GUI
apps and tool servers are the original's; it runs under MobileWorld's episode rules (cap 50,
success judged when the episode ends, ANSWER ends it, STATUS ends it) and its reference
solution ends as a MobileWorld agent's does, by declaring the task finished or answering.
Every task has near misses (``tests/tasks/near_misses/mw_*.yaml``), which
``test_mobileagentbench.test_near_misses_fail`` plays on two seeds; the reference solutions
are played on three seeds by ``test_shipped_tasks``.
"""

from __future__ import annotations

import pathlib
from collections import Counter

import pytest

from mobile_gym.registration import make_env
from mobile_gym.tasks import shipped_tasks
from mobile_gym.tasks.mobileworld.originals import CATEGORIES, PUBLISHED_SPLIT, originals
from mobile_gym.tasks.schema import TaskSpec
from tests.tasks.near_misses import near_misses

SUITE = "mobileworld"
BACKENDS = {
    "org.joinmastodon.android.mastodon": "server.mastodon",
    "com.mattermost.rnbeta": "server.mattermost",
}
"""The server a client app's tasks may also name."""
TASKS: dict[str, TaskSpec] = {
    task_id: spec for task_id, spec in shipped_tasks().items() if spec.suite == SUITE
}
NEAR_MISSES = near_misses()


def test_the_catalogue_holds_every_original() -> None:
    rows = originals()
    assert len(rows) == 201
    assert sum(row.language == "zh" for row in rows.values()) == 41
    by_folder: dict[str, int] = {}
    for row in rows.values():
        by_folder[row.folder] = by_folder.get(row.folder, 0) + 1
    assert by_folder == {
        "calendar": 14, "chrome": 4, "gmail": 21, "mall": 13, "map": 10,
        "mastodon": 41, "messages": 23, "native": 33, "settings": 7, "work": 35,
    }  # fmt: skip


def test_the_suite_has_tasks() -> None:
    assert TASKS, "no task of the mobileworld suite is shipped"


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_a_task_reproduces_its_original(task_id: str) -> None:
    spec = TASKS[task_id]
    original = originals().get(task_id)
    assert original is not None, f"{task_id} is not the id of a MobileWorld original"
    assert spec.origin == original.origin
    path = pathlib.Path(spec.source)
    assert (path.parent.parent.name, path.parent.name, path.stem) == (
        "mobileworld",
        original.folder,
        original.file,
    )
    assert spec.category in CATEGORIES[original.category]
    assert spec.language == original.language
    named = {app for app in spec.apps if app not in BACKENDS.values()}
    assert named == original.packages, f"apps {sorted(named)}"
    servers = set(spec.tools.servers) if spec.tools else set()
    assert servers == original.servers
    assert spec.user is not None  # every task has a user, as every MobileWorld task has
    assert spec.user.has_information == ("IU" in original.category)
    tags = {"GUI": ["gui"], "IU": ["interact"], "MCP": ["mcp"], "IU+MCP": ["interact", "mcp"]}
    assert spec.tags == tags[original.category]


def test_the_primary_categories_split_as_the_original_tags_give() -> None:
    """117 / 44 / 40 by the tags of the original files; the leaderboard publishes
    116 / 45 / 40 (``PUBLISHED_SPLIT``)."""
    split = Counter(spec.category for spec in TASKS.values())
    assert split == {"gui": 117, "interact": 44, "mcp": 40}
    assert split.total() == sum(PUBLISHED_SPLIT.values())


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_a_task_keeps_mobileworlds_rules(task_id: str) -> None:
    spec = TASKS[task_id]
    assert spec.max_steps == 50
    rules = spec.episode
    assert (rules.success, rules.end_on_success, rules.answer_ends) == ("final", False, True)
    assert rules.status_counts and not rules.require_status
    last = spec.solution[-1]
    assert last.status == "complete" or last.answer is not None
    answers = [s for s in spec.signals.values() if type(s).__name__ == "AnswerSignal"]
    assert (last.answer is not None) == bool(answers), "answer tasks end by answering"


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_a_task_has_near_misses(task_id: str) -> None:
    assert NEAR_MISSES.get(task_id), f"{task_id}: no near miss in tests/tasks/near_misses/"


def test_the_watch_among_the_orders_is_the_one_seeded() -> None:
    """mastodon_mall_share_order asks about the watch among the user's shop orders: the
    shop's own order history is cleared, so that no other watch is among them (at seed 9 it
    held a completed order of a "Summit Smart watch")."""
    env = make_env("mw.mastodon.mastodon_mall_share_order")
    sql = "SELECT prod_name FROM order_items WHERE prod_name LIKE '%watch%' OR prod_name LIKE '%手表%'"
    try:
        for seed in (0, 4, 9):
            env.reset(seed=seed)
            rows = env.unwrapped.device.query("com.testmall.app", "mall", sql, [])
            assert rows == [("智能手表",)], seed
    finally:
        env.close()
