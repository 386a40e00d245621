"""Command lines AdbDevice sends and the parsers of what devices answer (no device needed)."""

from __future__ import annotations

import base64
import shlex

import cv2
import numpy as np
import pytest

from mobile_gym.device.adb_shell import (
    AmbiguousReplyError,
    DeviceReplyError,
    dump_command,
    gesture_command,
    is_typable,
    key_command,
    keyboard_command,
    motion_command,
    parse_content_rows,
    parse_dump,
    parse_foreground,
    parse_logcat_line,
    parse_png,
    parse_raw_screencap,
    parse_setting,
    parse_wm_size,
    scaled,
    settings_put_command,
    split_command,
    start_command,
    text_command,
)
from mobile_gym.sim import Phone


def typed_by(command: str) -> str:
    """What a device types for ``command``: the shell splits words, ``input text`` turns
    ``%s`` into spaces (and presses ENTER for a newline)."""
    typed = []
    for part in command.split(" && "):
        words = shlex.split(part)
        if words[:2] == ["input", "text"]:
            assert len(words) == 3, part
            typed.append(words[2].replace("%s", " "))
        else:
            assert words == ["true"], part
    return "".join(typed)


@pytest.mark.parametrize(
    "text",
    [
        "hello",
        "Alice Smith",
        "100% sure",
        "a literal %s here",
        "%s%s",
        "ends with %",
        "quotes ' and \" and `ticks` $HOME; rm -rf / && echo | cat > x < y (z) * ? ~ #",
        "back\\slash \\n",
        "two\nlines",
        "  leading and trailing  ",
        "",
    ],
)
def test_text_command_types_exactly_the_text(text: str) -> None:
    assert typed_by(text_command(text)) == text


def test_a_text_without_a_literal_percent_s_is_one_input() -> None:
    assert text_command("two\nlines and spaces") == "input text 'two\nlines%sand%sspaces'"


def test_text_command_rejects_what_input_text_cannot_type() -> None:
    assert is_typable("plain ASCII ~!@#")
    assert not is_typable("café") and not is_typable("tab\there")
    with pytest.raises(ValueError, match="cannot type"):
        text_command("naïve")


def test_a_long_text_is_typed_by_commands_that_each_fit() -> None:
    text = "it's 100% sure, a %s b\n" * 400
    commands = split_command(text, text_command, 2000)
    assert len(commands) > 1 and all(len(command.encode()) <= 2000 for command in commands)
    assert "".join(typed_by(command) for command in commands) == text
    assert split_command("short", text_command, 2000) == [text_command("short")]


def test_a_literal_percent_s_is_cut_between_its_characters() -> None:
    assert text_command("a%sb") == "input text a% && input text sb"
    assert split_command("a%sb", text_command, 20) == ["input text a%", "input text sb"]


def test_a_long_text_for_adbkeyboard_is_split_between_characters() -> None:
    text = "Zoë 😀 naïve " * 500
    commands = split_command(text, keyboard_command, 1000)
    assert len(commands) > 1 and all(len(command) <= 1000 for command in commands)
    messages = [base64.b64decode(command.split()[-1]).decode() for command in commands]
    assert "".join(messages) == text
    with pytest.raises(ValueError, match="longer than 10 bytes"):
        split_command("ab", text_command, 10)


def test_content_rows_are_read_at_their_columns_and_numbers() -> None:
    output = (
        "Row: 0 _id=26, address=555, body=a\nRow: 7 _id=1\n"
        "Row: 1 _id=20, address=555, body=comma, address=evil\n"
        "Row: 2 _id=24, address=, body=ends in a break\n\n"
        "Row: 3 _id=25, address=NULL, body=last \n"
    )
    assert parse_content_rows(output, ["_id", "address", "body"]) == [
        ("26", "555", "a\nRow: 7 _id=1"),
        ("20", "555", "comma, address=evil"),
        ("24", "", "ends in a break\n"),
        ("25", None, "last "),
    ]
    assert parse_content_rows("Row: 0 body=x\nRow: 1 body=y\n", ["body"]) == [("x",), ("y",)]
    with pytest.raises(DeviceReplyError, match="row 0 lacks _id"):
        parse_content_rows("Row: 0 body=x\n", ["body", "_id"])


@pytest.mark.parametrize(
    ("output", "problem"),
    [
        ("Row: 0 body=see you at 5, _id=999, _id=19\n", "row 0 .* its body ends and _id begins"),
        (
            "Row: 0 _id=1, body=a\nRow: 1 _id=2, body=b\n"
            "Row: 1 _id=3, body=c\nRow: 2 _id=4, body=d\n",
            "rows 0 and 1 read two ways: more than one line 'Row: 1 _id='",
        ),
    ],
)
def test_content_rows_that_read_two_ways_are_refused(output: str, problem: str) -> None:
    projection = ["body", "_id"] if output.startswith("Row: 0 body") else ["_id", "body"]
    with pytest.raises(AmbiguousReplyError, match=problem):
        parse_content_rows(output, projection)


def test_input_command_lines() -> None:
    assert motion_command("DOWN", 539.5, 1200) == "input motionevent DOWN 539.5 1200"
    assert motion_command("MOVE", 0.1234, 2.0) == "input motionevent MOVE 0.1234 2"
    x = float(np.float32(0.50046337)) * 1079  # exactly where the env touches, not rounded
    assert float(motion_command("UP", x, 1e-7).split()[3]) == x
    assert motion_command("UP", x, 1e-7).endswith(" 0.0000001")
    with pytest.raises(ValueError, match="DOWN, MOVE or UP"):
        motion_command("PRESS", 1, 1)
    assert key_command("back") == "input keyevent 4"
    assert key_command("KEYCODE_ENTER") == "input keyevent 66"
    with pytest.raises(ValueError, match="unknown Android key"):
        key_command("NOPE")


def test_gesture_command_for_devices_without_motion_events() -> None:
    assert gesture_command([(10, 20)] * 3, 50, 5) == "input tap 10 20"
    assert gesture_command([(10, 20), (12, 21), (11, 20)], 50, 5) == "input tap 10 20"
    assert gesture_command([(10, 20)] * 10, 50, 5) == "input swipe 10 20 10 20 500"
    drag = [(100, 1000 - 80 * i) for i in range(10)]
    assert gesture_command(drag, 50, 5) == "input swipe 100 1000 100 280 500"
    with pytest.raises(ValueError):
        gesture_command([], 50, 5)


def test_app_and_settings_command_lines() -> None:
    assert start_command("com.a", ".Main$Inner") == "am start -n 'com.a/.Main$Inner'"
    assert start_command("com.a", None) == "monkey -p com.a -c android.intent.category.LAUNCHER 1"
    assert settings_put_command("global", "name", "it's on") == (
        "settings put global name 'it'\"'\"'s on'"
    )
    assert parse_setting("1\n") == "1" and parse_setting("null\n") is None
    assert dump_command("/x/d.xml") == "rm -f /x/d.xml; uiautomator dump /x/d.xml && cat /x/d.xml"


def test_parse_wm_size_prefers_the_override() -> None:
    assert parse_wm_size("Physical size: 1080x2400\n") == (1080, 2400)
    assert parse_wm_size("Physical size: 1080x2400\nOverride size: 720x1600\n") == (720, 1600)
    with pytest.raises(DeviceReplyError):
        parse_wm_size("")


def test_parse_foreground_from_dumpsys() -> None:
    window = (
        "  mCurrentFocus=Window{1a2b3c u0 com.android.settings/"
        "com.android.settings.Settings$NetworkDashboardActivity}\n"
        "  mFocusedApp=ActivityRecord{9f u0 com.android.settings/.Settings t12}\n"
    )
    assert parse_foreground(window) == (
        "com.android.settings",
        ".Settings$NetworkDashboardActivity",
    )
    shade = "  mCurrentFocus=Window{77 u0 StatusBar}\n  mFocusedApp=ActivityRecord{9f u0 com.x/.Main t3}"
    assert parse_foreground(shade) == ("com.x", ".Main")
    resumed = "    mResumedActivity: ActivityRecord{5 u0 com.other/org.lib.Screen t9}"
    assert parse_foreground(resumed) == ("com.other", "org.lib.Screen")
    assert parse_foreground("  mCurrentFocus=null\n") is None


def test_parse_logcat_threadtime_lines() -> None:
    line = parse_logcat_line("06-03 09:30:00.050  1357  1357 I Zygote  : started: a: b\r\n")
    assert line is not None
    assert (line.stamp, line.tag, line.message) == ("06-03 09:30:00.050", "Zygote", "started: a: b")
    spaced = parse_logcat_line("06-03 09:30:00.050   580   612 W Tag With Space: msg")
    assert spaced is not None and spaced.tag == "Tag With Space"
    assert parse_logcat_line("--------- beginning of main") is None
    assert parse_logcat_line("06-03 09:30:00.050 I/Zygote( 1357): time format") is None


def test_parse_dump_takes_the_xml_after_the_message() -> None:
    xml = Phone(seed=0).hierarchy_xml()
    output = "UI hierchary dumped to: /data/local/tmp/x.xml\n" + xml
    assert parse_dump(output) == xml
    with pytest.raises(DeviceReplyError, match="idle"):
        parse_dump("ERROR: could not get idle state.\n")
    with pytest.raises(DeviceReplyError, match="no hierarchy"):
        parse_dump("UI hierchary dumped to: /x.xml\n")
    with pytest.raises(DeviceReplyError, match="malformed"):
        parse_dump(output[: len(output) // 2])
    with pytest.raises(DeviceReplyError, match="root"):
        parse_dump("<?xml version='1.0' ?><html/>")


def _raw(rgb: np.ndarray, fmt: int = 1, header: int = 16) -> bytes:
    height, width = rgb.shape[:2]
    rgba = np.concatenate([rgb, np.full((height, width, 1), 255, np.uint8)], axis=2)
    if fmt == 5:
        rgba = rgba[..., [2, 1, 0, 3]]
    fields = [width, height, fmt, 0][: header // 4]
    return b"".join(v.to_bytes(4, "little") for v in fields) + rgba.tobytes()


@pytest.mark.parametrize(("fmt", "header"), [(1, 16), (1, 12), (2, 16), (5, 16)])
def test_parse_raw_screencap(fmt: int, header: int) -> None:
    rgb = np.random.default_rng(0).integers(0, 256, (7, 5, 3), dtype=np.uint8)
    assert np.array_equal(parse_raw_screencap(_raw(rgb, fmt, header)), rgb)


def test_parse_raw_screencap_rejects_garbage() -> None:
    rgb = np.zeros((4, 4, 3), np.uint8)
    for garbage in (b"", b"\x00" * 11, _raw(rgb)[:-1], _raw(rgb, fmt=99), b"\xff" * 100):
        with pytest.raises(DeviceReplyError):
            parse_raw_screencap(garbage)


def test_parse_png() -> None:
    rgb = np.random.default_rng(1).integers(0, 256, (6, 4, 3), dtype=np.uint8)
    ok, png = cv2.imencode(".png", cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR))
    assert ok and np.array_equal(parse_png(png.tobytes()), rgb)
    with pytest.raises(DeviceReplyError, match="no PNG"):
        parse_png(b"GIF89a")
    with pytest.raises(DeviceReplyError, match="does not decode"):
        parse_png(png.tobytes()[:40])


def test_scaled_gives_the_observation_shape_read_only() -> None:
    frame = np.zeros((2400, 1080, 3), np.uint8)
    small = scaled(frame, (1080, 2400), 0.25)
    assert small.shape == (600, 270, 3) and not small.flags.writeable
    rotated = scaled(np.zeros((1080, 2400, 3), np.uint8), (1080, 2400), 0.1)
    assert rotated.shape == (240, 108, 3)
    same = scaled(frame, (1080, 2400), 1.0)
    assert same is frame and not frame.flags.writeable
