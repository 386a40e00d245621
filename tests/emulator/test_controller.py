"""The gRPC ``EmulatorController``: screenshots, input, status, and refusals of bad calls."""

from __future__ import annotations

import io
import socket
from collections.abc import Iterator

import grpc
import numpy as np
import pytest
from android_env.proto import emulator_controller_pb2 as pb
from android_env.proto import emulator_controller_pb2_grpc as pb_grpc
from google.protobuf import empty_pb2
from PIL import Image

from mobile_gym.emulator.server import EmulatorServer

SERVICE = "/android.emulation.control.EmulatorController"
NOTES_ICON = (274, 792)
"""The centre of the Notes icon on the 720x1280 home screen."""
NOTES = "com.simplemobiletools.notes.pro"


@pytest.fixture
def channel(emulator: EmulatorServer) -> Iterator[grpc.Channel]:
    options = [("grpc.max_receive_message_length", -1)]
    address = f"localhost:{emulator.grpc_port}"
    with grpc.secure_channel(address, grpc.local_channel_credentials(), options=options) as ch:
        yield ch


@pytest.fixture
def stub(channel: grpc.Channel) -> pb_grpc.EmulatorControllerStub:
    return pb_grpc.EmulatorControllerStub(channel)


def screen(emulator: EmulatorServer) -> np.ndarray:
    with emulator.locked() as phone:
        return phone.screenshot(1.0)


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
