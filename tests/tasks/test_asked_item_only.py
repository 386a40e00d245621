"""Checks that judge the asked item itself still take its other right forms: the conference
dates of the asked trip in a worded message (no other date in any text to Mia), and the asked
calendar event opened from another view (the near misses in ``near_misses/`` must fail)."""

from __future__ import annotations

import pytest

from tests.tasks.near_misses import play_near_miss

TO_MIA = [
    {"click": {"text": "SMS Messenger"}},
    {"click": {"desc": "New conversation"}},
    {"type": {"text": "Mia"}},
    {"click": {"id": "item_contact_name", "text": "Mia Scott"}},
]
SEND = {"click": {"id": "thread_send_message"}}


def _typed(text: str) -> dict[str, object]:
    return {"type": {"text": text, "into": {"id": "thread_type_message"}}}


@pytest.mark.parametrize(
    ("task_id", "message"),
    [
        ("mw.calendar.check_conference_and_send_sms_1", "Arrive {arrive}, leave {leave}"),
        ("mw.calendar.check_conference_and_send_sms_1", "{arrive},{leave}"),
        ("mw.calendar.check_conference_and_send_sms_2", "{arrive},{leave}"),
    ],
)
@pytest.mark.parametrize("seed", (0, 1, 2))
def test_the_asked_trips_dates_alone_are_sent(task_id: str, message: str, seed: int) -> None:
    """The asked trip's two dates, bare or with words around them, then a greeting with no
    number in a second text: success."""
    steps = [*TO_MIA, _typed(message), SEND, _typed("Thanks, see you soon!"), SEND]
    infos = play_near_miss(task_id, [*steps, {"status": "complete"}], seed)
    assert infos[-1]["success"] is True, infos[-1]["events"]


@pytest.mark.parametrize("seed", (0, 1, 2))
def test_the_asked_event_opened_from_the_event_list(seed: int) -> None:
    """The asked event opened from the simple event list (not the day's view): success, and
    no other event's editor opened on the way."""
    steps = [
        {"click": {"text": "Calendar"}},
        {"click": {"desc": "Change view"}},
        {"click": {"text": "Simple event list"}},
        {"click": {"id": "event_item_title", "text": "{title}"}},
    ]
    infos = play_near_miss("simpletools.calendar.open_event", steps, seed)
    assert infos[-1]["success"] is True
    assert all("opened_another_event" not in info["events"] for info in infos)
