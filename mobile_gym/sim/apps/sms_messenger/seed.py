"""The conversations a fresh phone has: chats with some of its contacts and a few messages
from numbers not in Contacts (delivery services, banks, an unknown caller)."""

from __future__ import annotations

import random

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.contacts.data import phone_book
from mobile_gym.sim.apps.sms_messenger.data import RECEIVED, SENT

IN, OUT = RECEIVED, SENT
# fmt: off
CHATS: tuple[tuple[tuple[int, str], ...], ...] = (
    ((IN, "Are we still on for lunch tomorrow?"), (OUT, "Yes! 12:30 at the usual place?"),
     (IN, "Perfect, see you there")),
    ((OUT, "Running 10 minutes late, sorry"), (IN, "No worries, I'll grab us a table")),
    ((IN, "Did you see the match last night?"), (OUT, "Only the second half. What a finish!"),
     (IN, "Unreal. Rematch is on Saturday"), (OUT, "I'm in")),
    ((IN, "Can you send me the photos from the trip?"), (OUT, "Sure, uploading them tonight")),
    ((IN, "Happy birthday!! Hope you have a great day"), (OUT, "Thank you so much!")),
    ((OUT, "Do you still have my charger?"), (IN, "Yes, it's in my bag. I'll bring it Monday")),
    ((IN, "The plumber is coming at 4, can you be home?"), (OUT, "I can be there by 4:15"),
     (IN, "Good enough, thanks")),
    ((IN, "Meeting moved to room 3B"), (OUT, "Thanks for the heads-up")),
    ((OUT, "What was the name of that book you recommended?"), (IN, "Piranesi! You'll love it")),
    ((IN, "Dinner at ours on Friday? 7pm"), (OUT, "Sounds lovely, what should I bring?"),
     (IN, "Just dessert")),
    ((IN, "Landed safely"), (OUT, "Great, have a good trip!")),
    ((OUT, "Can I borrow your ladder this weekend?"), (IN, "Of course, come by anytime")),
    ((IN, "Don't forget mum's gift"), (OUT, "Already wrapped it"), (IN, "You're the best")),
    ((IN, "Are you coming to the gym later?"), (OUT, "Not today, maybe tomorrow morning")),
)
SERVICES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("72633", ("Your parcel will be delivered today between 10:00 and 14:00.",)),
    ("32665", ("Your verification code is 482913. Do not share it with anyone.",)),
    ("24273", ("Payment of $42.90 at Green Grocer approved.",
               "Your statement for May is ready to view.")),
    ("86753", ("Reminder: dentist appointment on Friday at 09:15. Reply C to confirm.",)),
    ("55012", ("Your table for 2 at Luna is booked for Saturday 19:30.",)),
    ("90210", ("Your prescription is ready for pickup at Main Street Pharmacy.",)),
)
STRANGERS: tuple[str, ...] = (
    "Hi, is the bike from your ad still available?",
    "Hello, this is Sam from the garage. Your car is ready.",
    "Wrong number? Looking for Alex",
)
# fmt: on
MINUTE, DAY = 60_000, 86_400_000


def seed_messages(ctx: AppContext, rng: random.Random) -> None:
    """Insert 8 to 11 conversations ending in the last three weeks; some end unread."""
    people = [number for _, number in phone_book(ctx.phone) if number]
    threads: list[tuple[str, tuple[tuple[int, str], ...]]] = []
    chats = rng.sample(CHATS, min(len(people), rng.randint(5, 7)))
    for number, chat in zip(rng.sample(people, len(chats)), chats, strict=True):
        threads.append((number, chat))
    for code, texts in rng.sample(SERVICES, rng.randint(2, 3)):
        threads.append((code, tuple((IN, text) for text in texts)))
    for text in rng.sample(STRANGERS, rng.randint(1, 2)):
        number = f"+1 555-{rng.randint(100, 999)}-{rng.randint(0, 9999):04d}"
        threads.append((number, ((IN, text),)))
    now = ctx.phone.boot_ms
    rows = []
    for address, chat in threads:
        date = now - rng.randint(5 * MINUTE, 21 * DAY)
        unread = chat[-1][0] == IN and rng.random() < 0.35
        for i in range(len(chat) - 1, -1, -1):
            kind, body = chat[i]
            read = not (unread and i == len(chat) - 1)
            rows.append((address, body, date, kind, int(read)))
            date -= rng.randint(1, 90) * MINUTE
    ctx.db().executemany(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, ?, ?, ?, ?)", rows
    )
