"""The mailbox a fresh phone has: mails from some of its contacts and from services, a few
sent ones, labels; and an inbox pushed as MobileWorld's ``state.json``, read when the app
finds one it has not read yet."""

from __future__ import annotations

import datetime as dt
import json
import random
import re

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.contacts import data as contacts_data
from mobile_gym.sim.apps.mail.data import ACCOUNT, ACCOUNT_NAME, STATE_JSON

LABELS = ("Family", "Receipts", "Travel", "Work")
# fmt: off
PERSONAL: tuple[tuple[str, str, str], ...] = (
    ("Lunch on Friday?", "Hi!\n\nAre you free for lunch on Friday? There's a new ramen place "
     "near the station I'd like to try.\n\nCheers", "Family"),
    ("Photos from the weekend", "Here are the photos from Saturday's hike. The one at the "
     "lake came out really well!", ""),
    ("Book club: next title", "For next month we picked 'Piranesi'. We meet at my place on "
     "the 14th at 7 pm.", ""),
    ("Project update", "Quick update: the draft report is in the shared folder. Could you "
     "review section 3 by Wednesday?\n\nThanks", "Work"),
    ("Meeting notes", "Attached are the notes from this morning's meeting. Action items are "
     "at the bottom.", "Work"),
    ("Birthday party plans", "We're planning a surprise party for Mum on the 22nd. Can you "
     "bring dessert?", "Family"),
    ("Flat viewing", "The landlord confirmed the viewing for Thursday at 6 pm. Want to come "
     "along?", ""),
    ("Trip itinerary", "I put together the itinerary for our trip: we leave on the 3rd and "
     "come back on the 9th. Let me know what you think.", "Travel"),
    ("Recipe you asked for", "Here's the lemon cake recipe: 200 g flour, 200 g sugar, 4 eggs, "
     "2 lemons. Bake 40 minutes at 180 C.", ""),
    ("Running group", "We're starting a Sunday running group, 8 am at the park gate. Join "
     "us?", ""),
)
SERVICES: tuple[tuple[str, str, str, str, str], ...] = (
    ("Northwind Bank", "alerts@northwindbank.com", "Your monthly statement is ready",
     "Your statement for last month is now available in online banking.", "Receipts"),
    ("ShopNow", "orders@shopnow.com", "Your order has shipped",
     "Good news! Your order #48213 has shipped and should arrive in 2-3 days.", "Receipts"),
    ("SkyJet Airlines", "booking@skyjet.com", "Booking confirmation ABX42Q",
     "Thank you for booking with SkyJet. Your flight departs at 08:40 from Terminal 2.",
     "Travel"),
    ("City Library", "noreply@citylibrary.org", "Books due soon",
     "Two of your books are due in three days. Renew them online to avoid fees.", ""),
    ("StreamBox", "hello@streambox.tv", "New this week on StreamBox",
     "Five new series arrive this week. Start watching now.", ""),
    ("FitTrack", "team@fittrack.app", "Your weekly activity summary",
     "You walked 42,318 steps this week, 8% more than last week. Keep it up!", ""),
    ("Green Grocer", "receipts@greengrocer.com", "Your receipt from Green Grocer",
     "Thanks for shopping with us. Total paid: $42.90.", "Receipts"),
    ("Harbor Energy", "billing@harborenergy.com", "Your electricity bill",
     "Your bill of $87.15 is due on the 28th.", "Receipts"),
)
SENT: tuple[tuple[str, str], ...] = (
    ("Re: Lunch on Friday?", "Sounds great, see you at noon!"),
    ("Documents", "Hi, here are the documents you asked for."),
    ("Thanks!", "Thanks again for your help yesterday."),
)
# fmt: on
MINUTE, DAY = 60_000, 86_400_000
INSERT = (
    "INSERT INTO mails(folder, sender_name, sender_address, to_address, subject, body, date, "
    "read, starred, labels, attachments) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _friends(ctx: AppContext) -> list[tuple[str, str]]:
    rows = (
        ctx.phone.storage.database(contacts_data.PACKAGE, contacts_data.DATABASE)
        .execute("SELECT * FROM contacts WHERE email != '' ORDER BY id")
        .fetchall()
        if contacts_data.PACKAGE in ctx.phone.apps
        else []
    )
    return [(contacts_data.full_name(row), row["email"]) for row in rows]


def seed_mails(ctx: AppContext, rng: random.Random) -> None:
    """10 to 16 received mails over the last weeks (5 to 8 from contacts with emails, as
    many as there are, and 5 to 8 from services), most of the newest three unread, some
    starred or labelled, two archived; three sent ones; the labels."""
    friends = _friends(ctx)
    now = ctx.phone.boot_ms
    rows: list[tuple[object, ...]] = []
    count = min(len(friends), rng.randint(5, 8), len(PERSONAL))
    for (name, address), (subject, body, label) in zip(
        rng.sample(friends, count), rng.sample(PERSONAL, count), strict=True
    ):
        attachments = "notes.pdf" if subject == "Meeting notes" else ""
        rows.append(("inbox", name, address, ACCOUNT, subject, body, 0, 0, 0, label, attachments))
    for name, address, subject, body, label in rng.sample(SERVICES, rng.randint(5, 8)):
        rows.append(("inbox", name, address, ACCOUNT, subject, body, 0, 0, 0, label, ""))
    rng.shuffle(rows)
    date = now - rng.randint(20, 300) * MINUTE
    dated = []
    for i, row in enumerate(rows):
        read = int(i >= 3 or rng.random() < 0.3)
        starred = int(rng.random() < 0.15)
        dated.append((*row[:6], date, read, starred, *row[9:]))
        date -= rng.randint(60, 2 * 24 * 60) * MINUTE
    archived = rng.sample(range(len(dated)), 2)
    for i in archived:
        dated[i] = ("archive", *dated[i][1:])
    for subject, body in SENT:
        to = rng.choice(friends)[1] if friends else "friend@example.com"
        sent_at = now - rng.randint(1, 25) * DAY
        dated.append(("sent", ACCOUNT_NAME, ACCOUNT, to, subject, body, sent_at, 1, 0, "", ""))
    db = ctx.db()
    db.executemany(INSERT, dated)
    db.executemany("INSERT INTO labels(name) VALUES (?)", [(label,) for label in LABELS])


# MobileWorld's inbox file ------------------------------------------------------------------
def _date(text: str, now: dt.datetime) -> int:
    """Epoch ms of a date as the inbox file writes it (``Sep 5``, ``2025-10-03``, ISO, or
    ms since 1970); the current time when it cannot be read."""
    text = str(text).strip()
    if re.fullmatch(r"\d{12,13}", text):
        return int(text)
    for fmt in ("%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d", "%b %d, %Y", "%B %d, %Y"):
        try:
            return _ms(dt.datetime.strptime(text, fmt))
        except ValueError:
            pass
    for fmt in ("%b %d", "%B %d"):
        try:
            return _ms(dt.datetime.strptime(f"{text} {now.year}", f"{fmt} %Y"))
        except ValueError:
            pass
    return _ms(now)


def _ms(at: dt.datetime) -> int:
    return int((at - dt.datetime(1970, 1, 1)).total_seconds() * 1000)


def _sender(text: str) -> tuple[str, str]:
    """(name, address) of ``Name <address>`` (the name may be quoted), ``address`` or a bare
    name."""
    text = text.strip()
    name, bracket, rest = text.partition("<")
    name = name.strip()
    name = name.removeprefix('"').removesuffix('"')  # (one quote each side, either optional)
    address = rest.removesuffix(">")
    if bracket and address and len(address) < len(rest) and ">" not in address and '"' not in name:
        return name.strip(), address.strip()
    return ("", text) if "@" in text else (text, "")


def import_state(ctx: AppContext) -> None:
    """Replace the inbox with the mails of a ``state.json`` pushed to the app's files folder
    (MobileWorld's format: ``{"mails": [{"headers": {"from", "subject", "date", "to"},
    "body", "status", "attachments": [{"name"}]}]}``), once for each content pushed."""
    storage = ctx.phone.storage
    if not storage.exists(STATE_JSON):
        return
    raw = storage.read(STATE_JSON).decode("utf-8", "replace")
    db = ctx.db()
    seen = db.execute("SELECT data FROM imports WHERE path = ?", (STATE_JSON,)).fetchone()
    if seen is not None and seen[0] == raw:
        return
    db.execute("INSERT OR REPLACE INTO imports(path, data) VALUES (?, ?)", (STATE_JSON, raw))
    try:
        mails = json.loads(raw).get("mails", [])
    except (ValueError, AttributeError):
        ctx.log("Inbox file unreadable: " + STATE_JSON, "W")
        return
    rows = []
    for item in mails if isinstance(mails, list) else []:
        if not isinstance(item, dict):
            continue
        headers = item.get("headers") if isinstance(item.get("headers"), dict) else {}
        name, address = _sender(str(headers.get("from") or headers.get("sender") or ""))
        names = [
            str(a.get("name", "")) if isinstance(a, dict) else str(a).rsplit("/", 1)[-1]
            for a in item.get("attachments", []) or []
        ]
        rows.append(
            (
                "inbox",
                name,
                address,
                str(headers.get("to") or ACCOUNT),
                str(headers.get("subject", "")),
                str(item.get("body", "")),
                _date(headers.get("date", ""), ctx.now),
                int(item.get("status") == "read"),
                0,
                "",
                ",".join(n for n in names if n),
            )
        )
    db.execute("DELETE FROM mails WHERE folder = 'inbox'")
    db.executemany(INSERT, rows)
    ctx.log(f"Inbox loaded: path={STATE_JSON} count={len(rows)}")
