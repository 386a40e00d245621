"""The viewer page of a language model's episode: its raw replies shown, its text actions
read by the action space's own parser and drawn on the replayed screens."""

from __future__ import annotations

import pathlib
import re

from tests.agents.scripted_llm import ScriptedLLM, completion
from tests.viewer.conftest import invoke

REPLIES = ("THINK: open the first item.\nACTION: TAP(2)", "ACTION: SWIPE(up)", "ACTION: BACK")


def test_a_model_episode_shows_its_replies_and_marks(tmp_path: pathlib.Path) -> None:
    run = tmp_path / "llm"
    with ScriptedLLM([completion(reply) for reply in REPLIES]) as server:
        result = invoke(
            "eval", "--agent", "llm", "--agent-option", "model=scripted",
            "--agent-option", f"base_url={server.base_url}", "--agent-option", "backoff=0",
            "--task", "settings.wifi_off", "--max-steps", "3", "--out", str(run),
        )  # fmt: skip
    assert result.exit_code == 0, (result.stderr, result.exception)
    out = tmp_path / "report.html"
    assert invoke("report", str(run), "--out", str(out)).exit_code == 0
    page = tmp_path / "report_episodes" / "llm" / "settings.wifi_off__seed0.html"
    html = page.read_text(encoding="utf-8")
    assert html.count("<figure") == len(REPLIES) + 1  # the replayed screens, and the end
    assert "THINK: open the first item.\nACTION: TAP(2)" in html
    labels = re.findall(r"<dt>action</dt><dd><span>([^<]+)</span>", html)
    assert labels == ["TAP #2", "SWIPE up", "GOBACK"]
