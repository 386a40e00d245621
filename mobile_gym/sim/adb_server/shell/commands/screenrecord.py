"""``screenrecord``: not available, because the simulated phone has no video encoder.

Android's ``screenrecord`` feeds the screen to the device's H.264 (``video/avc``) encoder;
on a device that has none it stops with ``ERROR: unable to create video/avc codec
instance``. The simulated phone is such a device: it draws frames only when asked and
encodes none, so ``screenrecord FILE`` prints that error, says why and what to use instead
(``screencap``, one frame at a time), writes no file and exits with status 1. ``--help``
prints the usage, as on Android.
"""

from __future__ import annotations

from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation

USAGE = """Usage: screenrecord [options] <filename>

Records the device's display to a .mp4 file.

Options:
--size WIDTHxHEIGHT
    Set the video size, e.g. "1280x720".
--bit-rate RATE
    Set the video bit rate, in bits per second.
--time-limit TIME
    Set the maximum recording time, in seconds.
--verbose
    Display interesting information on stdout.
--help
    Show this message.

Recording continues until Ctrl-C is hit or the time limit is reached."""
NO_ENCODER = (
    "ERROR: unable to create video/avc codec instance\n"
    "screenrecord: the simulated phone has no video encoder, so it cannot record its "
    "screen; take screenshots with screencap instead"
)
USAGE_STATUS = 2


def screenrecord(invocation: Invocation, args: list[str]) -> int:
    if "--help" in args:
        invocation.print(USAGE)
        return 0
    if not args or args[-1].startswith("-"):
        raise CommandError("Must specify output file (see --help).", USAGE_STATUS)
    raise CommandError(NO_ENCODER)


COMMANDS: dict[str, Command] = {"screenrecord": screenrecord}
