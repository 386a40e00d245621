"""Phone paths: how the storage normalises them and which directories its entries make."""

from __future__ import annotations

import itertools
import posixpath

import pytest

from mobile_gym.sim.system.storage import Storage, normalize

PARTS = ("", ".", "..", "a", ".hidden", "b.", "..c", "d e", "/")


@pytest.mark.parametrize("length", range(5))
def test_normalize_is_posix_normalisation_from_the_root(length: int) -> None:
    for parts in itertools.product(PARTS, repeat=length):
        path = "/" + "/".join(parts)
        assert normalize(path) == "/" + posixpath.normpath(path).lstrip("/"), path


def test_normal_paths_come_back_unchanged() -> None:
    for path in ("/", "/sdcard", "/sdcard/DCIM/Camera/IMG_1.jpg", "/data/data/a.b/x y.txt"):
        assert normalize(path) == path


def test_androids_linked_roots_are_one_folder() -> None:
    assert normalize("/storage/emulated/0/Download/a.pdf") == "/sdcard/Download/a.pdf"
    assert normalize("/storage/self/primary") == "/sdcard"
    assert normalize("/storage/emulated/0//DCIM/./x.jpg") == "/sdcard/DCIM/x.jpg"
    alarms = "/data/user_de/0/com.google.android.deskclock/databases/alarms.db"
    assert normalize(alarms) == "/data/data/com.google.android.deskclock/databases/alarms.db"
    assert normalize("/data/user/0/a.b/files") == "/data/data/a.b/files"
    assert normalize("/storage/emulated/01/x") == "/storage/emulated/01/x"  # not the link
    assert normalize("/data/user_de/1/a.b") == "/data/user_de/1/a.b"  # another user's
    storage = Storage()
    storage.write("/storage/emulated/0/Download/a.txt", b"hi")
    assert storage.read("/sdcard/Download/a.txt") == b"hi"


def test_bad_paths_are_refused() -> None:
    for path in ("", "sdcard/x", "./x", "/a\x00b"):
        with pytest.raises(ValueError):
            normalize(path)


def test_directories_are_the_root_the_folders_and_everything_above_an_entry() -> None:
    storage = Storage()
    assert storage.directories() == {"/"}
    storage.write_files([("/top.txt", b"", 1), ("/sdcard/Music/Live/a.mp3", b"", 1)])
    storage.make_dirs("/sdcard/Empty/Inner")
    storage.database("com.example.app", "db")
    assert storage.directories() == {
        "/",
        "/sdcard",
        "/sdcard/Music",
        "/sdcard/Music/Live",
        "/sdcard/Empty",
        "/sdcard/Empty/Inner",
        "/data",
        "/data/data",
        "/data/data/com.example.app",
        "/data/data/com.example.app/databases",
    }
