"""Booting the phone: its databases are made from per-thread schema templates and seeded in
one transaction each, connections are reused across resets, and the boot state is snapshotted
only when the phone goes back to it. None of it may change a byte of the phone."""

from __future__ import annotations

import random
import threading

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.base import AppContext, ScreenState
from mobile_gym.sim.system.storage import Storage

PROBE = "CREATE TABLE boot_probe(x); INSERT INTO boot_probe VALUES (1);"
"""A later write: SQLite may count it in the file's header, so the bytes tell how the file
was made as well as what it holds."""


def scripted(seed: int) -> Storage:
    """The storage of a phone booted with ``seed`` whose databases are then made again the
    plain way: each app's schema script run on a new, empty database, then its seed, one
    statement at a time."""
    phone = Phone(seed=seed)
    storage = phone.storage
    for app in phone.apps.values():
        storage.drop_databases(app.package)
        for name, schema in app.schemas.items():
            storage.database(app.package, name).executescript(schema)
        ctx = AppContext(phone, app, ScreenState(app.main_activity))
        app.seed(ctx, random.Random(f"{seed}/{app.package}"))
    return storage


def images(storage: Storage, probe: bool = False) -> dict[str, bytes]:
    """Every database's file bytes (after the probe write, with ``probe``)."""
    if probe:
        for conn in storage.databases.values():
            conn.executescript(PROBE)
    return {path: conn.serialize() for path, conn in storage.databases.items()}


def boot_state(phone: Phone, probe: bool = True) -> tuple:
    """What a boot makes: files, database bytes (then, with ``probe``, the bytes after a
    write), folders, times, the sizes stand-ins stand for, the databases' layouts, logcat
    and the home screen."""
    files, databases, folders, times, sizes, layouts = phone.storage.snapshot()
    written = images(phone.storage, probe=True) if probe else None
    screen = phone.logcat_lines(), phone.hierarchy_xml()
    return files, databases, written, folders, times, sizes, layouts, *screen


@pytest.mark.parametrize("seed", [0, 7, 123456])
def test_booted_databases_are_what_the_scripts_and_seeds_make(seed: int) -> None:
    phone = Phone(seed=seed)
    booted, plain = phone.storage, scripted(seed)
    declared = sum(len(app.schemas) for app in phone.apps.values())
    assert declared >= 16 and len(booted.databases) == declared
    assert images(booted) == images(plain)
    assert images(booted, probe=True) == images(plain, probe=True)


def test_content_made_late_is_what_the_boot_would_have_made() -> None:
    """An app's content is made when first used; whenever that is, it is the boot's."""
    early = Phone(seed=5)
    late = Phone(seed=5)
    late.wait(3_600_000)  # an hour on the phone's clock before any app is touched
    assert images(late.storage) == images(early.storage)
    assert late.storage.files == early.storage.files


def test_resets_with_new_content_give_what_a_fresh_boot_gives() -> None:
    phone = Phone(seed=1)
    for seed in (2, 3, 4, 5):
        phone.factory_reset(seed)  # the last boot's connections hold this one's databases
        assert boot_state(phone) == boot_state(Phone(seed=seed))
    phone.factory_reset(6)
    phone.factory_reset()  # restored: its databases copied back into their connections
    phone.storage.write_files([("/sdcard/x.txt", b"x", 1)])
    phone.factory_reset(7)
    assert boot_state(phone) == boot_state(Phone(seed=7))


def test_going_back_to_a_boot_gives_it_again_every_time() -> None:
    """Byte for byte, and so do the same writes after it (the probe)."""
    phone = Phone(seed=3)
    expected = boot_state(Phone(seed=3))
    for _ in range(3):  # rebooted and snapshotted the first time, restored after
        phone.storage.write_files([("/sdcard/x.txt", b"x", 1)])
        phone.database("com.simplemobiletools.notes.pro", "notes").execute("DELETE FROM notes")
        phone.factory_reset()
        assert boot_state(phone) == expected


def test_boots_in_threads_match_boots_in_one() -> None:
    seeds = [11, 12, 13]
    alone = {seed: boot_state(Phone(seed=seed)) for seed in seeds}
    together: dict[int, tuple] = {}

    def boot(seed: int) -> None:
        phone = Phone(seed=0)
        phone.factory_reset(seed)
        together[seed] = boot_state(phone)

    threads = [threading.Thread(target=boot, args=(seed,)) for seed in seeds]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert together == alone


def test_cleared_app_data_is_the_bare_schema() -> None:
    phone = Phone(seed=2)
    notes = ("com.simplemobiletools.notes.pro", "notes")
    phone.clear_app_data(notes[0])
    bare = Storage()
    bare.database(*notes).executescript(phone.apps[notes[0]].schemas["notes"])
    assert phone.database(*notes).serialize() == bare.database(*notes).serialize()
    assert phone.database(*notes).execute("SELECT count(*) FROM notes").fetchone()[0] == 0


def test_a_schema_with_a_pragma_is_refused() -> None:
    with pytest.raises(ValueError, match="PRAGMA"):
        Storage().make_databases("com.example.app", {"db": "PRAGMA foreign_keys = ON;"})


def test_a_seed_that_commits_is_refused_and_spoils_no_later_database() -> None:
    storage = Storage()
    schemas = {"db": "CREATE TABLE t(x);"}

    def committing() -> None:
        storage.database("com.example.app", "db").execute("INSERT INTO t VALUES (1)")
        storage.database("com.example.app", "db").execute("COMMIT")

    with pytest.raises(
        RuntimeError,
        match=r"seeding committed /data/data/com\.example\.app/databases/db\.db; seeds must",
    ):
        storage.make_databases("com.example.app", schemas, committing)
    storage.make_databases("com.example.app", schemas)
    rows = storage.database("com.example.app", "db").execute("SELECT count(*) FROM t")
    assert rows.fetchone()[0] == 0


def test_a_failing_seed_leaves_the_template_empty() -> None:
    storage = Storage()
    schemas = {"db": "CREATE TABLE t(x);"}

    def failing() -> None:
        storage.database("com.example.app", "db").execute("INSERT INTO t VALUES (1)")
        raise KeyError("seed bug")

    with pytest.raises(KeyError):
        storage.make_databases("com.example.app", schemas, failing)
    assert "/data/data/com.example.app/databases/db.db" not in storage.databases
    storage.make_databases("com.example.app", schemas)
    rows = storage.database("com.example.app", "db").execute("SELECT count(*) FROM t")
    assert rows.fetchone()[0] == 0


def everything(storage: Storage) -> tuple[list[str], dict[str, bytes]]:
    """Every path below the root, and every plain file's bytes."""
    return storage.tree("/"), {path: storage.read(path) for path in storage.file_paths()}


@pytest.mark.parametrize("first", ["music_player", "gallery", "file_manager", "contacts"])
def test_content_is_the_same_whichever_app_makes_its_content_first(first: str) -> None:
    """Apps make their content when it is first needed; asking one app's databases first
    (which makes its files, and looks at the folders while doing so) may not hide the
    files other apps make."""
    booted = Phone(seed=3)
    booted.storage.boot_all()
    phone = Phone(seed=3)
    package = next(p for p in phone.apps if first.replace("_", "") in p.replace("_", ""))
    phone.storage.database(package, next(iter(phone.apps[package].schemas)))
    assert everything(phone.storage) == everything(booted.storage)
