"""The LLM agent's ``mobile_env`` dialect end to end: Mobile-Env's HTML view, ``<think>`` /
``<action>`` replies from a scripted local chat-completions server, a real multi-stage task."""

from __future__ import annotations

import json
import pathlib
import re
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import pytest
from typer.testing import CliRunner

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.agents import make_agent
from mobile_gym.agents.llm import LLMAgent, VLMAgent
from mobile_gym.agents.llm.dialects import DIALECTS
from mobile_gym.agents.llm.mobile_env import COMMANDS, action_of, system_prompt
from mobile_gym.cli import app
from mobile_gym.wrappers.mobile_env_interface import (
    MobileEnvActionError,
    parse_mobile_env_action,
)
from tests.agents.scripted_llm import Reply, Script, ScriptedLLM, completion, last_user_text
from tests.agents.test_llm_agent import play

THREE_STAGES = (
    pathlib.Path(__file__).parents[1] / "tasks" / "mobile_env" / ("contacts_three_stages.textproto")
)
COMMAND = "Search your contacts for the letter a."
STAGES = ["Open the first contact in the results.", "Start a text message to this contact."]
MODEL = "test-model"


def make_env() -> gym.Env:
    return gym.make(
        "MobileGym/Task-v0",
        task=str(THREE_STAGES),
        action_space="mobile_env",
        observation="mobile_env_html",
    )


def agent_for(server: ScriptedLLM, **options: Any) -> LLMAgent:
    return LLMAgent(model=MODEL, base_url=server.base_url, dialect="mobile_env", **options)


# a scripted model that reads element ids off the HTML it is shown ----------------------------
def element_id(body: dict[str, Any], fragment: str) -> int:
    """The id of the first screen line the model was shown that holds ``fragment``."""
    for line in last_user_text(body).splitlines():
        found = re.search(r' id="(\d+)"', line)
        if found and fragment in line:
            return int(found.group(1))
    raise AssertionError(f"no element {fragment!r} on the screen the model was shown")


def reply(template: str, fragment: str) -> Callable[[dict[str, Any]], Reply]:
    """A reply ``template`` with ``{id}`` the id of the element holding ``fragment``."""
    return lambda body: completion(template.format(id=element_id(body, fragment)))


SOLVE: Script = [
    reply("<think>The search button is {id}.</think><action>CLICK({id})</action>", 'alt="Search"'),
    reply('<action>\n  INPUT({id}, "a")\n</action>', 'class="search query"'),  # no <think>
    reply(
        "<think>\nThe first result is {id}.\n</think>\n\n<action>\nCLICK({id})\n</action>\n",
        'class="item contact name"',
    ),
    reply("  <think>SMS is {id}</think>  <action>CLICK({id})</action>", 'alt="Send SMS"'),
]


# a task played in the dialect ----------------------------------------------------------------
def test_the_agent_plays_a_three_stage_task_in_mobile_env_format() -> None:
    env = make_env()
    with ScriptedLLM(SOLVE) as server:
        agent = agent_for(server)
        observations, actions, info = play(env, agent, limit=10)
    assert info["success"] and len(actions) == 4
    assert (agent.action_space, agent.observation) == ("mobile_env", "mobile_env_html")
    assert agent.name == f"llm-mobile_env:{MODEL}"
    assert all(
        re.fullmatch(r'<action>(CLICK\(\d+\)|INPUT\(\d+, "a"\))</action>', a) for a in actions
    )
    assert agent.last_output is not None and agent.last_output.startswith("  <think>SMS is")

    bodies = [r.body for r in server.requests]
    system = bodies[0]["messages"][0]["content"]
    assert all(usage in system for usage, _ in COMMANDS)
    assert "<think>" in system and "<action>" in system and 'id="N"' in system
    for body, observation in zip(bodies, observations, strict=False):
        text = last_user_text(body)
        assert f"Current screen:\n{observation['html']}" in text
        assert f"Current instruction: {observation['instruction']}" in text
    first, second, third, fourth = map(last_user_text, bodies)
    assert "Completed instructions" not in first + second
    assert "Actions taken: 0 of at most 15" in first and "Actions taken: 3 of at most 15" in fourth
    assert f"Completed instructions:\n1. {COMMAND}\nCurrent instruction: {STAGES[0]}" in third
    assert f"1. {COMMAND}\n2. {STAGES[0]}\nCurrent instruction: {STAGES[1]}" in fourth
    assert f"New instruction: {STAGES[1]}" in fourth


def test_the_prompt_teaches_exactly_the_action_spaces_calls() -> None:
    filled = {"id": "3", '"text"': '"x"'}
    calls = [re.sub(r'\bid\b|"text"', lambda m: filled[m.group()], usage) for usage, _ in COMMANDS]
    names = {parse_mobile_env_action(f"<action>{call}</action>").name for call in calls}
    assert names == {"TAP", "LONG_TAP", "TYPE", "SCROLL", "ANSWER", "GOBACK", "WAIT"}
    assert all(call.split("(")[0] in system_prompt() for call in calls)


# malformed replies ---------------------------------------------------------------------------
MALFORMED: list[tuple[str, str]] = [
    ("<think>I should search for the letter a first.</think>", "no <action>...</action>"),
    ("<think>two</think><action>CLICK(6)</action><action>CLICK(7)</action>", "2 <action> blocks"),
    ("<think>fly</think><action>FLY(3)</action>", "unknown function 'FLY'"),
    ("<action>CLICK(6</action>", "is not a call"),
    ("<action>CLICK(999)</action>", "element 999 does not exist"),
    ("", "no <action>...</action>"),
]
"""Replies the env rejects, and the gist of its error."""


def test_malformed_replies_become_recorded_format_errors() -> None:
    env = make_env()
    script: Script = [completion(text) for text, _ in MALFORMED]
    with ScriptedLLM([*script, completion("<action>DO_NOTHING()</action>")]) as server:
        agent = agent_for(server)
        observation, info = env.reset(seed=0)
        agent.reset(info["instruction"], info)
        for text, problem in MALFORMED:
            action = agent.act(observation, info)
            observation, reward, terminated, truncated, info = env.step(action)
            assert info["invalid_action"] and info["parsed_action"] is None
            assert (
                problem in info["action_error"] and "<action>CALL</action>" in info["action_error"]
            )
            assert reward == 0.0 and not (terminated or truncated)
            assert agent.last_output == text
        assert agent.act(observation, info) == "<action>DO_NOTHING()</action>"
    for request, (_, problem) in zip(server.requests[1:], MALFORMED, strict=True):
        assert "Your last action failed: invalid action: " in last_user_text(request.body)
        assert problem in last_user_text(request.body)


@pytest.mark.parametrize(
    ("reply_text", "action"),
    [
        ("<think>x</think>\n\n<action>\nCLICK(3)\n</action>", "<action>CLICK(3)</action>"),
        ("<action>long_click(2)</action>", "<action>LONG_CLICK(2)</action>"),
        ("<think>a</think><action>INPUT(1, 'hi')", '<action>INPUT(1, "hi")</action>'),
        ("<think>a</think><action>scroll('down')</action>", '<action>SCROLL("DOWN")</action>'),
        ("<think>only thinking</think>", "<think>only thinking</think>"),
        ("<action>GOBACK()</action><action>GOBACK()</action>", None),
    ],
)
def test_a_reply_becomes_its_call_or_is_passed_on(reply_text: str, action: str | None) -> None:
    assert action_of(reply_text) == (reply_text if action is None else action)
    if action is None:
        with pytest.raises(MobileEnvActionError, match="2 <action> blocks"):
            parse_mobile_env_action(reply_text)


# choosing the dialect ------------------------------------------------------------------------
def test_the_dialect_is_an_agent_option() -> None:
    agent = make_agent("llm", model=MODEL, base_url="http://127.0.0.1:9/v1", dialect="mobile_env")
    assert isinstance(agent, LLMAgent) and agent.dialect is DIALECTS["mobile_env"]
    assert (agent.action_space, agent.observation) == ("mobile_env", "mobile_env_html")
    plain = make_agent("llm", model=MODEL, base_url="http://127.0.0.1:9/v1")
    assert (plain.action_space, plain.observation) == ("text", "html")


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda: LLMAgent(MODEL, "http://127.0.0.1:9/v1", dialect="mobile"), "unknown dialect"),
        (
            lambda: LLMAgent(MODEL, "http://127.0.0.1:9/v1", view="html", dialect="mobile_env"),
            "'mobile_env' dialect reads the views",
        ),
        (
            lambda: LLMAgent(MODEL, "http://127.0.0.1:9/v1", view="mobile_env_html"),
            "'text' dialect reads the views",
        ),
        (lambda: VLMAgent(MODEL, "http://127.0.0.1:9/v1", dialect="mobile_env"), "dialect"),
    ],
)
def test_a_dialect_and_view_that_do_not_fit_are_refused(
    make: Callable[[], Any], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        make()


def test_eval_on_the_command_line_speaks_the_dialect(tmp_path: pathlib.Path) -> None:
    with ScriptedLLM(SOLVE) as server:
        result = CliRunner().invoke(app, [
            "eval", "--task", str(THREE_STAGES), "--agent", "llm",
            "--agent-option", "dialect=mobile_env", "--agent-option", f"base_url={server.base_url}",
            "--agent-option", f"model={MODEL}", "--out", str(tmp_path),
        ])  # fmt: skip
    assert result.exit_code == 0, result.output
    (record,) = json.loads((tmp_path / "results.json").read_text())["episodes"]
    assert record["success"] and record["agent"] == f"llm-mobile_env:{MODEL}"
    (trajectory,) = (tmp_path / "trajectories").rglob("*.jsonl")
    lines = [json.loads(line) for line in trajectory.read_text().splitlines()]
    assert lines[0]["action_space"] == "mobile_env"
    assert lines[0]["observation_view"] == "mobile_env_html"
    steps = [line for line in lines if "action" in line]
    assert [s["action"].startswith("<action>") for s in steps] == [True] * 4
    assert steps[1]["instructions"] == [STAGES[0]]
