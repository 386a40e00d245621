"""The episode viewer's keys and address in a real browser: arrow keys held with Alt, Ctrl or
Meta keep their browser meaning (Alt+← is Back), and a ``#stepN`` the address changes to
after the page opened (a link, Back, Forward) shows step N."""

from __future__ import annotations

import pathlib
from typing import Any

from tests.browser import check_no_errors, needs_browser, open_browser

KEYS_SEEN = (
    "window.seen = []; window.addEventListener('keydown', (e) => seen.push(e.defaultPrevented))"
)
"""Records, after the page's own handler, whether each key press was taken by the page."""


def shown(page: Any) -> str:
    """The title of the step in view."""
    return page.locator("section.step:not([hidden]) h3").inner_text()


def page_file(report: pathlib.Path) -> pathlib.Path:
    """The viewer page of an episode of several steps, beside ``report``."""
    return report.parent / "report_episodes" / "oracle" / "notes.create_titled__seed0.html"


@needs_browser
def test_modified_arrow_keys_are_left_to_the_browser(report: pathlib.Path) -> None:
    with open_browser() as opened:
        page = opened.page
        page.set_default_timeout(5000)
        page.goto(f"{page_file(report).as_uri()}#step2")
        page.evaluate(KEYS_SEEN)
        for key in ("Alt+ArrowLeft", "Alt+ArrowRight", "Control+ArrowRight", "Meta+End"):
            page.keyboard.press(key)
            assert shown(page) == "Step 2", key
        assert page.evaluate("seen").count(True) == 0
        page.keyboard.press("ArrowRight")
        assert shown(page) == "Step 3" and page.evaluate("seen.slice(-1)") == [True]
        check_no_errors(opened)


@needs_browser
def test_a_new_step_in_the_address_is_shown(report: pathlib.Path) -> None:
    with open_browser() as opened:
        page = opened.page
        page.set_default_timeout(5000)
        page.goto(f"{page_file(report).as_uri()}#step2")
        page.evaluate("location.hash = '#step4'")
        page.wait_for_function("document.body.dataset.current === '3'")
        assert shown(page) == "Step 4"
        page.go_back()
        page.wait_for_function("document.body.dataset.current === '1'")
        assert shown(page) == "Step 2"
        page.go_forward()
        page.wait_for_function("document.body.dataset.current === '3'")
        page.keyboard.press("ArrowRight")  # the keys go on from the step shown
        assert shown(page) == "Step 5"
        page.evaluate("location.hash = '#step999'")  # no such step: the first
        page.wait_for_function("document.body.dataset.current === '0'")
        assert page.url.endswith("#step999")  # the address is left as it was
        check_no_errors(opened)
