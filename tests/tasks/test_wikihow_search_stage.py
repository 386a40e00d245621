"""The WikiHow search stage counts a search for the task's article only: a category or author
page whose toolbar title lies where the home tab's search field shows its words is no
search, and neither is a search for another article that shares only the qualifier the
corpus generator appended to titles ("Easily", "Like a Pro", "the Easy Way")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.sim.apps.wikihow import data
from mobile_gym.sim.apps.wikihow.corpus import Category
from mobile_gym.sim.apps.wikihow.generator import title_stem
from mobile_gym.tasks import shipped_tasks
from mobile_gym.tasks.schema import SolutionStep, TaskSpec
from mobile_gym.tasks.solution import step_actions
from mobile_gym.tasks.wikihow import stages as op
from tests.tasks.near_misses import play_near_miss

WIKI = data.corpus()
MAX_SCROLLS = 10


def _search_tasks() -> dict[str, TaskSpec]:
    """The tasks of both WikiHow suites whose search stage is rewarded."""
    return {
        task_id: spec
        for task_id, spec in shipped_tasks().items()
        if spec.suite in ("wikihow", "wikihow_examples")
        and any(event.id == "search" and event.reward > 0 for event in spec.events)
    }


def _searched_words(spec: TaskSpec) -> str:
    """The regex of the search words the task's search stage looks for."""
    pattern = spec.signals["search_text"].screen_text
    assert pattern is not None
    return pattern


def _path(category: Category) -> list[str]:
    """The names of the category pages from the home tab's row down to ``category``."""
    names = [category.name]
    while category.parent is not None:
        parent = WIKI.category(category.parent)
        assert parent is not None
        names.insert(0, parent.name)
        category = parent
    return names


def _title_pages() -> list[tuple[str, list[str]]]:
    """(task, category path) for every task and every category page whose toolbar title
    holds one of the task's search words."""
    return [
        (task_id, _path(category))
        for task_id, spec in sorted(_search_tasks().items())
        for category in WIKI.categories()
        if re.search(_searched_words(spec), category.name)
    ]


def _take(env: MobileEnv, step: dict[str, Any]) -> dict[str, Any]:
    """Play one solution step (as data) on ``env``; return its info."""
    sequence = step_actions(
        SolutionStep.model_validate(step), env.device.hierarchy_xml(), env.device.size
    )
    return actions.play(env, sequence)[-1]


def _tap_row(env: MobileEnv, name: str) -> list[dict[str, Any]]:
    """Scroll the list down until the category row ``name`` shows, then tap it; return the
    info of every step."""
    infos: list[dict[str, Any]] = []
    for _ in range(MAX_SCROLLS):
        if any(
            (node.resource_id or "").endswith("/category_name") and node.text == name
            for node in env.device.nodes()
        ):
            break
        infos.append(actions.play(env, actions.scroll("down"))[-1])
    infos.append(_take(env, {"click": {"id": "category_name", "text": name}}))
    return infos


def test_some_category_title_holds_a_tasks_search_word() -> None:
    """The pages below exist: the check is not vacuous."""
    assert len(_title_pages()) >= 5


@pytest.mark.parametrize(("task_id", "path"), _title_pages())
def test_a_category_page_titled_with_a_search_word_is_no_search(
    task_id: str, path: list[str]
) -> None:
    """From the home tab, the category rows tapped down to a page whose toolbar title (in
    the search bar's screen region) holds one of the task's search words: nothing was
    searched, so the search stage is not reached."""
    env = MobileEnv(task_id)
    env.reset(seed=0)
    infos: list[dict[str, Any]] = []
    for name in path:
        infos += _tap_row(env, name)
    assert env.device.foreground() == (data.PACKAGE, data.CATEGORY_ACTIVITY)
    env.close()
    assert all("search" not in info["events"] for info in infos)


def _qualifier(title: str) -> str:
    """The qualifier the generator appended to ``title`` ("" if none)."""
    return title.removeprefix(title_stem(title)).strip()


def _another_search() -> list[tuple[str, str]]:
    """(task, query) for the first task of each title qualifier: the goal words of another
    article with the same qualifier and, that aside, no search word of the task's."""
    chosen: dict[str, tuple[str, str]] = {}
    titles = [WIKI.article(slug).title for slug in WIKI.slugs()]
    for task_id, spec in sorted(_search_tasks().items()):
        title = spec.solution[2].click["text"]
        qualifier = _qualifier(title)
        if not qualifier or qualifier in chosen:
            continue
        query = next(
            op.goal_words(other)
            for other in titles
            if _qualifier(other) == qualifier
            and not re.search(_searched_words(spec), op.goal_words(title_stem(other)))
        )
        chosen[qualifier] = (task_id, query)
    return sorted(chosen.values())


def test_the_qualifiers_are_left_out_of_the_search_words() -> None:
    """Many titles share a qualifier: none of its words is a search word of the task."""
    assert len(_another_search()) >= 5
    for task_id, _ in _another_search():
        title = _search_tasks()[task_id].solution[2].click["text"]
        qualifier = _qualifier(title).lower().split()
        assert not set(qualifier) & set(op.keywords(title)), (title, op.keywords(title))


@pytest.mark.parametrize(("task_id", "query"), _another_search())
def test_searching_another_article_with_the_same_qualifier_is_no_search(
    task_id: str, query: str
) -> None:
    """Another article's goal words typed and submitted ("plan a road trip easily" for "How
    to Clean a Microwave Easily"): the search stage is not reached."""
    steps = [
        {"type": {"text": query, "into": {"id": "search_src_text"}}},
        {"click": {"id": "search_go_btn"}},
    ]
    infos = play_near_miss(task_id, steps, seed=0)
    assert all("search" not in info["events"] for info in infos), query


@pytest.mark.parametrize("task_id", sorted(_search_tasks())[:3])
def test_searching_the_articles_own_words_is_the_search(task_id: str) -> None:
    """What the article is about, without its qualifier, typed into the search field:
    the search stage is reached."""
    title = _search_tasks()[task_id].solution[2].click["text"]
    query = op.goal_words(title_stem(title))
    steps = [{"type": {"text": query, "into": {"id": "search_src_text"}}}]
    infos = play_near_miss(task_id, steps, seed=0)
    assert "search" in infos[0]["events"]
