"""The server a fresh phone's Mattermost talks to: team NeuralForge (an AI lab) and a small
open-source team, their channels, direct and group messages and a few days of work chatter.

The core members (``harry``, the logged-in user, ``sam.oneill``, ``alex.rivera``,
``mike.santos``, ``sofia.garcia``) are always there; the six others of NeuralForge are
people from the phone's Contacts (``first.last``). Which posts each channel gets, who wrote them,
their reactions and which channels end unread come from the seed.
"""

from __future__ import annotations

import random

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.contacts.data import phone_book
from mobile_gym.sim.apps.mattermost.data import ME, PRIVATE, PUBLIC

DOMAIN = "neuralforge.ai"
CORE: tuple[tuple[str, str, str, str], ...] = (
    ("harry", "Harry", "Kong", "Research engineer"),
    ("sam.oneill", "Sam", "O'Neill", "Team lead"),
    ("alex.rivera", "Alex", "Rivera", "ML engineer"),
    ("mike.santos", "Mike", "Santos", "Infrastructure engineer"),
    ("sofia.garcia", "Sofia", "Garcia", "Product manager"),
)
"""(username, first name, last name, position) of the members every seed has; ids 1-5."""
EXTRA_MEMBERS = 6
FALLBACK = (
    ("Nora", "Okafor"),
    ("Lucas", "Chen"),
    ("Priya", "Patel"),
    ("Daniel", "Kim"),
    ("Elena", "Rossi"),
    ("Isaac", "Bauer"),
)
POSITIONS = (
    "Data scientist",
    "Research scientist",
    "Designer",
    "QA engineer",
    "Backend engineer",
    "Technical writer",
)
# fmt: off
CHANNELS: tuple[tuple[str, str, str, str, str], ...] = (
    # (team, type, name, display name, purpose)
    ("neuralforge", PUBLIC, "town-square", "Town Square", "Announcements for the whole team"),
    ("neuralforge", PUBLIC, "off-topic", "Off-Topic", "Anything that is not work"),
    ("neuralforge", PUBLIC, "ai-research", "AI-Research", "Papers, experiments and evals"),
    ("neuralforge", PUBLIC, "infra", "Infra", "Clusters, CI and on-call"),
    ("neuralforge", PRIVATE, "phoenix", "Phoenix", "Project Phoenix: the agent platform"),
    ("neuralforge", PUBLIC, "design-review", "Design Review", "UI and UX critiques"),
    ("opensource", PUBLIC, "town-square", "Town Square", "Announcements"),
    ("opensource", PUBLIC, "releases", "Releases", "Release planning"),
)
CHATTER: dict[str, tuple[str, ...]] = {
    "town-square": (
        "Reminder: all-hands is moved to Thursday 15:00.",
        "Welcome to the team, everyone say hi to our new interns!",
        "The office will be closed on Friday for maintenance.",
        "Lunch & learn next week: retrieval-augmented generation in practice.",
        "Please fill in the quarterly planning survey by Wednesday.",
    ),
    "off-topic": (
        "Anyone up for board games after work?",
        "The new coffee machine is finally working.",
        "Who left the umbrella in meeting room 2?",
        "Pizza is in the kitchen, help yourselves.",
        "Hiking trip photos are in the shared drive.",
    ),
    "ai-research": (
        "New checkpoint finished training, evals running overnight.",
        "Interesting paper on long-context retrieval, worth a read.",
        "The ablation without the vision encoder drops 4 points.",
        "Can someone review my eval harness PR?",
        "We should rerun the baseline with the fixed tokenizer.",
        "GPU quota for next month is approved.",
    ),
    "infra": (
        "Cluster maintenance tonight from 22:00 to 23:00.",
        "CI is green again after the cache fix.",
        "Disk usage on the shared storage is at 85%.",
        "I rotated the API keys, update your local configs.",
    ),
    "phoenix": (
        "Phoenix milestone 2 demo went well.",
        "The planner service is now deployed to staging.",
        "We need to decide on the memory backend this week.",
        "Updated the Phoenix roadmap doc with Q4 items.",
    ),
    "design-review": (
        "New onboarding mockups are up for feedback.",
        "Dark mode contrast issues are fixed in the latest build.",
    ),
    "releases": (
        "Release 2.3 is tagged, changelog is in the repo.",
        "Let's freeze features for 2.4 next Monday.",
    ),
}
DIRECT: tuple[tuple[int, ...], ...] = ((2,), (3,), (4,), (5, 4))
"""Direct (one other member) and group messages of the logged-in user, by user id."""
DIRECT_CHATTER = (
    "Do you have a minute to sync later today?",
    "Thanks for the review!",
    "Can you send me the slides from yesterday?",
    "Sure, I'll take a look after lunch.",
    "Sounds good to me.",
    "I pushed the fix, let me know if it works for you.",
)
# fmt: on
MINUTE, HOUR, DAY = 60_000, 3_600_000, 86_400_000
EMOJI_NAMES = ("+1", "heart", "smile", "tada", "eyes", "white_check_mark", "rocket")


def _members(ctx: AppContext, rng: random.Random) -> list[tuple[str, str, str, str]]:
    """Everyone on the server, always eleven: the core members, then six people from the
    phone's Contacts (names of ``FALLBACK`` where Contacts has too few)."""
    people: list[tuple[str, str]] = []
    for name, _number in phone_book(ctx.phone):
        parts = name.split()
        if len(parts) == 2 and parts[0] not in {c[1] for c in CORE}:
            people.append((parts[0], parts[1]))
    candidates = rng.sample(people, len(people)) + list(FALLBACK)
    found = list(CORE)
    taken = {c[0] for c in CORE}
    for first, last in candidates:
        username = f"{first}.{last}".lower().replace("'", "")
        if username not in taken and len(found) < len(CORE) + EXTRA_MEMBERS:
            taken.add(username)
            found.append((username, first, last, rng.choice(POSITIONS)))
    return found


def seed_server(ctx: AppContext, rng: random.Random) -> None:
    """Fill the server: users, two teams, their channels, members, posts and reactions."""
    db = ctx.db()
    members = _members(ctx, rng)
    db.executemany(
        "INSERT INTO users(id, username, first_name, last_name, email, position) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [
            (
                i,
                username,
                first,
                last,
                f"{first}.{last}@{DOMAIN}".lower().replace("'", ""),
                position,
            )
            for i, (username, first, last, position) in enumerate(members, start=1)
        ],
    )
    ids = list(range(1, len(members) + 1))
    db.executemany(
        "INSERT INTO teams(id, name, display_name) VALUES (?, ?, ?)",
        [(1, "neuralforge", "NeuralForge"), (2, "opensource", "Open Source Guild")],
    )
    guild = [ME, 3, *rng.sample(ids[5:] or [4], min(2, len(ids[5:]) or 1))]
    db.executemany(
        "INSERT INTO team_members(team_id, user_id) VALUES (?, ?)",
        [(1, u) for u in ids] + [(2, u) for u in sorted(set(guild))],
    )
    now = ctx.phone.boot_ms
    start = now - 4 * DAY
    team_ids = {"neuralforge": 1, "opensource": 2}
    channel_rows = []
    member_rows = []
    channel_members: dict[int, list[int]] = {}
    for channel_id, (team, kind, name, display, purpose) in enumerate(CHANNELS, start=1):
        channel_rows.append((channel_id, team_ids[team], kind, name, display, purpose, 2, start))
        pool = ids if team == "neuralforge" else sorted(set(guild))
        if name == "phoenix":
            chosen = [ME, 2, 4, 5]
        elif name == "design-review":
            chosen = [u for u in pool if u != ME][: max(3, len(pool) // 2)]
        elif name in ("ai-research", "infra"):
            chosen = sorted({ME, 2, 3, 4, 5, *rng.sample(pool[5:], min(2, len(pool[5:])))})
        else:
            chosen = list(pool)
        channel_members[channel_id] = chosen
    next_id = len(CHANNELS) + 1
    for people in DIRECT:
        everyone = sorted({ME, *people})
        kind = "D" if len(everyone) == 2 else "G"
        channel_rows.append(
            (next_id, 0, kind, "__".join(str(p) for p in everyone), "", "", ME, start)
        )
        channel_members[next_id] = everyone
        next_id += 1
    db.executemany(
        "INSERT INTO channels(id, team_id, type, name, display_name, purpose, creator_id, "
        "create_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        channel_rows,
    )
    posts = []
    reactions = []
    last_post: dict[int, int] = {}
    post_id = 1
    for channel_id, (_team, _kind, name, _display, _purpose) in enumerate(CHANNELS, start=1):
        lines = list(CHATTER[name])
        rng.shuffle(lines)
        when = start + rng.randint(1, 12) * HOUR
        for text in lines[: rng.randint(max(2, len(lines) - 2), len(lines))]:
            author = rng.choice(channel_members[channel_id])
            posts.append((post_id, when, author, channel_id, 0, text))
            if rng.random() < 0.3:
                fan = rng.choice([u for u in channel_members[channel_id] if u != author])
                reactions.append((fan, post_id, rng.choice(EMOJI_NAMES), when + 5 * MINUTE))
            last_post[channel_id] = when
            post_id += 1
            when += rng.randint(20, 600) * MINUTE
    for channel_id in range(len(CHANNELS) + 1, next_id):
        when = start + rng.randint(1, 40) * HOUR
        for text in rng.sample(DIRECT_CHATTER, 3):
            author = rng.choice(channel_members[channel_id])
            posts.append((post_id, when, author, channel_id, 0, text))
            last_post[channel_id] = when
            post_id += 1
            when += rng.randint(5, 300) * MINUTE
    db.executemany(
        "INSERT INTO posts(id, create_at, user_id, channel_id, root_id, message) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        posts,
    )
    db.executemany(
        "INSERT INTO reactions(user_id, post_id, emoji_name, create_at) VALUES (?, ?, ?, ?)",
        reactions,
    )
    behind = set(rng.sample(sorted(channel_members), 3))
    """The channels the user has not read to the end (unread when others posted since)."""
    for channel_id, people in channel_members.items():
        latest = last_post.get(channel_id, start)
        for person in people:
            seen = latest - 6 * HOUR if person == ME and channel_id in behind else latest
            member_rows.append((channel_id, person, seen))
    db.executemany(
        "INSERT INTO channel_members(channel_id, user_id, last_viewed_at) VALUES (?, ?, ?)",
        member_rows,
    )
