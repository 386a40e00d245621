"""Device shell commands for ``AdbDevice``, and readers of what the device answers.

Pure functions only (no connection): the ``input`` command lines (motion events, taps,
swipes, keys, text with its escaping), ADBKeyboard's broadcast and the ``ime`` command lines
that switch to it and back, ``settings``, ``am`` and ``uiautomator`` command lines, and the
parsers of ``wm size``, ``dumpsys window`` / ``dumpsys activity``, ``settings get``, the
``ime`` switch, logcat ``threadtime`` lines, ``uiautomator dump`` output and raw ``screencap``
frames. A reply that cannot be read raises ``DeviceReplyError`` (the caller retries it).
"""

from __future__ import annotations

import base64
import bisect
import math
import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from lxml import etree

from mobile_gym.sim.keys import KEYCODES, key_name
from mobile_gym.timing import LONG_PRESS_FRAMES

DUMP_PATH = "/data/local/tmp/mobile_gym_window_dump.xml"
"""Where ``uiautomator dump`` writes the hierarchy before it is read back."""
TEXT_SPACE = "%s"
"""What ``input text`` types as a space (it cannot take a literal space)."""
TYPABLE = frozenset(chr(c) for c in range(0x20, 0x7F)) | {"\n"}
"""Characters ``input text`` can type (printable ASCII; it presses ENTER for a newline)."""
ADB_KEYBOARD = "com.android.adbkeyboard/.AdbIME"
"""The ADBKeyboard input method, which types any Unicode text broadcast to it while it is the
current input method (``keyboard_command``)."""
ADB_KEYBOARD_APK = "https://github.com/senzhk/ADBKeyBoard"
"""Where ADBKeyboard's APK is published."""
_NOT_FOUND = 127
"""A shell's exit status for a command it cannot find."""


class DeviceReplyError(ValueError):
    """A device's reply could not be read (empty, cut short, malformed): worth retrying."""


class AmbiguousReplyError(DeviceReplyError):
    """A device's reply reads more than one way (a value holds what also separates values)."""


# input ---------------------------------------------------------------------------------------
def _number(value: float) -> str:
    """A coordinate as ``input`` parses it: the shortest decimal that reads back as the same
    float (no exponent, no trailing zeros), so the device touches exactly where the env
    did; a rounded one can land on the other side of a boundary (a slider's step)."""
    text = np.format_float_positional(float(value), trim="-")
    return "0" if text == "-0" else text


def motion_command(action: str, x: float, y: float) -> str:
    """``input motionevent DOWN|MOVE|UP x y``: one touch frame as the touchscreen reports it."""
    if action not in ("DOWN", "MOVE", "UP"):
        raise ValueError(f"motion event action must be DOWN, MOVE or UP, not {action!r}")
    return f"input motionevent {action} {_number(x)} {_number(y)}"


def tap_command(x: float, y: float) -> str:
    return f"input tap {_number(x)} {_number(y)}"


def swipe_command(x1: float, y1: float, x2: float, y2: float, ms: int) -> str:
    """``input swipe``: a drag from (x1, y1) to (x2, y2) taking ``ms`` milliseconds (a swipe
    that does not move is a long press)."""
    return f"input swipe {_number(x1)} {_number(y1)} {_number(x2)} {_number(y2)} {int(ms)}"


def gesture_command(points: list[tuple[float, float]], frame_ms: int, slop_px: float) -> str:
    """One ``input tap`` or ``input swipe`` for a whole touch (its frames, ``frame_ms`` apart):
    a tap when the finger stayed within ``slop_px`` for fewer frames than a long press,
    otherwise a swipe from the first to the last point lasting as long as the frames did (a
    swipe that does not move is a long press)."""
    if not points:
        raise ValueError("a gesture needs at least one touch frame")
    (x1, y1), (x2, y2) = points[0], points[-1]
    still = all(math.hypot(x - x1, y - y1) <= slop_px for x, y in points)
    if still and len(points) < LONG_PRESS_FRAMES:
        return tap_command(x1, y1)
    return swipe_command(x1, y1, x2, y2, len(points) * frame_ms)


def key_command(key: str | int) -> str:
    """``input keyevent CODE`` by key name or code (``BACK``, ``KEYCODE_ENTER``, ``4``)."""
    return f"input keyevent {KEYCODES[key_name(key)]}"


def is_typable(text: str) -> bool:
    """Whether ``input text`` can type ``text`` (printable ASCII and newlines)."""
    return all(ch in TYPABLE for ch in text)


def text_command(text: str) -> str:
    """One shell line that types ``text`` (printable ASCII) with ``input text``.

    Spaces become ``%s``; a literal ``%s`` in the text is typed as ``%`` and ``s`` by two
    commands (one command would read it as a space); a newline stays in the text (``input
    text`` presses ENTER for it, as its virtual keyboard maps it), so a text is typed by one
    command, as one text input, like the env's TEXT action on the simulated phone; every
    argument is quoted for the device shell. An empty text gives ``true`` (nothing typed).

    Raises:
        ValueError: a character ``input text`` cannot type (see ``is_typable``).
    """
    bad = sorted({ch for ch in text if ch not in TYPABLE})
    if bad:
        raise ValueError(f"input text cannot type {bad!r}: only printable ASCII and newlines")
    commands: list[str] = []
    pieces = text.split(TEXT_SPACE)
    for j, piece in enumerate(pieces):
        # a literal "%s": its "%" ends one command's text and its "s" starts the next
        chunk = ("s" if j else "") + piece + ("%" if j < len(pieces) - 1 else "")
        if chunk:
            commands.append("input text " + shlex.quote(chunk.replace(" ", TEXT_SPACE)))
    return " && ".join(commands) or "true"


def keyboard_command(text: str) -> str:
    """The broadcast that makes the ADBKeyboard input method type ``text`` (any Unicode)
    while it is the current input method; with another one current it does nothing, and
    ``am`` answers alike either way."""
    message = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return f"am broadcast -a ADB_INPUT_B64 --es msg {message}"


class KeyboardUnavailableError(Exception):
    """The device cannot switch to ADBKeyboard (it lacks the app or the ``ime`` command, or
    refused); the message says why and what to do."""


def ime_command(verb: str, ime: str) -> str:
    """``ime enable|disable|set ID``."""
    return f"ime {verb} {shlex.quote(ime)}"


def select_keyboard_command() -> str:
    """Enable ADBKeyboard (it may be installed and disabled) and make it the current input
    method, in one round trip; read the reply with ``parse_keyboard_selected``."""
    return f"{ime_command('enable', ADB_KEYBOARD)} && {ime_command('set', ADB_KEYBOARD)}"


def parse_keyboard_selected(exit_code: int, output: str) -> bool:
    """Whether ``select_keyboard_command`` enabled ADBKeyboard (it was disabled before), from
    its exit status and output (stdout and stderr).

    Raises:
        KeyboardUnavailableError: the device has no ``ime`` command, or no ADBKeyboard, or
            did not select it.
    """
    said = output.strip()
    if exit_code == _NOT_FOUND:
        raise KeyboardUnavailableError(
            f"the device has no `ime` command to switch to ADBKeyboard with: {said}"
        )
    if "cannot be enabled" in said:
        raise KeyboardUnavailableError(
            "`input text` types only printable ASCII and newlines, and the ADBKeyboard input "
            f"method that types other text is not installed: install its APK ({ADB_KEYBOARD_APK}"
            "; `adb install ADBKeyboard.apk`) and such text is typed through it, the env "
            "switching to it and back by itself"
        )
    if exit_code != 0 or f"{ADB_KEYBOARD} selected" not in said:
        raise KeyboardUnavailableError(
            f"could not make ADBKeyboard the input method: `{select_keyboard_command()}` "
            f"exited with {exit_code}: {said}"
        )
    return "now enabled" in said


def restore_keyboard_command(previous: str | None, enabled: bool) -> str | None:
    """The commands that undo ``select_keyboard_command``: ``previous`` (the input method
    current before; None: none was) made current again, then ADBKeyboard disabled if it
    ``enabled`` it; None when there is nothing to undo."""
    commands = [ime_command("set", previous)] if previous else []
    if enabled:
        commands.append(ime_command("disable", ADB_KEYBOARD))
    return " && ".join(commands) or None


def split_command(text: str, command: Callable[[str], str], max_bytes: int) -> list[str]:
    """``[command(text)]``, or when that is longer than ``max_bytes`` (UTF-8) the commands of
    the text's halves, halved again until each fits: run one after another they type the
    whole text. ``command`` escapes each piece on its own, so no piece ends inside an escape
    (a literal ``%s`` cut between its ``%`` and ``s`` is typed by two commands, as
    ``text_command`` types it anyway), nor inside a character.

    Raises:
        ValueError: a single character's command is longer than ``max_bytes``.
    """
    whole = command(text)
    if len(whole.encode("utf-8")) <= max_bytes:
        return [whole]
    if len(text) < 2:
        raise ValueError(f"the command typing {text!r} is longer than {max_bytes} bytes")
    middle = len(text) // 2
    return split_command(text[:middle], command, max_bytes) + split_command(
        text[middle:], command, max_bytes
    )


# apps, settings, files ------------------------------------------------------------------------
def start_command(package: str, activity: str | None) -> str:
    """Start ``activity`` of ``package`` (``.Name`` is relative to the package), or its
    launcher activity when None."""
    if activity is None:
        return f"monkey -p {shlex.quote(package)} -c android.intent.category.LAUNCHER 1"
    return f"am start -n {shlex.quote(f'{package}/{activity}')}"


def settings_get_command(namespace: str, key: str) -> str:
    return f"settings get {shlex.quote(namespace)} {shlex.quote(key)}"


def settings_put_command(namespace: str, key: str, value: str) -> str:
    return f"settings put {shlex.quote(namespace)} {shlex.quote(key)} {shlex.quote(value)}"


def content_query_command(uri: str, projection: Sequence[str], where: str | None) -> str:
    """``content query`` of the ``projection`` columns of ``uri``'s rows that ``where`` keeps."""
    command = (
        f"content query --uri {shlex.quote(uri)} --projection {shlex.quote(':'.join(projection))}"
    )
    return command + (f" --where {shlex.quote(where)}" if where else "")


def parse_content_rows(output: str, projection: Sequence[str]) -> list[tuple[str | None, ...]]:
    """The rows ``content query --projection`` printed: ``Row: N COL=VALUE, COL=VALUE`` a
    line, numbered from 0, ``NULL`` for a null, ``No result found.`` for none.

    A value may hold anything, line breaks and ``, `` included, so the output is read as
    rows of the ``projection``'s columns in its order: a value ends only where the next
    column's ``, COL=`` follows, a row only where a line ``Row: N COL=`` with the next row's
    number begins (a ``Row:`` line with another number is part of a value), and every such
    line that can begin a row does. Output that still reads two ways is refused, never
    guessed at.

    Raises:
        DeviceReplyError: output that is not rows of those columns.
        AmbiguousReplyError: rows that read two ways (the message names the row and the
            columns).
    """
    if not projection:
        raise ValueError("a content query needs at least one column")
    text = output.removesuffix("\n")
    if not text or text == "No result found.":
        return []
    if not text.startswith("Row: 0 "):
        raise DeviceReplyError(f"content query printed no rows: {text[:200]!r}")
    return _ContentRows(text, projection).read()


class _ContentRows:
    """The readings of ``content query`` output as rows of ``projection``'s columns.

    A line ``Row: N COL=`` (COL the first column) may begin row N; the rows are a chain of
    such lines numbered 0, 1, 2, ... whose texts each split into the columns' values. The
    readings are counted up to two, enough to tell one from several.
    """

    def __init__(self, text: str, projection: Sequence[str]) -> None:
        self.text = text
        self.projection = tuple(projection)
        self.separators = [f", {column}=" for column in self.projection[1:]]
        self.starts = self._row_starts()
        self._splits: dict[tuple[int, int], tuple[int, list[list[int]]]] = {}

    def _row_starts(self) -> list[list[int]]:
        """For each row number, where that row's first value may begin: after the output's
        first line ``Row: 0 COL=``, after a line ``Row: N COL=`` for the later ones."""
        first = self.projection[0]
        if not self.text.startswith(f"Row: 0 {first}="):
            raise DeviceReplyError(f"content query row 0 lacks {first}: {self.text[:200]!r}")
        starts = [[len(f"Row: 0 {first}=")]]
        line = re.compile(rf"(?<=\n)Row: ([1-9]\d*) {re.escape(first)}=")
        for match in line.finditer(self.text):
            number = int(match.group(1))
            if number == len(starts):
                starts.append([])
            if number < len(starts):
                starts[number].append(match.end())
        return starts

    def read(self) -> list[tuple[str | None, ...]]:
        """The one reading with the most rows."""
        chains = self._chains()
        for last in range(len(chains) - 1, -1, -1):
            ends = {
                start: ways * self._split(start, len(self.text))[0]
                for start, ways in chains[last].items()
            }
            if any(ends.values()):
                return self._rows(chains, last, ends)
        raise DeviceReplyError(f"content query {self._lacking()}: {self.text[:200]!r}")

    def _lacking(self) -> str:
        """What keeps the output from reading as rows: the first column row 0 lacks, or the
        columns."""
        at = self.starts[0][0]
        for column, separator in zip(self.projection[1:], self.separators, strict=True):
            at = self.text.find(separator, at)
            if at < 0:
                return f"row 0 lacks {column}"
            at += len(separator)
        return f"printed rows that are not of the columns {', '.join(self.projection)}"

    def _chains(self) -> list[dict[int, int]]:
        """For each row number, the places its first value may begin after a reading of the
        rows before, with how many readings lead there (at most 2); up to the last number
        that any reading reaches."""
        chains = [{self.starts[0][0]: 1}]
        for starts in self.starts[1:]:
            reached = {start: self._leading_to(chains[-1], start) for start in starts}
            reached = {start: ways for start, ways in reached.items() if ways}
            if not reached:
                break
            chains.append(reached)
        return chains

    def _leading_to(self, before: dict[int, int], start: int) -> int:
        """How many readings (at most 2) of the rows so far end where the row whose first
        value begins at ``start`` begins (``before``: the previous row's starts)."""
        return min(2, sum(ways * self._between(row, start) for row, ways in before.items()))

    def _between(self, start: int, following: int) -> int:
        """How many ways the row whose values begin at ``start`` splits when the next row's
        values begin at ``following`` (its ``Row:`` line and the line break before it end
        this row)."""
        end = self.text.rfind("\n", 0, following)
        return self._split(start, end)[0] if end >= start else 0

    def _rows(
        self, chains: list[dict[int, int]], last: int, ends: dict[int, int]
    ) -> list[tuple[str | None, ...]]:
        """The reading whose last row is ``last`` (``ends``: where that row may begin, with
        the readings through each), read back from the end.

        Raises:
            AmbiguousReplyError: the rows read two ways.
        """
        rows: list[tuple[str | None, ...]] = []
        end = len(self.text)
        for number in range(last, -1, -1):
            viable = [start for start, ways in ends.items() if ways]
            if len(viable) > 1:
                raise AmbiguousReplyError(
                    f"content query rows {number - 1} and {number} read two ways: more than "
                    f"one line 'Row: {number} {self.projection[0]}=' may begin row {number} "
                    f"(a value of {self.projection[-1]} holds such a line)"
                )
            (start,) = viable
            rows.append(self._values(number, start, end))
            end = self.text.rfind("\n", 0, start)
            if number:
                before = chains[number - 1]
                ends = {row: ways * self._between(row, start) for row, ways in before.items()}
        return rows[::-1]

    def _values(self, number: int, start: int, end: int) -> tuple[str | None, ...]:
        """Row ``number``'s values in ``text[start:end]``.

        Raises:
            AmbiguousReplyError: the row splits more than one way.
        """
        cuts = self._split(start, end)[1]
        values: list[str | None] = []
        at = start
        for column, (separator, places) in enumerate(zip(self.separators, cuts, strict=True)):
            viable = [place for place in places if place >= at]
            if len(viable) > 1:
                raise AmbiguousReplyError(
                    f"content query row {number} reads two ways: where its "
                    f"{self.projection[column]} ends and {self.projection[column + 1]} begins "
                    f"(a value holds {separator!r})"
                )
            values.append(self.text[at : viable[0]])
            at = viable[0] + len(separator)
        values.append(self.text[at:end])
        return tuple(None if value == "NULL" else value for value in values)

    def _split(self, start: int, end: int) -> tuple[int, list[list[int]]]:
        """How many ways (at most 2) ``text[start:end]`` splits into the columns' values, and
        for each separator the places where it leads to a split."""
        key = (start, end)
        if key not in self._splits:
            self._splits[key] = self._count_splits(start, end)
        return self._splits[key]

    def _count_splits(self, start: int, end: int) -> tuple[int, list[list[int]]]:
        """``_split``, counted from the last column back: a separator's place leads to as
        many splits as the next separator's places after it (the last one's to one)."""
        cuts: list[list[int]] = []
        places, ways = [end], [1]  # where the next value ends, with the splits from there
        for separator in reversed(self.separators):
            found = _occurrences(self.text, separator, start, end)
            counts = [_splits_from(place + len(separator), places, ways) for place in found]
            places = [place for place, count in zip(found, counts, strict=True) if count]
            ways = [count for count in counts if count]
            cuts.append(places)
        return min(2, sum(ways)), cuts[::-1]


def _splits_from(at: int, places: list[int], ways: list[int]) -> int:
    """The splits (at most 2) through the places at or after ``at`` (``places`` in order,
    ``ways`` the splits through each)."""
    return min(2, sum(ways[bisect.bisect_left(places, at) :]))


def _occurrences(text: str, part: str, start: int, end: int) -> list[int]:
    """Where ``part`` begins within ``text[start:end]``, overlaps included, in order."""
    found = []
    at = text.find(part, start, end)
    while at >= 0:
        found.append(at)
        at = text.find(part, at + 1, end)
    return found


def parse_setting(output: str) -> str | None:
    """The value ``settings get`` printed; None for ``null`` (the key is not set)."""
    value = output.rstrip("\r\n")
    return None if value == "null" else value


def dump_command(path: str = DUMP_PATH) -> str:
    """Dump the hierarchy to ``path`` and print it, in one round trip. The old file is removed
    first, so a failed dump never prints a stale hierarchy."""
    where = shlex.quote(path)
    return f"rm -f {where}; uiautomator dump {where} && cat {where}"


# replies -------------------------------------------------------------------------------------
_IDLE_FAILURE = "could not get idle state"


def parse_dump(output: str) -> str:
    """The hierarchy XML in what ``dump_command`` printed (the ``UI hierchary dumped to``
    line dropped), checked to be a well-formed ``<hierarchy>`` document.

    Raises:
        DeviceReplyError: the dump failed (the UI never went idle), was empty or malformed.
    """
    if _IDLE_FAILURE in output:
        raise DeviceReplyError("uiautomator dump failed: the UI did not become idle")
    start = output.find("<?xml")
    if start < 0:
        start = output.find("<hierarchy")
    if start < 0:
        raise DeviceReplyError(f"uiautomator dump gave no hierarchy: {output.strip()[:200]!r}")
    xml = output[start:].rstrip()
    end = xml.rfind("</hierarchy>")
    if end >= 0:
        xml = xml[: end + len("</hierarchy>")]
    try:
        root = etree.fromstring(xml.encode("utf-8"))
    except etree.XMLSyntaxError as exc:
        raise DeviceReplyError(f"uiautomator dump gave malformed XML: {exc}") from None
    if root.tag != "hierarchy":
        raise DeviceReplyError(f"uiautomator dump's root is <{root.tag}>, not <hierarchy>")
    return xml


def parse_wm_size(output: str) -> tuple[int, int]:
    """(width, height) from ``wm size`` (the override size if one is set)."""
    sizes = dict(re.findall(r"(Physical|Override) size: (\d+x\d+)", output))
    size = sizes.get("Override") or sizes.get("Physical")
    if size is None:
        raise DeviceReplyError(f"wm size gave no size: {output.strip()[:200]!r}")
    width, height = (int(v) for v in size.split("x"))
    return width, height


_FOCUS = re.compile(r"mCurrentFocus=Window\{\S+ u\d+ ([^\s/{}]+)/([^\s{}]+)\}")
_RECORD = re.compile(
    r"(?:mFocusedApp|mResumedActivity|topResumedActivity|ResumedActivity)\s*[=:].*?"
    r"ActivityRecord\{\S+ u\d+ ([^\s/{}]+)/([^\s{}]+)"
)


def short_activity(package: str, activity: str) -> str:
    """An activity name as the task files write it: ``.Name`` when it is in ``package``."""
    if activity.startswith(package + "."):
        return activity[len(package) :]
    return activity


def parse_foreground(output: str) -> tuple[str, str] | None:
    """(package, activity) of the focused window in ``dumpsys window`` output, or of the
    focused or resumed activity record (``dumpsys window`` / ``dumpsys activity``); None when
    the output names none (a system window such as the status bar has focus)."""
    match = _FOCUS.search(output) or _RECORD.search(output)
    if match is None:
        return None
    package, activity = match.groups()
    return package, short_activity(package, activity)


@dataclass(frozen=True)
class LogLine:
    """One logcat line in ``threadtime`` format, read apart."""

    stamp: str
    """``MM-DD HH:MM:SS.mmm``: when it was logged (device clock)."""
    tag: str
    message: str


_THREADTIME = re.compile(
    r"^(\d\d-\d\d \d\d:\d\d:\d\d\.\d{3})\s+\d+\s+\d+\s+[VDIWEFS]\s(.*?)\s*: (.*)$"
)


def parse_logcat_line(line: str) -> LogLine | None:
    """A ``logcat -v threadtime`` line read apart; None for other lines (``--------- beginning
    of main`` and the like). The tag is stripped of logcat's padding."""
    match = _THREADTIME.match(line.rstrip("\r\n"))
    if match is None:
        return None
    stamp, tag, message = match.groups()
    return LogLine(stamp, tag.strip(), message)


# screenshots ---------------------------------------------------------------------------------
_RAW_FORMATS = {1: cv2.COLOR_RGBA2RGB, 2: cv2.COLOR_RGBA2RGB, 5: cv2.COLOR_BGRA2RGB}
"""``screencap`` raw pixel formats (Android ``PixelFormat``: RGBA, RGBX, BGRA) this reader
takes, with their conversion to RGB."""


def parse_raw_screencap(data: bytes) -> np.ndarray:
    """An RGB array from ``screencap`` (no ``-p``): a header of width, height, pixel format
    (and a colour space since Android 8), little-endian 32-bit, then 4 bytes a pixel.

    Raises:
        DeviceReplyError: the header or the length makes no sense.
    """
    if len(data) < 12:
        raise DeviceReplyError(f"screencap gave {len(data)} bytes, not a frame")
    width, height, fmt = (int.from_bytes(data[i : i + 4], "little") for i in (0, 4, 8))
    if not (0 < width <= 16384 and 0 < height <= 16384) or fmt not in _RAW_FORMATS:
        raise DeviceReplyError(f"screencap gave a bad header: {width}x{height} format {fmt}")
    pixels = width * height * 4
    header = len(data) - pixels
    if header not in (12, 16):
        raise DeviceReplyError(
            f"screencap gave {len(data)} bytes for a {width}x{height} frame "
            f"(expected {pixels + 12} or {pixels + 16})"
        )
    frame = np.frombuffer(data, np.uint8, pixels, header).reshape(height, width, 4)
    return cv2.cvtColor(frame, _RAW_FORMATS[fmt])


def parse_png(data: bytes) -> np.ndarray:
    """An RGB array from ``screencap -p`` output.

    Raises:
        DeviceReplyError: not a PNG (or a broken one).
    """
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise DeviceReplyError(f"screencap -p gave no PNG ({len(data)} bytes)")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise DeviceReplyError("screencap -p gave a PNG that does not decode")
    return cv2.cvtColor(image, cv2.COLOR_BGR2RGB)


def scaled(frame: np.ndarray, size: tuple[int, int], scale: float) -> np.ndarray:
    """``frame`` resized (area averaging) to the env's observation of a ``size`` (width,
    height) screen at ``scale``, read-only."""
    width, height = size
    shape = (max(1, round(height * scale)), max(1, round(width * scale)))
    if frame.shape[:2] != shape:
        frame = cv2.resize(frame, shape[::-1], interpolation=cv2.INTER_AREA)
    frame.flags.writeable = False
    return frame
