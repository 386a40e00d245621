"""How the accept loop waits after failed ``accept()`` calls, and what it logs."""

from __future__ import annotations

import errno
import logging

import pytest

from mobile_gym.sim.adb_server.accepting import AcceptBackoff


def test_accept_waits_grow_to_a_cap_and_start_over_on_success(
    caplog: pytest.LogCaptureFixture,
) -> None:
    backoff = AcceptBackoff(first_s=0.01, max_s=0.05)
    shortage = OSError(errno.EMFILE, "Too many open files")
    with caplog.at_level(logging.DEBUG, logger="mobile_gym.sim.adb_server.accepting"):
        assert [backoff.failed(shortage) for _ in range(5)] == [0.01, 0.02, 0.04, 0.05, 0.05]
        backoff.succeeded()
        assert backoff.failed(OSError(errno.ENOBUFS, "No buffer space available")) == 0.01
        assert backoff.failed(OSError(errno.ECONNABORTED, "Software caused connection abort")) == 0
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == [
        "cannot accept ADB connections: Too many open files (EMFILE); retrying until it works again",
        "accepting ADB connections again after 5 failed tries",
        "cannot accept ADB connections: No buffer space available (ENOBUFS); retrying until it "
        "works again",
    ]


def test_each_run_of_failures_is_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    backoff = AcceptBackoff()
    with caplog.at_level(logging.WARNING, logger="mobile_gym.sim.adb_server.accepting"):
        for _ in range(50):
            backoff.failed(OSError(errno.ENFILE, "Too many open files in system"))
        backoff.succeeded()
        backoff.succeeded()
    assert len(caplog.records) == 2
    assert "(ENFILE)" in caplog.records[0].getMessage()
