"""The emulator's gRPC ``EmulatorController`` service, answered by a simulated phone.

Uses the message classes generated from the emulator's ``emulator_controller.proto`` that ship
in the ``android_env`` package. Served methods:

- ``getStatus``: booted, uptime (the phone's virtual milliseconds since boot), VM and hardware
  configuration (``hw.lcd.width``, ``hw.lcd.height``, ``hw.lcd.density``);
- ``getScreenshot``: ``RGBA8888``, ``RGB888`` or ``PNG``, at the screen's size or fitted into
  the requested ``width`` x ``height`` keeping the aspect ratio (as the emulator does);
- ``sendTouch``: a touch with pressure > 0 puts its finger down or moves it, pressure 0 lifts
  it. The phone is single-touch: it follows the first finger down (by ``identifier``) until
  that finger lifts; meanwhile other fingers, going down, moving or lifting, are ignored (as
  are the idle fingers android_env sends with pressure 0 when ``num_fingers`` > 1);
- ``sendMouse``: the left button down touches (or drags), released it lifts; the mouse is one
  more pointer, followed (as a finger is) only if it goes down while no finger is down;
- ``sendKey``: ``text``, a ``key`` value (a printable character such as ``a``, ``A`` or ``7``,
  or a name such as ``Enter`` or ``GoBack``) or a ``keyCode`` (``Usb``, ``Evdev`` or ``XKB``),
  as ``mobile_gym.emulator.keys`` reads them;
- ``getVmState`` (``RUNNING``) and ``setVmState`` (``SHUTDOWN``/``TERMINATE`` stop the emulator,
  ``RESET`` reboots the phone to its factory state);
- ``getDisplayConfigurations``: the one display.

Any other method answers ``UNIMPLEMENTED`` naming it; a request that does not parse, or asks for
what the phone has not (another display, a point off the screen, a key its keyboard has not),
answers ``INVALID_ARGUMENT``.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import numpy as np
from android_env.proto import emulator_controller_pb2 as pb
from google.protobuf import empty_pb2
from google.protobuf.message import DecodeError, Message
from PIL import Image

from mobile_gym.emulator.keys import Keyboard, Press, Type
from mobile_gym.sim import Phone

SERVICE = pb.DESCRIPTOR.services_by_name["EmulatorController"]
MAX_SCREENSHOT_SIDE = 8192
VERSION = "mobile-gym simulated emulator"
MOUSE = "mouse"
"""The pointer ``sendMouse`` moves, beside the fingers of ``sendTouch`` (by identifier)."""


class Malformed:
    """A request body that did not parse as the method's message."""

    def __init__(self, error: str) -> None:
        self.error = error


class PhoneController:
    """Answers ``EmulatorController`` calls on one phone.

    Args:
        locked: enters a context holding the phone with no other command running on it.
        on_shutdown: called when a client asks the VM to shut down.
    """

    def __init__(
        self,
        locked: Callable[[], contextlib.AbstractContextManager[Phone]],
        on_shutdown: Callable[[], None] = lambda: None,
    ) -> None:
        self._locked = locked
        self._on_shutdown = on_shutdown
        self._keyboard = Keyboard()
        self._pointer: int | str | None = None
        """The finger identifier (or ``MOUSE``) the phone follows while it is down."""

    # status -------------------------------------------------------------------------------------
    def getStatus(self, request: empty_pb2.Empty, context: grpc.ServicerContext) -> Message:  # noqa: N802
        """The emulator status: booted, uptime in ms, VM and hardware configuration."""
        with self._locked() as phone:
            uptime = phone.clock.stamp() - phone.boot_ms
            display = phone.display
        hardware = pb.EntryList(
            entry=[
                pb.Entry(key="hw.lcd.width", value=str(display.width)),
                pb.Entry(key="hw.lcd.height", value=str(display.height)),
                pb.Entry(key="hw.lcd.density", value=str(display.dpi)),
            ]
        )
        return pb.EmulatorStatus(
            version=VERSION,
            uptime=max(uptime, 0),
            booted=True,
            vmConfig=pb.VmConfiguration(
                hypervisorType=pb.VmConfiguration.VmHypervisorType.NONE, numberOfCpuCores=1
            ),
            hardwareConfig=hardware,
        )

    def getVmState(self, request: empty_pb2.Empty, context: grpc.ServicerContext) -> Message:  # noqa: N802
        """Always ``RUNNING`` while served."""
        return pb.VmRunState(state=pb.VmRunState.RunState.RUNNING)

    def setVmState(self, request: pb.VmRunState, context: grpc.ServicerContext) -> Message:  # noqa: N802
        """``SHUTDOWN``/``TERMINATE`` stop the emulator; ``RESET`` reboots the phone."""
        state = request.state
        if state in (pb.VmRunState.RunState.SHUTDOWN, pb.VmRunState.RunState.TERMINATE):
            self._on_shutdown()
        elif state == pb.VmRunState.RunState.RESET:
            with self._locked() as phone:
                phone.factory_reset()
                self._pointer = None
            self._keyboard.release_all()
        elif state != pb.VmRunState.RunState.RUNNING:
            name = pb.VmRunState.RunState.Name(state)
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"setVmState: {name} is not served")
        return empty_pb2.Empty()

    def getDisplayConfigurations(  # noqa: N802
        self, request: empty_pb2.Empty, context: grpc.ServicerContext
    ) -> Message:
        """The phone's one display."""
        with self._locked() as phone:
            display = phone.display
        config = pb.DisplayConfiguration(
            width=display.width, height=display.height, dpi=display.dpi, display=0
        )
        return pb.DisplayConfigurations(displays=[config])

    # screen -------------------------------------------------------------------------------------
    def getScreenshot(self, request: pb.ImageFormat, context: grpc.ServicerContext) -> Message:  # noqa: N802
        """The screen in the requested format, fitted into the requested size if one is given."""
        _check_display(request.display, context)
        if max(request.width, request.height) > MAX_SCREENSHOT_SIDE:
            context.abort(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"getScreenshot: {request.width}x{request.height} is over {MAX_SCREENSHOT_SIDE}",
            )
        with self._locked() as phone:
            frame = phone.screenshot(1.0)
            stamp_us = phone.clock.stamp() * 1000
        frame = fit(frame, request.width, request.height)
        height, width = frame.shape[:2]
        kind = request.format
        if kind == pb.ImageFormat.ImgFormat.RGB888:
            data = np.ascontiguousarray(frame).tobytes()
        elif kind == pb.ImageFormat.ImgFormat.RGBA8888:
            rgba = np.full((height, width, 4), 255, dtype=np.uint8)
            rgba[..., :3] = frame
            data = rgba.tobytes()
        else:
            out = io.BytesIO()
            Image.fromarray(frame).save(out, format="PNG", compress_level=1)
            data = out.getvalue()
        # the phone stays upright: the rotation is its own (output only), not the request's;
        # a single screenshot's sequence number is 0 (the proto's rule; no streams here)
        answered = pb.ImageFormat(
            format=kind, width=width, height=height, rotation=pb.Rotation(), display=0
        )
        return pb.Image(
            format=answered, width=width, height=height, image=data, seq=0, timestampUs=stamp_us
        )

    # input --------------------------------------------------------------------------------------
    def sendTouch(self, request: pb.TouchEvent, context: grpc.ServicerContext) -> Message:  # noqa: N802
        """Pressure > 0 puts a finger down (or moves it); pressure 0 lifts it. Only the first
        finger down reaches the phone, until it lifts."""
        _check_display(request.display, context)
        with self._locked() as phone:
            for touch in request.touches:
                self._point(
                    phone, touch.identifier, (touch.x, touch.y), touch.pressure > 0, context
                )
        return empty_pb2.Empty()

    def sendMouse(self, request: pb.MouseEvent, context: grpc.ServicerContext) -> Message:  # noqa: N802
        """The left button down touches at (x, y); released, it lifts."""
        _check_display(request.display, context)
        with self._locked() as phone:
            self._point(phone, MOUSE, (request.x, request.y), bool(request.buttons & 1), context)
        return empty_pb2.Empty()

    def _point(
        self,
        phone: Phone,
        pointer: int | str,
        at: tuple[int, int],
        down: bool,
        context: grpc.ServicerContext,
    ) -> None:
        """``pointer`` down (or moved) at ``at``, or up; ignored while another one is down."""
        if self._pointer is not None and not phone.touching:
            self._pointer = None  # lifted by other means meanwhile (adb input, say)
        if self._pointer not in (None, pointer):
            return
        if not down:
            if self._pointer == pointer:
                phone.lift()
                self._pointer = None
            return
        x, y = at
        width, height = phone.display.width, phone.display.height
        if not (0 <= x < width and 0 <= y < height):
            method = "sendMouse" if pointer == MOUSE else "sendTouch"
            context.abort(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"{method}: ({x}, {y}) is off the {width}x{height} screen",
            )
        phone.touch(x, y)
        self._pointer = pointer

    def sendKey(self, request: pb.KeyboardEvent, context: grpc.ServicerContext) -> Message:  # noqa: N802
        """Type ``text``, or press the key ``key`` or ``keyCode`` names (on key down)."""
        try:
            action = self._keyboard.read(request)
        except ValueError as exc:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"sendKey: {exc}")
        if action is not None:
            with self._locked() as phone:
                if isinstance(action, Type):
                    phone.text(action.text)
                elif isinstance(action, Press):
                    phone.key(action.key)
        return empty_pb2.Empty()


def fit(frame: np.ndarray, width: int, height: int) -> np.ndarray:
    """``frame`` scaled to fit in ``width`` x ``height`` keeping its aspect ratio (0: any)."""
    rows, cols = frame.shape[:2]
    scales = [side / full for side, full in ((width, cols), (height, rows)) if side]
    if not scales:
        return frame
    scale = min(scales)
    size = (max(1, round(cols * scale)), max(1, round(rows * scale)))
    if size == (cols, rows):
        return frame
    return np.asarray(Image.fromarray(frame).resize(size, Image.Resampling.BILINEAR))


def _check_display(display: int, context: grpc.ServicerContext) -> None:
    if display != 0:
        context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"display {display}: only display 0")


class ControllerHandler(grpc.GenericRpcHandler):
    """Routes ``EmulatorController`` calls to a ``PhoneController``.

    Served methods parse their request themselves, so a body that does not parse answers
    ``INVALID_ARGUMENT``; every other method path answers ``UNIMPLEMENTED`` naming it.
    """

    def __init__(self, controller: PhoneController) -> None:
        self._handlers: dict[str, grpc.RpcMethodHandler] = {}
        for method in SERVICE.methods:
            behavior = getattr(controller, method.name, None)
            if behavior is None or method.client_streaming or method.server_streaming:
                continue
            self._handlers[f"/{SERVICE.full_name}/{method.name}"] = _unary(
                method.name, method.input_type.full_name, behavior
            )

    def service(self, handler_call_details: grpc.HandlerCallDetails) -> grpc.RpcMethodHandler:
        """The handler for a method path: served, or one answering ``UNIMPLEMENTED``."""
        path = handler_call_details.method
        return self._handlers.get(path) or _unimplemented(path)

    @property
    def served(self) -> list[str]:
        """The method paths served."""
        return sorted(self._handlers)


def _message_class(full_name: str) -> type[Message]:
    from google.protobuf import symbol_database

    return symbol_database.Default().GetSymbol(full_name)


def _unary(name: str, input_type: str, behavior: Callable[..., Message]) -> grpc.RpcMethodHandler:
    message_class = _message_class(input_type)

    def parse(data: bytes) -> Message | Malformed:
        try:
            return message_class.FromString(data)
        except DecodeError as exc:
            return Malformed(str(exc) or "cannot parse")

    def call(request: Message | Malformed, context: grpc.ServicerContext) -> Message:
        if isinstance(request, Malformed):
            context.abort(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"{name}: the request is not a {input_type}: {request.error}",
            )
        return behavior(request, context)

    return grpc.unary_unary_rpc_method_handler(
        call, request_deserializer=parse, response_serializer=lambda m: m.SerializeToString()
    )


def _unimplemented(path: str) -> grpc.RpcMethodHandler:
    def refuse(requests: Iterator[Any], context: grpc.ServicerContext) -> Iterator[Message]:
        context.abort(grpc.StatusCode.UNIMPLEMENTED, f"{path} is not served by this emulator")
        yield from ()

    return grpc.stream_stream_rpc_method_handler(refuse)
