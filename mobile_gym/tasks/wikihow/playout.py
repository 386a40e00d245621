"""Reference solutions of generated WikiHow tasks, played out on the simulated phone.

A generated solution may say ``scroll_until: <selector>``: scroll the page down until that
node is on screen (an agent has to bring it into view to tap or read it). Playing the
solution once turns each such step into the scrolls it took; the task is then checked by
playing its finished solution on fresh episodes.
"""

from __future__ import annotations

from typing import Any

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.tasks.schema import SolutionStep, TaskFileError, parse_task
from mobile_gym.tasks.solution import find_nodes, run_solution, step_actions


class UnplayableError(ValueError):
    """A generated task whose solution cannot be played (or not within the cap)."""


def _on_screen(env: MobileEnv, selector: dict[str, str]) -> bool:
    """Whether a node matching ``selector`` lies wholly inside the scrolling page."""
    xml = env.device.hierarchy_xml()
    pages = find_nodes(xml, {"scrollable": "true"})
    nodes = find_nodes(xml, selector)
    if not pages:
        return bool(nodes)
    area = pages[0].bounds
    return any(area.top <= n.bounds.top and n.bounds.bottom <= area.bottom for n in nodes)


def _play(env: MobileEnv, step: dict[str, Any]) -> None:
    model = SolutionStep.model_validate(step)
    try:
        sequence = step_actions(model, env.device.hierarchy_xml(), env.device.size)
    except LookupError as exc:
        raise UnplayableError(f"step {step}: {exc}") from None
    actions.play(env, sequence)


def play_out(task: dict[str, Any], cap: int) -> dict[str, Any]:
    """``task`` with each ``scroll_until`` step replaced by the scrolls it takes and
    ``min_steps`` set to the solution's length; UnplayableError if it cannot be played or
    needs more than ``cap`` steps."""
    planned = [step for step in task["solution"] if "scroll_until" not in step]
    spec = parse_task({**task, "solution": planned or [{"key": "BACK"}]}, task["id"])
    env = MobileEnv(spec)
    env.reset(seed=0)
    solution: list[dict[str, Any]] = []
    for step in task["solution"]:
        if "scroll_until" not in step:
            _play(env, step)
            solution.append(step)
            continue
        for _ in range(cap):
            if _on_screen(env, step["scroll_until"]):
                break
            _play(env, {"scroll": "down"})
            solution.append({"scroll": "down"})
        else:
            raise UnplayableError(f"{step['scroll_until']} is not on screen after {cap} scrolls")
    env.close()
    if len(solution) > cap:
        raise UnplayableError(f"the solution takes {len(solution)} steps, over the cap of {cap}")
    return {**task, "min_steps": len(solution), "solution": solution}


def check(task: dict[str, Any], seeds: range = range(3)) -> None:
    """Play the finished solution on episodes of ``seeds``: it must reach success with the
    maximum reward (one per stage) in exactly ``min_steps`` steps."""
    spec = parse_task(task, task["id"])
    stages = sum(event.reward for event in spec.events)
    for seed in seeds:
        env = MobileEnv(spec)
        env.reset(seed=seed)
        try:
            steps, reward, _, info = run_solution(env)
        except (LookupError, TaskFileError) as exc:
            raise UnplayableError(f"seed {seed}: {exc}") from None
        finally:
            env.close()
        if not info.get("success") or steps != spec.min_steps or reward != stages:
            raise UnplayableError(
                f"seed {seed}: success {info.get('success')}, {steps} steps of "
                f"{spec.min_steps}, reward {reward} of {stages}"
            )
