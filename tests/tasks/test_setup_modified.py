"""Setup files and documents with a ``modified`` time: recorded in the simulated phone's
storage, set with ``touch -d`` after the push on a device over ADB."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from mobile_gym.device.adb import AdbDevice
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.clock import to_epoch_ms
from mobile_gym.tasks.episode import Episode
from mobile_gym.tasks.schema import TaskFileError
from tests.device.conftest import QUICK, SERIAL
from tests.tasks.tasktools import make_env, spec

NOTE = "/sdcard/Download/note.txt"
LETTER = "/sdcard/Documents/letter.pdf"


def dated_task(modified: str = "2024-0{month}-1{day}T08:15:30") -> dict:
    """A task writing a note and a document, both last modified at ``modified``."""
    return {
        "parameters": {"month": {"range": [1, 5]}, "day": {"range": [0, 9]}},
        "setup": {
            "files": [{"path": NOTE, "text": "hello", "modified": modified}],
            "documents": [
                {
                    "path": LETTER,
                    "kind": "text",
                    "fields": {"title": "Letter", "paragraphs": ["Dear reader"]},
                    "modified": modified,
                }
            ],
        },
    }


def expected(values: dict) -> dt.datetime:
    return dt.datetime(2024, values["month"], 10 + values["day"], 8, 15, 30)


def test_the_simulated_phone_records_the_filled_in_times() -> None:
    env = make_env(**dated_task())
    env.reset(seed=4)
    storage = env.device.phone.storage
    when = to_epoch_ms(expected(env.episode.values))
    assert storage.modified(NOTE) == when
    assert storage.modified(LETTER) == when
    assert storage.read(NOTE) == b"hello"
    env.close()


def test_without_a_time_the_file_keeps_the_one_writing_gave_it() -> None:
    task = dated_task()
    del task["setup"]["files"][0]["modified"]
    env = make_env(**task)
    env.reset(seed=0)
    storage = env.device.phone.storage
    assert storage.modified(NOTE) is None  # a plain write records no time
    assert storage.modified(LETTER) is not None
    env.close()


@pytest.mark.parametrize("where", ["files", "documents"])
def test_a_time_that_is_not_iso_is_refused_at_load(where: str) -> None:
    task = dated_task()
    task["setup"][where][0]["modified"] = "03/06/2024 09:30"
    with pytest.raises(TaskFileError, match=rf"setup\.{where}\.0\.modified.*ISO date and time"):
        spec(**task)


def test_a_template_is_checked_once_filled_in() -> None:
    env = make_env(**dated_task("2024-{month}-1{day} noon"))
    with pytest.raises(TaskFileError, match=r"modified must be an ISO date and time"):
        env.reset(seed=0)
    env.close()


def test_a_device_gets_the_times_with_touch_after_the_push() -> None:
    task = spec(**dated_task())
    with AdbServer(devices=1, seed=0) as server:
        device = AdbDevice(SERIAL, port=server.port, retry=QUICK)
        try:
            episode = Episode(task, device, np.random.default_rng(0))
            listed = device.link.command("list", f"ls -l {NOTE} {LETTER}")
            storage = server.phone(SERIAL).storage
            times = storage.modified(NOTE), storage.modified(LETTER)
        finally:
            device.close()
    when = expected(episode.values)
    assert times == (to_epoch_ms(when), to_epoch_ms(when))
    assert listed.count(f"{when:%Y-%m-%d %H:%M}") == 2


def test_the_served_touch_takes_a_date_and_leaves_missing_files_with_c() -> None:
    with AdbServer(devices=1, seed=0) as server:
        device = AdbDevice(SERIAL, port=server.port, retry=QUICK)
        try:
            device.link.command("touch", "touch -d '2023-11-02 07:05' /sdcard/a.txt")
            device.link.command("touch", "touch -c -d 2023-11-02T07:05:00Z /sdcard/b.txt")
            bad = device.link.shell("touch", "touch -d yesterday /sdcard/a.txt")
            storage = server.phone(SERIAL).storage
            assert storage.modified("/sdcard/a.txt") == to_epoch_ms(dt.datetime(2023, 11, 2, 7, 5))
            assert not storage.exists("/sdcard/b.txt")
        finally:
            device.close()
    assert bad.exit_code != 0 and "bad date" in bad.text
