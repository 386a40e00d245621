"""The commands of the served phone's shell, by name.

``COMMANDS`` maps a name to the function that runs it; ``FILTERS`` maps the names of commands
that read their input after ``|`` (``grep PATTERN``, ``cat``) to what opens them as a filter.
"""

from __future__ import annotations

from mobile_gym.sim.adb_server.shell.commands import (
    activity,
    builtins,
    date,
    dumpsys,
    files,
    grep,
    inputs,
    logcat,
    packages,
    props,
    screencap,
    settings,
    uiautomator,
    wm,
)
from mobile_gym.sim.adb_server.shell.invocation import Command, FilterFactory

COMMANDS: dict[str, Command] = {
    **activity.COMMANDS,
    **builtins.COMMANDS,
    **date.COMMANDS,
    **dumpsys.COMMANDS,
    **files.COMMANDS,
    **grep.COMMANDS,
    **inputs.COMMANDS,
    **logcat.COMMANDS,
    **packages.COMMANDS,
    **props.COMMANDS,
    **screencap.COMMANDS,
    **settings.COMMANDS,
    **uiautomator.COMMANDS,
    **wm.COMMANDS,
}
FILTERS: dict[str, FilterFactory] = {"cat": files.cat_filter, "grep": grep.grep_filter}
