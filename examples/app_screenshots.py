"""Screenshots of the simulated phone's apps: the home screen and each app as it opens.

Boots a phone with ``--seed``, opens every app of the launcher (or those named with
``--app``) from the home screen, lets it settle and writes ``<out>/<package>.png`` at
``--scale`` of the screen's pixels, plus ``home.png``. The README's pictures are made this way:

    .venv/bin/python examples/app_screenshots.py --out docs/screenshots --scale 0.3 \\
        --app com.gmailclone --app com.mattermost.rnbeta ...
"""

from __future__ import annotations

import argparse
import pathlib

import cv2

from mobile_gym.sim import Phone

SETTLE_MS = 1000
"""Virtual time an app gets to open (its animations end) before the picture."""


def save(phone: Phone, path: pathlib.Path, scale: float) -> None:
    rgb = phone.screenshot(scale)
    if not cv2.imwrite(str(path), cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)):
        raise OSError(f"could not write {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("out/screenshots"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scale", type=float, default=0.3)
    parser.add_argument("--app", action="append", default=[], help="a package (repeatable)")
    args = parser.parse_args()
    phone = Phone(seed=args.seed)
    installed = [app.package for app in phone.launcher_apps()]
    unknown = sorted(set(args.app) - set(installed))
    if unknown:
        parser.error(f"not a launcher app: {', '.join(unknown)}; apps: {', '.join(installed)}")
    args.out.mkdir(parents=True, exist_ok=True)
    save(phone, args.out / "home.png", args.scale)
    for package in args.app or installed:
        phone.go_home()
        phone.launch(package)
        phone.wait(SETTLE_MS)
        save(phone, args.out / f"{package}.png", args.scale)
        print(f"{package}: {args.out / f'{package}.png'}")


if __name__ == "__main__":
    main()
