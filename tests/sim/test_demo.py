"""The README's main command: the scripted demo writes real screenshots and hierarchies."""

from __future__ import annotations

import pathlib

from lxml import etree
from PIL import Image

from mobile_gym.sim.demo import run_demo


def test_demo_writes_screens_hierarchies_and_log(tmp_path: pathlib.Path) -> None:
    files = run_demo(tmp_path, seed=3)
    assert all(f.exists() and f.stat().st_size > 0 for f in files)
    pngs = [f for f in files if f.suffix == ".png"]
    xmls = [f for f in files if f.suffix == ".xml"]
    assert len(pngs) == len(xmls) == 6
    assert all(Image.open(p).size == (1080, 2400) for p in pngs)
    saved = etree.parse(str(tmp_path / "03_contact_saved.xml"))
    assert saved.xpath("//node[@text='Ada Lovelace']")
    dark = Image.open(tmp_path / "05_dark_theme.png").getpixel((540, 1800))
    assert sum(dark) < 200
    log = (tmp_path / "logcat.txt").read_text()
    assert "Contact saved" in log and "Note saved" in log
    assert run_demo(tmp_path / "again", seed=3)[0].read_bytes() == pngs[0].read_bytes()
