"""The LLM agent through the whole simpletools suite against a local scripted
chat-completions server: prompt, parse, act, record and score, end to end."""

from __future__ import annotations

import json
import pathlib
from typing import Any

from mobile_gym import metrics
from mobile_gym.agents import make_agent
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks
from tests.agents.scripted_llm import USAGE, Reply, ScriptedLLM, completion

REPLIES = [
    "THINK: the first element may lead on.\nACTION: TAP(0)",
    "THINK: go back and look again.\nACTION: BACK",
    "I am not sure what to do here.",  # no ACTION line: the wrapper explains the error
    "THINK: scroll.\nACTION: SCROLL(DOWN)",
]


def answer(body: dict[str, Any]) -> Reply:
    turn = sum(message["role"] == "assistant" for message in body["messages"])
    return completion(REPLIES[turn % len(REPLIES)])


def test_the_llm_agent_runs_the_whole_suite(tmp_path: pathlib.Path) -> None:
    plan = episodes(select_tasks(["simpletools"], []), [0])
    assert len(plan) == 100
    with ScriptedLLM([answer] * 2 * len(plan)) as server:
        agent = make_agent("llm", model="scripted", base_url=server.base_url, backoff=0.0)
        records = evaluate(plan, RunSettings("llm", max_steps=2), RunStore(tmp_path), agent=agent)
        prompts = [request.body["messages"] for request in server.requests]
    assert [r.error for r in records] == [None] * 100
    steps = sum(r.steps for r in records)
    assert len(prompts) == steps and all(1 <= r.steps <= 2 for r in records)
    # every prompt carries the task's instruction and the screen's elements
    first_prompts = [p for p in prompts if not any(m["role"] == "assistant" for m in p)]
    assert len(first_prompts) == 100
    for record, prompt in zip(records, first_prompts, strict=True):
        assert record.instruction in "\n".join(message["content"] for message in prompt)
    per_step = USAGE["prompt_tokens"] + USAGE["completion_tokens"]
    assert all(r.tokens_reported == per_step * r.steps for r in records)
    assert all(r.tokens_estimated > 0 for r in records)

    bench = metrics.agent_bench(records)
    assert bench.episodes == 100 and bench.tokens == per_step * steps / 100
    assert set(metrics.breakdown(records, "app")) == {
        app for episode in plan for app in episode.task.apps[:1]
    }
    trajectory = (tmp_path / records[0].trajectory).read_text().splitlines()
    step = json.loads(trajectory[1])
    assert step["output"] == REPLIES[0] and step["tokens_reported"] == per_step
    malformed = [
        json.loads(line)
        for r in records
        if r.steps == 2
        for line in (tmp_path / r.trajectory).read_text().splitlines()[1:-1]
    ]
    assert malformed, "no episode reached its second step"
