"""The notes a fresh phone has: a handful of everyday text notes from the last month."""

from __future__ import annotations

import random

from mobile_gym.sim.apps.base import AppContext

_SEED_NOTES: tuple[tuple[str, tuple[str, ...], int], ...] = (
    # (title, lines, fewest lines to draw; 0 keeps every line in order)
    (
        "Shopping list",
        (
            "Milk",
            "Eggs",
            "Sourdough bread",
            "Bananas",
            "Coffee beans",
            "Cherry tomatoes",
            "Greek yogurt",
            "Baby spinach",
            "Chicken thighs",
            "Basmati rice",
            "Olive oil",
            "Cheddar",
            "Dish soap",
        ),
        4,
    ),
    (
        "Team meeting",
        (
            "Weekly sync, Monday 10:00",
            "- Release 2.3 moved to Thursday",
            "- Ana reviews the onboarding flow",
            "- Ask IT about VPN certificates",
            "Next: budget review on Friday",
        ),
        0,
    ),
    (
        "App ideas",
        (
            "Habit tracker that only asks one question a day",
            "Plant watering reminders based on the weather",
            "Shared grocery list that sorts by supermarket aisle",
            "Recipe scaler for metric and imperial units",
            "Offline trail maps with elevation profiles",
        ),
        2,
    ),
    (
        "Books to read",
        (
            "Project Hail Mary",
            "The Left Hand of Darkness",
            "Sapiens",
            "Piranesi",
            "Educated",
            "The Overstory",
            "Klara and the Sun",
            "Thinking, Fast and Slow",
        ),
        3,
    ),
    (
        "Gift ideas",
        (
            "Mum: ceramic planter",
            "Dad: headlamp for camping",
            "Lea: watercolour set",
            "Tom: board game (Cascadia)",
            "Grandma: photo calendar",
        ),
        2,
    ),
    (
        "Wi-Fi at the cabin",
        ("Network: Lakeside-5G", "Password: maple-river-42", "Router is behind the bookshelf"),
        0,
    ),
    (
        "Pancakes",
        (
            "200 g flour",
            "2 eggs",
            "300 ml milk",
            "1 tbsp sugar",
            "Pinch of salt",
            "Rest the batter for 20 minutes",
        ),
        0,
    ),
    (
        "Packing list",
        (
            "Passport",
            "Phone charger",
            "Sunscreen",
            "Rain jacket",
            "Hiking boots",
            "Travel adapter",
            "Headphones",
            "First aid kit",
        ),
        4,
    ),
    (
        "Car service",
        (
            "Oil change due at 45,000 km",
            "Tyre pressure 2.4 bar front and back",
            "Garage: Miller's, 555-0134",
            "Ask about the rattling noise",
        ),
        0,
    ),
    (
        "To do",
        (
            "Call the dentist",
            "Pay the electricity bill",
            "Renew passport",
            "Book flights for August",
            "Return library books",
            "Fix the bike light",
        ),
        3,
    ),
    (
        "Workout plan",
        ("Mon: 5 km run", "Wed: squats, push-ups, plank", "Fri: swim 30 min", "Sun: long walk"),
        0,
    ),
    (
        "Movies to watch",
        (
            "Past Lives",
            "Arrival",
            "Perfect Days",
            "Paddington 2",
            "Dune",
            "The Grand Budapest Hotel",
        ),
        3,
    ),
)


def seed_notes(ctx: AppContext, rng: random.Random) -> None:
    """Four to eight text notes, each changed in the last month."""
    now = ctx.phone.boot_ms
    rows = []
    for title, lines, fewest in rng.sample(_SEED_NOTES, rng.randint(4, 8)):
        if fewest:
            picked = rng.sample(range(len(lines)), rng.randint(fewest, len(lines)))
            lines = tuple(lines[i] for i in sorted(picked))
        modified = now - rng.randint(10, 30 * 24 * 60) * 60_000 - rng.randint(0, 59_999)
        created = modified - rng.randint(0, 60 * 24 * 60) * 60_000
        rows.append((title, "\n".join(lines), created, modified))
    ctx.db().executemany(
        "INSERT INTO notes (title, value, created, modified) VALUES (?, ?, ?, ?)", rows
    )
