"""The storage sandbox's folder operations: empty folders, times, copy, move, delete trees."""

from __future__ import annotations

import sqlite3

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.system.storage import Storage, database_path


@pytest.fixture
def storage() -> Storage:
    store = Storage()
    store.write_files(
        [
            ("/sdcard/Documents/a.txt", b"alpha", 1000),
            ("/sdcard/Documents/Work/b.txt", b"bravo!", 2000),
            ("/sdcard/Music/c.mp3", b"cc", 3000),
        ]
    )
    return store


def test_empty_folders_exist_and_are_listed(storage: Storage) -> None:
    storage.make_dirs("/sdcard/Alarms", mtime=500)
    storage.make_dirs("/sdcard/Documents/Old/2019")
    assert storage.list_dir("/sdcard") == ["Alarms", "Documents", "Music"]
    assert storage.list_dir("/sdcard/Alarms") == []
    assert storage.list_dir("/sdcard/Documents/Old") == ["2019"]
    assert storage.is_dir("/sdcard/Documents/Old") and storage.exists("/sdcard/Alarms")
    assert not storage.is_dir("/sdcard/Documents/a.txt")
    assert storage.modified("/sdcard/Alarms") == 500
    with pytest.raises(IsADirectoryError):
        storage.write("/sdcard/Alarms", b"x")
    with pytest.raises(FileExistsError):
        storage.make_dirs("/sdcard/Documents/a.txt/inner")


def test_nothing_is_written_below_a_file(storage: Storage) -> None:
    """A path below a file names no place: Android answers "Not a directory", and the file
    stays a file (it was listed as a folder too, holding what was written below it)."""
    database = database_path("com.example", "notes")
    image = sqlite3.connect(":memory:")
    image.execute("CREATE TABLE notes (body TEXT)")
    storage.write(database, image.serialize())
    for below in ("/sdcard/Documents/a.txt/b.txt", "/sdcard/Documents/a.txt/c/d.txt"):
        with pytest.raises(NotADirectoryError, match=r"/sdcard/Documents/a\.txt is a file"):
            storage.write(below, b"x")
        with pytest.raises(NotADirectoryError, match=r"a\.txt is a file"):
            storage.write_files([(below, b"x", 0)])
    with pytest.raises(NotADirectoryError, match=r"notes\.db is a file"):
        storage.write(database + "/inside.txt", b"x")
    batch = [("/sdcard/Documents/new.txt", b"x", 0), ("/sdcard/Documents/new.txt/in.txt", b"y", 0)]
    with pytest.raises(NotADirectoryError, match=r"new\.txt is a file"):
        storage.write_files(batch)  # a file and a file below it, written together
    assert not storage.exists("/sdcard/Documents/new.txt")  # nothing of the batch written
    assert not storage.is_dir("/sdcard/Documents/a.txt")
    assert storage.read("/sdcard/Documents/a.txt") == b"alpha"


def test_times_sizes_and_trees(storage: Storage) -> None:
    assert storage.modified("/sdcard/Documents/Work/b.txt") == 2000
    assert storage.modified("/sdcard/nothing") is None
    storage.set_modified("/sdcard/Documents/a.txt", 4000)
    assert storage.modified("/sdcard/Documents/a.txt") == 4000
    with pytest.raises(FileNotFoundError):
        storage.set_modified("/sdcard/missing.txt", 1)
    assert storage.size("/sdcard/Documents/a.txt") == 5
    assert storage.size("/sdcard/Documents") == 11
    assert storage.tree("/sdcard/Documents") == [
        "/sdcard/Documents/Work",
        "/sdcard/Documents/Work/b.txt",
        "/sdcard/Documents/a.txt",
    ]
    storage.delete("/sdcard/Documents/a.txt")
    assert storage.modified("/sdcard/Documents/a.txt") is None


def test_file_stats_of_a_folder_agree_with_size_and_modified_path_by_path(
    storage: Storage,
) -> None:
    storage.write("/sdcard/Documents/untimed.bin", b"1234")
    conn = storage.database("org.example", "notes")
    conn.execute("CREATE TABLE t(x)")
    conn.commit()
    for folder in ("/sdcard/Documents", "/sdcard/Music", "/data/data/org.example/databases"):
        stats = storage.file_stats(folder)
        files = [n for n in storage.list_dir(folder) if not storage.is_dir(f"{folder}/{n}")]
        assert sorted(stats) == files  # files and databases, never the folders
        for name, (size, modified) in stats.items():
            path = f"{folder}/{name}"
            assert (size, modified) == (storage.size(path), storage.modified(path))
    assert storage.file_stats("/sdcard/Documents")["untimed.bin"] == (4, None)
    assert "Work" not in storage.file_stats("/sdcard/Documents")
    assert storage.file_stats("/storage/emulated/0/Music") == {"c.mp3": (2, 3000)}
    with pytest.raises(FileNotFoundError):
        storage.file_stats("/sdcard/missing")


def test_copy_a_folder_keeps_the_source(storage: Storage) -> None:
    storage.make_dirs("/sdcard/Documents/Work/Empty")
    storage.copy("/sdcard/Documents/Work", "/sdcard/Music/Work", mtime=9000)
    assert storage.read("/sdcard/Music/Work/b.txt") == b"bravo!"
    assert storage.read("/sdcard/Documents/Work/b.txt") == b"bravo!"
    assert storage.is_dir("/sdcard/Music/Work/Empty")
    assert storage.modified("/sdcard/Music/Work/b.txt") == 9000
    storage.copy("/sdcard/Music/c.mp3", "/sdcard/Documents/c.mp3")
    assert storage.modified("/sdcard/Documents/c.mp3") == 3000  # the source's time


def test_move_and_rename(storage: Storage) -> None:
    storage.move("/sdcard/Documents/Work", "/sdcard/Projects")
    assert not storage.exists("/sdcard/Documents/Work")
    assert storage.read("/sdcard/Projects/b.txt") == b"bravo!"
    assert storage.modified("/sdcard/Projects/b.txt") == 2000
    storage.move("/sdcard/Music/c.mp3", "/sdcard/Music/d.mp3")
    assert storage.list_dir("/sdcard/Music") == ["d.mp3"]


def test_bad_transfers_are_refused(storage: Storage) -> None:
    with pytest.raises(FileNotFoundError):
        storage.copy("/sdcard/none.txt", "/sdcard/x.txt")
    with pytest.raises(FileExistsError):
        storage.move("/sdcard/Music/c.mp3", "/sdcard/Documents/a.txt")
    with pytest.raises(ValueError, match="inside itself"):
        storage.move("/sdcard/Documents", "/sdcard/Documents/Work/Documents")
    with pytest.raises(NotADirectoryError):
        storage.copy("/sdcard/Music/c.mp3", "/sdcard/Documents/a.txt/c.mp3")
    with pytest.raises(NotADirectoryError, match=r"a\.txt is a file"):
        storage.copy("/sdcard/Music/c.mp3", "/sdcard/Documents/a.txt/Deeper/c.mp3")
    with pytest.raises(ValueError, match="root"):
        storage.delete_tree("/")
    assert storage.read("/sdcard/Documents/a.txt") == b"alpha"


def test_delete_tree_removes_everything_below(storage: Storage) -> None:
    storage.make_dirs("/sdcard/Documents/Work/Empty")
    storage.delete_tree("/sdcard/Documents")
    assert storage.list_dir("/sdcard") == ["Music"]
    assert not storage.exists("/sdcard/Documents/Work/Empty")
    with pytest.raises(FileNotFoundError):
        storage.delete_tree("/sdcard/Documents")
    storage.delete_tree("/sdcard/Music/c.mp3")
    assert not storage.exists("/sdcard")  # nothing holds it any more


def test_folders_and_times_are_part_of_the_phone_snapshot() -> None:
    phone = Phone(seed=0)
    snap = phone.snapshot()
    phone.storage.make_dirs("/sdcard/Fresh", mtime=1)
    phone.storage.write_files([("/sdcard/Fresh/x.txt", b"x", 2)])
    phone.restore(snap)
    assert not phone.storage.exists("/sdcard/Fresh")
    phone.storage.make_dirs("/sdcard/Fresh", mtime=1)
    again = phone.snapshot()
    phone.storage.delete_tree("/sdcard/Fresh")
    phone.restore(again)
    assert phone.storage.is_dir("/sdcard/Fresh") and phone.storage.modified("/sdcard/Fresh") == 1


def test_write_files_refuses_directories_and_databases(storage: Storage) -> None:
    with pytest.raises(IsADirectoryError):
        storage.write_files([("/sdcard/Documents", b"x", 1)])
    with pytest.raises(ValueError, match="database"):
        storage.write_files([("/data/data/a.b/databases/x.db", b"x", 1)])


def _listing(storage: Storage) -> dict[str, list[str]]:
    return {folder: storage.list_dir(folder) for folder in sorted(storage.directories())}


def _listed_afresh(storage: Storage) -> dict[str, list[str]]:
    """The listing of a storage holding the same files, found from its paths."""
    fresh = Storage()
    fresh.restore(storage.snapshot())
    return _listing(fresh)


def test_the_listing_kept_up_to_date_is_the_listing_found_afresh() -> None:
    phone = Phone(seed=0)
    storage = phone.storage
    assert _listing(storage) == _listed_afresh(storage)
    package = "com.simplemobiletools.filemanager.pro"
    private = f"/data/data/{package}/files/cache/state.json"
    storage.write(private, b"{}")  # a folder made only by this file
    storage.write("/sdcard/Download/new.txt", b"new")
    storage.write("/sdcard/Download/new.txt", b"written again")
    version = storage.files_version
    storage.set_modified("/sdcard/Download/new.txt", 1_700_000_000_000)  # a time alone
    assert storage.files_version > version  # (whoever read the files reads them again)
    assert _listing(storage) == _listed_afresh(storage)
    storage.database("com.example.app", "fresh")  # made on first use
    storage.make_dirs("/sdcard/Empty/Inner")
    assert storage.is_dir(f"/data/data/{package}/files/cache")
    assert _listing(storage) == _listed_afresh(storage)
    phone.clear_app_data(package)  # its databases dropped and made again, its files deleted
    assert not storage.exists(private) and not storage.is_dir(f"/data/data/{package}/files")
    assert storage.is_dir("/sdcard/Empty/Inner") and storage.exists("/sdcard/Download/new.txt")
    assert _listing(storage) == _listed_afresh(storage)
    storage.drop_databases("com.example.app")
    assert not storage.is_dir("/data/data/com.example.app")
    assert _listing(storage) == _listed_afresh(storage)


def test_dropping_the_databases_of_an_app_not_made_yet_lists_them_no_more() -> None:
    phone = Phone(seed=0)
    storage = phone.storage
    notes = "/data/data/com.simplemobiletools.notes.pro/databases"
    assert storage.list_dir(notes)  # listed before they are made (made when first read)
    storage.drop_databases("com.simplemobiletools.notes.pro")  # so they are never made
    assert not storage.is_dir(notes)
    assert _listing(storage) == _listed_afresh(storage)


def test_a_database_made_on_first_use_and_never_written_is_an_empty_file() -> None:
    phone = Phone(seed=0)
    storage = phone.storage
    storage.database("com.example.app", "fresh")
    path = database_path("com.example.app", "fresh")
    assert storage.read(path) == b""
    snap = phone.snapshot()
    storage.database("com.example.app", "fresh").execute("CREATE TABLE t(x)")
    assert storage.read(path).startswith(b"SQLite format 3\x00")
    phone.restore(snap)
    assert storage.read(path) == b""
    tables = storage.database("com.example.app", "fresh").execute("SELECT * FROM sqlite_master")
    assert tables.fetchall() == []
