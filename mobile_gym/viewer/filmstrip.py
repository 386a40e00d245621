"""An episode as a filmstrip: for every action, the screen it acted on with its mark drawn;
then the screen the episode ended on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mobile_gym.viewer.drawing import annotate, scaled
from mobile_gym.viewer.marks import Mark, action_mark
from mobile_gym.viewer.runs import EpisodeSteps, Run
from mobile_gym.viewer.screens import episode_screens, recorded_replies

FRAME_WIDTH = 360
"""The frames' width: saved screens are scaled to it, replayed ones taken at it (no screen
is painted larger than it is shown), before the marks are drawn."""


@dataclass(frozen=True)
class Frame:
    """One picture of the filmstrip: the screen before action ``step`` (its mark drawn),
    or, with ``line`` None, the screen after the last action."""

    step: int
    image: np.ndarray
    line: dict[str, Any] | None
    mark: Mark | None
    after: dict[str, str] = field(default_factory=dict)
    """What the action brought back (``Screen.notes`` of the screen after it)."""


def filmstrip(run: Run, episode: EpisodeSteps, replay: bool = True) -> list[Frame]:
    """The frames of ``episode``, ``FRAME_WIDTH`` wide: one per recorded action whose screen
    is known, then the final screen (see ``episode_screens`` for where screens come from)."""
    screens = episode_screens(run, episode, replay, FRAME_WIDTH)
    action_space = str(episode.header.get("action_space", ""))
    verbs = _recorded_verbs(episode.header)
    frames: list[Frame] = []
    for index, screen in enumerate(screens):
        if index < len(episode.steps):
            line = episode.steps[index]
            mark = action_mark(_verb_named(line.get("action"), verbs), action_space, screen.xml)
            after = screens[index + 1].notes if index + 1 < len(screens) else {}
            after = {**after, **recorded_replies(line)}
            image = annotate(scaled(screen.frame, FRAME_WIDTH), mark)
            frames.append(Frame(index + 1, image, line, mark, after))
        else:
            end = Mark(f"end: {episode.record.outcome}")
            frames.append(
                Frame(index, annotate(scaled(screen.frame, FRAME_WIDTH), end), None, None)
            )
    return frames


def _recorded_verbs(header: dict[str, Any]) -> list[str] | None:
    """The verbs an episode's element actions numbered, in order, when its header recorded
    them (``action_options``' ``verbs`` among its ``preset_options``); None: the element
    actions' own verbs, or not an element action space."""
    if header.get("action_space") != "element":
        return None
    options = header.get("preset_options")
    action_options = options.get("action_options") if isinstance(options, dict) else None
    verbs = action_options.get("verbs") if isinstance(action_options, dict) else None
    if not isinstance(verbs, list) or not all(isinstance(verb, str) for verb in verbs):
        return None
    return verbs


def _verb_named(action: Any, verbs: list[str] | None) -> Any:
    """An element action (a ``[verb, index]`` array or a dict with a ``verb``) with its
    verb's number replaced by its name in ``verbs``; any other action, or a number that
    names none of ``verbs``, as it is."""
    if verbs is None:
        return action
    if isinstance(action, list) and len(action) == 2:
        number, named = action[0], {"index": action[1]}
    elif isinstance(action, dict) and "verb" in action:
        number, named = action["verb"], action
    else:
        return action
    if isinstance(number, int) and not isinstance(number, bool) and 0 <= number < len(verbs):
        return {**named, "verb": verbs[number]}
    return action
