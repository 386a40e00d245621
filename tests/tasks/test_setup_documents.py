"""A task's generated documents are made on the simulated phone when first read: a reset
that never shows one does not pay for it, and a reader gets the document its fields make."""

from __future__ import annotations

from typing import Any

import pytest

from mobile_gym.sim.documents import render_document
from mobile_gym.tasks import episode as episode_module
from tests.tasks.tasktools import make_env

LETTER = "/sdcard/Documents/letter.pdf"


def letter_task() -> dict[str, Any]:
    """A task (on the Settings app) whose setup writes a letter to a drawn name."""
    return {
        "parameters": {"name": {"choice": ["Ada", "Alan", "Grace"]}},
        "setup": {
            "documents": [
                {
                    "path": LETTER,
                    "kind": "text",
                    "fields": {"title": "Letter to {name}", "paragraphs": ["Dear {name},"]},
                }
            ]
        },
    }


def test_a_document_is_made_when_first_read(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []

    def counted(kind: str, fields: dict[str, Any]) -> bytes:
        made.append(fields["title"])
        return render_document(kind, fields)

    monkeypatch.setattr(episode_module, "render_document", counted)
    env = make_env(**letter_task())
    try:
        for seed in range(3):
            env.reset(seed=seed)
        assert made == []  # the Settings screens read no file
        name = env.episode.values["name"]
        data = env.device.read_file(LETTER)
        assert made == [f"Letter to {name}"]
        fields = {"title": f"Letter to {name}", "paragraphs": [f"Dear {name},"]}
        assert data == render_document("text", fields)
        assert env.device.read_file(LETTER) == data and len(made) == 1
        assert LETTER in env.device.find_files("/sdcard/Documents/*.pdf")
    finally:
        env.close()
