"""One simulated phone as the server presents it: serial, transport id, properties, lock."""

from __future__ import annotations

import threading

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server.files import PhoneFiles
from mobile_gym.sim.adb_server.framebuffer import ScreenEncoder

FEATURES = ("shell_v2", "fixed_push_mkdir")
"""adbd features the served phones advertise (clients pick shell v2 and plain sync from them)."""
FIRST_EMULATOR_PORT = 5554
SDK = 34
RELEASE = "14"
BUILD_ID = "UE1A.230829.036"
BUILD_NUMBER = "10972133"
"""The build the served phone says it runs (``ro.build.id``, ``ro.build.version.incremental``):
an Android 14 emulator image's kind of names (the phone runs no Android build)."""


def emulator_serial(index: int) -> str:
    """``emulator-5554``, ``emulator-5556``, ...: the serials emulators take, by their console port."""
    return f"emulator-{FIRST_EMULATOR_PORT + 2 * index}"


class ServedDevice:
    """A phone behind the server.

    Every read or change of ``phone`` happens with ``lock`` held, so the phone stays
    single-threaded however many clients talk to it; ``changed`` (a condition on that lock)
    is notified after each command, waking streams such as ``logcat`` that follow the phone.
    ``root``: whether its shell may do what needs root (set the clock), as an emulator's
    shell may after ``adb root``; a production phone's shell may not.
    """

    def __init__(self, serial: str, transport_id: int, phone: Phone, root: bool = True) -> None:
        self.serial = serial
        self.root = root
        self.transport_id = transport_id
        self.phone = phone
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.files = PhoneFiles(phone)
        self.screen = ScreenEncoder(phone)

    def properties(self) -> dict[str, str]:
        """System properties, as ``getprop`` lists them."""
        display = self.phone.display
        product, device = "sdk_gphone64_x86_64", "emu64xa"
        properties = {
            "dev.bootcomplete": "1",
            "init.svc.bootanim": "stopped",
            "persist.sys.timezone": "Etc/UTC",
            "ro.boot.qemu": "1",
            "ro.build.characteristics": "emulator",
            "ro.build.fingerprint": (
                f"google/{product}/{device}:{RELEASE}/{BUILD_ID}/{BUILD_NUMBER}:userdebug/dev-keys"
            ),
            "ro.build.id": BUILD_ID,
            "ro.build.type": "userdebug",
            "ro.build.version.incremental": BUILD_NUMBER,
            "ro.build.version.release": RELEASE,
            "ro.build.version.sdk": str(SDK),
            "ro.debuggable": "1",
            "ro.hardware": "ranchu",
            "ro.kernel.qemu": "1",
            "ro.product.brand": "google",
            "ro.product.cpu.abi": "x86_64",
            "ro.product.device": device,
            "ro.product.locale": "en-US",
            "ro.product.manufacturer": "Google",
            "ro.product.model": display.model,
            "ro.product.name": product,
            "ro.secure": "1",
            "ro.serialno": self.serial,
            "ro.sf.lcd_density": str(display.dpi),
            "sys.boot_completed": "1",
        }
        if self.root:
            properties["service.adb.root"] = "1"
        return properties

    def device_tags(self) -> str:
        """The ``key:value`` tags ``adb devices -l`` shows."""
        model = self.phone.display.model.replace(" ", "_")
        return f"product:sdk_gphone64_x86_64 model:{model} device:emu64xa transport_id:{self.transport_id}"
