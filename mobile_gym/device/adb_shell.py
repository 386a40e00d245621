"""Device shell commands for ``AdbDevice``, and readers of what the device answers.

Pure functions only (no connection): the ``input`` command lines (motion events, taps,
swipes, keys, text with its escaping), ``settings``, ``am`` and ``uiautomator`` command lines,
and the parsers of ``wm size``, ``dumpsys window`` / ``dumpsys activity``, ``settings get``,
logcat ``threadtime`` lines, ``uiautomator dump`` output and raw ``screencap`` frames. A reply
that cannot be read raises ``DeviceReplyError`` (the caller retries it).
"""

from __future__ import annotations

import math
import re
import shlex
from collections.abc import Sequence
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


class DeviceReplyError(ValueError):
    """A device's reply could not be read (empty, cut short, malformed): worth retrying."""


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
    """The rows ``content query --projection`` printed (``Row: N COL=VALUE, COL=VALUE``,
    ``NULL`` for a null, ``No result found.`` for none). A value may hold ``, `` or line
    breaks, so each row is cut at its columns' names, in the projection's order.

    Raises:
        DeviceReplyError: output that is not rows of those columns.
    """
    text = output.replace("\r\n", "\n").rstrip("\n")
    if not text or text == "No result found.":
        return []
    starts = list(_ROW_START.finditer(text))
    if not starts or starts[0].start() != 0:
        raise DeviceReplyError(f"content query printed no rows: {text[:200]!r}")
    rows = []
    for i, start in enumerate(starts):
        end = starts[i + 1].start() - 1 if i + 1 < len(starts) else len(text)
        rows.append(_content_row(text[start.end() : end], projection))
    return rows


_ROW_START = re.compile(r"^Row: \d+ ", re.MULTILINE)


def _content_row(line: str, projection: Sequence[str]) -> tuple[str | None, ...]:
    values: list[str | None] = []
    rest = line
    for i, column in enumerate(projection):
        if not rest.startswith(column + "="):
            raise DeviceReplyError(f"content query row lacks {column}: {line[:200]!r}")
        rest = rest[len(column) + 1 :]
        if i + 1 < len(projection):
            cut = rest.find(f", {projection[i + 1]}=")
            if cut < 0:
                raise DeviceReplyError(
                    f"content query row lacks {projection[i + 1]}: {line[:200]!r}"
                )
            value, rest = rest[:cut], rest[cut + 2 :]
        else:
            value = rest
        values.append(None if value == "NULL" else value)
    return tuple(values)


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
