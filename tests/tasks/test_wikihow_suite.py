"""The WikiHow suites: Mobile-Env's composition, the generator's files, the ten examples one to
one, and a wrong trajectory for every template that must not succeed."""

from __future__ import annotations

import functools
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.sim.apps.wikihow import data
from mobile_gym.tasks import shipped_tasks
from mobile_gym.tasks.schema import SolutionStep, TaskSpec
from mobile_gym.tasks.signals import NUMBER_WORDS, TENS_WORDS
from mobile_gym.tasks.solution import step_actions
from mobile_gym.tasks.wikihow import stages as op
from mobile_gym.tasks.wikihow import suite
from tests.tasks.near_misses import play_near_miss

CONFIGS = Path(suite.__file__).parents[3] / "configs" / "tasks"
WIKI = data.corpus()


def _suite(name: str) -> dict[str, TaskSpec]:
    return {i: spec for i, spec in shipped_tasks().items() if spec.suite == name}


def _template(task_id: str) -> str:
    return task_id.split(".")[1]


def _rewarded(spec: TaskSpec) -> list[str]:
    return [event.id for event in spec.events if event.reward > 0]


def test_the_suite_has_mobile_envs_composition() -> None:
    tasks = _suite("wikihow")
    assert len(tasks) == 150
    assert Counter(spec.task_type for spec in tasks.values()) == suite.TYPES
    assert {_template(i) for i in tasks} == {t.name for t in suite.TEMPLATES}
    assert len(suite.TEMPLATES) == 13
    stages = [len(_rewarded(spec)) for spec in tasks.values()]
    assert 2.6 <= sum(stages) / len(stages) <= 2.8
    for spec in tasks.values():
        assert spec.step_cap("original") == spec.step_cap("strict") == suite.STEP_CAP
        assert spec.min_steps <= suite.STEP_CAP
        assert sum(event.reward for event in spec.events) == len(_rewarded(spec))
        assert [e.id for e in spec.events if e.end == "success"] == _rewarded(spec)[-1:]
    articles = [spec.solution[2].click["text"] for spec in tasks.values()]
    assert len(set(articles)) == 150  # each task on an article of its own


def test_instructions_are_drawn_per_episode() -> None:
    _, spec = _first("about")
    assert len(spec.instruction.paraphrases) == 2  # the first instruction: 3 ways
    assert len(spec.parameters) == 2  # each later one too, drawn as a parameter
    for parameter in spec.parameters.values():
        assert len(parameter.choice) == 3


@functools.cache
def _generated() -> list[tuple[dict[str, Any], list[op.Stage]]]:
    """The generator's ``wikihow`` task files, each with the stages it chains."""
    return suite.chained_suite()


def test_the_files_are_what_the_generator_writes() -> None:
    for name, tasks in (
        ("wikihow", [task for task, _ in _generated()]),
        ("wikihow_examples", suite.build_examples()),
    ):
        folder = CONFIGS / name
        written = {path.name: path.read_text(encoding="utf-8") for path in folder.glob("*.yaml")}
        assert written == {suite.file_name(t): suite.task_text(t) for t in tasks}, (
            f"configs/tasks/{name} differs from the generator: run "
            "python -m mobile_gym.tasks.wikihow.suite"
        )


ORIGINAL_STAGES = {
    "180_on_a_scooter_8": ["search", "article"],
    "address_a_letter_to_england_7": ["search", "article", "references"],
    "apply_cc_cream_0": ["search", "article", "about"],
    "be_a_good_friend_to_a_guy_4": ["search", "article", "author", "article_2"],
    "buy_an_apartment_with_no_money_down_8": ["search", "article"],
    "call_the_czech_republic_from_the_united_states_4": ["search", "article"],
    "change_a_lightbulb_in_a_recessed_light_8": ["search", "article"],
    "change_your_yahoo_email_address_6": ["search", "article", "category"],
    "choose_a_foam_roller_6": ["search", "article", "category"],
    "clean_a_nonstick_pan_4": ["search", "article", "author", "article_2"],
}


def test_the_ten_examples_one_to_one() -> None:
    examples = _suite("wikihow_examples")
    assert {i.split(".")[1]: _rewarded(s) for i, s in examples.items()} == ORIGINAL_STAGES
    for task_id, spec in examples.items():
        assert spec.origin is not None
        repo, _, path = spec.origin.partition(":")
        assert repo == "X-LANCE/Mobile-Env"
        assert re.sub(r"\W", "_", Path(path).stem) == task_id.split(".")[1]
    friend = examples["wikihow_examples.be_a_good_friend_to_a_guy_4"]
    assert friend.signals["author_url"].logcat.endswith("/Author/Trudi-Griffin-LPC-MS$")
    assert "Overcome-Fear" in friend.signals["article_2_url"].logcat
    foam = examples["wikihow_examples.choose_a_foam_roller_6"]
    assert foam.signals["category_url"].logcat.endswith("/Category:Personal-Fitness$")
    scooter = examples["wikihow_examples.180_on_a_scooter_8"]
    assert scooter.signals["search_url"].tag == "jd"
    assert "(180|scooter)" in scooter.signals["search_text"].screen_text


# wrong trajectories ---------------------------------------------------------------------------
def _first(template: str) -> tuple[str, TaskSpec]:
    task_id = next(i for i in sorted(_suite("wikihow")) if _template(i) == template)
    return task_id, _suite("wikihow")[task_id]


def _route(spec: TaskSpec) -> list[dict[str, Any]]:
    """The solution's first three steps as data: search, submit, open the article."""
    return [step.model_dump(exclude_none=True) for step in spec.solution[:3]]


def _other_result(spec: TaskSpec, **same: Any) -> str:
    """The title of another search result for the task's query (with the same author if
    ``same`` says so, else with another author)."""
    query = spec.solution[0].type.text
    title = spec.solution[2].click["text"]
    target = next(h for h in WIKI.search(query, 10) if h.title == title)
    author = WIKI.article(target.slug).author
    for hit in WIKI.search(query, 6):
        other = WIKI.article(hit.slug)
        if hit.title != title and (other.author == author) == same.get("author", False):
            return hit.title
    pytest.fail(f"no other search result for {query!r}: pick another task for this template")


def _near_answer(spec: TaskSpec) -> str:
    right = spec.solution[-1].answer
    signal = spec.signals["answer_given"]
    if signal.match == "number":
        return str(int(right) + 1)
    if signal.match == "fuzzy":  # the second step's headline instead of the first
        article = WIKI.article(_slug(spec))
        return article.methods[0].steps[1].headline
    others = [a for a in WIKI.authors() if a.name != right]
    return others[0].name


def _slug(spec: TaskSpec) -> str:
    return spec.signals["article_url"].logcat.rsplit("/", 1)[1].rstrip("$").replace("\\", "")


def _wrong(template: str, spec: TaskSpec) -> list[dict[str, Any]]:
    route = _route(spec)
    solution = [step.model_dump(exclude_none=True) for step in spec.solution]
    if template == "article":  # the title in the results, never opened; then another one
        other = _other_result(spec)
        return [*route[:2], {"click": {"id": "search_result_title", "text": other}}]
    if template == "about":  # the about page without the article
        return [{"click": {"desc": "More options"}}, {"click": {"text": "About wikiHow"}}]
    if template == "author":  # the article, then the author of another article
        other = _other_result(spec, author=False)
        back = [{"key": "BACK"}, {"click": {"id": "search_result_title", "text": other}}]
        return [*route, *back, {"click": {"id": "author_name"}}]
    if template == "author_article":  # another article of the same author
        named = solution[-1]["click"]["text"]
        page = WIKI.article(_slug(spec))
        others = [a.title for a in WIKI.articles_by_author(page.author)]
        wrong = next(t for t in others if t not in (named, page.title))
        return [*solution[:-1], {"click": {"id": "article_title", "text": wrong}}]
    if template == "category":  # the other crumb of the breadcrumb
        named = solution[-1]["click"]["text"]
        crumbs = [WIKI.category(s).name for s in WIKI.article(_slug(spec)).categories]
        wrong = next(name for name in crumbs if name != named)
        return [*route, {"click": {"id": "category_crumb", "text": wrong}}]
    if template == "references":  # the references of another search result
        other = _other_result(spec)
        back = [{"key": "BACK"}, {"click": {"id": "search_result_title", "text": other}}]
        return [*route, *back, {"click": {"id": "references_link"}}]
    if template == "rate":  # "No" instead of "Yes"
        return [*solution[:-1], {"click": {"id": "helpful_no"}}]
    if template in ("share", "bookmark_share"):  # bookmarked, never shared
        return [*route, {"click": {"desc": "Bookmark"}}]
    if template == "bookmark":  # shared, never bookmarked
        return [*route, {"click": {"desc": "Share"}}]
    return [*solution[:-1], {"answer": _near_answer(spec)}]  # a near answer


@pytest.mark.parametrize("template", [t.name for t in suite.TEMPLATES])
def test_a_wrong_trajectory_fails(template: str) -> None:
    task_id, spec = _first(template)
    steps = _wrong(template, spec)
    for seed in (0, 1):
        infos = play_near_miss(task_id, steps, seed)
        assert not any(info["success"] for info in infos), (task_id, steps)
    if template == "rate":
        assert infos[-1]["failure"] is True  # a "No" cannot be taken back


def _take(env: MobileEnv, step: dict[str, Any]) -> dict[str, Any]:
    """Play one solution step (as data) on ``env``; return its info."""
    sequence = step_actions(
        SolutionStep.model_validate(step), env.device.hierarchy_xml(), env.device.size
    )
    return actions.play(env, sequence)[-1]


def _row_height(env: MobileEnv, resource: str, text: str) -> float | None:
    """Where the centre of the node ``resource`` showing ``text`` lies (0 to 1 of the
    screen's height); None when it is not on screen."""
    height = env.device.size[1]
    for node in env.device.nodes():
        if (node.resource_id or "").endswith(f"/{resource}") and node.text == text:
            return node.bounds.center[1] / height
    return None


def test_a_subcategory_row_in_the_title_band_is_not_the_category_page() -> None:
    """The parent category's page opened from the breadcrumb, its row of the named category
    scrolled and dragged into the band where a category page shows its title: the category
    stage is not reached, as its name shows on another category's page."""
    task_id, spec = _first("category")
    named = spec.solution[-1].click["text"]
    env = MobileEnv(task_id)
    env.reset(seed=0)
    # the article, then its parent category's crumb
    infos = [_take(env, step) for step in _wrong("category", spec)]
    assert env.device.foreground() == (data.PACKAGE, data.CATEGORY_ACTIVITY)
    for _ in range(suite.MAX_SCROLLS):
        row = _row_height(env, "category_name", named)
        if row is not None and 0.35 < row < 0.9:
            break
        infos.append(actions.play(env, actions.scroll("down"))[-1])
    assert row is not None, f"no row of {named!r} on the parent's page"
    title_band = (op.CATEGORY_BAND[1] + op.CATEGORY_BAND[3]) / 2
    infos.append(actions.play(env, actions.drag(0.5, row, 0.5, title_band))[-1])
    row = _row_height(env, "category_name", named)
    assert row is not None and op.CATEGORY_BAND[1] <= row <= op.CATEGORY_BAND[3]
    assert all("category" not in info["events"] for info in infos)
    info = actions.play(env, actions.status("complete"))[-1]
    env.close()
    assert info["success"] is False


AUTHOR_QUESTION = "wikihow.qa.brew_oolong_tea_every_morning"


CREDENTIAL_QUESTION = "wikihow.qa.do_a_plank_for_beginners"
"""An author question whose author has a credential after the name ("Marcus Ellison, DPT")."""
COUNT_QUESTION = "wikihow.qa.cook_quinoa_successfully"
"""A question for the number of methods of an article."""


def _answered(task_id: str, answer: str) -> bool:
    """Whether answering ``answer`` on ``task_id`` (seed 0) succeeds."""
    return play_near_miss(task_id, [{"answer": answer}], seed=0)[-1]["success"] is True


@pytest.mark.parametrize(
    "wording",
    [
        "{}",
        "{}.",
        "The author is {}.",
        "It was written by {}",
        "by {}",
        "BY {}",
        "The article was co-authored by {}.",
        "This article is written by {}",
        "The co-author of this article is {}.",
        "{} is the co-author.",
        "{} wrote it.",
        "It's {}.",
        "It is credited to {}.",
        "The article's author is {}.",
        "{} wrote this article.",
    ],
)
@pytest.mark.parametrize("task_id", [AUTHOR_QUESTION, CREDENTIAL_QUESTION])
def test_an_answer_naming_the_author_succeeds(task_id: str, wording: str) -> None:
    """The author's name alone, after a lead-in or before a closing phrase answers an
    author question."""
    name = shipped_tasks()[task_id].solution[-1].answer
    assert _answered(task_id, wording.format(name))


@pytest.mark.parametrize("wording", ["{}", "{}.", "It was written by {}", "{} is the author"])
def test_the_authors_credential_may_be_left_out(wording: str) -> None:
    """The author's name without the credential after it ("Marcus Ellison" for "Marcus
    Ellison, DPT") answers an author question."""
    name = shipped_tasks()[CREDENTIAL_QUESTION].solution[-1].answer
    person, _, credential = name.partition(", ")
    assert credential, f"{CREDENTIAL_QUESTION}: its author has no credential"
    assert _answered(CREDENTIAL_QUESTION, wording.format(person))


@pytest.mark.parametrize(
    "wording",
    [
        "Trudi Griffin, James Sears or {name}",
        "{name} and James Sears",
        "Not {name}",
        "It is not by {name}.",
        "The article was not co-authored by {name}.",
        "James Sears",
        "{first}",
        "{last}",
        "{first} is the co-author.",
        "The article was co-authored by {last}.",
        "It's James Sears.",
        "It's not {name}.",
        "It is credited to Trudi Griffin or {name}.",
    ],
)
@pytest.mark.parametrize("task_id", [AUTHOR_QUESTION, CREDENTIAL_QUESTION])
def test_an_answer_not_naming_the_author_alone_fails(task_id: str, wording: str) -> None:
    """Candidates, the author beside another, a negation, another author or a part of the
    name do not answer an author question, in a sentence or not."""
    name = shipped_tasks()[task_id].solution[-1].answer
    first, last = name.partition(", ")[0].split()
    assert not _answered(task_id, wording.format(name=name, first=first, last=last))


@pytest.mark.parametrize("wording", ["{}", "{}.", "There are {} methods.", "It has {}"])
def test_a_count_in_words_succeeds(wording: str) -> None:
    """The number of methods written in words answers a count question, as digits do."""
    count = int(shipped_tasks()[COUNT_QUESTION].solution[-1].answer)
    word = NUMBER_WORDS[count]
    assert _answered(COUNT_QUESTION, wording.format(word.capitalize()))
    assert _answered(COUNT_QUESTION, wording.format(word))


@pytest.mark.parametrize(
    "wording",
    ["{other}", "There are {other} methods.", "{word} or {other}", "Not {word}", "{digit}"],
)
def test_a_wrong_count_in_words_fails(wording: str) -> None:
    """The next count up, in words or digits, two counts or a negation do not answer a
    count question."""
    count = int(shipped_tasks()[COUNT_QUESTION].solution[-1].answer)
    word, other = NUMBER_WORDS[count], NUMBER_WORDS[count + 1]
    answer = wording.format(word=word, other=other, digit=count + 1)
    assert not _answered(COUNT_QUESTION, answer)


PERCENT_QUESTION = "wikihow.qa.cook_broccoli_easily"
"""A question for the share of readers who found the article helpful."""
FIRST_STEP_QUESTION = "wikihow.qa.use_an_ab_wheel_easily"
"""A question for the first step, whose headline holds a number ("about 30 minutes")."""


def _in_words(number: int) -> str:
    """``number`` (20-99) in words: "ninety-two"."""
    tens, ones = divmod(number, 10)
    word = TENS_WORDS[tens - 2]
    return f"{word}-{NUMBER_WORDS[ones]}" if ones else word


@pytest.mark.parametrize(
    ("wording", "right"),
    [
        ("{right} percent", True),
        ("{right} percent of readers found it helpful.", True),
        ("{right} %", True),
        ("{other} percent", False),
        ("{right} or {other} percent", False),
        ("Not {right} percent", False),
    ],
)
def test_a_share_of_readers_in_words_is_an_answer(wording: str, right: bool) -> None:
    """The helpful share written in words answers as its digits do; another share, two of
    them or a negation do not."""
    share = int(shipped_tasks()[PERCENT_QUESTION].solution[-1].answer.rstrip("%"))
    assert 20 < share < 99, f"{PERCENT_QUESTION}: the share {share} is not worded so"
    answer = wording.format(right=_in_words(share), other=_in_words(share + 1))
    assert _answered(PERCENT_QUESTION, answer.capitalize()) is right


@pytest.mark.parametrize(
    ("wording", "right"),
    [
        ("The first step is to {step}", True),
        ("1. {step}", True),
        ("Step 1: {step}", True),
        ('First, "{step}"', True),
        ("The first step is to {step} Then rest.", False),
        ("Step 1: {other}", False),
        ("Step 2: {step}", False),  # the second step's number
    ],
)
def test_the_first_step_after_a_lead_in_is_an_answer(wording: str, right: bool) -> None:
    """The first step's headline after "The first step is to", its numbering or "First,"
    answers; a headline with another number in it does not, lead-in or not."""
    step = shipped_tasks()[FIRST_STEP_QUESTION].solution[-1].answer
    other = step.replace("30", "3")
    assert other != step, f"{FIRST_STEP_QUESTION}: its headline holds no 30"
    answer = wording.format(step=step[0].lower() + step[1:], other=other)
    assert _answered(FIRST_STEP_QUESTION, answer) is right


def _about_tasks() -> list[str]:
    """Every task of both suites with an about stage."""
    return sorted(
        task_id
        for name in ("wikihow", "wikihow_examples")
        for task_id, spec in _suite(name).items()
        if "about" in _rewarded(spec)
    )


@pytest.mark.parametrize("task_id", _about_tasks())
def test_the_trust_headings_count_only_on_the_trust_page(task_id: str) -> None:
    """The article reached, then the trust page's heading typed into the search box of the
    results instead of opening the page: the about stage is not reached."""
    spec = shipped_tasks()[task_id]
    heading = {"type": {"text": "Information You Can Trust", "into": {"id": "search_src_text"}}}
    infos = play_near_miss(task_id, [*_route(spec), {"key": "BACK"}, heading], seed=0)
    assert "article" in infos[2]["events"]
    assert infos[-2]["activity"] == ".MainTabActivity"
    assert all("about" not in info["events"] for info in infos), infos[-1]["events"]
    assert infos[-1]["success"] is False


@pytest.mark.parametrize("template", [t.name for t in suite.TEMPLATES])
def test_every_detection_of_every_stage_fires_on_the_reference_solution(template: str) -> None:
    """Each stage is an OR of detections (screen text, view hierarchy, URL line, stored
    state); the reference solution must make every one of them true at some step, and no
    failure signal. A stage's alternatives (another right form of the goal, as a count in
    words) and guards (a wrong form, as another number) are not detections of the
    solution's way: the solution makes no guard true."""
    task_id, spec = _first(template)
    stages = {task["id"]: chained for task, chained in _generated()}[task_id]
    alternatives = {name for stage in stages for name in stage.alternatives}
    guards = {name for stage in stages for name in stage.guards}
    env = MobileEnv(task_id)
    env.reset(seed=0)
    seen: set[str] = set()
    for step in spec.solution:
        sequence = step_actions(step, env.device.hierarchy_xml(), env.device.size)
        actions.play(env, sequence)
        seen |= {name for name, value in env.episode.board.update().items() if value}
    env.close()
    failures = {e.when for e in spec.events if e.end == "failure"}
    detections = set(spec.signals) - failures - alternatives - guards
    assert detections <= seen, detections - seen
    assert not (failures | guards) & seen


def test_eval_reports_mobile_envs_metrics_per_task_type(tmp_path: Path) -> None:
    """The oracle on a two-stage navigation task and a one-stage QA task: each ends with its
    maximum reward, and the run reports SR, average reward and reward per step by type."""
    navigation, qa = _first("article"), _first("qa")
    result = subprocess.run(
        [sys.executable, "-m", "mobile_gym.cli", "eval", "--task", navigation[0],
         "--task", qa[0], "--agent", "oracle", "--by", "type", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Mobile-Env metrics by task type" in result.stdout
    by_type = json.loads((tmp_path / "results.json").read_text())["metrics"]["mobile_env"]
    cross, answer = by_type["by_type"]["cross_page"], by_type["by_type"]["qa"]
    assert (cross["sr"]["value"], cross["average_reward"]) == (1.0, 2.0)
    assert cross["reward_per_step"] == pytest.approx(2 / navigation[1].min_steps)
    assert (answer["average_reward"], by_type["average_reward"]) == (1.0, 1.5)
    assert answer["reward_per_step"] == pytest.approx(1 / qa[1].min_steps)
