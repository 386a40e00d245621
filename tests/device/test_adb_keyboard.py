"""AdbDevice typing what ``input text`` cannot (accents, CJK, tabs) through ADBKeyboard, on the
simulated phone served over ADB, through adbutils.

The served phone has ADBKeyboard installed and enabled beside its own keyboard, which is the
current input method. The device switches to ADBKeyboard for such a text and back, leaving
the phone as it was; the text lands in the field as the in-process phone types it.
"""

from __future__ import annotations

import pytest

from mobile_gym.device.adb import AdbDevice
from mobile_gym.device.adb_shell import (
    ADB_KEYBOARD,
    KeyboardUnavailableError,
    keyboard_command,
    parse_keyboard_selected,
    restore_keyboard_command,
)
from mobile_gym.device.base import DeviceError
from mobile_gym.sim import Phone
from mobile_gym.sim import input as events
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.adb_server.shell import commands
from mobile_gym.sim.adb_server.shell.commands import ime
from mobile_gym.sim.driver import find_all
from tests.device.conftest import SERIAL
from tests.device.test_adb_device import CONTACTS, tap

TEXT = "Zoë 中文\t"
PHONE_KEYBOARD = ime.PHONE_KEYBOARD


def search(device: AdbDevice | Phone) -> None:
    """Open Contacts' search: its query field takes the focus."""
    if isinstance(device, Phone):
        device.start_activity(CONTACTS)
        (button,) = find_all(device.hierarchy_xml(), content_desc="Search")
        device.send_all(events.tap(*button.bounds.center))
    else:
        device.start(CONTACTS, None)
        tap(device, id="action_search")


def query(device: AdbDevice) -> str:
    """The text of Contacts' search field, from a fresh dump (its hint while it is empty)."""
    device.change_counters()
    return find_all(device.hierarchy_xml(), id="search_query")[0].text


HINT = "Search contacts"


def input_methods(device: AdbDevice) -> tuple[str, str]:
    """(the current input method, the enabled ones) as the device reports them."""
    current = device.link.command("read", "settings get secure default_input_method")
    return current.strip(), device.link.command("list", "ime list -s")


BOTH = f"{PHONE_KEYBOARD}\n{ADB_KEYBOARD}\n"


def test_text_input_text_cannot_type_goes_through_adbkeyboard_and_back(
    device: AdbDevice, server: AdbServer
) -> None:
    local = Phone(seed=0)
    search(device)
    search(local)
    served = server.phone(SERIAL)
    settings = {name: dict(table) for name, table in served.settings.tables.items()}
    assert device.text(TEXT) is True
    local.text(TEXT)
    assert query(device) == local.focused_field().text == "Zoë 中文"  # the field takes no tab
    assert served.clock.state() == local.clock.state()
    assert input_methods(device) == (PHONE_KEYBOARD, BOTH)
    assert served.settings.tables == settings  # the phone is left as it was
    assert device.text("and ASCII") is True
    assert query(device) == "Zoë 中文and ASCII"


def test_a_disabled_adbkeyboard_is_enabled_for_the_typing_and_disabled_again(
    device: AdbDevice,
) -> None:
    device.link.command("disable", f"ime disable {ADB_KEYBOARD}")
    search(device)
    assert device.text("中文") is True
    assert query(device) == "中文"
    assert input_methods(device) == (PHONE_KEYBOARD, f"{PHONE_KEYBOARD}\n")


def test_with_adbkeyboard_current_no_switch_is_made(device: AdbDevice) -> None:
    device.put_setting("secure", "default_input_method", ADB_KEYBOARD)
    search(device)
    assert device.text("Zoë") is True
    assert query(device) == "Zoë"
    assert input_methods(device) == (ADB_KEYBOARD, BOTH)


def test_the_broadcast_does_nothing_with_another_input_method_current(
    device: AdbDevice,
) -> None:
    search(device)
    reply = device.link.command("broadcast", keyboard_command(TEXT))
    assert reply.endswith("Broadcast completed: result=0\n")  # as when it types
    assert query(device) == HINT  # nothing typed


def test_without_adbkeyboard_the_error_says_how_to_install_it(
    device: AdbDevice, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(ime.INPUT_METHODS, ADB_KEYBOARD)  # a phone that lacks it
    search(device)
    with pytest.raises(DeviceError, match=r"ADBKeyboard input method .* is not installed") as error:
        device.text(TEXT)
    assert "https://github.com/senzhk/ADBKeyBoard" in str(error.value)
    assert "adb install" in str(error.value)
    assert query(device) == HINT  # nothing typed
    assert input_methods(device) == (PHONE_KEYBOARD, f"{PHONE_KEYBOARD}\n")
    assert device.text("plain") is True  # ASCII needs no ADBKeyboard
    assert query(device) == "plain"


def test_without_the_ime_command_typing_fails(
    device: AdbDevice, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(commands.COMMANDS, "ime")
    search(device)
    with pytest.raises(DeviceError, match="has no `ime` command"):
        device.text(TEXT)
    assert query(device) == HINT  # nothing typed


def test_an_input_method_that_cannot_be_restored_is_an_error(device: AdbDevice) -> None:
    other = "com.example.keyboard/.Ime"  # not an input method the phone has
    device.put_setting("secure", "default_input_method", other)
    search(device)
    with pytest.raises(DeviceError, match=f"switch the input method back to {other}"):
        device.text(TEXT)
    assert query(device) == "Zoë 中文"  # typed; only the way back failed


def test_the_switch_reply_and_the_way_back() -> None:
    selected = f"Input method {ADB_KEYBOARD} selected for user #0\n"
    assert parse_keyboard_selected(0, f"Input method {ADB_KEYBOARD}: now enabled ...\n{selected}")
    assert not parse_keyboard_selected(0, f"Input method {ADB_KEYBOARD}: already ...\n{selected}")
    refused = f"Unknown input method {ADB_KEYBOARD} cannot be selected for user #0\n"
    with pytest.raises(KeyboardUnavailableError, match="could not make ADBKeyboard"):
        parse_keyboard_selected(255, refused)
    assert restore_keyboard_command(PHONE_KEYBOARD, True) == (
        f"ime set {PHONE_KEYBOARD} && ime disable {ADB_KEYBOARD}"
    )
    assert restore_keyboard_command(None, True) == f"ime disable {ADB_KEYBOARD}"
    assert restore_keyboard_command(None, False) is None
