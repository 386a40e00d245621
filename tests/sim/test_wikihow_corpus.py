"""The offline WikiHow corpus: generation, storage, search and the example tasks' articles."""

from __future__ import annotations

import random
import re
import time
from datetime import date
from pathlib import Path

import pytest

from mobile_gym.sim.apps.wikihow import corpus as corpus_module
from mobile_gym.sim.apps.wikihow.corpus import Corpus, cache_path
from mobile_gym.sim.apps.wikihow.examples import EXAMPLE_ARTICLES
from mobile_gym.sim.apps.wikihow.generator import generate, page_slug


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Corpus, float]:
    cache = tmp_path_factory.mktemp("wikihow-cache")
    start = time.perf_counter()
    opened = Corpus.open(0, cache_dir=cache)
    return opened, time.perf_counter() - start


@pytest.fixture(scope="module")
def wiki(built: tuple[Corpus, float]) -> Corpus:
    return built[0]


def test_build_is_quick_and_fresh(built: tuple[Corpus, float]) -> None:
    opened, seconds = built
    assert opened.built
    assert seconds < 15.0


def test_same_seed_same_corpus_other_seed_differs() -> None:
    first, again, other = generate(0), generate(0), generate(1)
    assert first == again
    assert [a.title for a in first.articles] != [a.title for a in other.articles]
    assert first != other


def test_counts(wiki: Corpus) -> None:
    assert len(wiki) >= 3000
    leaves = [c for c in wiki.categories() if c.parent is not None]
    assert len(leaves) >= 20
    for leaf in leaves:
        assert wiki.category(leaf.parent or "") is not None
        assert wiki.count_in_category(leaf.slug) >= 50
    for author in wiki.authors():
        assert len(wiki.articles_by_author(author.slug)) >= 2, author.slug
    assert any(a.is_expert and a.credential for a in wiki.authors())
    assert any(not a.is_expert for a in wiki.authors())


def test_every_article_is_well_formed(wiki: Corpus) -> None:
    slugs = set(wiki.slugs())
    assert len(slugs) == len(wiki)
    for slug in slugs:
        art = wiki.article(slug)
        assert art is not None
        assert art.title.startswith("How to ")
        assert page_slug(art.title) == art.slug
        assert art.url == f"https://www.wikihow.com/{art.slug}"
        assert art.intro and art.kind in ("method", "part")
        assert 2 <= len(art.methods) <= 4
        for number, method in enumerate(art.methods, start=1):
            assert method.number == number and method.title
            assert 3 <= len(method.steps) <= 8
            assert [s.number for s in method.steps] == list(range(1, len(method.steps) + 1))
            for step in method.steps:
                assert step.headline.endswith(".") and step.detail
                assert "{" not in step.headline + step.detail
        assert art.tips and art.warnings
        assert 3 <= len(art.references) <= 10
        assert all(re.match(r"https://www\.[a-z.-]+/\S+$", r.url) for r in art.references)
        assert len({r.title for r in art.references}) == len(art.references)
        assert 0 <= len(art.qa) <= 5
        assert 3 <= len(art.related) <= 6
        assert set(art.related) <= slugs and art.slug not in art.related
        assert len(art.categories) == 2
        leaf = wiki.category(art.category)
        assert leaf is not None and leaf.parent == art.categories[0]
        assert wiki.author(art.author) is not None
        assert art.views > 0 and 0 < art.helpful_percent <= 100 and art.coauthors >= 1
        assert date.fromisoformat(art.updated) <= date(2022, 8, 18)


def test_exact_title_ranks_first(wiki: Corpus) -> None:
    rng = random.Random(7)
    for slug in rng.sample(wiki.slugs(), 200):
        art = wiki.article(slug)
        assert art is not None
        assert wiki.search(art.title)[0].slug == slug
        assert wiki.search(art.title.lower().removeprefix("how to "))[0].slug == slug


def test_a_query_pasted_whole_is_read_as_its_first_words(wiki: Corpus) -> None:
    """Each word once, the first 32 (thousands of terms made one search take seconds)."""
    pasted = wiki.search("scooter " * 3000 + " ".join(f"w{i}" for i in range(500)))
    assert [hit.slug for hit in pasted] == [hit.slug for hit in wiki.search("scooter")]


def test_word_query_puts_title_matches_first(wiki: Corpus) -> None:
    for word in ("scooter", "email", "braid", "foam"):
        hits = wiki.search(word, limit=20)
        assert hits
        in_title = [word in h.title.lower() for h in hits]
        assert in_title[0]
        assert in_title == sorted(in_title, reverse=True)  # no title match after a miss
        assert all(h.snippet for h in hits)
    assert wiki.search("") == []
    assert wiki.search("zzzqqq") == []


def test_example_task_articles(wiki: Corpus) -> None:
    for example in EXAMPLE_ARTICLES:
        art = wiki.article(page_slug(example.title))
        assert art is not None and art.title == example.title
        assert wiki.search(example.title)[0].slug == art.slug
    expected_slugs = {
        "180-on-a-Scooter",
        "Address-a-Letter-to-England",
        "Apply-CC-Cream",
        "Be-a-Good-Friend-to-a-Guy",
        "Overcome-Fear",
        "Buy-an-Apartment-With-No-Money-Down",
        "Call-the-Czech-Republic-From-the-United-States",
        "Change-a-Lightbulb-in-a-Recessed-Light",
        "Change-Your-Yahoo-Email-Address",
        "Choose-a-Foam-Roller",
        "Clean-a-Nonstick-Pan",
        "Clean-a-Keurig-with-Vinegar",
    }
    assert all(wiki.article(s) is not None for s in expected_slugs)

    trudi = wiki.author("Trudi-Griffin-LPC-MS")
    assert trudi is not None and trudi.name == "Trudi Griffin, LPC, MS" and trudi.is_expert
    assert {"Be-a-Good-Friend-to-a-Guy", "Overcome-Fear"} <= {
        a.slug for a in wiki.articles_by_author(trudi.slug)
    }
    sears = wiki.author("James-Sears")
    assert sears is not None and sears.name == "James Sears"
    assert {"Clean-a-Nonstick-Pan", "Clean-a-Keurig-with-Vinegar"} <= {
        a.slug for a in wiki.articles_by_author(sears.slug)
    }

    yahoo = wiki.article("Change-Your-Yahoo-Email-Address")
    assert yahoo is not None
    email = wiki.category(yahoo.category)
    assert email is not None and email.name == "Email"
    assert email.url == "https://www.wikihow.com/Category:Email"
    roller = wiki.article("Choose-a-Foam-Roller")
    assert roller is not None
    fitness = wiki.category(roller.category)
    assert fitness is not None and fitness.name == "Personal Fitness"
    assert fitness.slug == "Personal-Fitness"
    assert "Choose-a-Foam-Roller" in {
        a.slug for a in wiki.articles_in_category("Personal-Fitness", limit=500)
    }

    letter = wiki.article("Address-a-Letter-to-England")
    assert letter is not None and len(letter.references) >= 3
    czech = wiki.article("Call-the-Czech-Republic-From-the-United-States")
    assert czech is not None
    text = " ".join(
        [czech.intro]
        + [s.headline + " " + s.detail for m in czech.methods for s in m.steps]
        + [q.answer for q in czech.qa]
    )
    assert "011" in text and "420" in text and "nine" in text


def test_lists_featured_and_random(wiki: Corpus) -> None:
    page1 = wiki.articles_in_category("Kitchen-Cleaning", limit=10)
    page2 = wiki.articles_in_category("Kitchen-Cleaning", limit=10, offset=10)
    assert len(page1) == 10 and not {a.slug for a in page1} & {a.slug for a in page2}
    assert [a.views for a in page1] == sorted((a.views for a in page1), reverse=True)
    parent = wiki.count_in_category("Home-and-Garden")
    assert parent == sum(
        wiki.count_in_category(c.slug) for c in wiki.subcategories("Home-and-Garden")
    )
    day = date(2025, 10, 16)
    assert wiki.featured(8, day) == wiki.featured(8, day)
    assert len(wiki.featured(8, day)) == 8
    assert wiki.featured(8, day) != wiki.featured(8, date(2025, 10, 17))
    assert wiki.random_article(random.Random(1)) == wiki.random_article(random.Random(1))
    assert wiki.article("No-Such-Article") is None and wiki.author("Nobody") is None


def test_summaries_name_the_articles_asked_for_in_order(wiki: Corpus) -> None:
    article = next(a for a in map(wiki.article, wiki.slugs()[:50]) if a and len(a.related) > 1)
    asked = [*reversed(article.related), "No-Such-Article"]
    found = wiki.summaries(asked)
    assert [s.slug for s in found] == asked[:-1]  # in the order asked, the missing left out
    for summary in found:
        whole = wiki.article(summary.slug)
        assert whole is not None and (summary.title, summary.author) == (whole.title, whole.author)
    assert wiki.summaries([]) == []
    assert wiki.article(article.slug) == article  # read again: the same article


def test_queries_are_fast(wiki: Corpus) -> None:
    slugs = wiki.slugs()[:200]
    start = time.perf_counter()
    for slug in slugs:
        wiki.article(slug)
    assert (time.perf_counter() - start) / len(slugs) < 0.01
    queries = ["clean a pan", "how to call", "scooter", "email address", "foam roller"] * 20
    start = time.perf_counter()
    for q in queries:
        wiki.search(q)
    assert (time.perf_counter() - start) / len(queries) < 0.01


def test_cache_reuse_and_version_change(
    wiki: Corpus, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    again = Corpus.open(0, cache_dir=wiki.path.parent)
    assert not again.built and again.path == wiki.path and len(again) == len(wiki)
    again.close()
    monkeypatch.setattr(corpus_module, "CORPUS_VERSION", "test-changed")
    changed = Corpus.open(0, cache_dir=wiki.path.parent)
    assert changed.built and changed.path != wiki.path
    changed.close()
    monkeypatch.setenv(corpus_module.CACHE_ENV, str(tmp_path))
    assert cache_path(3).parent == tmp_path
    assert not list(wiki.path.parent.glob("*.tmp"))


def test_the_cache_is_readable_as_any_new_file_is(wiki: Corpus, tmp_path: Path) -> None:
    reference = tmp_path / "plain.txt"
    reference.write_text("made with open()")
    assert wiki.path.stat().st_mode & 0o777 == reference.stat().st_mode & 0o777
