"""Asking the simulated user and calling MCP tools by hand: the session's state names what a
task lets one ask or call and keeps the last reply and tool result, the solution's as the
player's; on the page the Ask box and the tool call play them and show what came back, tool
arguments that are not a JSON object are refused there, and a negative reward reads as
such."""

from __future__ import annotations

import json
from typing import Any

from mobile_gym.commands import Command
from mobile_gym.play.session import PlaySession
from mobile_gym.tasks.loader import resolve_task
from tests.browser import check_no_errors, needs_browser, open_browser
from tests.play.test_browser import _load, _state, _wait_steps
from tests.tasks.tasktools import write_task

RATE = "stockstar_miotech_esg_rating"
"""The tool the task below calls."""


def _ask_and_rate(tmp_path) -> str:
    """A task file with a user who knows a stock code, the stock tools, a penalty for asking
    and success once the stock is rated."""
    path = write_task(
        tmp_path,
        tools=["stockstar"],
        min_steps=2,
        instruction={"template": "Ask me which stock I mean, then look up its ESG rating."},
        user={
            "facts": [
                {
                    "name": "code",
                    "aliases": ["code", "stock"],
                    "value": "600900",
                    "reply": "The stock code is 600900.",
                }
            ]
        },
        signals={
            "asked": {"ask_user": ".*"},
            "rated": {"mcp_call": RATE, "match": "regex", "arguments": {"security_code": "600900"}},
        },
        events=[
            {"id": "asked_first", "when": "asked", "reward": -0.1},
            {"id": "done", "when": "rated", "reward": 1.0, "end": "success"},
        ],
        solution=[
            {"ask_user": "Which stock do you mean?"},
            {"mcp_call": {"tool": RATE, "arguments": {"security_code": "{reply.code}"}}},
        ],
    )
    return str(path)


def test_the_state_names_the_user_and_tools_and_keeps_what_came_back(tmp_path):
    session = PlaySession(resolve_task(_ask_and_rate(tmp_path)), 0, None)
    try:
        state = session.state()
        assert state["user"] and RATE in [tool["name"] for tool in state["tools"]]
        assert (state["user_reply"], state["tool_call"]) == (None, None)
        session.solution_step()  # asks
        assert session.state()["user_reply"] == {"step": 1, "text": "The stock code is 600900."}
        session.act(Command("mcp_call", tool=RATE, arguments={"security_code": "600000"}))
        call = session.state()["tool_call"]
        assert (call["step"], call["tool"], call["is_error"]) == (2, RATE, False)
        assert call["arguments"] == {"security_code": "600000"}
        assert json.loads(call["result"])["security_code"] == "600000"
        state = session.state()
        assert state["user_reply"]["step"] == 1  # the last reply stays
        json.dumps(state)  # sent to the page as it is
        session.reset()
        assert (session.state()["user_reply"], session.state()["tool_call"]) == (None, None)
    finally:
        session.close()
    plain = PlaySession(resolve_task("settings.wifi_off"), 0, None)
    try:
        assert (plain.state()["user"], plain.state()["tools"]) == (False, [])
    finally:
        plain.close()


def _text(page, selector: str) -> str:
    return page.locator(selector).inner_text()


@needs_browser
def test_the_page_asks_the_user_and_calls_tools(played, tmp_path):
    _, server = played(_ask_and_rate(tmp_path))
    with server as url, open_browser() as opened:
        page = opened.page
        _load(page, url)
        assert page.locator("#question").is_visible() and page.locator("#tool").is_visible()
        assert _text(page, "#reply") == "none yet" and _text(page, "#tool-result") == "none yet"
        page.locator("#solution").click()  # the solution asks
        _wait_steps(page, 1)
        assert _text(page, "#reply") == "step 1: The stock code is 600900."
        assert _text(page, "#events") == "step 1: asked_first (-0.1)"
        page.locator("#question").fill("Which stock, again?")
        page.locator("#ask").click()
        _wait_steps(page, 2)
        assert _state(page)["actions"][-1]["command"] == {
            "verb": "ask_user",
            "text": "Which stock, again?",
        }
        assert _text(page, "#reply").startswith("step 2: ")
        page.locator("#tool").select_option(RATE)
        assert "security_code" in page.locator("#arguments").get_attribute("placeholder")
        for typed, error in (
            ('{"security_code": 600900', "the tool arguments are not JSON"),
            ('["600900"]', 'must be a JSON object, as {"name": "value"}, got ["600900"]'),
        ):
            page.locator("#arguments").fill(typed)
            page.locator("#call").click()
            assert error in _text(page, "#error")
        page.locator("#arguments").fill('{"security_code": "600900"}')
        page.locator("#call").click()
        _wait_steps(page, 3)  # the refused arguments took no step
        call: dict[str, Any] = _state(page)["actions"][-1]["command"]
        assert call == {"verb": "mcp_call", "tool": RATE, "arguments": {"security_code": "600900"}}
        result = _text(page, "#tool-result")
        assert result.startswith(f'step 3: {RATE}(security_code="600900")') and "AAA" in result
        assert "done (+1)" in _text(page, "#events")
        assert "Success" in _text(page, "#status")
        check_no_errors(opened)
