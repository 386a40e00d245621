"""Reference solutions: high-level steps addressed by selectors, turned into touch actions
on the screen the agent would see at that moment."""

from __future__ import annotations

from typing import Any

from mobile_gym import actions
from mobile_gym.commands import Command, touches
from mobile_gym.hierarchy import Node
from mobile_gym.sim.driver import find_all
from mobile_gym.tasks.schema import SolutionStep

_SELECTOR_KEYS = {"class": "cls", "content-desc": "desc", "resource-id": "resource_id"}


def find_nodes(xml: str, selector: dict[str, str]) -> list[Node]:
    """The nodes matching ``selector`` (keys: text, id, desc, class, ...), in document order."""
    return find_all(xml, **{_SELECTOR_KEYS.get(k, k): str(v) for k, v in selector.items()})


def find_node(xml: str, selector: dict[str, str]) -> Node:
    """The first node matching ``selector`` (keys: text, id, desc, class, ...)."""
    nodes = find_nodes(xml, selector)
    if not nodes:
        raise LookupError(f"no node on screen matches {selector}")
    return nodes[0]


def step_command(step: SolutionStep, xml: str, size: tuple[int, int]) -> Command:
    """The agent-level command of one solution step, on the screen described by ``xml``."""
    width, height = size

    def centre(selector: dict[str, Any]) -> tuple[float, float]:
        x, y = find_node(xml, selector).bounds.center
        return x / (width - 1), y / (height - 1)

    if step.click is not None:
        return Command("click", *centre(step.click))
    if step.long_press is not None:
        return Command("long_press", *centre(step.long_press))
    if step.type is not None:
        if step.type.into is None:  # into the focused field
            return Command("type", text=step.type.text)
        return Command("type", *centre(step.type.into), text=step.type.text)
    if step.scroll is not None:
        area = find_node(xml, {"scrollable": "true"}).bounds
        cx, cy = area.center
        span = 0.6 * area.height / height
        return Command(
            "scroll", cx / (width - 1), cy / (height - 1), direction=step.scroll, span=span
        )
    if step.swipe is not None:
        return Command("swipe", *actions.swipe_line(step.swipe))
    if step.key is not None:
        return Command("key", key=step.key)
    if step.answer is not None:
        return Command("answer", text=step.answer)
    if step.status is not None:
        return Command("status", text=step.status)
    if step.wait is not None:
        return Command("wait", ms=step.wait)
    raise ValueError(f"empty solution step {step!r}")  # pragma: no cover - the schema forbids it


def step_actions(step: SolutionStep, xml: str, size: tuple[int, int]) -> list[actions.TouchAction]:
    """The touch actions of one solution step, on the screen described by ``xml``."""
    return touches(step_command(step, xml, size))


def run_solution(env: Any) -> tuple[int, float, bool, dict[str, Any]]:
    """Play the current episode's reference solution on a reset env, each step as one agent
    action of touch-level actions on the base MobileEnv (wrappers are bypassed: a step cap
    around the touch-level env would count touches); return the agent steps taken (as the
    task counts them: ``TaskSpec.counts``), the total reward, whether the episode ended,
    and the last info."""
    base = env.unwrapped
    total, steps, info = 0.0, 0, {}
    ended = False
    for step in base.episode.solution():
        sequence = step_actions(step, base.device.hierarchy_xml(), base.device.size)
        _, reward, terminated, truncated, info = actions.play(base, sequence)
        total += reward
        steps += base.task.counts(step)
        if terminated or truncated:
            ended = True
            break
    return steps, total, ended, info
