"""The files a new phone holds: standard folders, documents and downloads, a few hidden files.

Media (photos, music, recordings) belongs to the apps that make it; the File Manager seeds
only the folders every phone has and what a user keeps in Documents and Download.
"""

from __future__ import annotations

import random

from mobile_gym.sim.apps.file_manager.files import HOME
from mobile_gym.sim.system.storage import SeededFiles, Storage, file_kind, zeros

STANDARD_FOLDERS = (
    "Alarms",
    "DCIM",
    "Documents",
    "Download",
    "Movies",
    "Music",
    "Notifications",
    "Pictures",
    "Podcasts",
    "Ringtones",
)
DAY_MS = 86_400_000

# (name, size in KB for binary files; 0 for a text file whose text follows)
_DOCUMENTS: tuple[tuple[str, int], ...] = (
    ("Budget 2024.xlsx", 46),
    ("Car insurance.pdf", 312),
    ("Lease agreement.pdf", 684),
    ("Project plan.docx", 128),
    ("Resume.pdf", 96),
    ("Tax return 2023.pdf", 460),
    ("Wedding speech.docx", 38),
    ("Meeting notes.txt", 0),
    ("Packing list.txt", 0),
    ("Reading list.md", 0),
    ("Recipe - banana bread.txt", 0),
    ("Garden plan.txt", 0),
    ("Book club.txt", 0),
)
_WORK: tuple[tuple[str, int], ...] = (
    ("Quarterly report.pdf", 1_210),
    ("Roadmap.txt", 0),
    ("Team contacts.csv", 0),
    ("Onboarding checklist.docx", 64),
)
_DOWNLOADS: tuple[tuple[str, int], ...] = (
    ("boarding_pass_LH1234.pdf", 142),
    ("invoice_88213.pdf", 58),
    ("restaurant_menu.pdf", 930),
    ("photos_backup.zip", 2_460),
    ("concert_tickets.pdf", 204),
    ("dishwasher_manual.pdf", 1_280),
    ("timetable.csv", 0),
    ("syllabus.docx", 81),
    ("podcast_notes.md", 0),
    ("bank_statement_may.pdf", 176),
)
_TEXTS = {
    "Meeting notes.txt": "Weekly sync\n- Budget review moved to Thursday\n- New hire starts June 10\n"
    "- Ask Priya about the vendor contract\nAction items: update the roadmap, book a room.",
    "Packing list.txt": "Passport\nPhone charger\nSunglasses\nSwimsuit\nToothbrush\n"
    "Rain jacket\nTravel adapter\nBooks for the flight",
    "Reading list.md": "# Reading list\n\n1. The Overstory\n2. Project Hail Mary\n"
    "3. Braiding Sweetgrass\n4. The Left Hand of Darkness",
    "Recipe - banana bread.txt": "3 ripe bananas\n75 g melted butter\n150 g sugar\n1 egg\n"
    "1 tsp baking soda\n190 g flour\nBake 60 minutes at 175 C.",
    "Garden plan.txt": "Spring: tomatoes, basil, lettuce\nSummer: zucchini, beans\n"
    "Autumn: garlic, spinach\nWater every morning before 9.",
    "Book club.txt": "Next meeting: first Tuesday of the month at Elena's.\n"
    "Bring snacks. Current book: The Overstory.",
    "Roadmap.txt": "Q3: launch the mobile app\nQ4: reporting dashboard\n"
    "Q1: migrate billing\nQ2: partner integrations",
    "Team contacts.csv": "name,role,phone\nPriya Patel,Design,555-0142\n"
    "Lucas Martin,Engineering,555-0178\nNora Kim,Sales,555-0116",
    "timetable.csv": "day,first,second\nMonday,Math,History\nTuesday,Biology,Art\n"
    "Wednesday,Physics,Music",
    "podcast_notes.md": "Episode 42: interview notes, 12:30 best quote, 31:05 book tip.",
}
_HIDDEN = (
    ("Documents/.draft_letter.txt", "Dear neighbours, about the garden fence..."),
    (".thumbnails/.database_uuid", "5f3c9a1e-77b2-4c1d-9a0e-3e1b8f2d6c40"),
    (".config/backup.json", '{"last_backup": "2024-05-28", "target": "cloud"}'),
)

SEEDED_FILES = SeededFiles(
    frozenset(file_kind(name) for name, _ in (*_DOCUMENTS, *_WORK, *_DOWNLOADS, *_HIDDEN)),
    (HOME,),
)
"""What ``seed_files`` writes: documents, anywhere in the shared storage (it makes the
standard folders)."""


def seed_files(storage: Storage, rng: random.Random, now_ms: int) -> None:
    """Write the standard folders and a seed-dependent set of documents and downloads."""

    def when() -> int:
        return now_ms - rng.randint(1, 420) * DAY_MS - rng.randint(0, DAY_MS // 1000) * 1000

    storage.make_dirs(HOME, mtime=now_ms - 500 * DAY_MS)
    for folder in STANDARD_FOLDERS:
        storage.make_dirs(f"{HOME}/{folder}", mtime=now_ms - 500 * DAY_MS)
    entries = []
    for folder, pool, low, high in (
        ("Documents", _DOCUMENTS, 6, 8),
        ("Documents/Work", _WORK, 3, 4),
        ("Download", _DOWNLOADS, 2, 3),
    ):
        for name, kb in rng.sample(pool, rng.randint(low, high)):
            data = _TEXTS[name].encode() if kb == 0 else zeros(kb * 1024)
            entries.append((f"{HOME}/{folder}/{name}", data, when()))
    entries += [(f"{HOME}/{path}", text.encode(), when()) for path, text in _HIDDEN]
    storage.write_files(entries)
