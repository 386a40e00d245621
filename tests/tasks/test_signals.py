"""Signals, each read from the real simulated phone (SimDevice / Phone) through an episode."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from typing import Any

import pytest
from pydantic import ValidationError

from mobile_gym import actions
from mobile_gym.device.sim import SimDevice
from mobile_gym.env import MobileEnv
from mobile_gym.hierarchy import Node, parse
from mobile_gym.spaces import ActionType
from mobile_gym.tasks import schema
from mobile_gym.tasks.signals import _KINDS, AgentRecord, Observer, SignalProbe, similarity
from tests.tasks.tasktools import (
    CONTACTS,
    NETWORK,
    NOTES,
    REPEAT,
    SETTINGS,
    act,
    click,
    make_env,
    spec,
)

WIFI_SWITCH = f"{SETTINGS}:id/wifi_switch"


def watching(names: Any) -> list[dict[str, Any]]:
    """An event for each signal of ``names``, and ``done`` when Wi-Fi is off (every signal
    is used by an event)."""
    seen = [{"id": f"saw_{name}", "when": name} for name in names if name != "wifi_off"]
    return [*seen, {"id": "done", "when": "wifi_off", "reward": 1.0, "end": "success"}]


def env_with(signals: dict[str, Any], **overrides: Any) -> MobileEnv:
    """An env whose task has ``signals`` besides ``wifi_off`` (which ends it as success),
    each watched by an event."""
    env = make_env(
        signals={"wifi_off": {"setting": "global/wifi_on", "equals": "0"}, **signals},
        events=watching(signals),
        episode={"end_on_success": False},
        **overrides,
    )
    env.reset(seed=0)
    return env


def values(env: MobileEnv) -> dict[str, bool]:
    """Every signal but ``wifi_off``, read now (events read only the signals they use)."""
    assert env.episode is not None
    return {k: v for k, v in env.episode.board.update().items() if k != "wifi_off"}


def turn_wifi_off(env: MobileEnv) -> None:
    click(env, id="wifi_switch")
    assert env.device.get_setting("global", "wifi_on") == "0"


# ui: xpath ---------------------------------------------------------------------------------
def test_xpath_selects_nodes_and_follows_the_screen() -> None:
    env = env_with(
        {
            "wifi_checked": {"xpath": f"//node[@resource-id='{WIFI_SWITCH}' and @checked='true']"},
            "wifi_unchecked": {
                "xpath": f"//node[@resource-id='{WIFI_SWITCH}' and @checked='false']"
            },
            "nothing": {"xpath": "//node[@text='No such text']"},
        }
    )
    assert values(env) == {"wifi_checked": True, "wifi_unchecked": False, "nothing": False}
    turn_wifi_off(env)
    assert values(env) == {"wifi_checked": False, "wifi_unchecked": True, "nothing": False}


def test_xpath_count() -> None:
    switches = "//node[@class='android.widget.Switch']"
    env = env_with(
        {
            "three": {"xpath": switches, "count": 3},
            "two": {"xpath": switches, "count": 2},
            "zero_of_none": {"xpath": "//node[@text='No such text']", "count": 0},
            "checked_two": {"xpath": f"{switches}[@checked='true']", "count": 2},
        }
    )
    assert values(env) == {"three": True, "two": False, "zero_of_none": True, "checked_two": True}
    turn_wifi_off(env)
    assert values(env)["checked_two"] is False


def test_xpath_number_string_and_boolean_results() -> None:
    env = env_with(
        {
            "number": {"xpath": "count(//node[@text='Wi-Fi'])"},
            "number_count": {"xpath": "count(//node[@class='android.widget.Switch'])", "count": 3},
            "number_wrong": {"xpath": "count(//node[@class='android.widget.Switch'])", "count": 4},
            "zero": {"xpath": "count(//node[@text='No such text'])"},
            "string": {"xpath": "string(//node[@resource-id='" + WIFI_SWITCH + "']/@text)"},
            "empty_string": {"xpath": "string(//node[@text='No such text']/@text)"},
            "boolean": {"xpath": "boolean(//node[@text='Airplane mode'])"},
        }
    )
    assert values(env) == {
        "number": True,
        "number_count": True,
        "number_wrong": False,
        "zero": False,
        "string": True,
        "empty_string": False,
        "boolean": True,
    }


def test_xpath_re_test_runs_a_regex_on_an_attribute() -> None:
    on_text = "re:test(@text, '^Connected to \\w+$')"
    env = env_with(
        {
            "regex": {"xpath": f"//node[{on_text}]"},
            "regex_steps": {"xpath": f"//node/node[{on_text}]"},
            "regex_any": {"xpath": f"//*[{on_text}]"},  # outside the fast path: lxml
            "case": {"xpath": "//node[re:test(@text, '^connected TO', 'i')]"},
            "case_kept": {"xpath": "//node[re:test(@text, '^connected TO')]"},
            "repeat": {"xpath": "//node[re:test(@text, '^Wi-F{1,2}i$')]"},
            "count": {"xpath": "count(//node[re:test(@class, 'Switch$')])", "count": 3},
        }
    )
    assert env.episode is not None
    probes = env.episode.board.probes
    assert probes["regex"]._fast is not None and probes["regex_steps"]._fast is not None
    assert probes["regex_any"]._fast is None
    assert values(env) == {
        "regex": True,
        "regex_steps": True,
        "regex_any": True,
        "case": True,
        "case_kept": False,
        "repeat": True,
        "count": True,
    }
    turn_wifi_off(env)
    after = values(env)
    assert after["regex"] is after["regex_steps"] is after["regex_any"] is False


class _Screen:
    """A device showing one screen, given as uiautomator XML."""

    def __init__(self, xml: str) -> None:
        self.xml = xml

    def hierarchy_xml(self) -> str:
        return self.xml

    def nodes(self) -> tuple[Node, ...]:
        return parse(self.xml)


def _observer(text: str) -> Observer:
    xml = f'<hierarchy rotation="0"><node index="0" text="{text}" bounds="[0,0][10,10]" /></hierarchy>'
    return Observer(_Screen(xml), AgentRecord(), 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("path", ["//node", "/hierarchy/node"])  # fast path, lxml
def test_xpath_regex_too_slow_is_the_task_files_problem(path: str) -> None:
    probe = SignalProbe("slow", schema.XPathSignal(xpath=f"{path}[re:test(@text, '(a|aa)+$')]"))
    assert (probe._fast is not None) == (path == "//node")
    assert probe.evaluate(_observer("aaaa")) is True
    with pytest.raises(schema.TaskFileError, match=r"signals\.slow: regex .* took over"):
        probe.evaluate(_observer("a" * 60 + "!"))


def test_xpath_invalid_regex_names_the_signal() -> None:
    with pytest.raises(ValueError, match=r"signal 'bad': invalid regex '\(a'"):
        SignalProbe("bad", schema.XPathSignal(xpath="//node[re:test(@text, '(a')]"))
    with pytest.raises(schema.TaskFileError, match=r"signals\.bad: .*invalid regex '\['"):
        env_with({"bad": {"xpath": "//node[re:test(@text, '[')]"}})
    made = SignalProbe("made", schema.XPathSignal(xpath="//node[re:test(@text, concat('(', ''))]"))
    with pytest.raises(schema.TaskFileError, match=r"signals\.made: invalid regex '\('"):
        made.evaluate(_observer("a"))
    flags = "//node[re:test(@text, 'a', 'x')]"
    with pytest.raises(ValueError, match=r"signal 'flags': re:test flags 'x'"):
        SignalProbe("flags", schema.XPathSignal(xpath=flags))


# ui: screen text --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("signal", "expected"),
    [
        ({"screen_text": "Connected to AndroidWifi", "match": "exact"}, True),
        ({"screen_text": "  Connected to AndroidWifi ", "match": "exact"}, True),
        ({"screen_text": "Connected to", "match": "exact"}, False),
        ({"screen_text": "connected to androidwifi", "match": "exact"}, False),
        ({"screen_text": "androidWIFI"}, True),
        ({"screen_text": "Bluetooth"}, False),
        ({"screen_text": "signal full", "match": "contains"}, True),  # a content-desc
        ({"screen_text": r"^Connected to \w+$", "match": "regex"}, True),
        ({"screen_text": r"^to Android", "match": "regex"}, False),
        ({"screen_text": "Conected to android  wifi", "match": "fuzzy"}, True),
        ({"screen_text": "Connected to Bluetooth", "match": "fuzzy"}, False),
        ({"screen_text": "Connected to Bluetooth", "match": "fuzzy", "threshold": 0.5}, True),
    ],
)
def test_screen_text(signal: dict, expected: bool) -> None:
    assert values(env_with({"seen": signal})) == {"seen": expected}


@pytest.mark.parametrize(
    ("how", "threshold", "expected"),
    [
        # "Connected to AndroidWifi" seen as "Conected to Android Wifi": 23 of 24 and 24
        # characters in common, so 46 / 48 for rapidfuzz, and as much for difflib
        ("fuzzy", 46 / 48, True),
        ("fuzzy", 0.96, False),
        ("difflib", 46 / 48, True),
        ("difflib", 0.96, False),
    ],
)
def test_screen_text_similarity_at_the_threshold(
    how: str, threshold: float, expected: bool
) -> None:
    signal = {"screen_text": "Conected to Android Wifi", "match": how, "threshold": threshold}
    assert values(env_with({"seen": signal})) == {"seen": expected}


def test_screen_text_follows_the_screen() -> None:
    env = env_with(
        {
            "connected": {"screen_text": "Connected to AndroidWifi", "match": "exact"},
            "off": {"screen_text": "Wi-Fi is off", "match": "exact"},
        }
    )
    assert values(env) == {"connected": True, "off": False}
    turn_wifi_off(env)
    assert values(env) == {"connected": False, "off": True}


# logcat ------------------------------------------------------------------------------------
def test_logcat_counts_only_lines_written_during_the_episode() -> None:
    env = env_with(
        {
            # written while the task was set up (the Network page was started), not since
            "setup_line": {"logcat": "START u0 .*NetworkDashboardActivity"},
            "wifi_line": {"logcat": r"^Wi-Fi turned off$"},
        }
    )
    assert env.device.phone.logcat_lines()[0], "the setup wrote logcat lines"
    assert values(env) == {"setup_line": False, "wifi_line": False}
    env.step(REPEAT)
    assert values(env) == {"setup_line": False, "wifi_line": False}
    turn_wifi_off(env)
    assert values(env) == {"setup_line": False, "wifi_line": True}


def test_logcat_line_from_the_previous_episode_does_not_count() -> None:
    env = env_with({"wifi_line": {"logcat": "Wi-Fi turned off"}})
    turn_wifi_off(env)
    assert values(env) == {"wifi_line": True}
    env.reset(seed=0)
    assert values(env) == {"wifi_line": False}


def test_logcat_by_tag() -> None:
    env = env_with(
        {
            "right_tag": {"logcat": "Wi-Fi turned off", "tag": "SettingsActivity"},
            "wrong_tag": {"logcat": "Wi-Fi turned off", "tag": "SettingsProvider"},
            "provider": {"logcat": r"global wifi_on=0", "tag": "SettingsProvider"},
            "any_tag": {"logcat": r"wifi_on=0"},
        }
    )
    assert not any(values(env).values())
    turn_wifi_off(env)
    assert values(env) == {
        "right_tag": True,
        "wrong_tag": False,
        "provider": True,
        "any_tag": True,
    }


def test_logcat_match_stays_true() -> None:
    """A line that was written stays written, even when the state it reported changes back."""
    env = env_with({"off_logged": {"logcat": "Wi-Fi turned off"}})
    turn_wifi_off(env)
    click(env, id="wifi_switch")
    assert env.device.get_setting("global", "wifi_on") == "1"
    assert values(env) == {"off_logged": True}


# foreground --------------------------------------------------------------------------------
def test_foreground_app_and_activity() -> None:
    env = env_with(
        {
            "settings": {"foreground": SETTINGS},
            "network": {"foreground": SETTINGS, "activity": NETWORK},
            "main_page": {"foreground": SETTINGS, "activity": ".Settings"},
            "notes": {"foreground": NOTES},
        }
    )
    assert values(env) == {"settings": True, "network": True, "main_page": False, "notes": False}
    env.step(actions.press("BACK")[0])
    assert env.device.foreground()[0] != SETTINGS
    assert values(env) == {"settings": False, "network": False, "main_page": False, "notes": False}


# settings ----------------------------------------------------------------------------------
def test_setting_comparisons() -> None:
    brightness = "system/screen_brightness"
    env = env_with(
        {
            "equals": {"setting": brightness, "equals": "100"},
            "equals_other": {"setting": brightness, "equals": "101"},
            "not_equals_same": {"setting": brightness, "not_equals": "100"},
            "not_equals_other": {"setting": brightness, "not_equals": "5"},
            "at_least": {"setting": brightness, "at_least": 100},
            "at_least_above": {"setting": brightness, "at_least": 100.5},
            "at_most": {"setting": brightness, "at_most": 100},
            "at_most_below": {"setting": brightness, "at_most": 99},
            "between": {"setting": brightness, "at_least": 50, "at_most": 150},
            "outside": {"setting": brightness, "at_least": 150, "at_most": 200},
            "missing_equals": {"setting": "global/no_such_key", "equals": "1"},
            "missing_number": {"setting": "global/no_such_key", "at_least": 0},
            "text_number": {"setting": "global/device_name", "at_least": 0},
        },
        setup={
            "start": {"package": SETTINGS, "activity": NETWORK},
            "settings": [
                {"namespace": "system", "key": "screen_brightness", "value": 100},
                {"namespace": "global", "key": "device_name", "value": "Pixel"},
            ],
        },
    )
    assert values(env) == {
        "equals": True,
        "equals_other": False,
        "not_equals_same": False,
        "not_equals_other": True,
        "at_least": True,
        "at_least_above": False,
        "at_most": True,
        "at_most_below": False,
        "between": True,
        "outside": False,
        "missing_equals": False,
        "missing_number": False,
        "text_number": False,
    }


def test_setting_follows_the_device() -> None:
    env = env_with({"wifi_on": {"setting": "global/wifi_on", "not_equals": "0"}})
    assert values(env) == {"wifi_on": True}
    assert env.episode.board.values["wifi_off"] is False
    turn_wifi_off(env)
    assert values(env) == {"wifi_on": False}
    assert env.episode.board.values["wifi_off"] is True


def test_setup_writes_booleans_as_flags() -> None:
    env = env_with(
        {"airplane": {"setting": "global/airplane_mode_on", "equals": "1"}},
        setup={"settings": [{"namespace": "global", "key": "airplane_mode_on", "value": True}]},
    )
    assert values(env) == {"airplane": True}


# sql ---------------------------------------------------------------------------------------
NOTE_ROWS = {
    "package": NOTES,
    "database": "notes",
    "table": "notes",
    "clear": True,
    "rows": [
        {"title": "Alpha", "value": "one", "created": 1, "modified": 1},
        {"title": "Beta", "value": "two", "created": 2, "modified": 2},
    ],
}


def sql(query: str, expect: list, params: list | None = None) -> dict:
    return {
        "sql": query,
        "package": NOTES,
        "database": "notes",
        "params": params or [],
        "expect": expect,
    }


def test_sql_signal_compares_rows() -> None:
    env = env_with(
        {
            "titles": sql("SELECT title FROM notes ORDER BY title", [["Alpha"], ["Beta"]]),
            "wrong_order": sql(
                "SELECT title FROM notes ORDER BY title DESC", [["Alpha"], ["Beta"]]
            ),
            "count": sql("SELECT count(*) FROM notes", [[2]]),
            "with_params": sql("SELECT value FROM notes WHERE title = ?", [["two"]], ["Beta"]),
            "cte": sql("WITH t AS (SELECT title FROM notes) SELECT count(*) FROM t", [[2]]),
            "none": sql("SELECT title FROM notes WHERE title = 'Gamma'", []),
        },
        setup={"start": {"package": SETTINGS, "activity": NETWORK}, "database": [NOTE_ROWS]},
    )
    assert values(env) == {
        "titles": True,
        "wrong_order": False,
        "count": True,
        "with_params": True,
        "cte": True,
        "none": True,
    }


def test_sql_signal_follows_the_database() -> None:
    env = env_with(
        {"gamma": sql("SELECT count(*) FROM notes WHERE title = 'Gamma'", [[1]])},
        setup={"start": {"package": SETTINGS, "activity": NETWORK}, "database": [NOTE_ROWS]},
    )
    assert values(env) == {"gamma": False}
    env.device.phone.database(NOTES, "notes").execute(
        "INSERT INTO notes (title, created, modified) VALUES ('Gamma', 3, 3)"
    )
    env.step(REPEAT)
    assert values(env) == {"gamma": True}


def test_sql_signal_reads_an_attached_database() -> None:
    """A query over one app's database joins another's, attached under its name; the
    signal follows a change in either, and no app's connection is left changed."""
    contact = {"first_name": "Alpha", "last_name": "Zed", "phone": "+1 555-0100"}
    contacts = {"package": CONTACTS, "database": "contacts", "table": "contacts", "rows": [contact]}
    joined = "SELECT count(*) FROM notes WHERE title IN (SELECT first_name FROM people.contacts)"
    env = env_with(
        {
            "named": {
                **sql(joined, [[1]]),
                "attach": {"people": {"package": CONTACTS, "database": "contacts"}},
            },
            "unattached": sql("SELECT count(*) FROM notes WHERE title = 'Alpha'", [[1]]),
        },
        setup={
            "start": {"package": SETTINGS, "activity": NETWORK},
            "database": [NOTE_ROWS, contacts],
        },
    )
    assert values(env) == {"named": True, "unattached": True}
    phone = env.device.phone
    phone.database(CONTACTS, "contacts").execute("UPDATE contacts SET first_name = 'Gamma'")
    env.step(REPEAT)
    assert values(env) == {"named": False, "unattached": True}
    phone.database(CONTACTS, "contacts").execute("UPDATE contacts SET first_name = 'Beta'")
    env.step(REPEAT)
    assert values(env)["named"] is True  # Beta is a note's title too
    phone.database(NOTES, "notes").execute("DELETE FROM notes WHERE title = 'Beta'")
    env.step(REPEAT)
    assert values(env) == {"named": False, "unattached": True}
    for package, name in ((NOTES, "notes"), (CONTACTS, "contacts")):
        schemas = phone.database(package, name).execute("PRAGMA database_list").fetchall()
        assert [row[1] for row in schemas] == ["main"]


def test_an_attached_database_cannot_be_written_either() -> None:
    device = SimDevice()
    device.reset(1)
    attach = {"people": (CONTACTS, "contacts")}
    before = device.query(CONTACTS, "contacts", "SELECT count(*) FROM contacts", [])
    for statement in (
        "DELETE FROM people.contacts",
        "DETACH people",
        "SELECT 1; DELETE FROM people.contacts",
    ):
        with pytest.raises(sqlite3.DatabaseError, match=r"only reads|2 statements"):
            device.query(NOTES, "notes", statement, [], attach)
    assert device.query(CONTACTS, "contacts", "SELECT count(*) FROM contacts", []) == before
    with pytest.raises(ValueError, match="no database 'nothing'"):
        device.query(NOTES, "notes", "SELECT 1", [], {"x": (CONTACTS, "nothing")})


def test_sql_queries_cannot_write() -> None:
    """SQLite compiles a query under an authorizer that allows only reading, so a write that
    slips past the check of the task file is refused before it runs."""
    device = SimDevice()
    device.reset(1)
    before = device.query(NOTES, "notes", "SELECT count(*) FROM notes", [])
    assert before[0][0] > 0
    for statement in (
        "WITH t AS (SELECT 1) DELETE FROM notes",
        "WITH t AS (SELECT 1) UPDATE notes SET title = 'x'",
        "DELETE FROM notes",
    ):
        with pytest.raises(sqlite3.DatabaseError, match="only reads, but it would"):
            device.query(NOTES, "notes", statement, [])
    assert device.query(NOTES, "notes", "SELECT count(*) FROM notes", []) == before
    # the app itself can still write afterwards
    device.insert_rows(
        NOTES, "notes", "notes", [{"title": "x", "created": 0, "modified": 0}], False
    )
    assert device.query(NOTES, "notes", "SELECT count(*) FROM notes", [])[0][0] == before[0][0] + 1


# what the agent said -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("signal", "answer", "expected"),
    [
        ({"answer": "Paris"}, " Paris ", True),
        ({"answer": "Paris"}, "paris", False),
        ({"answer": "Paris", "match": "exact"}, "It is Paris", False),
        ({"answer": "paris", "match": "contains"}, "It is PARIS.", True),
        ({"answer": "Lyon", "match": "contains"}, "It is Paris.", False),
        ({"answer": r"^\s*Par", "match": "regex"}, "  Paris", True),
        ({"answer": r"^Lyon$", "match": "regex"}, "Lyon!", False),
        ({"answer": "Paris, France", "match": "fuzzy"}, "paris france", True),
        ({"answer": "Paris, France", "match": "fuzzy"}, "Lyon", False),
        ({"answer": "42", "match": "number"}, "It is 42 km.", True),
        ({"answer": "42", "match": "number"}, "It is 42.3 km.", False),
        ({"answer": "42", "match": "number", "tolerance": 0.5}, "It is 42.3 km.", True),
        ({"answer": "42", "match": "number", "tolerance": 0.5}, "It is 43 km.", False),
        ({"answer": "1042", "match": "number"}, "1,042 steps", True),
        ({"answer": "42", "match": "number"}, "1,042 steps", False),
        ({"answer": "-3.5", "match": "number"}, "minus: -3.5 degrees", True),
        ({"answer": "7", "match": "number"}, "seven", True),  # in words, where no digits
        ({"answer": "3", "match": "number"}, "Three items are done.", True),
        ({"answer": "3", "match": "number"}, "Three or four", False),  # candidates
        ({"answer": "3", "match": "number"}, "Four items are done.", False),
        ({"answer": "3", "match": "number"}, "One item, 3 in all", True),  # digits: words aside
        ({"answer": "92", "match": "number"}, "Ninety-two percent", True),
        ({"answer": "2", "match": "number"}, "ninety-two percent", False),  # not "two"
        ({"answer": "40", "match": "number"}, "forty", True),
        ({"answer": "4821", "match": "number"}, "4821 or 1284", False),  # candidates
        ({"answer": "4821", "match": "number"}, "It is 4821, I said 4821.", True),
        ({"answer": "3", "match": "number"}, "3 of the 5 items are done", False),
        # candidates or a range within the tolerance still state no one value
        ({"answer": "17", "match": "number", "tolerance": 3}, "15 or 19", False),
        ({"answer": "17", "match": "number", "tolerance": 3}, "Between 14 and 20", False),
        ({"answer": "17", "match": "number", "tolerance": 3}, "About 18 degrees", True),
        # an answer that names the right value to deny it does not match it, in any mode
        ({"answer": "8", "match": "number"}, "No, it is not 8.", False),
        ({"answer": "AAA", "match": "contains"}, "It isn't AAA.", False),
        ({"answer": "Paris"}, "Not Paris", False),
        ({"answer": "AAA", "match": "regex"}, "不是AAA", False),
        ({"answer": "5", "match": "number"}, "No. 5", True),  # a number, not a denial
        # a right answer that is itself a denial still matches
        ({"answer": "No", "match": "exact"}, "No", True),
        ({"answer": "Do not skip it", "match": "fuzzy"}, "don't skip it", True),
    ],
)
def test_answer(signal: dict, answer: str, expected: bool) -> None:
    env = env_with({"answered": signal})
    assert values(env) == {"answered": False}
    env.step(actions.answer(answer)[0])
    assert values(env) == {"answered": expected}


PATTERN_PARAMETERS = {
    "total": {"compute": "1063 / 10"},
    "club": {"choice": ["C++ club (Tue)"]},
}


@pytest.mark.parametrize(
    ("signal", "answer", "expected"),
    [
        ({"answer": "^{total}$", "match": "regex"}, "106.3", True),
        ({"answer": "^{total}$", "match": "regex"}, "10613", False),  # "." is no wildcard
        ({"answer": r"^(?i)\s*{club}\s*$", "match": "regex"}, " c++ CLUB (tue)", True),
        ({"answer": "^{club}$", "match": "regex"}, "C club Tue", False),
        ({"answer": "{total}", "match": "exact"}, "106.3", True),  # other matches unchanged
        ({"ask_user": "{club}"}, "Is it the C++ club (Tue)?", True),
        ({"ask_user": "{club}"}, "Is it the CC club Tue?", False),
    ],
)
def test_a_parameter_in_a_regex_stands_for_its_text(
    signal: dict, answer: str, expected: bool
) -> None:
    env = env_with({"said": signal}, parameters=PATTERN_PARAMETERS)
    said = actions.ask_user(answer) if "ask_user" in signal else actions.answer(answer)
    env.step(said[0])
    assert values(env) == {"said": expected}


def test_a_parameter_in_a_logcat_pattern_stands_for_its_text() -> None:
    env = env_with(
        {"logged": {"logcat": "^Result {total}$"}, "any": {"logcat": "^Result 10.13$"}},
        parameters=PATTERN_PARAMETERS,
    )
    env.device.phone.log("com.example", "Calc", "Result 10613")
    env.step(REPEAT)
    assert values(env) == {"logged": False, "any": True}  # a "." written in the file is a wildcard
    env.device.phone.log("com.example", "Calc", "Result 106.3")
    env.step(REPEAT)
    assert values(env) == {"logged": True, "any": True}


@pytest.mark.parametrize("how", ["fuzzy", "difflib"])
@pytest.mark.parametrize(
    ("answer", "threshold", "expected"),
    [
        ("Mount Evrest", 0.96, True),  # 12 of 13 letters kept: 2 * 12 / 25 = 0.96
        ("Mount Evrest", 0.97, False),
        ("  mount   EVEREST ", 1.0, True),  # the right answer, case and spacing aside
        ("Mount Everest.", 1.0, False),
        ("K2", 0.1, False),  # nothing in common
    ],
)
def test_answer_similarity_at_the_threshold(
    how: str, answer: str, threshold: float, expected: bool
) -> None:
    env = env_with({"answered": {"answer": "Mount Everest", "match": how, "threshold": threshold}})
    env.step(actions.answer(answer)[0])
    assert values(env) == {"answered": expected}


def test_fuzzy_scores_the_longest_common_subsequence_difflib_its_blocks() -> None:
    # two words swapped: 14 of 18 characters form a common subsequence, but difflib's
    # blocks (longest first) keep only 12
    assert similarity("make a plane paper", "Make a paper plane", "fuzzy") == pytest.approx(14 / 18)
    assert similarity("make a plane paper", "Make a paper plane", "difflib") == pytest.approx(
        12 / 18
    )
    env = env_with(
        {
            "fuzzy": {"answer": "Make a paper plane", "match": "fuzzy", "threshold": 0.75},
            "difflib": {"answer": "Make a paper plane", "match": "difflib", "threshold": 0.75},
        }
    )
    env.step(actions.answer("make a plane paper")[0])
    assert values(env) == {"fuzzy": True, "difflib": False}


def test_latest_answer_counts() -> None:
    env = env_with({"answered": {"answer": "Paris"}})
    env.step(actions.answer("Paris")[0])
    assert values(env) == {"answered": True}
    env.step(actions.answer("Lyon")[0])
    assert values(env) == {"answered": False}


@pytest.mark.parametrize("declared", ["complete", "infeasible"])
def test_status(declared: str) -> None:
    env = env_with({"complete": {"status": "complete"}, "infeasible": {"status": "infeasible"}})
    assert values(env) == {"complete": False, "infeasible": False}
    *_, terminated, _, info = env.step(actions.status(declared)[0])
    assert terminated and info["agent_status"] == declared
    assert values(env) == {
        "complete": declared == "complete",
        "infeasible": declared == "infeasible",
    }


def test_ask_user_with_a_regex() -> None:
    env = env_with(
        {
            "asked": {"ask_user": ".*"},
            "asked_number": {"ask_user": r"(?i)phone number"},
            "asked_email": {"ask_user": "email"},
        }
    )
    assert values(env) == {"asked": False, "asked_number": False, "asked_email": False}
    env.step(actions.ask_user("Which city?")[0])
    assert values(env) == {"asked": True, "asked_number": False, "asked_email": False}
    env.step(actions.ask_user("What is the Phone Number to use?")[0])
    assert values(env) == {"asked": True, "asked_number": True, "asked_email": False}


def test_mcp_call_with_arguments() -> None:
    env = env_with(
        {
            "searched": {"mcp_call": "amap_maps_text_search"},
            "cafe": {"mcp_call": "amap_maps_text_search", "arguments": {"keywords": "cafe"}},
            "cafe_3": {
                "mcp_call": "amap_maps_text_search",
                "arguments": {"keywords": "cafe", "limit": 3},
            },
            "tea": {"mcp_call": "amap_maps_text_search", "arguments": {"keywords": "tea"}},
            "limit_text": {"mcp_call": "amap_maps_text_search", "arguments": {"limit": "3"}},
            "other_tool": {
                "mcp_call": "stockstar_miotech_esg_rating",
                "arguments": {"keywords": "cafe"},
            },
        },
        tools=["amap", "stockstar"],
    )
    assert not any(values(env).values())
    env.step(
        actions.mcp_call("amap_maps_text_search", {"keywords": "cafe", "limit": 3, "near": "here"})[
            0
        ]
    )
    assert values(env) == {
        "searched": True,
        "cafe": True,
        "cafe_3": True,
        "tea": False,
        "limit_text": True,  # a number and its digits are one value
        "other_tool": False,
    }


def test_mcp_call_numbers_match_their_digits() -> None:
    env = env_with(
        {
            "thirty": {"mcp_call": "amap_maps_text_search", "arguments": {"limit": 30}},
            "thirty_text": {"mcp_call": "amap_maps_text_search", "arguments": {"limit": "30.0"}},
            "thirty_one": {"mcp_call": "amap_maps_text_search", "arguments": {"limit": "31"}},
            "true": {"mcp_call": "amap_maps_text_search", "arguments": {"limit": True}},
        },
        tools=["amap"],
    )
    env.step(actions.mcp_call("amap_maps_text_search", {"keywords": "cafe", "limit": "30"})[0])
    assert values(env) == {
        "thirty": True,
        "thirty_text": True,
        "thirty_one": False,
        "true": False,
    }


def test_mcp_call_arguments_matched_as_regex() -> None:
    env = env_with(
        {
            "words": {
                "mcp_call": "amap_maps_text_search",
                "match": "regex",
                "arguments": {"keywords": "(?i)^manner\\W+coffee"},
            },
            "case_kept": {
                "mcp_call": "amap_maps_text_search",
                "match": "regex",
                "arguments": {"keywords": "manner"},
            },
            "no_city_given": {
                "mcp_call": "amap_maps_text_search",
                "match": "regex",
                "arguments": {"city": "^(上海)?$"},
            },
            "other_city": {
                "mcp_call": "amap_maps_text_search",
                "match": "regex",
                "arguments": {"city": "北京"},
            },
        },
        tools=["amap"],
    )
    env.step(actions.mcp_call("amap_maps_text_search", {"keywords": "MANNER coffee"})[0])
    assert values(env) == {
        "words": True,
        "case_kept": False,
        "no_city_given": True,
        "other_city": False,
    }


def test_a_parameter_in_an_mcp_regex_argument_stands_for_its_text() -> None:
    signal = {
        "mcp_call": "amap_maps_text_search",
        "match": "regex",
        "arguments": {"keywords": "^{shop}$"},
    }
    for called, expected in (("C++ (club)", True), ("CCC club", False), ("C++ (club) x", False)):
        env = env_with(
            {"shop": signal}, parameters={"shop": {"choice": ["C++ (club)"]}}, tools=["amap"]
        )
        env.step(actions.mcp_call("amap_maps_text_search", {"keywords": called})[0])
        assert values(env) == {"shop": expected}, called


def test_mcp_call_regex_arguments_are_checked_at_load() -> None:
    with pytest.raises(ValidationError, match="match: regex needs a regex"):
        schema.McpSignal.model_validate(
            {"mcp_call": "amap_maps_weather", "match": "regex", "arguments": {"limit": 3}}
        )
    with pytest.raises(ValueError, match="invalid regex"):
        env_with(
            {
                "bad": {
                    "mcp_call": "amap_maps_weather",
                    "match": "regex",
                    "arguments": {"city": "(上海"},
                }
            },
            tools=["amap"],
        )


def test_a_failed_mcp_call_is_counted_but_satisfies_no_signal() -> None:
    env = env_with(
        {
            "weather": {"mcp_call": "amap_maps_weather"},
            "shanghai": {"mcp_call": "amap_maps_weather", "arguments": {"city": "Shanghai"}},
        },
        tools=["amap"],
    )
    _, _, _, _, info = env.step(actions.mcp_call("amap_maps_weather", {"city": "Shanghai"})[0])
    assert info["tool_call"]["is_error"]
    assert values(env) == {"weather": False, "shanghai": False}
    agent = env.episode.agent
    assert len(agent.tool_calls) == 1 and agent.failed_tool_calls == {0}
    env.step(actions.mcp_call("amap_maps_weather", {"city": "上海市"})[0])
    assert values(env) == {"weather": True, "shanghai": False}
    assert len(agent.tool_calls) == 2 and agent.failed_tool_calls == {0}


def test_an_mcp_call_of_a_task_without_tools_is_a_failed_call() -> None:
    env = env_with({})
    env.step(actions.mcp_call("amap_maps_weather", {"city": "上海市"})[0])
    agent = env.episode.agent
    assert agent.tool_calls == [("amap_maps_weather", {"city": "上海市"})]
    assert agent.failed_tool_calls == {0}


def test_a_failed_mcp_call_does_not_count_after_a_prerequisite() -> None:
    env = env_with({"weather": {"mcp_call": "amap_maps_weather"}}, tools=["amap"])
    probe = env.episode.board.probes["weather"]
    observer = env.episode.board.observer
    env.step(actions.mcp_call("amap_maps_weather", {"city": "上海市"})[0])
    mark = probe.occurrences(observer)
    env.step(actions.mcp_call("amap_maps_weather", {"city": "nowhere"})[0])
    assert probe.occurrences(observer) == 2
    assert not probe.value_since(observer, mark)
    assert probe.value_since(observer, 0)


def test_mcp_call_payload_parsing() -> None:
    env = env_with({"searched": {"mcp_call": "arXiv_get_recent_ai_papers"}}, tools=["arXiv"])
    payload = json.dumps({"tool": "arXiv_get_recent_ai_papers"})
    _, _, _, _, info = env.step(act(ActionType.MCP_CALL, text=payload))
    assert info["action_error"] is None
    assert values(env) == {"searched": True}


# re-evaluation only when the source changed -------------------------------------------------
def ui_env() -> MobileEnv:
    env = MobileEnv(
        spec(
            signals={
                "checked": {"xpath": f"//node[@resource-id='{WIFI_SWITCH}' and @checked='false']"}
            },
            events=[{"id": "done", "when": "checked", "end": "success"}],
        )
    )
    env.reset(seed=0)
    return env


def test_ui_signal_is_not_re_evaluated_while_the_screen_stays_the_same() -> None:
    env = ui_env()
    board = env.episode.board
    start = board.evaluations
    assert start == 1
    for _ in range(5):
        env.step(REPEAT)
    assert board.evaluations == start


def test_ui_signal_is_re_evaluated_after_a_ui_change() -> None:
    env = ui_env()
    board = env.episode.board
    start = board.evaluations
    *_, terminated, _, _ = click(env, id="wifi_switch")
    assert board.evaluations > start
    assert terminated and board.values == {"checked": True}


def test_each_source_is_read_only_when_it_changed() -> None:
    signals = {
        "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
        "answered": {"answer": "x"},
        "logged": {"logcat": "never written"},
        "notes": sql("SELECT count(*) FROM notes", [[0]]),
    }
    env = make_env(signals=signals, events=watching(signals))
    env.reset(seed=0)
    board = env.episode.board
    start = board.evaluations
    assert start == 4
    env.step(REPEAT)
    assert board.evaluations == start
    env.step(actions.answer("x")[0])  # only the agent's signal is read again
    assert board.evaluations == start + 1
    assert values(env)["answered"] is True


def test_device_without_change_counters_is_read_every_step() -> None:
    class Uncounted(SimDevice):
        def change_counters(self, sources: object = None) -> None:  # type: ignore[override]
            return None

    env = MobileEnv(spec(), device=Uncounted())
    env.reset(seed=0)
    board = env.episode.board
    start = board.evaluations
    env.step(REPEAT)
    env.step(REPEAT)
    assert board.evaluations == start + 2
    click(env, id="wifi_switch")
    assert board.values == {"wifi_off": True}


def test_only_the_sources_that_signals_read_are_looked_at(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Wi-Fi task reads a setting: its steps ask the phone for the settings' change
    counter alone, never read the databases' nor the log's, and still judge the switch."""
    env = make_env()
    env.reset(seed=0)
    assert env.episode is not None and env.episode.observer.sources == {"settings"}
    storage = type(env.device.phone.storage)  # type: ignore[attr-defined]
    version = storage.version
    reads: list[object] = []
    monkeypatch.setattr(
        storage, "version", property(lambda self: reads.append(self) or version.fget(self))
    )
    asked: list[object] = []
    change_counters = env.device.change_counters
    monkeypatch.setattr(
        env.device,
        "change_counters",
        lambda sources=None: asked.append(sources) or change_counters(sources),
    )
    env.step(REPEAT)
    click(env, id="wifi_switch")
    assert reads == [] and asked and all(sources == {"settings"} for sources in asked)
    assert env.episode.board.values == {"wifi_off": True} and env.success


def test_sim_change_counters_give_the_sources_asked_for() -> None:
    device = SimDevice()
    assert set(device.change_counters()) == {"ui", "settings", "db", "files", "logcat"}
    assert set(device.change_counters({"db", "logcat"})) == {"db", "logcat"}
    assert device.change_counters(frozenset()) == {}


def test_every_kind_of_signal_has_a_source_and_a_reader() -> None:
    kinds = {
        value
        for name, value in vars(schema).items()
        if name.endswith("Signal") and isinstance(value, type)
    }
    assert kinds == set(_KINDS)
    assert {source for source, _ in _KINDS.values()} == {
        "ui",
        "logcat",
        "settings",
        "db",
        "files",
        "agent",
    }


def test_a_number_parameter_filled_in_whole_reads_as_its_text() -> None:
    """``"{level}"`` keeps a number's type where a value may be a number; where a text is
    due (a setting compared, a phrase, a file's text, an activity) it reads as its text."""
    path = "/sdcard/Documents/level.txt"
    env = env_with(
        {
            "setting": {"setting": "system/screen_brightness", "equals": "{level}"},
            "file": {"file": path, "contains": "{level}"},
            "other": {"setting": "system/screen_brightness", "not_equals": "{level}"},
        },
        parameters={"level": {"range": [40, 200]}},
        setup={
            "settings": [{"namespace": "system", "key": "screen_brightness", "value": "{level}"}],
            "files": [{"path": path, "text": "{level}"}],
        },
    )
    assert values(env) == {"setting": True, "file": True, "other": False}


def test_an_expected_row_holds_values_a_database_can() -> None:
    signal = {"sql": "SELECT '2024-06-03'", "package": NOTES, "database": "notes"}
    for expect, problem in (
        ([[dt.date(2024, 6, 3)]], "valid string"),  # an unquoted YAML date
        ([[float("nan")]], "finite number"),
        ([[[1]]], "valid string"),
    ):
        with pytest.raises(schema.TaskFileError, match=problem) as caught:
            spec(signals={"q": {**signal, "expect": expect}})
        assert "signals.q.expect.0.0" in str(caught.value)
