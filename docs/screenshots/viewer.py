"""Make the README's pictures of the report and the episode viewer: a small run (the oracle
and the random agent on a few starter tasks), its report and a viewer page, shot in headless
Chromium to docs/images/report.png and docs/images/viewer.png.

Run from the repository root: ``python docs/screenshots/viewer.py`` (needs the ``ui`` extra
and Debian's Chromium)."""

from __future__ import annotations

import pathlib
import shutil
import sys
import tempfile

from typer.testing import CliRunner

ROOT = pathlib.Path(__file__).resolve().parents[2]
IMAGES = ROOT / "docs" / "images"
TASKS = ("settings.wifi_off", "notes.create_titled", "contacts.star_named", "settings.bluetooth_on")


def main() -> None:
    """Run, report, and shoot the two pages."""
    sys.path.insert(0, str(ROOT))
    from mobile_gym.cli import app
    from tests.browser import open_browser

    cli = CliRunner()
    work = pathlib.Path(tempfile.mkdtemp(prefix="mobile-gym-viewer-"))
    try:
        tasks = [arg for task in TASKS for arg in ("--task", task)]
        for agent, extra in (
            ("oracle", ["--save", "screenshots"]),
            ("random", ["--max-steps", "6"]),
        ):
            result = cli.invoke(
                app,
                [
                    "eval",
                    "--agent",
                    agent,
                    *tasks,
                    "--seeds",
                    "0-1",
                    "--out",
                    str(work / agent),
                    *extra,
                ],
            )
            assert result.exit_code == 0, (result.output, result.exception)
        report = work / "report.html"
        result = cli.invoke(
            app, ["report", str(work / "oracle"), str(work / "random"), "--out", str(report)]
        )
        assert result.exit_code == 0, (result.output, result.stderr, result.exception)
        viewer = work / "report_episodes" / "oracle" / "notes.create_titled__seed0.html"
        IMAGES.mkdir(parents=True, exist_ok=True)
        with open_browser(1280, 900) as opened:
            page = opened.page
            page.goto(report.as_uri())
            page.set_viewport_size({"width": 1280, "height": 1500})
            page.screenshot(path=str(IMAGES / "report.png"), type="png")
            page.set_viewport_size({"width": 1280, "height": 900})
            page.goto(viewer.as_uri())
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            page.screenshot(path=str(IMAGES / "viewer.png"), type="png")
        for name in ("report.png", "viewer.png"):
            print(f"wrote {IMAGES / name} ({(IMAGES / name).stat().st_size // 1024} KB)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
