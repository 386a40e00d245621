"""TextCommands: Mobile-Env style ``THINK: ... ACTION: TAP(3)`` replies as actions."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.commands import Command, CommandError
from mobile_gym.env import MobileEnv
from mobile_gym.spaces import UnicodeText
from mobile_gym.wrappers import StepCap
from mobile_gym.wrappers.elements import screen_elements
from mobile_gym.wrappers.text_commands import (
    CANONICAL,
    ParsedCommand,
    TextCommandError,
    TextCommands,
    parse_text_command,
    resolve_command,
)

WIFI = "MobileGym/settings.wifi_off-v0"


def parsed(text: str) -> str:
    return str(parse_text_command(text))


# the grammar ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("ACTION: TAP(3)", "TAP(3)"),
        ("ACTION: LONG_TAP(2)", "LONG_TAP(2)"),
        ("ACTION: DOUBLE_TAP(2)", "DOUBLE_TAP(2)"),
        ('ACTION: TYPE(1, "hello world")', 'TYPE(1, "hello world")'),
        ('ACTION: TYPE("no index")', 'TYPE("no index")'),
        ("ACTION: SCROLL(down)", "SCROLL(down)"),
        ("ACTION: SCROLL(4, up)", "SCROLL(4, up)"),
        ("ACTION: SWIPE(left)", "SWIPE(left)"),
        ("ACTION: SWIPE(0, right)", "SWIPE(0, right)"),
        ("ACTION: GOBACK", "GOBACK"),
        ("ACTION: HOME", "HOME"),
        ("ACTION: ENTER", "ENTER"),
        ("ACTION: WAIT", "WAIT"),
        ('ACTION: OPEN_APP("Settings")', 'OPEN_APP("Settings")'),
        ('ACTION: ANSWER("14")', 'ANSWER("14")'),
        ("ACTION: DONE", "DONE"),
        ("ACTION: INFEASIBLE", "INFEASIBLE"),
        ('ACTION: ASK_USER("Which contact?")', 'ASK_USER("Which contact?")'),
        (
            'ACTION: MCP(device_info, {"field": "android_version"})',
            'MCP(device_info, {"field": "android_version"})',
        ),
        ("ACTION: MCP(clock)", "MCP(clock, {})"),
    ],
)
def test_every_command_of_the_grammar(reply: str, expected: str) -> None:
    assert parsed(reply) == expected


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        # Mobile-Env's GPT-4 failure modes: blank lines, spaces in parentheses, lowercase
        ("THINK: Settings is element 4.\n\n\n\nACTION: TAP(4)", "TAP(4)"),
        ("THINK: tap it\n   \n\t\nACTION:TAP( 4 )", "TAP(4)"),
        ("think: tap it\naction: tap(4)", "TAP(4)"),
        ("Action: Tap ( 4 )", "TAP(4)"),
        ("ACTION:\n\nTAP(4)", "TAP(4)"),
        ("  ACTION :  TAP(4)  ", "TAP(4)"),
        # multi-line THINK with parentheses and words that look like commands
        ("THINK: First (1) I DONE nothing.\nThen TAP(9) maybe?\nACTION: TAP(2)", "TAP(2)"),
        # quotes: single, double, escaped, apostrophes
        ("ACTION: TYPE(2, 'single')", 'TYPE(2, "single")'),
        (r"ACTION: TYPE(2, 'it\'s')", """TYPE(2, "it's")"""),
        ("ACTION: TYPE(2, 'it's')", """TYPE(2, "it's")"""),
        (r'ACTION: TYPE(2, "say \"hi\"")', r'TYPE(2, "say \"hi\"")'),
        ('ACTION: TYPE(2, "a (b), c")', 'TYPE(2, "a (b), c")'),
        ('ACTION: TYPE("hello, world")', 'TYPE("hello, world")'),
        ("ACTION: ANSWER(It's 14, I think)", """ANSWER("It's 14, I think")"""),
        ("ACTION: ANSWER('Android 14')", 'ANSWER("Android 14")'),
        ('ACTION: TYPE(index=3, text="hi")', 'TYPE(3, "hi")'),
        ('ACTION: TYPE(text="hi", index=3)', 'TYPE(3, "hi")'),
        ('ACTION: TYPE("hi", 3)', 'TYPE(3, "hi")'),
        ("ACTION: TYPE(Hello, world)", 'TYPE("Hello, world")'),
        ("ACTION: TYPE(-5 degrees)", 'TYPE("-5 degrees")'),
        ("ACTION: MCP('device_info', {'field': 'x'})", 'MCP(device_info, {"field": "x"})'),
        # trailing punctuation and prose
        ("ACTION: TAP(3).", "TAP(3)"),
        ("ACTION: GOBACK.", "GOBACK"),
        ("ACTION: DONE!", "DONE"),
        ("ACTION: TAP(3) -- the Settings icon", "TAP(3)"),
        # names: case, underscores, spaces, aliases
        ("ACTION: long tap(2)", "LONG_TAP(2)"),
        ("ACTION: Long-Tap(2)", "LONG_TAP(2)"),
        ("ACTION: LONGTAP(2)", "LONG_TAP(2)"),
        ("ACTION: CLICK(2)", "TAP(2)"),
        ('ACTION: INPUT(1, "x")', 'TYPE(1, "x")'),
        ("ACTION: go back", "GOBACK"),
        ("ACTION: BACK", "GOBACK"),
        ("ACTION: scroll_down", "SCROLL(down)"),
        ("ACTION: SCROLL DOWN", "SCROLL(down)"),
        ("ACTION: SCROLL(up, 3)", "SCROLL(3, up)"),
        ("ACTION: SCROLL('Down')", "SCROLL(down)"),
        ("ACTION: ask user('why?')", 'ASK_USER("why?")'),
        # arguments without parentheses, brackets, hashes
        ("ACTION: TAP 3", "TAP(3)"),
        ("ACTION: SCROLL down", "SCROLL(down)"),
        ("ACTION: TAP([3])", "TAP(3)"),
        ("ACTION: TAP(#3)", "TAP(3)"),
        ("ACTION: TAP(element 3)", "TAP(3)"),
        # Markdown: fences, bold, inline code, bullets, quotes
        ("```\nTHINK: x\nACTION: TAP(1)\n```", "TAP(1)"),
        ("```text\nACTION: TAP(1)\n```", "TAP(1)"),
        ("**THINK:** x\n**ACTION:** `TAP(7)`", "TAP(7)"),
        ("**Action**: TAP(7)", "TAP(7)"),
        ("- ACTION: TAP(7)", "TAP(7)"),
        ('ACTION: "TAP(7)"', "TAP(7)"),
        ("```TAP(7)```", "TAP(7)"),
        # three backticks inside quoted text are text, not a fence
        ('ACTION: TYPE(3, "wrap it in ``` fences")', 'TYPE(3, "wrap it in ``` fences")'),
        ('ACTION: ANSWER("```")', 'ANSWER("```")'),
        # the action line anywhere
        ("ACTION: TAP(1)\nTHINK: because it is Settings; my next action: scroll", "TAP(1)"),
        ("THINK: I will tap Settings. ACTION: TAP(5)", "TAP(5)"),
        ("Some preamble.\n\nACTION: HOME\n\nSome closing words.", "HOME"),
        # a reply that is nothing but a command
        ("TAP(3)", "TAP(3)"),
        ("tap(3)!", "TAP(3)"),
        ("DONE", "DONE"),
        ("scroll_down", "SCROLL(down)"),
        # strings spanning lines
        ('ACTION: TYPE(1, "two\nlines")', 'TYPE(1, "two\\nlines")'),
        (r'ACTION: TYPE(1, "tab\there")', 'TYPE(1, "tab\\there")'),
    ],
)
def test_tolerant_reading(reply: str, expected: str) -> None:
    assert parsed(reply) == expected


def test_several_action_lines_the_last_counts() -> None:
    reply = "THINK: first idea\nACTION: TAP(1)\nTHINK: no, better\nACTION: TAP(2)"
    assert parsed(reply) == "TAP(2)"
    # markers at line starts win over a marker inside a sentence
    assert parsed("ACTION: TAP(1)\nTHINK: the next action: TAP(9)") == "TAP(1)"


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        ("", "empty"),
        ("   \n\n ", "empty"),
        ("THINK: I am not sure yet", 'no "ACTION:" line'),
        ("Sure, I'll tap Settings: TAP(3)", "not a command"),
        ("Done. I have finished the task", "not a command"),
        ("Type something here", "not followed by"),
        ("ACTION:", "no command after ACTION"),
        ("ACTION: 42", "expected a command name"),
        ("ACTION: FLY(3)", "unknown command 'FLY'"),
        ("ACTION: TAP()", r"TAP needs an element number, e.g. TAP\(3\)"),
        ("ACTION: TAP", "TAP needs an element number"),
        ("ACTION: TAP(Settings)", "TAP needs an element number"),
        ("ACTION: TAP(-1)", "element numbers start at 0"),
        ("ACTION: TAP(3", r"has no closing '\)'"),
        ("ACTION: SCROLL(sideways)", "SCROLL needs a direction"),
        ("ACTION: SCROLL(1, 2)", "SCROLL needs a direction"),
        ("ACTION: SWIPE()", "SWIPE needs a direction"),
        ('ACTION: TYPE(1, "")', "TYPE needs text"),
        # a first argument written as a number is an element number, never typed text
        ('ACTION: TYPE(-1, "Shopping")', "TYPE: element numbers start at 0, got -1"),
        ('ACTION: TYPE(3.0, "Shopping")', "TYPE needs an element number"),
        ('ACTION: TYPE(1234567890, "Shopping")', "TYPE needs an element number"),
        ("ACTION: ANSWER()", "ANSWER needs text"),
        ("ACTION: ASK_USER('')", "ASK_USER needs text"),
        ("ACTION: MCP()", "MCP needs a tool name"),
        ("ACTION: MCP(tool, not json)", "MCP arguments must be a JSON object"),
        ("ACTION: MCP(tool, [1, 2])", "MCP arguments must be a JSON object"),
    ],
)
def test_what_is_wrong_is_said(reply: str, message: str) -> None:
    with pytest.raises(TextCommandError, match=message):
        parse_text_command(reply)


def test_non_text_is_refused_by_the_parser() -> None:
    with pytest.raises(TextCommandError, match="must be text"):
        parse_text_command(3)  # type: ignore[arg-type]


def test_the_parser_is_pure() -> None:
    reply = 'THINK: x\nACTION: TYPE(1, "a")'
    assert parse_text_command(reply) == parse_text_command(reply)
    assert parse_text_command(reply) == ParsedCommand("TYPE", index=1, text="a")


commands = st.one_of(
    st.builds(
        ParsedCommand,
        name=st.sampled_from(["TAP", "LONG_TAP", "DOUBLE_TAP"]),
        index=st.integers(0, 10**6),
    ),
    st.builds(
        ParsedCommand,
        name=st.just("TYPE"),
        index=st.none() | st.integers(0, 99),
        text=st.text(st.characters(blacklist_characters="`"), min_size=1),
    ),
    st.builds(
        ParsedCommand,
        name=st.sampled_from(["SCROLL", "SWIPE"]),
        index=st.none() | st.integers(0, 99),
        direction=st.sampled_from(["up", "down", "left", "right"]),
    ),
    st.builds(
        ParsedCommand,
        name=st.sampled_from(["ANSWER", "ASK_USER", "OPEN_APP"]),
        text=st.text(st.characters(blacklist_characters="`"), min_size=1),
    ),
    st.builds(
        ParsedCommand,
        name=st.sampled_from(["GOBACK", "HOME", "ENTER", "WAIT", "DONE", "INFEASIBLE"]),
    ),
    st.builds(
        ParsedCommand,
        name=st.just("MCP"),
        tool=st.from_regex(r"[a-z][a-z0-9_]{0,15}", fullmatch=True),
        arguments=st.dictionaries(
            st.text(max_size=8), st.none() | st.booleans() | st.integers() | st.text(max_size=8)
        ),
    ),
)


@settings(max_examples=300, deadline=None)
@given(command=commands, think=st.text(st.characters(blacklist_characters="`")))
def test_canonical_form_reads_back(command: ParsedCommand, think: str) -> None:
    """What ``str`` writes, the parser reads back, whatever the THINK text before it."""
    think = think.replace("\r", " ").replace("\x0b", " ").replace("\x0c", " ")
    assert parse_text_command(f"{command}") == command
    if "action" not in think.lower():
        assert parse_text_command(f"THINK: {think}\nACTION: {command}") == command


@settings(max_examples=400, deadline=None)
@given(st.text() | st.builds(lambda a, b: f"{a}ACTION: {b}", st.text(), st.text()))
def test_the_parser_reads_or_explains_never_crashes(reply: str) -> None:
    try:
        command = parse_text_command(reply)
    except TextCommandError as exc:
        assert str(exc)
    else:
        assert command.name in CANONICAL


# resolving element numbers ------------------------------------------------------------------
def test_element_numbers_are_resolved_on_the_screen() -> None:
    env = MobileEnv("settings.wifi_off")
    env.reset(seed=0)
    elements = screen_elements(env.device.hierarchy_xml())
    command = resolve_command(ParsedCommand("TAP", index=1), elements, env.device.size)
    assert command == Command("click", *elements[1].centre(env.device.size))
    with pytest.raises(CommandError, match=rf"element 99 does not exist.*0\.\.{len(elements) - 1}"):
        resolve_command(ParsedCommand("TAP", index=99), elements, env.device.size)
    with pytest.raises(CommandError, match="elements are none"):
        resolve_command(ParsedCommand("TAP", index=0), [], env.device.size)


def test_swipe_goes_through_the_screen_centre_or_the_element() -> None:
    size = (1080, 2400)
    up = resolve_command(ParsedCommand("SWIPE", direction="up"), [], size)
    assert (up.x, up.y, up.x2, up.y2) == (0.5, 0.75, 0.5, 0.25)
    assert resolve_command(ParsedCommand("GOBACK"), [], size) == Command("key", key="BACK")
    assert resolve_command(ParsedCommand("DONE"), [], size) == Command("status", text="complete")


# the wrapper --------------------------------------------------------------------------------
def make(task: str = WIFI, cap: int | None = None) -> gym.Env:
    env: gym.Env = TextCommands(gym.make(task, max_steps="none"))
    return StepCap(env, cap) if cap is not None else env


def number(info: dict[str, Any], label: str) -> int:
    """The number of the first element whose label starts with ``label``: what an agent
    reading the numbered list of the screen would pick."""
    for element in screen_elements(info["view_hierarchy"].xml):
        if element.label.casefold().startswith(label.casefold()):
            return element.index  # type: ignore[return-value]
    raise AssertionError(f"no element {label!r} on screen")


def test_spaces_are_stated() -> None:
    env = make()
    assert env.action_space == UnicodeText(16384)
    assert env.observation_space == env.unwrapped.observation_space
    assert "Action Space" in TextCommands.__doc__ and "Observation Space" in TextCommands.__doc__


def test_wifi_off_in_exactly_min_steps() -> None:
    inner = make()
    min_steps = inner.unwrapped.task.min_steps
    env = StepCap(inner, min_steps)
    _, info = env.reset(seed=0)
    assert info["invalid_action"] is False
    replies = [
        lambda info: "THINK: Open the app drawer.\n\nACTION: SWIPE(up)",
        lambda info: f"THINK: Settings is listed.\nACTION: TAP({number(info, 'Settings')})",
        lambda info: (
            f"```\nTHINK: Wi-Fi lives here\n\nACTION: tap( {number(info, 'Network')} )\n```"
        ),
        lambda info: f"action: TAP({number(info, 'Wi-Fi')}).",
    ]
    for step, reply in enumerate(replies, 1):
        _, _, terminated, truncated, info = env.step(reply(info))
        assert info["action_error"] is None, info["action_error"]
        assert info["invalid_action"] is False
        assert info["agent_steps"] == step
        assert terminated == (step == len(replies)) and not truncated
    assert len(replies) == min_steps and info["success"] is True
    assert env.unwrapped.device.get_setting("global", "wifi_on") == "0"


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        ("I think I should tap the settings icon", "invalid action: "),
        ("ACTION: TAP(99)", "element 99 does not exist"),
        ("ACTION: FLY(1)", "unknown command"),
        ("ACTION: OPEN_APP('   ')", "open_app needs an app name"),
        ("ACTION: ANSWER('   ')", "answer needs text (not only spaces)"),
        ("ACTION: ASK_USER(' ')", "ask_user needs text (not only spaces)"),
    ],
)
def test_an_invalid_reply_moves_nothing_and_says_why(reply: str, message: str) -> None:
    env = make(cap=3)
    env.reset(seed=0)
    before = env.unwrapped.device.hierarchy_xml()
    _, reward, terminated, truncated, info = env.step(reply)
    assert env.unwrapped.device.hierarchy_xml() == before
    assert info["invalid_action"] is True and info["parsed_action"] is None
    assert message in info["action_error"]
    assert "ACTION: <command>" in info["action_error"] and "TAP(i)" in info["action_error"]
    assert reward == 0.0 and not terminated and not truncated
    assert info["agent_steps"] == 1  # it counts as an action


@pytest.mark.parametrize("action", [None, 3, b"TAP(1)", {"verb": "tap"}, ["TAP(1)"]])
def test_non_text_actions_are_invalid_not_fatal(action: Any) -> None:
    env = make()
    env.reset(seed=0)
    *_, info = env.step(action)
    assert info["invalid_action"] is True and "must be text" in info["action_error"]


def test_a_step_cap_inside_is_refused() -> None:
    with pytest.raises(ValueError, match="StepCap outermost"):
        TextCommands(gym.make(WIFI))


@pytest.mark.parametrize("max_length", [0, 2.5, True, "100", None])
def test_max_length_is_checked(max_length: Any) -> None:
    with pytest.raises(ValueError, match="max_length must be a positive integer, got "):
        TextCommands(gym.make(WIFI, max_steps="none"), max_length=max_length)
    with pytest.raises(ValueError, match="max_length must be a positive integer, got "):
        gym.make(WIFI, action_space="text", action_options={"max_length": max_length})


def test_type_goes_into_the_element() -> None:
    env = make()
    _, info = env.reset(seed=0)
    *_, info = env.step("ACTION: SWIPE(up)")
    *_, info = env.step(f'ACTION: TYPE({number(info, "Search apps")}, "Sett")')
    assert info["action_error"] is None and info["parsed_action"] == 'TYPE(0, "Sett")'
    boxes = [e for e in screen_elements(info["view_hierarchy"].xml) if e.editable]
    assert boxes[0].text == "Sett"


def test_keys_and_gestures_move_the_phone() -> None:
    env = make()
    _, info = env.reset(seed=0)
    *_, info = env.step("ACTION: SWIPE(up)")
    *_, info = env.step(f"ACTION: SCROLL({number(info, 'apps_list_view')}, down)")
    assert info["action_error"] is None and info["invalid_action"] is False
    *_, info = env.step(f"ACTION: TAP({number(info, 'Settings')})")
    assert info["foreground"] == "com.android.settings"
    *_, info = env.step("ACTION: HOME")
    assert info["foreground"] != "com.android.settings"
    *_, info = env.step("ACTION: OPEN_APP('Settings')")
    assert info["foreground"] == "com.android.settings" and info["action_error"] is None
    *_, info = env.step("ACTION: GOBACK")
    assert info["foreground"] != "com.android.settings"
    *_, info = env.step("ACTION: LONG_TAP(0)")
    assert info["invalid_action"] is False


# answers, status, the user and tools ----------------------------------------------------------
REPORT = "MobileGym/settings.report_version-v0"


def test_answer_is_judged() -> None:
    env = make(REPORT)
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step("THINK: I know it.\nACTION: ANSWER('Android 14')")
    assert info["success"] is True and terminated and reward == pytest.approx(1.0)


def test_a_wrong_answer_is_not_success() -> None:
    env = make(REPORT)
    env.reset(seed=0)
    *_, info = env.step('ACTION: ANSWER("Android 13")')
    assert info["success"] is False


@pytest.mark.parametrize(("reply", "status"), [("DONE", "complete"), ("INFEASIBLE", "infeasible")])
def test_done_and_infeasible_declare_a_status(reply: str, status: str) -> None:
    env = make()
    env.reset(seed=0)
    _, _, terminated, _, info = env.step(f"ACTION: {reply}")
    assert info["agent_status"] == status and terminated
    assert info["success"] is False  # declaring it does not make it so
    assert info["early_stop"]  # either stops before the goal (an FN in MobileAgentBench)


def test_ask_user_gets_a_reply() -> None:
    env = make(REPORT)
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step('ACTION: ASK_USER("What version is it?")')
    assert isinstance(info["user_reply"], str) and info["user_reply"]
    assert "asked_instead_of_looking" in info["events"] and reward == pytest.approx(-0.1)
    assert not terminated


def test_mcp_calls_a_tool() -> None:
    env = make("MobileGym/mcp.esg_rating_answer-v0")
    env.reset(seed=0)
    _, reward, _, _, info = env.step(
        'THINK: ask the tool\nACTION: MCP(stockstar_miotech_esg_rating, {"security_code": "600900"})'
    )
    assert '"esg_rate": "AAA"' in info["tool_result"] and info["events"] == ["asked_stockstar"]
    assert reward == pytest.approx(0.2)
    assert info["parsed_action"] == 'MCP(stockstar_miotech_esg_rating, {"security_code": "600900"})'


def test_a_tool_the_task_does_not_offer_is_only_refused() -> None:
    env = make(REPORT)
    env.reset(seed=0)
    _, reward, _, _, info = env.step('ACTION: MCP(device_info, {"field": "android_version"})')
    assert "not available" in info["tool_result"] and info["events"] == [] and reward == 0


# arbitrary text at the wrapper ------------------------------------------------------------------
_ENV: list[gym.Env] = []


def shared_env() -> gym.Env:
    if not _ENV:
        _ENV.append(make())
    return _ENV[0]


replies = st.one_of(
    st.text(max_size=200),
    st.builds(
        lambda think, name, args, tail: f"THINK: {think}\nACTION: {name}({args}){tail}",
        st.text(max_size=30),
        st.sampled_from(
            [*CANONICAL, "tap", "Long Tap", "scroll_down", "click", "type", "mcp", "ask user"]
        ),
        st.text(max_size=30) | st.integers(-5, 200).map(str),
        st.text(max_size=10),
    ),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(reply=replies)
def test_arbitrary_text_never_crashes_nor_fakes_success(reply: str) -> None:
    env = shared_env()
    env.reset(seed=0)
    phone = env.unwrapped.device
    before = phone.hierarchy_xml()
    observation, reward, terminated, truncated, info = env.step(reply)
    assert env.observation_space.contains(observation)
    assert isinstance(reward, float) and np.isfinite(reward)
    assert isinstance(terminated, bool) and isinstance(truncated, bool)
    assert isinstance(info["invalid_action"], bool)
    if info["success"]:
        assert phone.get_setting("global", "wifi_on") == "0"
    if info["invalid_action"]:
        assert info["action_error"] and phone.hierarchy_xml() == before
        assert info["agent_status"] is None and not terminated
