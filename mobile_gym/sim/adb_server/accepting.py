"""Accepting connections through shortages: which ``accept()`` failures to retry at once, and
how long to wait after the others.

A listening socket whose ``accept()`` fails (the process out of file descriptors, the kernel
out of buffers or memory) keeps queueing clients; they are served as soon as accepting works
again, so the server must keep trying, not give up. ``AcceptBackoff`` says how long to wait
before the next try: nothing after a failure that concerns one pending connection only (it
was aborted before it was accepted; Linux also reports such a connection's network errors
from ``accept()``), and a short wait that doubles up to a cap while a shortage lasts. It
logs the first failure of a run and the recovery, not every try.
"""

from __future__ import annotations

import errno
import logging

_ONE_CONNECTION = frozenset(
    getattr(errno, name)
    for name in (
        "ECONNABORTED",
        "EPROTO",
        "EPERM",  # a firewall rule refused this one connection
        "ENETDOWN",
        "ENOPROTOOPT",
        "EHOSTDOWN",
        "ENONET",
        "EHOSTUNREACH",
        "EOPNOTSUPP",
        "ENETUNREACH",
    )
    if hasattr(errno, name)
)
"""``accept()`` failures that concern one pending connection: retried at once."""
FIRST_WAIT_S = 0.01
MAX_WAIT_S = 0.5
log = logging.getLogger(__name__)


def _reason(exc: OSError) -> str:
    """``Too many open files (EMFILE)``: the reason and the errno name of an OS error."""
    name = errno.errorcode.get(exc.errno or 0)
    reason = exc.strerror or str(exc)
    return f"{reason} ({name})" if name else reason


class AcceptBackoff:
    """How long the accept loop waits after each failed ``accept()``.

    Args:
        first_s: the wait after the first failure of a run.
        max_s: the longest wait; each further failure doubles the wait up to this.
    """

    def __init__(self, first_s: float = FIRST_WAIT_S, max_s: float = MAX_WAIT_S) -> None:
        self.first_s = first_s
        self.max_s = max_s
        self._wait_s = 0.0
        self._failures = 0

    def failed(self, exc: OSError) -> float:
        """Seconds to wait before accepting again after ``exc``."""
        if exc.errno in _ONE_CONNECTION:
            log.debug("a client left before its ADB connection was accepted: %s", _reason(exc))
            return 0.0
        self._failures += 1
        if self._failures == 1:
            log.warning(
                "cannot accept ADB connections: %s; retrying until it works again", _reason(exc)
            )
        self._wait_s = min(self.max_s, self._wait_s * 2 if self._wait_s else self.first_s)
        return self._wait_s

    def succeeded(self) -> None:
        """A connection was accepted: the next failure waits ``first_s`` again."""
        if self._failures:
            log.warning("accepting ADB connections again after %d failed tries", self._failures)
        self._failures = 0
        self._wait_s = 0.0
