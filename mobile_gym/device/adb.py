"""A real device or emulator (or the simulated phone served over ADB) as a ``Device``.

``AdbDevice`` drives a device through an ADB server with adbutils: touches as motion events
(``mobile_gym.device.adb_input``), text and keys through ``input`` (text ``input text``
cannot type through the ADBKeyboard input method), screenshots through
``screencap``, the view hierarchy through ``uiautomator dump``, the foreground app through
``dumpsys``, settings through ``settings``, files and app databases over sync
(``mobile_gym.device.adb_databases``) and logcat from a background stream
(``mobile_gym.device.logcat_reader``). Every call has a timeout and is retried with backoff;
when that does not help it raises ``DeviceError``, which ends the env's episode with
``info["error"]``.
"""

from __future__ import annotations

import datetime as dt
import pathlib
import posixpath
import re
import shlex
import shutil
import tempfile
from collections.abc import Callable, Collection, Hashable, Mapping
from typing import Any, TypeVar

import numpy as np
from lxml import etree

from mobile_gym.checks import check_int, check_number
from mobile_gym.device.adb_databases import AppDatabases
from mobile_gym.device.adb_input import TouchInput
from mobile_gym.device.adb_link import AdbLink, RetryPolicy
from mobile_gym.device.adb_shell import (
    ADB_KEYBOARD,
    AmbiguousReplyError,
    DeviceReplyError,
    KeyboardUnavailableError,
    content_query_command,
    dump_command,
    is_typable,
    key_command,
    keyboard_command,
    parse_content_rows,
    parse_dump,
    parse_foreground,
    parse_keyboard_selected,
    parse_logcat_line,
    parse_png,
    parse_raw_screencap,
    parse_setting,
    parse_wm_size,
    restore_keyboard_command,
    scaled,
    select_keyboard_command,
    settings_get_command,
    settings_put_command,
    split_command,
    start_command,
    text_command,
)
from mobile_gym.device.base import DeviceError
from mobile_gym.device.logcat_reader import DEFAULT_CAPACITY, LOGCAT_COMMAND, LogcatReader
from mobile_gym.device.paths import glob_matches, glob_root
from mobile_gym.hierarchy import Node, parse

T = TypeVar("T")

_START_FAILED = re.compile(r"^(Error|\*\* No activities found)|monkey aborted", re.MULTILINE)
_LAST_LOG_LINE = "logcat -d -v threadtime -t 1"
_LOGCAT_CATCH_UP_S = 5.0


class AdbDevice:
    """A device behind an ADB server, by serial.

    Args:
        serial: the device (``emulator-5554``, a USB serial, ``host:port``).
        host, port: the ADB server (default 127.0.0.1:5037).
        retry: attempts, backoff and the per-command timeout.
        on_reset: what ``reset(seed)`` runs to bring the phone back to a clean state (an
            emulator's snapshot load, ``Emulator.load_snapshot``; the served simulated
            phone's factory reset). Without it ``reset`` only goes to the home screen.
        screencap: ``"raw"`` (pixels as they are: the device skips the PNG encoding, on a
            phone or emulator the slow part) or ``"png"`` (``screencap -p``: about 100x fewer
            bytes, better over a slow link; also faster through the served simulated phone,
            see ``benchmarks/adb_latency.py``).
        check_focus: ``text`` first looks in the hierarchy for a focused text field and
            types nothing (returns False) without one, as the simulated phone does; this
            costs a dump.
        logcat_sync: every logcat read first makes sure the background stream has caught up
            with the device's newest line (one short command), so a line logged by the
            last action is seen in the same step, as on the simulated phone.

    ``reset(seed)`` cannot restore a real phone's apps by itself: it runs ``on_reset`` (or
    presses HOME), forgets a touch in progress and starts a fresh logcat stream. Clearing or
    stopping a task's apps, settings, files and database rows is the task setup's job.
    ``change_counters`` is None: signals are read again every step. Reads made between two
    actions (or two calls of ``change_counters``) are shared, so a step's signals, ``info``
    and observation see one state. Only a portrait screen is supported; the size is read once.
    """

    def __init__(
        self,
        serial: str,
        host: str = "127.0.0.1",
        port: int = 5037,
        *,
        retry: RetryPolicy | None = None,
        on_reset: Callable[[int], None] | None = None,
        screencap: str = "raw",
        check_focus: bool = True,
        logcat_sync: bool = True,
        logcat_capacity: int = DEFAULT_CAPACITY,
    ) -> None:
        if screencap not in ("raw", "png"):
            raise ValueError(f"screencap must be 'raw' or 'png', got {screencap!r}")
        self.link = AdbLink(serial, host, port, retry)
        self.serial = serial
        self.on_reset = on_reset
        self.screencap = screencap
        self.check_focus = check_focus
        self.logcat_sync = logcat_sync
        self.logcat_capacity = logcat_capacity
        self._size = self.link.attempt(
            "read the screen size", lambda: parse_wm_size(self.link.run("wm size").text)
        )
        self.touches = TouchInput(self.link, self._size[0])
        self._reads: dict[Hashable, Any] = {}
        self._reader = self._start_logcat()
        self._workdir = pathlib.Path(tempfile.mkdtemp(prefix="mobile_gym_adb_"))
        self.databases = AppDatabases(self.link, self._workdir)
        self._installed: frozenset[str] | None = None
        """The installed packages, once listed (``package_name``)."""

    # lifecycle -----------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self._size

    def reset(self, seed: int) -> None:
        self.touches.cancel()
        self._reader.close()
        if self.on_reset is not None:
            self.on_reset(seed)
        else:
            self.key("HOME")
        self._changed()
        self._reader = self._start_logcat()

    def close(self) -> None:
        """Stop the logcat stream and remove the local copies of app databases."""
        self._reader.close()
        shutil.rmtree(self._workdir, ignore_errors=True)

    def _start_logcat(self) -> LogcatReader:
        retry = self.link.retry
        return LogcatReader(
            lambda: self.link.stream(LOGCAT_COMMAND),
            self.logcat_capacity,
            retry.attempts,
            retry.backoff_s,
            self.serial,
        )

    def _changed(self) -> None:
        """The device's state may have changed: reads are made again."""
        self._reads.clear()
        self.databases.forget()

    def _read(self, key: Hashable, read: Callable[[], T]) -> T:
        """``read()``, shared with every other read of ``key`` until the state changes."""
        if key not in self._reads:
            self._reads[key] = read()
        return self._reads[key]

    # input -----------------------------------------------------------------------------------
    def touch(self, x: float, y: float) -> None:
        self._changed()
        self.touches.touch(x, y)

    def lift(self) -> None:
        self._changed()
        self.touches.lift()

    def text(self, text: str) -> bool:
        """Type ``text`` into the focused field: printable ASCII and newlines through ``input
        text``, any other text (accents, CJK, emoji, tabs) through the ADBKeyboard input
        method (``_type_by_keyboard``), which must be installed.

        Raises:
            DeviceError: the text needs ADBKeyboard and the device cannot switch to it (the
                app or the ``ime`` command is missing), or cannot switch back.
        """
        if not isinstance(text, str):
            raise ValueError(f"text must be a str, got {type(text).__name__}")
        if self.check_focus and not self._text_field_focused():
            return False
        self._changed()
        if is_typable(text):
            self._type(text, text_command)
        else:
            self._type_by_keyboard(text)
        return True

    def _type_by_keyboard(self, text: str) -> None:
        """Type ``text`` by ADBKeyboard's broadcast (``keyboard_command``). Where another
        input method is current, ADBKeyboard is enabled (when it is not) and made current
        for the typing, and afterwards the previous one is current again and ADBKeyboard as
        enabled as it was: the device is left as it was.

        ``am`` answers a broadcast alike whether or not ADBKeyboard acted on it, so what is
        checked is that ADBKeyboard became the input method (``ime set`` said so); that the
        field took the text shows in the next hierarchy.
        """
        previous = self.get_setting("secure", "default_input_method")
        if previous == ADB_KEYBOARD:
            self._type(text, keyboard_command)
            return
        result = self.link.shell("switch to ADBKeyboard", select_keyboard_command())
        try:
            enabled = parse_keyboard_selected(result.exit_code, result.text)
        except KeyboardUnavailableError as exc:
            raise DeviceError(f"{self.serial}: cannot type {text!r}: {exc}") from None
        try:
            self._type(text, keyboard_command)
        finally:
            restore = restore_keyboard_command(previous, enabled)
            if restore is not None:
                self.link.command(f"switch the input method back to {previous}", restore)

    def _type(self, text: str, command: Callable[[str], str]) -> None:
        """Type ``text`` by ``command``: one command, or several in turn for a text longer
        than one request carries."""
        for part in split_command(text, command, self.link.max_command_bytes):
            self.link.command("type text", part, resend=False)

    def _text_field_focused(self) -> bool:
        root = etree.fromstring(self.hierarchy_xml().encode("utf-8"))
        return any(
            "EditText" in node.get("class", "")
            for node in root.iter("node")
            if node.get("focused") == "true"
        )

    def key(self, name: str) -> None:
        command = key_command(name)
        self._changed()
        self.link.command(f"press {name}", command, resend=False)

    def wait(self, ms: int) -> None:
        """``ms`` milliseconds pass on the device (``sleep`` in its shell: the served
        simulated phone advances its virtual clock)."""
        check_int("ms", ms, low=0)
        self._changed()
        self.link.command("wait", f"sleep {ms // 1000}.{ms % 1000:03d}")

    # observation -----------------------------------------------------------------------------
    def screenshot(self, scale: float) -> np.ndarray:
        """The screen, resized by ``scale`` to the env's observation size (read-only)."""
        check_number("screenshot scale", scale, 0.05, 1.0)
        frame = self._read("screen", self._capture)
        return self._read(("screen", scale), lambda: scaled(frame, self._size, scale))

    def _capture(self) -> np.ndarray:
        command, parse = (
            ("screencap -p", parse_png)
            if self.screencap == "png"
            else ("screencap", parse_raw_screencap)
        )
        return self.link.attempt("take a screenshot", lambda: parse(self.link.read_exec(command)))

    def hierarchy_xml(self) -> str:
        """The view hierarchy from ``uiautomator dump`` (retried when the UI never went idle or
        the dump came back empty or malformed)."""
        return self._read(
            "ui",
            lambda: self.link.attempt(
                "dump the view hierarchy",
                lambda: parse_dump(self.link.run(dump_command()).text),
            ),
        )

    def nodes(self) -> tuple[Node, ...]:
        """The view hierarchy's nodes, parsed from a fresh ``uiautomator dump``."""
        return parse(self.hierarchy_xml())

    def hierarchy_later(self) -> Callable[[], str]:
        """The hierarchy is dumped now (a device's screen moves on) and handed out later."""
        xml = self.hierarchy_xml()
        return lambda: xml

    def package_name(self, name: str) -> str:
        """The installed package ``name`` stands for: itself where the device has it; where
        it names another phone's app that the device lacks but has the app of its place
        (``mobile_gym.sim.apps.aliases``: the served simulated phone, or a phone with the
        Simple Mobile Tools apps), that app. The installed packages are listed once
        (``pm list packages``), the first time a name has an app in its place."""
        from mobile_gym.sim.apps.aliases import ALIASES

        stand_in = ALIASES.get(name)
        if stand_in is None:
            return name
        installed = self._packages()
        return stand_in if name not in installed and stand_in in installed else name

    def has_app(self, package: str) -> bool:
        """Whether ``pm list packages`` (listed once) names ``package`` or the app
        ``package_name`` puts in its place."""
        return self.package_name(package) in self._packages()

    def _packages(self) -> frozenset[str]:
        """The installed packages, listed the first time they are asked for."""
        if self._installed is None:
            listing = self.link.command("list the installed packages", "pm list packages")
            self._installed = frozenset(
                line.removeprefix("package:").strip()
                for line in listing.splitlines()
                if line.startswith("package:")
            )
        return self._installed

    def foreground(self) -> tuple[str, str]:
        """(package, activity) in front, from ``dumpsys window`` (``dumpsys activity`` when
        no app window has focus); the activity is ``.Name`` when it is in the package."""
        return self._read(
            "foreground", lambda: self.link.attempt("read the app in front", self._focus)
        )

    def _focus(self) -> tuple[str, str]:
        for command in ("dumpsys window windows", "dumpsys activity activities"):
            found = parse_foreground(self.link.run(command).text)
            if found is not None:
                return found
        raise DeviceReplyError("dumpsys names no focused or resumed activity")

    def logcat(self, since: int) -> tuple[list[tuple[str, str]], int]:
        if self.logcat_sync:
            self._catch_up_logcat()
        return self._reader.since(since)

    def _catch_up_logcat(self) -> None:
        """Wait until the stream holds the newest line in the device's log buffer."""
        output = self.link.shell("read the newest log line", _LAST_LOG_LINE).text
        lines = [line.rstrip("\r") for line in output.splitlines() if parse_logcat_line(line)]
        if lines and not self._reader.wait_for(lines[-1], _LOGCAT_CATCH_UP_S):
            raise DeviceError(
                f"{self.serial}: the logcat stream did not deliver {lines[-1]!r} "
                f"within {_LOGCAT_CATCH_UP_S} s"
            )

    def get_setting(self, namespace: str, key: str) -> str | None:
        command = settings_get_command(namespace, key)
        return self._read(
            ("setting", namespace, key),
            lambda: parse_setting(self.link.command(f"read setting {namespace}/{key}", command)),
        )

    def query(
        self,
        package: str,
        database: str,
        sql: str,
        params: list[Any],
        attach: Mapping[str, tuple[str, str]] | None = None,
    ) -> list[tuple]:
        return self.databases.query(self.package_name(package), database, sql, params, attach)

    def content_query(
        self, uri: str, projection: list[str], where: str | None
    ) -> list[tuple[str | None, ...]]:
        """The ``projection`` columns of ``uri``'s rows that ``where`` keeps, by ``content
        query``. Rows whose output reads two ways (a value holds ``, COL=`` of a column after
        it) are queried again with the columns the other way round, where that value comes
        after the column it names.

        Raises:
            ValueError: the provider refused (no such provider or column).
            DeviceError: the output is not rows of those columns, or reads two ways both
                times.
        """
        try:
            return self._readable_rows(uri, projection, where)
        except DeviceReplyError as exc:  # the device answered what content never prints
            raise DeviceError(f"{self.serial}: query {uri}: {exc}") from exc

    def _readable_rows(
        self, uri: str, projection: list[str], where: str | None
    ) -> list[tuple[str | None, ...]]:
        """``_content_rows``, queried again with the columns the other way round when the
        rows read two ways."""
        try:
            return self._content_rows(uri, projection, where)
        except AmbiguousReplyError as first:
            if len(projection) < 2:
                raise
            try:
                rows = self._content_rows(uri, projection[::-1], where)
            except AmbiguousReplyError as second:
                raise AmbiguousReplyError(
                    f"{first}; with the columns the other way round, {second}"
                ) from None
        return [row[::-1] for row in rows]

    def _content_rows(
        self, uri: str, projection: list[str], where: str | None
    ) -> list[tuple[str | None, ...]]:
        command = content_query_command(uri, projection, where)
        result = self.link.shell(f"query {uri}", command)
        output = result.stdout.decode("utf-8", errors="replace")
        if not self.link.shell_v2:  # shell v1 runs in a terminal, which ends lines with CRLF
            output = output.replace("\r\n", "\n")
        if result.exit_code != 0 or output.startswith("Error while accessing provider"):
            raise ValueError(f"{uri}: {(output or result.text).strip()}")
        return parse_content_rows(output, projection)

    def find_files(self, pattern: str) -> list[str]:
        root = glob_root(pattern)
        result = self.link.shell(f"find {root}", f"find {shlex.quote(root)} -type f -print0")
        listed = result.stdout.decode("utf-8", errors="replace").split("\0")[:-1]
        return sorted(path for path in listed if glob_matches(path, pattern))

    def change_counters(self, sources: Collection[str] | None = None) -> None:
        """None: a real device can change on its own, so every signal is read again. A new
        step begins here, so the reads shared since the last action are dropped."""
        self._changed()

    # task setup and apps ---------------------------------------------------------------------
    def put_setting(self, namespace: str, key: str, value: str) -> None:
        self._changed()
        self.link.command(
            f"write setting {namespace}/{key}", settings_put_command(namespace, key, value)
        )

    def insert_rows(
        self, package: str, database: str, table: str, rows: list[dict[str, Any]], clear: bool
    ) -> None:
        """Rows into the app's database, pulled and pushed back (the app is stopped first, so
        it does not keep the old file open)."""
        package = self.package_name(package)
        self.force_stop(package)
        self.databases.insert_rows(package, database, table, rows, clear)

    def write_file(self, path: str, data: bytes) -> None:
        """Push ``data`` to ``path`` (its folder is made first)."""
        self._changed()
        self.link.command(
            f"make the folder of {path}", f"mkdir -p {shlex.quote(posixpath.dirname(path))}"
        )
        self.link.push(data, path)

    def write_file_later(
        self, path: str, make: Callable[[], bytes], modified: dt.datetime | None = None
    ) -> None:
        """``write_file`` of ``make()``'s bytes now (a device's files cannot wait to be read),
        then ``set_modified``."""
        self.write_file(path, make())
        if modified is not None:
            self.set_modified(path, modified)

    def delete_file(self, path: str) -> None:
        """``rm -f`` the file at ``path``."""
        self._changed()
        self.link.command(f"delete {path}", f"rm -f {shlex.quote(path)}")

    def set_modified(self, path: str, when: dt.datetime) -> None:
        """Set the file's modification time with toybox's ``touch -d``, to the second (the
        device reads ``when`` as its local time, as ``set_time`` does)."""
        self._changed()
        stamp = f"{when:%Y-%m-%dT%H:%M:%S}"
        self.link.command(
            f"set the modification time of {path} to {stamp}",
            f"touch -c -d {stamp} {shlex.quote(path)}",
        )

    def read_file(self, path: str) -> bytes:
        """The file at ``path`` on the device.

        Raises:
            FileNotFoundError: there is no such file.
        """
        (data,) = self.link.pull(path)
        if data is None:
            raise FileNotFoundError(f"{self.serial}:{path}")
        return data

    def set_time(self, when: dt.datetime) -> None:
        """Set the device clock to ``when`` with toybox's ``date MMDDhhmmCCYY.ss``, which every
        Android since 6 takes; the device reads it as its local time (the served simulated
        phone keeps UTC, as the in-process phone does).

        Setting the clock needs a root shell: run ``adb root`` first (emulators and
        userdebug builds). Turn automatic time off (``settings put global auto_time 0``) or
        the network time comes back. Emulators take the host's time again on a cold boot.

        Raises:
            ValueError: ``when`` is not a datetime or has a fraction of a second (``date``
                sets whole seconds).
            DeviceError: the device refused (no root) or the command failed.
        """
        if not isinstance(when, dt.datetime):
            raise ValueError(f"the clock is set with a datetime, got {when!r}")
        if when.microsecond:
            raise ValueError(f"a device clock is set to the second, not to {when.time()}")
        self._changed()
        command = f"date {when:%m%d%H%M}{when.year:04d}.{when:%S}"
        result = self.link.shell(f"set the clock to {when}", command)
        if result.exit_code == 0:
            return
        said = result.text.strip()
        if "not permitted" in said or "denied" in said:
            raise DeviceError(
                f"{self.serial}: cannot set the clock to {when}: the device shell is not root "
                f"(run `adb root` on an emulator or a userdebug build); `{command}` said: {said}"
            )
        raise DeviceError(
            f"{self.serial}: set the clock to {when}: `{command}` exited with "
            f"{result.exit_code}: {said}"
        )

    def start(self, package: str, activity: str | None) -> None:
        """Start ``activity`` (``.Name`` or a full class name) of ``package``, or its
        launcher activity."""
        self._changed()
        package = self.package_name(package)
        output = self.link.command(f"start {package}", start_command(package, activity))
        if _START_FAILED.search(output):
            raise DeviceError(f"{self.serial}: could not start {package}: {output.strip()}")

    def force_stop(self, package: str) -> None:
        """``am force-stop``: end the app's process."""
        self._changed()
        package = self.package_name(package)
        self.link.command(f"stop {package}", f"am force-stop {shlex.quote(package)}")

    def clear_app(self, package: str) -> None:
        """``pm clear``: stop the app and erase its data."""
        self._changed()
        package = self.package_name(package)
        output = self.link.command(f"clear {package}", f"pm clear {shlex.quote(package)}")
        if "Success" not in output:
            raise DeviceError(f"{self.serial}: pm clear {package}: {output.strip()}")
