"""A real browser for the tests of pages: Debian's Chromium driven by Playwright.

``open_browser()`` launches Chromium (``CHROMIUM``, found on the PATH; Playwright's own
browser downloads are never used) headless and yields a ``BrowserPage``: a Playwright page
that records every console error and uncaught page error in ``errors``.
``check_no_errors(page)`` fails a test that left any. Tests of pages mark themselves with
``needs_browser``: they are skipped where Chromium is missing, unless
``MOBILE_GYM_REQUIRE_BROWSER`` is set (as CI sets it), where they fail instead.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

needs_browser = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("MOBILE_GYM_REQUIRE_BROWSER"),
    reason="Debian's Chromium is not installed (apt-get install -y chromium; CI does and "
    "requires it)",
)


@dataclass
class BrowserPage:
    """A Playwright page and the errors its console and scripts reported."""

    page: Any
    errors: list[str] = field(default_factory=list)


@contextlib.contextmanager
def open_browser(width: int = 1280, height: int = 900) -> Iterator[BrowserPage]:
    """A headless Chromium page of ``width`` x ``height`` CSS pixels; closed on exit."""
    from playwright.sync_api import sync_playwright

    if CHROMIUM is None:
        raise RuntimeError("Chromium is not installed (apt-get install -y chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            opened = BrowserPage(page)
            page.on(
                "console",
                lambda message: (
                    opened.errors.append(f"console: {message.text}")
                    if message.type == "error"
                    else None
                ),
            )
            page.on("pageerror", lambda error: opened.errors.append(f"page: {error}"))
            yield opened
        finally:
            browser.close()


def check_no_errors(opened: BrowserPage) -> None:
    """Fail if the page's console or scripts reported an error."""
    assert opened.errors == [], f"the page reported errors: {opened.errors}"
