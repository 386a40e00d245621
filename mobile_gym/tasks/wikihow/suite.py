"""The ``wikihow`` suite: 150 multi-stage tasks in the composition of Mobile-Env's WikiHow set,
and ``wikihow_examples``: the ten example tasks of Mobile-Env's repository, one to one.

Mobile-Env's 150 tasks lie in a crawl archive that cannot be fetched, so the suite rebuilds
their composition, not the tasks themselves: 59 cross-page navigation, 51 in-page operation
and 40 article QA tasks, chained by 13 templates from single-stage operations
(``stages``), about 2.7 stages a task. Articles, authors, categories and questions are drawn
from the offline corpus with a fixed seed; each task file is written out, its reference
solution played on the simulated phone (scrolls counted), and kept only if the solution
reaches every stage within Mobile-Env's cap of 15 steps.

An answer task's first ANSWER is final (``episode.answer_ends``): Mobile-Env matches every
response the agent sends within its 15 steps, so there answers given in turn until one
matches would count; here they do not (``QA_DIFFERENCE``, written into each such file).

Run ``python -m mobile_gym.tasks.wikihow.suite [CONFIG_DIR]`` to write the task files
(``configs/tasks/wikihow/`` and ``configs/tasks/wikihow_examples/``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from mobile_gym.sim.apps.wikihow import data
from mobile_gym.sim.apps.wikihow.corpus import Article, Corpus
from mobile_gym.tasks.wikihow import stages as op
from mobile_gym.tasks.wikihow.stages import Stage, literal

STEP_CAP = 15
"""Mobile-Env's evaluator cap: an episode past 15 steps is a failure."""
MAX_SCROLLS = 10
SUITE_SEED = 0
ORIGIN_REPO = "X-LANCE/Mobile-Env"
EXAMPLES_DIR = "examples/template_module_example/taskset"
TYPES = {"cross_page": 59, "in_page": 51, "qa": 40}
"""Mobile-Env's WikiHow set: tasks of each type."""
QA_DIFFERENCE = (
    "Differs from Mobile-Env: the first ANSWER is final (episode.answer_ends), right or\n"
    "wrong. Mobile-Env's response event matches every response the agent sends (a\n"
    "response rides on a step and ends nothing by itself), so answers given in turn\n"
    "within its 15 steps until one matches would count there; here they do not."
)
"""The note an answer task's file carries on how its answer is judged unlike the original's."""


@dataclass(frozen=True)
class Template:
    """A chain of operations; ``stages`` are rewarded, in order. Every solution first
    reaches the article (search, then the result), rewarded or not."""

    name: str
    task_type: str
    count: int
    stages: tuple[str, ...]


TEMPLATES: tuple[Template, ...] = (
    Template("article", "cross_page", 10, ("search", "article")),
    Template("about", "cross_page", 12, ("search", "article", "about")),
    Template("author", "cross_page", 12, ("search", "article", "author")),
    Template("author_article", "cross_page", 10, ("search", "article", "author", "article_2")),
    Template("category", "cross_page", 15, ("search", "article", "category")),
    Template("references", "in_page", 11, ("search", "article", "references")),
    Template("rate", "in_page", 11, ("search", "article", "rate")),
    Template("share", "in_page", 10, ("search", "article", "share")),
    Template("bookmark", "in_page", 10, ("search", "article", "bookmark")),
    Template("bookmark_share", "in_page", 9, ("search", "article", "bookmark", "share")),
    Template("qa", "qa", 20, ("answer",)),
    Template("search_qa", "qa", 12, ("search", "article", "answer")),
    Template("article_qa", "qa", 8, ("article", "answer")),
)


@dataclass(frozen=True)
class Choices:
    """What a task is about beyond its article: set where its template needs it."""

    page: Article
    category: str | None = None
    other: str | None = None  # another article by the same author
    question: op.Question | None = None
    words: tuple[str, ...] | None = None  # the search detection's words


def _stages(template: Template, choice: Choices, wiki: Corpus) -> tuple[list[Stage], list[Stage]]:
    """The rewarded stages of a task and the unrewarded ones its solution takes first."""
    page = choice.page
    writer = wiki.author(page.author)
    made: dict[str, Stage] = {
        "search": op.search(page.title, list(choice.words) if choice.words else None),
        "article": op.article(page),
    }
    for name in template.stages:
        if name == "about":
            made[name] = op.about()
        elif name == "author" and writer is not None:
            made[name] = op.author(writer)
        elif name == "article_2" and choice.other:
            other = wiki.article(choice.other)
            assert other is not None
            via = {"click": {"id": "article_title", "text": literal(other.title)}}
            made[name] = op.article(other, via=via, name=name)
        elif name == "category" and choice.category:
            group = wiki.category(choice.category)
            assert group is not None
            made[name] = op.category(group)
        elif name in ("references", "rate", "share", "bookmark"):
            made[name] = getattr(op, name)(page)
        elif name == "answer" and choice.question is not None:
            made[name] = op.answer(choice.question)
    rewarded = [made[name] for name in template.stages]
    route = [made[name] for name in ("search", "article") if name not in template.stages]
    return rewarded, route


def task_data(
    task_id: str,
    template: Template,
    choice: Choices,
    wiki: Corpus,
    suite: str,
    origin: str | None = None,
) -> dict[str, Any]:
    """The task file of ``template`` on ``choice`` (its solution not yet played out)."""
    rewarded, route = _stages(template, choice, wiki)
    parameters: dict[str, Any] = {}
    signals: dict[str, Any] = {}
    events: list[dict[str, Any]] = []
    for stage in rewarded:
        signals |= stage.signals | stage.alternatives | stage.guards | stage.failures
        events += [{"id": name, "when": name, "end": "failure"} for name in stage.failures]
    previous: str | None = None
    kept: list[str] = []  # what earlier stages left that must still stand
    for position, stage in enumerate(rewarded):
        when = {"all": [*kept, stage.when]} if kept else stage.when
        event: dict[str, Any] = {"id": stage.name, "when": when}
        if previous is not None and stage.name not in ("search", "article"):
            event["after"] = [previous]
        event["reward"] = 1.0
        if position + 1 < len(rewarded):
            following = rewarded[position + 1]
            parameters[f"say_{following.name}"] = {"choice": following.instructions}
            event["instruction"] = f"{{say_{following.name}}}"
        else:
            event["end"] = "success"
        events.append(event)
        if stage.name != "search":
            previous = stage.name
        if stage.kept:
            kept.append(stage.kept)
    first = rewarded[0].instructions
    solution = [step for stage in (*route, *rewarded) for step in stage.solution]
    data_: dict[str, Any] = {
        "id": task_id,
        "title": _title(template, choice, rewarded),
        "suite": suite,
        "task_type": template.task_type,
        "apps": [data.PACKAGE],
        "min_steps": len(solution),
        "max_steps": STEP_CAP,
    }
    if any(stage.name == "answer" for stage in rewarded):
        data_["episode"] = {"answer_ends": True}  # the first answer is final (QA_DIFFERENCE)
    if origin:
        data_["origin"] = origin
    data_ |= {
        "setup": {"clear_data": [data.PACKAGE], "start": {"package": data.PACKAGE}},
        "parameters": parameters,
        "instruction": {
            "template": literal(first[0]),
            "paraphrases": [literal(p) for p in first[1:]],
        },
        "signals": signals,
        "events": events,
        "solution": solution,
    }
    if not parameters:
        del data_["parameters"]
    return data_


def _title(template: Template, choice: Choices, rewarded: list[Stage]) -> str:
    names = {
        "search": "search",
        "article": "open the article",
        "about": "the about page",
        "author": "the author page",
        "article_2": "another article of the author",
        "category": "a category page",
        "references": "the references",
        "rate": "rate it helpful",
        "share": "share it",
        "bookmark": "bookmark it",
        "answer": "answer a question",
    }
    steps = ", ".join(names[stage.name] for stage in rewarded)
    return literal(f"{choice.page.title}: {steps}")


# choosing what each task is about -------------------------------------------------------------
def _task_name(slug: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in slug.lower()).strip("_")


def _choices(template: Template, page: Article, wiki: Corpus, rng: random.Random) -> Choices:
    """What a task of ``template`` on ``page`` is about (drawn with ``rng``)."""
    if template.name == "category":
        return Choices(page, category=rng.choice(page.categories))
    if template.name == "author_article":
        others = [a.slug for a in wiki.articles_by_author(page.author) if a.slug != page.slug]
        return Choices(page, other=rng.choice(others[:3]) if others else None)
    if "answer" in template.stages:
        writer = wiki.author(page.author)
        assert writer is not None
        return Choices(page, question=rng.choice(op.questions(page, writer)))
    return Choices(page)


def _usable(template: Template, choice: Choices) -> bool:
    if template.name == "author_article":
        return choice.other is not None
    return True


def _candidates(wiki: Corpus, rng: random.Random, taken: set[str]) -> Iterator[Article]:
    slugs = sorted(set(wiki.slugs()) - taken)
    rng.shuffle(slugs)
    for slug in slugs:
        page = wiki.article(slug)
        if page is not None:
            yield page


def build_suite(seed: int = SUITE_SEED) -> list[dict[str, Any]]:
    """The ``wikihow`` suite's task files, each article used once, solutions played out."""
    return [task for task, _ in chained_suite(seed)]


def chained_suite(seed: int = SUITE_SEED) -> list[tuple[dict[str, Any], list[Stage]]]:
    """``build_suite``'s task files, each with the rewarded stages it chains."""
    from mobile_gym.tasks.wikihow.playout import UnplayableError, check, play_out

    wiki = data.corpus()
    rng = random.Random(seed)
    taken = {example.slug for example in EXAMPLES}
    pages = _candidates(wiki, rng, taken)
    tasks: list[tuple[dict[str, Any], list[Stage]]] = []
    for template in TEMPLATES:
        made = 0
        while made < template.count:
            page = next(pages)
            choice = _choices(template, page, wiki, rng)
            if not _usable(template, choice):
                continue
            task_id = f"wikihow.{template.name}.{_task_name(page.slug)}"
            try:
                task = play_out(task_data(task_id, template, choice, wiki, "wikihow"), STEP_CAP)
                check(task)
            except UnplayableError:
                continue
            tasks.append((task, _stages(template, choice, wiki)[0]))
            made += 1
    return tasks


# the ten examples ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Example:
    """One of Mobile-Env's example WikiHow tasks: its file, article and what follows it."""

    file: str
    slug: str
    template: Template
    words: tuple[str, ...]
    category: str | None = None
    other: str | None = None


def _example_template(name: str, stages: tuple[str, ...]) -> Template:
    return Template(name, "cross_page" if "references" not in stages else "in_page", 1, stages)


_ARTICLE = _example_template("article", ("search", "article"))
EXAMPLES: tuple[Example, ...] = (
    Example("180_on_a_scooter-8", "180-on-a-Scooter", _ARTICLE, ("180", "scooter")),
    Example(
        "address_a_letter_to_england-7",
        "Address-a-Letter-to-England",
        _example_template("references", ("search", "article", "references")),
        ("address", "letter", "england"),
    ),
    Example(
        "apply_cc_cream-0",
        "Apply-CC-Cream",
        _example_template("about", ("search", "article", "about")),
        ("apply", "cc", "cream"),
    ),
    Example(
        "be_a_good_friend_to_a_guy-4",
        "Be-a-Good-Friend-to-a-Guy",
        _example_template("author_article", ("search", "article", "author", "article_2")),
        ("good", "friend", "guy"),
        other="Overcome-Fear",
    ),
    Example(
        "buy_an_apartment_with_no_money_down-8",
        "Buy-an-Apartment-With-No-Money-Down",
        _ARTICLE,
        ("buy", "apartment", "money"),
    ),
    Example(
        "call_the_czech_republic_from_the_united_states-4",
        "Call-the-Czech-Republic-From-the-United-States",
        _ARTICLE,
        ("call", "czech", "republic", "united", "states"),
    ),
    Example(
        "change_a_lightbulb_in_a_recessed_light-8",
        "Change-a-Lightbulb-in-a-Recessed-Light",
        _ARTICLE,
        ("change", "lightbulb", "recessed", "light"),
    ),
    Example(
        "change_your_yahoo_email_address-6",
        "Change-Your-Yahoo-Email-Address",
        _example_template("category", ("search", "article", "category")),
        ("change", "yahoo", "email", "address"),
        category="Email",
    ),
    Example(
        "choose_a_foam_roller-6",
        "Choose-a-Foam-Roller",
        _example_template("category", ("search", "article", "category")),
        ("choose", "foam", "roller"),
        category="Personal-Fitness",
    ),
    Example(
        "clean_a_nonstick_pan-4",
        "Clean-a-Nonstick-Pan",
        _example_template("author_article", ("search", "article", "author", "article_2")),
        ("clean", "nonstick", "pan"),
        other="Clean-a-Keurig-with-Vinegar",
    ),
)


def build_examples() -> list[dict[str, Any]]:
    """The ``wikihow_examples`` suite: Mobile-Env's ten example tasks, one to one."""
    from mobile_gym.tasks.wikihow.playout import check, play_out

    wiki = data.corpus()
    tasks = []
    for example in EXAMPLES:
        page = wiki.article(example.slug)
        assert page is not None, example.slug
        choice = Choices(page, example.category, example.other, words=example.words)
        task_id = f"wikihow_examples.{_task_name(example.file)}"
        origin = f"{ORIGIN_REPO}:{EXAMPLES_DIR}/{example.file}.textproto"
        task = play_out(
            task_data(task_id, example.template, choice, wiki, "wikihow_examples", origin),
            STEP_CAP,
        )
        check(task)
        tasks.append(task)
    return tasks


# writing ------------------------------------------------------------------------------------
HEADER = (
    "# Written by `python -m mobile_gym.tasks.wikihow.suite` from the offline wikiHow corpus;\n"
    "# edit the generator (mobile_gym/tasks/wikihow/), not this file.\n"
)


def file_name(task: dict[str, Any]) -> str:
    """The task's file name in its suite folder."""
    return task["id"].split(".", 1)[1].replace(".", "-") + ".yaml"


def task_text(task: dict[str, Any]) -> str:
    """The task file as written (an answer task's with ``QA_DIFFERENCE`` at its top)."""
    body = yaml.safe_dump(task, sort_keys=False, allow_unicode=True, width=1000)
    note = ""
    if task.get("episode", {}).get("answer_ends"):
        note = "".join(f"# {line}\n" for line in QA_DIFFERENCE.splitlines())
    return HEADER + note + body


def write(config_dir: Path) -> dict[str, int]:
    """Write both suites under ``config_dir`` (``configs/tasks``), replacing their files."""
    written = {}
    for suite, tasks in (("wikihow", build_suite()), ("wikihow_examples", build_examples())):
        folder = config_dir / suite
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.yaml"):
            old.unlink()
        for task in tasks:
            (folder / file_name(task)).write_text(task_text(task), encoding="utf-8")
        written[suite] = len(tasks)
    return written


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    config_dir = Path(args[0]) if args else Path(__file__).parents[3] / "configs" / "tasks"
    for suite, count in write(config_dir).items():
        print(f"{suite}: {count} task files in {config_dir / suite}")


if __name__ == "__main__":
    main()
