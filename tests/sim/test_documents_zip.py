"""Generated zip archives (``kind: zip``): entries read back with ``zipfile`` at one fixed
time, the same fields give the same bytes, wrong names are refused, and a task's
``setup.documents`` places a dated zip that the Files app lists and opens."""

from __future__ import annotations

import io
import zipfile

import pytest

from mobile_gym.sim.apps.files import FILES, PACKAGE, PREVIEW
from mobile_gym.sim.documents import DocumentError, render_document
from mobile_gym.sim.documents.archive import ENTRY_TIME
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened
from tests.tasks.tasktools import make_env

FIELDS = {
    "files": [
        {"name": "file_1.txt", "text": "first\nsecond\n"},
        {"name": "logs/file_2.txt", "text": "header", "lines": 3},
        {"name": "empty.txt"},
    ]
}


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None
        assert {info.date_time for info in archive.infolist()} == {ENTRY_TIME}
        return {name: archive.read(name) for name in archive.namelist()}


def test_entries_read_back_in_order_with_generated_lines() -> None:
    data = render_document("zip", FIELDS)
    assert data.startswith(b"PK\x03\x04")
    assert members(data) == {
        "file_1.txt": b"first\nsecond\n",
        "logs/file_2.txt": b"header\nentry 1\nentry 2\nentry 3\n",
        "empty.txt": b"",
    }
    assert list(members(data)) == ["file_1.txt", "logs/file_2.txt", "empty.txt"]


def test_the_same_fields_give_the_same_bytes() -> None:
    first = render_document("zip", FIELDS)
    other = render_document("zip", {"files": [{"name": "a.txt", "lines": "4"}]})
    assert members(other) == {"a.txt": b"entry 1\nentry 2\nentry 3\nentry 4\n"}
    assert render_document("zip", {"files": [dict(f) for f in FIELDS["files"]]}) == first
    assert first != other


@pytest.mark.parametrize(
    ("files", "problem"),
    [
        ([], "files: List should have at least 1 item"),
        ([{"name": "/abs.txt"}], "relative path"),
        ([{"name": "a/../b.txt"}], "relative path"),
        ([{"name": "dir/"}], "relative path"),
        ([{"name": "a.txt"}, {"name": "a.txt"}], r"named twice: \['a.txt'\]"),
        ([{"name": "a"}, {"name": "a/b.txt"}], r"also folders of other entries: \['a'\]"),
        ([{"name": "a.txt", "lines": -1}], r"fields\.files\.0\.lines"),
        ([{"name": "a.txt", "size": 3}], r"fields\.files\.0\.size"),
    ],
)
def test_wrong_entries_are_refused(files: list, problem: str) -> None:
    with pytest.raises(DocumentError, match=problem):
        render_document("zip", {"files": files})


def test_a_task_places_a_dated_zip_that_files_opens() -> None:
    env = make_env(
        parameters={"count": {"range": [20, 40]}},
        setup={
            "time": "2025-10-16T09:30:00",
            "documents": [
                {
                    "path": "/sdcard/Download/logs_july.zip",
                    "kind": "zip",
                    "fields": {"files": [{"name": "file_1.txt", "lines": "{count}"}]},
                    "modified": "2025-07-05T14:20:00",
                }
            ],
        },
    )
    env.reset(seed=1)
    count = env.episode.values["count"]
    phone = env.device.phone
    driver: Driver = opened(phone, "Files", (PACKAGE, FILES))
    row = driver.find(id="title", text="logs_july.zip")
    assert row is not None
    details = [n.text for n in driver.find_all(id="details")]
    assert any(text.endswith("\u00b7 Jul 5") for text in details), details
    driver.tap(id="title", text="logs_july.zip")
    driver.tap(id="title", text="file_1.txt")
    assert phone.foreground == (PACKAGE, PREVIEW)
    assert driver.find(id="line_count").text == f"{count} lines"
    env.close()
