"""The device shell's commands, run over shell v2 on a served phone."""

from __future__ import annotations

import re
import struct

import numpy as np
from lxml import etree

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.contacts import MAIN
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.apps.settings import PACKAGE as SETTINGS
from mobile_gym.sim.apps.sms_messenger.data import PACKAGE as SMS_MESSENGER
from mobile_gym.sim.driver import find_all
from mobile_gym.sim.system.launcher import HOME_ACTIVITY, LAUNCHER
from tests.sim.adb_server.raw_client import Run, ShellResult, ok


def failed(result: ShellResult, status: int = 1) -> str:
    assert result.status == status, result
    return result.stderr.decode()


def _search_field(sh: Run, phone: Phone) -> str:
    """Open Contacts' search; the resource id of its (focused) query field."""
    phone.start_activity(CONTACTS)
    (search,) = find_all(phone.hierarchy_xml(), content_desc="Search")
    ok(sh("input tap {} {}".format(*search.bounds.center)))
    field = f"{CONTACTS}:id/search_query"
    (node,) = find_all(phone.hierarchy_xml(), resource_id=field)
    ok(sh("input tap {} {}".format(*node.bounds.center)))
    return field


# input ----------------------------------------------------------------------------------------
def test_input_text_and_keys(sh: Run, phone: Phone) -> None:
    field = _search_field(sh, phone)
    ok(sh("input text 'Ada%sLove'; input keyevent 67 KEYCODE_DEL; input keyevent KEYCODE_A"))
    (node,) = find_all(phone.hierarchy_xml(), resource_id=field)
    assert node.text == "Ada Loa"
    assert "unknown Android key 'FOO'" in failed(sh("input keyevent FOO"))


def test_input_swipe_held_in_place_is_a_long_press(sh: Run, phone: Phone) -> None:
    phone.start_activity(CONTACTS)
    row = find_all(phone.hierarchy_xml(), resource_id=f"{CONTACTS}:id/item_contact_name")[0]
    x, y = row.bounds.center
    ok(sh(f"input swipe {x} {y} {x} {y} 100"))  # short: a tap opens the contact
    assert phone.foreground[1] != MAIN
    phone.key("BACK")
    before = phone.hierarchy_xml()
    ok(sh(f"input touchscreen swipe {x} {y} {x} {y} 600"))  # held 600 ms: a long press
    assert phone.foreground == (CONTACTS, MAIN)
    assert phone.hierarchy_xml() != before


def test_input_motionevent_cancel_ends_the_touch_with_no_tap_or_swipe(
    sh: Run, phone: Phone
) -> None:
    (icon,) = find_all(phone.hierarchy_xml(), content_desc="Contacts")
    x, y = icon.bounds.center
    ok(sh(f"input motionevent DOWN {x} {y}; input motionevent CANCEL {x} {y}"))
    assert not phone.touching
    assert phone.foreground == (LAUNCHER, HOME_ACTIVITY)  # no tap opened Contacts
    drag = "; ".join(f"input motionevent MOVE 540 {to}" for to in (1600, 1300, 1000, 700))
    ok(sh(f"input motionevent DOWN 540 1900; {drag}; input motionevent CANCEL 540 700"))
    assert not find_all(phone.hierarchy_xml(), resource_id=f"{LAUNCHER}:id/apps_view")
    ok(sh(f"input motionevent DOWN 540 1900; {drag}; input motionevent UP 540 700"))
    assert find_all(phone.hierarchy_xml(), resource_id=f"{LAUNCHER}:id/apps_view")  # opened


def test_input_rejects_bad_arguments(sh: Run) -> None:
    assert "Usage: input" in failed(sh("input"))
    assert "input tap needs <x> <y>" in failed(sh("input tap 1"))
    assert "x must be a number, got 'left'" in failed(sh("input tap left 5"))
    assert "Unknown command: wiggle" in failed(sh("input wiggle"))
    assert "swipe duration" in failed(sh("input swipe 1 2 3 4 9999999"))
    assert "unknown motion event action" in failed(sh("input motionevent HOVER 1 2"))


# screen --------------------------------------------------------------------------------------------
def test_screencap_raw_and_to_a_file(sh: Run, phone: Phone) -> None:
    raw = sh("screencap").stdout
    width, height, fmt, space = struct.unpack("<4I", raw[:16])
    assert (width, height, fmt, space) == (1080, 2400, 1, 1)
    pixels = np.frombuffer(raw[16:], np.uint8).reshape(height, width, 4)
    np.testing.assert_array_equal(pixels[..., :3], phone.screenshot(1.0))
    ok(sh("screencap /sdcard/shot.png"))
    assert phone.read_file("/sdcard/shot.png").startswith(b"\x89PNG")
    assert "Display Id '3' is not valid" in failed(sh("screencap -d 3 -p"))
    assert "can't create /sdcard: Is a directory" in failed(sh("screencap -p > /sdcard"))


def test_uiautomator_dump(sh: Run, phone: Phone) -> None:
    assert ok(sh("uiautomator dump")) == "UI hierchary dumped to: /sdcard/window_dump.xml\n"
    assert phone.read_file("/sdcard/window_dump.xml").decode() == phone.hierarchy_xml()
    out = ok(sh("uiautomator dump --compressed /dev/tty"))
    assert out == phone.hierarchy_xml() + "UI hierchary dumped to: /dev/tty\n"
    assert "Usage: uiautomator" in failed(sh("uiautomator events"))


def test_wm(sh: Run) -> None:
    assert ok(sh("wm size")) == "Physical size: 1080x2400\n"
    assert ok(sh("wm density")) == "Physical density: 420\n"
    ok(sh("wm size reset"))
    assert "cannot be overridden" in failed(sh("wm size 720x1280"))
    ok(sh("wm density 540"))
    assert ok(sh("wm density")) == "Physical density: 420\nOverride density: 540\n"
    assert ok(sh("settings get secure display_density_forced")) == "540\n"
    ok(sh("wm density reset"))
    assert ok(sh("wm density")) == "Physical density: 420\n"
    assert "bad density" in failed(sh("wm density big"))


def test_dumpsys(sh: Run, phone: Phone) -> None:
    phone.start_activity(SETTINGS)
    window = ok(sh("dumpsys window windows"))
    assert re.search(
        r"mCurrentFocus=Window\{[0-9a-f]{8} u0 com\.android\.settings/\.Settings\}", window
    )
    activity = ok(sh("dumpsys activity activities"))
    assert re.search(
        r"mResumedActivity: ActivityRecord\{\w+ u0 com\.android\.settings/\.Settings t\d+\}",
        activity,
    )
    top = ok(sh("dumpsys activity top"))
    assert re.search(
        rf"ACTIVITY com\.android\.settings/\.Settings \w+ pid={phone.pids[SETTINGS]}", top
    )
    display = ok(sh("dumpsys display"))
    assert re.search(
        r"DisplayViewport\{.*valid=true, .*orientation=0, .*deviceWidth=1080, deviceHeight=2400",
        display,
    )
    assert "mInputShown=false" in ok(sh("dumpsys input_method"))
    assert "level: 85" in ok(sh("dumpsys battery"))
    assert "window" in ok(sh("dumpsys -l")).split()
    assert "Can't find service: nosuch" in failed(sh("dumpsys nosuch"))


# apps ----------------------------------------------------------------------------------------------
def test_am_start_and_force_stop(sh: Run, phone: Phone) -> None:
    out = ok(sh("am start -n com.android.settings/com.android.settings.Settings"))
    assert out == "Starting: Intent { cmp=com.android.settings/com.android.settings.Settings }\n"
    assert phone.foreground == (SETTINGS, ".Settings")
    ok(sh("am force-stop com.android.settings"))
    assert phone.foreground == (LAUNCHER, HOME_ACTIVITY) and SETTINGS not in phone.pids
    waited = ok(sh(f"am start -W -S {CONTACTS}/{MAIN}"))
    assert "Status: ok" in waited and "LaunchState: COLD" in waited
    assert phone.foreground == (CONTACTS, MAIN)
    ok(sh("am force-stop com.example.unknown"))  # as on Android, not an error
    assert "Activity class {com.android.settings/.Nope} does not exist" in failed(
        sh("am start -n com.android.settings/.Nope")
    )
    assert "unable to resolve Intent" in failed(sh("am start -a com.example.action.NOTHING"))
    assert "Broadcast completed: result=0" in ok(
        sh("am broadcast -a android.intent.action.AIRPLANE_MODE --ez state true")
    )


def test_ps_and_pidof_list_the_phones_processes(sh: Run, phone: Phone) -> None:
    header = "USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME"
    own = ok(sh("ps")).splitlines()  # as on Android 8+: the shell's own processes only
    assert own[0] == header and [line.split()[-1] for line in own[1:]] == ["sh", "ps"]
    assert CONTACTS not in ok(sh("ps -A")) and ok(sh(f"pidof {CONTACTS}; echo $?")) == "1\n"
    ok(sh(f"am start -n {CONTACTS}/{MAIN}"))
    pid = phone.pids[CONTACTS]
    rows = {line.split()[-1]: line.split() for line in ok(sh("ps -A")).splitlines()[1:]}
    assert rows[CONTACTS][:3] == [f"u0_a{phone.activities.uid(CONTACTS) - 10000}", str(pid), "512"]
    assert rows["system_server"][:2] == ["system", "580"] and rows["init"][1:3] == ["1", "0"]
    assert ok(sh(f"pidof {CONTACTS}")) == f"{pid}\n"
    assert ok(sh(f"ps -A | grep {CONTACTS}")).split()[1] == str(pid)
    assert ok(sh(f"ps -o PID,NAME -p {pid},1")) == f"  PID NAME\n    1 init\n {pid:>4} {CONTACTS}\n"
    assert ok(sh(f"ps -o pid,args {pid}")).splitlines()[1:] == [f" {pid:>4} {CONTACTS}"]
    assert [line.split()[-1] for line in ok(sh("ps com.android")).splitlines()[1:]] == [
        "com.android.systemui",
        "com.android.launcher3",
    ]
    assert ok(sh("pidof -s -o 580 system_server init")) == "1\n"
    ok(sh(f"am force-stop {CONTACTS}"))
    assert CONTACTS not in ok(sh("ps -A")) and failed(sh(f"pidof {CONTACTS}")) == ""
    assert "ps: bad -o FOO" in failed(sh("ps -o pid,foo"))
    assert "pidof: Need 1 argument" in failed(sh("pidof"))
    assert "ps: pid must be an integer" in failed(sh("ps -p 12,x"))


def test_logcat_pid_keeps_one_processs_lines(sh: Run, phone: Phone) -> None:
    ok(sh(f"am start -n {CONTACTS}/{MAIN}"))
    phone.log(CONTACTS, "ContactsTest", "from the app")
    phone.log("android", "SystemTest", "from the system")
    lines = ok(sh(f"logcat -d --pid={phone.pids[CONTACTS]}")).splitlines()
    assert lines[-1].endswith("ContactsTest: from the app")
    assert not any("SystemTest" in line for line in lines)
    assert ok(sh("logcat -d --pid=580")).splitlines()[-1].endswith("SystemTest: from the system")
    assert "logcat --pid must be an integer" in failed(sh("logcat -d --pid=contacts"))


def test_am_start_of_a_tasks_first_activity_brings_the_task_to_the_front(
    sh: Run, phone: Phone
) -> None:
    ok(sh("am start -n com.android.settings/.Settings"))
    ok(sh("am start -n 'com.android.settings/.Settings$DisplaySettingsActivity'"))
    again = ok(sh("am start -n com.android.settings/.Settings; input keyevent HOME"))
    assert "Warning: Activity not started, its current task has been brought to the front" in again
    ok(sh("am start -n com.android.settings/.Settings"))
    assert phone.foreground == (SETTINGS, ".Settings$DisplaySettingsActivity")  # as it was
    assert [s.activity for s in phone.activities.tasks[SETTINGS]] == [
        ".Settings",
        ".Settings$DisplaySettingsActivity",
    ]


def test_am_start_resolves_a_web_page_and_settings_actions(sh: Run, phone: Phone) -> None:
    ok(sh("am start -a android.settings.WIFI_SETTINGS"))
    assert phone.foreground == (SETTINGS, ".Settings$NetworkDashboardActivity")
    url = "https://en.wikipedia.org/wiki/Android_(operating_system)"
    ok(sh(f"am start -a android.intent.action.VIEW -d '{url}'"))
    assert phone.foreground[0] == "com.android.chrome"
    assert any(node.text == url for node in find_all(phone.hierarchy_xml(), id="url_bar"))
    ok(sh("am start -n com.android.settings/.Settings -e note hello"))
    assert phone.activities.tasks[SETTINGS][-1].args == {"note": "hello"}


def test_monkey_launches_an_app(sh: Run, phone: Phone) -> None:
    assert "Events injected: 1" in ok(
        sh(f"monkey -p {CONTACTS} -c android.intent.category.LAUNCHER 1")
    )
    assert phone.foreground == (CONTACTS, MAIN)
    assert "No activities found" in failed(sh("monkey -p com.example.none 1"))
    assert "only `monkey -p PACKAGE" in failed(sh("monkey 500"))


def test_pm(sh: Run, phone: Phone) -> None:
    packages = ok(sh("pm list packages")).splitlines()
    assert f"package:{CONTACTS}" in packages and "package:android" in packages
    assert ok(sh("pm list packages -3")).splitlines() == sorted(
        f"package:{p}" for p in phone.apps if not p.startswith("com.android.")
    )
    assert ok(sh("pm list packages --user 0 settings")) == f"package:{SETTINGS}\n"
    db = phone.database(CONTACTS, "contacts")
    assert db.execute("SELECT count(*) FROM contacts").fetchone()[0] > 0
    assert ok(sh(f"pm clear {CONTACTS}")) == "Success\n"
    assert (
        phone.database(CONTACTS, "contacts").execute("SELECT count(*) FROM contacts").fetchone()[0]
        == 0
    )
    assert "not installed" in failed(sh("pm clear com.example.none"))


def test_pm_grant_and_revoke(sh: Run) -> None:
    """The simulated apps hold every permission they ask for: a grant has nothing to change,
    and a revoke, which would have to take one away, is refused."""
    permission = "android.permission.READ_CONTACTS"
    assert ok(sh(f"pm grant {CONTACTS} {permission}")) == ""
    assert ok(sh(f"pm grant --user 0 {CONTACTS} {permission}")) == ""
    assert "Unknown package: com.example.none" in failed(
        sh(f"pm grant com.example.none {permission}")
    )
    assert "Unknown permission: READ" in failed(sh(f"pm grant {CONTACTS} READ"))
    assert "pm revoke: " in failed(sh(f"pm revoke {CONTACTS} {permission}"))


def test_pm_says_the_apps_are_fixed(sh: Run, phone: Phone) -> None:
    for line in (f"pm uninstall {CONTACTS}", "pm install /data/local/tmp/a.apk",
                 f"pm disable-user {CONTACTS}"):  # fmt: skip
        assert failed(sh(line)).startswith("Failure [pm ")
    assert CONTACTS in phone.apps and f"package:{CONTACTS}" in ok(sh("pm list packages"))


def test_am_get_current_user(sh: Run) -> None:
    assert ok(sh("am get-current-user")) == "0\n"


def test_pm_path_and_a_packages_one_uid(sh: Run, phone: Phone) -> None:
    """``pm path`` finds the APK ``dumpsys package`` names the folder of, and ``pm list
    packages -U``, ``dumpsys package``, ``ls -l`` and ``ps`` give an app the same uid."""
    apk = f"/data/app/{CONTACTS}-1/base.apk"
    assert ok(sh(f"pm path {CONTACTS}")) == f"package:{apk}\n"
    assert f"codePath=/data/app/{CONTACTS}-1\n" in ok(sh(f"dumpsys package {CONTACTS}"))
    assert ok(sh("pm path com.android.settings")).startswith("package:/system/priv-app/")
    assert sh("pm path com.example.none") == ShellResult(b"", b"", 1)
    uid = phone.activities.uid(CONTACTS)
    assert ok(sh(f"pm list packages -f -U {CONTACTS}")) == f"package:{apk}={CONTACTS} uid:{uid}\n"
    assert f"userId={uid}\n" in ok(sh(f"dumpsys package {CONTACTS}"))
    assert ok(sh(f"ls -ld /data/data/{CONTACTS}")).split()[2] == f"u0_a{uid - 10000}"
    ok(sh(f"am start -n {CONTACTS}/{MAIN}"))
    assert (
        ok(sh(f"ps -p {phone.pids[CONTACTS]}")).splitlines()[1].split()[0] == f"u0_a{uid - 10000}"
    )
    assert "userId=1000\n" in ok(sh("dumpsys package android"))


def test_app_commands_take_the_package_names_an_app_is_installed_in_place_of(
    sh: Run, phone: Phone
) -> None:
    """A MobileWorld package name opens, stops and clears the app that plays it here."""
    messages = "com.google.android.apps.messaging"
    ok(sh(f"monkey -p {messages} -c android.intent.category.LAUNCHER 1"))
    assert phone.foreground == (SMS_MESSENGER, ".activities.MainActivity")
    ok(sh(f"am force-stop {messages}"))
    assert SMS_MESSENGER not in phone.pids
    ok(sh(f"am start -n {messages}/{messages}.activities.MainActivity"))
    assert phone.foreground == (SMS_MESSENGER, ".activities.MainActivity")
    ok(sh("am start -W com.google.android.contacts"))
    assert phone.foreground == (CONTACTS, MAIN)
    assert (
        phone.database(CONTACTS, "contacts").execute("SELECT count(*) FROM contacts").fetchone()[0]
    )
    assert ok(sh("pm clear com.google.android.contacts")) == "Success\n"
    count = "SELECT count(*) FROM contacts"
    assert phone.database(CONTACTS, "contacts").execute(count).fetchone()[0] == 0


def test_settings(sh: Run, phone: Phone) -> None:
    assert ok(sh("settings get global airplane_mode_on")) == "0\n"
    ok(sh("settings put global airplane_mode_on 1"))
    assert phone.settings.get("global", "airplane_mode_on") == "1"
    assert ok(sh("settings --user 0 get secure no_such_key")) == "null\n"
    assert "screen_brightness=128" in ok(sh("settings list system")).splitlines()
    assert ok(sh("settings delete global airplane_mode_on")) == "Deleted 1 rows\n"
    assert "unknown settings namespace 'local'" in failed(sh("settings get local x"))
    assert "Settings provider" in failed(sh("settings get global"))


def test_settings_put_refuses_what_android_validates(sh: Run, phone: Phone) -> None:
    refused = failed(sh("settings put system font_scale big"), 255)
    assert refused == (
        "\nException occurred while executing 'put':\n"
        "java.lang.IllegalArgumentException: Invalid value: big for setting: font_scale\n"
    )
    for key, value in [
        ("font_scale", "9"),
        ("font_scale", "NaN"),
        ("screen_off_timeout", "-1"),
        ("screen_off_timeout", "1.5"),
        ("screen_brightness_mode", "2"),
        ("accelerometer_rotation", "yes"),
        ("time_12_24", "13"),
    ]:
        assert f"Invalid value: {value} for setting: {key}" in failed(
            sh(f"settings put system {key} {value}"), 255
        )
    assert "executing '--user'" in failed(sh("settings --user 0 put system time_12_24 1"), 255)
    assert phone.settings.get("system", "font_scale") == "1.0"  # none was stored
    assert phone.settings.get("system", "screen_off_timeout") == "60000"
    ok(sh("settings put system font_scale 1.3f; settings put system screen_off_timeout 0"))
    assert phone.settings.get("system", "font_scale") == "1.3f"  # Float.parseFloat takes it
    ok(sh("settings put global font_scale big"))  # only system settings are checked
    ok(sh("settings put system screen_brightness 300"))  # Android 14 checks no brightness
    assert phone.settings.get("system", "screen_brightness") == "300"


def test_logcat_dump_formats_and_clear(sh: Run, phone: Phone) -> None:
    phone.log("android", "TestTag", "hello logcat", "W")
    threadtime = ok(sh("logcat -d")).splitlines()
    assert threadtime[0] == "--------- beginning of main"
    assert re.fullmatch(
        r"\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ W TestTag: hello logcat", threadtime[-1]
    )
    assert re.fullmatch(
        r"\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} W/TestTag\( *\d+\): hello logcat",
        ok(sh("logcat -d -v time")).splitlines()[-1],
    )
    assert re.fullmatch(
        r" +\d+\.\d{3} +\d+ +\d+ W TestTag: hello logcat",
        ok(sh("logcat -v epoch -d")).splitlines()[-1],
    )
    assert ok(sh("logcat -d -s TestTag:W")).splitlines()[1:] == [threadtime[-1]]
    assert ok(sh("logcat -d *:E")) == ""  # nothing at error level
    assert len(ok(sh("logcat -t 2")).splitlines()) == 3
    assert ok(sh("logcat -d -e 'hello l.g'")).splitlines()[1:] == [threadtime[-1]]
    ok(sh("logcat -c"))
    assert ok(sh("logcat -d")) == ""
    assert "unknown format" in failed(sh("logcat -v fancy -d"))


def test_getprop(sh: Run) -> None:
    assert ok(sh("getprop sys.boot_completed")) == "1\n"
    assert ok(sh("getprop ro.product.model")) == "Pixel 7\n"
    assert ok(sh("getprop no.such.prop")) == "\n"
    assert ok(sh("getprop no.such.prop fallback")) == "fallback\n"
    assert "[ro.build.version.sdk]: [34]" in ok(sh("getprop")).splitlines()
    # what tools read to tell an emulator and its build
    assert ok(sh("getprop ro.hardware")) == "ranchu\n"
    assert re.fullmatch(
        r"google/sdk_gphone64_x86_64/emu64xa:14/\w+\.\d+\.\d+/\d+:userdebug/dev-keys\n",
        ok(sh("getprop ro.build.fingerprint")),
    )
    assert ok(sh("getprop ro.debuggable; getprop service.adb.root")) == "1\n1\n"  # root adbd


# files -------------------------------------------------------------------------------------------
def test_echo_redirections_and_cat(sh: Run, phone: Phone) -> None:
    ok(sh("echo first > /sdcard/f.txt; echo second >> /sdcard/f.txt"))
    assert phone.read_file("/sdcard/f.txt") == b"first\nsecond\n"
    assert ok(sh("cat /sdcard/f.txt")) == "first\nsecond\n"
    assert ok(sh('echo -n "no newline"')) == "no newline"
    assert ok(sh(r"echo -e 'a\tb'")) == "a\tb\n"
    assert sh("ls /missing 2>&1").stdout == b"ls: /missing: No such file or directory\n"
    assert sh("ls /missing 2> /sdcard/err.txt").stderr == b""
    assert phone.read_file("/sdcard/err.txt") == b"ls: /missing: No such file or directory\n"
    assert "cat: /sdcard/none: No such file or directory" in failed(sh("cat /sdcard/none"))
    assert "cat: /sdcard: Is a directory" in failed(sh("cat /sdcard"))
    assert ok(sh("echo piped | cat")) == "piped\n"


def test_a_redirect_to_a_path_the_phone_refuses_is_a_shell_error(sh: Run, phone: Phone) -> None:
    for line in ("echo hi > /sdcard/a\x00b", "echo hi >> /sdcard/a\x00b", "ls / 2> /sdcard/\x00"):
        assert "can't create" in failed(sh(line)) and "cannot contain NUL" in failed(sh(line))
    assert not any("\x00" in path for path in phone.storage.file_paths())
    assert ok(sh("echo still here")) == "still here\n"


def test_ls_mkdir_touch_rm(sh: Run, phone: Phone) -> None:
    ok(sh("mkdir -p /sdcard/a/b && touch /sdcard/a/b/one.txt /sdcard/a/two.txt"))
    assert ok(sh("ls /sdcard/a")) == "b\ntwo.txt\n"
    assert ok(sh("ls -R /sdcard/a")) == "/sdcard/a:\nb\ntwo.txt\n\n/sdcard/a/b:\none.txt\n"
    assert ok(sh("ls -d /sdcard/a")) == "/sdcard/a\n"
    assert ok(sh("ls /sdcard/a/*.txt")) == "/sdcard/a/two.txt\n"
    assert ok(sh("ls -a /sdcard/a")).split() == [".", "..", "b", "two.txt"]
    long = ok(sh("ls -l /sdcard/a")).splitlines()
    assert long[0].startswith("drwxrwx--x") and long[1].startswith("-rw-rw----")
    assert "File exists" in failed(sh("mkdir /sdcard/a"))
    assert "No such file or directory" in failed(sh("mkdir /sdcard/x/y"))
    assert "Is a directory" in failed(sh("rm /sdcard/a"))
    ok(sh("rm -f /sdcard/a/none; rm -rf /sdcard/a"))
    assert sh("ls /sdcard/a").status == 1
    assert "Permission denied" in failed(sh("rm -r /sdcard"))
    ok(sh("touch /sdcard/t1 /sdcard/t2; rm /sdcard/t*"))
    assert not phone.storage.exists("/sdcard/t1") and not phone.storage.exists("/sdcard/t2")


def test_folders_made_and_removed_are_the_phones(sh: Run, phone: Phone) -> None:
    """The shell's folders are the storage's: the apps see what mkdir makes and rm -rf
    removes (an empty folder too)."""
    ok(sh("mkdir /sdcard/Empty && mkdir -p /sdcard/Deep/er"))
    assert phone.storage.is_dir("/sdcard/Empty") and phone.storage.is_dir("/sdcard/Deep/er")
    assert "Empty" in phone.storage.list_dir("/sdcard")
    ok(sh("rm -rf /sdcard/Music /sdcard/Deep"))
    assert not phone.storage.is_dir("/sdcard/Music") and not phone.storage.exists("/sdcard/Deep")
    assert "Music" not in ok(sh("ls /sdcard")).split()


def test_grep(sh: Run) -> None:
    ok(sh("echo alpha > /sdcard/g1; echo Beta >> /sdcard/g1; echo gamma > /sdcard/g2"))
    assert ok(sh("grep -i beta /sdcard/g1")) == "Beta\n"
    assert sh("grep -v a /sdcard/g1") == ShellResult(b"", b"", 1)
    assert (
        ok(sh("grep a /sdcard/g1 /sdcard/g2"))
        == "/sdcard/g1:alpha\n/sdcard/g1:Beta\n/sdcard/g2:gamma\n"
    )
    assert ok(sh("cat /sdcard/g1 | grep -q alpha && echo found")) == "found\n"
    assert (
        failed(sh("grep x /sdcard/none"), status=2)
        == "grep: /sdcard/none: No such file or directory\n"
    )
    assert "bad pattern" in failed(sh("grep '(' /sdcard/g1"), status=2)
    # -e repeats: a line matching any of the patterns (not only the last one given)
    assert ok(sh("grep -e alpha -e eta /sdcard/g1")) == "alpha\nBeta\n"
    assert ok(sh("cat /sdcard/g1 /sdcard/g2 | grep -v -e alpha -e gam")) == "Beta\n"
    assert ok(sh("grep -c -F -e a. -e Beta /sdcard/g1")) == "1\n"


def test_sleep_advances_virtual_time(sh: Run, phone: Phone) -> None:
    before = phone.clock.elapsed_ms
    ok(sh("sleep 2.5"))
    assert phone.clock.elapsed_ms - before == 2500
    assert "invalid time interval" in failed(sh("sleep -1"))
    # a sleep past the last date the clock can show is refused, and the phone goes on
    before = phone.clock.elapsed_ms
    assert "the clock cannot pass 9999-12-31" in failed(sh("sleep 999999999999"))
    assert phone.clock.elapsed_ms == before
    shot = sh("screencap -p")
    assert shot.status == 0 and shot.stdout.startswith(b"\x89PNG")


def test_syntax_errors_are_reported(sh: Run) -> None:
    assert "unterminated quoted string" in failed(sh("echo 'open"), status=2)
    assert "background jobs" in failed(sh("sleep 1 &"), status=2)
    assert "unterminated $(" in failed(sh("echo $(id"), status=2)
    assert "';' unexpected" in failed(sh("; echo"), status=2)


def test_hierarchy_xml_from_the_shell_parses(sh: Run) -> None:
    ok(sh("uiautomator dump /data/local/tmp/uidump.xml"))
    etree.fromstring(sh("cat /data/local/tmp/uidump.xml").stdout)


# find -----------------------------------------------------------------------------------------
def test_find_lists_what_the_storage_holds(sh: Run, phone: Phone) -> None:
    phone.write_file("/sdcard/Download/b.txt", b"b")
    phone.write_file("/sdcard/Download/a.pdf", b"a")
    phone.write_file("/sdcard/Download/deep/c.txt", b"c")
    listed = ok(sh("find /sdcard/Download")).splitlines()
    assert listed[0] == "/sdcard/Download"
    assert {
        "/sdcard/Download/b.txt",
        "/sdcard/Download/deep",
        "/sdcard/Download/deep/c.txt",
    } <= set(listed)
    assert listed.index("/sdcard/Download/deep") < listed.index("/sdcard/Download/deep/c.txt")
    found = ok(sh("find /sdcard/Download -type f -name '*.txt'")).splitlines()
    assert found == ["/sdcard/Download/b.txt", "/sdcard/Download/deep/c.txt"]
    assert ok(sh("find /sdcard/Download -type d")).splitlines() == [
        "/sdcard/Download",
        "/sdcard/Download/deep",
    ]
    phone.write_file("/sdcard/Download/new\nline.txt", b"n")
    ended = ok(sh("find /sdcard/Download -type f -name '*.txt' -print0"))
    assert ended.split("\0") == [
        "/sdcard/Download/b.txt",
        "/sdcard/Download/deep/c.txt",
        "/sdcard/Download/new\nline.txt",
        "",
    ]
    assert "No such file" in failed(sh("find /sdcard/nowhere"))
    assert "bad arg" in failed(sh("find /sdcard -newer x"))
    assert "bad -type" in failed(sh("find /sdcard -type l"))
