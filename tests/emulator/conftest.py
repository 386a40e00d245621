"""Fixtures for the emulator tests: one simulated phone served on free ports.

The tests need ``grpcio`` and the ``android_env`` package (the ``emulator`` extra plus
``pip install --no-deps android-env==1.3.0``). Without them they are skipped, unless
``MOBILE_GYM_REQUIRE_ANDROID_ENV`` is set (as CI sets it), where they fail instead.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

HAVE_ANDROID_ENV = all(
    importlib.util.find_spec(name) is not None for name in ("grpc", "android_env", "absl")
)
if not HAVE_ANDROID_ENV and not os.environ.get("MOBILE_GYM_REQUIRE_ANDROID_ENV"):
    collect_ignore_glob = ["test_*.py"]

TOKEN = "s3cret-token"


@pytest.fixture
def token_file(tmp_path: Path) -> Path:
    path = tmp_path / "emulator_console_auth_token"
    path.write_text(TOKEN + "\n", encoding="utf-8")
    return path


@pytest.fixture
def emulator(token_file: Path) -> Iterator[object]:
    """An ``EmulatorServer`` on free ports serving a 720x1280 phone; no thread left after."""
    from mobile_gym.emulator.server import EmulatorServer
    from mobile_gym.sim import Phone

    before = set(threading.enumerate())
    server = EmulatorServer(
        0, 0, 0, phone=Phone(seed=0, display="small_phone"), auth_token_path=token_file
    )
    with server:
        yield server
    left = [t for t in threading.enumerate() if t not in before and t.is_alive()]
    assert not left, f"threads left running: {left}"
