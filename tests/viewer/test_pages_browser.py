"""The report and a viewer page in a real browser, opened from disk: the plots and the
filmstrip render, the keys move through the steps, a ``#stepN`` link opens step N, the
pages are not blank, and their scripts report no errors (a page with no screens too)."""

from __future__ import annotations

import pathlib

import cv2
import numpy as np

from tests.browser import check_no_errors, needs_browser, open_browser
from tests.viewer.conftest import invoke


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


@needs_browser
def test_a_step_link_opens_the_page_at_that_step(report: pathlib.Path) -> None:
    page_file = report.parent / "report_episodes" / "oracle" / "notes.create_titled__seed0.html"
    steps = page_file.read_text(encoding="utf-8").count("<h3>Step ")
    with open_browser() as opened:
        page = opened.page
        for step in (1, 2, steps):
            page.goto("about:blank")
            page.goto(f"{page_file.as_uri()}#step{step}")
            shown = page.locator("section.step:not([hidden]) h3")
            assert shown.inner_text() == f"Step {step}"
            figure = page.locator(".strip figure.current figcaption")
            assert figure.inner_text().split()[0] == str(step)
        page.goto("about:blank")
        page.goto(f"{page_file.as_uri()}#step{steps + 5}")  # no such step: the first
        assert page.locator("section.step:not([hidden]) h3").inner_text() == "Step 1"
        check_no_errors(opened)


@needs_browser
def test_a_page_with_no_screens_opens_without_errors(
    errored: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    out = tmp_path / "report.html"
    assert invoke("report", str(errored), "--out", str(out), "--no-replay").exit_code == 0
    page_file = out.parent / "report_episodes" / "errored" / "settings.wifi_off__seed0.html"
    with open_browser() as opened:
        page = opened.page
        page.goto(page_file.as_uri())
        check_no_errors(opened)
        assert page.get_by_text("No screens saved.").is_visible()
