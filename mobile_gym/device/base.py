"""The ``Device`` protocol: what the env needs from a phone, simulated or real.

Everything a task's setup and signals use goes through these calls, so the same task file
runs on the simulated phone and (through ADB) on an emulator or a real device.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Hashable, Mapping
from typing import Any, Protocol, runtime_checkable

import numpy as np

from mobile_gym.hierarchy import Node


class DeviceError(RuntimeError):
    """The device failed (disconnected, a command hung, a reply made no sense) and retrying
    did not help. The env ends the episode with ``info["error"]``, never as a success."""


@runtime_checkable
class Device(Protocol):
    """A phone the env can drive and observe."""

    @property
    def size(self) -> tuple[int, int]:
        """Screen width and height in pixels."""
        ...

    def reset(self, seed: int) -> None:
        """Back to a clean phone whose seeded content comes from ``seed``."""
        ...

    # input
    def touch(self, x: float, y: float) -> None: ...
    def lift(self) -> None: ...
    def text(self, text: str) -> bool: ...
    def key(self, name: str) -> None: ...
    def wait(self, ms: int) -> None: ...

    # observation
    def screenshot(self, scale: float) -> np.ndarray: ...
    def hierarchy_xml(self) -> str: ...
    def nodes(self) -> tuple[Node, ...]:
        """The view hierarchy as ``Node`` records, in the order of ``hierarchy_xml``."""
        ...

    def hierarchy_later(self) -> Callable[[], str]:
        """A function returning the hierarchy of this moment when called (possibly later)."""
        ...

    def package_name(self, name: str) -> str:
        """The installed package that a task's package name stands for (the simulated phone
        installs some apps in place of others: ``mobile_gym.sim.apps.aliases``)."""
        ...

    def has_app(self, package: str) -> bool:
        """Whether the device has the app ``package`` (or the app ``package_name`` puts in
        its place): a task that names an app the device lacks is refused at reset."""
        ...

    def foreground(self) -> tuple[str, str]: ...
    def logcat(self, since: int) -> tuple[list[tuple[str, str]], int]:
        """(tag, message) pairs logged at or after cursor ``since``, and the next cursor."""
        ...

    def get_setting(self, namespace: str, key: str) -> str | None: ...
    def query(
        self,
        package: str,
        database: str,
        sql: str,
        params: list[Any],
        attach: Mapping[str, tuple[str, str]] | None = None,
    ) -> list[tuple]:
        """Rows of the read-only ``sql`` over the app's database, with the databases
        ``attach`` names ((package, database) by schema name) attached read-only."""
        ...

    def content_query(
        self, uri: str, projection: list[str], where: str | None
    ) -> list[tuple[str | None, ...]]:
        """The ``projection`` columns of the rows of content provider ``uri`` that ``where``
        keeps, as the text ``content query`` prints (None for null); ValueError when the
        provider refuses (no such provider, column or table)."""
        ...

    def find_files(self, pattern: str) -> list[str]:
        """The paths of the plain files matching ``pattern`` (an absolute glob whose
        wildcards stay within one path segment, but for a ``**`` segment: any number of
        folders; ``paths.glob_matches``), sorted."""
        ...

    def read_file(self, path: str) -> bytes:
        """The bytes of the file at ``path`` (FileNotFoundError when there is none)."""
        ...

    def change_counters(self, sources: Collection[str] | None = None) -> dict[str, Hashable] | None:
        """Tokens per source (``ui``, ``settings``, ``db``, ``files``, ``logcat``) that change when it
        may have changed, so signals are re-evaluated only then; None: always re-evaluate.
        ``sources`` names the sources whose tokens are wanted (None: all); the others may be
        left out, and not read."""
        ...

    # task setup
    def clear_app(self, package: str) -> None:
        """``pm clear``: stop the app and erase its data."""
        ...

    def put_setting(self, namespace: str, key: str, value: str) -> None: ...
    def insert_rows(
        self, package: str, database: str, table: str, rows: list[dict[str, Any]], clear: bool
    ) -> None: ...
    def write_file(self, path: str, data: bytes) -> None: ...
    def write_file_later(
        self, path: str, make: Callable[[], bytes], modified: dt.datetime | None = None
    ) -> None:
        """Write the bytes ``make()`` returns at ``path``, last modified at ``modified`` when
        given (task setup: a generated document). The simulated phone makes them when the
        file is first looked at; a real device gets them at once."""
        ...

    def delete_file(self, path: str) -> None:
        """Delete the plain file at ``path`` (task setup)."""
        ...

    def set_modified(self, path: str, when: dt.datetime) -> None:
        """Set the last-modified time of the file at ``path`` (task setup, after writing it)."""
        ...

    def set_time(self, when: dt.datetime) -> None: ...
    def start(self, package: str, activity: str | None) -> None: ...
