"""The offline WikiHow corpus: articles, authors and categories in one SQLite database.

``Corpus.open(seed)`` returns the corpus for a seed. The first open builds the database
from the generator (a few seconds) and caches it as ``wikihow-<version>-<seed>.sqlite``
in ``cache_dir``, else in ``$MOBILE_GYM_CACHE``, else in ``~/.cache/mobile-gym``; later
opens reuse the file. ``CORPUS_VERSION`` is part of the file name and is stored in the
database, so changing the generator (and the version) builds a fresh file. A build writes a
temporary file in the same folder and renames it into place, so processes opening the same
corpus at once never see a half-written database.

Tables: ``categories(slug, name, parent, description, position)``, ``authors(slug, name,
bio, credential, is_expert)``, ``articles(id, slug, title, title_key, intro, kind, author,
category, coauthors, views, helpful_percent, updated, tips, warnings, things_needed)``
(the last three JSON lists), ``sections(article_id, number, title)``, ``steps(article_id,
section, number, headline, detail)``, ``article_references(article_id, number, title, url)``,
``qa(article_id, number, question, answer)``, ``related(article_id, number, slug)``,
``meta(key, value)`` and the FTS5 table ``article_search(title, intro)`` whose rowid is the
article's id. Search ranks by BM25 with the title weighted ten times the intro, title
matches before intro-only matches, and an exact title first.
"""

from __future__ import annotations

import json
import os
import random
import re
import sqlite3
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from mobile_gym.caches import LRUCache
from mobile_gym.file_modes import FILE_MODE
from mobile_gym.sim.apps.text_search import query_words

CORPUS_VERSION = "1"
CACHE_ENV = "MOBILE_GYM_CACHE"
SITE = "https://www.wikihow.com"
TITLE_WEIGHT = 10.0
INTRO_WEIGHT = 1.0


@dataclass(frozen=True)
class Category:
    """A category page; a leaf category's ``parent`` is its top-level category's slug."""

    slug: str
    name: str
    parent: str | None
    description: str

    @property
    def url(self) -> str:
        return f"{SITE}/Category:{self.slug}"


@dataclass(frozen=True)
class Author:
    """An article's author; experts carry a ``credential`` (empty for community writers)."""

    slug: str
    name: str
    bio: str
    credential: str
    is_expert: bool

    @property
    def url(self) -> str:
        return f"{SITE}/Author/{self.slug}"


@dataclass(frozen=True)
class Step:
    """A numbered step: a short bold ``headline`` and a ``detail`` sentence."""

    number: int
    headline: str
    detail: str


@dataclass(frozen=True)
class Method:
    """A method (alternative ways) or part (consecutive stages) of an article."""

    number: int
    title: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Reference:
    """A numbered entry of an article's reference list."""

    number: int
    title: str
    url: str


@dataclass(frozen=True)
class QA:
    """A question readers asked and its answer."""

    question: str
    answer: str


@dataclass(frozen=True)
class Article:
    """A how-to article; ``kind`` is "method" or "part"; ``categories`` run root to leaf."""

    slug: str
    title: str
    intro: str
    kind: str
    methods: tuple[Method, ...]
    tips: tuple[str, ...]
    warnings: tuple[str, ...]
    things_needed: tuple[str, ...]
    references: tuple[Reference, ...]
    qa: tuple[QA, ...]
    author: str
    coauthors: int
    views: int
    helpful_percent: int
    updated: str  # ISO date
    related: tuple[str, ...]
    categories: tuple[str, ...]

    @property
    def url(self) -> str:
        return f"{SITE}/{self.slug}"

    @property
    def category(self) -> str:
        """The slug of the article's own (leaf) category."""
        return self.categories[-1]

    def section_heading(self, method: Method) -> str:
        """The heading as shown on the page, e.g. "Part 1 of 3: Getting Ready"."""
        label = "Part" if self.kind == "part" else "Method"
        return f"{label} {method.number} of {len(self.methods)}: {method.title}"


@dataclass(frozen=True)
class ArticleSummary:
    """An article in a list (category page, author page, featured articles)."""

    slug: str
    title: str
    author: str
    category: str
    views: int
    helpful_percent: int


@dataclass(frozen=True)
class SearchHit:
    """A search result: the article's slug, title and a snippet of its intro."""

    slug: str
    title: str
    snippet: str


_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE categories(slug TEXT PRIMARY KEY, name TEXT NOT NULL, parent TEXT,
    description TEXT NOT NULL, position INTEGER NOT NULL);
CREATE TABLE authors(slug TEXT PRIMARY KEY, name TEXT NOT NULL, bio TEXT NOT NULL,
    credential TEXT NOT NULL, is_expert INTEGER NOT NULL);
CREATE TABLE articles(id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, title TEXT NOT NULL,
    title_key TEXT NOT NULL, intro TEXT NOT NULL, kind TEXT NOT NULL,
    author TEXT NOT NULL REFERENCES authors(slug),
    category TEXT NOT NULL REFERENCES categories(slug), coauthors INTEGER NOT NULL,
    views INTEGER NOT NULL, helpful_percent INTEGER NOT NULL, updated TEXT NOT NULL,
    tips TEXT NOT NULL, warnings TEXT NOT NULL, things_needed TEXT NOT NULL);
CREATE INDEX articles_by_author ON articles(author, views DESC);
CREATE INDEX articles_by_category ON articles(category, views DESC);
CREATE INDEX articles_by_title_key ON articles(title_key);
CREATE TABLE sections(article_id INTEGER NOT NULL, number INTEGER NOT NULL,
    title TEXT NOT NULL, PRIMARY KEY(article_id, number)) WITHOUT ROWID;
CREATE TABLE steps(article_id INTEGER NOT NULL, section INTEGER NOT NULL,
    number INTEGER NOT NULL, headline TEXT NOT NULL, detail TEXT NOT NULL,
    PRIMARY KEY(article_id, section, number)) WITHOUT ROWID;
CREATE TABLE article_references(article_id INTEGER NOT NULL, number INTEGER NOT NULL,
    title TEXT NOT NULL, url TEXT NOT NULL, PRIMARY KEY(article_id, number)) WITHOUT ROWID;
CREATE TABLE qa(article_id INTEGER NOT NULL, number INTEGER NOT NULL, question TEXT NOT NULL,
    answer TEXT NOT NULL, PRIMARY KEY(article_id, number)) WITHOUT ROWID;
CREATE TABLE related(article_id INTEGER NOT NULL, number INTEGER NOT NULL,
    slug TEXT NOT NULL, PRIMARY KEY(article_id, number)) WITHOUT ROWID;
CREATE VIRTUAL TABLE article_search USING fts5(title, intro, tokenize='porter unicode61');
"""

_WORD = re.compile(r"[0-9a-z]+")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("'", ""))


def _search_words(query: str) -> list[str]:
    """The query's words, without a leading "how to" (every title starts with it)."""
    words = _words(query)
    if words[:2] == ["how", "to"]:
        words = words[2:]
    return words


def title_key(title: str) -> str:
    """The normalized form of a title (or a query) used to find an exact title match."""
    return " ".join(_search_words(title))


def cache_path(seed: int, cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """Where the database of ``seed`` is cached."""
    if cache_dir is None:
        cache_dir = os.environ.get(CACHE_ENV) or Path.home() / ".cache" / "mobile-gym"
    return Path(cache_dir) / f"wikihow-{CORPUS_VERSION}-{seed}.sqlite"


def _stored_version(path: Path) -> str | None:
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            row = con.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        return None
    return row[0] if row else None


def build_database(path: Path, seed: int) -> None:
    """Generate the corpus of ``seed`` and write it to ``path`` atomically."""
    from mobile_gym.sim.apps.wikihow.generator import generate

    corpus = generate(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        os.chmod(tmp, FILE_MODE)  # (readable as any new file is, not owner-only)
        con = sqlite3.connect(tmp)
        try:
            con.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")
            con.executescript(_SCHEMA)
            _write(con, corpus.categories, corpus.authors, corpus.articles, seed)
            con.commit()
        finally:
            con.close()
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _write(
    con: sqlite3.Connection,
    categories: tuple[Category, ...],
    authors: tuple[Author, ...],
    articles: tuple[Article, ...],
    seed: int,
) -> None:
    con.executemany(
        "INSERT INTO meta VALUES (?, ?)",
        [("version", CORPUS_VERSION), ("seed", str(seed)), ("articles", str(len(articles)))],
    )
    con.executemany(
        "INSERT INTO categories VALUES (?, ?, ?, ?, ?)",
        [(c.slug, c.name, c.parent, c.description, i) for i, c in enumerate(categories)],
    )
    con.executemany(
        "INSERT INTO authors VALUES (?, ?, ?, ?, ?)",
        [(a.slug, a.name, a.bio, a.credential, int(a.is_expert)) for a in authors],
    )
    rows, sections, steps, refs, qas, related, search = [], [], [], [], [], [], []
    for aid, art in enumerate(articles, start=1):
        rows.append(
            (
                aid, art.slug, art.title, title_key(art.title), art.intro, art.kind, art.author,
                art.category, art.coauthors, art.views, art.helpful_percent, art.updated,
                json.dumps(art.tips), json.dumps(art.warnings), json.dumps(art.things_needed),
            )
        )  # fmt: skip
        for m in art.methods:
            sections.append((aid, m.number, m.title))
            steps.extend((aid, m.number, s.number, s.headline, s.detail) for s in m.steps)
        refs.extend((aid, r.number, r.title, r.url) for r in art.references)
        qas.extend((aid, n, q.question, q.answer) for n, q in enumerate(art.qa, start=1))
        related.extend((aid, n, slug) for n, slug in enumerate(art.related, start=1))
        search.append((aid, " ".join(_search_words(art.title)), art.intro))
    con.executemany(f"INSERT INTO articles VALUES ({', '.join('?' * 15)})", rows)
    con.executemany("INSERT INTO sections VALUES (?, ?, ?)", sections)
    con.executemany("INSERT INTO steps VALUES (?, ?, ?, ?, ?)", steps)
    con.executemany("INSERT INTO article_references VALUES (?, ?, ?, ?)", refs)
    con.executemany("INSERT INTO qa VALUES (?, ?, ?, ?)", qas)
    con.executemany("INSERT INTO related VALUES (?, ?, ?)", related)
    con.executemany("INSERT INTO article_search(rowid, title, intro) VALUES (?, ?, ?)", search)
    con.execute("INSERT INTO article_search(article_search) VALUES ('optimize')")


_SUMMARY_COLUMNS = "slug, title, author, category, views, helpful_percent"


class Corpus:
    """Read-only access to a built corpus database; create it with ``Corpus.open``."""

    def __init__(self, path: Path, seed: int, built: bool) -> None:
        self.path = path
        self.seed = seed
        self.built = built  # whether this open had to build the database
        self._con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self._categories = {
            row[0]: Category(*row)
            for row in self._con.execute(
                "SELECT slug, name, parent, description FROM categories ORDER BY position"
            )
        }
        self._count = int(self._con.execute("SELECT count(*) FROM articles").fetchone()[0])
        self._featured_pool: list[int] | None = None
        self._featured: LRUCache[tuple[int, int], tuple[ArticleSummary, ...]] = LRUCache(8)
        """The featured articles by (how many, day number): the home screen asks for the
        same day's on every build."""
        self._articles: LRUCache[str, Article | None] = LRUCache(256)
        """The articles read lately, by slug: an article's page is built again on every
        change while it shows, and names its related articles by their titles."""

    @classmethod
    def open(cls, seed: int = 0, cache_dir: str | os.PathLike[str] | None = None) -> Corpus:
        """The corpus of ``seed``, built and cached on first use."""
        path = cache_path(seed, cache_dir)
        built = False
        if _stored_version(path) != CORPUS_VERSION:
            build_database(path, seed)
            built = True
        return cls(path, seed, built)

    def close(self) -> None:
        """Close the database connection."""
        self._con.close()

    def __len__(self) -> int:
        return self._count

    # --- search ---------------------------------------------------------------------------

    def search(self, query: str, limit: int = 10) -> list[SearchHit]:
        """Articles matching ``query``: an exact title first, then title matches, then intros."""
        words = _search_words(query)
        if not words or limit <= 0:
            return []
        terms = " OR ".join(f'"{w}"' for w in query_words(words))
        hits: list[SearchHit] = []
        seen: set[int] = set()
        for row in self._con.execute(
            "SELECT id, slug, title, intro FROM articles WHERE title_key = ? LIMIT 1",
            (" ".join(words),),
        ):
            seen.add(row[0])
            hits.append(SearchHit(row[1], row[2], _first_sentence(row[3])))
        for match in (f"title : ({terms})", terms):
            if len(hits) >= limit:
                break
            rows = self._con.execute(
                "SELECT a.id, a.slug, a.title, "
                "snippet(article_search, 1, '', '', '…', 16) "
                "FROM article_search JOIN articles a ON a.id = article_search.rowid "
                "WHERE article_search MATCH ? "
                "ORDER BY bm25(article_search, ?, ?), a.views DESC LIMIT ?",
                (match, TITLE_WEIGHT, INTRO_WEIGHT, limit + len(seen)),
            )
            for aid, slug, title, snippet in rows:
                if aid in seen:
                    continue
                seen.add(aid)
                hits.append(SearchHit(slug, title, snippet))
                if len(hits) >= limit:
                    break
        return hits

    # --- pages ------------------------------------------------------------------------------

    def article(self, slug: str) -> Article | None:
        """The article at ``slug`` (its URL path), or None."""
        return self._articles.get(slug, self._read_article)

    def _read_article(self, slug: str) -> Article | None:
        con = self._con
        row = con.execute(
            "SELECT id, slug, title, intro, kind, author, category, coauthors, views, "
            "helpful_percent, updated, tips, warnings, things_needed FROM articles WHERE slug = ?",
            (slug,),
        ).fetchone()
        if row is None:
            return None
        aid = row[0]
        steps: dict[int, list[Step]] = {}
        for section, number, headline, detail in con.execute(
            "SELECT section, number, headline, detail FROM steps WHERE article_id = ? "
            "ORDER BY section, number",
            (aid,),
        ):
            steps.setdefault(section, []).append(Step(number, headline, detail))
        methods = tuple(
            Method(number, title, tuple(steps.get(number, ())))
            for number, title in con.execute(
                "SELECT number, title FROM sections WHERE article_id = ? ORDER BY number", (aid,)
            )
        )
        references = tuple(
            Reference(*r)
            for r in con.execute(
                "SELECT number, title, url FROM article_references WHERE article_id = ? "
                "ORDER BY number",
                (aid,),
            )
        )
        qa = tuple(
            QA(*r)
            for r in con.execute(
                "SELECT question, answer FROM qa WHERE article_id = ? ORDER BY number", (aid,)
            )
        )
        related = tuple(
            r[0]
            for r in con.execute(
                "SELECT slug FROM related WHERE article_id = ? ORDER BY number", (aid,)
            )
        )
        return Article(
            slug=row[1],
            title=row[2],
            intro=row[3],
            kind=row[4],
            methods=methods,
            tips=tuple(json.loads(row[11])),
            warnings=tuple(json.loads(row[12])),
            things_needed=tuple(json.loads(row[13])),
            references=references,
            qa=qa,
            author=row[5],
            coauthors=row[7],
            views=row[8],
            helpful_percent=row[9],
            updated=row[10],
            related=related,
            categories=self.breadcrumb(row[6]),
        )

    def author(self, slug: str) -> Author | None:
        """The author at ``slug`` (e.g. "Trudi-Griffin-LPC-MS"), or None."""
        row = self._con.execute(
            "SELECT slug, name, bio, credential, is_expert FROM authors WHERE slug = ?", (slug,)
        ).fetchone()
        return None if row is None else Author(row[0], row[1], row[2], row[3], bool(row[4]))

    def authors(self) -> list[Author]:
        """Every author, by name."""
        return [
            Author(r[0], r[1], r[2], r[3], bool(r[4]))
            for r in self._con.execute(
                "SELECT slug, name, bio, credential, is_expert FROM authors ORDER BY name"
            )
        ]

    def category(self, slug: str) -> Category | None:
        """The category at ``slug`` (e.g. "Personal-Fitness"), or None."""
        return self._categories.get(slug)

    def categories(self) -> list[Category]:
        """Every category, each top-level category followed by its children."""
        return list(self._categories.values())

    def subcategories(self, slug: str) -> list[Category]:
        """The children of category ``slug``."""
        return [c for c in self._categories.values() if c.parent == slug]

    def breadcrumb(self, slug: str) -> tuple[str, ...]:
        """Category slugs from the top-level category down to ``slug``."""
        chain: list[str] = []
        current: str | None = slug
        while current is not None and current in self._categories:
            chain.append(current)
            current = self._categories[current].parent
        return tuple(reversed(chain))

    # --- lists ------------------------------------------------------------------------------

    def summaries(self, slugs: Sequence[str]) -> list[ArticleSummary]:
        """The summaries of the articles at ``slugs`` that exist, in that order (the titles
        a page links to, without reading each article whole)."""
        marks = ", ".join("?" * len(slugs))
        found = {
            r[0]: ArticleSummary(*r)
            for r in self._con.execute(
                f"SELECT {_SUMMARY_COLUMNS} FROM articles WHERE slug IN ({marks})", tuple(slugs)
            )
        }
        return [found[slug] for slug in slugs if slug in found]

    def articles_by_author(self, slug: str) -> list[ArticleSummary]:
        """The author's articles, most viewed first."""
        return [
            ArticleSummary(*r)
            for r in self._con.execute(
                f"SELECT {_SUMMARY_COLUMNS} FROM articles WHERE author = ? ORDER BY views DESC, id",
                (slug,),
            )
        ]

    def articles_in_category(
        self, slug: str, limit: int = 20, offset: int = 0
    ) -> list[ArticleSummary]:
        """Articles of category ``slug`` and its children, most viewed first."""
        slugs = [slug, *(c.slug for c in self.subcategories(slug))]
        marks = ", ".join("?" * len(slugs))
        return [
            ArticleSummary(*r)
            for r in self._con.execute(
                f"SELECT {_SUMMARY_COLUMNS} FROM articles WHERE category IN ({marks}) "
                "ORDER BY views DESC, id LIMIT ? OFFSET ?",
                (*slugs, limit, offset),
            )
        ]

    def count_in_category(self, slug: str) -> int:
        """How many articles category ``slug`` and its children hold."""
        slugs = [slug, *(c.slug for c in self.subcategories(slug))]
        marks = ", ".join("?" * len(slugs))
        row = self._con.execute(
            f"SELECT count(*) FROM articles WHERE category IN ({marks})", slugs
        ).fetchone()
        return int(row[0])

    def featured(self, n: int, day: int | date) -> list[ArticleSummary]:
        """``n`` well-rated articles featured on ``day`` (a date or a day number)."""
        ordinal = day.toordinal() if isinstance(day, date) else int(day)
        return list(self._featured.get((n, ordinal), self._draw_featured))

    def _draw_featured(self, key: tuple[int, int]) -> tuple[ArticleSummary, ...]:
        """The articles featured for ``key``, ``(n, day number)``: ``n`` well-rated ones
        drawn with a generator seeded by the day."""
        n, ordinal = key
        if self._featured_pool is None:
            self._featured_pool = [
                r[0]
                for r in self._con.execute(
                    "SELECT id FROM articles WHERE helpful_percent >= 80 ORDER BY id"
                )
            ]
        rng = random.Random(f"featured-{self.seed}-{ordinal}")
        ids = rng.sample(self._featured_pool, min(n, len(self._featured_pool)))
        by_id = {
            r[0]: ArticleSummary(*r[1:])
            for r in self._con.execute(
                f"SELECT id, {_SUMMARY_COLUMNS} FROM articles "
                f"WHERE id IN ({', '.join('?' * len(ids))})",
                ids,
            )
        }
        return tuple(by_id[i] for i in ids)

    def random_article(self, rng: random.Random) -> Article:
        """An article drawn with ``rng``."""
        aid = rng.randint(1, self._count)
        slug = self._con.execute("SELECT slug FROM articles WHERE id = ?", (aid,)).fetchone()[0]
        article = self.article(slug)
        assert article is not None
        return article

    def slugs(self) -> list[str]:
        """Every article's slug, in id order."""
        return [r[0] for r in self._con.execute("SELECT slug FROM articles ORDER BY id")]


def _first_sentence(text: str) -> str:
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]
