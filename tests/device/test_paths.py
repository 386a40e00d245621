"""Which phone paths a task's file pattern names (``mobile_gym.device.paths``)."""

from __future__ import annotations

import itertools
import random
from pathlib import PurePosixPath

import pytest

from mobile_gym.device.paths import glob_matches, glob_root, pattern_scope


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
        # a plain segment of the pattern found elsewhere in the path is not a match
        ("/sdcard/a.txt/b.txt", "/sdcard/*/a.txt", False),
        ("/sdcard/xa.txt/a.txt", "/sdcard/*/a.txt", True),
    ],
)
def test_glob_matches_within_segments(path: str, pattern: str, matches: bool) -> None:
    assert glob_matches(path, pattern) is matches


def _pathlib_rule(path: str, pattern: str) -> bool:
    """pathlib's match of an absolute pattern, with as many slashes on both sides."""
    return PurePosixPath(path).match(pattern) and path.count("/") == pattern.count("/")


SEGMENTS = ["sdcard", "DCIM", "a.txt", "IMG_1.jpg", "", ".", "..", "[x]", "A.TXT", "a b"]
PATTERNS = ["*", "*.jpg", "IMG_?.jpg", "[a-z].txt", "[!a]*", "a**", "?", "[]", "[!]"]


def _random_path(rng: random.Random, choices: list[str]) -> str:
    return "/" + "/".join(rng.choice(choices) for _ in range(rng.randint(1, 5)))


def test_glob_matches_follows_pathlib_on_odd_paths_too() -> None:
    """Empty and ``.`` segments, a ``//`` root, brackets: the same answers as pathlib."""
    rng = random.Random(0)
    for _ in range(20_000):
        path = _random_path(rng, SEGMENTS)
        pattern = _random_path(rng, PATTERNS + SEGMENTS)
        assert glob_matches(path, pattern) == _pathlib_rule(path, pattern), (path, pattern)


@pytest.mark.parametrize(
    ("path", "pattern", "matches"),
    [
        ("/sdcard/Download/a.txt", "/sdcard/**/a.txt", True),
        ("/sdcard/a.txt", "/sdcard/**/a.txt", True),  # no folder at all
        ("/sdcard/Documents/old/2024/a.txt", "/sdcard/**/a.txt", True),
        ("/sdcard/Documents/b.txt", "/sdcard/**/a.txt", False),
        ("/data/a.txt", "/sdcard/**/a.txt", False),
        ("/sdcard/DCIM/Camera/IMG_1.jpg", "/sdcard/**/Camera/*.jpg", True),
        ("/sdcard/DCIM/IMG_1.jpg", "/sdcard/**/Camera/*.jpg", False),
        ("/sdcard/DCIM/x**y.jpg", "/sdcard/**/x**y.jpg", True),  # within a segment: as *
        ("/sdcard/DCIM/a/b.jpg", "/sdcard/DCIM/a**", False),
    ],
)
def test_any_folders_segment(path: str, pattern: str, matches: bool) -> None:
    assert glob_matches(path, pattern) is matches


def test_any_folders_is_any_number_of_single_segments() -> None:
    """A ``**`` segment matches as ``*`` segments would, as many as some choice needs,
    none included."""
    rng = random.Random(1)
    segments = [s for s in SEGMENTS if s not in ("", ".")]
    for _ in range(5_000):
        path = _random_path(rng, segments)
        pattern = _random_path(rng, ["**", "**", *PATTERNS, *segments])
        parts = pattern.split("/")
        stars = [i for i, part in enumerate(parts) if part == "**"]
        expansions = itertools.product(range(path.count("/") + 1), repeat=len(stars))
        expected = any(
            glob_matches(path, _expanded(parts, dict(zip(stars, counts, strict=True))))
            for counts in expansions
        )
        assert glob_matches(path, pattern) is expected, (path, pattern)


def _expanded(parts: list[str], counts: dict[int, int]) -> str:
    """The pattern with each ``**`` part at index i replaced by ``counts[i]`` ``*`` parts."""
    out = []
    for i, part in enumerate(parts):
        out.extend(["*"] * counts[i] if i in counts else [part])
    return "/".join(out) if out != [""] else "/"


@pytest.mark.parametrize(
    ("pattern", "root"),
    [
        ("/sdcard/DCIM/Camera/*.jpg", "/sdcard/DCIM/Camera"),
        ("/sdcard/*/Camera/*.jpg", "/sdcard"),
        ("/*.txt", "/"),
        ("/sdcard/a.txt", "/sdcard"),
        ("/sdcard/**/a.txt", "/sdcard"),
    ],
)
def test_glob_root_is_the_deepest_folder_without_wildcards(pattern: str, root: str) -> None:
    assert glob_root(pattern) == root


@pytest.mark.parametrize(
    ("pattern", "folder", "kind"),
    [
        ("/sdcard/DCIM/Camera/IMG_*.jpg", "/sdcard/DCIM/Camera", "jpg"),
        ("/sdcard/Download/REPORT.PDF", "/sdcard/Download", "pdf"),
        ("/sdcard/*/Camera/*.tar.gz", "/sdcard", "gz"),
        ("/sdcard/**/notes.txt", "/sdcard", "txt"),
        ("/sdcard/Download/*", "/sdcard/Download", None),
        ("/sdcard/Download/*.t?t", "/sdcard/Download", None),
        ("/sdcard/Download/a[.]txt", "/sdcard/Download", None),  # the dot may be the [.]
        ("/sdcard/Download/README", "/sdcard/Download", ""),
        ("/sdcard/**", "/sdcard", None),
        ("/*.txt", "/", "txt"),
    ],
)
def test_pattern_scope_is_the_folder_and_kind_its_text_fixes(
    pattern: str, folder: str, kind: str | None
) -> None:
    assert pattern_scope(pattern) == (folder, kind)


@pytest.mark.parametrize("seed", range(20))
def test_every_path_a_pattern_matches_lies_in_its_scope(seed: int) -> None:
    """Random paths and patterns: a path the pattern matches is inside its folder and of
    its kind (where it has one)."""
    rng = random.Random(seed)
    names = ["a.txt", "b.JPG", "c", "d.tar.gz", "e.t", "[x].txt"]
    folders = ["sdcard", "DCIM", "x.y"]
    for _ in range(200):
        path = "/" + "/".join([*rng.choices(folders, k=rng.randint(0, 3)), rng.choice(names)])
        parts = path.split("/")
        for i in rng.sample(range(1, len(parts)), k=rng.randint(0, len(parts) - 1)):
            parts[i] = rng.choice(["*", "?" + parts[i][1:], "**", parts[i][:1] + "*"])
        pattern = "/".join(parts)
        if glob_matches(path, pattern):
            folder, kind = pattern_scope(pattern)
            assert folder == "/" or path.startswith(folder + "/"), (path, pattern)
            name = path.rpartition("/")[2]
            own = name.rpartition(".")[2].lower() if "." in name else ""
            assert kind is None or kind == own, (path, pattern)
