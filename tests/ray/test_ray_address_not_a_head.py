"""Joining a Ray cluster at an address where something that is not a Ray head answers (a web
server; a gRPC server such as a head's Ray Client port given without ``ray://``): one error
within seconds naming the address and what to give instead, and no process left behind
(Ray itself would retry for minutes). The command runs in a session of its own, killed
with everything it started when it outlives ``LIMIT_S``."""

from __future__ import annotations

import http.server
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager

import pytest

pytest.importorskip("ray")
grpc = pytest.importorskip("grpc")
psutil = pytest.importorskip("psutil")

MOBILE_GYM = pathlib.Path(sys.executable).with_name("mobile-gym")
LIMIT_S = 60.0
"""How long a command may run before the test kills it (it would hang for minutes)."""
EVAL = ["eval", "--task", "settings.wifi_off", "--agent", "oracle", "--seeds", "0"]


def session(leader: int) -> list[psutil.Process]:
    """The live processes of the session ``leader`` started (its own included)."""
    found = []
    for process in psutil.process_iter():
        try:
            if os.getsid(process.pid) == leader and process.status() != psutil.STATUS_ZOMBIE:
                found.append(process)
        except (OSError, psutil.Error):
            continue
    return found


def outlived(leader: int, within_s: float = 10.0) -> list[str]:
    """The command lines of the processes of ``leader``'s session still running
    ``within_s`` seconds on (killed then, so that none outlives the test)."""
    deadline = time.monotonic() + within_s
    while (left := session(leader)) and time.monotonic() < deadline:
        time.sleep(0.2)
    named = []
    for process in left:
        try:
            named.append(" ".join(process.cmdline()))
            process.kill()
        except psutil.Error:  # it ended meanwhile
            continue
    return named


def run_alone(arguments: list[str], limit_s: float = LIMIT_S) -> tuple[int, str, float]:
    """``mobile-gym ARGUMENTS`` in a session of its own: its exit status, its stderr and
    the seconds it ran. The test fails when it runs past ``limit_s`` or a process it
    started outlives it."""
    started = time.monotonic()
    command = subprocess.Popen(
        [str(MOBILE_GYM), *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        _, stderr = command.communicate(timeout=limit_s)
    except subprocess.TimeoutExpired:
        os.killpg(command.pid, signal.SIGKILL)
        command.communicate()
        outlived(command.pid, within_s=0)
        pytest.fail(f"mobile-gym {' '.join(arguments)} still ran after {limit_s:g} s")
    took = time.monotonic() - started
    assert outlived(command.pid) == []
    return command.returncode, stderr, took


@contextmanager
def web_server() -> Iterator[int]:
    """An HTTP server on 127.0.0.1; its port."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def grpc_server() -> Iterator[int]:
    """A gRPC server on 127.0.0.1 that serves nothing (as a head's Ray Client port does
    not serve the GCS); its port."""
    server = grpc.server(ThreadPoolExecutor(max_workers=1))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        yield port
    finally:
        server.stop(grace=None)


@pytest.mark.parametrize(
    ("server", "hint"),
    [
        (web_server, "give the head's GCS port (6379 unless ray start --head --port chose "),
        (grpc_server, "for a Ray Client server use --address ray://127.0.0.1:{port}"),
    ],
    ids=["web-server", "grpc-not-gcs"],
)
def test_an_address_where_no_head_answers_is_one_error_within_seconds(
    server: Callable[[], AbstractContextManager[int]],
    hint: str,
    tmp_path: pathlib.Path,
) -> None:
    with server() as port:
        address = f"127.0.0.1:{port}"
        on_ray = ["--out", str(tmp_path), "--executor", "ray", "--address", address]
        status, stderr, took = run_alone([*EVAL, *on_ray])
    assert status == 1, stderr
    (line,) = stderr.strip().splitlines()
    assert line.startswith(
        f"error: cannot join the Ray cluster at {address}: no Ray cluster answers there ("
    )
    assert hint.format(port=port) in line
    if server is web_server:
        assert line.endswith("or ray://127.0.0.1:10001 for its Ray Client server")
    assert took < 30
    assert not (tmp_path / "episodes").exists()


@pytest.mark.parametrize(
    ("port", "status", "hint"),
    [
        (6380, "UNAVAILABLE", "give the head's GCS port"),
        (10001, "UNAVAILABLE", "10001 is a head's Ray Client port: use --address ray://h:10001"),
        (10002, "UNIMPLEMENTED", "for a Ray Client server use --address ray://h:10002"),
    ],
)
def test_the_hint_names_ray_client_where_it_may_be_meant(port: int, status: str, hint: str) -> None:
    from mobile_gym.ray.probes import address_hint

    assert hint in address_hint("h", port, status)
    assert ("ray://h:10001 for its Ray Client server" in address_hint("h", port, status)) == (
        hint.startswith("give")
    )
