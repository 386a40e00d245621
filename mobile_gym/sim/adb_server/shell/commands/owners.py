"""Android's user and group ids as the served phone's tools name them, and who owns a path.

Names follow bionic: the fixed Android ids (``root`` 0, ``system`` 1000, ``shell`` 2000,
...), ``u0_aN`` for app uid ``10000 + N`` and ``u0_aN_cache`` for its cache gid
``20000 + N``; an id without a name is shown as its number.

The phone keeps no owner per file: a path's owner follows from where it is. An app's data
directory ``/data/data/PACKAGE`` and everything in it belong to the app's uid and gid (its
uid as the phone's activity manager gives it, ``Activities.uid``); elsewhere folders belong
to ``root`` and files to ``shell``. ``ls -l`` and ``stat`` show these owners.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mobile_gym.sim import Phone
from mobile_gym.sim.system.storage import normalize

ROOT = 0
SYSTEM = 1000
SHELL = 2000
FIRST_APP = 10000
FIRST_APP_CACHE = 20000
LAST_APP_CACHE = 29999
_NAMES = {
    ROOT: "root",
    SYSTEM: "system",
    1001: "radio",
    1002: "bluetooth",
    1003: "graphics",
    1004: "input",
    1005: "audio",
    1006: "camera",
    1007: "log",
    1011: "adb",
    1013: "media",
    1015: "sdcard_rw",
    1023: "media_rw",
    1028: "sdcard_r",
    1078: "ext_data_rw",
    1079: "ext_obb_rw",
    SHELL: "shell",
    2001: "cache",
    3001: "net_bt_admin",
    3002: "net_bt",
    3003: "inet",
    3006: "net_bw_stats",
    3009: "readproc",
    3011: "uhid",
    3012: "readtracefs",
    9997: "everybody",
    9999: "nobody",
}
_IDS = {name: number for number, name in _NAMES.items()}
_APP_NAME = re.compile(r"u0_a(\d+)(_cache)?")
SHELL_GROUPS = (1004, 1007, 1011, 1015, 1028, 1078, 1079, 3001, 3002, 3003, 3006, 3009, 3011, 3012)
"""The supplementary groups adbd gives the shell it starts (sorted, as the kernel keeps them)."""


@dataclass(frozen=True)
class Identity:
    """Who a process runs as: user, group, supplementary groups and SELinux context."""

    uid: int
    gid: int
    groups: tuple[int, ...]
    context: str


def shell_identity(root: bool) -> Identity:
    """Who the served shell runs as: ``root`` (after ``adb root``) or ``shell``."""
    if root:
        return Identity(ROOT, ROOT, SHELL_GROUPS, "u:r:su:s0")
    return Identity(SHELL, SHELL, SHELL_GROUPS, "u:r:shell:s0")


def name_of(number: int) -> str:
    """The user or group name of ``number`` (its digits when it has none)."""
    if FIRST_APP <= number < FIRST_APP_CACHE:
        return f"u0_a{number - FIRST_APP}"
    if FIRST_APP_CACHE <= number <= LAST_APP_CACHE:
        return f"u0_a{number - FIRST_APP_CACHE}_cache"
    return _NAMES.get(number, str(number))


def id_of(name: str) -> int | None:
    """The id of user or group ``name`` (None when there is none by that name)."""
    if name in _IDS:
        return _IDS[name]
    match = _APP_NAME.fullmatch(name)
    if match is None or int(match[1]) >= FIRST_APP_CACHE - FIRST_APP:
        return None
    return (FIRST_APP_CACHE if match[2] else FIRST_APP) + int(match[1])


def parse_id(text: str) -> int | None:
    """A user or group given by name or by number, as ``chown`` takes it (None when it is
    neither a known name nor a 32-bit number)."""
    number = id_of(text)
    if number is None and text.isascii() and text.isdigit() and int(text) <= 0xFFFFFFFF:
        number = int(text)
    return number


def app_of(phone: Phone, path: str) -> str | None:
    """The app whose data directory holds ``path`` (or is it), if any."""
    parts = normalize(path).split("/")
    if len(parts) < 4 or parts[1:3] != ["data", "data"]:
        return None
    return parts[3] if parts[3] in phone.apps else None


def owner_of(phone: Phone, path: str, is_dir: bool) -> tuple[int, int]:
    """The uid and gid that own ``path`` (a folder when ``is_dir``) on the served phone."""
    app = app_of(phone, path)
    if app is not None:
        uid = phone.activities.uid(app)
        return uid, uid
    return (ROOT, ROOT) if is_dir else (SHELL, SHELL)
