"""Seeded content made on first use is the content an eager boot makes, byte for byte.

A phone makes each app's seeded content when first needed (``Storage.defer``); the apps
seeded from another app's content read it as that app seeded it, whenever they are made.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest

from mobile_gym.device.sim import SimDevice
from mobile_gym.sim.apps import DEFAULT_APPS
from mobile_gym.sim.apps.contacts import DATABASE as CONTACTS_DATABASE
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.apps.file_manager import PACKAGE as FILE_MANAGER
from mobile_gym.sim.apps.gallery import PACKAGE as GALLERY
from mobile_gym.sim.apps.music_player import PACKAGE as MUSIC_PLAYER
from mobile_gym.sim.apps.sms_messenger import DATABASE as SMS_DATABASE
from mobile_gym.sim.apps.sms_messenger import PACKAGE as SMS
from mobile_gym.sim.phone import Phone
from mobile_gym.sim.system.storage import SeededFiles, Storage


def storage_digests(storage: Storage, leaving: str = "") -> dict[str, str]:
    """A digest of every database's bytes and rows, and of every file, folder and time
    (files under folder ``leaving`` left out)."""
    digests = {}
    for path, conn in sorted(storage.databases.items()):
        rows = "\n".join(conn.iterdump())
        digests[path] = hashlib.sha256(conn.serialize() + rows.encode()).hexdigest()[:16]
    files = hashlib.sha256()
    for path, data in sorted(storage.files.items()):
        if leaving and path.startswith(leaving):
            continue
        files.update(f"{path}\0{len(data)}\0{storage.times.get(path)}\0".encode())
        files.update(data)
    digests["files"] = files.hexdigest()[:16]
    listing = "\n".join(f"{p} {storage.times.get(p)}" for p in sorted(storage.folders))
    digests["folders"] = hashlib.sha256(listing.encode()).hexdigest()[:16]
    return digests


def combined(digests: dict[str, str]) -> str:
    """One digest of ``storage_digests``."""
    text = "\n".join(f"{key} {value}" for key, value in sorted(digests.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


SEEDED = {0: "b6419e4136ab456a", 1: "6fa51b2f83001f1d", 2: "f3010c5b058475a6"}
"""The digest of every app's seeded content, per seed, as the phone has always made it
(since SMS Messenger's database holds the index ``messages_by_address`` and the empty table
``drafts``, and the Clock's, Contacts', Maps', the Music Player's, Notes', Voice Recorder's,
the shop's and the Mattermost and Mastodon servers' databases the indexes their lists read
through, and Gmail's ``mails`` the column ``attachment_paths``: every row is as it was)."""
READERS = [app.package for app in DEFAULT_APPS if CONTACTS in app.seeds_from]
"""The apps seeded from the contacts."""


@pytest.mark.parametrize("seed", sorted(SEEDED))
def test_seeded_content_is_unchanged(seed: int) -> None:
    """Every database, file and folder a phone seeds is what it has always been."""
    phone = Phone(seed)
    digest = combined(storage_digests(phone.storage))
    assert digest == SEEDED[seed]


def without(digests: dict[str, str], *packages: str) -> dict[str, str]:
    """``digests`` less the databases of ``packages``."""
    prefixes = tuple(f"/data/data/{package}/" for package in packages)
    return {key: value for key, value in digests.items() if not key.startswith(prefixes)}


def change_contacts(phone: Phone) -> None:
    """A task's change to the contacts: one deleted, one added."""
    conn = phone.storage.database(CONTACTS, CONTACTS_DATABASE)
    conn.execute("DELETE FROM contacts WHERE id = (SELECT min(id) FROM contacts)")
    conn.execute(
        "INSERT INTO contacts(first_name, last_name, phone, email, starred, address, company, "
        "job_position, created) VALUES ('Zed', 'New', '+1 555-000-0000', 'z@x.org', 1, '', "
        "'', '', 0)"
    )


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_apps_seeded_from_contacts_read_them_as_seeded(seed: int) -> None:
    """Made after the contacts changed, Mail and the servers hold what an eager boot
    gives them (SMS, made first, reads the contacts while they are as seeded)."""
    eager = storage_digests(Phone(seed).storage)
    phone = Phone(seed)
    phone.storage.database(SMS, SMS_DATABASE)  # Contacts is made, its readers wait
    change_contacts(phone)
    assert without(storage_digests(phone.storage), CONTACTS) == without(eager, CONTACTS)


@pytest.mark.parametrize("seed", [0, 1])
def test_clearing_contacts_before_its_readers_are_made(seed: int) -> None:
    """Cleared contacts are empty, and the apps seeded from them still read them as seeded."""
    eager = storage_digests(Phone(seed).storage)
    phone = Phone(seed)
    phone.clear_app_data(CONTACTS)
    contacts = phone.storage.database(CONTACTS, CONTACTS_DATABASE)
    assert contacts.execute("SELECT count(*) FROM contacts").fetchone()[0] == 0
    assert without(storage_digests(phone.storage), CONTACTS) == without(eager, CONTACTS)


def test_a_new_boot_forgets_the_contacts_as_seeded() -> None:
    """After a reboot with a new seed, or a restore, the readers read the new contacts."""
    phone = Phone(0)
    phone.storage.database(CONTACTS, CONTACTS_DATABASE)
    change_contacts(phone)
    phone.factory_reset(1)
    assert combined(storage_digests(phone.storage)) == SEEDED[1]
    phone.storage.database(CONTACTS, CONTACTS_DATABASE)
    snapshot = phone.snapshot()
    phone.factory_reset(2)
    phone.storage.database(CONTACTS, CONTACTS_DATABASE)
    phone.restore(snapshot)
    assert combined(storage_digests(phone.storage)) == SEEDED[1]


@pytest.mark.parametrize("written", [False, True])
@pytest.mark.parametrize("package", [SMS, GALLERY, CONTACTS])
def test_clearing_an_app_leaves_the_other_apps_content_as_seeded(
    package: str, written: bool
) -> None:
    """``pm clear`` wipes the app's own folder only: the other apps' content is made as it
    always is, whether or not the files were looked at before."""
    private = f"/data/data/{package}/"
    eager = storage_digests(Phone(0).storage, leaving=private)
    phone = Phone(0)
    if written:
        phone.storage.write_files([(f"{private}files/note.txt", b"gone", 1)])
    phone.clear_app_data(package)
    storage = phone.storage
    assert not [path for path in storage.file_paths() if path.startswith(private)]
    cleared = storage_digests(storage, leaving=private)
    assert without(cleared, package, *READERS) == without(eager, package, *READERS)


@pytest.mark.parametrize("package", [GALLERY, FILE_MANAGER, MUSIC_PLAYER, CONTACTS])
def test_clearing_an_app_before_its_content_is_made_is_clearing_it_after(package: str) -> None:
    """An app cleared before its content is made makes that content only for what outlives
    the clearing (its files in shared storage, what its readers read): its databases come
    out byte for byte as when the app was made, read and then cleared."""
    made_first = Phone(1)
    made_first.storage.boot_all()
    made_first.clear_app_data(package)
    cleared_first = Phone(1)
    cleared_first.clear_app_data(package)
    assert storage_digests(cleared_first.storage) == storage_digests(made_first.storage)


def _writer(storage: Storage, made: list[str], *paths: str) -> Callable[[str], None]:
    """A boot that writes ``paths`` (each file's bytes its own path) and records the package
    it makes."""

    def boot(package: str) -> None:
        made.append(package)
        storage.write_files([(path, path.encode(), 7) for path in paths])

    return boot


def _writers(*writers: tuple[str, str, SeededFiles]) -> tuple[Storage, list[str]]:
    """A storage whose apps (name, the path its seeding writes, what it declares) are
    deferred, and the list of those made, in turn."""
    storage, made = Storage(), []
    for package, path, files in writers:
        storage.defer(package, _writer(storage, made, path), files=files)
    return storage, made


PICTURES = ("pictures", "/sdcard/DCIM/a.JPG", SeededFiles(frozenset({"jpg"}), ("/sdcard/DCIM",)))
DOCUMENTS = ("documents", "/sdcard/Doc/b.pdf", SeededFiles(frozenset({"pdf"}), ("/sdcard",)))
SONGS = ("songs", "/sdcard/Music/c.mp3", SeededFiles(frozenset({"mp3"}), ("/sdcard/Music",)))


def test_reading_one_kind_of_file_makes_only_the_apps_that_write_that_kind() -> None:
    storage, made = _writers(PICTURES, DOCUMENTS, SONGS)
    assert storage.files_of_kinds({"jpg"}) == {"/sdcard/DCIM/a.JPG": (18, 7)}
    assert made == ["pictures"]
    assert not storage.is_file("/sdcard/DCIM/.nomedia")  # no app writes that kind
    assert made == ["pictures"]
    assert storage.is_file("/sdcard/Music/c.mp3")
    assert made == ["pictures", "songs"]
    assert sorted(storage.files) == [
        "/sdcard/DCIM/a.JPG",
        "/sdcard/Doc/b.pdf",
        "/sdcard/Music/c.mp3",
    ]
    assert made == ["pictures", "songs", "documents"]


def test_looking_in_a_folder_makes_only_the_apps_that_may_write_near_it() -> None:
    """An app that writes in the folder, in a folder inside it, or in a folder above it
    (which may hold anything) is made; the others are not."""
    storage, made = _writers(PICTURES, SONGS, DOCUMENTS)
    assert storage.list_dir("/sdcard/Music") == ["c.mp3"]
    assert made == ["songs", "documents"]
    assert storage.is_dir("/sdcard/DCIM") and made == ["songs", "documents", "pictures"]
    storage, made = _writers(PICTURES, SONGS, DOCUMENTS)
    storage.write("/sdcard/Music/c.mp3", b"new")  # over what the songs' seeding writes
    assert made == ["songs", "documents"]
    assert storage.read("/sdcard/Music/c.mp3") == b"new"
    storage, made = _writers(PICTURES, SONGS, DOCUMENTS)
    assert storage.list_dir("/sdcard") == ["DCIM", "Doc", "Music"]
    assert made == ["pictures", "songs", "documents"]


def test_file_paths_in_a_folder_of_a_kind_make_only_the_apps_that_may_write_them() -> None:
    storage, made = _writers(PICTURES, DOCUMENTS, SONGS)
    assert storage.file_paths("/sdcard/Music", "mp3") == ["/sdcard/Music/c.mp3"]
    assert made == ["songs"]  # the documents may be anywhere, but are not songs
    assert storage.file_paths("/sdcard/DCIM") == ["/sdcard/DCIM/a.JPG"]
    assert made == ["songs", "pictures", "documents"]  # any kind: the documents too
    storage, made = _writers(PICTURES, DOCUMENTS, SONGS)
    assert storage.file_paths("/sdcard/Music", "txt") == [] and made == []
    assert sorted(storage.file_paths()) == sorted(storage.files)
    assert made == ["pictures", "documents", "songs"]


@pytest.mark.parametrize("seed", [0, 3])
def test_a_task_file_pattern_finds_on_a_new_phone_what_it_finds_with_every_app_made(
    seed: int,
) -> None:
    """``find_files`` makes only the content that may match the pattern, and finds what
    it finds once every app's content is made."""
    patterns = [
        "/sdcard/DCIM/Camera/IMG_*.jpg",
        "/sdcard/**/*.mp3",
        "/sdcard/Download/*",
        "/storage/emulated/0/Download/*.pdf",
        "/sdcard/DCIM/*/[A-Z]*.[jJ][pP][gG]",
        "/**/*.txt",
        "/sdcard/Music/*",
    ]
    for pattern in patterns:
        lazy, eager = SimDevice(), SimDevice()
        lazy.reset(seed)
        eager.reset(seed)
        eager.phone.storage.boot_all()
        found = lazy.find_files(pattern)
        assert found == eager.find_files(pattern), pattern
        assert found or pattern.endswith(".pdf"), pattern  # (the patterns meet seeded files)


@pytest.mark.parametrize(
    ("kinds", "folders", "message"),
    [
        ({"jpg"}, ("/sdcard/DCIM",), r"writes /sdcard/DCIM/a\.txt, a kind of file \(txt\)"),
        (set(), ("/sdcard/DCIM",), r"writes /sdcard/DCIM/a\.txt, a kind of file \(txt\)"),
        ({"txt"}, ("/sdcard/Documents",), r"writes /sdcard/DCIM/a\.txt, outside the folders"),
        (None, (), r"writes /sdcard/DCIM/a\.txt, outside the folders"),
    ],
)
def test_seeding_a_file_its_app_does_not_declare_is_refused(
    kinds: set[str] | None, folders: tuple[str, ...], message: str
) -> None:
    """A reader of that kind, or in that folder, would not have made it: the seeding
    fails, naming the app."""
    files = None if kinds is None else SeededFiles(frozenset(kinds), folders)
    storage, _ = _writers(("pictures", "/sdcard/DCIM/a.txt", files), SONGS)
    with pytest.raises(ValueError, match=f"seeding of pictures {message}"):
        storage.boot_all()


def _directories(storage: Storage) -> list[str]:
    return sorted(d for d in storage.directories() if not d.startswith("/data/"))


@pytest.mark.parametrize("seed", [0, 5])
def test_each_folder_read_first_is_what_an_eager_boot_shows(seed: int) -> None:
    """Looking first into any one folder of a new phone (its listing, its files' sizes and
    times) finds what a phone with every app's content made finds there."""
    eager = Phone(seed).storage
    eager.boot_all()
    folders = _directories(eager)
    assert "/sdcard/Music" in folders and "/sdcard/Download" in folders
    for folder in folders:
        storage = Phone(seed).storage
        assert storage.file_stats(folder) == eager.file_stats(folder), folder
        storage = Phone(seed).storage
        assert storage.list_dir(folder) == eager.list_dir(folder), folder
        assert storage.modified(folder) == eager.modified(folder), folder
        assert storage.tree(folder) == eager.tree(folder), folder
        assert storage.size(folder) == eager.size(folder), folder


@pytest.mark.parametrize("seed", [0, 4])
def test_the_gallery_scan_makes_the_content_of_the_media_writers_alone(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening the Gallery makes no file manager documents and no songs, and it indexes
    and shows what it would with every app's content made first."""
    seeded = _seeded(monkeypatch)
    shown = []
    for eager in (False, True):
        phone = Phone(seed)
        if eager:
            phone.storage.boot_all()
        phone.launch(GALLERY)
        rows = phone.database(GALLERY, "gallery").execute("SELECT * FROM media ORDER BY id")
        shown.append((phone.hierarchy_xml(), rows.fetchall()))
        if not eager:
            assert GALLERY in seeded
            assert not {FILE_MANAGER, MUSIC_PLAYER} & set(seeded)
    assert shown[0] == shown[1]


def _seeded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The apps whose content phones make from now on, in turn."""
    seeded: list[str] = []
    seed_app = Phone._seed

    def recorded(phone: Phone, seed: int, package: str) -> None:
        seeded.append(package)
        seed_app(phone, seed, package)

    monkeypatch.setattr(Phone, "_seed", recorded)
    return seeded


def test_a_file_manager_folder_makes_the_apps_that_write_there_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The File Manager showing Download makes the gallery's content (it saves pictures
    there), not the music player's (its songs are in Music)."""
    seeded = _seeded(monkeypatch)
    shown = []
    for eager in (False, True):
        phone = Phone(2)
        if eager:
            phone.storage.boot_all()
        phone.database(FILE_MANAGER, "config").execute(
            "INSERT INTO preferences (key, value) VALUES ('home_folder', '/sdcard/Download')"
        )
        phone.write_file("/sdcard/Download/notes.txt", b"hello")
        phone.launch(FILE_MANAGER)
        shown.append(phone.hierarchy_xml())
        if not eager:
            assert {FILE_MANAGER, GALLERY} <= set(seeded)
            assert MUSIC_PLAYER not in seeded
    assert "notes.txt" in shown[0]
    assert shown[0] == shown[1]
