"""``setup.remove``: files the phone holds deleted before a task writes its own, on the
simulated phone and over ADB (``find`` then ``rm -f``)."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.device.adb import AdbDevice
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.tasks.episode import Episode
from mobile_gym.tasks.schema import TaskFileError
from tests.device.conftest import QUICK, SERIAL
from tests.tasks.tasktools import make_env, spec

DOWNLOAD = "/sdcard/Download"
KEPT = f"{DOWNLOAD}/report.txt"
TASK = {
    "setup": {
        "remove": [f"{DOWNLOAD}/*"],
        "files": [{"path": KEPT, "text": "the task's own file"}],
    }
}


def downloads(paths: list[str]) -> list[str]:
    return sorted(p for p in paths if p.startswith(DOWNLOAD + "/"))


def test_the_phones_own_downloads_are_deleted_before_the_tasks_files_are_written() -> None:
    env = make_env(**TASK)
    storage = env.device.phone.storage
    assert len(downloads(storage.file_paths())) > 1  # the phone's seeded downloads
    env.reset(seed=1)
    assert downloads(storage.file_paths()) == [KEPT]
    assert env.device.find_files(f"{DOWNLOAD}/*") == [KEPT]
    env.close()


def test_a_glob_leaves_what_it_does_not_match() -> None:
    env = make_env(setup={"remove": [f"{DOWNLOAD}/*.zip"]})
    env.reset(seed=0)
    left = downloads(env.device.phone.storage.file_paths())
    assert left and not [p for p in left if p.endswith(".zip")]
    env.close()


@pytest.mark.parametrize("pattern", ["Download/*", "/sdcard/Download/", ""])
def test_a_relative_or_folder_glob_is_refused_at_load(pattern: str) -> None:
    with pytest.raises(TaskFileError, match="remove"):
        spec(setup={"remove": [pattern]})


def test_a_device_deletes_them_over_adb() -> None:
    with AdbServer(devices=1, seed=1) as server:
        device = AdbDevice(SERIAL, port=server.port, retry=QUICK)
        try:
            before = device.find_files(f"{DOWNLOAD}/*")
            Episode(spec(**TASK), device, np.random.default_rng(0))
            after = device.find_files(f"{DOWNLOAD}/*")
            stored = downloads(server.phone(SERIAL).storage.file_paths())
        finally:
            device.close()
    assert len(before) > 1
    assert after == stored == [KEPT]
