"""The report and a viewer page in a real browser, opened from disk: the plots and the
filmstrip render, the keys move through the steps, the pages are not blank, and their
scripts report no errors."""

from __future__ import annotations

import pathlib

import cv2
import numpy as np

from tests.browser import check_no_errors, needs_browser, open_browser


def not_blank(png: bytes) -> float:
    """The spread of a screenshot's pixel values (0 for a page of one colour)."""
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    return float(image.std())


@needs_browser
def test_the_report_and_a_viewer_page_render(report: pathlib.Path) -> None:
    with open_browser() as opened:
        page = opened.page
        page.set_default_timeout(5000)
        page.goto(report.as_uri())
        assert page.locator(".plot svg").count() == 6
        assert page.locator(".plot svg path").count() > 20  # bars, axes, histograms drawn
        box = page.locator(".plot svg").first.bounding_box()
        assert box is not None and box["width"] > 200 and box["height"] > 100
        assert not_blank(page.screenshot()) > 10
        rows = page.locator("#episodes-0 tr.episode")
        page.fill("input.filter[data-table='episodes-0']", "wifi")
        assert rows.filter(has_text="settings.wifi_off").first.is_visible()
        assert not rows.filter(has_text="notes.create_titled").first.is_visible()

        page.fill("input.filter[data-table='episodes-0']", "")
        page.click("#episodes-0 tr[data-key='notes.create_titled__seed0'] a")
        page.wait_for_selector(".strip figure")
        figures = page.locator(".strip figure")
        count = figures.count()
        assert count >= 3
        current = lambda: page.evaluate("document.body.dataset.current")  # noqa: E731
        assert current() == "0" and "current" in (figures.nth(0).get_attribute("class") or "")
        page.keyboard.press("ArrowRight")
        assert current() == "1"
        assert page.locator("section.step[data-index='1']").is_visible()
        assert not page.locator("section.step[data-index='0']").is_visible()
        screen = page.get_attribute("#screen", "src")
        assert screen == figures.nth(1).locator("img").get_attribute("src")
        page.keyboard.press("End")
        assert current() == str(count - 1)
        page.keyboard.press("ArrowRight")
        assert current() == str(count - 1)
        page.keyboard.press("Home")
        page.keyboard.press("ArrowLeft")
        assert current() == "0"
        width = page.evaluate("document.getElementById('screen').naturalWidth")
        assert width == 360
        assert not_blank(page.screenshot()) > 10
        page.click("header a")  # back to the report
        assert page.locator(".plot svg").count() == 6
        check_no_errors(opened)
