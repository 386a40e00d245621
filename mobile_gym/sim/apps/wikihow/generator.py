"""Deterministic generation of the WikiHow corpus from a seed.

``generate(seed)`` returns every category, author and article of the corpus. Titles come
from the actions, objects and qualifiers of the vocabulary's leaf categories; each article
then draws one tool, supply, place and helper set and fills every template of its intro,
sections, tips, warnings and Q&A with the same words, so that its steps stay about the
title's object. The hand-written example articles are placed in their categories first.
The same seed always yields the same corpus; no clock, network or global random state
is used.
"""

from __future__ import annotations

import functools
import math
import random
import re
from dataclasses import dataclass
from datetime import date, timedelta

from mobile_gym.sim.apps.wikihow import examples, vocabulary
from mobile_gym.sim.apps.wikihow.corpus import (
    QA,
    Article,
    Author,
    Category,
    Method,
    Reference,
    Step,
)

GENERATED_ARTICLES = 3000  # articles generated besides the hand-written examples
AUTHORS_PER_LEAF = 5
LAST_UPDATED_BASE = date(2022, 8, 18)  # the newest "last updated" date of the corpus

_SMALL_WORDS = frozenset(
    {"a", "an", "the", "and", "or", "for", "of", "to", "in", "on", "at", "by", "with", "from"}
)


@dataclass(frozen=True)
class GeneratedCorpus:
    """Everything ``generate`` produces, in a stable order."""

    categories: tuple[Category, ...]
    authors: tuple[Author, ...]
    articles: tuple[Article, ...]


def page_slug(text: str) -> str:
    """A wikiHow page path from a title or name: "How to Apply CC Cream" -> "Apply-CC-Cream"."""
    if text.startswith("How to "):
        text = text[len("How to ") :]
    cleaned = re.sub(r"[^0-9A-Za-z\s-]", "", text)
    return "-".join(cleaned.split())


def title_case(phrase: str) -> str:
    """Capitalise every word except short joining words (never the first one)."""
    words = phrase.split()
    out = []
    for i, word in enumerate(words):
        if i > 0 and word in _SMALL_WORDS:
            out.append(word)
        else:
            out.append("-".join(part[:1].upper() + part[1:] for part in word.split("-")))
    return " ".join(out)


def _definite(obj: str) -> str:
    for article in ("a ", "an "):
        if obj.startswith(article):
            return "the " + obj[len(article) :]
    return obj


def _bare(obj: str) -> str:
    for article in ("a ", "an ", "the ", "your "):
        if obj.startswith(article):
            return obj[len(article) :]
    return obj


def _indefinite_dropped(noun: str) -> str:
    for article in ("a ", "an "):
        if noun.startswith(article):
            return noun[len(article) :]
    return noun


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _is_abbreviation(credential: str) -> bool:
    return all(part.replace("-", "").isupper() for part in credential.replace(",", " ").split())


def _categories() -> tuple[Category, ...]:
    out: list[Category] = []
    for parent_name, description in vocabulary.PARENTS:
        out.append(Category(page_slug(parent_name), parent_name, None, description))
        for leaf in vocabulary.LEAVES:
            if leaf.parent == parent_name:
                out.append(
                    Category(
                        page_slug(leaf.name), leaf.name, page_slug(parent_name), leaf.description
                    )
                )
    return tuple(out)


def _authors(
    rng: random.Random,
) -> tuple[list[Author], dict[str, list[str]], dict[str, str]]:
    """Generated and example authors; the generated authors' slugs per leaf name."""
    names = [
        f"{first} {last}" for first in vocabulary.FIRST_NAMES for last in vocabulary.LAST_NAMES
    ]
    rng.shuffle(names)
    authors: list[Author] = []
    by_leaf: dict[str, list[str]] = {}
    taken = {page_slug(a.name) for a in examples.EXAMPLE_AUTHORS}
    pool = iter(names)
    for leaf in vocabulary.LEAVES:
        slugs: list[str] = []
        for i in range(AUTHORS_PER_LEAF):
            name = next(pool)
            first = name.split()[0]
            years = rng.randint(3, 25)
            field = leaf.name.lower()
            expert = i == 0 or rng.random() < 0.35
            if expert:
                suffix, meaning = rng.choice(leaf.credentials)
                display = f"{name}, {suffix}" if _is_abbreviation(suffix) else name
                credential = _sentence(meaning.split(" ", 1)[1])
                bio = rng.choice(vocabulary.EXPERT_BIO).format(
                    name=name, first=first, meaning=meaning, years=years, field=field
                )
            else:
                display, credential = name, ""
                bio = rng.choice(vocabulary.WRITER_BIO).format(name=name, years=years, field=field)
            slug = page_slug(display)
            if slug in taken:
                continue
            taken.add(slug)
            authors.append(Author(slug, display, bio, credential, expert))
            slugs.append(slug)
        by_leaf[leaf.name] = slugs
    example_slugs: dict[str, str] = {}
    for ex in examples.EXAMPLE_AUTHORS:
        slug = page_slug(ex.name)
        authors.append(Author(slug, ex.name, ex.bio, ex.credential, bool(ex.credential)))
        example_slugs[ex.name] = slug
    return authors, by_leaf, example_slugs


def _plain_title(verb: str, obj: str) -> str:
    """The title of an action on an object, before any qualifier ("How to Clean a Microwave")."""
    return "How to " + title_case(f"{verb} {obj}")


@functools.cache
def _plain_titles() -> frozenset[str]:
    """Every title the vocabulary's actions make before a qualifier is appended."""
    return frozenset(
        _plain_title(verb, obj)
        for leaf in vocabulary.LEAVES
        for verb, _, objects in leaf.actions
        for obj in objects
    )


@functools.cache
def _qualifiers() -> tuple[str, ...]:
    """Every qualifier a generated title may end with ("Easily", "Like a Pro", "at Home"),
    the longest first."""
    every = {q for leaf in vocabulary.LEAVES for q in leaf.qualifiers}
    return tuple(sorted(every | set(vocabulary.GENERAL_QUALIFIERS), key=lambda q: (-len(q), q)))


def title_stem(title: str) -> str:
    """``title`` without the qualifier the generator appended to it ("How to Clean a
    Microwave" for "How to Clean a Microwave Easily"): what the article is about. A title
    without one (a plain generated title, a hand-written example's) is returned as it is."""
    if title in _plain_titles():
        return title
    for qualifier in _qualifiers():
        stem = title.removesuffix(f" {qualifier}")
        if stem != title and stem in _plain_titles():
            return stem
    return title


@dataclass(frozen=True)
class _Topic:
    leaf: vocabulary.LeafVocabulary
    verb: str
    gerund: str
    obj: str
    title: str


def _topics(rng: random.Random, taken: set[str]) -> list[_Topic]:
    """Distinct article titles, balanced across the leaf categories."""
    quota = math.ceil(GENERATED_ARTICLES / len(vocabulary.LEAVES))
    chosen: list[_Topic] = []
    for leaf in vocabulary.LEAVES:
        qualifiers = list(dict.fromkeys(leaf.qualifiers + vocabulary.GENERAL_QUALIFIERS))
        plain: list[_Topic] = []
        qualified: list[_Topic] = []
        for verb, gerund, objects in leaf.actions:
            for obj in objects:
                title = _plain_title(verb, obj)
                plain.append(_Topic(leaf, verb, gerund, obj, title))
                for q in qualifiers:
                    qualified.append(_Topic(leaf, verb, gerund, obj, f"{title} {q}"))
        rng.shuffle(qualified)
        count = 0
        for topic in plain + qualified:
            if count >= quota or len(chosen) >= GENERATED_ARTICLES:
                break
            key = page_slug(topic.title).lower()
            if key in taken:
                continue
            taken.add(key)
            chosen.append(topic)
            count += 1
    return chosen


def _fill(template: str, slots: dict[str, str]) -> str:
    return _sentence(template.format_map(slots))


def _slots(rng: random.Random, topic: _Topic) -> dict[str, str]:
    leaf = topic.leaf
    tool, tool2 = rng.sample(leaf.tools, 2)
    supply, supply2 = rng.sample(leaf.supplies, 2)
    obj_def = _definite(topic.obj)
    obj_bare = _bare(topic.obj)
    gerund_obj = f"{topic.gerund} {obj_def}"
    return {
        "verb": topic.verb.lower(),
        "gerund": topic.gerund.lower(),
        "Gerund": _sentence(topic.gerund.lower()),
        "GerundTitle": topic.gerund,
        "obj": obj_def,
        "obj_bare": obj_bare,
        "ObjDef": title_case(obj_def),
        "ObjBareTitle": title_case(obj_bare),
        "GerundObjTitle": title_case(gerund_obj),
        "tool": tool,
        "tool2": tool2,
        "Tool": title_case(_indefinite_dropped(tool)),
        "supply": supply,
        "supply2": supply2,
        "Supply": title_case(_indefinite_dropped(supply)),
        "Supply2": _sentence(supply2),
        "place": rng.choice(leaf.places),
        "helper": rng.choice(leaf.helpers),
        "minutes": str(rng.choice((5, 10, 15, 20, 30, 45))),
        "days": str(rng.choice((3, 7, 10, 14, 30))),
        "field": leaf.name.lower(),
        "Field": leaf.name,
    }


def _methods(rng: random.Random, style: str, slots: dict[str, str]) -> tuple[Method, ...]:
    first_titles, middle_titles, last_titles = vocabulary.STYLE_SECTION_TITLES[style]
    pools = vocabulary.STEP_TEMPLATES[style]
    decks = {phase: rng.sample(pools[phase], len(pools[phase])) for phase in pools}
    count = rng.randint(2, 4)
    middles = rng.sample(middle_titles, count - 2)
    titles = [rng.choice(first_titles), *middles, rng.choice(last_titles)]
    methods: list[Method] = []
    for index, title in enumerate(titles):
        phase = "first" if index == 0 else "last" if index == count - 1 else "middle"
        wanted = rng.randint(3, 8)
        drawn: list[tuple[str, str]] = []
        if phase == "last":
            # a last section ends with its own closing steps, after a few middle ones
            closing = decks["last"][: max(2, wanted // 2)]
            decks["last"] = decks["last"][len(closing) :]
            opening_wanted = max(0, wanted - len(closing))
            opening = decks["middle"][:opening_wanted]
            decks["middle"] = decks["middle"][len(opening) :]
            drawn = opening + closing
        else:
            # leave at least three first or middle steps for each later non-last section
            available = len(decks["first"]) + len(decks["middle"])
            wanted = min(wanted, available - 3 * (count - 2 - index))
            for source in (phase, "middle", "first"):
                take = decks[source][: wanted - len(drawn)]
                decks[source] = decks[source][len(take) :]
                drawn += take
        for source in ("middle", "first") if phase != "last" else ("middle", "last"):
            # never fewer than three steps in a section
            take = decks[source][: max(0, 3 - len(drawn))]
            decks[source] = decks[source][len(take) :]
            drawn += take
        steps = tuple(
            Step(number, _fill(headline, slots), _fill(detail, slots))
            for number, (headline, detail) in enumerate(drawn, start=1)
        )
        methods.append(Method(index + 1, _fill(title, slots), steps))
    return tuple(methods)


def _references(rng: random.Random, slots: dict[str, str]) -> tuple[Reference, ...]:
    count = rng.randint(3, 10)
    titles = rng.sample(vocabulary.REFERENCE_TITLES, count)
    refs: list[Reference] = []
    for number, template in enumerate(titles, start=1):
        _, domain = rng.choice(vocabulary.REFERENCE_PUBLISHERS)
        title = template.format_map(slots)
        path = page_slug(title).lower()
        refs.append(Reference(number, title, f"https://www.{domain}/{path}"))
    return tuple(refs)


def _generated_article(
    rng: random.Random, topic: _Topic, author: str, category: tuple[str, ...]
) -> Article:
    style = topic.leaf.style
    slots = _slots(rng, topic)
    intro = " ".join(
        (
            _fill(rng.choice(vocabulary.INTRO_OPENINGS[style]), slots),
            _fill(rng.choice(vocabulary.INTRO_MIDDLES), slots),
        )
    )
    tips = tuple(_fill(t, slots) for t in rng.sample(vocabulary.TIPS[style], rng.randint(2, 4)))
    warnings = tuple(
        _fill(w, slots) for w in rng.sample(vocabulary.WARNINGS[style], rng.randint(1, 2))
    )
    needed: tuple[str, ...] = ()
    if rng.random() < (0.7 if style == "hands_on" else 0.3):
        items = [slots["tool"], slots["tool2"], slots["supply"], slots["supply2"]]
        if rng.random() < 0.5:
            items.append(rng.choice(vocabulary.THINGS_NEEDED_EXTRA))
        needed = tuple(_sentence(item) for item in items)
    qa_templates = vocabulary.QA_TEMPLATES[style]
    qa = tuple(
        QA(_fill(q, slots), _fill(a, slots))
        for q, a in rng.sample(qa_templates, rng.randint(0, min(5, len(qa_templates))))
    )
    return Article(
        slug=page_slug(topic.title),
        title=topic.title,
        intro=intro,
        kind=rng.choice(("method", "part")),
        methods=_methods(rng, style, slots),
        tips=tips,
        warnings=warnings,
        things_needed=needed,
        references=_references(rng, slots),
        qa=qa,
        author=author,
        coauthors=0,
        views=0,
        helpful_percent=0,
        updated="",
        related=(),
        categories=category,
    )


def _example_article(
    ex: examples.ExampleArticle, author: str, category: tuple[str, ...]
) -> Article:
    methods = tuple(
        Method(
            number,
            title,
            tuple(Step(n, headline, detail) for n, (headline, detail) in enumerate(steps, start=1)),
        )
        for number, (title, steps) in enumerate(ex.sections, start=1)
    )
    return Article(
        slug=page_slug(ex.title),
        title=ex.title,
        intro=ex.intro,
        kind=ex.kind,
        methods=methods,
        tips=ex.tips,
        warnings=ex.warnings,
        things_needed=ex.things_needed,
        references=tuple(Reference(n, t, u) for n, (t, u) in enumerate(ex.references, start=1)),
        qa=tuple(QA(q, a) for q, a in ex.qa),
        author=author,
        coauthors=0,
        views=0,
        helpful_percent=0,
        updated="",
        related=(),
        categories=category,
    )


def _with_statistics(
    rng: random.Random, article: Article, related: tuple[str, ...], expert: bool
) -> Article:
    updated = LAST_UPDATED_BASE - timedelta(days=rng.randint(0, 1500))
    return Article(
        **{
            **article.__dict__,
            "coauthors": rng.randint(3, 60) if expert else rng.randint(1, 25),
            "views": int(10 ** rng.uniform(3.0, 6.5)),
            "helpful_percent": rng.randint(60, 99),
            "updated": updated.isoformat(),
            "related": related,
        }
    )


def generate(seed: int = 0) -> GeneratedCorpus:
    """Every category, author and article of the corpus for ``seed``."""
    rng = random.Random(f"wikihow-corpus-{seed}")
    categories = _categories()
    leaf_path = {c.name: (c.parent, c.slug) for c in categories if c.parent is not None}
    authors, by_leaf, example_authors = _authors(rng)
    expert = {a.slug: a.is_expert for a in authors}

    drafts: list[Article] = []
    leaf_of: list[str] = []
    taken: set[str] = set()
    for ex in examples.EXAMPLE_ARTICLES:
        author = example_authors[ex.author] if ex.author else rng.choice(by_leaf[ex.category])
        parent, leaf_slug = leaf_path[ex.category]
        assert parent is not None
        drafts.append(_example_article(ex, author, (parent, leaf_slug)))
        leaf_of.append(ex.category)
        taken.add(page_slug(ex.title).lower())

    topics = _topics(rng, taken)
    next_author = {name: 0 for name in by_leaf}
    for topic in topics:
        slugs = by_leaf[topic.leaf.name]
        # every author first gets two articles in turn, then authors are drawn at random
        turn = next_author[topic.leaf.name]
        if turn < 2 * len(slugs):
            author = slugs[turn % len(slugs)]
            next_author[topic.leaf.name] = turn + 1
        else:
            author = rng.choice(slugs)
        parent, leaf_slug = leaf_path[topic.leaf.name]
        assert parent is not None
        drafts.append(_generated_article(rng, topic, author, (parent, leaf_slug)))
        leaf_of.append(topic.leaf.name)

    slugs_in_leaf: dict[str, list[str]] = {}
    for draft, leaf in zip(drafts, leaf_of, strict=True):
        slugs_in_leaf.setdefault(leaf, []).append(draft.slug)
    articles = []
    for draft, leaf in zip(drafts, leaf_of, strict=True):
        others = [s for s in slugs_in_leaf[leaf] if s != draft.slug]
        related = tuple(rng.sample(others, rng.randint(3, 6)))
        articles.append(_with_statistics(rng, draft, related, expert[draft.author]))
    return GeneratedCorpus(categories, tuple(authors), tuple(articles))
