"""Mastodon's profile QR code through raw input: the profile menu's "QR code" dialog and
its Save, which writes ``<username>_<server>.png`` to the folder typed (Pictures/Mastodon
when empty); outcomes read from the phone's storage."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.mastodon import MAIN, PACKAGE
from mobile_gym.sim.apps.mastodon.qr_code import qr_picture
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=6)


@pytest.fixture
def d(phone: Phone) -> Driver:
    return opened(phone, "Mastodon", (PACKAGE, MAIN))


def open_kitty_qr(d: Driver) -> None:
    d.tap(desc="Search")
    d.type_into("kitty", id="search_edit")
    d.tap(id="display_name", text="Kitty Paws")
    d.tap(desc="More options")
    d.tap(text="QR code")


def test_save_writes_the_code_to_the_folder_typed(d: Driver, phone: Phone) -> None:
    open_kitty_qr(d)
    assert d.exists(text="@kitty@mastodon.social")
    d.type_into("/sdcard/mastodon_save", id="save_folder")
    d.tap(text="Save")
    path = "/sdcard/mastodon_save/kitty_mastodon.social.png"
    assert phone.storage.exists(path)
    assert phone.storage.read(path).startswith(PNG)
    assert not d.exists(text="QR code")


def test_an_empty_folder_saves_to_pictures(d: Driver, phone: Phone) -> None:
    open_kitty_qr(d)
    d.tap(text="Save")
    assert phone.storage.exists("/sdcard/Pictures/Mastodon/kitty_mastodon.social.png")


def test_a_folder_outside_sdcard_is_refused(d: Driver, phone: Phone) -> None:
    open_kitty_qr(d)
    d.type_into("/data/local", id="save_folder")
    d.tap(text="Save")
    assert d.exists(id="save_folder")
    assert not phone.storage.exists("/data/local/kitty_mastodon.social.png")


def test_own_profile_has_a_code_too(d: Driver, phone: Phone) -> None:
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="QR code")
    assert d.exists(text="@test@mastodon.social")


def test_the_picture_depends_on_the_address_only() -> None:
    first = qr_picture("https://mastodon.social/@kitty")
    assert first == qr_picture("https://mastodon.social/@kitty")
    assert first != qr_picture("https://mastodon.social/@frank")
    assert first.startswith(PNG)
