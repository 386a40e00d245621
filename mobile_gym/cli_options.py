"""Command-line options that several ``mobile-gym`` commands take, declared once."""

from __future__ import annotations

from typing import Annotated

import typer

Suites = Annotated[
    list[str] | None, typer.Option("--suite", "-s", help="A suite to run (repeatable).")
]
"""``--suite``: suites by name."""

Tasks = Annotated[
    list[str] | None,
    typer.Option("--task", "-t", help="A task id, a YAML file or a folder of them (repeatable)."),
]
"""``--task``: task ids, task files or folders of them."""

Seeds = Annotated[str, typer.Option("--seeds", help="Episode seeds: 0,1,2 or 0-9 or a mix.")]
"""``--seeds``: episode seeds, listed or as ranges."""

Executor = Annotated[
    str,
    typer.Option(
        "--executor",
        help="local (this process or --workers processes) or ray (episodes on a Ray "
        "cluster; this process writes the run folder).",
    ),
]
"""``--executor``: where episodes run."""

Address = Annotated[
    str | None,
    typer.Option(
        "--address",
        help="With --executor ray: auto, ray://HOST:PORT or HOST:PORT of a running "
        "cluster (default: a Ray started for the run on this machine).",
    ),
]
"""``--address``: the Ray cluster to join."""

CpusPerEpisode = Annotated[
    float,
    typer.Option("--num-cpus-per-episode", help="With --executor ray: CPUs per episode."),
]
"""``--num-cpus-per-episode``: the CPUs each episode actor holds."""

MaxConcurrency = Annotated[
    int,
    typer.Option(
        "--max-concurrency",
        help="With --executor ray: episodes at once of an agent or user that calls a "
        "model endpoint (the requests one endpoint gets at a time).",
    ),
]
"""``--max-concurrency``: episodes at once against one model endpoint."""

DeviceKind = Annotated[
    str,
    typer.Option(
        "--device",
        help="sim (the simulated phone, a fresh one per episode) or adb (emulators or "
        "phones behind an ADB server: --serial).",
    ),
]
"""``--device``: the kind of phone episodes play on."""

Serials = Annotated[
    list[str] | None,
    typer.Option(
        "--serial",
        help="With --device adb: a device's serial (emulator-5554); once per worker, each "
        "worker plays on its own.",
    ),
]
"""``--serial``: the ADB devices, one per worker."""

AdbHost = Annotated[
    str | None,
    typer.Option("--adb-host", help="With --device adb: the ADB server's host (127.0.0.1)."),
]
"""``--adb-host``: where the ADB server runs."""

AdbPort = Annotated[
    int | None, typer.Option("--adb-port", help="With --device adb: its port (5037).")
]
"""``--adb-port``: the ADB server's port."""

Snapshot = Annotated[
    str | None,
    typer.Option(
        "--snapshot",
        help="With --device adb: the emulator snapshot every episode starts from, loaded "
        "through the emulator's console (without it a reset only goes HOME).",
    ),
]
"""``--snapshot``: the emulator snapshot an ADB run resets to."""

DisplayProfile = Annotated[
    str | None,
    typer.Option(
        "--display",
        help="With --device sim: the phone's display, a device profile (mobile-gym list "
        "displays; default pixel_7).",
    ),
]
"""``--display``: the simulated phone's device profile."""

PhoneDisplay = Annotated[
    str | None,
    typer.Option(
        "--display",
        help="The phone's display, a device profile (mobile-gym list displays; default pixel_7).",
    ),
]
"""``--display`` of a command that serves or plays one simulated phone."""
