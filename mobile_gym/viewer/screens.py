"""The screens of a recorded episode, one per step: read from the run's saved
``screenshots/`` or ``observations/``, or, where it saved none, made again by replaying the
trajectory on a fresh env (the simulated phone is seeded and deterministic)."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from mobile_gym.eval.observations import SCREENSHOT_SCALE
from mobile_gym.eval.replay import ReplayFileError, replay_screens, unreplayable
from mobile_gym.hierarchy import parse
from mobile_gym.redaction import escape_marks
from mobile_gym.tasks.schema import TaskFileError
from mobile_gym.viewer.runs import EpisodeSteps, Run, RunReadError


@dataclass(frozen=True)
class Screen:
    """The screen after some step: its pixels (RGB), view hierarchy (None if unknown), and
    what the step brought back that the screen does not show: the observation's text as
    saved, the user's reply and the tool's result (as a replay reports them)."""

    frame: np.ndarray
    xml: str | None
    notes: dict[str, str] = field(default_factory=dict)


def episode_screens(
    run: Run, episode: EpisodeSteps, replay: bool = True, width: int | None = None
) -> list[Screen]:
    """The screen after reset and after each step that left one (``len(steps) + 1`` at
    most). Saved files come first; with ``replay``, an episode missing any screen, or
    missing the view hierarchies its element-numbered actions need, is replayed, its
    screens taken ``width`` pixels wide (None: as the run saves them)."""
    saved = [_saved(run, episode, step) for step in range(len(episode.steps) + 1)]
    complete = all(screen is not None for screen in saved)
    action_space = str(episode.header.get("action_space", ""))
    needs_xml = any(_names_element(line.get("action"), action_space) for line in episode.steps)
    if complete and not (needs_xml and any(s.xml is None for s in saved if s is not None)):
        return [s for s in saved if s is not None]
    if not replay:
        return list(itertools.takewhile(lambda s: s is not None, saved))  # type: ignore[arg-type]
    try:
        screens = replay_screens(episode.path, SCREENSHOT_SCALE, width)
        return [Screen(frame, xml, _replies(info)) for frame, xml, info in screens]
    except ReplayFileError as exc:
        raise RunReadError(unreplayable(episode.path, str(exc))) from None
    except TaskFileError as exc:  # the task refuses to start again (edited since the run?)
        raise RunReadError(unreplayable(episode.path, str(exc))) from None


def _saved(run: Run, episode: EpisodeSteps, step: int) -> Screen | None:
    """Step ``step``'s saved screen (the half-size screenshot before the observation's)."""
    files = episode.files(step)
    image = files.get("screenshot") or files.get("png")
    if image is None:
        return None
    frame = cv2.imread(str(run.store.root / image), cv2.IMREAD_COLOR)
    if frame is None:
        return None
    xml_path = run.store.root / files["xml"] if "xml" in files else None
    xml = (
        _readable(xml_path.read_text(encoding="utf-8")) if xml_path and xml_path.is_file() else None
    )
    text_path = run.store.root / files["text"] if "text" in files else None
    notes = {}
    if text_path is not None and text_path.is_file():
        notes["observation text"] = text_path.read_text(encoding="utf-8")
    return Screen(np.ascontiguousarray(frame[:, :, ::-1]), xml, notes)


def _readable(xml: str) -> str | None:
    """A saved hierarchy as XML that parses: a value redacted inside an attribute left a
    bare ``<redacted>`` there, escaped here; None if it still does not parse."""
    xml = escape_marks(xml)
    try:
        parse(xml)
    except ValueError:
        return None
    return xml


def recorded_replies(line: dict[str, Any]) -> dict[str, str]:
    """The user's reply and the tool's result a trajectory's step line recorded (its
    ``user_reply`` and ``tool_call``), by the names the pages show them under."""
    found: dict[str, str] = {}
    if line.get("user_reply"):
        found["user reply"] = str(line["user_reply"])
    call = line.get("tool_call")
    if isinstance(call, dict):
        result = call.get("result")
        text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
        failed = " (failed)" if call.get("is_error") else ""
        found["tool result"] = f"{call.get('tool')}{failed}: {text}"
    return found


def _replies(info: dict[str, Any]) -> dict[str, str]:
    """The user's reply and the tool's result a step's ``info`` carries."""
    names = {"user_reply": "user reply", "tool_result": "tool result"}
    return {shown: str(info[key]) for key, shown in names.items() if info.get(key)}


def _names_element(action: object, action_space: str) -> bool:
    """Whether an action (as recorded: ``StepRecord.action``) played in ``action_space``
    may name an element by number: a text or JSON action, any action of the ``element``
    space (its ``[verb, index]`` array or its dict), or a dict with an ``index``."""
    if isinstance(action, str) or action_space == "element":
        return True
    return isinstance(action, dict) and "index" in action
