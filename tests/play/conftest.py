"""The fixture of the play page's browser tests: a session served on a free port."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from mobile_gym.play.app import build_app
from mobile_gym.play.server import serving
from mobile_gym.play.session import PlaySession
from mobile_gym.tasks.loader import resolve_task


@pytest.fixture
def played(tmp_path) -> Iterator[Any]:
    """A function opening the page of a session of a task (an id or a task file; recorded
    into tmp_path/run) served on a free port; the server and its thread are gone after the
    test."""
    threads = set(threading.enumerate())
    sessions: list[PlaySession] = []

    def open_page(task: str):
        session = PlaySession(resolve_task(task), 0, tmp_path / "run")
        sessions.append(session)
        return session, serving(build_app(session))

    yield open_page
    for session in sessions:
        session.close()
    deadline = time.monotonic() + 5.0  # the event loop's idle worker threads wind down
    while not set(threading.enumerate()) <= threads and time.monotonic() < deadline:
        time.sleep(0.05)
    assert set(threading.enumerate()) <= threads  # the server's threads have ended
