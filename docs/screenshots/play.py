"""Make the README's picture of ``mobile-gym play``: the page of a session of
``settings.wifi_off`` served on a free port, opened in headless Chromium, two steps of the
solution played and a node of the view hierarchy hovered (its bounds outlined on the
screen), shot to docs/images/play.png.

Run from the repository root: ``python docs/screenshots/play.py`` (needs the ``ui`` extra
and Debian's Chromium)."""

from __future__ import annotations

import io
import pathlib
import shutil
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
IMAGE = ROOT / "docs" / "images" / "play.png"
TASK = "settings.wifi_off"
HOVERED = ":id/network"
"""The resource id of the node hovered in the tree (Settings' Network & internet)."""


def main() -> None:
    """Serve, play, hover and shoot the page."""
    sys.path.insert(0, str(ROOT))
    from PIL import Image

    from mobile_gym.play.app import build_app
    from mobile_gym.play.server import serving
    from mobile_gym.play.session import PlaySession
    from mobile_gym.tasks.loader import resolve_task
    from tests.browser import check_no_errors, open_browser

    work = pathlib.Path(tempfile.mkdtemp(prefix="mobile-gym-play-"))
    session = PlaySession(resolve_task(TASK), 0, work / "run")
    try:
        with serving(build_app(session)) as url, open_browser(1280, 900) as opened:
            page = opened.page
            page.goto(url)
            page.wait_for_function("state !== null && document.getElementById('shot').naturalWidth")
            for steps in (1, 2):
                page.locator("#solution").click()
                page.wait_for_function(f"state.agent_steps === {steps}")
            index = page.evaluate(
                "(id) => state.hierarchy.findIndex((node) => node.id.endsWith(id))", HOVERED
            )
            page.locator(f'#tree [data-index="{index}"]').hover()
            shot = page.screenshot(type="png")
            check_no_errors(opened)
    finally:
        session.close()
        shutil.rmtree(work, ignore_errors=True)
    IMAGE.parent.mkdir(parents=True, exist_ok=True)
    image = Image.open(io.BytesIO(shot)).convert("RGB").quantize(colors=128)
    image.save(IMAGE, optimize=True)
    print(f"wrote {IMAGE} ({IMAGE.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
