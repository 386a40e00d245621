"""The command-line commands of ``mobile_gym.emulator``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

_PORT = {"min": 0, "max": 65535}


def serve_emulator(
    console_port: Annotated[
        int,
        typer.Option(
            "--console-port",
            **_PORT,
            help="Emulator console port (0: a free one); the serial is emulator-<console port>.",
        ),
    ] = 5554,
    grpc_port: Annotated[
        int, typer.Option("--grpc-port", **_PORT, help="gRPC EmulatorController port.")
    ] = 8554,
    adb_port: Annotated[
        int, typer.Option("--adb-port", **_PORT, help="ADB server port (0: a free one).")
    ] = 0,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Seed the phone boots with.")] = 0,
    display: Annotated[
        str | None,
        typer.Option(
            "--display",
            "--device",
            help="The phone's display, a device profile (mobile-gym list displays; default "
            "pixel_7).",
        ),
    ] = None,
    auth_token: Annotated[
        Path,
        typer.Option("--auth-token", help="The console's auth-token file (empty: no auth)."),
    ] = Path("~/.emulator_console_auth_token"),
) -> None:
    """Serve a simulated phone as an Android emulator: ADB, console and gRPC (android_env)."""
    from mobile_gym.cli import _fail

    try:
        import grpc  # noqa: F401
        from android_env.proto import emulator_controller_pb2  # noqa: F401
    except ImportError as exc:
        raise _fail(
            f"serve-emulator needs {exc.name}: pip install 'mobile-gym[emulator]' "
            "and pip install --no-deps android-env==1.3.0"
        ) from None
    from mobile_gym.emulator.server import EmulatorServer, serve_until_stopped
    from mobile_gym.sim import Phone

    try:
        phone = Phone(seed=seed, display=display)
    except (KeyError, ValueError) as exc:
        raise _fail(f"--display: {exc}") from None
    try:
        emulator = EmulatorServer(
            console_port, grpc_port, adb_port, phone=phone, auth_token_path=auth_token
        )
    except OSError as exc:
        raise _fail(f"--auth-token {auth_token}: {exc.strerror or exc}") from None
    except ValueError as exc:  # not UTF-8 text, or too long a token
        raise _fail(f"--auth-token {auth_token}: {exc}") from None
    try:
        serve_until_stopped(emulator, lambda line: print(line, flush=True))
    except OSError as exc:
        raise _fail(f"{exc.strerror or exc}; choose other ports") from None


def register(app: typer.Typer) -> None:
    """Add this package's commands to ``app``."""
    app.command("serve-emulator")(serve_emulator)
