"""The user of the ``mobileworld`` suite as MobileWorld's is: every task has one (its
observation always holds ``ask_user_response``), it knows today's date, a generic question
gets all the task's relevant information, an owner named by first name is recognised beside
"your", function words alone reveal nothing, and the chat-model user knows what the task's
replies say and tells a slot in any words."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mobile_gym.registration import make_env
from mobile_gym.tasks import shipped_tasks
from mobile_gym.tasks.schema import CORRECTION_SLOT
from mobile_gym.tasks.solution import run_solution
from mobile_gym.tasks.user import REFUSAL
from tests.agents.scripted_llm import ScriptedLLM, completion

SUITE = {task_id: spec for task_id, spec in shipped_tasks().items() if spec.suite == "mobileworld"}
INTERACTION = sorted(task_id for task_id, spec in SUITE.items() if "interact" in spec.tags)


def ask(env: Any, question: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ask the user through the json action space: the observation and info."""
    obs, _, _, _, info = env.step(json.dumps({"action_type": "ask_user", "text": question}))
    return obs, info


def told(env: Any) -> list[str]:
    return env.unwrapped.episode.agent.told


# every task has a user -------------------------------------------------------------------------
def test_every_task_of_the_suite_has_a_user_but_only_interaction_tasks_are_tagged_so() -> None:
    assert all(spec.user is not None for spec in SUITE.values())
    assert len(INTERACTION) == 46
    for task_id in INTERACTION:
        assert SUITE[task_id].user.has_information, task_id  # type: ignore[union-attr]


@pytest.mark.parametrize("task_id", ["mw.mastodon.mastodon_follow", "mw.map.check_distance_mcp"])
def test_a_task_without_a_user_block_observes_the_refusal(task_id: str) -> None:
    env = make_env(task_id, action_space="json", observation="text")
    obs, _ = env.reset(seed=0)
    assert obs["ask_user_response"] == "" and "ask_user_response" in env.observation_space.spaces
    assert "interact" not in SUITE[task_id].tags
    for question in ("What is Kevin's phone number?", "Is there any more information?"):
        obs, info = ask(env, question)
        assert obs["ask_user_response"] == info["ask_user_response"] == REFUSAL
    obs, _ = ask(env, "What's today's date?")
    assert obs["ask_user_response"] == "Today is 2025-10-16."  # the date setup.time sets
    assert told(env) == ["today"]
    env.close()


# generic questions and function words ------------------------------------------------------------
GENERIC = [
    "Is there any additional information you can give me for this task?",
    "Before I start, could you clarify the details of this task?",
    "Is there anything else I should know?",
    "关于这个任务还有其他信息吗？",
]


@pytest.mark.parametrize("task_id", INTERACTION)
def test_a_generic_question_gets_every_slot(task_id: str) -> None:
    env = make_env(task_id, action_space="json", observation="text")
    env.reset(seed=0)
    knowledge = env.unwrapped.episode.knowledge
    slots = [fact.name for fact in (*knowledge.facts, *knowledge.preferences)]
    slots += [CORRECTION_SLOT] if knowledge.correction is not None else []
    for question in GENERIC:
        _, info = ask(env, question)
        assert info["ask_user_response"] != REFUSAL, question
    assert sorted(told(env)) == sorted(slots)  # everything but today's date
    env.close()


@pytest.mark.parametrize(
    ("task_id", "question", "expected"),
    [
        ("mw.native.set_alarm_ask_user_3", "What am I supposed to open first?", None),
        ("mw.native.set_alarm_ask_user_3", "Should the alarm be at 7 am?", CORRECTION_SLOT),
        ("mw.mall.delete_items_ask_user", "Which app should I open?", None),
        ("mw.mall.delete_items_ask_user", "Which products should I delete?", "products"),
    ],
)
def test_a_function_word_alone_asks_nothing(task_id: str, question: str, expected: str) -> None:
    env = make_env(task_id, action_space="json", observation="text")
    env.reset(seed=0)
    _, info = ask(env, question)
    assert (info["ask_user_response"] == REFUSAL) is (expected is None)
    assert told(env) == ([expected] if expected else [])
    env.close()


# the owner named beside "your" -------------------------------------------------------------------
OWNED = [
    ("mw.gmail.send_phone_number_ask_user", "Kevin", "phone number", "phone"),
    ("mw.native.check_invoice_4_ask_user", "Kevin", "phone number", "kevin_phone"),
    ("mw.native.send_zip_files_ask_user_1", "Kevin", "email address", "kevin_email"),
    ("mw.native.share_photos_ask_user", "Kevin", "email address", "kevin_email"),
    ("mw.native.take_selfie_and_share_ask_user_1", "Jimmy", "email address", "jimmy_email"),
    ("mw.chrome.search_top_info_ask_user", "Kevin", "email address", "kevin_email"),
    ("mw.native.send_invoice_with_info", "Mia", "email address", "mia_email"),
]


@pytest.mark.parametrize(("task_id", "who", "what", "slot"), OWNED)
def test_a_first_name_beside_your_is_the_owner(
    task_id: str, who: str, what: str, slot: str
) -> None:
    env = make_env(task_id, action_space="json", observation="text")
    env.reset(seed=0)
    for question in (
        f"{who} is not among your contacts, what is the {what} of {who}?",
        f"What is the {what} of {who} in your contacts?",
    ):
        _, info = ask(env, question)
        assert info["ask_user_response"] != REFUSAL, question
    assert slot in told(env)
    _, info = ask(env, f"What is your {what}?")  # the user's own: still refused
    assert info["ask_user_response"] == REFUSAL
    env.close()


def test_a_named_owners_pronoun_beside_your_is_the_owner() -> None:
    env = make_env("mw.messages.send_interview_invitation_ask_user", action_space="json")
    env.reset(seed=0)
    name = env.unwrapped.episode.values["name"]
    _, info = ask(env, f"{name} is not in your contacts, what is his number?")
    assert info["ask_user_response"] != REFUSAL and told(env) == ["phone"]
    env.close()


# the chat-model user ---------------------------------------------------------------------------
def llm_env(task_id: str, server: ScriptedLLM) -> Any:
    options = {"model": "user-model", "base_url": server.base_url}
    return make_env(
        task_id, action_space="json", observation="text", user="llm", user_options=options
    )


@pytest.mark.parametrize(
    ("task_id", "said"),
    [
        (
            "mw.native.take_selfie_and_share_ask_user_2",
            "Henry's email address can be found in the Contacts app. His full name is Henry Wright.",
        ),
        (
            "mw.gmail.reply_email_via_sms_ask_user",
            "The phone number of the email sender is 17771234567. The sender name is Vercel.",
        ),
        ("mw.mall.buy_shoes_ask_user", "No preference about shoes size, style or color"),
        ("mw.gmail.send_phone_number_ask_user", "Grace's email address is in the contacts app."),
    ],
)
def test_the_llm_user_knows_what_the_replies_say(task_id: str, said: str) -> None:
    with ScriptedLLM([completion(REFUSAL)]) as server:
        env = llm_env(task_id, server)
        env.reset(seed=0)
        ask(env, "What should I know?")
        env.close()
    prompt = server.requests[0].body["messages"][0]["content"]
    assert said in prompt


@pytest.mark.parametrize(
    "reply",
    [
        "Number them by creation date, from the earliest to the latest.",
        "按创建时间从早到晚编号。",
        "Sort them by creation date, oldest first.",
    ],
)
def test_the_llm_user_tells_a_slot_in_its_own_words(reply: str) -> None:
    task_id = "mw.native.bid_file_rename_ask_user"
    with ScriptedLLM([completion(reply)]) as server:
        env = llm_env(task_id, server)
        env.reset(seed=0)
        *_, ended, info = run_solution(env)
        env.close()
    assert ended and info["success"] is True
    assert told(env) == ["order"]


@pytest.mark.parametrize(
    "refusal", [REFUSAL, "Sorry, I can't help with that", "sorry, i can’t help with that!"]
)
def test_a_refusal_of_the_llm_user_tells_nothing(refusal: str) -> None:
    with ScriptedLLM([completion(refusal)]) as server:
        env = llm_env("mw.native.set_alarm_ask_user_3", server)
        env.reset(seed=0)
        ask(env, "Is the instruction correct?")
        env.close()
    assert told(env) == []
