"""A solution step's ``at``: a click or long press on a chosen point of its node."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from mobile_gym.sim import Phone
from mobile_gym.tasks.schema import SolutionStep
from mobile_gym.tasks.solution import find_node, step_command


def test_at_places_the_touch_on_its_node() -> None:
    phone = Phone(seed=0)
    xml, (width, height) = phone.hierarchy_xml(), (phone.display.width, phone.display.height)
    left, top, right, bottom = find_node(xml, {"text": "Contacts"}).bounds
    for at, (x, y) in {
        (0.5, 0.5): ((left + right) // 2, (top + bottom) // 2),
        (0.0, 0.0): (left, top),
        (1.0, 1.0): (right - 1, bottom - 1),
        (0.25, 0.75): (left + 0.25 * (right - left), top + 0.75 * (bottom - top)),
    }.items():
        for verb in ("click", "long_press"):
            step = SolutionStep.model_validate({verb: {"text": "Contacts"}, "at": list(at)})
            command = step_command(step, xml, (width, height))
            assert command.verb == verb
            assert (command.x, command.y) == pytest.approx(
                (x / (width - 1), y / (height - 1)), abs=1e-3
            )


def test_without_at_the_centre_is_touched() -> None:
    phone = Phone(seed=0)
    xml = phone.hierarchy_xml()
    plain = step_command(
        SolutionStep.model_validate({"click": {"text": "Contacts"}}),
        xml,
        (phone.display.width, phone.display.height),
    )
    centred = step_command(
        SolutionStep.model_validate({"click": {"text": "Contacts"}, "at": [0.5, 0.5]}),
        xml,
        (phone.display.width, phone.display.height),
    )
    assert (plain.x, plain.y) == pytest.approx((centred.x, centred.y), abs=1e-3)


@pytest.mark.parametrize(
    ("step", "problem"),
    [
        ({"scroll": "down", "at": [0.5, 0.5]}, "click or a long press"),
        ({"click": {"text": "x"}, "at": [1.5, 0.5]}, "less than or equal to 1"),
        ({"at": [0.5, 0.5]}, "exactly one action"),
    ],
)
def test_at_is_refused_where_it_means_nothing(step: dict, problem: str) -> None:
    with pytest.raises(ValidationError, match=problem):
        SolutionStep.model_validate(step)
