"""Databases brought back from a snapshot read as they were, whatever their connections
served before.

SQLite tells a prepared statement that its database changed under it by the schema cookie
alone. The phone's databases are made with the cookie their schema script gives
(``Storage.make_databases``), so two apps' databases of different tables often share one, and
a connection that served one app's database may hold statements prepared for it (Python's
``sqlite3`` keeps them by their SQL). A database loaded whole into such a connection would be
read through the old statements: the wrong pages, "database disk image is malformed".
"""

from __future__ import annotations

from mobile_gym.commands import Command, run_command
from mobile_gym.registration import make_env
from mobile_gym.sim.system.storage import Storage, database_path

PREFERENCES_FIRST = """
CREATE TABLE preferences (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT);
"""
PREFERENCES_SECOND = """
CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE preferences (key TEXT PRIMARY KEY, value TEXT);
"""
"""Two schemas with a ``preferences`` table in other pages and the same schema cookie."""
READ = "SELECT value FROM preferences WHERE key = ?"


def _cookie(storage: Storage, package: str) -> int:
    return storage.database(package, "app").execute("PRAGMA schema_version").fetchone()[0]


def test_a_restored_database_reads_as_it_was_in_a_connection_that_served_another() -> None:
    storage = Storage()
    storage.make_databases("org.first", {"app": PREFERENCES_FIRST})
    first = storage.database("org.first", "app")
    first.execute("INSERT INTO preferences VALUES ('theme', 'dark')")
    assert [tuple(row) for row in first.execute(READ, ("theme",))] == [("dark",)]  # kept
    cookie = _cookie(storage, "org.first")
    storage.clear()  # its connection is kept to hold a database made next
    storage.make_databases("org.second", {"app": PREFERENCES_SECOND})
    second = storage.database("org.second", "app")
    second.execute("INSERT INTO preferences VALUES ('sort', 'name')")
    assert _cookie(storage, "org.second") == cookie  # what the kept statement goes by
    snapshot = storage.snapshot()
    second.execute("INSERT INTO preferences VALUES ('sort_order', 'desc')")

    storage.restore(snapshot)

    restored = storage.database("org.second", "app")
    assert [tuple(row) for row in restored.execute(READ, ("sort",))] == [("name",)]
    assert [tuple(row) for row in restored.execute("SELECT key FROM preferences")] == [("sort",)]
    assert restored.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_contacts_opens_after_a_notes_task_is_reset_twice_with_one_seed() -> None:
    """The phone's own case: a Notes task's database read its preferences through a
    connection that the second reset's Contacts database then got."""
    env = make_env("mab.note_delete", action_space="gesture", observation="text")
    try:
        env.reset(seed=5)
        env.reset(seed=5)
        base = env.unwrapped
        run_command(base, Command("open_app", app="Contacts"))
        phone = base.device.phone
        assert phone.crashes.count == 0, "\n".join(phone.logcat_lines(fmt="brief")[0][-12:])
        assert phone.foreground_package == "com.simplemobiletools.contacts.pro"
    finally:
        env.close()


def test_a_database_made_anew_at_a_deleted_path_is_not_taken_for_the_deleted_layout() -> None:
    """A database deleted and made again at its path by first use is of no known layout: a
    snapshot of it is loaded into a connection of its own, not into one that holds
    statements for the layout the deleted database had."""
    storage = Storage()
    storage.make_databases("org.first", {"app": PREFERENCES_FIRST})
    storage.delete(database_path("org.first", "app"))
    remade = storage.database("org.first", "app")  # made empty by its first use
    remade.executescript(PREFERENCES_SECOND)
    remade.execute("INSERT INTO preferences VALUES ('sort', 'name')")
    remade.commit()
    snapshot = storage.snapshot()
    storage.restore(snapshot)  # (a reset to it: the layout it records is the one kept)
    storage.clear()
    storage.make_databases("org.first", {"app": PREFERENCES_FIRST})
    first = storage.database("org.first", "app")
    first.execute("INSERT INTO preferences VALUES ('theme', 'dark')")
    assert [tuple(row) for row in first.execute(READ, ("theme",))] == [("dark",)]  # kept

    storage.restore(snapshot)

    restored = storage.database("org.first", "app")
    assert [tuple(row) for row in restored.execute(READ, ("sort",))] == [("name",)]
    assert restored.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


WRITE = "INSERT INTO preferences VALUES (?, ?)"


def test_a_restored_database_written_again_is_byte_for_byte_what_it_was() -> None:
    """A database brought back and written as before has the same bytes as before: it is
    copied into its connection as a database made from its schema is, not loaded whole
    (SQLite would count each later write in the file's header, and the statements kept
    for it would go on writing as they did for the database it replaced)."""
    storage = Storage()
    storage.make_databases("org.first", {"app": PREFERENCES_FIRST})
    snapshot = storage.snapshot()
    storage.database("org.first", "app").execute(WRITE, ("theme", "dark"))
    written = storage.read(database_path("org.first", "app"))
    for _ in range(2):
        storage.restore(snapshot)
        storage.database("org.first", "app").execute(WRITE, ("theme", "dark"))
        assert storage.read(database_path("org.first", "app")) == written


def test_a_restore_undoes_every_write_since_the_snapshot() -> None:
    """A database that has not changed since it was taken or loaded is left as it is; one
    that was written, rows or tables, is loaded again."""
    storage = Storage()
    storage.make_databases("org.first", {"app": PREFERENCES_FIRST})
    storage.make_databases("org.second", {"app": PREFERENCES_SECOND})
    snapshot = storage.snapshot()
    first, second = (storage.database(p, "app") for p in ("org.first", "org.second"))
    first.execute(WRITE, ("theme", "dark"))
    second.execute("CREATE TABLE extra (x)")  # no row changed: a table made

    storage.restore(snapshot)

    first, second = (storage.database(p, "app") for p in ("org.first", "org.second"))
    assert first.execute("SELECT count(*) FROM preferences").fetchone()[0] == 0
    tables = {row[0] for row in second.execute("SELECT name FROM sqlite_master")}
    assert "extra" not in tables and "contacts" in tables
    second.execute(WRITE, ("sort", "name"))
    taken = storage.snapshot()  # a write after a restore is in the next snapshot
    storage.restore(snapshot)
    assert second.execute("SELECT count(*) FROM preferences").fetchone()[0] == 0
    storage.restore(taken)
    assert [tuple(r) for r in second.execute(READ, ("sort",))] == [("name",)]
