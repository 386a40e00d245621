"""The single-stage operations WikiHow tasks are chained from, as task-file data.

Each operation knows how it is detected on the wikiHow app, how an instruction asks for it
(several rewrite patterns, one drawn per episode) and how the reference solution does it.
A stage is detected, as in Mobile-Env, by an OR of the ways a real device shows it: text on
screen (in the screen region where the page shows it, on the page's own web view), the view
hierarchy (the web page's element ids) and the URL the app logs. Operations that change no
page (rating, sharing, bookmarking) are detected by what they store and log instead.

Every detection judges the goal state, not a shortcut: the title of an article counts only
on that article's page (a search result shows the same words), an author's or a category's
name only on its own page, a rating only when it says "helpful".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from mobile_gym.sim.apps.wikihow.corpus import SITE, Article, Author, Category
from mobile_gym.sim.apps.wikihow.data import (
    ABOUT_ACTIVITY,
    ABOUT_URL,
    MAIN_ACTIVITY,
    PACKAGE,
    URL_TAG,
)
from mobile_gym.sim.apps.wikihow.generator import title_stem
from mobile_gym.tasks.xpath_regex import string_literal

SEARCH_BAR = (0.2439, 0.0354, 0.9085, 0.1171)
"""Where the search field's text lies on the home tab (normalised left, top, right, bottom;
another page's toolbar title lies there too)."""
TITLE_BAND = (0.0, 0.19, 1.0, 0.3)
"""Where an article's title lies on screen when its page opens."""
AUTHOR_BAND = (0.0, 0.5, 1.0, 0.65)
"""Where an author's name lies on screen when the author page opens."""
CATEGORY_BAND = (0.11, 0.19, 1.0, 0.27)
"""Where a category's name lies on screen when the category page opens: its title only
(Mobile-Env's wider band, y 0.165-0.568, also covers the names of its subcategories)."""
ABOUT_BAND = (0.0, 0.1, 1.0, 0.6)
"""Where the about page's headings lie on screen when it opens."""
LEFT_COLUMN = (0.0, 0.0, 0.33, 1.0)
"""Where a section heading of an article lies (the page's left third)."""
ABOUT_HEADINGS = "Information You Can Trust|A Guide to our Editorial Process"
STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "how",
        "in",
        "into",
        "of",
        "on",
        "or",
        "the",
        "to",
        "up",
        "with",
        "without",
        "your",
        "you",
    ]
)


def literal(text: str) -> str:
    """``text`` as a task-file template that fills in to itself (``{`` and ``}`` doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


_METACHARACTER = re.compile(r"([.^$*+?()\[\]{}|\\])")


def regex_literal(text: str) -> str:
    """A regex matching ``text`` literally (only the characters that need it escaped)."""
    return _METACHARACTER.sub(r"\\\1", text)


def url_pattern(url: str, end: str = "$") -> str:
    """A logcat regex for the line the app writes when it opens ``url``."""
    return literal(r"\bmUrl is: " + regex_literal(url) + end)


def goal_words(title: str) -> str:
    """The goal of a "How to ..." title in lower case ("apply cc cream")."""
    return title.removeprefix("How to ").lower()


def keywords(title: str) -> list[str]:
    """The content words of a title, as the original's search detection lists them: the
    words of what it is about (``title_stem``), not the qualifier the corpus generator
    appended ("Easily", "Like a Pro", "at Home": many articles share it) nor stop words."""
    words = re.findall(r"[0-9a-z']+", goal_words(title_stem(title)))
    return list(dict.fromkeys(w for w in words if w not in STOP_WORDS))


@dataclass
class Stage:
    """One operation of a task: its signals, when it holds, its instructions and steps.

    ``solution`` steps are task-file solution steps; a step ``{"scroll_until": selector}``
    stands for as many downward scrolls as bring that node on screen (the suite builder
    plays them out). ``failures`` are signals that, once true, make the task impossible.

    ``signals`` are the detections of the goal the reference solution reaches, each made
    true on its way. ``alternatives`` detect other right forms of the goal (the first
    step after a lead-in) and ``guards`` wrong forms that ``when`` must not accept (another
    number in an answer): ``when`` uses them, the reference solution makes neither true.
    ``kept`` names the signal that shows the stage's result still stands (a bookmark
    still stored): a later stage of the task counts only while it holds.
    """

    name: str
    signals: dict[str, dict[str, Any]]
    when: Any
    instructions: list[str]
    solution: list[dict[str, Any]]
    failures: dict[str, dict[str, Any]] = field(default_factory=dict)
    alternatives: dict[str, dict[str, Any]] = field(default_factory=dict)
    guards: dict[str, dict[str, Any]] = field(default_factory=dict)
    kept: str | None = None


def _on(activity: str) -> dict[str, Any]:
    return {"foreground": PACKAGE, "activity": activity}


def _shown(text: str, rect: tuple[float, float, float, float], how: str = "exact") -> dict:
    return {"screen_text": literal(text), "match": how, "rect": list(rect)}


def _logged(pattern: str, tag: str | None = URL_TAG) -> dict[str, Any]:
    """A logcat line matching ``pattern``, with ``tag`` (None: any tag)."""
    return {"logcat": pattern} if tag is None else {"logcat": pattern, "tag": tag}


def _any_of(*names: str) -> dict[str, Any]:
    return {"any": list(names)}


# cross-page navigation ----------------------------------------------------------------------
def search(title: str, words: list[str] | None = None) -> Stage:
    """Type words of ``title`` into the search bar (the results need not be opened): one
    of the words, whole ("maker" is not "make"), in the search bar's region of the home
    tab (another page's toolbar title lies there), in the search field or in the search's
    URL line."""
    words = words or keywords(title)
    found = r"\b(" + "|".join(regex_literal(w) for w in words) + r")\b"
    query = goal_words(title)
    field_xpath = (
        "//node[contains(@resource-id, 'search_plate')]"
        "/node[contains(@resource-id, 'search_src_text')]"
        f"[@clickable='true'][re:test(@text, {string_literal(found)}, 'i')]"
    )
    return Stage(
        "search",
        signals={
            "search_text": _shown("(?i)" + found, SEARCH_BAR, "regex"),
            "search_page": _on(MAIN_ACTIVITY),
            "search_view": {"xpath": literal(field_xpath)},
            "search_url": _logged(
                literal(
                    r"\bmUrl is: "
                    + regex_literal(f"{SITE}/wikiHowTo?search=")
                    + ".*(?i:"
                    + found
                    + ").*"
                )
            ),
        },
        when=_any_of({"all": ["search_text", "search_page"]}, "search_view", "search_url"),
        instructions=[
            f"Search for an article to learn how to {query}.",
            f"Look up a wikiHow article on how to {query}.",
            f"Find an article that teaches how to {query}.",
        ],
        solution=[
            {"type": {"text": literal(query), "into": {"id": "search_src_text"}}},
            {"click": {"id": "search_go_btn"}},
        ],
    )


@dataclass(frozen=True)
class Page:
    """A page the app opens: the text that names it, where that text lies when the page
    opens, the element of the web page that holds the name, and its URL."""

    name: str
    band: tuple[float, float, float, float]
    element: str
    url: str


def _web_page(name: str) -> str:
    """The XPath of the page named ``name``: its scrolling web view, whose content-desc is
    the page's title (another page that lists ``name``, as a category lists its
    subcategories, is not it)."""
    return f"//node[@resource-id='page_scroll'][@content-desc={string_literal(name)}]"


def _visit(stage: str, page: Page, instructions: list[str], click: dict[str, Any]) -> Stage:
    """A stage that opens ``page``: its name in its band on the page's own web view, the web
    page's element holding the name, or the URL line."""
    text, shown, element, logged = (f"{stage}_{k}" for k in ("text", "page", "view", "url"))
    return Stage(
        stage,
        signals={
            text: _shown(page.name, page.band),
            shown: {"xpath": literal(_web_page(page.name))},
            element: {"xpath": literal(f"{page.element}[@text={string_literal(page.name)}]")},
            logged: _logged(url_pattern(page.url)),
        },
        when=_any_of({"all": [text, shown]}, element, logged),
        instructions=instructions,
        solution=[click],
    )


def article(page: Article, via: dict[str, Any] | None = None, name: str = "article") -> Stage:
    """Open the article's page; ``via`` is the click that opens it (a search result)."""
    title = page.title
    return _visit(
        name,
        Page(title, TITLE_BAND, "//node[@resource-id='section_0']//node", page.url),
        [
            f'Open the article "{title}".',
            f'Go to the article "{title}".',
            f'Read the article "{title}".',
        ],
        via or {"click": {"id": "search_result_title", "text": literal(title)}},
    )


def about() -> Stage:
    """Open the "About wikiHow" trust page from the article: its headings in their band on
    its activity, its web page's element, or the URL line."""
    return Stage(
        "about",
        signals={
            "about_text": _shown(ABOUT_HEADINGS, ABOUT_BAND, "regex"),
            "about_page": _on(ABOUT_ACTIVITY),
            "about_view": {"xpath": "//node[@resource-id='trustworthy_top']"},
            "about_url": _logged(url_pattern(ABOUT_URL)),
        },
        when=_any_of({"all": ["about_text", "about_page"]}, "about_view", "about_url"),
        instructions=[
            "Open the about page to see why readers trust wikiHow.",
            "Find out on the about page why people trust wikiHow.",
            "Go to the page that explains why wikiHow can be trusted.",
        ],
        solution=[{"click": {"id": "trust_link"}}],
    )


def author(person: Author) -> Stage:
    """Open the author page of the article's author."""
    name = person.name
    image = "//node[@resource-id='authors_container']/node[contains(@class, 'Image')]"
    return _visit(
        "author",
        Page(name, AUTHOR_BAND, image, person.url),
        [
            f"Open the author page of {name}.",
            f"Go to the page of the author {name}.",
            f"Visit the wikiHow profile of {name}.",
        ],
        {"click": {"id": "author_name", "text": literal(name)}},
    )


def category(group: Category) -> Stage:
    """Open a category page from the article's breadcrumb."""
    name = group.name
    nav = "//node[@resource-id='cat_navigation']/node[@class='android.view.View']"
    return _visit(
        "category",
        Page(name, CATEGORY_BAND, nav, group.url),
        [
            f"Open the page of the category {name}.",
            f"Go to the {name} category page.",
            f"Browse the category {name}.",
        ],
        {"click": {"id": "category_crumb", "text": literal(name)}},
    )


# in-page operations -------------------------------------------------------------------------
def references(page: Article) -> Stage:
    """Bring the article's reference list on screen."""
    heading = "//node[@resource-id='references_header']"
    return Stage(
        "references",
        signals={
            "references_text": _shown("References", LEFT_COLUMN),
            "references_page": {"xpath": literal(_web_page(page.title))},
            "references_view": {"xpath": literal(f"{_web_page(page.title)}{heading}")},
            "references_url": _logged(
                literal(
                    r"\burl is: " + regex_literal(f"{page.url}?wh_an=1&amp=1#References") + r"\b"
                )
            ),
        },
        when=_any_of(
            {"all": ["references_text", "references_page"]}, "references_view", "references_url"
        ),
        instructions=[
            "Check the reference list of this article.",
            "Look at the sources this article cites.",
            "Go to the references of the article.",
        ],
        solution=[{"click": {"id": "references_link"}}],
    )


def rate(page: Article) -> Stage:
    """Answer "Was this article helpful?" with Yes (reached from the references)."""
    slug = literal(page.slug)
    return Stage(
        "rate",
        signals={
            "rate_stored": {
                "sql": "SELECT helpful FROM ratings WHERE slug = ?",
                "package": PACKAGE,
                "database": "wikihow",
                "params": [slug],
                "expect": [[1]],
            },
            "rate_log": _logged(
                literal(r"^Rated helpful: " + regex_literal(page.slug) + " yes$"), None
            ),
        },
        when=_any_of("rate_stored", "rate_log"),
        instructions=[
            "Mark this article as helpful.",
            "Tell wikiHow that this article helped you.",
            "Rate the article as helpful.",
        ],
        solution=[
            {"click": {"id": "references_link"}},
            {"scroll_until": {"id": "helpful_yes"}},
            {"click": {"id": "helpful_yes"}},
        ],
        failures={
            "rate_unhelpful": {
                "sql": "SELECT helpful FROM ratings WHERE slug = ?",
                "package": PACKAGE,
                "database": "wikihow",
                "params": [slug],
                "expect": [[0]],
            }
        },
    )


def share(page: Article) -> Stage:
    """Open the share sheet of the article (its title exactly: another article whose title
    begins with this one's is not it)."""
    sheet = "//node[@resource-id='com.wikihow.wikihowapp:id/share_title']"
    title = f'Share "{page.title}"'
    return Stage(
        "share",
        signals={
            "share_text": {"screen_text": literal(title), "match": "exact"},
            "share_view": {"xpath": literal(f"{sheet}[@text = {string_literal(title)}]")},
            "share_log": _logged(literal(r"^Share: " + regex_literal(page.url) + "$"), None),
        },
        when=_any_of({"all": ["share_text", "share_view"]}, "share_view", "share_log"),
        instructions=[
            "Share this article.",
            "Open the sharing options of this article.",
            "Bring up the share menu for the article.",
        ],
        solution=[{"click": {"desc": "Share"}}],
    )


def bookmark(page: Article) -> Stage:
    """Bookmark the article."""
    return Stage(
        "bookmark",
        signals={
            "bookmark_stored": {
                "sql": "SELECT COUNT(*) FROM bookmarks WHERE slug = ?",
                "package": PACKAGE,
                "database": "wikihow",
                "params": [literal(page.slug)],
                "expect": [[1]],
            },
            "bookmark_log": _logged(
                literal(r"^Bookmarked: " + regex_literal(page.slug) + "$"), None
            ),
        },
        when=_any_of("bookmark_stored", "bookmark_log"),
        instructions=[
            "Bookmark this article.",
            "Save this article for later.",
            "Add this article to your saved articles.",
        ],
        solution=[{"click": {"desc": "Bookmark"}}],
        kept="bookmark_stored",
    )


# article QA ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Question:
    """A question about an article: how it is asked, the answer and how answers are judged.

    ``title`` is the article's (an answer may name it); ``shown_by`` selects the node that
    shows the answer (the solution scrolls to it before answering: an agent has to read
    it)."""

    kind: str
    title: str
    asks: tuple[str, ...]
    answer: str
    match: dict[str, Any]
    shown_by: dict[str, str]


def questions(page: Article, writer: Author) -> list[Question]:
    """The questions an article answers, one of each kind."""
    title = page.title
    first = page.methods[0].steps[0].headline
    unit = "parts" if page.kind == "part" else "methods"
    return [
        Question(
            "first_step",
            title,
            (
                f'What is the first step in "{title}"?',
                f'According to "{title}", what should you do first?',
                f"My question is: what is the very first thing to do to {goal_words(title)}?",
            ),
            first,
            {"match": "fuzzy", "threshold": 0.8},
            {"text": literal(first)},
        ),
        Question(
            "method_count",
            title,
            (
                f'How many {unit} does the article "{title}" have?',
                f'Into how many {unit} is "{title}" divided?',
                f'Count the {unit} of "{title}" and tell me the number.',
            ),
            str(len(page.methods)),
            {"match": "number"},
            {"id": "section_heading"},
        ),
        Question(
            "helpful_percent",
            title,
            (
                f'What percentage of readers found "{title}" helpful?',
                f'How many percent of readers say "{title}" helped them?',
                f'Tell me the share of readers who found "{title}" helpful.',
            ),
            str(page.helpful_percent),
            {"match": "number"},
            {"id": "article_stats"},
        ),
        Question(
            "author",
            title,
            (
                f'Who is credited as the author of "{title}"?',
                f'Whose name appears as co-author of "{title}"?',
                f'Tell me who wrote "{title}".',
            ),
            writer.name,
            {"match": "regex"},
            {"id": "author_name"},
        ),
    ]


ARTICLE = "{article}"
"""Where a lead-in or a closing phrase may name the article asked about: "the article",
"this article" or its title (``named_article``)."""
QUOTE = "(?:[\"'\u201c\u201d\u2018\u2019]|\\*\\*)?"
"""A quotation mark or Markdown's bold marker an answer may put around what it gives."""
ANSWER_LABEL = r"(?:(?:final )?answer\s*:\s*)?"
"""The label an answer may open with ("Answer: <answer>")."""


def named_article(title: str) -> str:
    """The regex of a mention of the article ``title``: "the article", "this article" or its
    title, in quotes or not, its "How to" optional."""
    name = regex_literal(title.removeprefix("How to "))
    return rf"(?:(?:the|this) article|{QUOTE}(?:how to )?{name}{QUOTE})"


def _phrases(patterns: tuple[str, ...], title: str) -> str:
    """``patterns`` as one alternation, ``ARTICLE`` in them naming the article ``title``."""
    return "|".join(patterns).replace(ARTICLE, named_article(title))


AUTHOR_LEAD_INS = (
    f"(?:the )?(?:credited )?(?:co-)?author(?: of {ARTICLE})?(?: is|:)",
    "(?:the|this) article's (?:credited )?(?:co-)?author is",
    f"(?:(?:it|{ARTICLE}) (?:is|was) |it's )?credited to",
    f"(?:it|{ARTICLE}) (?:is|was) by",
    "it's by",
    "it's",
    "it is",
    "it was",
    f"(?:{ARTICLE}|it) (?:was|is) (?:co-)?(?:authored|written) by",
    "(?:co-)?(?:authored|written) by",
    "by",
    "name:",
)
"""Patterns of the phrases an answer naming the author may open with ("It was written by
<name>", "The article was co-authored by <name>", 'The author of "<title>" is <name>',
"Author: <name>")."""
AUTHOR_TAILS = (
    f"(?:is|was) the (?:credited )?(?:co-)?author(?: of {ARTICLE})?",
    "(?:is|was) credited(?: as (?:the )?(?:co-)?author)?",
    f"(?:co-)?(?:wrote|authored) (?:it|{ARTICLE})",
)
"""Patterns of the phrases an answer naming the author may close with ("<name> is the
co-author")."""


DOCTORATES = frozenset(
    ("MD", "DO", "PhD", "PsyD", "EdD", "DPT", "DVM", "DDS", "DMD", "PharmD", "DNP", "OD")
)
"""Credentials that make their holder a doctor: "Dr. <name>" names the author too."""


def author_answer(name: str, title: str) -> str:
    """The regex an answer naming the author ``name`` of the article ``title`` must match
    as a whole, in any letter case: the name, its credential after the comma optional
    ("Marcus Ellison" for "Marcus Ellison, DPT"), "Dr." before it where the credential is
    a doctorate (``DOCTORATES``: "Dr. Marcus Ellison"), in quotes or not, alone or after
    one of ``AUTHOR_LEAD_INS`` or before one of ``AUTHOR_TAILS``, after an
    ``ANSWER_LABEL`` or not, with a full stop at most after it. A list of candidates ("A, B or <name>"),
    another name beside it ("<name> and B"), a part of the name or a negation ("Not
    <name>", "It isn't <name>") does not match."""
    person, _, credential = name.partition(", ")
    who = regex_literal(person)
    if credential:
        cred = regex_literal(credential)
        who += rf"(?:,?\s*{cred}|\s*\({cred}\))?"
    if credential.split(",")[0].strip() in DOCTORATES:
        who = rf"(?:dr\.?\s+)?{who}"
    lead_ins = _phrases(AUTHOR_LEAD_INS, title)
    tails = _phrases(AUTHOR_TAILS, title)
    return (
        rf"(?i)^\s*{ANSWER_LABEL}(?:(?:{lead_ins})\s+)?{QUOTE}{who}\.?{QUOTE}"
        rf"(?:\s+(?:{tails}))?\s*\.?\s*$"
    )


FIRST_STEP_LEAD_INS = (
    "(?:the )?(?:very )?first(?: step| thing(?: to do)?)?(?: (?:in|of|for) "
    f"{ARTICLE})?(?: is| you should do is|,? you should)?(?: to)?",
    "you should (?:first|start by|begin by)",
    "start by",
    r"(?:(?:method|part) (?:1|one)(?: of \d+)?,?\s*)?step (?:1|one)",
    "1",
)
"""Patterns of the phrases an answer giving the first step may open with ("The first step
is to <headline>", 'The first step in "<title>" is to <headline>', "First, <headline>",
"Step 1: <headline>", "1. <headline>")."""


def first_step_answer(headline: str, title: str) -> str:
    """The regex an answer giving the step ``headline`` of the article ``title`` after one
    of ``FIRST_STEP_LEAD_INS`` must match as a whole, in any letter case, the headline's
    own words and numbers unchanged (its full stop and quotes around it optional, an
    ``ANSWER_LABEL`` before it or not)."""
    lead_ins = _phrases(FIRST_STEP_LEAD_INS, title)
    body = regex_literal(headline.rstrip(".").strip())
    return (
        rf"(?i)^\s*{ANSWER_LABEL}(?:(?:{lead_ins})\s*[:.,)\-\u2013\u2014]?\s+)?"
        rf"{QUOTE}{body}\.?{QUOTE}\s*\.?\s*$"
    )


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
"""A number in a text, with its decimal or thousands separators ("30", "1.5")."""


def other_number(text: str) -> str:
    """The regex of a number in an answer other than those of ``text`` (the first step's
    headline), its number ("Step 1:") aside: "Step 2:" is another."""
    own = "|".join(regex_literal(number) for number in _NUMBER.findall(text))
    return rf"(?i)(?<!\d)(?<!\d[.,])(?!(?<=step\s)1(?![.,]?\d))(?!(?:{own})(?![.,]?\d))\d"


def _alternatives(question: Question) -> dict[str, dict[str, Any]]:
    """Other right forms of ``question``'s answer than the reference solution's: the first
    step after a lead-in ("The first step is to ..."). (A count or a share in words is a
    number as the answer's ``match: number`` reads it.)"""
    if question.kind != "first_step":
        return {}
    pattern = first_step_answer(question.answer, question.title)
    return {"answer_with_lead_in": {"answer": literal(pattern), "match": "regex"}}


def _guards(question: Question) -> dict[str, dict[str, Any]]:
    """Wrong answers that match ``question``'s answer by similarity: a headline with
    another number in it ("about 3 minutes" for "about 30 minutes")."""
    if question.match["match"] != "fuzzy" or not _NUMBER.search(question.answer):
        return {}
    pattern = other_number(question.answer)
    return {"answer_other_number": {"answer": literal(pattern), "match": "regex"}}


def answer(question: Question) -> Stage:
    """Answer a question about the article (an author question: ``author_answer``; a count
    or a share: a number, in digits or words; a first step: its headline, alone or after a
    lead-in (``first_step_answer``), with no other number in it)."""
    expected = question.answer
    if question.match["match"] == "regex":
        expected = author_answer(expected, question.title)
    alternatives, guards = _alternatives(question), _guards(question)
    # the guards judge the similarity match only: an alternative spells the answer out
    # exactly (its own numbers), so a step or method number before it is no other number
    when: Any = "answer_given"
    if guards:
        when = {"all": [when, *({"not": name} for name in guards)]}
    if alternatives:
        when = {"any": [when, *alternatives]}
    return Stage(
        "answer",
        signals={"answer_given": {"answer": literal(expected), **question.match}},
        when=when,
        instructions=list(question.asks),
        solution=[{"scroll_until": question.shown_by}, {"answer": literal(question.answer)}],
        alternatives=alternatives,
        guards=guards,
    )
