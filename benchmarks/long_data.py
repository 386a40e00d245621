"""mobile-gym's long-data rows for ``benchmarks/peers.py``: what a screen costs when the data
behind it is long.

Each case fills one app with ``count`` more items of its kind than its seeded content,
through the phone's storage and databases before the app opens (phone of seed 0), opens the
screen that lists them, and times that screen built again after a change
(``Phone.invalidate`` then ``Phone.hierarchy_xml``: the app's code builds the screen and
reads its data again; the rows that come out the same are kept, laid out):

- ``sms_list``: SMS Messenger's conversation list, one of whose conversations holds
  ``count`` messages;
- ``sms_thread``: that conversation, open at its newest message;
- ``file_manager``: File Manager on ``/sdcard/Download``, holding ``count`` more files;
- ``gallery``: Gallery's Camera folder, holding ``count`` more photos;
- ``gallery_by_day``: a Gallery folder of ``count`` photos taken three a day, shown grouped
  by day (a title above each day's photos);
- ``music_tracks``: the Music Player's Tracks tab, with ``count`` more tracks;
- ``music_albums``: the Music Player's Albums tab, with ``count`` more tracks (of up to 200
  more albums);
- ``sms_contacts``: SMS Messenger's conversation list, with ``count`` more contacts (one of
  them the sender of the newest conversation, which shows under that contact's name);
- ``calendar_list``: Calendar's event list, with ``count`` more events on the day it shows
  first;
- ``docreader``: Docreader's list of the PDFs on the phone, with ``count`` more of them;
- ``files_images``: the Files app's Images root, with ``count`` more images;
- ``files_folder``: the Files app's Downloads, sorted by name, with ``count`` more files;
- ``calculator_history``: the Calculator's History dialog, with ``count`` more calculations;
- ``recordings``: Voice Recorder's list of recordings, with ``count`` more of them;
- ``notes``: Notes' list, holding ``count`` more notes;
- ``clock_alarms``: the Clock's Alarm tab, with ``count`` more alarms, half of them on;
- ``mattermost_channels``: Mattermost's channel list, with ``count`` more unread posts in
  Town Square, each mentioning the user;
- ``mattermost_thread``: a Mattermost thread of ``count`` replies, open at its newest;
- ``sms_conversations``: SMS Messenger's conversation list, with ``count`` more
  conversations of one message each;
- ``sms_blocked``: SMS Messenger's blocked numbers, with ``count`` more of them;
- ``calendar_month``: Calendar's month, with ``count`` more events on the day it shows;
- ``calendar_day``: Calendar's day view of that day;
- ``launcher_grid``: App Launcher's grid, with ``count`` more items, first by title;
- ``contacts_search``: Contacts searched for a word all of ``count`` more contacts hold;
- ``shop_cart``: the shop's cart, with ``count`` more items.

The rows give the cost at 20 and at 2,000 items and the ratio of the two (reported, with
no goal). A screen costs what it shows: a recycled list builds only the rows in view and
reads its rows a page at a time (``AppContext.rows``: a query's rows, through the index its
order needs), and what a screen must read whole to sort, group, count or match it is read
once and kept until its database or its files change (``AppContext.kept``, and the apps'
named caches: the Gallery's folder arrangements, File Manager's listings, the Files app's
orders, the Music Player's shelves, Calendar's agendas, months and searches, SMS
Messenger's phone books, conversation lists and searches). Here nothing changed between
builds, so only the rows in view are built.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rounds import Workload, timed

from mobile_gym.sim import Phone
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.input import Text

COUNTS = (20, 2000)
SMS = "com.simplemobiletools.smsmessenger"
FILE_MANAGER = "com.simplemobiletools.filemanager.pro"
GALLERY = "com.simplemobiletools.gallery.pro"
NOTES = "com.simplemobiletools.notes.pro"
MUSIC = "com.simplemobiletools.musicplayer"
CONTACTS = "com.simplemobiletools.contacts.pro"
CALENDAR = "com.simplemobiletools.calendar.pro"
DOCREADER = "org.mobilegym.docreader"
CALCULATOR = "com.simplemobiletools.calculator"
RECORDER = "com.simplemobiletools.voicerecorder"
FILES = "com.google.android.documentsui"
CLOCK = "com.google.android.deskclock"
LAUNCHER = "com.simplemobiletools.applauncher"
SHOP = "com.testmall.app"
MATTERMOST, MATTERMOST_SERVER = "com.mattermost.rnbeta", "server.mattermost"
TOWN_SQUARE = 1
"""The id of Mattermost's Town Square channel."""
ADDRESS = "+1 555-000-1111"
"""The conversation's number (in no contact: its title is the number)."""
START_MS = 1_717_000_000_000
"""When the first filled item was made (epoch ms; a minute between items)."""
DAY_MS = 86_400_000
SETTLE_MS = 500


@dataclass(frozen=True)
class Case:
    """A long-data case: ``fill`` puts ``count`` items into a phone, ``open`` shows them."""

    name: str
    label: str
    unit: str
    package: str
    fill: Callable[[Phone, int], None]
    open: Callable[[Driver], None]


def _messages(phone: Phone, count: int) -> None:
    rows = [
        (ADDRESS, f"Message {i} about the plan", START_MS + i * 60_000, 1 + i % 2)
        for i in range(count)
    ]
    phone.database(SMS, "messages").executemany(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, ?, ?, ?, 1)", rows
    )


def _files(phone: Phone, count: int) -> None:
    for i in range(count):
        phone.write_file(f"/sdcard/Download/file_{i:05d}.txt", b"x" * (i % 100))


def _photos(phone: Phone, count: int) -> None:
    for i in range(count):
        phone.write_file(f"/sdcard/DCIM/Camera/IMG_20240101_{i:06d}.jpg", b"jpeg")


def _photos_by_day(phone: Phone, count: int) -> None:
    """``count`` photos taken three a day, in a folder the Gallery shows grouped by day."""
    phone.storage.write_files(
        (f"/sdcard/DCIM/Trip/IMG_{i:06d}.jpg", b"jpeg", START_MS - (i // 3) * DAY_MS)
        for i in range(count)
    )
    phone.database(GALLERY, "gallery").execute(
        "INSERT OR REPLACE INTO preferences(key, value) VALUES ('group_by', ?)",
        ("date_taken_daily:desc",),
    )


def _tracks(phone: Phone, count: int) -> None:
    phone.database(MUSIC, "songs").executemany(
        "INSERT INTO tracks(title, artist, album, path) VALUES (?, ?, ?, ?)",
        [
            (f"A song {i:05d}", f"Artist {i % 50}", f"Album {i % 200}", f"/sdcard/Music/{i}.mp3")
            for i in range(count)
        ],
    )


def _contacts(phone: Phone, count: int) -> None:
    """``count`` contacts, the last of whom wrote a minute before the phone booted."""
    phone.database(CONTACTS, "contacts").executemany(
        "INSERT INTO contacts(first_name, last_name, phone) VALUES (?, 'Contact', ?)",
        [(f"Filled{i}", f"+1 555 {i:07d}") for i in range(count)],
    )
    phone.database(SMS, "messages").execute(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, 'Hi', ?, 1, 1)",
        (f"+1 555 {count - 1:07d}", phone.boot_ms - 60_000),
    )


def _events(phone: Phone, count: int) -> None:
    """``count`` events of the day the phone booted, a minute apart from its midnight."""
    midnight = phone.boot_ms // 1000 // 86_400 * 86_400
    phone.database(CALENDAR, "events").executemany(
        "INSERT INTO events(start_ts, end_ts, title) VALUES (?, ?, ?)",
        [(midnight + 60 * i, midnight + 60 * i + 1800, f"Event {i:05d}") for i in range(count)],
    )


def _pdfs(phone: Phone, count: int) -> None:
    phone.storage.write_files(
        (f"/sdcard/Documents/a_scan_{i:05d}.pdf", b"%PDF-1.4", START_MS) for i in range(count)
    )


def _history(phone: Phone, count: int) -> None:
    """``count`` calculations, made after the seeded ones (the newest shows first)."""
    phone.database(CALCULATOR, "calculator").executemany(
        "INSERT INTO history(formula, result, timestamp) VALUES (?, ?, ?)",
        [(f"{i}+1", str(i + 1), phone.boot_ms + i) for i in range(count)],
    )


def _recordings(phone: Phone, count: int) -> None:
    """``count`` recordings, made after the seeded ones (the newest shows first)."""
    phone.database(RECORDER, "voice_recorder").executemany(
        "INSERT INTO recordings(name, duration, created) VALUES (?, 30000, ?)",
        [(f"Memo {i:05d}", phone.boot_ms + i) for i in range(count)],
    )


def _images(phone: Phone, count: int) -> None:
    phone.storage.write_files(
        (f"/sdcard/Pictures/Trip/a_img_{i:05d}.jpg", b"jpg", START_MS) for i in range(count)
    )


def _downloads(phone: Phone, count: int) -> None:
    phone.storage.write_files(
        (f"/sdcard/Download/a_doc_{i:05d}.txt", b"txt", START_MS) for i in range(count)
    )


def _open_images(driver: Driver) -> None:
    driver.tap(desc="Show roots")
    driver.tap(text="Images")


def _open_history(driver: Driver) -> None:
    driver.tap(desc="More options")
    driver.tap(text="History")


def _open_event_list(driver: Driver) -> None:
    driver.tap(desc="Change view")
    driver.tap(text="Simple event list")


def _alarms(phone: Phone, count: int) -> None:
    """``count`` alarms, one a minute round the clock, half of them on, set at boot (so none
    rings until its next time)."""
    phone.database(CLOCK, "alarms").executemany(
        "INSERT INTO alarm_templates(hour, minutes, enabled, quiet_until) VALUES (?, ?, ?, ?)",
        [(i // 60 % 24, i % 60, i % 2, phone.boot_ms) for i in range(count)],
    )


def _mentions(phone: Phone, count: int) -> None:
    """``count`` posts by others in Town Square since the user last read it, each
    mentioning the user."""
    phone.database(MATTERMOST_SERVER, "server").executemany(
        "INSERT INTO posts(create_at, user_id, channel_id, message) VALUES (?, ?, ?, ?)",
        [
            (phone.boot_ms - 60_000 + i, 2 + i % 3, TOWN_SQUARE, f"@harry look at item {i}")
            for i in range(count)
        ],
    )


def _replies(phone: Phone, count: int) -> None:
    """A post in Town Square, the newest, with ``count`` replies."""
    server = phone.database(MATTERMOST_SERVER, "server")
    root = server.execute(
        "INSERT INTO posts(create_at, user_id, channel_id, message) VALUES (?, 2, ?, ?)",
        (phone.boot_ms - 60_000, TOWN_SQUARE, "The long thread"),
    ).lastrowid
    server.executemany(
        "INSERT INTO posts(create_at, user_id, channel_id, root_id, message) "
        "VALUES (?, ?, ?, ?, ?)",
        [
            (phone.boot_ms - 50_000 + i, 2 + i % 3, TOWN_SQUARE, root, f"Reply {i:05d}")
            for i in range(count)
        ],
    )


def _open_thread(driver: Driver) -> None:
    driver.tap(id="channel_item_name", text="Town Square")
    newest = driver.find_all(id="post_replies")[-1]  # the channel opens at its newest post
    driver.tap(id="post_replies", text=newest.text)


def _conversations(phone: Phone, count: int) -> None:
    """``count`` conversations of one message each, the newest of the phone."""
    phone.database(SMS, "messages").executemany(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, ?, ?, 1, 1)",
        [(f"+1 666 {i:07d}", f"Hello number {i}", START_MS + i * 60_000) for i in range(count)],
    )


def _blocked(phone: Phone, count: int) -> None:
    phone.database(SMS, "messages").executemany(
        "INSERT INTO blocked_numbers(number) VALUES (?)",
        [(f"+1 777 {i:07d}",) for i in range(count)],
    )


def _open_blocked(driver: Driver) -> None:
    driver.tap(desc="Settings")
    driver.tap(text="Manage blocked numbers")


def _open_day(driver: Driver) -> None:
    driver.tap(desc="Change view")
    driver.tap(text="Daily view")


def _launchers(phone: Phone, count: int) -> None:
    """``count`` items that come before the seeded ones by title and in the custom order."""
    phone.database(LAUNCHER, "app_launcher").executemany(
        "INSERT INTO launchers(title, package, position) VALUES (?, ?, ?)",
        [(f"A filled app {i:05d}", f"com.filled.app{i}", i - count) for i in range(count)],
    )


def _search_filled(driver: Driver) -> None:
    driver.tap(desc="Search")
    driver.device.send(Text("filled"))


def _cart(phone: Phone, count: int) -> None:
    """``count`` products in the cart, one piece each, every other one selected; the
    first the newest."""
    shop = phone.database(SHOP, "mall")
    base = 100_000
    shop.executemany(
        "INSERT INTO products(id, name, category, price, shop, description) "
        "VALUES (?, ?, '数码', ?, '测试店', '测试描述')",
        [(base + i, f"测试商品 {i:05d}", 10.0 + i % 100) for i in range(count)],
    )
    shop.executemany(
        "INSERT INTO skus(id, product_id, name, price, stock) VALUES (?, ?, '默认', ?, 100)",
        [(base + i, base + i, 10.0 + i % 100) for i in range(count)],
    )
    shop.executemany(
        "INSERT INTO cart_items(product_id, sku_id, count, selected, added) VALUES (?, ?, 1, ?, ?)",
        [(base + i, base + i, i % 2, phone.boot_ms - 1000 * i) for i in range(count)],
    )


def _notes(phone: Phone, count: int) -> None:
    rows = [(f"Note {i}", "text " * 10, START_MS + i, START_MS + i) for i in range(count)]
    phone.database(NOTES, "notes").executemany(
        "INSERT INTO notes(title, value, created, modified) VALUES (?, ?, ?, ?)", rows
    )


CASES = (
    Case("sms_list", "SMS conversation list", "messages", SMS, _messages, lambda d: None),
    Case(
        "sms_thread",
        "SMS thread",
        "messages",
        SMS,
        _messages,
        lambda d: d.tap(id="conversation_address", text=ADDRESS),
    ),
    Case(
        "file_manager",
        "File Manager folder",
        "files",
        FILE_MANAGER,
        _files,
        lambda d: d.tap(id="item_name", text="Download"),
    ),
    Case("gallery", "Gallery folder", "photos", GALLERY, _photos, lambda d: d.tap(text="Camera")),
    Case(
        "gallery_by_day",
        "Gallery folder grouped by day",
        "photos",
        GALLERY,
        _photos_by_day,
        lambda d: d.tap(text="Trip"),
    ),
    Case(
        "music_tracks",
        "Music Player tracks",
        "tracks",
        MUSIC,
        _tracks,
        lambda d: d.tap(desc="Tracks"),
    ),
    Case(
        "music_albums",
        "Music Player albums",
        "tracks",
        MUSIC,
        _tracks,
        lambda d: d.tap(desc="Albums"),
    ),
    Case(
        "sms_contacts",
        "SMS conversation list, contacts",
        "contacts",
        SMS,
        _contacts,
        lambda d: None,
    ),
    Case("calendar_list", "Calendar event list", "events", CALENDAR, _events, _open_event_list),
    Case("docreader", "Docreader PDFs", "PDFs", DOCREADER, _pdfs, lambda d: None),
    Case("files_images", "Files, Images", "images", FILES, _images, _open_images),
    Case("files_folder", "Files, Downloads", "files", FILES, _downloads, lambda d: None),
    Case(
        "calculator_history",
        "Calculator history",
        "calculations",
        CALCULATOR,
        _history,
        _open_history,
    ),
    Case(
        "recordings",
        "Voice Recorder recordings",
        "recordings",
        RECORDER,
        _recordings,
        lambda d: d.tap(desc="Player"),
    ),
    Case("notes", "Notes list", "notes", NOTES, _notes, lambda d: None),
    Case("clock_alarms", "Clock alarms", "alarms", CLOCK, _alarms, lambda d: None),
    Case(
        "mattermost_channels",
        "Mattermost channel list",
        "unread posts",
        MATTERMOST,
        _mentions,
        lambda d: None,
    ),
    Case(
        "mattermost_thread",
        "Mattermost thread",
        "replies",
        MATTERMOST,
        _replies,
        _open_thread,
    ),
    Case(
        "sms_conversations",
        "SMS conversation list, conversations",
        "conversations",
        SMS,
        _conversations,
        lambda d: None,
    ),
    Case("sms_blocked", "SMS blocked numbers", "numbers", SMS, _blocked, _open_blocked),
    Case("calendar_month", "Calendar month", "events", CALENDAR, _events, lambda d: None),
    Case("calendar_day", "Calendar day", "events", CALENDAR, _events, _open_day),
    Case("launcher_grid", "App Launcher grid", "items", LAUNCHER, _launchers, lambda d: None),
    Case(
        "contacts_search",
        "Contacts search",
        "contacts",
        CONTACTS,
        _contacts,
        _search_filled,
    ),
    Case("shop_cart", "Shop cart", "items", SHOP, _cart, lambda d: d.tap(desc="购物车")),
)


def phone_with(case: Case, count: int) -> Phone:
    """A phone of seed 0 with ``count`` more of ``case``'s items, showing them."""
    phone = Phone(seed=0)
    case.fill(phone, count)
    phone.launch(case.package)
    phone.wait(SETTLE_MS)
    case.open(Driver(phone))
    phone.wait(SETTLE_MS)
    if phone.foreground[0] != case.package:
        raise RuntimeError(f"{case.name}: {case.package} is not in front")
    return phone


def workload(case: Case, count: int) -> Workload:
    """The screen of ``case`` with ``count`` more items, built again after a change."""
    phone = phone_with(case, count)

    def rebuild() -> None:
        phone.invalidate()
        phone.hierarchy_xml()

    return Workload(
        f"long_{case.name}_{count}",
        f"{case.label}, {count:,} {case.unit}",
        "rebuilds",
        lambda n: timed(rebuild, n),
        phone.close,
    )


def workloads() -> list[Workload]:
    return [workload(case, count) for case in CASES for count in COUNTS]


def costs(rates: dict[str, dict[str, float]]) -> dict[str, float]:
    """Each case's cost (ms) at each count measured, and the ratio of the largest to the
    smallest when both were."""
    found: dict[str, float] = {}
    for case in CASES:
        for count in COUNTS:
            name = f"long_{case.name}_{count}"
            if name in rates:
                found[f"{name}_ms"] = 1000 / rates[name]["best_per_s"]
        low, high = (f"long_{case.name}_{count}_ms" for count in (COUNTS[0], COUNTS[-1]))
        if low in found and high in found:
            found[f"long_{case.name}_ratio"] = found[high] / found[low]
    return found
