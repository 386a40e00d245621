"""Finding shipped tasks by id without loading every task file."""

from __future__ import annotations

import pathlib

import pytest

from mobile_gym.tasks import loader


def test_the_index_of_declared_ids_agrees_with_loading_every_file() -> None:
    index = loader.shipped_task_files()
    loaded = loader.shipped_tasks()
    assert index.keys() == loaded.keys()
    assert {task_id: str(path) for task_id, path in index.items()} == {
        task_id: spec.source for task_id, spec in loaded.items()
    }


@pytest.mark.parametrize(
    ("text", "declared"),
    [
        ("id: a.b\ntitle: x\n", "a.b"),
        ("title: x\napps: [p, q]\nsetup:\n  id: inner\n  start: {id: deeper}\nid: 'a.b'\n", "a.b"),
        ('{title: x, id: "a.b"}\n', "a.b"),
        ("# a comment\n---\nid: a.b # trailing\n", "a.b"),
        ("title: x\n", None),
        ("setup:\n  id: inner\n", None),
        ("id: [a, b]\n", None),
        ("id:\ntitle: x\n", None),
        ("title: [unclosed\nid: a.b\n", None),
        ("- id: a.b\n", None),
        ("", None),
    ],
)
def test_declared_id_reads_only_the_top_level_id(
    tmp_path: pathlib.Path, text: str, declared: str | None
) -> None:
    path = tmp_path / "task.yaml"
    path.write_text(text, encoding="utf-8")
    assert loader.declared_id(path) == declared


def test_declared_id_of_a_file_that_is_not_text_is_none(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "task.yaml"
    path.write_bytes(b"id: \xff\xfe\n")
    assert loader.declared_id(path) is None
    assert loader.declared_id(tmp_path / "missing.yaml") is None


def test_a_file_whose_id_is_not_plain_is_still_found_by_loading_it(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An id given through an alias cannot be read from the events alone: the file is
    loaded to find it, so the index still has every task that loads."""
    task_id, spec = next(iter(loader.shipped_tasks().items()))
    lines = pathlib.Path(spec.source).read_text(encoding="utf-8").splitlines(keepends=True)
    lines.remove(f"id: {task_id}\n")
    title = next(i for i, line in enumerate(lines) if line.startswith("title: "))
    lines[title] = "title: &name aliased.task\nid: *name\n"
    aliased = tmp_path / "aliased.yaml"
    aliased.write_text("".join(lines), encoding="utf-8")
    assert loader.declared_id(aliased) is None
    real = loader.task_files()
    monkeypatch.setattr(loader, "task_files", lambda: [*real, aliased])
    loader.shipped_task_files.cache_clear()
    loader._load_shipped.cache_clear()
    try:
        assert loader.shipped_task_files()["aliased.task"] == aliased
        assert loader.resolve_task("aliased.task").title == "aliased.task"
    finally:
        loader.shipped_task_files.cache_clear()
        loader._load_shipped.cache_clear()
