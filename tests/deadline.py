"""Run a call with a deadline, for tests of inputs whose cost once grew with their square
(a regular expression that read a long run of text again from each of its characters): the
call must return well within ``seconds``, where the old cost was minutes or hours.

The call runs in a forked child process, ended at the deadline: a regular expression holds
the interpreter lock until it is done, so a thread could not be waited for. The child holds
what the test made (its phone, its fixtures) but none of the process's other threads: the
call must not wait on a server or a lock of theirs."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from typing import Any


def within(seconds: float, call: Callable[[], Any]) -> Any:
    """What ``call()`` returns (it must pickle), asserting it returned within ``seconds``;
    what it raised is raised here as an AssertionError naming it."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)

    def run() -> None:
        try:
            sender.send((True, call()))
        except BaseException as exc:  # (reported to the test's process)
            sender.send((False, f"{type(exc).__name__}: {exc}"))

    child = context.Process(target=run, daemon=True)
    child.start()
    try:
        if not receiver.poll(seconds):
            raise AssertionError(f"the call did not return within {seconds} s")
        returned, value = receiver.recv()
    finally:
        child.kill()
        child.join()
    assert returned, f"the call raised {value}"
    return value
