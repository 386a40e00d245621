"""The agent-user interaction tasks (``configs/tasks/interaction_mcp/interact_*.yaml``).

They cover MobileWorld's three kinds of ambiguity (a missing fact, a preference, a
correction of a wrong instruction). For each task, questions an agent would really ask are
played through the env's ASK_USER: two wordings about the slot the task needs (answered
with its value), a follow-up, and an off-topic question (refused). What the user knows is
in neither the instruction nor the first screen, asking alone never succeeds, and the
reference solution asks before it acts.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.tasks import shipped_tasks
from mobile_gym.tasks.params import fill_any
from mobile_gym.tasks.schema import CORRECTION_SLOT, TODAY_SLOT, TaskSpec
from mobile_gym.tasks.user import REFUSAL, SimulatedUser, check_user_battery, slots

SUITE = "interaction-mcp"
DATABASES = {
    "com.simplemobiletools.contacts.pro": "contacts",
    "com.simplemobiletools.smsmessenger": "messages",
    "com.simplemobiletools.notes.pro": "notes",
    "com.simplemobiletools.calendar.pro": "events",
}
"""The database of each app the tasks use."""
MIN_SEARCHED = 4
"""Values this long or longer are searched for on the screen and in the apps' tables (a bare
hour, ``14``, is in any clock or table of numbers)."""
SEEDS = (0, 1)
TASKS: dict[str, TaskSpec] = {
    task_id: spec
    for task_id, spec in shipped_tasks().items()
    if spec.category == "interact" and spec.suite == SUITE
}


@dataclass(frozen=True)
class Battery:
    """The questions played to one task's user (``{parameter}`` filled per episode): two
    wordings of the question about ``slot``, a follow-up answered by the slots
    ``follow_up_slots`` (refused when none), and an off-topic question."""

    slot: str
    asks: tuple[str, str]
    follow_up: str
    follow_up_slots: tuple[str, ...]
    off_topic: str


BATTERIES: dict[str, Battery] = {
    "interact.sms_friend_number": Battery(
        "friend_phone",
        ("What is {friend}'s phone number?", "Could you give me your friend's number, please?"),
        "And where do I find {to_first}'s number?",
        ("recipient_number",),
        "What's the weather like?",
    ),
    "interact.add_care_contact": Battery(
        "phone",
        ("What is your {role}'s phone number?", "How can I reach your {role}? What's the number?"),
        "Sorry, and who is your {role}?",
        ("name",),
        "Do you want me to book an appointment too?",
    ),
    "interact.calendar_appointment": Battery(
        "day",
        ("Which day is the {title} appointment?", "What date should I put the event on?"),
        "What day is it today?",
        (TODAY_SLOT,),
        "Should I invite anyone?",
    ),
    "interact.note_code": Battery(
        "code",
        ("What is the {place} code?", "Could you tell me the digits for the {place}?"),
        "Can you repeat the code?",
        ("code",),
        "What is the Wi-Fi password?",
    ),
    "interact.sms_signoff": Battery(
        "signoff",
        ("How do you usually sign your messages?", "What sign-off should I put at the end?"),
        "Sorry, what was the sign-off again?",
        ("signoff",),
        "Do you want me to call {to_first} instead?",
    ),
    "interact.notes_font_size": Battery(
        "font_size",
        ("Which font size would you like?", "How big should the text be?"),
        "Is that a percentage of the normal size?",
        ("font_size",),
        "Should I also turn on the word count?",
    ),
    "interact.calendar_reminder": Battery(
        "reminder",
        ("Which reminder do you usually use?", "How long before the event should I remind you?"),
        "What day is it today?",
        (TODAY_SLOT,),
        "What time should the event start?",
    ),
    "interact.lunch_day_corrected": Battery(
        CORRECTION_SLOT,
        (
            "Is October {wrong_day} the right day for the lunch?",
            "Just to check, which day is the lunch?",
        ),
        "What day is it today?",
        (TODAY_SLOT,),
        "Which restaurant are you going to?",
    ),
    "interact.sms_name_corrected": Battery(
        CORRECTION_SLOT,
        (
            "Just to be sure, should the message go to {head}{wrong_vowel}n {last}?",
            "Is {head}{wrong_vowel}n the person you want me to text?",
        ),
        "So I should text {head}{right_vowel}n instead?",
        (CORRECTION_SLOT,),
        "What's the weather like?",
    ),
    "interact.contact_number_corrected": Battery(
        CORRECTION_SLOT,
        (
            "Is 555-{phone_a}-{wrong_b} the right number for {first}?",
            "Could you double-check {first}'s phone number?",
        ),
        "Which digits were wrong?",
        (CORRECTION_SLOT,),
        "What is your favourite colour?",
    ),
}


def _kinds(spec: TaskSpec) -> set[str]:
    """The kinds of ambiguity a task's user block holds."""
    user = spec.user
    assert user is not None, f"{spec.id}: an interaction task needs a user block"
    return {
        kind
        for kind, present in (
            ("fact", user.facts),
            ("preference", user.preferences),
            ("correction", user.correction),
        )
        if present
    }


def _ask(env: MobileEnv, question: str) -> str:
    """Ask the user through the env, as an agent's ASK_USER; the reply it observes."""
    *_, info = actions.play(env, actions.ask_user(question))
    return info["ask_user_response"]


def test_every_interaction_task_has_a_battery() -> None:
    assert sorted(TASKS) == sorted(BATTERIES)


def test_the_three_kinds_of_ambiguity_are_covered() -> None:
    kinds = [_kinds(spec) for spec in TASKS.values()]
    assert sum("fact" in k for k in kinds) >= 4
    assert sum("preference" in k for k in kinds) >= 3
    assert sum("correction" in k for k in kinds) >= 3


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_the_task_keeps_to_the_suites_rules(task_id: str) -> None:
    spec = TASKS[task_id]
    assert spec.suite == SUITE and spec.max_steps == 50
    assert spec.source.endswith(f"interact_{task_id.removeprefix('interact.')}.yaml")
    assert spec.min_steps == len(spec.solution)
    assert spec.solution[0].ask_user, "the reference solution asks before it acts"
    assert any(step.ask_user for step in spec.solution)
    assert spec.parameters, "what the user knows is drawn per seed"


@pytest.mark.parametrize("task_id", sorted(TASKS))
@pytest.mark.parametrize("seed", SEEDS)
def test_the_simulated_user_passes_the_battery(task_id: str, seed: int) -> None:
    battery = BATTERIES[task_id]
    env = MobileEnv(task_id)
    env.reset(seed=seed)
    assert isinstance(env.episode.user, SimulatedUser)
    values = env.episode.values
    known = slots(env.episode.knowledge)
    by_name = {slot.name: slot for slot in known}

    def reply(names: tuple[str, ...]) -> str:
        return " ".join(slot.reply for slot in known if slot.name in names) or REFUSAL

    def question(template: str) -> str:
        return fill_any(template, values, f"{task_id} battery")

    needed = reply((battery.slot,))
    assert by_name[battery.slot].value in needed  # answered with the value itself
    cases = [
        *((question(ask), needed) for ask in battery.asks),
        (question(battery.follow_up), reply(battery.follow_up_slots)),
        (question(battery.off_topic), REFUSAL),
    ]
    assert check_user_battery(lambda q: _ask(env, q), cases) == []
    assert env.episode.agent.questions == [q for q, _ in cases]
    assert battery.slot in env.episode.told_values()
    env.close()


def _stored_text(env: MobileEnv, apps: list[str]) -> str:
    """Every row of every table of the databases of ``apps``, as text."""
    rows = []
    for package in apps:
        database = DATABASES[package]
        tables = env.device.query(
            package, database, "SELECT name FROM sqlite_master WHERE type = 'table'", []
        )
        for (table,) in tables:
            rows += env.device.query(package, database, f'SELECT * FROM "{table}"', [])
    return "\n".join(" ".join(map(str, row)) for row in rows)


@pytest.mark.parametrize("task_id", sorted(TASKS))
@pytest.mark.parametrize("seed", SEEDS)
def test_what_the_user_knows_is_nowhere_on_the_phone(task_id: str, seed: int) -> None:
    env = MobileEnv(task_id)
    obs, _ = env.reset(seed=seed)
    knowledge = env.episode.knowledge
    phone = env.device.hierarchy_xml() + _stored_text(env, TASKS[task_id].apps)
    for slot in (*knowledge.facts, *knowledge.preferences):
        assert slot.value not in obs["instruction"], f"{task_id}: {slot.name} is told"
        if len(slot.value) >= MIN_SEARCHED:
            assert slot.value not in phone, f"{task_id}: {slot.name} is on the phone"
    if knowledge.correction is not None:
        assert knowledge.correction.text not in obs["instruction"] + phone
    env.close()


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_asking_alone_earns_the_told_reward_only(task_id: str) -> None:
    env = MobileEnv(task_id)
    env.reset(seed=0)
    spec = TASKS[task_id]
    total = 0.0
    for step in spec.solution:  # every question of the reference solution, nothing else
        if step.ask_user:
            text = fill_any(step.ask_user, env.episode.values, task_id)
            _, reward, terminated, _, info = actions.play(env, actions.ask_user(text))
            total += reward
            assert not terminated and info["success"] is False
    *_, info = actions.play(env, actions.status("complete"))
    assert info["success"] is False
    assert 0 < total < 1
    env.close()
