"""The phone's storage sandbox: an in-memory file system and per-app SQLite databases.

Nothing touches the host's disk. Databases are real SQLite (stdlib ``sqlite3``) held in
memory; reading ``/data/data/<package>/databases/<name>.db`` returns the database file's
bytes and writing that path replaces the database, as pulling and pushing it over ADB does.
An app's databases are made and seeded on per-thread templates of their schemas and copied
in (``make_databases``), the same bytes as running the schema scripts at every boot; a
snapshot's databases are copied back in the same way (``restore``), so that the same writes
after it make the same bytes again, and only those written since are copied. Each
app's content is made when first needed (``defer``): its files only when files it may have
written are read, by kind or by folder (``SeededFiles``), so that a gallery's media scan does
not make a file manager's documents.

Directories exist where files are, and where ``make_dirs`` made them (kept when empty).
Writers may record a file's or folder's last-modified time (epoch ms, on the phone's clock);
``copy``, ``move`` and ``delete_tree`` act on whole folders, as a file manager does.
"""

from __future__ import annotations

import operator
import posixpath
import re
import sqlite3
import threading
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property

from mobile_gym.sim.tracking import Dependencies

_DB_PATH = re.compile(r"^/data/data/([A-Za-z0-9_.]+)/databases/([A-Za-z0-9_.-]+)\.db$")
_PRAGMA = re.compile(r"\bPRAGMA\b", re.IGNORECASE)
_TOTAL_CHANGES = operator.attrgetter("total_changes")

StorageSnapshot = tuple[
    dict[str, bytes],
    dict[str, bytes],
    frozenset[str],
    dict[str, int],
    dict[str, int],
    dict[str, Hashable],
]
"""Files, database images, explicitly made folders, recorded modification times, the sizes
stand-in files stand for, and the layout of each database image made from its schema
(``Storage`` says why it matters)."""
FILES = ("files",)
"""The key under which reading the file tree and changing it are reported."""


def database_key(path: str) -> tuple[str, str]:
    """The key under which reading database ``path`` and writing it are reported."""
    return ("db", path)


def database_path(package: str, name: str) -> str:
    return f"/data/data/{package}/databases/{name}.db"


def database_named(path: str) -> tuple[str, str] | None:
    """The app and the name of the database at ``path`` (an absolute phone path, under any
    of ``LINKED_ROOTS``' names); None when it is not an app's database path."""
    match = _DB_PATH.match(normalize(path))
    return None if match is None else (match[1], match[2])


MAX_NAME_BYTES = 255
"""The longest name of a file or folder, in UTF-8 bytes, as Android's file systems take it
(longer is ``ENAMETOOLONG``); the apps' rename and new-folder dialogs refuse longer ones."""
NAME_TOO_LONG = "The name is too long"
"""What those dialogs say of a longer name."""


def name_too_long(name: str) -> bool:
    """Whether ``name`` is longer than a file system takes (``MAX_NAME_BYTES``)."""
    return len(name.encode("utf-8")) > MAX_NAME_BYTES


LINKED_ROOTS = {
    "/storage/emulated/0": "/sdcard",
    "/storage/self/primary": "/sdcard",
    "/data/user/0": "/data/data",
    "/data/user_de/0": "/data/data",
}
"""Android's other names of the shared storage and of the apps' data folders (links on a
device; MobileWorld reads the Clock's alarms under ``/data/user_de/0``)."""


def file_kind(path: str) -> str:
    """A file's kind: the extension of its name, lower case, without the dot (``jpg`` for
    ``IMG_1.JPG``, ``nomedia`` for ``.nomedia``); empty for a name without a dot."""
    name = path.rpartition("/")[2]
    return name.rpartition(".")[2].lower() if "." in name else ""


@dataclass(frozen=True)
class SeededFiles:
    """What an app's seeding writes to the shared storage: files of ``kinds``
    (``file_kind``), inside ``folders`` only; it may make those folders and the folders
    above them. Reading other kinds of file, or looking in other folders, does not make the
    app's content; seeding that writes elsewhere is refused."""

    kinds: frozenset[str]
    folders: tuple[str, ...]

    @cached_property
    def _prefixes(self) -> tuple[str, ...]:
        return tuple(folder.rstrip("/") + "/" for folder in self.folders)

    def inside(self, path: str) -> bool:
        """Whether ``path`` is inside one of the folders."""
        return path.startswith(self._prefixes)

    def near(self, path: str) -> bool:
        """Whether the seeding may write ``path``, or a folder above it or inside it."""
        if path == "/" or path in self.folders or self.inside(path):
            return True
        return any(folder.startswith(path + "/") for folder in self.folders)


def normalize(path: str) -> str:
    """An absolute, normalised phone path, with Android's linked roots
    (``LINKED_ROOTS``) under their one name; ValueError for relative or empty paths."""
    if not isinstance(path, str) or not path.startswith("/"):
        raise ValueError(f"phone paths must be absolute, got {path!r}")
    if "\x00" in path:
        raise ValueError("phone paths cannot contain NUL")
    if "//" in path or "/." in path or path.endswith("/"):
        path = "/" + posixpath.normpath(path).lstrip("/")
    if path.startswith(("/storage/", "/data/user")):
        for linked, root in LINKED_ROOTS.items():
            if path == linked or path.startswith(linked + "/"):
                return root + path[len(linked) :]
    return path


class Storage:
    """Files (path -> bytes) and SQLite databases of one phone.

    With ``deps``, reading the files is reported under ``FILES`` and asking for a database
    under ``database_key(path)``; changes to the files are reported as they are made, and
    writes to a database when ``note_database_writes`` finds them (SQL runs on the
    connection itself).
    """

    def __init__(self, deps: Dependencies | None = None) -> None:
        self.deps = deps or Dependencies()
        self._files: dict[str, bytes] = {}
        self._databases: dict[str, sqlite3.Connection] = {}
        self._unbooted: dict[str, Callable[[str], object]] = {}
        """The apps whose content is not made yet: how to make it (``defer``)."""
        self._seeded_from: dict[str, list[str]] = {}
        """The apps whose seeding reads each app's content."""
        self._sources: dict[str, tuple[str, ...]] = {}
        """The apps whose content each app's seeding reads (``_seeded_from`` turned round)."""
        self._as_seeded: dict[str, dict[str, bytes]] = {}
        """The images of the databases of each app made whose readers (``_seeded_from``) are
        not all made yet, as its seeding left them: what those readers are seeded from,
        whenever they are made (cheaper than making their content with the app's)."""
        self._reading: dict[str, sqlite3.Connection] = {}
        """While an app's content is made: the databases it is seeded from, as seeded."""
        self._file_writers: dict[str, SeededFiles] = {}
        """The apps not made yet whose seeding writes files, with what it writes."""
        self._seeding: tuple[str, SeededFiles | None] | None = None
        """While an app's content is made: the app, and what it may write."""
        self._unmade: dict[str, str] = {}
        """The app of each database of the apps not made yet, by path."""
        self._booting = False
        self._dropping: str | None = None
        """The app whose content is being made only for what outlives the clearing of its
        data (``drop_databases``): its databases are not copied into the phone."""
        self.folders: set[str] = set()
        """Directories made with ``make_dirs``: they exist even when empty."""
        self.files_version = 0
        """Changes when a file or folder is added, replaced or removed."""
        self.times: dict[str, int] = {}
        """Last-modified times (epoch ms) of the files and folders whose writers recorded one."""
        self.sizes: dict[str, int] = {}
        """The size in bytes each stand-in file stands for, by path: seeded photos and films
        hold a few bytes that stand for their megabytes, and show those megabytes wherever
        a file's size is shown (``size``, ``file_stats``, ``files_of_kinds``). A copy or a
        move keeps it; new content (``write``) drops it. What is read, pulled or pushed is
        the stand-in bytes themselves."""
        self._generation = 0
        self._spare: dict[Hashable, list[sqlite3.Connection]] = {}
        """Connections of the databases ``clear`` dropped, by layout, kept to hold the next
        ones made of that layout."""
        self._layouts: dict[str, Hashable] = {}
        """The layout of each database made from its schema (``make_databases``), or
        brought back as one (``restore``): the key of its ``_Template``. A database loaded
        whole from a file has none."""
        self._loaded = False
        """Whether a database image was loaded whole (pushed or restored) since ``clear``."""
        self._directories: dict[str, set[str]] | None = None
        """Every directory and what it holds (``_listing``), found when asked after a change."""
        self._writes: dict[str, tuple[sqlite3.Connection, int]] = {}
        """Each database's connection and its count of changes when last looked at."""
        self._total: tuple[int, int] | None = None
        """``version`` when the writes were last looked at."""
        self._made: dict[str, int] = {}
        """The count of changes of each database made by ``make_databases`` when it was made
        (its connection may have served before): writes are what it counted since."""
        self._images: dict[str, tuple[sqlite3.Connection, tuple[int, int], bytes]] = {}
        """The image of each database as ``snapshot`` last took it or ``restore`` loaded it,
        with its connection and that connection's ``_writes_seen`` then: while they stay the
        same, the database is that image still (``_still``), so taking it again or loading
        it again has nothing to do."""

    # content made on first use -----------------------------------------------------------
    def defer(
        self,
        package: str,
        boot: Callable[[str], object],
        databases: Iterable[str] = (),
        seeds_from: Iterable[str] = (),
        files: SeededFiles | None = None,
    ) -> None:
        """Make ``package``'s content (its ``databases``, by name, and the ``files`` it
        writes) with ``boot(package)`` when first needed: when its databases are asked for,
        or files it may have written are (a kind of file, a folder, a path: see
        ``SeededFiles``); the files list its databases from the start. A phone whose task
        uses two apps makes the content of two. Seeding that writes where it did not
        declare is refused: a reader there would not have made it. ``seeds_from`` names the
        apps whose databases ``boot`` reads (through ``database``): it reads them as their
        seeding left them, whenever it runs and whatever was done to them since
        (``_as_seeded``)."""
        self._unbooted[package] = boot
        for name in databases:
            self._unmade[database_path(package, name)] = package
        if files is not None:
            self._file_writers[package] = files
        for source in seeds_from:
            self._seeded_from.setdefault(source, []).append(package)
        self._sources[package] = tuple(seeds_from)

    def _boot(self, package: str) -> None:
        files = self._file_writers.get(package)
        boot = self._made_now(package)
        if boot is None:
            return
        self._booting, booting = True, self._booting
        self._seeding, seeding = (package, files), self._seeding
        self._reading, reading = self._seeded_sources(package), self._reading
        try:
            self.deps.unrecorded(boot, package)  # made whenever first needed: unread here
        finally:
            self._booting = booting
            self._seeding = seeding
            for conn in self._reading.values():
                conn.close()
            self._reading = reading
        for source in [s for s in self._as_seeded if not self._waiting(s)]:
            del self._as_seeded[source]  # no app waits to be seeded from it any more

    def _made_now(self, package: str) -> Callable[[str], object] | None:
        """Forget that ``package``'s content is still to be made (it is being made, or will
        never be); how it was to be made, if it was."""
        boot = self._unbooted.pop(package, None)
        if boot is not None:
            for path in [path for path, owner in self._unmade.items() if owner == package]:
                del self._unmade[path]
            self._file_writers.pop(package, None)
        return boot

    def _waiting(self, source: str) -> bool:
        """Whether an app seeded from ``source``'s content is not made yet."""
        return any(reader in self._unbooted for reader in self._seeded_from.get(source, ()))

    def _seeded_sources(self, package: str) -> dict[str, sqlite3.Connection]:
        """The databases of the apps made already that ``package``'s seeding reads, as their
        seeding left them, on connections of their own (closed after ``package``'s seeding).
        The apps not made yet are made when read: their databases are as seeded."""
        reading = {}
        for source in self._sources.get(package, ()):
            for path, image in self._as_seeded.get(source, {}).items():
                conn = reading[path] = _connect()
                conn.deserialize(image)
        return reading

    def boot_all(self) -> None:
        """Make the content of every app not made yet (in the order they were deferred)."""
        if self._booting:
            return  # inside an app's boot: it writes its own content only
        while self._unbooted:
            self._boot(next(iter(self._unbooted)))

    def _make_files(self, kinds: Collection[str] | None = None, near: str | None = None) -> None:
        """Make the content of the apps not made yet that write files, in the order they
        were deferred: of those that write ``kinds`` of file, and (``SeededFiles.near``)
        ``near`` a path, when given."""
        writers = self._file_writers
        if writers and not self._booting:
            for package in [
                p
                for p in self._unbooted
                if p in writers
                and (kinds is None or not writers[p].kinds.isdisjoint(kinds))
                and (near is None or writers[p].near(near))
            ]:
                self._boot(package)

    def _seeded(self, path: str, folder: bool = False) -> None:
        """Refuse file (or ``folder``) ``path`` if an app's seeding writes it where it did
        not declare (``SeededFiles``): a reader there would not have made it."""
        if self._seeding is None:
            return
        package, files = self._seeding
        if files is None or not (files.near(path) if folder else files.inside(path)):
            raise ValueError(
                f"the seeding of {package} writes {path}, outside the folders it declares"
            )
        if not folder and file_kind(path) not in files.kinds:
            raise ValueError(
                f"the seeding of {package} writes {path}, a kind of file "
                f"({file_kind(path) or 'no extension'}) it does not declare"
            )

    def files_of_kinds(self, kinds: Collection[str]) -> dict[str, tuple[int, int | None]]:
        """The plain files of ``kinds`` (``file_kind``) by path: each one's size in bytes
        (``sizes``) and when it was last modified (None if its writer did not record it).
        Only the apps that write those kinds of file make their content for this (a
        gallery's media scan does not make the file manager's documents)."""
        self.deps.read(FILES)
        self._make_files(kinds)
        times, sizes = self.times, self.sizes
        return {
            path: (sizes.get(path, len(data)), times.get(path))
            for path, data in self._files.items()
            if file_kind(path) in kinds
        }

    def is_file(self, path: str) -> bool:
        """Whether a plain file is at ``path`` (a database or a folder is not). Only the
        apps that write its kind of file make their content for this."""
        path = normalize(path)
        self.deps.read(FILES)
        self._make_files((file_kind(path),), path)
        return path in self._files

    @property
    def files(self) -> dict[str, bytes]:
        """Every plain file by path (read-only for callers: change files through methods)."""
        self._make_files()
        return self._files

    def read_version(self, near: str | None = None) -> int:
        """``files_version`` as a reader of the files sees it: the content still to be made
        is made first (only the content that may be ``near`` a path, when given), and the
        read is recorded as one of the files (whoever uses it is brought up to date when
        they change). What is derived from the plain files and folders alone (near that
        path) may be kept by it (in a cache keyed by it): content made later moves it;
        databases are not covered: writing one leaves it where it is."""
        self.deps.read(FILES)
        self._make_files(near=near)
        return self.files_version

    def _is_database(self, path: str) -> bool:
        """Whether ``path`` is an app's database (made, or to be made on first use)."""
        return path in self._databases or path in self._unmade

    def _database_at(self, path: str) -> sqlite3.Connection:
        """The connection of database ``path`` (``_is_database``), made if not yet made."""
        package = self._unmade.get(path)
        if package is not None:
            self._boot(package)
        return self._databases[path]

    @property
    def databases(self) -> dict[str, sqlite3.Connection]:
        """Every database's connection by path."""
        if self._unbooted:
            self.boot_all()
        return self._databases

    def _files_changed(self) -> None:
        """Paths were removed (or the files replaced whole): the listing is found again
        when next asked."""
        self._directories = None
        self.files_version += 1
        self._report(FILES)

    def _paths_added(self, paths: Iterable[str]) -> None:
        """Paths were only added or written (files written again are listed already): the
        listing, if found already, grows."""
        if self._directories is not None:
            self._list(paths)
        self.files_version += 1
        self._report(FILES)

    def _times_changed(self) -> None:
        """Only last-modified times changed: the listing stays as it is."""
        self.files_version += 1
        self._report(FILES)

    def _paths_removed(self, paths: Iterable[str]) -> None:
        """Files (not folders) were removed: the listing, if found already, loses them, and
        the folders only they made (those not made as folders themselves)."""
        inside = self._directories
        if inside is not None:
            for path in paths:
                while path != "/":
                    parent, _, name = path.rpartition("/")
                    parent = parent or "/"
                    names = inside.get(parent)
                    if names is None:
                        break
                    names.discard(name)
                    if names or parent == "/" or parent in self.folders:
                        break
                    del inside[parent]
                    path = parent
        self.files_version += 1
        self._report(FILES)

    def _report(self, key: tuple[str, ...]) -> None:
        """Report a change, unless it is an app's content being made (``defer``): that
        content was there from boot for anyone who looks."""
        if not self._booting:
            self.deps.changed(key)

    def note_database_writes(self) -> None:
        """Report the databases written (or replaced) since this was last called."""
        total = self._database_version()
        if total == self._total:
            return  # no database was written, dropped or replaced
        self._total = total
        seen = self._writes
        for path, conn in self._databases.items():
            count = conn.total_changes
            before = seen.get(path)
            if before is None or before[0] is not conn or before[1] != count:
                seen[path] = (conn, count)
                self._report(database_key(path))
        for path in [path for path in seen if path not in self._databases]:
            del seen[path]
            self._report(database_key(path))

    # databases --------------------------------------------------------------------------
    def database(self, package: str, name: str) -> sqlite3.Connection:
        """The app's database ``name``, created empty on first use."""
        path = database_path(package, name)
        self.deps.read(database_key(path))
        if self._reading and path in self._reading:
            return self._reading[path]  # an app being seeded reads it as it was seeded
        if package in self._unbooted:
            self._boot(package)
        conn = self._databases.get(path)
        if conn is None:
            conn = self._databases[path] = _connect()
            self._paths_added([path])
        return conn

    def has_database(self, package: str, name: str) -> bool:
        """Whether the app has database ``name`` (made, or to be made on first use)."""
        return self._is_database(database_path(package, name))

    def make_databases(
        self, package: str, schemas: Mapping[str, str], fill: Callable[[], object] | None = None
    ) -> None:
        """Make the app's databases anew from ``schemas`` (name -> SQL script of tables and
        rows), replacing any there, and let ``fill`` write their first rows (the seeding), in
        one transaction per database that ``fill`` must not commit.

        Each database is byte for byte what running its script on an empty database and then
        ``fill`` makes, at a fraction of the cost: ``fill`` writes to this thread's template of
        the database (``_Template``), whose schema SQLite has read and whose statements it has
        prepared before; the content is copied into the phone and the template rolled back to
        empty. The phone's copy reads its schema only when first used.
        """
        self._made_now(package)  # what was deferred is made here
        paths = {database_path(package, name): schema for name, schema in schemas.items()}
        templates = {path: _Template.of(path, schema) for path, schema in paths.items()}
        begun: dict[str, _Template] = {}
        try:
            for path, template in templates.items():
                template.conn.execute("BEGIN")
                begun[path] = template
                self._drop(path)
                self._databases[path] = template.conn
            if fill is not None:
                fill()
            committed = [
                path for path, template in begun.items() if not template.conn.in_transaction
            ]
            if committed:
                raise RuntimeError(
                    f"seeding committed {', '.join(committed)}; seeds must not commit"
                )
            images = {path: template.conn.serialize() for path, template in begun.items()}
            if fill is not None and self._waiting(package):
                self._as_seeded[package] = images
        finally:
            for path, template in begun.items():
                self._databases.pop(path, None)
                template.empty()
        if package == self._dropping:
            return  # its data is cleared at once: only its files and ``_as_seeded`` stay
        for path, image in images.items():
            layout = templates[path].key
            spare = self._spare.get(layout)
            conn = self._databases[path] = spare.pop() if spare else _connect()
            self._layouts[path] = layout
            _copy_into(conn, image)
            self._made[path] = conn.total_changes  # made, not written: no change to report
        self._paths_added(paths)

    def _drop(self, path: str) -> None:
        old = self._databases.pop(path, None)
        self._made.pop(path, None)
        if old is not None:
            self._generation += 1
            old.close()

    def stamp(self, conn: sqlite3.Connection) -> tuple[int, int]:
        """Moves when database ``conn`` may have changed (written, or the storage replaced)."""
        return self._generation, conn.total_changes

    @property
    def version(self) -> tuple[int, int]:
        """Changes when any database is written, replaced or dropped."""
        return self._database_version()

    def _database_version(self) -> tuple[int, int]:
        changes = sum(map(_TOTAL_CHANGES, self._databases.values())) - sum(self._made.values())
        return self._generation, changes

    def drop_databases(self, package: str) -> None:
        """Drop ``package``'s databases (``pm clear``). Content not made yet is made first
        where it outlives the clearing: the files an app writes to shared storage stay, as
        on Android, and the apps seeded from it read what it held, whenever the clearing
        happens. Otherwise it is never made."""
        unmade = [path for path, owner in self._unmade.items() if owner == package]
        if package in self._file_writers or self._seeded_from.get(package):
            self._dropping, dropping = package, self._dropping
            try:
                self._boot(package)
            finally:
                self._dropping = dropping
        else:
            self._made_now(package)
        self._generation += 1
        prefix = f"/data/data/{package}/"
        dropped = [p for p in self._databases if p.startswith(prefix)]
        for path in dropped:
            self._databases.pop(path).close()
            self._made.pop(path, None)
            self._layouts.pop(path, None)
        self._paths_removed([*dropped, *(p for p in unmade if p not in dropped)])

    # files ------------------------------------------------------------------------------
    def read(self, path: str) -> bytes:
        path = normalize(path)
        self.deps.read(FILES)
        if self._is_database(path):
            return _image(self._database_at(path))
        self._make_files((file_kind(path),), path)
        if path not in self._files:
            raise FileNotFoundError(path)
        return self._files[path]

    def write(self, path: str, data: bytes, size: int | None = None) -> None:
        """Write file ``path`` (a database's image at a database path); ``size``: the size
        ``data`` stands for, when it is a stand-in (``sizes``)."""
        path = normalize(path)
        if path in self._listing(path):  # (an app's content that may be there is made first)
            raise IsADirectoryError(path)
        self._refuse_file_above(path)
        match = _DB_PATH.match(path)
        if match:
            self._generation += 1
            conn = _connect()
            try:
                if not data.startswith(b"SQLite format 3\x00"):
                    raise sqlite3.DatabaseError("file is not a database")
                conn.deserialize(data)
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.DatabaseError as exc:
                conn.close()
                raise ValueError(f"{path} is not an SQLite database: {exc}") from exc
            old = self._database_at(path) if self._is_database(path) else None
            if old is not None:
                old.close()
            self.databases[path] = conn
            self._layouts.pop(path, None)
            self._made.pop(path, None)
            self._loaded = True
            self._paths_added([path])
            return
        self._seeded(path)
        self._files[path] = bytes(data)
        if size is None or size == len(data):
            self.sizes.pop(path, None)
        else:
            self.sizes[path] = size
        self._paths_added([path])

    def _refuse_file_above(self, *paths: str) -> None:
        """NotADirectoryError if a folder above one of ``paths`` is a file, or one of
        ``paths`` (files written together)."""
        written = set(paths)
        folders = {parent: None for parent in map(_parent, paths)}  # (few: the paths' folders)
        for folder in {above: None for f in folders for above in (f, *_ancestors(f))}:
            if folder in self._files or folder in written or self._is_database(folder):
                raise NotADirectoryError(f"{folder} is a file")

    def write_later(self, path: str, make: Callable[[], bytes], mtime: int | None = None) -> None:
        """Write plain file ``path`` with the bytes ``make()`` returns (and last-modified time
        ``mtime``, when given) once the file may be looked at, as an app's seeded files are
        made (``defer``): when it is read, or its folder, a folder above it or the files of
        its kind are. For a file that takes long to make (a generated document) and that an
        episode may never read; the storage then holds what ``write`` now would have left,
        whenever it is looked at. A later write to ``path`` replaces this one. A database
        path is refused now; a folder at ``path`` is refused when the two meet (the file
        or the folder, whichever is made second)."""
        path = normalize(path)
        if _DB_PATH.match(path):
            raise ValueError(f"{path} is a database path; write it with Storage.write")
        writer = "file " + path

        def write(_: str) -> None:
            self.write(path, make())
            if mtime is not None:
                self.times[path] = mtime

        self._made_now(writer)  # (an earlier write_later of the path is replaced)
        folder = SeededFiles(frozenset({file_kind(path)}), (_parent(path),))
        self.defer(writer, write, files=folder)

    def delete(self, path: str) -> None:
        path = normalize(path)
        if self._is_database(path):
            self._generation += 1
            self._database_at(path).close()
            del self._databases[path]
            self._made.pop(path, None)
            self._layouts.pop(path, None)
        elif path in self.files:
            del self.files[path]
            self.times.pop(path, None)
            self.sizes.pop(path, None)
        else:
            raise FileNotFoundError(path)
        self._files_changed()

    def exists(self, path: str) -> bool:
        path = normalize(path)
        listing = self._listing(path)
        return path in self._files or self._is_database(path) or path in listing

    def _listing(self, *near: str) -> dict[str, set[str]]:
        """Every directory and the names directly inside it: found from the paths when
        first asked after a change, so that looking into a folder costs what the folder
        holds, not what the whole storage holds. The content of the apps not made yet is
        made first: of those that may write ``near`` the paths given (in one, or in a folder
        inside it or above it), else of every app; the listing is then whole there."""
        self.deps.read(FILES)
        if not near:
            self._make_files()
        for path in near:
            self._make_files(near=path)
        if self._directories is None:
            paths = [*self._files, *self._databases, *self._unmade, *self.folders]
            self._directories = {"/": set()}
            self._list(paths)
            for folder in self.folders:
                self._directories.setdefault(folder, set())
        return self._directories

    def _list(self, paths: Iterable[str]) -> None:
        """Add ``paths`` (and their parent folders) to the listing."""
        inside = self._directories
        assert inside is not None
        for path in paths:
            while path != "/":
                parent = path.rpartition("/")[0] or "/"
                names = inside.get(parent)
                known = names is not None
                if names is None:
                    names = inside[parent] = set()
                names.add(path.rpartition("/")[2])
                if known:
                    break  # the parent and its ancestors are listed already
                path = parent

    def directories(self) -> set[str]:
        """Every directory."""
        return set(self._listing())

    def file_paths(self, inside: str = "/", kind: str | None = None) -> list[str]:
        """The paths of the plain files (databases aside) below folder ``inside``, of
        ``kind`` (``file_kind``) when given: every plain file by default. Only the apps
        that may write there (``SeededFiles``) make their content for this."""
        inside = normalize(inside)
        self.deps.read(FILES)
        self._make_files(None if kind is None else (kind,), inside)
        if inside == "/" and kind is None:
            return list(self._files)
        prefix = inside.rstrip("/") + "/"
        return [
            path
            for path in self._files
            if path.startswith(prefix) and (kind is None or file_kind(path) == kind)
        ]

    def list_dir(self, path: str) -> list[str]:
        """Names directly inside directory ``path`` (sorted)."""
        path = normalize(path)
        names = self._listing(path).get(path)
        if names is None:
            raise FileNotFoundError(path)
        return sorted(names)

    # folders ----------------------------------------------------------------------------
    def is_dir(self, path: str) -> bool:
        path = normalize(path)
        return path in self._listing(path)

    def make_dirs(self, path: str, mtime: int | None = None) -> None:
        """Make directory ``path`` and its parents (``mkdir -p``); it stays when empty.

        FileExistsError if ``path`` or one of its parents is a file.
        """
        path = normalize(path)
        self._seeded(path, folder=True)
        self._make_files(near=path)
        for ancestor in [path, *_ancestors(path)]:
            if ancestor in self._files or self._is_database(ancestor):
                raise FileExistsError(f"{ancestor} is a file")
        if path != "/":
            self.folders.add(path)
            if self._directories is not None:
                self._directories.setdefault(path, set())
        if mtime is not None:
            self.times[path] = mtime
        self._paths_added([path] if path != "/" else [])

    def write_files(
        self, entries: Iterable[tuple[str, bytes, int]], sizes: Mapping[str, int] | None = None
    ) -> None:
        """Write many plain files at once, each as ``(path, data, mtime)`` (seeding content);
        ``sizes`` gives the size some of them stand for (``Storage.sizes``), by path.

        IsADirectoryError if a path is a directory; database paths are refused (use ``write``).
        """
        entries = [(normalize(path), data, mtime) for path, data, mtime in entries]
        declared = {normalize(path): size for path, size in (sizes or {}).items()}
        unwritten = declared.keys() - {path for path, _, _ in entries}
        if unwritten:
            raise ValueError(f"sizes for files not written: {sorted(unwritten)}")
        listing = self._listing(*(path for path, _, _ in entries))
        for path, _, _ in entries:
            if path in listing:
                raise IsADirectoryError(path)
            if _DB_PATH.match(path):
                raise ValueError(f"{path} is a database path; write it with Storage.write")
        self._refuse_file_above(*(path for path, _, _ in entries))
        written = []
        for path, data, mtime in entries:
            self._seeded(path)
            self._files[path] = data if type(data) is bytes else bytes(data)
            self.times[path] = mtime
            self.sizes.pop(path, None)
            written.append(path)
        self.sizes.update(declared)
        self._paths_added(written)

    def modified(self, path: str) -> int | None:
        """When ``path`` was last modified (epoch ms), if its writer recorded it."""
        path = normalize(path)
        self.deps.read(FILES)
        self._make_files(near=path)
        return self.times.get(path)

    def set_modified(self, path: str, mtime: int) -> None:
        path = normalize(path)
        if not self.exists(path):
            raise FileNotFoundError(path)
        self.times[path] = mtime
        self._times_changed()

    def tree(self, path: str) -> list[str]:
        """Every file and directory strictly below directory ``path`` (sorted)."""
        path = normalize(path)
        listing = self._listing(path)
        if path not in listing:
            raise FileNotFoundError(path)
        below: list[str] = []
        folders = [path]
        while folders:
            folder = folders.pop()
            prefix = folder.rstrip("/") + "/"
            for name in sorted(listing[folder]):
                below.append(prefix + name)
                if prefix + name in listing:
                    folders.append(prefix + name)
        return sorted(below)

    def size(self, path: str) -> int:
        """Bytes of file ``path``, or of every file below directory ``path``."""
        path = normalize(path)
        self._listing(path)
        if path in self.sizes:
            return self.sizes[path]
        if path in self._files or self._is_database(path):
            return len(self.read(path))
        return self.files_size(self.tree(path))

    def file_stats(self, folder: str) -> dict[str, tuple[int, int | None]]:
        """The plain files and databases directly in directory ``folder``, by name: each
        one's size in bytes and when it was last modified (None if its writer did not
        record it). One look at the storage for the whole folder."""
        folder = normalize(folder)
        names = self._listing(folder).get(folder)
        if names is None:
            raise FileNotFoundError(folder)
        prefix = folder.rstrip("/") + "/"
        files, times, sizes = self._files, self.times, self.sizes
        stats: dict[str, tuple[int, int | None]] = {}
        for name in names:
            path = prefix + name
            if path in files:
                stats[name] = (sizes.get(path, len(files[path])), times.get(path))
            elif self._is_database(path):
                stats[name] = (len(self.read(path)), times.get(path))
        return stats

    def files_size(self, paths: Iterable[str]) -> int:
        """Bytes of the files and databases among ``paths`` (normalised, as ``tree`` gives
        them); a directory adds nothing."""
        paths = list(paths)
        if self._file_writers:  # an app's content that may be there is made first
            for path in paths:
                self._make_files(near=path)
        files, sizes = self._files, self.sizes
        return sum(
            sizes.get(p, len(files[p])) if p in files else len(self.read(p))
            for p in paths
            if p in files or self._is_database(p)
        )

    def copy(self, source: str, target: str, mtime: int | None = None) -> None:
        """Copy file or folder ``source`` to the new path ``target`` (a folder with its content).

        The copies are modified at ``mtime`` when given, else keep the source's times.
        """
        moves = self._transfer_plan(source, target)
        for old, new in moves:
            self._place(old, new, mtime)
        self._files_changed()

    def move(self, source: str, target: str) -> None:
        """Move (or rename) file or folder ``source`` to the new path ``target``."""
        moves = self._transfer_plan(source, target)
        for old, new in moves:
            self._place(old, new, None)
        self.delete_tree(source)

    def delete_app_files(self, package: str) -> None:
        """Delete every plain file in ``package``'s private folder (``/data/data/<package>/``),
        as ``pm clear`` does. Only the app writes there (Android's sandbox; no app seeds
        files into another's folder), so the content of the other apps not made yet is not
        made for this: none of it would be there."""
        prefix = f"/data/data/{package}/"
        deleted = [p for p in self._files if p.startswith(prefix)]
        for path in deleted:
            del self._files[path]
            self.times.pop(path, None)
            self.sizes.pop(path, None)
        self._paths_removed(deleted)

    def delete_tree(self, path: str) -> None:
        """Delete file ``path``, or directory ``path`` with everything in it."""
        path = normalize(path)
        if path == "/":
            raise ValueError("refusing to delete the root directory")
        if path in self.files or self._is_database(path):
            self.delete(path)
            return
        below = self.tree(path)
        prefix = path + "/"
        for entry in below:
            if entry in self.files or self._is_database(entry):
                self.delete(entry)
        self.folders = {f for f in self.folders if f != path and not f.startswith(prefix)}
        for entry in [path, *below]:
            self.times.pop(entry, None)
        self._files_changed()

    def _transfer_plan(self, source: str, target: str) -> list[tuple[str, str]]:
        """(old, new) path pairs to copy ``source`` to ``target``, after checking both."""
        source, target = normalize(source), normalize(target)
        if not self.exists(source):
            raise FileNotFoundError(source)
        if self.exists(target):
            raise FileExistsError(target)
        if target.startswith(source.rstrip("/") + "/"):
            raise ValueError(f"cannot put {source} inside itself")
        self._refuse_file_above(target)
        entries = [source] + (self.tree(source) if self.is_dir(source) else [])
        if any(self._is_database(e) for e in entries):
            raise ValueError(f"{source} holds app databases, which stay where their app is")
        return [(e, target + e[len(source) :]) for e in entries]

    def _place(self, old: str, new: str, mtime: int | None) -> None:
        if old in self.files:
            self.files[new] = self.files[old]
            if old in self.sizes:
                self.sizes[new] = self.sizes[old]
        else:
            self.folders.add(new)
        when = mtime if mtime is not None else self.times.get(old)
        if when is not None:
            self.times[new] = when

    # snapshots --------------------------------------------------------------------------
    def snapshot(self) -> StorageSnapshot:
        databases = {}
        for path, conn in self.databases.items():
            seen = _writes_seen(conn)
            image = databases[path] = self._still(path, conn, seen) or _image(conn)
            self._images[path] = (conn, seen, image)
        layouts = {path: self._layouts[path] for path in databases if path in self._layouts}
        return (
            dict(self.files),
            databases,
            frozenset(self.folders),
            dict(self.times),
            dict(self.sizes),
            layouts,
        )

    def restore(self, snapshot: StorageSnapshot) -> None:
        """Go back to ``snapshot``. A database image is loaded into the connection that
        holds the database now where both are of one layout, else into a new connection:
        SQLite tells a statement prepared on a connection that the database under it
        changed by the schema cookie alone, and one loaded whole brings a cookie that
        databases of other tables may share (those made from their schemas have their
        scripts' cookies), so a statement kept for another layout would read the wrong
        pages ("database disk image is malformed"). ``clear`` keeps connections for
        ``make_databases`` by layout too: a connection holds databases of one layout all
        its life. A database made from its schema is copied in as it was made
        (``_copy_into``), so that it stays byte for byte the database it was as it is
        written again; one loaded whole (pushed) is loaded whole again."""
        files, databases, folders, times, sizes, layouts = snapshot
        self._replaced()
        self._files = dict(files)
        self.folders = set(folders)
        self.times = dict(times)
        self.sizes = dict(sizes)
        for path in [p for p in self.databases if p not in databases]:
            self.databases.pop(path).close()
            self._layouts.pop(path, None)
        for path, data in databases.items():
            conn = self.databases.get(path)
            layout = layouts.get(path)
            kept = layout is not None and self._layouts.get(path) == layout
            if kept and data and conn is not None and self._still(path, conn) == data:
                continue  # it holds that image still: nothing to load
            if conn is not None and not (kept and data):
                conn.close()  # (an empty image cannot be loaded: a new connection holds none)
                conn = None
            conn = self.databases[path] = conn or _connect()
            if data and layout is not None:
                _copy_into(conn, data)
            elif data:
                conn.deserialize(data)
                self._loaded = True
            self._images[path] = (conn, _writes_seen(conn), data)
            if layout is None:
                self._layouts.pop(path, None)
            else:
                self._layouts[path] = layout
        self._writes.clear()
        self._files_changed()

    def _still(
        self, path: str, conn: sqlite3.Connection, seen: tuple[int, int] | None = None
    ) -> bytes | None:
        """The image database ``path`` had when last taken or loaded (``_images``), if
        ``conn`` holds it and has seen no write since (``seen``: its ``_writes_seen`` now,
        when known); else None."""
        known = self._images.get(path)
        if known is None or known[0] is not conn:
            return None
        return known[2] if known[1] == (seen or _writes_seen(conn)) else None

    def _replaced(self) -> None:
        """All content is being replaced: none is still to be made, none is as made, and
        every database may differ from what a reader last saw."""
        self._unbooted.clear()
        self._seeded_from.clear()
        self._sources.clear()
        self._as_seeded.clear()
        self._file_writers.clear()
        self._unmade.clear()
        self._made.clear()
        self._generation += 1

    def clear(self) -> None:
        """Empty the storage, as a factory reset does: no files, folders or databases.

        The dropped databases' connections are kept to hold the next databases made
        (``make_databases``): opening a connection costs more than copying a database into
        one. Not after an image was loaded whole, though: SQLite counts every write in the
        header of such a file, so a database copied into its connection would not stay byte
        for byte what a fresh one is.
        """
        self._replaced()
        self._files, self.folders, self.times, self.sizes = {}, set(), {}, {}
        for path, conn in self._databases.items():
            layout = self._layouts.get(path)
            if self._loaded or conn.in_transaction or layout is None:
                conn.close()
            else:
                self._spare.setdefault(layout, []).append(conn)
        self.databases.clear()
        self._layouts.clear()
        self._images.clear()
        self._loaded = False
        self._writes.clear()
        self._files_changed()

    def close(self) -> None:
        self._replaced()
        spares = [conn for kept in self._spare.values() for conn in kept]
        for conn in [*self._databases.values(), *spares]:
            conn.close()
        self._databases.clear()
        self._spare.clear()
        self._layouts.clear()
        self._images.clear()


@cache
def zeros(size: int) -> bytes:
    """``size`` zero bytes, made once and shared (bytes never change): the content of a
    seeded binary file, which costs nothing more however many phones seed it."""
    return bytes(size)


def _parent(path: str) -> str:
    """The directory holding normalised absolute ``path`` (``/`` for ``/`` itself)."""
    return path.rpartition("/")[0] or "/"


def _ancestors(path: str) -> list[str]:
    """The directories above ``path``, nearest first, up to and including ``/``."""
    out = []
    while path != "/":
        path = _parent(path)
        out.append(path)
    return out


class _Template:
    """An app database as its schema script makes it, empty: ``Storage.make_databases`` fills
    it inside a transaction, copies it and rolls it back. One per database path, schema and
    thread, kept for the thread's life, so that SQLite reads the schema and prepares the
    seeding statements once rather than at every boot."""

    _local = threading.local()

    def __init__(self, path: str, schema: str) -> None:
        if _PRAGMA.search(schema):
            raise ValueError(
                "database schemas hold tables and rows only: a PRAGMA sets up one connection, "
                "which a database made from the schema would not keep"
            )
        self.key = (path, schema)
        self.conn = _connect()
        self.conn.executescript(schema)

    @classmethod
    def of(cls, path: str, schema: str) -> _Template:
        """This thread's template of the database at ``path`` made from ``schema``."""
        made = cls._local.__dict__.setdefault("templates", {})
        template = made.get((path, schema))
        if template is None:
            template = made[path, schema] = cls(path, schema)
        return template

    @classmethod
    def scratch(cls) -> sqlite3.Connection:
        """This thread's connection that holds a database image on its way into a phone."""
        conn = cls._local.__dict__.get("scratch")
        if conn is None:
            conn = cls._local.scratch = _connect()
        return conn

    def empty(self) -> None:
        """Back to empty for the next database made from it: what was written since the
        transaction began is rolled back; a template whose transaction was committed is
        dropped, to be made anew."""
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")
        else:
            del self._local.templates[self.key]
            self.conn.close()


def _image(conn: sqlite3.Connection) -> bytes:
    """The database's file: no bytes for one that holds no page yet (made on first use and
    never written, as an empty file on a device), which SQLite cannot serialize."""
    if conn.execute("PRAGMA page_count").fetchone()[0] == 0:
        return b""
    return conn.serialize()


def _copy_into(conn: sqlite3.Connection, image: bytes) -> None:
    """Make ``conn``'s database a copy of database file ``image``, page for page, with the
    image's schema cookie (a backup bears its own). ``conn`` stays a database of memory,
    whose header SQLite leaves as it is when it is written, as it leaves that of a database
    made by running its schema script. Into a database loaded whole (``deserialize``)
    SQLite counts every write in the header, and the statements the connection prepared
    before go on writing as they did for the database it replaced: the same writes would
    make other bytes there."""
    scratch = _Template.scratch()
    scratch.deserialize(image)
    scratch.backup(conn)
    conn.execute(f"PRAGMA schema_version = {int.from_bytes(image[40:44], 'big')}")


def _writes_seen(conn: sqlite3.Connection) -> tuple[int, int]:
    """What moves when ``conn`` writes its database: the rows it changed (inserted,
    updated or deleted) and the schema cookie (tables, indexes or views made or dropped)."""
    return conn.total_changes, conn.execute("PRAGMA schema_version").fetchone()[0]


def _connect() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    conn.row_factory = sqlite3.Row
    return conn
