"""Faults injected into served phones, so clients can be tested against what real devices do.

Each fault is armed for one device with a count: how many commands it affects before it
wears off (``None``: until cleared). The server consults the registry at the point where
each fault bites and uses up one count there.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

from mobile_gym.checks import check_int

FAULT_KINDS = ("disconnect", "hang", "empty_dump", "malformed_dump", "garbage_screenshot")
"""What can go wrong.

- ``disconnect``: the device is missing from ``host:devices`` and every request naming it
  fails (``device '...' not found``); its open streams end. Each refused request uses a count;
  ``Faults.reconnect`` ends it early.
- ``hang``: a shell or exec command is accepted (``OKAY``) and then never answers, until the
  client gives up and closes; the command does not run.
- ``empty_dump``: ``uiautomator dump`` reports success but writes an empty file.
- ``malformed_dump``: ``uiautomator dump`` writes a hierarchy cut off in the middle.
- ``garbage_screenshot``: ``screencap`` returns bytes that are not an image.
"""


class Faults:
    """The faults armed on a server's devices (thread-safe)."""

    def __init__(self, serials: Iterable[str]) -> None:
        self._serials = tuple(serials)
        self._armed: dict[tuple[str, str], int | None] = {}
        self._lock = threading.Lock()

    def inject(self, serial: str, kind: str, count: int | None = 1) -> None:
        """Arm ``kind`` on device ``serial`` for the next ``count`` commands it affects.

        ``count=None`` keeps it armed until ``clear`` (or ``reconnect`` for a disconnect).
        Injecting a kind already armed replaces its count.

        Raises:
            ValueError: unknown serial or kind, or a count that is not a positive int.
        """
        if serial not in self._serials:
            raise ValueError(f"no served device {serial!r}; devices: {', '.join(self._serials)}")
        if kind not in FAULT_KINDS:
            raise ValueError(f"unknown fault kind {kind!r}; expected one of {FAULT_KINDS}")
        if count is not None:
            check_int("fault count", count, low=1)
        with self._lock:
            self._armed[serial, kind] = count

    def reconnect(self, serial: str) -> None:
        """End a ``disconnect`` of ``serial``: the device is listed and reachable again."""
        with self._lock:
            self._armed.pop((serial, "disconnect"), None)

    def clear(self) -> None:
        """Disarm every fault on every device."""
        with self._lock:
            self._armed.clear()

    def armed(self, serial: str) -> dict[str, int | None]:
        """The faults armed on ``serial``: kind to the commands it still affects (None: no limit)."""
        with self._lock:
            return {kind: n for (s, kind), n in self._armed.items() if s == serial}

    def is_disconnected(self, serial: str) -> bool:
        """Whether ``serial`` is currently disconnected (uses up nothing)."""
        with self._lock:
            return (serial, "disconnect") in self._armed

    def take(self, serial: str, kind: str) -> bool:
        """Whether ``kind`` bites this command on ``serial``; if so one count is used up."""
        with self._lock:
            key = (serial, kind)
            if key not in self._armed:
                return False
            left = self._armed[key]
            if left is not None:
                if left <= 1:
                    del self._armed[key]
                else:
                    self._armed[key] = left - 1
            return True
