"""LLMAgent and VLMAgent end to end: a real env, a scripted local chat-completions server."""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from PIL import Image

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.agents import Agent, make_agent
from mobile_gym.agents.llm import LLMAgent, LLMError, VLMAgent
from tests.agents.scripted_llm import (
    USAGE,
    Reply,
    Script,
    ScriptedLLM,
    completion,
    failure,
    last_user_text,
)

WIFI = "MobileGym/settings.wifi_off-v0"
AIRPLANE_THEN_NOTE = "MobileGym/multi.airplane_then_note-v0"
MODEL = "test-model"


# a scripted model that reads element numbers off the screen it is shown --------------------
def number_of(body: dict[str, Any], label: str) -> int:
    """The element number of the first screen line holding ``label`` (HTML ``id=N`` or
    list ``[N]``)."""
    for line in last_user_text(body).splitlines():
        found = re.search(r"\bid=(\d+)|^\[(\d+)\]", line)
        if found and label in line:
            return int(found.group(1) or found.group(2))
    raise AssertionError(f"no element {label!r} on the screen the model was shown")


def tap(label: str) -> Callable[[dict[str, Any]], Reply]:
    def reply(body: dict[str, Any]) -> Reply:
        return completion(f"THINK: {label} is what I need.\nACTION: TAP({number_of(body, label)})")

    return reply


OPEN_SETTINGS: Script = [
    completion("THINK: The home screen; Settings is in the app drawer.\nACTION: SWIPE(up)"),
    tap("Settings"),
    tap("Network"),
]
WIFI_OFF: Script = [*OPEN_SETTINGS, tap("Wi-Fi")]


def play(
    env: gym.Env, agent: Agent, limit: int = 30
) -> tuple[list[Any], list[str], dict[str, Any]]:
    """Run one episode (seed 0); the observations, the actions and the last info."""
    observation, info = env.reset(seed=0)
    agent.reset(info["instruction"], info, seed=0)
    observations, actions = [observation], []
    for _ in range(limit):
        action = agent.act(observation, info)
        actions.append(action)
        observation, _, terminated, truncated, info = env.step(action)
        observations.append(observation)
        if terminated or truncated:
            break
    return observations, actions, info


def llm(server: ScriptedLLM, **options: Any) -> LLMAgent:
    return LLMAgent(model=MODEL, base_url=server.base_url, **options)


def text_chars(messages: list[dict[str, Any]]) -> int:
    return sum(
        len(m["content"])
        if isinstance(m["content"], str)
        else sum(len(p.get("text", "")) for p in m["content"])
        for m in messages
    )


# completing tasks ---------------------------------------------------------------------------
def test_the_agent_completes_a_task_from_scripted_replies() -> None:
    env = gym.make(WIFI, action_space="text", observation="html")
    with ScriptedLLM(WIFI_OFF) as server:
        agent = llm(server)
        observations, actions, info = play(env, agent)
    assert info["success"] and len(actions) == 4
    assert actions[0] == "ACTION: SWIPE(up)"
    assert all(re.fullmatch(r"ACTION: TAP\(\d+\)", a) for a in actions[1:])
    assert agent.name == f"llm:{MODEL}" and (agent.action_space, agent.observation) == (
        "text",
        "html",
    )

    bodies = [r.body for r in server.requests]
    system = bodies[0]["messages"][0]
    assert system["role"] == "system"
    assert all(word in system["content"] for word in ("THINK:", "ACTION:", "TAP(i)", "id=N"))
    for body, observation in zip(bodies, observations, strict=False):
        assert body["model"] == MODEL and body["temperature"] == 0.0
        assert body["max_tokens"] == 512 and "seed" not in body
        assert f"Instruction: {observation['instruction']}" in last_user_text(body)
        assert observation["html"] in last_user_text(body)
    # the history: each earlier reply, after a summary of the screen it answered
    third = bodies[2]["messages"]
    assert [m["role"] for m in third] == [
        "system",
        "user",
        "assistant",
        "user",
        "assistant",
        "user",
    ]
    assert third[2]["content"].endswith("ACTION: SWIPE(up)")
    assert third[4]["content"] == f"THINK: Settings is what I need.\n{actions[1]}"
    assert third[1]["content"].startswith("Screen: [com.android.launcher3] 09:30")

    assert agent.last_output == f"THINK: Wi-Fi is what I need.\n{actions[3]}"
    usage = agent.last_usage
    assert usage is not None
    assert (usage.input_tokens, usage.output_tokens) == (
        USAGE["prompt_tokens"],
        USAGE["completion_tokens"],
    )
    assert usage.input_chars == text_chars(bodies[3]["messages"])
    assert usage.output_chars == len(agent.last_output) and usage.images == ()


def test_a_plain_loop_as_the_protocol_shows() -> None:
    with ScriptedLLM(WIFI_OFF) as server:
        agent = LLMAgent(model=MODEL, base_url=server.base_url, view="text", seed=5)
        assert isinstance(agent, Agent)
        env = gym.make(WIFI, action_space=agent.action_space, observation=agent.observation)
        observation, info = env.reset(seed=0)
        agent.reset(info["instruction"], info, seed=0)
        done = False
        while not done:
            action = agent.act(observation, info)
            observation, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
    assert info["success"] and info["agent_steps"] == 4
    assert all(r.body["seed"] == 5 for r in server.requests)
    assert '[0] button "Contacts"' in last_user_text(server.requests[0].body)


@pytest.mark.parametrize(("history", "lengths"), [(0, [2, 2, 2, 2]), (1, [2, 4, 4, 4])])
def test_history_keeps_the_last_turns(history: int, lengths: list[int]) -> None:
    env = gym.make(WIFI, action_space="text", observation="html")
    with ScriptedLLM(WIFI_OFF) as server:
        play(env, llm(server, history=history))
    assert [len(r.body["messages"]) for r in server.requests] == lengths
    if history:
        assert (
            server.requests[3]
            .body["messages"][2]["content"]
            .startswith("THINK: Network is what I need.")
        )


def test_a_new_instruction_reaches_the_model() -> None:
    env = gym.make(AIRPLANE_THEN_NOTE, action_space="text", observation="html")
    script = [*OPEN_SETTINGS, tap("Airplane mode"), completion("ACTION: HOME")]
    with ScriptedLLM(script) as server:
        _, _, info = play(env, llm(server), limit=5)
    new = info["instruction"]
    assert new.startswith("Good. Now create a note titled")
    fourth, fifth = (last_user_text(r.body) for r in server.requests[3:5])
    assert "New instruction" not in fourth
    assert f"New instruction: {new}" in fifth and f"Instruction: {new}" in fifth


# malformed replies and failing endpoints -----------------------------------------------------
REFUSAL = "I can't help with that."
MALFORMED: list[tuple[Reply, str, str]] = [
    (completion("I would tap Settings now."), "I would tap Settings now.", 'no "ACTION:" line'),
    (
        completion("THINK: fly\nACTION: FLY(3)"),
        "THINK: fly\nACTION: FLY(3)",
        "unknown command 'FLY'",
    ),
    (completion(""), "", "the reply is empty"),
    (completion(None), "", "the reply is empty"),
    (completion(None, refusal=REFUSAL), REFUSAL, 'no "ACTION:" line'),
    (completion("ACTION: TAP(99)", usage=None), "ACTION: TAP(99)", "element 99 does not exist"),
]
"""Replies the wrapper rejects: the reply, the agent's ``last_output``, the error's gist."""


def test_malformed_replies_are_rejected_and_shown_next_turn() -> None:
    env = gym.make(WIFI, action_space="text", observation="html")
    script: Script = [reply for reply, _, _ in MALFORMED]
    with ScriptedLLM([*script, completion("ACTION: WAIT")]) as server:
        agent = llm(server)
        observation, info = env.reset(seed=0)
        agent.reset(info["instruction"], info)
        for _, output, problem in MALFORMED:
            action = agent.act(observation, info)
            observation, _, terminated, truncated, info = env.step(action)
            assert info["invalid_action"] and not (terminated or truncated)
            assert problem in info["action_error"]
            assert agent.last_output == output
        usage = agent.last_usage
        assert usage is not None and usage.reported is None and usage.input_chars > 0
        agent.act(observation, info)
    for request, (_, _, problem) in zip(server.requests[1:], MALFORMED, strict=True):
        assert f"Your last action failed: invalid action: {problem}" in last_user_text(request.body)


def test_an_endpoint_that_fails_raises_llm_error() -> None:
    env = gym.make(WIFI, action_space="text", observation="html")
    observation, info = env.reset(seed=0)
    with ScriptedLLM([failure(500), completion("ACTION: WAIT"), failure(400)]) as server:
        agent = llm(server, backoff=0.01)
        agent.reset(info["instruction"], info)
        assert agent.act(observation, info) == "ACTION: WAIT"  # after one retry
        with pytest.raises(LLMError, match="HTTP 400"):
            agent.act(observation, info)
    assert agent.last_output is None and agent.last_usage is None
    assert len(server.requests) == 3


# the vision variant -------------------------------------------------------------------------
def test_vlm_sends_the_marked_screenshot_and_the_element_list() -> None:
    env = gym.make(WIFI, action_space="text", observation="som")
    with ScriptedLLM(WIFI_OFF) as server:
        agent = VLMAgent(model=MODEL, base_url=server.base_url)
        observations, _, info = play(env, agent)
    assert info["success"] and agent.observation == "som" and agent.name == f"vlm:{MODEL}"
    first = server.requests[0].body["messages"][-1]["content"]
    assert [part["type"] for part in first] == ["text", "image_url"]
    assert '[0] button "Contacts"' in first[0]["text"]
    url = first[1]["image_url"]["url"]
    assert url.startswith("data:image/png;base64,")
    image = Image.open(io.BytesIO(base64.b64decode(url.partition(",")[2])))
    assert image.format == "PNG"
    np.testing.assert_array_equal(np.asarray(image.convert("RGB")), observations[0]["screen"])
    height, width = observations[0]["screen"].shape[:2]
    assert agent.last_usage is not None and agent.last_usage.images == ((width, height),)
    history = server.requests[1].body["messages"]
    assert all(isinstance(m["content"], str) for m in history[:-1])  # past screens: text


# configuration ------------------------------------------------------------------------------
def test_the_endpoint_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    env = gym.make(WIFI, action_space="text", observation="html")
    with ScriptedLLM([completion("ACTION: HOME")]) as server:
        monkeypatch.setenv("MOBILE_GYM_LLM_BASE_URL", server.base_url)
        monkeypatch.setenv("MOBILE_GYM_LLM_MODEL", "from-env")
        monkeypatch.setenv("MOBILE_GYM_LLM_API_KEY", "sk-env")
        agent = make_agent("llm")
        observation, info = env.reset(seed=0)
        agent.reset(info["instruction"], info)
        agent.act(observation, info)
    (request,) = server.requests
    assert request.body["model"] == "from-env" and agent.name == "llm:from-env"
    assert request.headers["Authorization"] == "Bearer sk-env"
    assert isinstance(make_agent("vlm"), VLMAgent)


def test_a_missing_model_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MOBILE_GYM_LLM_MODEL", raising=False)
    with pytest.raises(ValueError, match="MOBILE_GYM_LLM_MODEL"):
        LLMAgent(base_url="http://127.0.0.1:1/v1")


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"view": "som"}, "view must be one of"),
        ({"history": -1}, "history"),
        ({"max_tokens": 0}, "max_tokens"),
        ({"timeout": 0}, "timeout"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        LLMAgent(model=MODEL, base_url="http://127.0.0.1:1/v1", **options)


def test_the_wrong_observation_view_is_named() -> None:
    env = gym.make(WIFI, action_space="text", observation="html")
    observation, info = env.reset(seed=0)
    agent = LLMAgent(model=MODEL, base_url="http://127.0.0.1:1/v1", view="text")
    agent.reset(info["instruction"], info)
    with pytest.raises(ValueError, match=r"'screen_text'.*observation='text'"):
        agent.act(observation, info)


def test_act_before_reset_is_an_error() -> None:
    agent = LLMAgent(model=MODEL, base_url="http://127.0.0.1:1/v1")
    with pytest.raises(RuntimeError, match="reset"):
        agent.act({}, {})
