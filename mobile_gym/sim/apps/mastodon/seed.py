"""The server's seeded content: the user ``test``, a few communities' accounts (some named
after the phone's contacts), their posts and hashtags, follows and notifications; the
server's owner, its reports and its space usage."""

from __future__ import annotations

import random
import re
import sqlite3

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.contacts import DATABASE as CONTACTS_DATABASE
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS

ME = 1
"""The id of the logged-in account, ``test``."""
OWNER = "owner"
"""The username of the server's owner, the app's second signed-in account."""
OWNER_ID = 100
"""The owner's account id (past the seeded accounts')."""
MB = 1024 * 1024
REPORT_COMMENTS = (
    "Posting the same link over and over",
    "Rude replies to several people",
    "Looks like a bot account",
    "Misleading claims about a product",
    "Copied my photos without credit",
    "",
)
MINUTE_MS = 60_000
HASHTAG = re.compile(r"#(\w+)")

PERSONAS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (
        "kitty",
        "Kitty Paws",
        "Cat person. Three cats, zero regrets.",
        (
            "Mochi found the one sunbeam in the flat again #cats",
            "New scratching post arrived; the box is more popular #cats #caturday",
            "Does anyone else's cat yell at 5 am for no reason? #cats",
            "Adopted a senior cat today. Say hi to Pepper! #adoptdontshop",
        ),
    ),
    (
        "dogdays",
        "Dog Days",
        "Walks, treats and muddy paws.",
        (
            "Beach day with the pack, sand everywhere #dogs",
            "Training tip: short sessions, lots of praise #dogs #training",
            "Rainy walk, happy dog, soaked human #dogs",
        ),
    ),
    (
        "gourmet",
        "Gourmet Guide",
        "Cooking at home, eating out, writing it all down.",
        (
            "Slow-roasted tomatoes with garlic and thyme: the taste of late summer #food",
            "Tried the new ramen place downtown, the broth is worth the queue #food #ramen",
            "Sunday baking: rye sourdough, third attempt, finally an open crumb #baking",
        ),
    ),
    (
        "openCompany",
        "Open Company",
        "We build open-source tools for small teams.",
        (
            "Version 2.4 is out with offline sync and a darker dark mode #opensource",
            "We are hiring a backend developer, remote friendly #jobs #opensource",
        ),
    ),
    (
        "wanderlust",
        "Wander Lust",
        "Slow travel, trains over planes.",
        (
            "Night train to Vienna booked, ten hours of reading ahead #travel",
            "Best view of the trip so far: fog lifting over the lake #travel #photography",
        ),
    ),
    (
        "bookworm",
        "Book Worm",
        "Reading one book a week, reviewing most of them.",
        (
            "Finished a 600-page novel in a weekend, no regrets #books",
            "Library haul: two mysteries and a cookbook #books #reading",
        ),
    ),
    (
        "technews",
        "Tech News Daily",
        "Headlines from the tech world, twice a day.",
        (
            "A new phone chip promises twice the battery life #tech",
            "Open standards for messaging gain ground in Europe #tech #news",
        ),
    ),
)
CONTACT_POSTS = (
    "Coffee first, then the to-do list",
    "Finally fixed the squeaky door, feeling unstoppable",
    "Anyone up for a board game night this Friday?",
    "Morning run done before the rain #running",
    "Planted tomatoes and basil on the balcony #gardening",
    "Watched the sunset from the hill, highly recommend #photography",
)
MY_POSTS = (
    "Hello Mastodon! Setting up my account today",
    "Trying out the local timeline, lots of friendly people here",
    "Weekend plan: long walk, good book, no screens #weekend",
)
FOLLOWED_TAGS = ("photography",)


def _contacts(ctx: AppContext) -> list[tuple[str, str]]:
    """The phone's contacts (first, last), oldest first; empty without the Contacts app."""
    if CONTACTS not in ctx.phone.apps:
        return []
    try:
        rows = ctx.phone.storage.database(CONTACTS, CONTACTS_DATABASE).execute(
            "SELECT first_name, last_name FROM contacts ORDER BY id"
        )
        return [(row[0], row[1]) for row in rows]
    except sqlite3.OperationalError:
        return []


def seed_server(ctx: AppContext, rng: random.Random) -> None:
    """Fill the server: ``test`` (id 1) and the accounts, ~30 posts over the last weeks,
    follows, a followed hashtag, a favourite and a bookmark, notifications; then the
    owner, reports and space usage."""
    db = ctx.db()
    now = ctx.phone.boot_ms  # the boot's time, whenever the content is made
    accounts: list[tuple[str, str, str, tuple[str, ...]]] = [
        ("test", "Test User", "Just here to read and share.", MY_POSTS),
        *PERSONAS,
    ]
    known = _contacts(ctx)
    people = rng.sample(known, min(4, len(known)))
    for first, last in people:
        username = re.sub(r"\W", "", f"{first}_{last}".lower())
        posts = tuple(rng.sample(CONTACT_POSTS, 2))
        accounts.append((username, f"{first} {last}".strip(), "Hi, it's me!", posts))
    statuses: list[tuple[int, str, int]] = []
    account_rows = []
    for account_id, (username, name, note, posts) in enumerate(accounts, start=1):
        created = now - rng.randint(60, 400) * 1440 * MINUTE_MS
        account_rows.append((account_id, username, name, note, created))
        statuses += [(account_id, text, 0) for text in posts]
    db.executemany(
        "INSERT INTO accounts(id, username, display_name, note, created_at) VALUES (?, ?, ?, ?, ?)",
        account_rows,
    )
    db.execute("INSERT INTO users(id, account_id) VALUES (1, ?)", (ME,))
    rng.shuffle(statuses)
    # oldest first, a few hours to a day apart, the newest a few hours ago
    when = now - len(statuses) * 8 * 60 * MINUTE_MS
    tags: set[str] = set()
    status_rows = []
    for status_id, (account_id, text, _) in enumerate(statuses, start=1):
        when += rng.randint(4, 12) * 60 * MINUTE_MS
        status_rows.append((status_id, account_id, text, min(when, now - 30 * MINUTE_MS)))
        tags.update(tag.lower() for tag in HASHTAG.findall(text))
    db.executemany(
        "INSERT INTO statuses(id, account_id, text, created_at) VALUES (?, ?, ?, ?)", status_rows
    )
    db.executemany("INSERT INTO tags(name) VALUES (?)", [(t,) for t in sorted(tags)])
    followed = rng.sample(range(2, len(accounts) + 1), 5)
    db.executemany(
        "INSERT INTO follows(account_id, target_account_id, created_at) VALUES (?, ?, ?)",
        [(ME, target, now - (10 - i) * 1440 * MINUTE_MS) for i, target in enumerate(followed)],
    )
    followers = rng.sample(range(2, len(accounts) + 1), 4)
    db.executemany(
        "INSERT INTO follows(account_id, target_account_id, created_at) VALUES (?, ?, ?)",
        [(source, ME, now - 3 * 1440 * MINUTE_MS) for source in followers],
    )
    for tag in FOLLOWED_TAGS:
        db.execute(
            "INSERT INTO tag_follows(account_id, tag_id) SELECT ?, id FROM tags WHERE name = ?",
            (ME, tag),
        )
    others = [i for i, (account_id, _, _) in enumerate(statuses, start=1) if account_id != ME]
    favourite, bookmark = rng.sample(others, 2)
    db.execute("INSERT INTO favourites(account_id, status_id) VALUES (?, ?)", (ME, favourite))
    db.execute("INSERT INTO bookmarks(account_id, status_id) VALUES (?, ?)", (ME, bookmark))
    mine = [i for i, (account_id, _, _) in enumerate(statuses, start=1) if account_id == ME]
    notes = [(source, "follow", None) for source in followers[:2]]
    notes += [(rng.choice(followers), "favourite", status_id) for status_id in mine[:2]]
    db.executemany(
        "INSERT INTO notifications(account_id, from_account_id, type, status_id, created_at) "
        "VALUES (?, ?, ?, ?, ?)",
        [
            (ME, src, kind, sid, now - (i + 1) * 90 * MINUTE_MS)
            for i, (src, kind, sid) in enumerate(notes)
        ],
    )
    _seed_staff(db, rng, now, len(accounts))


def _seed_staff(db: sqlite3.Connection, rng: random.Random, now: int, people: int) -> None:
    """The owner's account (signed in beside ``test``), the reports moderators see (some
    resolved by the owner) and the space the server uses."""
    owner = OWNER_ID
    db.execute(
        "INSERT INTO accounts(id, username, display_name, note, created_at) VALUES (?, ?, ?, ?, ?)",
        (owner, OWNER, "Server Owner", "Runs this server.", now - 500 * 1440 * MINUTE_MS),
    )
    db.execute("INSERT INTO users(account_id, role) VALUES (?, 'Owner')", (owner,))
    db.executemany(
        "INSERT INTO app_sessions(account_id, active) VALUES (?, ?)", [(ME, 1), (owner, 0)]
    )
    reports = []
    for i in range(rng.randint(3, 6)):
        reporter, target = rng.sample(range(2, people + 1), 2)
        reports.append(
            (
                reporter,
                target,
                rng.choice(("spam", "violation", "other")),
                rng.choice(REPORT_COMMENTS),
                now - (i + 1) * rng.randint(5, 30) * 60 * MINUTE_MS,
                owner if rng.random() < 0.4 else None,
            )
        )
    db.executemany(
        "INSERT INTO reports(account_id, target_account_id, category, comment, created_at, "
        "action_taken_by_account_id) VALUES (?, ?, ?, ?, ?, ?)",
        reports,
    )
    db.executemany(
        "INSERT INTO space_usage(name, bytes) VALUES (?, ?)",
        [
            ("PostgreSQL", rng.randint(12, 60) * MB + rng.randint(0, MB - 1)),
            ("Redis", rng.randint(1, 4) * MB + rng.randint(0, MB - 1)),
            ("Media", rng.randint(80, 600) * MB + rng.randint(0, MB - 1)),
        ],
    )
