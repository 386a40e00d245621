"""The served phone's input methods (``ime``) and ADBKeyboard's broadcasts, over shell v2.

What a broadcast types or presses is checked against an in-process phone given the phone's
own input (``Phone.text``, ``Phone.key``): the same screen, at the same virtual time.
"""

from __future__ import annotations

import base64
import shlex

from mobile_gym.sim import Phone
from mobile_gym.sim import input as events
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.adb_server.shell.commands.ime import ADB_KEYBOARD, PHONE_KEYBOARD
from mobile_gym.sim.apps.chrome import PACKAGE as CHROME
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.driver import find_all
from tests.sim.adb_server.raw_client import Run, ShellResult, ok

TEXT = "Zoë 中文\t"
B64 = base64.b64encode(TEXT.encode()).decode()
BOTH = f"{PHONE_KEYBOARD}\n{ADB_KEYBOARD}\n"


def failed(result: ShellResult, status: int) -> str:
    assert result.status == status, result
    return result.stderr.decode()


def focus(phone: Phone, package: str, field: str) -> None:
    """Start ``package`` and tap its field with resource id ``field`` (it takes the focus)."""
    phone.start_activity(package)
    if field == "search_query":  # Contacts' search field shows once its search is opened
        (search,) = find_all(phone.hierarchy_xml(), content_desc="Search")
        phone.send_all(events.tap(*search.bounds.center))
    (node,) = find_all(phone.hierarchy_xml(), resource_id=f"{package}:id/{field}")
    phone.send_all(events.tap(*node.bounds.center))
    assert phone.focused_field() is not None


def field_text(phone: Phone) -> str:
    field = phone.focused_field()
    assert field is not None
    return field.text


def broadcast(sh: Run, arguments: str) -> str:
    """``am broadcast ARGUMENTS``, checked to complete as Android's does."""
    reply = ok(sh(f"am broadcast {arguments}"))
    assert reply.endswith("\nBroadcast completed: result=0\n"), reply
    return reply


# ime ------------------------------------------------------------------------------------------------
def test_both_input_methods_are_listed_and_the_setting_is_the_current_one(
    sh: Run, phone: Phone
) -> None:
    assert ok(sh("ime list -s")) == ok(sh("ime list -a -s")) == BOTH
    listing = ok(sh("ime list")).splitlines()
    assert listing[0] == f"{PHONE_KEYBOARD}:"
    assert f"{ADB_KEYBOARD}:" in listing
    assert f"  mId={ADB_KEYBOARD} mSettingsActivityName=null" in listing
    assert ok(sh("settings get secure default_input_method")) == f"{PHONE_KEYBOARD}\n"
    assert (
        ok(sh(f"ime set {ADB_KEYBOARD}")) == f"Input method {ADB_KEYBOARD} selected for user #0\n"
    )
    assert ok(sh("settings get secure default_input_method")) == f"{ADB_KEYBOARD}\n"
    assert f"mCurMethodId={ADB_KEYBOARD}" in ok(sh("dumpsys input_method"))
    ok(sh(f"settings put secure default_input_method {PHONE_KEYBOARD}"))
    assert phone.settings.get("secure", "default_input_method") == PHONE_KEYBOARD
    assert "switches to the given input method ID." in ok(sh("ime"))
    assert ok(sh("ime help")) == ok(sh("ime -h")) == ok(sh("ime"))


def test_enable_disable_and_reset(sh: Run, server: AdbServer, phone: Phone) -> None:
    assert ok(sh(f"ime enable {ADB_KEYBOARD}")) == (
        f"Input method {ADB_KEYBOARD}: already enabled for user #0\n"
    )
    ok(sh(f"ime set {ADB_KEYBOARD}"))
    assert ok(sh(f"ime disable --user 0 {ADB_KEYBOARD}")) == (
        f"Input method {ADB_KEYBOARD}: now disabled for user #0\n"
    )
    # the current one, disabled, gives way to the phone's keyboard
    assert ok(sh("settings get secure default_input_method")) == f"{PHONE_KEYBOARD}\n"
    assert ok(sh("ime list -s")) == f"{PHONE_KEYBOARD}\n"
    assert ok(sh("ime list -a -s")) == BOTH
    assert failed(sh(f"ime set {ADB_KEYBOARD}"), 255) == (
        f"Unknown input method {ADB_KEYBOARD} cannot be selected for user #0\n"
    )
    assert ok(sh(f"ime enable {ADB_KEYBOARD}")) == (
        f"Input method {ADB_KEYBOARD}: now enabled for user #0\n"
    )
    assert ok(sh("ime list -s")) == BOTH
    ok(sh(f"ime set {ADB_KEYBOARD}"))
    assert ok(sh("ime reset")) == (
        "Reset current and enabled IMEs for user #0\n"
        f"  Selected: {PHONE_KEYBOARD}\n"
        f"   Enabled: {PHONE_KEYBOARD}\n"
    )
    assert ok(sh("ime list -s")) == f"{PHONE_KEYBOARD}\n"
    assert ok(sh("settings get secure default_input_method")) == f"{PHONE_KEYBOARD}\n"
    with server.locked(server.serials[0]) as locked:
        locked.factory_reset(seed=0)
    assert ok(sh("ime list -s")) == BOTH  # as the phone ships


def test_ime_errors(sh: Run, phone: Phone) -> None:
    unknown = "com.example.keyboard/.Ime"
    assert failed(sh(f"ime enable {unknown}"), 255) == (
        f"Unknown input method {unknown} cannot be enabled for user #0\n"
    )
    assert failed(sh(f"ime set {unknown}"), 255) == (
        f"Unknown input method {unknown} cannot be selected for user #0\n"
    )
    assert ok(sh(f"ime disable {unknown}")) == (
        f"Input method {unknown}: already disabled for user #0\n"
    )
    assert failed(sh("ime set"), 255) == (
        "\nException occurred while executing 'ime':\n"
        'java.lang.IllegalArgumentException: Argument expected after "set"\n'
    )
    result = sh("ime bogus")
    assert (result.status, result.stdout) == (255, b"Unknown command: bogus\n")
    assert phone.settings.get("secure", "default_input_method") == PHONE_KEYBOARD
    assert phone.settings.get("secure", "enabled_input_methods") is None  # nothing changed


# ADBKeyboard's broadcasts ---------------------------------------------------------------------
def test_a_broadcast_types_only_while_adbkeyboard_is_current(sh: Run, phone: Phone) -> None:
    local = Phone(seed=0)
    for each in (phone, local):
        focus(each, CONTACTS, "search_query")
    before = phone.clock.state()
    reply = broadcast(sh, f"-a ADB_INPUT_B64 --es msg {B64}")
    assert reply.startswith("Broadcasting: Intent { act=ADB_INPUT_B64 flg=0x400000 (has extras) }")
    assert field_text(phone) == ""  # the phone's keyboard is current: nothing happens
    assert phone.clock.state() == before
    ok(sh(f"ime set {ADB_KEYBOARD}"))
    broadcast(sh, f"-a ADB_INPUT_B64 --es msg {B64}")
    local.text(TEXT)
    assert field_text(phone) == field_text(local) == "Zoë 中文"  # the field takes no tab
    assert phone.hierarchy_xml() == local.hierarchy_xml()
    assert phone.clock.state() == local.clock.state()


def test_a_broadcast_for_another_receiver_does_not_reach_adbkeyboard(sh: Run, phone: Phone) -> None:
    ok(sh(f"ime set {ADB_KEYBOARD}"))
    focus(phone, CONTACTS, "search_query")
    broadcast(sh, "-a ADB_INPUT_TEXT -p com.example.other --es msg x")
    broadcast(sh, "-a ADB_INPUT_TEXT -n com.android.adbkeyboard/.AdbReceiver --es msg x")
    broadcast(sh, "-a ADB_INPUT_TEXT --ei msg 5")  # not a string: getStringExtra gives null
    broadcast(sh, "-a ADB_INPUT_B64 --es msg 'not base64!'")
    broadcast(sh, "-a ADB_INPUT_CODE --es code 67")  # not an int
    assert field_text(phone) == ""
    broadcast(sh, "-a ADB_INPUT_TEXT -p com.android.adbkeyboard --es msg 'Ada Lovelace'")
    assert field_text(phone) == "Ada Lovelace"


def test_text_keys_and_the_editor_action_act_as_the_phone_s_own_input(
    sh: Run, phone: Phone
) -> None:
    local = Phone(seed=0)
    ok(sh(f"ime set {ADB_KEYBOARD}"))
    for each in (phone, local):
        focus(each, CHROME, "url_bar")
    address = "https://en.wikipedia.org/wiki/Android_(operating_system)"
    broadcast(sh, f"-a ADB_INPUT_TEXT --es msg {shlex.quote(address + 'x')}")
    broadcast(sh, "-a ADB_INPUT_CODE --ei code 67")
    local.text(address + "x")
    local.key("DEL")
    assert field_text(phone) == address
    broadcast(sh, "-a ADB_EDITOR_CODE --ei code 2")  # IME_ACTION_GO: the page opens
    local.key("ENTER")
    assert phone.focused_field() is None
    assert phone.hierarchy_xml() == local.hierarchy_xml()
    assert phone.clock.state() == local.clock.state()


def test_clear_text_empties_the_field(sh: Run, phone: Phone) -> None:
    ok(sh(f"settings put secure default_input_method {ADB_KEYBOARD}"))
    focus(phone, CONTACTS, "search_query")
    broadcast(sh, f"-a ADB_INPUT_B64 --es msg {B64}")
    assert field_text(phone) == "Zoë 中文"
    broadcast(sh, "-a ADB_CLEAR_TEXT")
    assert field_text(phone) == ""
    broadcast(sh, "-a ADB_CLEAR_TEXT")  # an empty field stays empty
    assert field_text(phone) == ""
