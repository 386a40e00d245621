"""The scripted demo: a short session on the simulated phone, driven by raw input events.

It opens apps from the dock and the app drawer, creates a contact, turns on the dark theme,
writes a note, and saves a screenshot (PNG) and the view hierarchy (XML) of each stop.
"""

from __future__ import annotations

import pathlib

from PIL import Image

from mobile_gym.sim import input as ev
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.phone import Phone


def _save(phone: Phone, out_dir: pathlib.Path, name: str) -> list[pathlib.Path]:
    png, xml = out_dir / f"{name}.png", out_dir / f"{name}.xml"
    Image.fromarray(phone.screenshot()).save(png)
    xml.write_text(phone.hierarchy_xml(), encoding="utf-8")
    return [png, xml]


def run_demo(out_dir: pathlib.Path, seed: int = 0) -> list[pathlib.Path]:
    """Run the demo on a fresh ``Phone(seed)``; return the files written under ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    phone = Phone(seed=seed)
    driver = Driver(phone)
    written = _save(phone, out_dir, "01_home")

    driver.tap(text="Contacts", cls="android.widget.TextView")
    driver.tap(id="fab")
    driver.type_into("Ada", id="contact_first_name")
    driver.type_into("Lovelace", id="contact_last_name")
    driver.type_into("+44 20 7946 0958", id="contact_number")
    written += _save(phone, out_dir, "02_contact_editor")
    driver.tap(desc="Save")
    written += _save(phone, out_dir, "03_contact_saved")

    driver.key("HOME")
    w, h = phone.display.width, phone.display.height
    driver.send_all(ev.drag(w / 2, h * 0.75, w / 2, h * 0.25))  # swipe up: the app drawer
    written += _save(phone, out_dir, "04_app_drawer")
    driver.tap(text="Settings", cls="android.widget.TextView")
    driver.tap(id="display")
    driver.tap(id="dark_theme_switch")
    written += _save(phone, out_dir, "05_dark_theme")

    driver.key("HOME")
    driver.tap(text="Notes", cls="android.widget.TextView")
    driver.tap(id="fab")
    driver.type_into("Demo", id="note_title_input")
    driver.tap(id="button1")  # OK
    driver.type_into("Written on a simulated phone.", id="text_view")
    driver.key("ENTER")
    phone.text("No emulator needed.")
    written += _save(phone, out_dir, "06_note")
    driver.tap(desc="Save")

    log = out_dir / "logcat.txt"
    log.write_text("\n".join(phone.logcat_lines()[0]) + "\n", encoding="utf-8")
    return [*written, log]
