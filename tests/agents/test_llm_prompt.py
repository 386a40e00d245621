"""The LLM agents' prompt, screen summaries and reply handling, without an endpoint."""

from __future__ import annotations

import re

import gymnasium as gym
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.agents.llm import LLMAgent
from mobile_gym.agents.llm.output import action_of
from mobile_gym.agents.llm.prompt import COMMANDS, notes, system_prompt
from mobile_gym.agents.llm.screen import SUMMARY_CHARS, VIEWS, read_screen, summary
from mobile_gym.wrappers.text_commands import CANONICAL, TextCommandError, parse_text_command
from tests.agents.scripted_llm import ScriptedLLM, completion, last_user_text

WIFI = "MobileGym/settings.wifi_off-v0"
MODEL = "test-model"
EXAMPLES = {"i": "3", "direction": "down", "value": "1"}


def example(usage: str) -> str:
    """``usage`` with its placeholders filled in (``TAP(i)`` -> ``TAP(3)``)."""
    return re.sub(r"\b(?:i|direction|value)\b", lambda m: EXAMPLES[m.group()], usage)


def test_the_prompt_teaches_exactly_the_wrappers_commands() -> None:
    names = {parse_text_command(f"ACTION: {example(usage)}").name for usage, _ in COMMANDS}
    assert names == set(CANONICAL)
    prompt = system_prompt("html")
    assert all(usage in prompt for usage, _ in COMMANDS)


@pytest.mark.parametrize("view", sorted(VIEWS))
def test_the_prompt_explains_each_view(view: str) -> None:
    marker = {"html": "id=N", "text": "[N]", "som": "screenshot"}[view]
    assert marker in system_prompt(view)


def test_notes_report_what_the_env_said() -> None:
    info = {
        "action_error": "element 9 does not exist",
        "user_reply": "The blue one.",
        "tool_result": {"temperature": 21},
    }
    assert notes(info, "Old.", "New.") == [
        "Your last action failed: element 9 does not exist",
        "The user replied: The blue one.",
        'Tool result: {"temperature": 21}',
        "New instruction: New.",
    ]
    assert notes({"action_error": None}, None, "First.") == []


def test_a_summary_is_one_short_line() -> None:
    html = '<p>Wi-Fi &amp; more</p>\n<button id=0 desc="x">Save</button>\n' + "<p>long</p>\n" * 200
    line = summary(html, "com.android.settings", html=True)
    assert line.startswith("[com.android.settings] Wi-Fi & more Save long")
    assert "<" not in line and "\n" not in line
    assert len(line) == len("[com.android.settings] ") + SUMMARY_CHARS


def test_the_text_views_are_read_from_the_observation() -> None:
    env = gym.make(WIFI, action_space="text", observation="text")
    observation, info = env.reset(seed=0)
    screen = read_screen("text", observation, info)
    assert screen.text == observation["screen_text"] and screen.png is None
    assert screen.summary.startswith("[com.android.launcher3] ")


# replies to actions ---------------------------------------------------------------------------
def test_a_readable_reply_becomes_its_canonical_action() -> None:
    reply = "**THINK:** the field is 2\n```\nACTION: type ( 2 , 'hi there' )\n```"
    assert action_of(reply) == 'ACTION: TYPE(2, "hi there")'


@given(st.text() | st.builds(lambda a, b: f"THINK: {a}\nACTION: {b}", st.text(), st.text()))
def test_any_reply_gives_an_action_that_means_the_same(reply: str) -> None:
    action = action_of(reply)
    try:
        meant = parse_text_command(reply)
    except TextCommandError:
        assert action == reply  # the wrapper rejects it with the same explanation
    else:
        assert parse_text_command(action) == meant


def test_user_replies_and_tool_results_reach_the_model() -> None:
    env = gym.make(WIFI, action_space="text", observation="html")
    script = [
        completion('ACTION: ASK_USER("Which network?")'),
        completion('ACTION: MCP(weather, {"city": "Oslo"})'),
        completion("ACTION: WAIT"),
    ]
    with ScriptedLLM(script) as server:
        agent = LLMAgent(model=MODEL, base_url=server.base_url)
        observation, info = env.reset(seed=0)
        agent.reset(info["instruction"], info)
        replies = []
        for _ in script:
            observation, _, _, _, info = env.step(agent.act(observation, info))
            replies.append(info)
    second, third = (last_user_text(r.body) for r in server.requests[1:])
    assert f"The user replied: {replies[0]['user_reply']}" in second
    assert f"Tool result: {replies[1]['tool_result']}" in third
    history = server.requests[2].body["messages"]
    assert f"The user replied: {replies[0]['user_reply']}" in history[3]["content"]
