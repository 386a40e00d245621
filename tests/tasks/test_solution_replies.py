"""Reference solutions that ask the user or call a tool, and use what came back in later
steps: ``{reply.SLOT}`` and ``{tool.PATH}`` are filled in as the episode goes."""

from __future__ import annotations

from typing import Any

import pytest

from mobile_gym.env import MobileEnv
from mobile_gym.tasks.schema import SolutionStep, TaskFileError, parse_task
from mobile_gym.tasks.solution import bind_step, run_solution

NOTES = "com.simplemobiletools.notes.pro"


def wifi_task(solution: list[dict[str, Any]]) -> dict[str, Any]:
    """Save the Wi-Fi password that only the user knows in a note titled Wi-Fi."""
    return {
        "id": "test.save_wifi_password",
        "title": "Save the Wi-Fi password the user tells",
        "category": "interact",
        "apps": [NOTES],
        "min_steps": len(solution),
        "max_steps": 50,
        "parameters": {"password": {"choice": ["amber-falcon-42", "quiet-harbor-17"]}},
        "user": {
            "facts": [
                {
                    "name": "wifi_password",
                    "aliases": ["wifi password", "wi-fi password", "password"],
                    "value": "{password}",
                }
            ]
        },
        "instruction": {"template": "Save my Wi-Fi password in a new note titled Wi-Fi."},
        "signals": {
            "told": {"told": "wifi_password"},
            "saved": {
                "sql": "SELECT COUNT(*) FROM notes WHERE title = 'Wi-Fi' AND trim(value) = ?",
                "package": NOTES,
                "database": "notes",
                "params": ["{password}"],
                "expect": [[1]],
            },
        },
        "events": [
            {"id": "asked", "when": "told", "reward": 0.2},
            {"id": "done", "when": "saved", "reward": 1.0, "end": "success"},
        ],
        "solution": solution,
    }


SOLUTION = [
    {"ask_user": "What is the Wi-Fi password?"},
    {"click": {"text": "Notes"}},
    {"click": {"id": "fab"}},
    {"type": {"text": "Wi-Fi", "into": {"id": "note_title_input"}}},
    {"click": {"text": "OK"}},
    {"type": {"text": "{reply.wifi_password}", "into": {"id": "text_view"}}},
    {"click": {"id": "action_save"}},
]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_oracle_types_what_the_user_told(seed: int) -> None:
    env = MobileEnv(parse_task(wifi_task(SOLUTION), "inline"))
    env.reset(seed=seed)
    steps, total, ended, info = run_solution(env)
    assert ended and info["success"] and steps == len(SOLUTION)
    assert total == pytest.approx(1.2)
    env.close()


def test_a_reply_used_before_it_was_told_names_the_field() -> None:
    late = [SOLUTION[1], SOLUTION[2], SOLUTION[3], SOLUTION[4], SOLUTION[5]]  # never asked
    env = MobileEnv(parse_task(wifi_task(late), "inline"))
    env.reset(seed=0)
    with pytest.raises(LookupError, match=r"\{reply\.wifi_password\}: the user has not told"):
        run_solution(env)
    env.close()


def test_only_reply_and_tool_fields_wait_for_the_episode() -> None:
    odd = [*SOLUTION[:5], {"type": {"text": "{secret.password}", "into": {"id": "text_view"}}}]
    with pytest.raises(TaskFileError, match=r"only plain \{name\} fields are allowed"):
        parse_task(wifi_task(odd), "inline")


RESULT = {
    "tool": "amap_maps_direction_driving",
    "arguments": {},
    "result": '{"route": {"paths": [{"distance": "12030", "duration": "1500"}]}}',
    "is_error": False,
    "structured": None,
}


@pytest.mark.parametrize(
    "template, expected",
    [
        ("{tool.route.paths.0.duration} s", "1500 s"),
        ("{tool.route.paths.-1.distance}", "12030"),
        ("{tool.route.paths.0}", '{"distance": "12030", "duration": "1500"}'),
        ("raw: {tool.text}", "raw: " + RESULT["result"]),
    ],
)
def test_tool_paths_read_the_last_result(template: str, expected: str) -> None:
    step = SolutionStep.model_validate({"answer": template})
    assert bind_step(step, {}, RESULT).answer == expected
    structured = {**RESULT, "structured": {"route": {"paths": [{"duration": 99}]}}}
    assert (
        bind_step(SolutionStep(answer="{tool.route.paths.0.duration}"), {}, structured).answer
        == "99"
    )


@pytest.mark.parametrize(
    "template, result, problem",
    [
        ("{tool.route.steps}", RESULT, r"no 'steps' in the result"),
        ("{tool.route.paths.3}", RESULT, r"no item 3 in the result"),
        ("{tool.x}", None, r"no tool was called before this step"),
        ("{tool.x}", {**RESULT, "result": "Sunny, 21 C"}, r"the tool's result is not JSON"),
    ],
)
def test_a_missing_tool_value_names_the_field(
    template: str, result: dict[str, Any] | None, problem: str
) -> None:
    with pytest.raises(LookupError, match=problem):
        bind_step(SolutionStep(answer=template), {}, result)


def test_tool_call_steps_are_one_action_each() -> None:
    step = SolutionStep.model_validate(
        {"mcp_call": {"tool": "amap_maps_weather", "arguments": {"city": "Hangzhou"}}}
    )
    assert step.mcp_call is not None and step.mcp_call.arguments == {"city": "Hangzhou"}
    with pytest.raises(ValueError, match="exactly one action"):
        SolutionStep.model_validate({"ask_user": "Which city?", "answer": "x"})
