"""The ``file:`` signal: files whose paths match a glob (and whose text holds a phrase),
counted on the simulated phone's storage and, through ``find`` and sync, on a device."""

from __future__ import annotations

import io
import zipfile

import pytest

from mobile_gym import actions
from mobile_gym.device.adb import AdbDevice
from mobile_gym.device.sim import SimDevice
from mobile_gym.env import MobileEnv
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.tasks.schema import TaskFileError
from tests.device.conftest import QUICK, SERIAL
from tests.tasks.tasktools import make_env, spec

NOTES = "/sdcard/Documents/Trip"  # a folder the phone does not seed


def file_task(**signal: object) -> dict:
    """A task whose success is ``signal`` holding now (judged as the episode would end
    now); setup writes one note."""
    return {
        "episode": {"success": "final"},
        "setup": {"files": [{"path": f"{NOTES}/seeded.txt", "text": "Nothing here"}]},
        "signals": {"found": signal},
        "events": [{"id": "done", "when": "found", "reward": 1.0, "end": "success"}],
    }


def success_after_writing(env: MobileEnv, path: str, text: str | bytes) -> bool:
    """Write a file on the phone, let a frame pass; whether the task then succeeds."""
    env.device.write_file(path, text.encode() if isinstance(text, str) else text)
    *_, info = actions.play(env, actions.wait())
    return info["success"]


def test_a_file_written_during_the_episode_is_found() -> None:
    env = make_env(**file_task(file=f"{NOTES}/*.txt", contains="MEETING at 10", min_count=1))
    _, info = env.reset(seed=0)
    assert info["success"] is False  # the seeded note does not hold the phrase
    assert success_after_writing(env, f"{NOTES}/other.md", "meeting at 10") is False  # not *.txt
    assert success_after_writing(env, f"{NOTES}/sub/x.txt", "meeting at 10") is False  # deeper
    assert success_after_writing(env, f"{NOTES}/minutes.txt", "The meeting at 10 moved") is True


@pytest.mark.parametrize(
    ("bounds", "success"),
    [
        ({"min_count": 2}, True),
        ({"min_count": 0, "max_count": 1}, False),
        ({"min_count": 3}, False),
    ],
)
def test_counts_bound_the_matches(bounds: dict, success: bool) -> None:
    env = make_env(**file_task(file=f"{NOTES}/*", **bounds))
    env.reset(seed=0)
    assert success_after_writing(env, f"{NOTES}/second.txt", "two") is success


@pytest.mark.parametrize(
    ("bounds", "success"),
    [
        ({"min_count": 2}, True),
        ({"min_count": 3}, False),
        ({"min_count": 1, "max_count": 1}, False),
        ({"min_count": 1, "max_count": 2}, True),
        ({"min_count": 2, "max_count": 2}, True),
    ],
)
def test_counts_bound_the_files_that_hold_the_phrase(bounds: dict, success: bool) -> None:
    """Only the files holding ``contains`` count, however many others the glob matches
    before, between and after them (the seeded note, ``a.txt`` and ``c.txt`` do not hold
    it; ``b.txt`` and ``d.txt`` do)."""
    env = make_env(**file_task(file=f"{NOTES}/*.txt", contains="Gate 4", **bounds))
    env.reset(seed=0)
    for name, text in (("a", "Gate 3"), ("b", "gate 4 opens"), ("c", "Gate")):
        env.device.write_file(f"{NOTES}/{name}.txt", text.encode())
    assert success_after_writing(env, f"{NOTES}/d.txt", "At GATE 4") is success


def zipped(*names: str) -> bytes:
    """A zip archive holding a file of each name (a path: in the folders it names)."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for name in names:
            archive.writestr(name, name)
    return data.getvalue()


def test_an_archive_holds_exactly_the_files_named() -> None:
    """``entries``: the files a zip archive holds, by name, whatever folder inside holds
    them; one file more or less, a file of another name, or no archive, does not count."""
    env = make_env(**file_task(file=f"{NOTES}/pack.zip", entries=["a.txt", "b.txt"]))
    for archive, success in (
        (zipped("a.txt"), False),
        (zipped("a.txt", "b.txt", "c.txt"), False),
        (zipped("a.txt", "B.txt"), False),
        (b"a.txt b.txt", False),  # names its files, but is no archive
        (zipped("old/", "old/b.txt", "old/a.txt"), True),  # (the folder entry is not a file)
        (zipped("b.txt", "a.txt"), True),
    ):
        env.reset(seed=0)
        assert success_after_writing(env, f"{NOTES}/pack.zip", archive) is success, archive


@pytest.mark.parametrize(
    ("signal", "problem"),
    [
        ({"file": "/sdcard/a.zip", "entries": []}, "entries"),
        ({"file": "/sdcard/a.zip", "entries": ["in/a.txt"]}, "entries"),
        ({"file": "/sdcard/*", "min_count": 2, "max_count": 1}, "below"),
    ],
)
def test_malformed_file_signals_are_refused(signal: dict, problem: str) -> None:
    with pytest.raises(TaskFileError, match=problem):
        spec(**file_task(**signal))


def test_a_device_finds_and_reads_the_same_files() -> None:
    with AdbServer(devices=1, seed=0) as server:
        phone = server.phone(SERIAL)
        for name in ("a.txt", "b.jpg", "c.txt"):
            phone.write_file(f"/sdcard/Download/{name}", name.encode())
        phone.write_file("/sdcard/Download/deep/d.txt", b"d")
        device = AdbDevice(SERIAL, port=server.port, retry=QUICK)
        try:
            assert device.find_files("/sdcard/Download/*.txt") == [
                "/sdcard/Download/a.txt",
                "/sdcard/Download/c.txt",
            ]
            assert device.find_files("/sdcard/*/*/d.txt") == ["/sdcard/Download/deep/d.txt"]
            assert device.find_files("/sdcard/**/d.txt") == ["/sdcard/Download/deep/d.txt"]
            assert device.read_file("/sdcard/Download/c.txt") == b"c.txt"
            # Android's other name of the shared storage: the same files, so named
            assert device.find_files("/storage/emulated/0/Download/*.txt") == [
                "/storage/emulated/0/Download/a.txt",
                "/storage/emulated/0/Download/c.txt",
            ]
        finally:
            device.close()


def test_the_simulated_phone_finds_files_under_the_storages_other_names() -> None:
    device = SimDevice()
    for name in ("a.txt", "b.jpg"):
        device.phone.write_file(f"/sdcard/Download/{name}", name.encode())
    assert device.find_files("/storage/emulated/0/Download/*.txt") == [
        "/storage/emulated/0/Download/a.txt"
    ]
    assert device.find_files("/storage/self/primary/**/b.jpg") == [
        "/storage/self/primary/Download/b.jpg"
    ]
    assert device.find_files("/sdcard/Download/a.txt") == ["/sdcard/Download/a.txt"]
