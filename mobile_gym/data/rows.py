"""A run folder's steps as dataset rows (``mobile_gym.data.schema.COLUMNS``).

Row K of an episode is its K-th action with what the agent saw before it: the files
saved of observation K - 1 (``--save observations``: the view hierarchy, and the screen;
the half-size screenshot of ``--save screenshots`` when the run kept one), the
instruction in force then (the episode's, replaced by each new one a step gave), and what
action K - 1 brought back: the user's reply and the MCP tool's result (``replies``). The
action is written as a JSON action on that screen: a recorded ``Command`` (the oracle's)
through ``mobile_gym.data.json_of_command``, the reply of an LLM agent in the ``json`` or
``text`` action space as the env read it (a reply it could not read has no JSON action: its
text stays in ``command``). ``element_index`` is the element the action points at, by one
rule for both (``hit_element``: the element centred on the point, else the smallest that
contains it; a reply's index when the screen has that element): None for none. The
screen's size is the extent of its view hierarchy (its windows fill the screen).

Episodes that ended in an ``error`` (their infrastructure failed) are left out; a run
folder that cannot be read, or was run without saving observations, raises
``ExportError`` naming the file and the problem.
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from mobile_gym.commands import Command
from mobile_gym.data.json_of_command import command_json_action, pointed_element
from mobile_gym.eval.observations import png_bytes
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.replay import ReplayFileError, read_trajectory
from mobile_gym.hierarchy import parse
from mobile_gym.redaction import escape_marks
from mobile_gym.wrappers.elements import Element, node_elements
from mobile_gym.wrappers.json_actions import json_action, parse_json_action
from mobile_gym.wrappers.text_commands import ParsedCommand, parse_text_command


class ExportError(ValueError):
    """A run folder, or an argument, that an export cannot use; the message says why."""


@dataclass(frozen=True)
class Screen:
    """What the agent saw before one action: the PNG, the hierarchy and its elements."""

    png: bytes
    xml: str
    size: tuple[int, int]
    elements: list[Element]


def run_episodes(root: pathlib.Path) -> list[EpisodeRecord]:
    """The finished episodes of run folder ``root`` that did not end in an error, by task
    and seed; ExportError when it is not a run folder or holds none."""
    folder = root / "episodes"
    if not root.is_dir():
        raise ExportError(f"{root}: no such run folder")
    if not folder.is_dir():
        raise ExportError(f"{root}: not a run folder (no episodes/); make one with generate")
    records: list[EpisodeRecord] = []
    for path in sorted(folder.glob("*.json")):
        try:
            record = EpisodeRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError) as exc:
            raise ExportError(f"{path}: not a readable episode record: {exc}") from None
        if record.outcome != "error":
            records.append(record)
    if not records:
        raise ExportError(f"{root}: holds no finished episode")
    return sorted(records, key=lambda r: (r.task_id, r.seed))


def episode_rows(
    root: pathlib.Path, record: EpisodeRecord, image_size: tuple[int, int] | None = None
) -> Iterator[dict[str, Any]]:
    """The rows of one episode of run folder ``root`` (``COLUMNS``), the screenshot
    resized to ``image_size`` (width, height) when given."""
    path = root / (record.trajectory or "")
    try:
        header, steps, _ = read_trajectory(path)
    except ReplayFileError as exc:
        raise ExportError(str(exc)) from None
    before = [header.get("reset") or {}, *steps]  # what was saved before each action
    instruction = record.instruction
    seen = replies({})
    for number, line in enumerate(steps, 1):
        screen = _screen(root, path, before[number - 1], image_size)
        action, index = _json_action(path, str(header.get("action_space", "")), line, screen)
        yield {
            "task_id": record.task_id,
            "suite": record.suite,
            "seed": record.seed,
            "step": number,
            "instruction": instruction,
            "screenshot": {"bytes": screen.png, "path": None},
            "screen_width": screen.size[0],
            "screen_height": screen.size[1],
            "view_hierarchy": screen.xml,
            "elements": [element_row(element) for element in screen.elements],
            **seen,
            "action": None if action is None else json.dumps(action, ensure_ascii=False),
            "action_type": None if action is None else action["action_type"],
            "element_index": index,
            "command": json.dumps(line["action"], ensure_ascii=False),
            "action_error": line.get("action_error"),
            "reward": float(line.get("reward", 0.0)),
            "done": number == len(steps),
            "success": record.success,
        }
        if line.get("instructions"):  # a new instruction holds from the next action on
            instruction = line["instructions"][-1]
        seen = replies(line)


def replies(line: dict[str, Any]) -> dict[str, str]:
    """What a step line's action brought back for the agent to see before the next one,
    as the ``ask_user_response`` and ``tool_call`` columns hold it: the user's reply and
    the text of the MCP tool's result ('' for none)."""
    call = line.get("tool_call")
    result = call.get("result") if isinstance(call, dict) else None
    if result is not None and not isinstance(result, str):
        result = json.dumps(result, ensure_ascii=False)
    return {"ask_user_response": str(line.get("user_reply") or ""), "tool_call": result or ""}


def element_row(element: Element) -> dict[str, Any]:
    """One element as the ``elements`` column holds it."""
    return {
        "index": element.index,
        "bounds": list(element.bounds),
        "class": element.cls,
        "text": element.text,
        "desc": element.desc,
        "resource_id": element.resource_id,
        "clickable": element.clickable,
        "long_clickable": element.long_clickable,
        "checkable": element.checkable,
        "checked": element.checked,
        "scrollable": element.scrollable,
        "editable": element.editable,
        "focused": element.focused,
    }


def _screen(
    root: pathlib.Path,
    trajectory: pathlib.Path,
    saved: dict[str, Any],
    image_size: tuple[int, int] | None,
) -> Screen:
    """The screen saved in a step line (or the header's ``reset``) of ``trajectory``."""
    files = saved.get("observation")
    if not files or "xml" not in files or "png" not in files:
        raise ExportError(
            f"{trajectory}: no saved observations (a run without --save observations); "
            "make the run with mobile-gym generate"
        )
    image = saved.get("screenshot") or files["png"]
    try:
        xml = escape_marks((root / files["xml"]).read_text(encoding="utf-8"))
        png = (root / image).read_bytes()
        nodes = parse(xml)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ExportError(f"{trajectory}: a saved observation cannot be read: {exc}") from None
    size = (
        max((node.bounds.right for node in nodes), default=0),
        max((node.bounds.bottom for node in nodes), default=0),
    )
    elements = [element for element in node_elements(nodes) if element.index is not None]
    return Screen(_resized(png, image_size, root / image), xml, size, elements)


def png_size(png: bytes) -> tuple[int, int]:
    """The (width, height) a PNG's header states."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def _resized(png: bytes, size: tuple[int, int] | None, path: pathlib.Path) -> bytes:
    """``png`` at ``size`` (width, height), or as it is."""
    if size is None:
        return png
    frame = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    if frame is None:
        raise ExportError(f"{path}: not a PNG image")
    if (frame.shape[1], frame.shape[0]) == size:
        return png
    resized = cv2.resize(frame, size, interpolation=cv2.INTER_AREA)
    return png_bytes(np.ascontiguousarray(resized[:, :, ::-1]))


_READERS: dict[str, Callable[[str], ParsedCommand]] = {
    "json": parse_json_action,
    "text": parse_text_command,
}
"""The action spaces whose recorded replies are read into JSON actions, and their readers."""
EXPORTED_ACTION_SPACES = ("gesture", *_READERS)
"""The action spaces of the agents whose runs export reads: ``gesture`` (the oracle's and
the gesture agents' ``Command``), and those of ``_READERS``."""


def _json_action(
    path: pathlib.Path, action_space: str, line: dict[str, Any], screen: Screen
) -> tuple[dict[str, Any] | None, int | None]:
    """A step line's action as a JSON action on ``screen`` and the element it points at: a
    recorded ``Command`` (the oracle's, a gesture agent's), or the reply of an agent in the
    ``json`` or ``text`` action space read as the env read it (None, None for a reply the
    env could not read); ExportError for any other action."""
    step, action = line.get("step"), line.get("action")
    if line.get("action_kind") == "command" and isinstance(action, dict):
        try:
            return command_json_action(Command(**action), screen.elements, screen.size)
        except (TypeError, ValueError) as exc:
            raise ExportError(f"{path}: step {step}: {exc}") from None
    if action_space in _READERS and isinstance(action, str):
        try:
            parsed = _READERS[action_space](action)
        except (ValueError, TypeError, RecursionError):
            return None, None
        return json_action(parsed), pointed_element(parsed, screen.elements, screen.size)
    raise ExportError(
        f"{path}: step {step}: an action of the {action_space or 'unknown'!r} action space "
        "(export reads commands, as the oracle and gesture agents record them, and the "
        "replies of agents in the json and text action spaces)"
    )
