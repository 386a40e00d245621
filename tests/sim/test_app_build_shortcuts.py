"""The shortcuts app screens take to build faster give what the longer way gave: Maps
resolving a name without ranking every place, fitting a route in one projection, Gmail's
attach dialog finding a file's folder by key, wikiHow's featured articles kept per day,
dates written from the month and weekday names rather than through ``strftime``."""

from __future__ import annotations

import datetime as dt
import itertools
import random

from mobile_gym.sim.apps.calendar import events
from mobile_gym.sim.apps.mail import data as mail_data
from mobile_gym.sim.apps.mail.compose import PICKABLE, _pickable_folder
from mobile_gym.sim.apps.maps import directions, world
from mobile_gym.sim.apps.maps.mapview import MAX_ZOOM, MIN_ZOOM, project
from mobile_gym.sim.apps.mattermost import posts
from mobile_gym.sim.apps.wikihow import data as wikihow
from mobile_gym.sim.ui.dates import EPOCH


def test_resolve_is_the_first_search_result() -> None:
    places = list(world.places().values())
    rng = random.Random(0)
    words = [w for p in places for w in p.name.split()]
    queries = ["", "  ", "cafe", "restaurants", "nowhere at all", "bus near nowhere"]
    for p in places:
        queries += [p.name, f" {p.name.upper()} ", *p.aliases, p.category, p.address]
    queries += [" ".join(rng.sample(words, 2)) for _ in range(50)]
    queries += [f"{rng.choice(words)} near {rng.choice(places).name}" for _ in range(50)]
    for query, near in itertools.product(queries, [places[0].point, (0.0, 0.0)]):
        found = world.search(query, near)
        assert world.resolve(query, near) == (found[0] if found else None), query


def _fit_level_by_level(points: list[world.Point]) -> int:
    """The closest zoom showing every point, each level projected on its own."""
    for level in range(MAX_ZOOM, MIN_ZOOM - 1, -1):
        xs, ys = zip(*(project(p, level) for p in points), strict=True)
        if max(xs) - min(xs) <= directions.FIT_DP[0] and max(ys) - min(ys) <= directions.FIT_DP[1]:
            return level
    return MIN_ZOOM


def test_route_fit_matches_projecting_every_level() -> None:
    rng = random.Random(1)
    for _ in range(5000):
        lng, lat, spread = rng.uniform(-180, 180), rng.uniform(-80, 80), 10 ** rng.uniform(-5, 1)
        points = [
            (lng + rng.uniform(-spread, spread), lat + rng.uniform(-spread, spread))
            for _ in range(rng.randint(1, 6))
        ]
        assert directions._fit(points)[1] == _fit_level_by_level(points)


def test_attach_folder_is_the_pickable_folder_the_path_starts_with() -> None:
    parts = ["", "sdcard", "Download", "Documents", "Pictures", "DCIM", "Downloads", "a.txt"]
    for count in range(1, 5):
        for combo in itertools.product(parts, repeat=count):
            for path in ("/".join(combo), "/" + "/".join(combo)):
                starts = [i for i, p in enumerate(PICKABLE) if path.startswith(p + "/")]
                assert _pickable_folder(path) == (starts[0] if starts else None), path


def test_featured_articles_kept_per_day_are_the_day_s_own() -> None:
    wiki = wikihow.corpus()
    day, other = dt.date(2025, 10, 16), dt.date(2025, 10, 17)
    first = wiki.featured(8, day)
    first.clear()  # a caller's list is its own: the kept articles stay
    assert wiki.featured(8, day) == wiki.featured(8, day.toordinal())
    assert len(wiki.featured(8, day)) == 8
    assert wiki.featured(8, other) != wiki.featured(8, day)
    assert wiki.featured(3, day) != wiki.featured(8, day)


def test_dates_read_as_strftime_writes_them() -> None:
    start = dt.datetime(2023, 12, 25, 0, 0)
    for step in range(0, 400 * 24, 7):
        when = start + dt.timedelta(hours=step, minutes=step % 60)
        day = when.date()
        ms = int((when - EPOCH).total_seconds() * 1000)
        assert events.clock(when) == f"{when:%H:%M}"
        assert events.long_day(day) == f"{day:%A}, {day:%B} {day.day}, {day.year}"
        assert events.short_day(day) == f"{day:%a}, {day:%b} {day.day}, {day.year}"
        assert mail_data.when(ms) == f"{when:%b} {when.day}, {when.year}, {when:%H:%M}"
        assert posts.post_time(ms).split(":")[1][:2] == f"{when:%M}"
        assert posts.day_label(day, day + dt.timedelta(days=2)) == (
            f"{day:%a}, {day:%b} {day.day}, {day.year}"
        )
    today = dt.date(2025, 10, 16)
    assert posts.day_label(today, today) == "Today"
    assert posts.day_label(today - dt.timedelta(days=1), today) == "Yesterday"
