"""The commands of the served phone's shell, by name.

``COMMANDS`` maps a name to the function that runs it; ``FILTERS`` maps the names of commands
that read their input after ``|`` (``grep PATTERN``, ``cat``, ``head``, ``tail``, ``wc``,
``sort``, ``uniq``, ``sqlite3 DATABASE``) to what opens them as a filter.
"""

from __future__ import annotations

from mobile_gym.sim.adb_server.shell.commands import (
    activity,
    builtins,
    cmd,
    conditions,
    content,
    date,
    dumpsys,
    files,
    grep,
    head,
    ime,
    inputs,
    logcat,
    network,
    packages,
    processes,
    props,
    screencap,
    screenrecord,
    settings,
    sqlite,
    svc,
    text,
    transfer,
    uiautomator,
    wm,
)
from mobile_gym.sim.adb_server.shell.invocation import Command, FilterFactory

COMMANDS: dict[str, Command] = {
    **activity.COMMANDS,
    **builtins.COMMANDS,
    **cmd.COMMANDS,
    **conditions.COMMANDS,
    **content.COMMANDS,
    **date.COMMANDS,
    **dumpsys.COMMANDS,
    **files.COMMANDS,
    **grep.COMMANDS,
    **head.COMMANDS,
    **ime.COMMANDS,
    **inputs.COMMANDS,
    **logcat.COMMANDS,
    **network.COMMANDS,
    **packages.COMMANDS,
    **processes.COMMANDS,
    **props.COMMANDS,
    **screencap.COMMANDS,
    **screenrecord.COMMANDS,
    **settings.COMMANDS,
    **sqlite.COMMANDS,
    **svc.COMMANDS,
    **text.COMMANDS,
    **transfer.COMMANDS,
    **uiautomator.COMMANDS,
    **wm.COMMANDS,
}
FILTERS: dict[str, FilterFactory] = {
    "cat": files.cat_filter,
    "grep": grep.grep_filter,
    "head": head.head_filter,
    "sqlite3": sqlite.sqlite_filter,
    **text.FILTERS,
}
