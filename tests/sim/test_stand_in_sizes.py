"""Stand-in files show the size they stand for: a seeded photo is a few bytes standing for
its megabytes, and every app that shows its size shows those megabytes."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.file_manager import MAIN as FILE_MANAGER_MAIN
from mobile_gym.sim.apps.file_manager import PACKAGE as FILE_MANAGER
from mobile_gym.sim.apps.file_manager.files import format_size
from mobile_gym.sim.system.storage import Storage
from tests.sim.conftest import opened

GALLERY = "com.simplemobiletools.gallery.pro"
PHOTO = "/sdcard/DCIM/a.jpg"


@pytest.fixture
def storage() -> Storage:
    storage = Storage()
    storage.make_dirs("/sdcard/DCIM")
    storage.make_dirs("/sdcard/Pictures")
    storage.write_files([(PHOTO, b"placeholder a.jpg", 7)], sizes={PHOTO: 3_145_728})
    return storage


def test_a_stand_in_shows_the_size_it_stands_for(storage: Storage) -> None:
    assert storage.size(PHOTO) == 3_145_728
    assert storage.file_stats("/sdcard/DCIM") == {"a.jpg": (3_145_728, 7)}
    assert storage.files_of_kinds({"jpg"}) == {PHOTO: (3_145_728, 7)}
    assert storage.size("/sdcard") == 3_145_728
    assert storage.read(PHOTO) == b"placeholder a.jpg"  # what is read is the stand-in


def test_a_size_for_a_file_not_written_is_refused(storage: Storage) -> None:
    with pytest.raises(ValueError, match="not written"):
        storage.write_files([("/sdcard/b.jpg", b"b", 1)], sizes={"/sdcard/c.jpg": 9})
    assert not storage.exists("/sdcard/b.jpg")


def test_copies_and_moves_keep_it_and_new_content_drops_it(storage: Storage) -> None:
    storage.copy(PHOTO, "/sdcard/Pictures/copy.jpg")
    storage.move(PHOTO, "/sdcard/Pictures/moved.jpg")
    assert storage.size("/sdcard/Pictures/copy.jpg") == 3_145_728
    assert storage.size("/sdcard/Pictures/moved.jpg") == 3_145_728
    storage.move("/sdcard/Pictures", "/sdcard/Album")
    assert storage.size("/sdcard/Album") == 2 * 3_145_728
    storage.write("/sdcard/Album/copy.jpg", b"edited")
    assert storage.size("/sdcard/Album/copy.jpg") == 6
    storage.delete("/sdcard/Album/moved.jpg")
    storage.write("/sdcard/Album/moved.jpg", b"new")
    assert storage.size("/sdcard/Album/moved.jpg") == 3
    assert storage.sizes == {}


def test_a_snapshot_keeps_it(storage: Storage) -> None:
    snapshot = storage.snapshot()
    storage.delete(PHOTO)
    storage.restore(snapshot)
    assert storage.size(PHOTO) == 3_145_728
    fresh = Storage()
    fresh.restore(snapshot)
    assert fresh.file_stats("/sdcard/DCIM") == {"a.jpg": (3_145_728, 7)}


def test_seeded_media_show_their_gallery_sizes_in_the_file_manager() -> None:
    phone = Phone(seed=0)
    index = dict(
        phone.database(GALLERY, "gallery").execute("SELECT full_path, size FROM media").fetchall()
    )
    downloads = {p: s for p, s in index.items() if p.startswith("/sdcard/Download/")}
    assert downloads and all(size > 100_000 for size in downloads.values())
    for path, size in index.items():
        assert phone.storage.size(path) == size
    d = opened(phone, "File Manager", (FILE_MANAGER, FILE_MANAGER_MAIN))
    d.tap(text="Download")
    path, size = sorted(downloads.items())[0]
    d.long_press(id="item_name", text=path.rsplit("/", 1)[1])
    d.tap(id="cab_properties")
    assert d.exists(id="property_value", text=format_size(size))
