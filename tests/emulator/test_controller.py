"""The gRPC ``EmulatorController``: screenshots, input, status, and refusals of bad calls."""

from __future__ import annotations

import io
import socket
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path

import grpc
import numpy as np
import pytest
from android_env.proto import emulator_controller_pb2 as pb
from android_env.proto import emulator_controller_pb2_grpc as pb_grpc
from google.protobuf import empty_pb2
from PIL import Image

from mobile_gym.emulator.server import EmulatorServer
from mobile_gym.sim import input as events
from mobile_gym.sim.apps.chrome import PACKAGE as CHROME
from mobile_gym.sim.driver import find_all

SERVICE = "/android.emulation.control.EmulatorController"
NOTES_ICON = (274, 792)
"""The centre of the Notes icon on the 720x1280 home screen."""
NOTES = "com.simplemobiletools.notes.pro"
KEY = pb.KeyboardEvent
KEYDOWN, KEYUP, KEYPRESS = (
    KEY.KeyEventType.keydown,
    KEY.KeyEventType.keyup,
    KEY.KeyEventType.keypress,
)


@pytest.fixture
def channel(emulator: EmulatorServer) -> Iterator[grpc.Channel]:
    options = [("grpc.max_receive_message_length", -1)]
    address = f"localhost:{emulator.grpc_port}"
    with grpc.secure_channel(address, grpc.local_channel_credentials(), options=options) as ch:
        yield ch


@pytest.fixture
def stub(channel: grpc.Channel) -> pb_grpc.EmulatorControllerStub:
    return pb_grpc.EmulatorControllerStub(channel)


@pytest.fixture
def url_bar(emulator: EmulatorServer) -> None:
    """Chrome in front, its empty address bar focused."""
    with emulator.locked() as phone:
        phone.start_activity(CHROME)
        (node,) = find_all(phone.hierarchy_xml(), resource_id=f"{CHROME}:id/url_bar")
        phone.send_all(events.tap(*node.bounds.center))
        assert phone.focused_field() is not None


def screen(emulator: EmulatorServer) -> np.ndarray:
    with emulator.locked() as phone:
        return phone.screenshot(1.0)


def typed(emulator: EmulatorServer) -> str | None:
    """The focused field's text; None when no field has the focus."""
    with emulator.locked() as phone:
        field = phone.focused_field()
        return None if field is None else field.text


def touch(stub: pb_grpc.EmulatorControllerStub, *fingers: tuple[int, int, int, int]) -> None:
    """One ``TouchEvent`` of (identifier, x, y, pressure) fingers."""
    touches = [pb.Touch(identifier=i, x=x, y=y, pressure=down) for i, x, y, down in fingers]
    stub.sendTouch(pb.TouchEvent(touches=touches))


def touching(emulator: EmulatorServer) -> bool:
    with emulator.locked() as phone:
        return phone.touching


def test_status_reports_a_booted_phone_and_its_screen(
    stub: pb_grpc.EmulatorControllerStub,
) -> None:
    status = stub.getStatus(empty_pb2.Empty())
    assert status.booted
    hardware = {e.key: e.value for e in status.hardwareConfig.entry}
    assert hardware == {"hw.lcd.width": "720", "hw.lcd.height": "1280", "hw.lcd.density": "320"}
    assert stub.getVmState(empty_pb2.Empty()).state == pb.VmRunState.RunState.RUNNING
    displays = stub.getDisplayConfigurations(empty_pb2.Empty()).displays
    assert [(d.width, d.height, d.dpi) for d in displays] == [(720, 1280, 320)]


def test_screenshots_in_each_format_equal_the_phones_screen(
    stub: pb_grpc.EmulatorControllerStub, emulator: EmulatorServer
) -> None:
    expected = screen(emulator)
    rgba = stub.getScreenshot(pb.ImageFormat(format=pb.ImageFormat.ImgFormat.RGBA8888))
    assert (rgba.format.width, rgba.format.height) == (720, 1280)
    pixels = np.frombuffer(rgba.image, np.uint8).reshape(1280, 720, 4)
    assert np.array_equal(pixels[..., :3], expected) and (pixels[..., 3] == 255).all()
    rgb = stub.getScreenshot(pb.ImageFormat(format=pb.ImageFormat.ImgFormat.RGB888))
    assert np.array_equal(np.frombuffer(rgb.image, np.uint8).reshape(1280, 720, 3), expected)
    png = stub.getScreenshot(pb.ImageFormat(format=pb.ImageFormat.ImgFormat.PNG))
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(png.image)).convert("RGB")), expected)
    assert rgb.seq == rgba.seq == 0  # a single screenshot's, as the proto says


def test_the_screenshot_tells_the_phones_own_rotation(
    stub: pb_grpc.EmulatorControllerStub,
) -> None:
    landscape = pb.Rotation(rotation=pb.Rotation.SkinRotation.LANDSCAPE)
    shot = stub.getScreenshot(
        pb.ImageFormat(format=pb.ImageFormat.ImgFormat.RGB888, rotation=landscape)
    )
    assert shot.format.rotation.rotation == pb.Rotation.SkinRotation.PORTRAIT
    assert (shot.format.width, shot.format.height) == (720, 1280)


def test_a_requested_size_is_fitted_keeping_the_aspect_ratio(
    stub: pb_grpc.EmulatorControllerStub,
) -> None:
    shot = stub.getScreenshot(
        pb.ImageFormat(format=pb.ImageFormat.ImgFormat.RGB888, width=180, height=1000)
    )
    assert (shot.format.width, shot.format.height) == (180, 320)
    assert len(shot.image) == 180 * 320 * 3


def test_a_touch_down_and_up_taps_an_app_open(
    stub: pb_grpc.EmulatorControllerStub, emulator: EmulatorServer
) -> None:
    x, y = NOTES_ICON
    stub.sendTouch(pb.TouchEvent(touches=[pb.Touch(x=x, y=y, pressure=1)]))
    stub.sendTouch(pb.TouchEvent(touches=[pb.Touch(x=x, y=y, pressure=0)]))
    with emulator.locked() as phone:
        assert phone.foreground_package == NOTES
    stub.sendKey(pb.KeyboardEvent(key="GoBack", eventType=pb.KeyboardEvent.KeyEventType.keydown))
    with emulator.locked() as phone:
        assert phone.foreground_package != NOTES


def test_mouse_clicks_and_xkb_keys_drive_the_phone(
    stub: pb_grpc.EmulatorControllerStub, emulator: EmulatorServer
) -> None:
    x, y = NOTES_ICON
    stub.sendMouse(pb.MouseEvent(x=x, y=y, buttons=1))
    stub.sendMouse(pb.MouseEvent(x=x, y=y, buttons=0))
    with emulator.locked() as phone:
        assert phone.foreground_package == NOTES
    xkb_escape = 9  # what android_env sends on Linux for Escape: evdev 1 + 8
    stub.sendKey(pb.KeyboardEvent(codeType=pb.KeyboardEvent.KeyCodeType.XKB, keyCode=xkb_escape))
    with emulator.locked() as phone:
        assert phone.foreground_package != NOTES


def test_the_phone_follows_the_first_finger_down_and_ignores_the_others(
    stub: pb_grpc.EmulatorControllerStub, emulator: EmulatorServer
) -> None:
    x, y = NOTES_ICON
    touch(stub, (0, x, y, 1), (1, 0, 0, 0))  # as android_env sends it: finger 1 idle
    assert touching(emulator)
    touch(stub, (1, 0, 0, 0))  # the idle finger again: finger 0 stays down
    assert touching(emulator)
    touch(stub, (0, x, y, 1), (1, 40, 900, 1))  # a second finger down, then moving:
    touch(stub, (1, 40, 1000, 1))  # ignored, so no drag
    touch(stub, (1, 40, 1000, 0))
    assert touching(emulator)
    touch(stub, (0, x, y, 0), (1, 0, 0, 0))  # finger 0 lifts: the press was a tap
    assert not touching(emulator)
    with emulator.locked() as phone:
        assert phone.foreground_package == NOTES
    touch(stub, (1, 40, 900, 1))  # no finger down: another identifier is followed now
    assert touching(emulator)
    stub.sendMouse(pb.MouseEvent(x=x, y=y, buttons=0))  # the mouse's release lifts no finger
    assert touching(emulator)
    touch(stub, (1, 40, 900, 0))
    assert not touching(emulator)


def test_a_printable_key_value_types_that_character(
    stub: pb_grpc.EmulatorControllerStub, emulator: EmulatorServer, url_bar: None
) -> None:
    """Digits are characters (not Android key codes: "3" is not HOME), upper case and the
    characters needing Shift are typed as they are."""
    keys = ["a", "Z", "7", "0", "4", "3", ".", "@", " ", "!", "~", "{"]
    for key in keys:
        stub.sendKey(KEY(key=key, eventType=KEYPRESS))
    stub.sendKey(KEY(key="q", eventType=KEYDOWN))  # typed once: on the way down
    stub.sendKey(KEY(key="q", eventType=KEYUP))
    assert typed(emulator) == "".join(keys) + "q"
    with emulator.locked() as phone:
        assert phone.foreground_package == CHROME


def test_named_key_values_press_their_android_key(
    stub: pb_grpc.EmulatorControllerStub, emulator: EmulatorServer, url_bar: None
) -> None:
    for key in ("x", "y", "Backspace", "ArrowLeft", "Tab", "F5", "Control", "Shift"):
        stub.sendKey(KEY(key=key, eventType=KEYPRESS))
    assert typed(emulator) == "x"
    stub.sendKey(KEY(key="Enter", eventType=KEYPRESS))  # the address bar's submit
    assert typed(emulator) is None
    stub.sendKey(KEY(key="GoHome", eventType=KEYPRESS))
    with emulator.locked() as phone:
        assert phone.foreground_package != CHROME


KEY_CODES = {
    KEY.KeyCodeType.Evdev: {"a": 30, "1": 2, "Backspace": 14, "Enter": 28, "Shift": 42},
    KEY.KeyCodeType.XKB: {"a": 38, "1": 10, "Backspace": 22, "Enter": 36, "Shift": 50},
    KEY.KeyCodeType.Usb: {
        "a": 0x070004,
        "1": 0x07001E,
        "Backspace": 0x07002A,
        "Enter": 0x070028,
        "Shift": 0x0700E1,
    },
}
"""Keys by code type: evdev codes, XKB codes (evdev + 8), HID usages (keyboard page 7)."""


@pytest.mark.parametrize("code_type", list(KEY_CODES), ids=KEY.KeyCodeType.Name)
def test_letters_digits_backspace_and_enter_by_key_code(
    code_type: int, stub: pb_grpc.EmulatorControllerStub, emulator: EmulatorServer, url_bar: None
) -> None:
    codes = KEY_CODES[code_type]

    def send(name: str, kind: int = KEYPRESS) -> None:
        stub.sendKey(KEY(codeType=code_type, keyCode=codes[name], eventType=kind))

    for name in ("a", "1", "a", "Backspace"):
        send(name)
    send("Shift", KEYDOWN)  # held: the next keys type their shifted characters
    send("a")
    send("1")
    send("Shift", KEYUP)
    send("a", KEYDOWN)
    send("a", KEYUP)
    assert typed(emulator) == "a1A!a"
    send("Enter")
    assert typed(emulator) is None  # submitted
    with emulator.locked() as phone:
        (node,) = find_all(phone.hierarchy_xml(), resource_id=f"{CHROME}:id/url_bar")
    assert node.text.endswith("q=a1A%21a")


def test_a_usb_keyboard_usage_may_leave_out_its_page(
    stub: pb_grpc.EmulatorControllerStub, emulator: EmulatorServer, url_bar: None
) -> None:
    for usage in (0x04, 0x1E, 0x2C, 0x1D):  # a, 1, space, z
        stub.sendKey(KEY(codeType=KEY.KeyCodeType.Usb, keyCode=usage, eventType=KEYPRESS))
    assert typed(emulator) == "a1 z"


def test_keys_no_keyboard_has_are_refused_naming_the_problem(
    stub: pb_grpc.EmulatorControllerStub,
) -> None:
    refused = [
        (KEY(key="NoSuchKey"), "no key 'NoSuchKey'"),
        (KEY(key="ab"), "no key 'ab'"),
        (KEY(codeType=KEY.KeyCodeType.XKB, keyCode=5000), "XKB key code 5000 names no key"),
        (KEY(codeType=KEY.KeyCodeType.Usb, keyCode=0x070003), "Usb key code 0x070003 names no"),
        (KEY(codeType=KEY.KeyCodeType.Win, keyCode=0x41), "Win key codes are not served"),
        (KEY(codeType=KEY.KeyCodeType.Mac, keyCode=0), "Mac key codes are not served"),
        (KEY(), "no text, key or keyCode"),
    ]
    for event, problem in refused:
        with pytest.raises(grpc.RpcError) as caught:
            stub.sendKey(event)
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert caught.value.details().startswith("sendKey: ")
        assert problem in caught.value.details()


def test_the_grpc_port_is_not_shared_with_another_grpc_server(emulator: EmulatorServer) -> None:
    """gRPC servers share a port by default (SO_REUSEPORT): the served one does not."""
    other = grpc.server(futures.ThreadPoolExecutor(max_workers=1))
    try:
        with pytest.raises(RuntimeError, match="Failed to bind"):
            other.add_insecure_port(f"127.0.0.1:{emulator.grpc_port}")
    finally:
        other.stop(grace=None)


def test_a_port_an_emulators_grpc_server_holds_is_refused(token_file: Path) -> None:
    """A real emulator's gRPC server shares its port by default: starting on it fails."""
    other = grpc.server(futures.ThreadPoolExecutor(max_workers=1))
    port = other.add_insecure_port("127.0.0.1:0")
    other.start()
    try:
        server = EmulatorServer(0, port, 0, auth_token_path=token_file)
        with pytest.raises(OSError, match=f"cannot listen on 127.0.0.1:{port}: Address already"):
            server.start()
    finally:
        other.stop(grace=None)


def test_unknown_methods_answer_unimplemented_with_their_name(channel: grpc.Channel) -> None:
    for path in (f"{SERVICE}/sendSms", f"{SERVICE}/streamScreenshot", "/no.such.Service/call"):
        with pytest.raises(grpc.RpcError) as caught:
            channel.unary_unary(path)(b"")
        assert caught.value.code() == grpc.StatusCode.UNIMPLEMENTED
        assert path in caught.value.details()


def test_malformed_and_impossible_requests_answer_invalid_argument(
    channel: grpc.Channel, stub: pb_grpc.EmulatorControllerStub
) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        channel.unary_unary(f"{SERVICE}/sendTouch")(b"\xff\xff\xff\xff")
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "sendTouch" in caught.value.details()
    bad_calls = [
        lambda: stub.sendTouch(pb.TouchEvent(touches=[pb.Touch(x=5000, y=1, pressure=1)])),
        lambda: stub.getScreenshot(pb.ImageFormat(display=3)),
        lambda: stub.getScreenshot(pb.ImageFormat(width=100_000)),
        lambda: stub.sendKey(pb.KeyboardEvent(key="NoSuchKey")),
    ]
    for call in bad_calls:
        with pytest.raises(grpc.RpcError) as caught:
            call()
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert stub.getStatus(empty_pb2.Empty()).booted  # still serving


def test_garbage_on_the_grpc_port_does_not_crash_the_server(
    emulator: EmulatorServer, stub: pb_grpc.EmulatorControllerStub
) -> None:
    with socket.create_connection(("127.0.0.1", emulator.grpc_port), timeout=5) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\n\r\n" + bytes(range(256)) * 4)
        sock.settimeout(2)
        try:
            while sock.recv(4096):
                pass
        except (TimeoutError, ConnectionResetError):
            pass
    assert stub.getStatus(empty_pb2.Empty()).booted


def test_shutdown_stops_the_emulator(
    stub: pb_grpc.EmulatorControllerStub, emulator: EmulatorServer
) -> None:
    stub.setVmState(pb.VmRunState(state=pb.VmRunState.RunState.SHUTDOWN))
    assert emulator.killed.is_set()
