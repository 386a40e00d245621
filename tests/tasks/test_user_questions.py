"""The shipped tasks' simulated users answer the questions a careful agent asks in its own
words: the slot the task needs is told (its reply, as the task file writes it), not
refused. Each question here was once refused, which left the task impossible or made the
agent guess."""

from __future__ import annotations

import pytest

from mobile_gym.env import MobileEnv
from mobile_gym.spaces import ActionType
from mobile_gym.tasks.params import fill_any
from mobile_gym.tasks.schema import CORRECTION_SLOT
from mobile_gym.tasks.user import REFUSAL
from tests.tasks.tasktools import act

QUESTIONS: list[tuple[str, str, str]] = [
    # task id, question, the slot it must tell
    ("mw.native.project_paper_email_task_ask_user", "Where should I move the PDFs?", "folder"),
    ("mw.native.project_paper_email_task_ask_user", "要把这些 project PDF 移到哪里？", "folder"),
    ("mw.native.bid_file_rename_ask_user", "这些bid_文件按什么排序？", "order"),
    (
        "mw.native.delete_useless_files_ask_user",
        "Which of these files do you no longer need?",
        "useless",
    ),
    ("mw.map.check_distance_ask_user_1", "Where do you live?", "hometown"),
    ("mw.map.check_distance_ask_user_2", "Where are you driving from?", "hometown"),
    (
        "mw.mastodon.mastodon_share_photos_ask_user",
        "What should I write with the photos?",
        "caption",
    ),
    ("mw.mall.search_white_sneakers_checkout_ask_user", "你平时穿多大的鞋？", "size"),
    ("mw.mall.search_white_sneakers_checkout_ask_user", "请问你平常穿多少码？", "size"),
    ("mw.mall.buy_cola_ask_user", "你这次上班的地方在哪里？", "address"),
    (
        "mw.calendar.schedule_oneone_via_sms_ask_user",
        "What's {guest_first}'s phone number?",
        "guest_phone",
    ),
    (
        "mw.calendar.check_meeting_event_ask_user",
        "What is Sam Smith's e-mail address?",
        "sam_email",
    ),
    (
        "mw.calendar.delete_event_ask_user",
        "Which appointment should I cancel on October 20?",
        "to_remove",
    ),
    ("mw.calendar.add_business_trip_with_cafe_ask_user", "你打算几号去参观景点？", "visit_time"),
    ("mw.gmail.send_phone_number_ask_user", "What's Kevin's cell?", "phone"),
    ("mw.calendar.check_meal_event_ask_user", "What's Sarah's email address?", "contact"),
    (
        "mw.calendar.check_meal_event_ask_user",
        "How can I reach Sarah Martinez by email?",
        "contact",
    ),
    ("mw.messages.check_candidate_ask_user_2", "What does the position require?", "requirements"),
    (
        "interact.sms_friend_number",
        "I couldn't find {friend} in your contacts. What is his phone number?",
        "friend_phone",
    ),
    ("interact.sms_friend_number", "What's {friend}'s mobile?", "friend_phone"),
    ("interact.add_care_contact", "What are your {role}'s contact details?", "phone"),
    ("interact.calendar_reminder", "When do you want to be reminded?", "reminder"),
    ("interact.lunch_day_corrected", "Shall I add the event on Oct {wrong_day}?", "correction"),
    ("interact.note_code", "What should I write in the note?", "code"),
    ("interact.sms_signoff", "How do you end your texts?", "signoff"),
    ("interact.contact_number_corrected", "Is the number in your message correct?", "correction"),
]


@pytest.mark.parametrize(("task_id", "question", "slot"), QUESTIONS)
@pytest.mark.parametrize("seed", (0, 1))
def test_a_question_in_other_words_is_answered(
    task_id: str, question: str, slot: str, seed: int
) -> None:
    env = MobileEnv(task_id)
    env.reset(seed=seed)
    known = env.episode.knowledge
    assert known is not None
    names = [fact.name for fact in (*known.facts, *known.preferences)]
    names += [CORRECTION_SLOT] if known.correction is not None else []
    assert slot in names, f"{task_id} has no user slot {slot!r}: {names}"
    first = str(env.episode.values.get("guest", "")).split(" ")[0]
    asked = fill_any(question.replace("{guest_first}", first), env.episode.values, task_id)
    *_, info = env.step(act(ActionType.ASK_USER, text=asked))
    env.close()
    assert info["user_reply"] != REFUSAL, f"{task_id}: {asked!r} was refused"
    assert slot in env.episode.agent.told, f"{task_id}: {asked!r} told {env.episode.agent.told}"


REFUSED: list[tuple[str, str]] = [
    # task id, a question whose answer the agent must find on the phone itself
    ("mw.calendar.check_meeting_event_ask_user", "Which email address should I write to?"),
    ("mw.calendar.check_meal_event_ask_user", "What email address should I use?"),
]


@pytest.mark.parametrize(("task_id", "question"), REFUSED)
def test_a_question_the_phone_answers_is_refused(task_id: str, question: str) -> None:
    env = MobileEnv(task_id)
    env.reset(seed=0)
    *_, info = env.step(act(ActionType.ASK_USER, text=question))
    env.close()
    assert info["user_reply"] == REFUSAL, f"{task_id}: {question!r} told {info['user_reply']!r}"
