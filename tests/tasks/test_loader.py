"""Finding shipped tasks by id without loading every task file."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

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


_PROBE = """
import json, sys
import gymnasium as gym
import mobile_gym
from mobile_gym.tasks import loader
imported = {"mcp": "mcp" in sys.modules, "fpdf": "fpdf" in sys.modules}
loaded_at_import = loader._shipped_file.cache_info().currsize
env = gym.make("MobileGym/mab.note_add-v0")
env.close()
loaded_by_make = loader._shipped_file.cache_info().currsize
loader.resolve_task("mcp.driving_time_sms")  # a task with MCP tools, validated
print(json.dumps({
    "imported": imported,
    "mcp_after_validating_tools": "mcp" in sys.modules,
    "loaded_at_import": loaded_at_import,
    "loaded_by_make": loaded_by_make,
    "registered": sum(1 for k in gym.envs.registration.registry if k.startswith("MobileGym/")),
}))
"""


def test_import_registers_every_task_and_loads_only_what_is_made() -> None:
    """``import mobile_gym`` registers every shipped task without loading a task file or
    importing the MCP SDK or fpdf2 (slow imports few episodes need); ``gym.make`` of one
    task loads that task's file alone, and validating a task with MCP tools needs no SDK
    (it loads when the env starts the servers)."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=300, check=True
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["imported"] == {"mcp": False, "fpdf": False}
    assert found["mcp_after_validating_tools"] is False
    assert found["loaded_at_import"] == 0
    assert found["loaded_by_make"] == 1
    assert found["registered"] == len(loader.shipped_task_files()) + 1  # and Task-v0
