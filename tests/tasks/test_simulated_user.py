"""The simulated user: the task file's ``user`` block, the deterministic responder judged by
a battery of questions per kind of knowledge (a keyword responder fails it), ASK_USER
through the env and its presets, the ``told`` and ``ask_user`` signals, the chat-model
user over the OpenAI protocol, and the errors of bad ``user`` blocks."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from mobile_gym.agents.llm import LLMUnavailableError
from mobile_gym.env import NOT_AVAILABLE, MobileEnv
from mobile_gym.registration import make_env as make_preset_env
from mobile_gym.spaces import ActionType
from mobile_gym.tasks.llm_user import LLMUser, llm_user_factory, said_in
from mobile_gym.tasks.schema import TaskFileError, UserKnowledge, parse_task
from mobile_gym.tasks.user import (
    REFUSAL,
    SimulatedUser,
    check_user_battery,
    make_user_factory,
    slots,
    words,
)
from mobile_gym.wrappers.rl import tokenize
from tests.agents.scripted_llm import ScriptedLLM, completion, last_user_text
from tests.deadline import within
from tests.tasks.tasktools import act, click, spec, task_data, write_task

Cases = list[tuple[str, str]]

# a missing fact: the user knows Kevin's number, not Grace's email --------------------------
KEVIN = "Kevin's phone number is 15551234567."
MISSING_FACT: dict[str, Any] = {
    "facts": [
        {
            "name": "kevin_phone",
            "aliases": ["phone number", "number", "Kevin's number", "contact number"],
            "value": "15551234567",
            "reply": KEVIN,
        }
    ]
}
MISSING_FACT_CASES: Cases = [
    ("What is Kevin's phone number?", KEVIN),
    ("Could you tell me Kevin's contact number, please?", KEVIN),
    ("KEVINS NUMBERS??", KEVIN),  # case, punctuation, a plural
    ("What's the number?", KEVIN),
    ("And what about his email?", REFUSAL),  # a follow-up about what the user does not know
    ("What is Grace's phone number?", REFUSAL),  # the same words, someone else's
    ("What is your phone number?", REFUSAL),
    ("I can't find Kevin in your contacts. What is his number?", KEVIN),  # "your" is not his
    ("Kevin is not among your contacts, what is the phone number of Kevin?", KEVIN),
    ("Kevin is not in your contacts, what is his number?", KEVIN),  # his: Kevin's, named
    ("What is the phone number of Kevin in your contacts?", KEVIN),
    ("Should I open the Contacts app?", REFUSAL),  # an alias's word, not an alias
    ("What's the weather like?", REFUSAL),
    ("What is Kevin's phone number?", KEVIN),  # asked again: the same words
]

# preferences: a ringtone and a folder ---------------------------------------------------------
RINGTONE = "My favourite ringtone is 'beebeep'."
FOLDER = "Put it in the Documents folder."
PREFERENCES: dict[str, Any] = {
    "preferences": [
        {
            "name": "ringtone",
            "aliases": ["ringtone", "ring tone", "favourite ringtone", "favorite ringtone"],
            "value": "beebeep",
            "reply": RINGTONE,
        },
        {
            "name": "folder",
            "aliases": ["folder", "target folder", "where to save"],
            "value": "Documents",
            "reply": FOLDER,
        },
    ]
}
PREFERENCE_CASES: Cases = [
    ("Which ringtone should I pick?", RINGTONE),
    ("What's your favorite ring tone?", RINGTONE),
    ("Which ringtones do you like?", RINGTONE),
    ("And which folder should the file go to?", FOLDER),  # a follow-up about another slot
    ("Where to save it?", FOLDER),
    ("Which ringtone, and which folder?", f"{RINGTONE} {FOLDER}"),  # both, in block order
    ("Do you like loud music?", REFUSAL),
    ("What is your password?", REFUSAL),
    ("Which ringtone should I pick?", RINGTONE),
]

# a correction of a deliberately wrong instruction, and today's date --------------------------
CORRECTED = "I gave the wrong time by mistake: the lunch is from 11 a.m. to 12 p.m. on Oct 17."
TODAY = "Today is 2025-10-16."
CORRECTION: dict[str, Any] = {
    "correction": {"text": CORRECTED, "aliases": ["time", "time range", "day", "when"]},
    "today": "2025-10-16",
}
CORRECTION_CASES: Cases = [
    ("Is the instruction correct?", CORRECTED),
    ("Just to confirm: 11 a.m. to 12 a.m., right?", CORRECTED),
    ("What time should the lunch start?", CORRECTED),
    ("And when does it end?", CORRECTED),  # a follow-up, by its own words
    ("What's today's date?", TODAY),
    ("What day is it today?", TODAY),  # "day" there is today's, not the lunch's
    ("Which day is the lunch?", CORRECTED),
    ("Tell me a joke.", REFUSAL),
    ("What is Kevin's number?", REFUSAL),
]

# a Chinese task: the day of an outing, a correction, and today's date asked in Chinese ----------
OUTING = "游玩的时间是周日 9:00 到 17:00。"
CORRECTED_ZH = "抱歉，我说错了：是周日，不是周六。"
CHINESE: dict[str, Any] = {
    "facts": [
        {
            "name": "visit_time",
            "aliases": ["游玩时间", "什么时候", "哪天", "几点", "时间", "which day"],
            "value": "周日 9:00-17:00",
            "reply": OUTING,
        }
    ],
    "correction": {"text": CORRECTED_ZH, "aliases": ["周六"]},
    "today": "2025-10-16",
}
CHINESE_CASES: Cases = [
    ("今天是几号？", TODAY),
    ("今天是哪天？", TODAY),  # "哪天" there is today's, not the outing's
    ("今天几月几号", TODAY),
    ("今天的日期是什么？", TODAY),
    ("哪天去游玩？", OUTING),
    ("指令对吗？", CORRECTED_ZH),
    ("是不是写错了？", CORRECTED_ZH),
    ("没错吧？", CORRECTED_ZH),
    ("今天天气怎么样？", REFUSAL),
]

BATTERIES = [
    pytest.param(MISSING_FACT, MISSING_FACT_CASES, id="missing_fact"),
    pytest.param(PREFERENCES, PREFERENCE_CASES, id="preference"),
    pytest.param(CORRECTION, CORRECTION_CASES, id="correction"),
    pytest.param(CHINESE, CHINESE_CASES, id="chinese"),
]


def knowledge(block: dict[str, Any]) -> UserKnowledge:
    return UserKnowledge.model_validate(block)


def keyword_toy(block: dict[str, Any]) -> Callable[[str], str]:
    """Answers the first slot whenever a question holds any word of any alias."""
    found = slots(knowledge(block))
    alias_words = {word for slot in found for alias in slot.aliases for word in alias}
    return lambda question: found[0].reply if alias_words & set(words(question)) else REFUSAL


def value_toy(block: dict[str, Any]) -> Callable[[str], str]:
    """Answers the first slot whatever the question."""
    first = slots(knowledge(block))[0]
    return lambda question: first.reply


@pytest.mark.parametrize(("block", "cases"), BATTERIES)
def test_the_simulated_user_passes_each_battery(block: dict[str, Any], cases: Cases) -> None:
    assert check_user_battery(SimulatedUser(knowledge(block)).reply, cases) == []


@pytest.mark.parametrize(("block", "cases"), BATTERIES)
@pytest.mark.parametrize("toy", [keyword_toy, value_toy])
def test_toy_responders_fail_each_battery(
    block: dict[str, Any], cases: Cases, toy: Callable[[dict[str, Any]], Callable[[str], str]]
) -> None:
    wrong = check_user_battery(toy(block), cases)
    assert wrong and all("expected" in line for line in wrong)


def test_the_user_records_what_it_told_and_never_invents() -> None:
    user = SimulatedUser(knowledge({**MISSING_FACT, **PREFERENCES, **CORRECTION}))
    assert user.reply("Which folder?") == FOLDER
    assert user.reply("What is Kevin's email?") == REFUSAL
    assert user.reply("Kevin's number, and is the instruction right?") == f"{KEVIN} {CORRECTED}"
    assert user.revealed == ["folder", "kevin_phone", "correction"]
    assert [q for q, _ in user.history] == [
        "Which folder?",
        "What is Kevin's email?",
        "Kevin's number, and is the instruction right?",
    ]
    assert user.volunteer(1) is None  # no at_step


def test_a_full_name_among_the_aliases_names_the_owner() -> None:
    reply = "Kevin's email address is kevin_zhang@example.com."
    fact = {
        "name": "kevin_email",
        "aliases": ["Kevin's email", "email address", "email", "Kevin Zhang", "Kevin"],
        "value": "kevin_zhang@example.com",
        "reply": reply,
    }
    user = SimulatedUser(knowledge({"facts": [fact]}))
    assert user.reply("What is Kevin Zhang's email address?") == reply
    assert user.reply("What is Kevin's email?") == reply
    assert user.reply("What is Grace Zhang's email address?") == REFUSAL  # someone else
    assert user.reply("What is Grace's email?") == REFUSAL


def test_a_default_reply_names_the_slot_and_its_value() -> None:
    user = SimulatedUser(
        knowledge({"facts": [{"name": "size", "aliases": ["shoe size"], "value": 39}]})
    )
    assert user.reply("Which shoe size?") == "Shoe size: 39"


# the env and its presets -----------------------------------------------------------------------
def user_task(**overrides: Any) -> Any:
    return spec(user={**MISSING_FACT, **CORRECTION}, **overrides)


def test_ask_user_reaches_the_observation_and_info() -> None:
    env = MobileEnv(user_task())
    obs, _ = env.reset(seed=0)
    assert obs["ask_user_response"] == "" and env.observation_space.contains(obs)
    obs, _, terminated, _, info = env.step(act(ActionType.ASK_USER, text="Kevin's number?"))
    assert obs["ask_user_response"] == info["ask_user_response"] == info["user_reply"] == KEVIN
    assert env.observation_space.contains(obs) and not terminated
    obs, _, _, _, info = env.step(act(ActionType.REPEAT))
    assert obs["ask_user_response"] == "" and "ask_user_response" not in info
    assert env.episode.agent.questions == ["Kevin's number?"]
    assert env.episode.agent.told == ["kevin_phone"]


def test_a_task_without_a_user_keeps_its_reply() -> None:
    env = MobileEnv(spec())
    obs, _ = env.reset(seed=0)
    assert "ask_user_response" not in obs
    obs, *_, info = env.step(act(ActionType.ASK_USER, text="Kevin's number?"))
    assert "ask_user_response" not in obs
    assert info["ask_user_response"] == info["user_reply"] == NOT_AVAILABLE.format(what="ask_user")


@pytest.mark.parametrize(
    ("action_space", "observation", "ask"),
    [
        ("text", "text", 'ACTION: ASK_USER("What is Kevin\'s phone number?")'),
        ("json", "html", '{"action_type": "ask_user", "text": "What is Kevin\'s phone number?"}'),
        ("json", "pixels", {"action_type": "ask_user", "text": "What is Kevin's phone number?"}),
        ("text", "mobile_env_html", 'ACTION: ASK_USER("What is Kevin\'s phone number?")'),
        ("text", "som", 'ACTION: ASK_USER("What is Kevin\'s phone number?")'),
    ],
)
def test_presets_observe_the_reply(action_space: str, observation: str, ask: Any) -> None:
    env = make_preset_env(user_task(), action_space=action_space, observation=observation)
    obs, _ = env.reset(seed=0)
    assert obs["ask_user_response"] == ""
    obs, _, _, _, info = env.step(ask)
    assert obs["ask_user_response"] == info["ask_user_response"] == KEVIN
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize("observation", ["rl", "rl_pixels"])
def test_rl_presets_observe_the_reply_as_tokens(observation: str) -> None:
    env = make_preset_env(user_task(), action_space="text", observation=observation)
    obs, _ = env.reset(seed=0)
    assert not obs["ask_user_response"].any()
    obs, *_ = env.step('ACTION: ASK_USER("Kevin\'s number?")')
    assert np.array_equal(obs["ask_user_response"], tokenize(KEVIN))
    assert env.observation_space.contains(obs)


def test_a_correction_with_at_step_is_said_unasked() -> None:
    block = {"correction": {"text": CORRECTED, "at_step": 2}, **MISSING_FACT}
    env = MobileEnv(spec(user=block))
    env.reset(seed=0)
    obs, *_, info = env.step(act(ActionType.REPEAT))
    assert obs["ask_user_response"] == "" and "ask_user_response" not in info
    obs, *_, info = env.step(act(ActionType.ASK_USER, text="Kevin's number?"))
    assert obs["ask_user_response"] == info["ask_user_response"] == f"{KEVIN} {CORRECTED}"
    assert env.episode.agent.told == ["kevin_phone", "correction"]
    obs, *_ = env.step(act(ActionType.REPEAT))
    assert obs["ask_user_response"] == ""
    obs, *_ = env.step(act(ActionType.ASK_USER, text="Is the instruction right?"))
    assert obs["ask_user_response"] == CORRECTED  # asked later: the same words


def test_the_correction_counts_agent_actions_not_touch_frames() -> None:
    env = make_preset_env(
        spec(user={"correction": {"text": CORRECTED, "at_step": 1}}), action_space="element"
    )
    env.reset(seed=0)
    obs, *_, info = env.step(0)  # one click: several touch frames, one agent action
    assert obs["ask_user_response"] == info["ask_user_response"] == CORRECTED


@pytest.mark.parametrize(
    ("action_space", "first", "then"),
    [
        ("text", 'ACTION: OPEN_APP("Settings")', "ACTION: WAIT"),  # HOME, swipe, tap
        ("text", 'ACTION: OPEN_APP("No such app")', "ACTION: WAIT"),
        # Mobile-Env's INPUT: tap Chrome's address bar and type, then ENTER
        ("mobile_env", '<action>INPUT(5, "x")</action>', "<action>DO_NOTHING()</action>"),
        ("mobile_env", '<action>INPUT(0, "x")</action>', "<action>DO_NOTHING()</action>"),
    ],
)
def test_a_correction_counts_an_action_of_several_touch_sequences_once(
    action_space: str, first: str, then: str
) -> None:
    task = spec(
        user={"correction": {"text": CORRECTED, "at_step": 2}},
        setup={"start": {"package": "com.android.chrome"}},
    )
    env = make_preset_env(task, action_space=action_space)
    env.reset(seed=0)
    *_, info = env.step(first)
    assert "ask_user_response" not in info and info["agent_steps"] == 1
    *_, info = env.step(then)
    assert info["ask_user_response"] == info["user_reply"] == CORRECTED
    assert env.unwrapped.episode.agent.told == ["correction"]


def test_told_and_ask_user_signals_in_an_episode() -> None:
    signals = {
        "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
        "asked_phone": {"ask_user": "(?i)phone|number"},
        "told_phone": {"told": "kevin_phone"},
        "told_correction": {"told": "correction"},
    }
    events = [
        {"id": "asked", "when": "asked_phone", "reward": 0.1},
        {"id": "learned", "when": "told_phone", "reward": 0.5},
        {"id": "corrected", "when": "told_correction", "reward": 0.2},
        {"id": "done", "when": "wifi_off", "reward": 1.0, "end": "success"},
    ]
    env = MobileEnv(user_task(signals=signals, events=events))
    env.reset(seed=0)
    *_, info = env.step(act(ActionType.ASK_USER, text="What's the weather?"))
    assert info["events"] == [] and info["ask_user_response"] == REFUSAL
    _, reward, *_, info = env.step(act(ActionType.ASK_USER, text="What is Grace's phone number?"))
    assert info["events"] == ["asked"] and reward == pytest.approx(0.1)  # asked, not told
    _, reward, *_, info = env.step(act(ActionType.ASK_USER, text="Then Kevin's number?"))
    assert info["events"] == ["learned"] and reward == pytest.approx(0.5)
    _, reward, *_, info = env.step(act(ActionType.ASK_USER, text="Is the time right?"))
    assert info["events"] == ["corrected"] and reward == pytest.approx(0.2)
    _, reward, terminated, _, info = click(env, id="wifi_switch")
    assert info["success"] and terminated


def test_user_values_take_the_task_parameters() -> None:
    block = {
        "facts": [
            {"name": "code", "aliases": ["code"], "value": "{code}", "reply": "It is {code}."}
        ],
        "today": "{day}",
    }
    task = spec(
        parameters={"code": {"range": [1000, 9999]}, "day": {"choice": ["2025-10-16"]}},
        user=block,
    )
    env = MobileEnv(task)
    env.reset(seed=3)
    code = env.episode.values["code"]
    *_, info = env.step(act(ActionType.ASK_USER, text="Which code, and what day is it?"))
    assert info["ask_user_response"] == f"It is {code}. Today is 2025-10-16."


# the chat-model user ---------------------------------------------------------------------------
def test_the_llm_user_talks_over_the_openai_protocol() -> None:
    replies = [completion("Kevin's number is 15 551 234 567."), completion(REFUSAL)]
    with ScriptedLLM(replies) as server:
        env = MobileEnv(
            user_task(),
            user="llm",
            user_options={"model": "user-model", "base_url": server.base_url},
        )
        env.reset(seed=0)
        obs, *_ = env.step(act(ActionType.ASK_USER, text="What is Kevin's number?"))
        assert obs["ask_user_response"] == "Kevin's number is 15 551 234 567."
        obs, *_ = env.step(act(ActionType.ASK_USER, text="And his email?"))
        assert obs["ask_user_response"] == REFUSAL
    assert isinstance(env.episode.user, LLMUser)
    assert env.episode.agent.told == ["kevin_phone"]  # its value was said
    first, second = (request.body for request in server.requests)
    assert first["model"] == "user-model" and first["temperature"] == 0
    system = first["messages"][0]
    assert system["role"] == "system"
    for text in ("Turn off Wi-Fi.", "15551234567", "2025-10-16", CORRECTED, REFUSAL):
        assert text in system["content"]
    assert last_user_text(first) == "What is Kevin's number?"
    assert [m["role"] for m in second["messages"]] == ["system", "user", "assistant", "user"]
    assert second["messages"][2]["content"] == "Kevin's number is 15 551 234 567."


APPOINTMENT: dict[str, Any] = {
    "facts": [
        {"name": "day", "aliases": ["day", "date"], "value": "October 28"},
        {"name": "time", "aliases": ["time", "hour"], "value": "8"},
    ]
}


def test_the_llm_user_tells_a_value_said_as_a_whole_word_or_number() -> None:
    script = [completion("It's on October 28."), completion("From 8:00 to 9:00.")]
    with ScriptedLLM(script) as server:
        user = llm_user_factory(model="m", base_url=server.base_url)(
            knowledge(APPOINTMENT), "Put my appointment in the calendar."
        )
        user.reply("Which day is the appointment?")
        assert user.revealed == ["day"]  # the 8 of 28 is no hour
        user.reply("At what time?")
    assert user.revealed == ["day", "time"]


@pytest.mark.parametrize(
    ("value", "reply", "said"),
    [
        ("8", "It's on October 28.", False),
        ("8", "It's 2.8 km away.", False),
        ("8", "October 28, at 8 o'clock.", True),
        ("9", "From 9:00 to 10:00.", True),
        ("15551234567", "Kevin's number is 15 551 234 567.", True),
        ("2025-10-16", "Today is 2025-10-16.", True),
        ("beebeep", "I like beebeeps.", False),
        ("Documents", "Put it in the DOCUMENTS folder.", True),
        ("39", "鞋码是39号。", True),
        ("周日", "我们在周日去。", True),
        ("?!", "?!", False),
    ],
)
def test_said_in_matches_whole_words_and_numbers(value: str, reply: str, said: bool) -> None:
    assert said_in(value, reply) is said


def test_an_empty_reply_of_the_llm_user_is_an_outage() -> None:
    with ScriptedLLM([completion("  "), completion(None)]) as server:
        env = MobileEnv(
            user_task(), user="llm", user_options={"model": "m", "base_url": server.base_url}
        )
        env.reset(seed=0)
        for _ in range(2):
            with pytest.raises(LLMUnavailableError, match="empty reply"):
                env.step(act(ActionType.ASK_USER, text="What is Kevin's number?"))
    assert env.episode.user.history == [] and env.episode.agent.told == []


def test_the_llm_user_tells_the_correction_when_asked_about_it() -> None:
    with ScriptedLLM([completion("Oops: 11 to 12 on Oct 17.")]) as server:
        make = llm_user_factory(model="m", base_url=server.base_url)
        user = make(knowledge(CORRECTION), "Schedule lunch from 11 a.m. to 12 a.m. on Oct 16.")
        assert user.reply("Is the time right?") == "Oops: 11 to 12 on Oct 17."
    assert user.revealed == ["correction"]
    assert "Schedule lunch from 11 a.m. to 12 a.m. on Oct 16." in user.prompt


@pytest.mark.parametrize(
    ("kind", "options", "message"),
    [
        ("oracle", {}, "unknown user 'oracle'"),
        ("simulated", {"model": "m"}, "takes no options"),
        ("llm", {"temperature": 1}, "unknown option 'temperature'"),
        ("llm", {"model": "m", "base_url": "ftp://x"}, "http:// or https://"),
        ("llm", {"model": "m", "base_url": "http://x/v1", "timeout": "fast"}, "timeout must be"),
        ("llm", {"model": "m", "base_url": "http://x/v1", "max_retries": 0.5}, "max_retries must"),
    ],
)
def test_bad_user_choices(kind: str, options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_user_factory(kind, options)


def test_eval_takes_the_user(tmp_path: pathlib.Path) -> None:
    task = write_task(tmp_path, user=MISSING_FACT)
    out = tmp_path / "run"
    args = ["eval", "--task", str(task), "--agent", "oracle", "--out", str(out)]
    with ScriptedLLM([]) as server:
        llm = [
            "--user",
            "llm",
            "--user-option",
            "model=m",
            "--user-option",
            f"base_url={server.base_url}",
        ]
        result = subprocess.run(
            [sys.executable, "-m", "mobile_gym.cli", *args, *llm],
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert result.returncode == 0, result.stderr
    settings = json.loads((out / "results.json").read_text())["settings"]
    assert settings["user"] == "llm" and settings["user_options"]["model"] == "m"
    bad = subprocess.run(
        [sys.executable, "-m", "mobile_gym.cli", *args, "--user", "nobody"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert bad.returncode == 2 and "unknown user 'nobody'" in bad.stderr
    slow = ["--user", "llm", "--user-option", "model=m", "--user-option", "timeout=fast"]
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "mobile_gym.cli",
            *args,
            *slow,
            "--user-option",
            "base_url=http://x/v1",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.strip() == "error: timeout must be a finite number, got 'fast'"


# bad user blocks -------------------------------------------------------------------------------
FACT = {"name": "phone", "aliases": ["phone"], "value": "1"}


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"user": {"facts": [{"name": "phone", "value": "1"}]}}, "user.facts.0.aliases"),
        ({"user": {"facts": [{**FACT, "aliases": []}]}}, "user.facts.0.aliases"),
        ({"user": {"facts": [{**FACT, "aliases": ["?!"]}]}}, "user.facts.0.aliases.0"),
        ({"user": {"facts": [{**FACT, "name": "Phone No"}]}}, "user.facts.0.name"),
        ({"user": {"facts": [FACT, FACT]}}, "user.facts.1.name"),
        ({"user": {"preferences": [{**FACT, "name": "today"}]}}, "user.preferences.0.name"),
        ({"user": {"facts": [{**FACT, "colour": "red"}]}}, "user.facts.0.colour"),
        ({"user": {"today": "16/10/2025"}}, "user.today"),
        ({"user": {"correction": {"text": "x", "at_step": 0}}}, "user.correction.at_step"),
        ({"user": {"correction": {"aliases": ["time"]}}}, "user.correction.text"),
        ({"user": {"mood": "happy"}}, "user.mood"),
        ({"user": ["phone"]}, "user"),
        ({"signals": {**task_data()["signals"], "t": {"told": "phone"}}}, "signals.t.told"),
        (
            {"user": {"facts": [FACT]}, "signals": {**task_data()["signals"], "t": {"told": "x"}}},
            "signals.t.told",
        ),
    ],
)
def test_bad_user_blocks_name_the_field(overrides: dict[str, Any], field: str) -> None:
    with pytest.raises(TaskFileError) as caught:
        parse_task(task_data(**overrides), "bad.yaml")
    assert any(line.startswith(f"bad.yaml: {field}: ") for line in caught.value.problems), (
        caught.value.problems
    )


def test_a_user_template_naming_no_parameter_is_a_task_file_error() -> None:
    with pytest.raises(TaskFileError, match=r"user: unknown parameter \{nope\}"):
        spec(user={"facts": [{**FACT, "value": "{nope}"}]})  # refused when the file loads


def test_a_chinese_question_matches_an_alias_inside_it() -> None:
    user = SimulatedUser(
        knowledge(
            {
                "facts": [
                    {"name": "visit_day", "aliases": ["参观", "哪天"], "value": "周日"},
                    {"name": "size", "aliases": ["鞋码", "尺码"], "value": "39"},
                ]
            }
        )
    )
    assert "周日" in user.reply("你周一上班前哪天去参观？")
    assert "39" in user.reply("请问您穿多大的鞋码?")
    assert user.reply("今天天气怎么样？") == REFUSAL
    assert words("去参观 Kevin's") == ("去", "参", "观", "kevin")


def test_a_person_named_in_full_is_asked_for_by_first_name() -> None:
    reply = "Sam Smith's phone number is 16854269375."
    fact = {
        "name": "guest_phone",
        "aliases": ["Sam Smith's phone number", "Sam Smith's number", "Sam Smith"],
        "value": "16854269375",
        "reply": reply,
    }
    user = SimulatedUser(knowledge({"facts": [fact]}))
    assert user.reply("What's Sam's phone number?") == reply
    assert user.reply("What is Sam Smith's number?") == reply
    assert user.reply("What's Nina's phone number?") == REFUSAL  # someone else
    assert user.reply("What's Sam's email?") == REFUSAL  # another thing of Sam's


@pytest.mark.parametrize(
    "word",
    ["a" * 1_000_000, "7" * 1_000_000, "的" * 300_000, "_" * 1_000_000],
    ids=["letters", "digits", "chinese", "underscores"],
)
def test_a_question_of_one_huge_word_is_answered_at_once(word: str) -> None:
    """A possessive ``'s`` was looked for from every character of a word: a question of one
    word of a million letters took hours (a hundred thousand, minutes). Through the env,
    whose text actions hold at most 4,096 characters, it was about a tenth of a second."""
    user = SimulatedUser(knowledge(MISSING_FACT))
    assert within(20, lambda: user.reply(word)) == REFUSAL
    asked = word + " What is Kevin's number? " + word
    assert within(20, lambda: user.reply(asked)) == KEVIN
