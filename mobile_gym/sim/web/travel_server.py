"""The travel-booking site's server on the phone (``server.travel``): its flights, hotels and
the bookings the phone's browser submits.

Database ``server`` (``/data/data/server.travel/databases/server.db``):

``flights``
    ``id, number, airline, origin, destination, depart ('HH:MM'), arrive, price`` (USD): a
    schedule flown every day.
``hotels``
    ``id, name, city, stars, price`` (USD a night), ``address``.
``bookings``
    ``id, reference, kind ('flight' | 'hotel'), item_id, date ('YYYY-MM-DD': the flight's day
    or the check-in), nights (hotels; 0 for flights), name, email, phone, seats`` (travellers
    or rooms), ``created`` (epoch ms of the phone's clock): one row per confirmed booking.

A task seeds more flights or hotels with ``setup.database`` and judges a booking with
``sql:`` against ``bookings``.
"""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.sim.apps.backend import SERVER_DATABASE, Backend
from mobile_gym.sim.apps.base import AppContext

SERVER = "server.travel"
"""The backend's package."""

SCHEMA = """
CREATE TABLE flights(
    id INTEGER PRIMARY KEY,
    number TEXT NOT NULL,
    airline TEXT NOT NULL,
    origin TEXT NOT NULL,
    destination TEXT NOT NULL,
    depart TEXT NOT NULL,
    arrive TEXT NOT NULL,
    price INTEGER NOT NULL
);
CREATE TABLE hotels(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    city TEXT NOT NULL,
    stars INTEGER NOT NULL,
    price INTEGER NOT NULL,
    address TEXT NOT NULL DEFAULT ''
);
CREATE TABLE bookings(
    id INTEGER PRIMARY KEY,
    reference TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    item_id INTEGER NOT NULL,
    date TEXT NOT NULL,
    nights INTEGER NOT NULL DEFAULT 0,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    seats INTEGER NOT NULL DEFAULT 1,
    created INTEGER NOT NULL DEFAULT 0
);
"""

FLIGHTS = (
    ("MU5101", "China Eastern", "Shanghai", "Beijing", "08:00", "10:20", 182),
    ("CA1858", "Air China", "Shanghai", "Beijing", "12:30", "14:45", 169),
    ("HO1253", "Juneyao Air", "Shanghai", "Beijing", "19:10", "21:30", 151),
    ("CA1501", "Air China", "Beijing", "Shanghai", "07:30", "09:45", 176),
    ("MU5138", "China Eastern", "Beijing", "Shanghai", "17:00", "19:15", 158),
    ("CZ3595", "China Southern", "Hangzhou", "Guangzhou", "09:15", "11:25", 143),
    ("CZ3596", "China Southern", "Guangzhou", "Hangzhou", "13:05", "15:10", 139),
    ("UA857", "United Airlines", "San Francisco", "Shanghai", "11:05", "15:40", 1240),
    ("DL188", "Delta", "New York", "Shanghai", "13:20", "17:15", 1315),
    ("BA169", "British Airways", "London", "Beijing", "16:40", "10:25", 980),
    ("NH919", "ANA", "Tokyo", "Shanghai", "09:55", "12:05", 320),
    ("MU521", "China Eastern", "Shanghai", "Tokyo", "13:00", "16:45", 298),
)
"""The daily schedule: number, airline, from, to, departure, arrival, price."""

HOTELS = (
    ("The Bund Riverside Hotel", "Shanghai", 5, 268, "99 Zhongshan East 1st Rd"),
    ("Jing'an Garden Inn", "Shanghai", 3, 96, "518 Yuyuan Rd"),
    ("West Lake Pavilion Hotel", "Hangzhou", 4, 158, "2 Beishan St"),
    ("Hangzhou East Station Express", "Hangzhou", 3, 72, "1 Tiancheng Rd"),
    ("Forbidden City View Hotel", "Beijing", 5, 305, "33 Jingshan Front St"),
    ("Hutong Courtyard Hostel", "Beijing", 2, 45, "12 Nanluoguxiang"),
    ("Pearl River Grand", "Guangzhou", 4, 131, "168 Yanjiang West Rd"),
    ("Shinjuku Central Hotel", "Tokyo", 4, 189, "3-2 Nishi-Shinjuku"),
)
"""Hotels: name, city, stars, nightly price, address."""


class TravelServer(Backend):
    """The travel-booking site's state: its flight schedule, hotels and bookings."""

    package = SERVER
    label = "Travel booking server"
    schemas: ClassVar[dict[str, str]] = {SERVER_DATABASE: SCHEMA}

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        db = ctx.db()
        db.executemany(
            "INSERT INTO flights(number, airline, origin, destination, depart, arrive, price) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            FLIGHTS,
        )
        db.executemany(
            "INSERT INTO hotels(name, city, stars, price, address) VALUES (?, ?, ?, ?, ?)", HOTELS
        )
