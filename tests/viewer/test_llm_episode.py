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


def test_a_page_shows_what_the_user_replied_and_the_tool_returned(tmp_path: pathlib.Path) -> None:
    run = tmp_path / "mw"
    replies = [
        'Action: {"action_type": "mcp", "action_name": "amap_maps_text_search", '
        '"action_json": {"keywords": "西湖"}}',
        'Action: {"action_type": "ask_user", "text": "Where do you start from?"}',
        'Action: {"action_type": "answer", "text": "1"}',
    ]
    with ScriptedLLM([completion(reply) for reply in replies]) as server:
        result = invoke(
            "eval", "--agent", "llm", "--agent-option", "model=scripted",
            "--agent-option", f"base_url={server.base_url}", "--agent-option", "dialect=json",
            "--task", "mw.map.check_distance_mcp_2", "--save", "screenshots", "--out", str(run),
        )  # fmt: skip
    assert result.exit_code == 0, (result.stderr, result.exception)
    out = tmp_path / "report.html"
    assert invoke("report", str(run), "--out", str(out), "--no-replay").exit_code == 0
    page = tmp_path / "report_episodes" / "mw" / "mw.map.check_distance_mcp_2__seed0.html"
    html = page.read_text(encoding="utf-8")
    tool = re.search(r"<dt>tool result</dt><dd>(.*?)</dd>", html, re.S)
    assert tool and "amap_maps_text_search: " in tool.group(1)
    said = re.findall(r"<dt>user reply</dt><dd>(.*?)</dd>", html, re.S)
    assert len(said) == 1 and said[0].strip()
