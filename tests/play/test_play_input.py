"""Input on the play page in a real browser: text of any script typed, composed, pasted or
made with AltGr or Option reaches the phone's focused field as ``type`` commands, special
keys are key presses; presses that start on the frame around the screen image play nothing
while a drag out of it is a swipe; a seed field that names no seed is refused in the page."""

from __future__ import annotations

import json

from tests.browser import check_no_errors, needs_browser, open_browser
from tests.play.test_browser import _at, _load, _node, _solution_steps, _state, _wait_steps

pytestmark = needs_browser

CTRL_ALT = 2 | 1
"""The CDP modifiers of a Windows AltGr key: Ctrl and Alt."""
ALT = 1
"""The CDP modifier of macOS's Option key."""


def _key(cdp, key: str, modifiers: int = 0) -> None:
    """Press ``key``, whose text is itself, with ``modifiers``, as a keyboard would."""
    cdp.send(
        "Input.dispatchKeyEvent",
        {"type": "keyDown", "key": key, "text": key, "modifiers": modifiers},
    )
    cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "modifiers": modifiers})


def _typed(page) -> list[str]:
    return [a["command"]["text"] for a in _state(page)["actions"] if a["command"]["verb"] == "type"]


def test_text_typed_composed_pasted_or_made_with_altgr_reaches_the_field(played):
    _, server = played("contacts.star_named")
    with server as url, open_browser() as opened:
        page = opened.page
        _load(page, url)
        _solution_steps(page, 2)  # Contacts open, its search field focused
        cdp = page.context.new_cdp_session(page)
        cdp.send("Input.imeSetComposition", {"text": "lin", "selectionStart": 3, "selectionEnd": 3})
        assert page.evaluate("typed") == ""  # nothing taken while it is composed
        cdp.send("Input.insertText", {"text": "临时"})  # the input method commits
        page.keyboard.type(" José ")  # é: inserted text, not a key
        _key(cdp, "😀")
        page.evaluate(
            """() => { const data = new DataTransfer(); data.setData('text/plain', ' ann');
            document.activeElement.dispatchEvent(
              new ClipboardEvent('paste', {clipboardData: data, bubbles: true})); }"""
        )
        _key(cdp, "@", CTRL_ALT)
        page.keyboard.type("x.com")
        _key(cdp, "©", ALT)
        expected = "临时 José 😀 ann@x.com©"
        page.wait_for_function(
            f"state.actions.length > 2 && {json.dumps(expected)} === "
            "state.actions.slice(2).map((a) => a.command.text).join('')"
        )
        assert "".join(_typed(page)) == expected
        _, field = _node(_state(page), id=":id/search_query")
        assert field["text"] == expected and field["focused"]
        steps = _state(page)["agent_steps"]
        cdp.send("Input.insertText", {"text": "x😀"})
        page.keyboard.press("Backspace")  # takes back the emoji, not half of it
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("Tab")
        _wait_steps(page, steps + 3)
        assert [a["command"] for a in _state(page)["actions"][-3:]] == [
            {"verb": "type", "text": "x"},
            {"verb": "key", "key": "DPAD_LEFT"},
            {"verb": "key", "key": "TAB"},
        ]
        check_no_errors(opened)


def test_presses_off_the_image_play_nothing_and_bad_seeds_are_refused(played):
    session, server = played("settings.wifi_off")
    with server as url, open_browser() as opened:
        page = opened.page
        _load(page, url)
        assert not page.locator("#talk").is_visible()  # no user, no tools: nothing to ask
        frame, image = page.locator("#screen").bounding_box(), page.locator("#shot").bounding_box()
        assert image["y"] + image["height"] < frame["y"] + frame["height"] - 2
        page.mouse.click(frame["x"] + 2, frame["y"] + frame["height"] / 2)  # the left border
        page.mouse.click(frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] - 2)
        page.get_by_role("button", name="Recents").click()
        _wait_steps(page, 1)  # the border's clicks were not played: Recents is the first step
        assert [a["command"] for a in _state(page)["actions"]] == [
            {"verb": "key", "key": "APP_SWITCH"}
        ]
        width, height = _state(page)["screen"]["width"], _state(page)["screen"]["height"]
        page.mouse.move(*_at(page, width / 2, height * 0.75))
        page.mouse.down()
        page.mouse.move(image["x"] + image["width"] + 200, image["y"] + 10, steps=5)
        page.mouse.up()  # over the panel: the swipe ends at the screen's edge
        _wait_steps(page, 2)
        swipe = _state(page)["actions"][-1]["command"]
        assert swipe["verb"] == "swipe" and swipe["x2"] == 1 and swipe["y2"] < 0.05
        for typed, error in (
            ("", "type a seed to play: an integer from 0 to 4294967295"),
            ("1.5", 'a seed is an integer from 0 to 4294967295, got "1.5"'),
            ("-1", 'a seed is an integer from 0 to 4294967295, got "-1"'),
            ("99999999999999999999", 'got "99999999999999999999"'),
            ("4294967296", 'got "4294967296"'),
        ):
            page.locator("#seed").fill(typed)
            page.locator("#new-seed").click()
            assert error in page.locator("#error").inner_text(), typed
        page.get_by_role("button", name="Home").click()
        _wait_steps(page, 3)  # no reset came between: the episode went on
        assert session.progress.seed == 0
        page.locator("#seed").fill(" 4294967295 ")
        page.locator("#new-seed").click()
        page.wait_for_function("state.seed === 4294967295 && state.agent_steps === 0")
        assert page.locator("#error").inner_text() == ""
        check_no_errors(opened)
