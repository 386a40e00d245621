"""Commands written as JSON actions: the element a point hits, the pixels, and every verb
read back by the JSON action wrapper's parser; the element a model's reply points at."""

from __future__ import annotations

import pytest

from mobile_gym.commands import Command
from mobile_gym.data.json_of_command import (
    command_json_action,
    hit_element,
    parsed_command,
    pointed_element,
)
from mobile_gym.geometry import Rect
from mobile_gym.wrappers.elements import Element
from mobile_gym.wrappers.json_actions import JsonCommand, parse_json_action
from mobile_gym.wrappers.text_commands import parse_text_command

SIZE = (1081, 2401)  # normalised points are pixels / (size - 1): whole numbers here


def element(index: int | None, bounds: Rect) -> Element:
    return Element(index, bounds, "android.widget.Button", "", "", "", True, *([False] * 6))


ROW = element(0, Rect(0, 400, 1080, 600))  # a list row ...
BUTTON = element(1, Rect(800, 450, 1000, 550))  # ... with a button inside it
TEXT = element(None, Rect(0, 0, 1080, 100))  # unnumbered: never the element hit
SCREEN = [ROW, BUTTON, TEXT]


def at(verb: str, x: float, y: float, **fields: object) -> Command:
    return Command(verb, x / (SIZE[0] - 1), y / (SIZE[1] - 1), **fields)  # type: ignore[arg-type]


def test_a_tap_on_an_element_s_centre_is_its_index_and_replays_as_the_index() -> None:
    command = at("click", 900, 500)
    assert hit_element(command, SCREEN, SIZE) == (BUTTON, True)
    action, index = command_json_action(command, SCREEN, SIZE)
    assert action == {"action_type": "click", "index": 1, "x": 900, "y": 500} and index == 1
    assert parse_json_action(action).index == 1
    assert parsed_command(command, SCREEN, SIZE).index == 1


def test_a_tap_off_centre_names_the_smallest_element_around_it_but_replays_as_pixels() -> None:
    command = at("long_press", 820, 460)  # inside the button and the row, centred on neither
    assert hit_element(command, SCREEN, SIZE) == (BUTTON, False)
    action, index = command_json_action(command, SCREEN, SIZE)
    assert action == {"action_type": "long_press", "x": 820, "y": 460}  # no index: read first
    assert index == 1
    exact = parsed_command(command, SCREEN, SIZE)
    assert exact.index is None and exact.point == pytest.approx((820, 460))
    replayed = parse_json_action(action)
    assert replayed.index is None and replayed.point == pytest.approx(exact.point)


def test_a_point_on_no_numbered_element_is_pixels_alone() -> None:
    command = at("double_tap", 500, 50)  # on the unnumbered text only
    action, index = command_json_action(command, SCREEN, SIZE)
    assert action == {"action_type": "double_tap", "x": 500, "y": 50} and index is None
    assert parse_json_action(action).point == (500.0, 50.0)


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        (at("type", 900, 500, text="hi"), {"action_type": "input_text", "text": "hi", "index": 1, "x": 900, "y": 500}),
        (Command("type", text="hi"), {"action_type": "input_text", "text": "hi"}),
        (at("scroll", 540, 500, direction="down"), {"action_type": "scroll", "direction": "down", "index": 0, "x": 540, "y": 500}),
        (at("scroll", 540, 500, direction="up", span=0.25), {"action_type": "scroll", "direction": "up", "index": 0, "span": 0.25, "x": 540, "y": 500}),
        (Command("scroll", direction="left", span=0.5), {"action_type": "scroll", "direction": "left", "span": 0.5}),
        (Command("swipe", 0.5, 0.8, 0.5, 0.2), {"action_type": "swipe", "direction": "up"}),
        (Command("swipe", 0.2, 0.5, 0.9, 0.55), {"action_type": "swipe", "direction": "right"}),
        (Command("key", key="BACK"), {"action_type": "navigate_back"}),
        (Command("key", key="HOME"), {"action_type": "navigate_home"}),
        (Command("key", key="ENTER"), {"action_type": "keyboard_enter"}),
        (Command("status", text="complete"), {"action_type": "status", "goal_status": "complete"}),
        (Command("status", text="infeasible"), {"action_type": "status", "goal_status": "infeasible"}),
        (Command("answer", text="42"), {"action_type": "answer", "text": "42"}),
        (Command("ask_user", text="Which one?"), {"action_type": "ask_user", "text": "Which one?"}),
        (Command("open_app", app="Notes"), {"action_type": "open_app", "app_name": "Notes"}),
        (Command("wait"), {"action_type": "wait"}),
        (Command("wait", ms=500), {"action_type": "wait", "ms": 500}),
        (Command("wait", ms=0), {"action_type": "wait", "ms": 0}),
        (
            Command("mcp_call", tool="amap_maps_weather", arguments={"city": "杭州"}),
            {"action_type": "mcp", "action_name": "amap_maps_weather", "action_json": {"city": "杭州"}},
        ),
    ],
)  # fmt: skip
def test_every_verb_has_its_json_action_and_the_parser_reads_it(
    command: Command, expected: dict[str, object]
) -> None:
    action, _ = command_json_action(command, SCREEN, SIZE)
    assert action == expected
    parsed = parse_json_action(action)
    assert parsed == parse_json_action(expected)
    if command.verb not in ("type", "scroll") or command.x is None:  # pointed: index first
        assert parsed == parsed_command(command, SCREEN, SIZE)


def test_a_key_without_a_json_action_is_refused() -> None:
    with pytest.raises(ValueError, match="VOLUME_UP"):
        parsed_command(Command("key", key="VOLUME_UP"), SCREEN, SIZE)


@pytest.mark.parametrize(
    "command", [at("scroll", 820, 460, direction="down", span=0.508), Command("wait", ms=10000)]
)
def test_the_label_of_a_scroll_or_a_wait_carries_its_span_or_length(command: Command) -> None:
    action, _ = command_json_action(command, SCREEN, SIZE)
    for parsed in (parse_json_action(action), parsed_command(command, SCREEN, SIZE)):
        assert isinstance(parsed, JsonCommand)
        assert (parsed.span, parsed.ms) == (command.span, command.ms)


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ({"action_type": "click", "x": 820, "y": 460}, 1),  # in the row and the button
        ({"action_type": "long_press", "x": 100, "y": 500}, 0),  # in the row only
        ({"action_type": "click", "x": 540, "y": 500}, 0),  # the row's centre
        ({"action_type": "double_tap", "x": 500, "y": 50}, None),  # unnumbered text only
        ({"action_type": "click", "x": 5000, "y": 50}, None),  # off the screen
        ({"action_type": "click", "index": 1}, 1),
        ({"action_type": "long_press", "index": 999}, None),  # no such element here
        ({"action_type": "scroll", "direction": "down", "x": 820, "y": 460}, 1),
        ({"action_type": "scroll", "direction": "down"}, None),
        ({"action_type": "navigate_back"}, None),
    ],
)
def test_a_reply_points_at_the_element_a_command_at_its_point_would(
    reply: dict[str, object], expected: int | None
) -> None:
    assert pointed_element(parse_json_action(reply), SCREEN, SIZE) == expected
    if "x" in reply and expected is not None:  # one rule for replies and commands
        command = at("click", reply["x"], reply["y"])  # type: ignore[arg-type]
        assert command_json_action(command, SCREEN, SIZE)[1] == expected


def test_a_text_reply_points_at_elements_by_the_same_rule() -> None:
    assert pointed_element(parse_text_command("ACTION: TAP(1)"), SCREEN, SIZE) == 1
    assert pointed_element(parse_text_command("ACTION: TAP(7)"), SCREEN, SIZE) is None
    assert pointed_element(parse_text_command("ACTION: HOME"), SCREEN, SIZE) is None
