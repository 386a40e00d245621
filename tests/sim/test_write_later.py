"""A file written later (``Storage.write_later``) is made when it may first be looked at, and
the storage then holds what writing it at once would have left."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mobile_gym.sim.system.storage import SeededFiles, Storage
from tests.sim.test_lazy_seeding import storage_digests

PAPER = "/sdcard/Download/paper.pdf"
MTIME = 1_700_000_000_000


def write_later(
    storage: Storage, path: str = PAPER, data: bytes = b"%PDF-1.4 paper", mtime: int | None = MTIME
) -> list[str]:
    """``storage.write_later`` of ``data`` at ``path``; the list of the paths made since."""
    made: list[str] = []

    def make() -> bytes:
        made.append(path)
        return data

    storage.write_later(path, make, mtime)
    return made


LOOKS: dict[str, Callable[[Storage], object]] = {
    "read": lambda storage: storage.read(PAPER),
    "exists": lambda storage: storage.exists(PAPER),
    "size": lambda storage: storage.size(PAPER),
    "its folder": lambda storage: storage.list_dir("/sdcard/Download"),
    "a folder above": lambda storage: storage.list_dir("/sdcard"),
    "its kind": lambda storage: storage.files_of_kinds({"pdf"}),
    "every file": lambda storage: storage.files,
    "a snapshot": lambda storage: storage.snapshot(),
}


@pytest.mark.parametrize("look", sorted(LOOKS))
def test_the_file_is_made_once_when_first_looked_at(look: str) -> None:
    storage = Storage()
    made = write_later(storage)
    assert made == []
    LOOKS[look](storage)
    assert made == [PAPER]
    assert storage.read(PAPER) == b"%PDF-1.4 paper"
    assert storage.modified(PAPER) == MTIME
    assert storage.list_dir("/sdcard/Download") == ["paper.pdf"]
    assert made == [PAPER]  # made once


def test_other_folders_and_kinds_of_file_leave_it_unmade() -> None:
    storage = Storage()
    made = write_later(storage)
    storage.write("/sdcard/Music/song.mp3", b"song")
    assert storage.list_dir("/sdcard/Music") == ["song.mp3"]
    assert storage.files_of_kinds({"jpg", "mp3"}) == {"/sdcard/Music/song.mp3": (4, None)}
    assert not storage.is_file("/sdcard/Download/notes.txt")
    assert made == []


def _seeded_downloads(storage: Storage | None = None) -> Storage:
    """``storage`` (a new one by default) with an app whose seeding writes into the
    downloads, the paper's path among them, deferred (as a phone makes an app's content)."""
    storage = Storage() if storage is None else storage

    def seed(_: str) -> None:
        storage.write_files([(PAPER, b"seeded", 5), ("/sdcard/Download/other.pdf", b"other", 5)])

    storage.defer("downloads", seed, files=SeededFiles(frozenset({"pdf"}), ("/sdcard/Download",)))
    return storage


def test_the_storage_holds_what_writing_at_once_leaves() -> None:
    at_once = _seeded_downloads()
    at_once.write(PAPER, b"%PDF-1.4 paper")
    at_once.set_modified(PAPER, MTIME)
    later = _seeded_downloads()
    made = write_later(later)
    assert later.read("/sdcard/Download/other.pdf") == b"other" and made == [PAPER]
    assert storage_digests(later) == storage_digests(at_once)
    assert later.read(PAPER) == b"%PDF-1.4 paper"  # over what the app seeded there


def test_a_later_write_of_the_path_wins() -> None:
    storage = Storage()
    made = write_later(storage)
    storage.write(PAPER, b"edited")
    assert made == [PAPER]  # made first, then written over
    assert storage.read(PAPER) == b"edited"
    storage = Storage()
    first = write_later(storage, data=b"first")
    second = write_later(storage, data=b"second", mtime=None)
    assert storage.read(PAPER) == b"second" and storage.modified(PAPER) is None
    assert (first, second) == ([], [PAPER])  # the first is never made


def test_a_later_write_later_of_the_path_comes_after_the_seeding_deferred_before_it() -> None:
    storage = Storage()
    write_later(storage, data=b"first")
    _seeded_downloads(storage)  # an app deferred after the first write_later, before the second
    write_later(storage, data=b"second")
    assert storage.read(PAPER) == b"second"


def test_a_file_at_the_top_folder_is_made_when_it_is_read_or_listed() -> None:
    storage = Storage()
    made = write_later(storage, "/notes.txt", b"notes")
    assert storage.read("/notes.txt") == b"notes" and made == ["/notes.txt"]
    storage = Storage()
    made = write_later(storage, "/notes.txt", b"notes")
    assert storage.list_dir("/") == ["notes.txt"] and made == ["/notes.txt"]


def test_a_database_path_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match=r"/data/data/com\.example/databases/a\.db is a database"):
        write_later(Storage(), "/data/data/com.example/databases/a.db")


def test_a_folder_made_at_the_path_meets_the_file() -> None:
    storage = Storage()
    made = write_later(storage)
    with pytest.raises(FileExistsError, match=r"paper\.pdf is a file"):
        storage.make_dirs(PAPER)
    assert made == [PAPER]
