"""Bad input is handled as Android would, or refused with a ValueError naming the problem;
the phone is never left broken."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mobile_gym.hierarchy import readable
from mobile_gym.sim import Display, Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.ui.widgets import DEFAULT_MAX_LENGTH
from tests.sim.conftest import open_app, open_drawer
from tests.sim.sample_app import SampleApp, events


def _still_works(phone: Phone) -> None:
    """HOME, open the drawer and see the apps: the phone is in a sane state."""
    driver = Driver(phone)
    driver.key("HOME")
    open_drawer(driver)
    assert driver.exists(text="Settings") or driver.exists(text="Sample")


@pytest.mark.parametrize(
    ("x", "y", "message"),
    [
        (math.nan, 10, "finite"),
        (10, math.inf, "finite"),
        ("10", 10, "number"),
        (None, 10, "number"),
        (True, 10, "number"),
    ],
)
def test_invalid_touch_coordinates_raise_and_change_nothing(phone: Phone, x, y, message) -> None:
    before = (phone.hierarchy_xml(), phone.clock.now)
    with pytest.raises(ValueError, match=message):
        phone.touch(x, y)
    assert (phone.hierarchy_xml(), phone.clock.now) == before
    _still_works(phone)


def test_nan_in_the_middle_of_a_gesture_leaves_the_gesture_intact(sample: Phone) -> None:
    open_app(Driver(sample), "Sample")
    row = Driver(sample).find(text="Row 1").bounds.center
    sample.touch(*row)
    with pytest.raises(ValueError):
        sample.touch(math.nan, row[1])
    sample.touch(*row)
    sample.lift()
    assert events(sample) == ["click 1"]


def test_touches_off_screen_are_clipped_to_the_edge(sample: Phone) -> None:
    open_app(Driver(sample), "Sample")
    row = Driver(sample).find(text="Row 1").bounds
    sample.send_all(ev.tap(-500, row.center[1]))  # clipped to x = 0, still on the row
    assert events(sample) == ["click 1"]
    sample.send_all(ev.tap(1e9, 1e9))  # bottom-right corner: the Overview button
    assert sample.foreground[1] == "com.android.quickstep.RecentsActivity"
    np_coords = (np.float32(540.0), np.int64(1200))
    sample.send_all(ev.tap(*np_coords))  # numpy scalars are numbers too


@pytest.mark.parametrize("key", ["BAKC", "KEYCODE_NOPE", "", 9999, -1, 3.5, None, True])
def test_unknown_keys_raise_naming_the_key(phone: Phone, key) -> None:
    with pytest.raises(ValueError, match="key"):
        phone.key(key)
    _still_works(phone)


@pytest.mark.parametrize("key", ["back", "KEYCODE_BACK", 4, "4", " Back "])
def test_key_names_codes_and_prefixes_are_accepted(phone: Phone, key) -> None:
    open_app(Driver(phone), "Settings")
    phone.key(key)
    assert phone.foreground[0] == "com.android.launcher3"


def test_keys_that_do_nothing_on_a_phone_do_nothing(phone: Phone) -> None:
    before = phone.hierarchy_xml()
    for key in ("VOLUME_UP", "DPAD_LEFT", "MENU", "A", "ENTER", "DEL", "POWER"):
        phone.key(key)
    assert phone.hierarchy_xml() == before


@pytest.mark.parametrize(
    "text",
    [
        "😀👍🏽 family 👨‍👩‍👧",
        "你好，世界",
        "مرحبا بالعالم",
        "שלום",
        "Ünïcödé ñ ß",
        "tab\tand\x07bell",
        "&<>\"'",
    ],
)
def test_any_unicode_is_typed_stored_dumped_and_drawn(sample: Phone, text: str) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(desc="Form")
    driver.type_into(text, id="name")
    # what is not printable goes, but the joiners of emoji sequences and scripts stay
    expected = "".join(c for c in text if c.isprintable() or c == "\u200d")[:40]
    assert sample.tasks[SampleApp.package][-1].state["field:name"] == expected
    assert driver.find(id="name").text == expected  # the XML round-trips it exactly
    assert sample.screenshot().shape == (2400, 1080, 3)


@pytest.mark.parametrize(
    "text",
    [
        "👩\u200d💻",  # ZWJ: one emoji, a technologist
        "می\u200cخواهم",  # ZWNJ: a Persian word's letters kept apart
        "❤\ufe0f ✌\ufe0e",  # variation selectors: emoji and text presentation
        "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # tags: Scotland
    ],
)
def test_joiners_selectors_and_tags_stay_in_typed_text(sample: Phone, text: str) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(desc="Form")
    driver.type_into(text, id="name")
    assert driver.find(id="name").text == text


@pytest.mark.parametrize(
    "last",
    [
        "🇫🇷",  # a flag: two regional indicators
        "👍🏽",  # an emoji with its skin tone
        "👨\u200d👩\u200d👧",  # a family: emoji joined by ZWJs
        "❤\ufe0f",  # an emoji with its variation selector
        "e\u0301",  # a letter with a combining accent
        "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",  # England
    ],
)
def test_delete_takes_the_last_character_as_the_user_sees_it(sample: Phone, last: str) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(desc="Form")
    driver.type_into("ok🇩🇪" + last, id="name")
    sample.key("DEL")
    assert driver.find(id="name").text == "ok🇩🇪"
    sample.key("DEL")
    assert driver.find(id="name").text == "ok"


def test_empty_text_is_a_no_op_and_text_without_focus_is_refused(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    assert sample.text("typed into nothing") is False
    driver.tap(desc="Form")
    driver.tap(id="name")
    before = sample.hierarchy_xml()
    assert sample.text("") is True
    assert sample.hierarchy_xml() == before
    with pytest.raises(ValueError, match="str"):
        sample.text(b"bytes")  # type: ignore[arg-type]


def test_huge_text_is_truncated_at_the_field_limit(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(desc="Form")
    driver.type_into("x" * 100_000, id="name")
    assert driver.find(id="name").text == "x" * 40
    driver.type_into("y" * 100_000, id="notes")
    assert len(sample.tasks[SampleApp.package][-1].state["field:notes"]) == DEFAULT_MAX_LENGTH
    sample.screenshot()


def test_input_types_filter_what_can_be_typed(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(desc="Form")
    driver.type_into("4two2", id="age")
    assert driver.find(id="age").text == "42"
    driver.type_into("hunter2", id="secret")
    node = driver.find(id="secret")
    assert node.text == "•" * 7 and node.password
    driver.type_into("one\ntwo", id="name")
    assert driver.find(id="name").text == "one two"


def test_a_number_field_takes_only_ascii_digits(sample: Phone) -> None:
    """Android's number keyboard types 0-9: no superscripts, circled or other-script digits
    (which Python's ``isdigit`` accepts and ``int`` may not)."""
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(desc="Form")
    driver.type_into("4²③٣\uff112", id="age")
    assert driver.find(id="age").text == "42"


def test_disabled_controls_ignore_taps(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(desc="Form")
    assert not driver.find(id="submit").enabled
    driver.tap(id="submit")
    assert events(sample) == []
    driver.type_into("Ada", id="name")
    driver.key("BACK")  # hide the keyboard
    driver.tap(id="submit")
    assert events(sample) == ["submit Ada"]


def test_other_bad_arguments_name_the_problem(phone: Phone) -> None:
    with pytest.raises(ValueError, match="scale"):
        phone.screenshot(scale=0)
    with pytest.raises(ValueError, match="scale"):
        phone.screenshot(scale=2.0)
    with pytest.raises(ValueError, match="wait"):
        phone.wait(-5)
    with pytest.raises(ValueError, match="namespace"):
        phone.settings.get("local", "x")
    with pytest.raises(ValueError, match="not installed"):
        phone.launch("com.example.missing")
    with pytest.raises(ValueError, match="no activity"):
        phone.start_activity("com.android.settings", ".Nope")
    with pytest.raises(ValueError, match="absolute"):
        phone.read_file("relative/path")
    with pytest.raises(ValueError, match="not an SQLite database"):
        phone.write_file("/data/data/com.android.settings/databases/x.db", b"garbage" * 20)
    with pytest.raises(ValueError, match="not an input event"):
        phone.send("TAP")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        Phone(seed="0")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="display size"):
        Display(width=10, height=10)
    with pytest.raises(ValueError, match="unknown device profile"):
        Phone(display="iphone")
    with pytest.raises(FileNotFoundError):
        phone.read_file("/sdcard/missing.txt")
    _still_works(phone)


def test_text_no_xml_can_carry_is_left_out_of_the_dump() -> None:
    """A search URL whose query percent-decodes to U+FFFE puts it in Chrome's page: the dump
    stays well-formed XML, the characters XML cannot carry (U+FFFE, U+FFFF, surrogates)
    left out as control characters are."""
    phone = Phone(seed=0)
    phone.launch("com.android.chrome")
    bar = next(n for n in phone.nodes() if n.cls.endswith("EditText"))
    phone.send_all(ev.tap(*bar.bounds.center))
    phone.text("https://www.bing.com/search?q=%EF%BF%BE%ED%A0%80x")
    phone.key("ENTER")
    texts = [node.get("text", "") for node in phone.hierarchy().iter("node")]  # lxml raised
    assert texts and not any(c in text for text in texts for c in "\ufffe\uffff")
    assert readable("a\ufffeb\uffffc\ud800d\x07e\tf") == "abcde\tf"
