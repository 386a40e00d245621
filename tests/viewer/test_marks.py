"""Where an action is drawn: tap points, swipe arrows, and the boxes of the elements that
text, JSON and element actions name by number."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from mobile_gym.viewer.drawing import annotate
from mobile_gym.viewer.filmstrip import FRAME_WIDTH, filmstrip
from mobile_gym.viewer.marks import action_mark
from mobile_gym.viewer.runs import load_run, load_steps
from mobile_gym.viewer.screens import episode_screens
from mobile_gym.wrappers.elements import screen_elements


@pytest.fixture(scope="module")
def screen_xml(runs: dict) -> str:
    """The saved hierarchy of a screen after reset (values in it redacted, as saved)."""
    run = load_run(runs["oracle"])
    episode = load_steps(run, run.records[0])
    screen = episode_screens(run, episode)[1]
    assert screen.xml is not None
    return screen.xml


def test_a_command_is_a_point_or_an_arrow() -> None:
    tap = action_mark({"verb": "click", "x": 0.25, "y": 0.5}, "gesture", None)
    assert tap.start == (0.25, 0.5) and tap.end is None and tap.label == "click"
    swipe = action_mark(
        {"verb": "swipe", "x": 0.5, "y": 0.8, "x2": 0.5, "y2": 0.2}, "gesture", None
    )
    assert swipe.start == (0.5, 0.8) and swipe.end == (0.5, 0.2)
    scroll = action_mark({"verb": "scroll", "direction": "down"}, "gesture", None)
    assert scroll.start == (0.5, 0.5) and scroll.end is not None and scroll.end[1] < 0.5
    typed = action_mark({"verb": "type", "text": "hello"}, "gesture", None)
    assert typed.label == 'type "hello"' and typed.start is None


def test_an_element_number_is_its_box(screen_xml: str) -> None:
    elements = screen_elements(screen_xml)
    bounds = elements[2].bounds
    for action, space in (
        ('{"action_type": "click", "index": 2}', "json"),
        ("TAP(2)", "text"),
        ([0, 2], "element"),
    ):
        mark = action_mark(action, space, screen_xml)
        assert mark.box is not None, (action, space)
        left, top, right, bottom = mark.box
        assert (round(left * 1080), round(top * 2400)) == (bounds.left, bounds.top)
        assert (round(right * 1080), round(bottom * 2400)) == (bounds.right, bounds.bottom)
        assert mark.start == ((left + right) / 2, (top + bottom) / 2)


def test_json_pixels_are_fractions_of_the_screen(screen_xml: str) -> None:
    mark = action_mark('{"action_type": "click", "x": 540, "y": 1200}', "json", screen_xml)
    assert mark.start == (0.5, 0.5) and mark.label == "TAP"


def test_an_unreadable_reply_is_only_a_label(screen_xml: str) -> None:
    mark = action_mark("I am not sure what to do", "text", screen_xml)
    assert mark.start is None and mark.box is None and "not sure" in mark.label


def test_the_mark_is_drawn_on_a_copy() -> None:
    frame = np.full((200, 100, 3), 255, dtype=np.uint8)
    drawn = annotate(frame, action_mark({"verb": "click", "x": 0.5, "y": 0.5}, "gesture", None))
    assert (frame == 255).all()
    assert tuple(drawn[100, 50]) != (255, 255, 255)  # the dot at the tap point


def test_screens_come_from_the_files_or_a_replay(runs: dict) -> None:
    for agent in ("oracle", "random"):
        run = load_run(runs[agent])
        for record in run.records:
            episode = load_steps(run, record)
            screens = episode_screens(run, episode)
            assert len(screens) == len(episode.steps) + 1
            assert all(s.frame.shape == (1200, 540, 3) for s in screens)
    saved = pathlib.Path(runs["random"]) / "screenshots"
    assert not saved.exists()  # the random run's screens were replayed


def test_the_filmstrips_frames_are_made_as_wide_as_they_are_shown(runs: dict) -> None:
    """A replayed episode's screens are taken at the filmstrip's width (none is painted at
    a size it is not shown at); saved ones are scaled to it: every frame is as wide."""
    for agent in ("oracle", "random"):  # saved screenshots, then replayed screens
        run = load_run(runs[agent])
        for record in run.records:
            episode = load_steps(run, record)
            frames = filmstrip(run, episode)
            assert frames and all(f.image.shape == (800, FRAME_WIDTH, 3) for f in frames)
    run = load_run(runs["random"])
    episode = load_steps(run, run.records[0])
    replayed = episode_screens(run, episode, width=FRAME_WIDTH)
    assert all(s.frame.shape == (800, FRAME_WIDTH, 3) for s in replayed)
