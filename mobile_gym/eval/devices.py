"""The phone a run's episodes play on: the simulated phone at one of its displays, or ADB
devices (emulators or phones), one per worker.

On the simulated phone every episode gets a fresh phone, of the display chosen. Over ADB
each worker plays on one device for the whole run (the serial it takes when it starts:
``--serial`` once per worker) and makes each episode's env on it. Between episodes the
env's reset puts the device back: an emulator to its ``snapshot`` (loaded through its
console), anything else only to HOME, so state one episode leaves (a setting switched, a
contact added) is met by the next unless its task's setup undoes it. A device that fails
(its infrastructure error ends the episode) is connected to afresh for the next one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mobile_gym.checks import check_int
from mobile_gym.device.factory import DEVICE_KINDS
from mobile_gym.registration import make_env
from mobile_gym.sim.display import Display
from mobile_gym.tasks.schema import TaskSpec

if TYPE_CHECKING:
    from mobile_gym.device.adb import AdbDevice


@dataclass(frozen=True)
class DeviceChoice:
    """Which phone a run plays on: ``kind`` ``"sim"`` (at ``display``, a device profile;
    None: the default one) or ``"adb"`` (the devices ``serials``, one per worker, behind the
    ADB server at ``adb_host``:``adb_port``, default 127.0.0.1:5037; ``snapshot``: the
    emulator snapshot each episode starts from).

    Raises:
        ValueError: an unknown kind or display, options of the other kind, ADB without a
            serial, a serial given twice, a port that is no port, or a snapshot for a
            serial that is not an emulator's.
    """

    kind: str = "sim"
    display: str | None = None
    serials: tuple[str, ...] = ()
    adb_host: str | None = None
    adb_port: int | None = None
    snapshot: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in DEVICE_KINDS:
            raise ValueError(
                f"--device must be one of {', '.join(DEVICE_KINDS)}, not {self.kind!r}"
            )
        if self.kind == "sim":
            given = (self.serials, self.adb_host, self.adb_port, self.snapshot)
            if any(value not in (None, ()) for value in given):
                raise ValueError(
                    "--serial, --adb-host, --adb-port and --snapshot are for --device adb"
                )
            if self.display is not None:
                Display.profile(self.display)  # an unknown one is refused now, not per episode
            return
        if self.display is not None:
            raise ValueError(
                "--display sets the simulated phone's screen; an ADB device shows its own"
            )
        if not self.serials:
            raise ValueError(
                "--device adb needs the device: --serial SERIAL (e.g. emulator-5554), once"
                " per worker"
            )
        twice = sorted({s for s in self.serials if self.serials.count(s) > 1})
        if twice:
            raise ValueError(
                f"--serial {twice[0]} is given twice: each worker needs its own device"
            )
        if self.adb_port is not None:
            check_int("--adb-port", self.adb_port, 1, 65535)
        if self.snapshot is not None:
            # imported here, as the ADB device is: adbutils costs every run otherwise
            from mobile_gym.device.emulator import console_port

            for serial in self.serials:
                console_port(serial)

    def check_run(self, workers: int, elsewhere: bool = False) -> None:
        """ValueError unless a run of ``workers`` workers (``elsewhere``: played by an
        executor, on a Ray cluster) can play on this phone: over ADB each worker needs a
        device of its own, and an executor plays on the simulated phone only."""
        if self.kind == "sim":
            return
        if elsewhere:
            raise ValueError(
                "--executor ray plays on the simulated phone only: run ADB devices locally"
                " with --workers"
            )
        if workers != len(self.serials):
            raise ValueError(
                f"{len(self.serials)} device(s) (--serial) for {workers} worker(s): each"
                f" worker plays on a device of its own; pass --workers {len(self.serials)}"
            )

    def to_json(self) -> dict[str, Any]:
        """What a run folder and a trajectory record: the kind and the display (not the
        serials: a run resumed on other devices of the same kind goes on)."""
        return {"kind": self.kind, **({"display": self.display} if self.display else {})}

    def misfits(self, tasks: list[TaskSpec]) -> list[TaskSpec]:
        """Those of ``tasks`` whose checks are written for another screen than this
        simulated phone's (``TaskSpec.screen``); none on ADB devices, which show their own."""
        if self.kind != "sim":
            return []
        d = Display() if self.display is None else Display.profile(self.display)
        return [
            t for t in tasks if t.screen is not None and not t.screen.fits(d.width, d.height, d.dpi)
        ]

    def env_options(self) -> dict[str, Any]:
        """The ``make_env`` options of an episode on the simulated phone."""
        return {"display": self.display} if self.display is not None else {}

    def open(self, serial: str) -> AdbDevice:
        """The ADB device ``serial``, reset to ``snapshot`` (if any) before each episode."""
        from mobile_gym.device.adb import AdbDevice
        from mobile_gym.device.emulator import snapshot_reset

        on_reset = (
            None if self.snapshot is None else snapshot_reset(serial, self.snapshot, *self.server)
        )
        return AdbDevice(serial, *self.server, on_reset=on_reset)

    @property
    def server(self) -> tuple[str, int]:
        """The ADB server's host and port."""
        return self.adb_host or "127.0.0.1", 5037 if self.adb_port is None else self.adb_port


class DeviceEnvs:
    """Lends each episode an env on the ADB device ``serial`` (an ``EnvSource`` of
    ``mobile_gym.eval.episode_runner``): the device is connected to on first use and kept
    between episodes; after an episode whose infrastructure failed it is closed, and the
    next episode connects afresh."""

    def __init__(self, choice: DeviceChoice, serial: str) -> None:
        self.choice = choice
        self.serial = serial
        self._device: AdbDevice | None = None

    def open(self, task: TaskSpec, **options: Any) -> Any:
        if self._device is None:
            self._device = self.choice.open(self.serial)
        return make_env(task, device=self._device, **options)

    def release(self, env: Any, healthy: bool) -> None:
        env.close()  # the env leaves the device open: it is not the env's
        if not healthy:
            self.close()

    def close(self) -> None:
        """Disconnect from the device (its logcat stream stops)."""
        if self._device is not None:
            device, self._device = self._device, None
            device.close()
