"""Which phone paths a task's file pattern names (``mobile_gym.device.paths``)."""

from __future__ import annotations

import random
from pathlib import PurePosixPath

import pytest

from mobile_gym.device.paths import glob_matches, glob_root


@pytest.mark.parametrize(
    ("path", "pattern", "matches"),
    [
        ("/sdcard/DCIM/Camera/IMG_1.jpg", "/sdcard/DCIM/Camera/*.jpg", True),
        ("/sdcard/DCIM/Camera/IMG_1.jpg", "/sdcard/DCIM/*.jpg", False),  # one segment
        ("/sdcard/DCIM/Camera/IMG_1.jpg", "/sdcard/*/Camera/IMG_?.jpg", True),
        ("/sdcard/DCIM/Camera/IMG_1.jpg", "/sdcard/*/IMG_1.jpg", False),  # * stays in one
        ("/sdcard/Download/a.txt", "/sdcard/Download/[ab].txt", True),
        ("/sdcard/Download/c.txt", "/sdcard/Download/[!ab].txt", True),
        ("/sdcard/Download/A.TXT", "/sdcard/Download/*.txt", False),  # case counts
        ("/sdcard/Download/a.txt", "/sdcard/Download/a.txt", True),
        ("/sdcard/Download", "/sdcard/Download/", False),
    ],
)
def test_glob_matches_within_segments(path: str, pattern: str, matches: bool) -> None:
    assert glob_matches(path, pattern) is matches


def _pathlib_rule(path: str, pattern: str) -> bool:
    """pathlib's match of an absolute pattern, with as many slashes on both sides."""
    return PurePosixPath(path).match(pattern) and path.count("/") == pattern.count("/")


def test_glob_matches_follows_pathlib_on_odd_paths_too() -> None:
    """Empty and ``.`` segments, a ``//`` root, brackets: the same answers as pathlib."""
    segments = ["sdcard", "DCIM", "a.txt", "IMG_1.jpg", "", ".", "..", "[x]", "A.TXT", "a b"]
    patterns = ["*", "*.jpg", "IMG_?.jpg", "[a-z].txt", "[!a]*", "**", "?", "[]", "[!]"]
    rng = random.Random(0)
    for _ in range(20_000):
        path = "/" + "/".join(rng.choice(segments) for _ in range(rng.randint(1, 5)))
        pattern = "/" + "/".join(rng.choice(patterns + segments) for _ in range(rng.randint(1, 5)))
        assert glob_matches(path, pattern) == _pathlib_rule(path, pattern), (path, pattern)


@pytest.mark.parametrize(
    ("pattern", "root"),
    [
        ("/sdcard/DCIM/Camera/*.jpg", "/sdcard/DCIM/Camera"),
        ("/sdcard/*/Camera/*.jpg", "/sdcard"),
        ("/*.txt", "/"),
        ("/sdcard/a.txt", "/sdcard"),
    ],
)
def test_glob_root_is_the_deepest_folder_without_wildcards(pattern: str, root: str) -> None:
    assert glob_root(pattern) == root
