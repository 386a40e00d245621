"""Run parsed command lines on a served phone, as ``/system/bin/sh -c`` would.

Each pipeline runs with the device lock held; its output is buffered and sent to the client
after the lock is released (a command that streams, ``logcat``, flushes as it goes). The
exit status of a pipeline is that of its last command; ``&&`` and ``||`` look at it; ``$?``
reads it. The working directory is ``/``. ``< FILE`` gives a command that reads its input
the file in place of the pipe or the client's input (``/dev/null``: nothing); a file that
cannot be read fails the command before it runs.

``NAME=VALUE`` alone sets a shell variable (``$NAME``); before a command, it is in that
command's environment only. ``$(...)`` runs its command line as the arguments are made and
puts its output, less trailing newlines, in their place: split into words at white space
outside double quotes (so ``cat $(ls /sdcard/*.txt)`` gets one file per argument), whole
inside them and in an assignment or a redirection's file name. ``exec COMMAND`` runs the
command in the shell's place: the shell ends with its exit status (``exec`` of a pipeline
stage ends that stage only). ``exec`` with redirections alone, which would redirect the
shell itself, is refused. ``su WHO COMMAND...`` runs the command as root (``0``, ``root``)
or as the shell user (``2000``, ``shell``), as the emulator images' ``su`` does; a phone
served without root (a production phone) has no ``su``.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from mobile_gym.sim.adb_server.device import ServedDevice
from mobile_gym.sim.adb_server.faults import Faults
from mobile_gym.sim.adb_server.files import absolute, describe
from mobile_gym.sim.adb_server.protocol import ClientGoneError
from mobile_gym.sim.adb_server.shell.commands import COMMANDS, FILTERS
from mobile_gym.sim.adb_server.shell.invocation import CommandError, Invocation, ShellExit
from mobile_gym.sim.adb_server.shell.parser import (
    Command,
    Pipeline,
    Redirect,
    Script,
    ShellSyntaxError,
    Substitution,
    Var,
    Word,
    parse,
)
from mobile_gym.sim.adb_server.shell.streams import DISCARD, Buffer, FileSink, Filter, Sink
from mobile_gym.sim.adb_server.shell.variables import Variables
from mobile_gym.sim.system.crash_report import exception_line

SHELL = "/system/bin/sh"
ENVIRONMENT = {
    "ANDROID_DATA": "/data",
    "EXTERNAL_STORAGE": "/sdcard",
    "HOME": "/",
    "PATH": "/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin:/vendor/bin",
    "SHELL": SHELL,
    "TMPDIR": "/data/local/tmp",
    "USER": "shell",
}
_BIN_DIRS = ("/system/bin/", "/system/xbin/", "/vendor/bin/", "/product/bin/")
NOT_FOUND = 127
FAILED = 255
"""The exit status of a line the phone failed to run, as of an Android service that threw."""

log = logging.getLogger(__name__)


class Output(Protocol):
    """Where the shell's output goes: the client connection."""

    def stdout(self, data: bytes) -> None: ...
    def stderr(self, data: bytes) -> None: ...
    def client_gone(self) -> bool: ...
    def stdin(self) -> bytes:
        """What the client sends as standard input, to its end (blocks until then)."""
        ...


@dataclass
class _Stage:
    argv: list[str]
    invocation: Invocation
    filter: Filter | None = None
    status: int | None = None
    """Set when the stage failed before it could run (a bad redirection, say)."""
    assigned: dict[str, str] | None = None
    """``NAME=VALUE`` words of a command that has no words: they set shell variables."""
    replaces_shell: bool = False
    """Run by ``exec``: the shell ends when it does."""
    stdin: bytes | None = None
    """What it reads when its standard input is a file (``< FILE``), in place of the pipe
    or the client's input."""


class Shell:
    """The device shell of one connection.

    Args:
        device: the phone it runs on.
        faults: the server's fault registry (a disconnected device cancels streams).
        output: the connection's stdout and stderr.
        stopping: whether the server is shutting down.
    """

    def __init__(
        self, device: ServedDevice, faults: Faults, output: Output, stopping: threading.Event
    ) -> None:
        self.device = device
        self.faults = faults
        self.output = output
        self.stopping = stopping
        self._client_out = Buffer()
        self.out: Buffer = self._client_out
        """Where the commands' output goes: what the client reads, or the output a command
        substitution captures while it runs."""
        self.err = Buffer()
        self.variables = Variables(ENVIRONMENT)
        self._stdin_read = False

    # the Session a command sees --------------------------------------------------------------
    def flush(self) -> None:
        self.device.lock.release()
        try:
            self.send()
        finally:
            self.device.lock.acquire()

    def client_stdin(self) -> bytes:
        """The client's standard input, read to its end by the first command that reads
        it (without the device lock: it waits for the client); at its end for the others."""
        if self._stdin_read:
            return b""
        self._stdin_read = True
        self.device.lock.release()
        try:
            return self.output.stdin()
        finally:
            self.device.lock.acquire()

    def cancelled(self) -> bool:
        return (
            self.stopping.is_set()
            or self.faults.is_disconnected(self.device.serial)
            or self.output.client_gone()
        )

    def send(self) -> None:
        """Send the buffered output (without the device lock)."""
        out, err = self._client_out.take(), self.err.take()
        if out:
            self.output.stdout(out)
        if err:
            self.output.stderr(err)

    # running ---------------------------------------------------------------------------------
    def run(self, line: str) -> int:
        """Run a command line, sending its output; its exit status.

        An exception the phone raises meanwhile is a bug of the simulated phone: it is
        logged with its traceback, and the client reads it on stderr, with status ``FAILED``.
        """
        try:
            script = parse(line)
        except ShellSyntaxError as exc:
            self.output.stderr(f"{SHELL}: {exc}\n".encode())
            return 2
        status = 0
        try:
            status = self._script(script, status, self._pipeline)
        except ShellExit as done:
            status = done.status
        except ClientGoneError:
            raise
        except Exception as bug:
            log.exception("%s: the simulated phone failed running %r", self.device.serial, line)
            message = f"Exception occurred while executing '{line}':\n{exception_line(bug)}\n"
            self.err.write(message.encode())
            status = FAILED
        finally:
            self.send()
        return status

    @staticmethod
    def _script(script: Script, last_status: int, run: Callable[[Pipeline, int], int]) -> int:
        """Run each list of ``script`` with ``run``, following ``&&`` and ``||``; the last
        exit status."""
        status = last_status
        for item in script:
            status = run(item.first, status)
            for op, pipeline in item.rest:
                if (status == 0) == (op == "&&"):
                    status = run(pipeline, status)
        return status

    def _captured(self, script: Script, last_status: int) -> str:
        """The output of ``script`` run as a command substitution (inside the pipeline
        being set up, with the device lock held), less its trailing newlines; what it
        writes to stderr goes to the shell's. ``exit`` ends the substitution only."""
        shown, self.out = self.out, Buffer()
        try:
            self._script(script, last_status, self._run_pipeline)
        except ShellExit:
            pass
        finally:
            captured, self.out = self.out.take(), shown
        return captured.decode("utf-8", errors="replace").rstrip("\n")

    def _pipeline(self, pipeline: Pipeline, last_status: int) -> int:
        try:
            with self.device.lock:
                try:
                    return self._run_pipeline(pipeline, last_status)
                finally:
                    self.device.changed.notify_all()
        finally:
            self.send()

    def _run_pipeline(self, pipeline: Pipeline, last_status: int) -> int:
        stages: list[_Stage] = []
        files: list[FileSink] = []
        downstream: Sink = self.out
        for command in reversed(pipeline):
            stage = self._stage(command, downstream, files, last_status)
            stages.append(stage)
            # what the stage before writes goes into this one's filter, unless it reads a file
            downstream = (stage.filter if stage.stdin is None else None) or DISCARD
        stages.reverse()
        head = stages[0]
        for stage in stages:
            if stage.status is None and stage.filter is not None:
                if stage.stdin is not None:
                    stage.filter.write(stage.stdin)
                elif stage is head:  # it reads the client's stdin
                    stage.filter.write(self.client_stdin())
        try:
            for stage in stages:
                if stage.status is None and stage.filter is None:
                    stage.status = self._execute(stage)
        finally:
            for stage in stages:
                if stage.status is None and stage.filter is not None:
                    stage.status = stage.filter.finish()
            for sink in files:
                try:
                    sink.close()
                except (OSError, ValueError) as exc:
                    self.err.write(f"{SHELL}: can't write {sink.path}: {describe(exc)}\n".encode())
                    stages[-1].status = 1
        status = 0 if stages[-1].status is None else stages[-1].status
        if len(stages) == 1 and stages[0].replaces_shell:
            raise ShellExit(status)
        return status

    def _stage(
        self, command: Command, downstream: Sink, files: list[FileSink], last_status: int
    ) -> _Stage:
        invocation = Invocation(self.device, self.faults, downstream, self.err, self)
        argv = [arg for word in command.words for arg in self._expand(word, last_status)]
        assigned = {}
        for word in command.assignments:
            name, _, value = self._text(word, last_status).partition("=")
            assigned[name] = value
        invocation.environment = {**self.variables.environment(), **assigned}
        replaces_shell = argv[:1] == ["exec"]
        if replaces_shell:
            argv = argv[1:]
        stage = _Stage(
            argv,
            invocation,
            assigned=None if argv else assigned,
            replaces_shell=bool(argv) and replaces_shell,
        )
        try:
            if replaces_shell and not argv and command.redirects:
                raise CommandError(f"{SHELL}: exec: redirecting the shell itself is not supported")
            while argv[:1] == ["su"] and self.device.root:  # (a production phone has no su)
                invocation.as_root, argv = _switched_user(argv[1:])
                stage.argv = argv
            for redirect in command.redirects:
                if redirect.fd == 0:
                    stage.stdin = self._input(redirect, last_status)
                else:
                    self._redirect(redirect, invocation, files, last_status)
            open_filter = FILTERS.get(_command_name(argv[0])) if argv else None
            if open_filter is not None:
                stage.filter = open_filter(invocation, argv[1:])
        except CommandError as exc:
            self.err.write(f"{exc}\n".encode())
            stage.status = exc.status
        return stage

    def _expand(self, word: Word, last_status: int) -> list[str]:
        """The arguments a word makes: its text with parameters and quoted command
        substitutions in place, split into fields where an unquoted substitution's output
        has white space (an unquoted substitution that outputs nothing, alone in a word,
        makes no argument); wildcards expanded to matching absolute paths (the word stays
        as it is when nothing matches)."""
        pieces: list[str | None] = []  # text, and None where one field ends
        for part in word.parts:
            if isinstance(part, Substitution) and not part.quoted:
                pieces += _split(self._captured(part.script, last_status))
            else:
                pieces.append(self._part(part, last_status))
        fields: list[str] = []
        field: str | None = None
        for piece in pieces:
            if piece is not None:
                field = (field or "") + piece
            elif field is not None:
                fields.append(field)
                field = None
        if field is not None:
            fields.append(field)
        if word.glob and len(fields) == 1 and fields[0].startswith("/"):
            matches = self.device.files.glob(fields[0])
            if matches:
                return matches
        return fields

    def _text(self, word: Word, last_status: int) -> str:
        """The word's text with parameters and command substitutions in place, unsplit
        (a ``NAME=VALUE`` assignment, a redirection's file)."""
        return "".join(self._part(part, last_status) for part in word.parts)

    def _part(self, part: str | Var | Substitution, last_status: int) -> str:
        if isinstance(part, Var):
            return str(last_status) if part.name == "?" else self.variables.get(part.name)
        if isinstance(part, Substitution):
            return self._captured(part.script, last_status)
        return part

    def _input(self, redirect: Redirect, last_status: int) -> bytes:
        """What ``< FILE`` gives the command to read: the file's bytes (none for
        ``/dev/null``); CommandError when it cannot be read."""
        assert redirect.path is not None
        path = absolute(self._text(redirect.path, last_status))
        if path == "/dev/null":
            return b""
        try:
            return self.device.files.read(path)
        except (OSError, ValueError) as exc:
            raise CommandError(f"{SHELL}: can't open {path}: {describe(exc)}") from None

    def _redirect(
        self, redirect: Redirect, invocation: Invocation, files: list[FileSink], last_status: int
    ) -> None:
        target: Sink
        if redirect.dup is not None:
            target = invocation.out if redirect.dup == 1 else invocation.err
        else:
            assert redirect.path is not None
            path = absolute(self._text(redirect.path, last_status))
            if path == "/dev/null":
                target = DISCARD
            else:
                try:
                    is_dir = self.device.files.is_dir(path)
                except ValueError as exc:  # the phone refuses the path (a NUL in it)
                    raise CommandError(f"{SHELL}: can't create {path}: {exc}") from None
                if is_dir:
                    raise CommandError(f"{SHELL}: can't create {path}: Is a directory")
                sink = FileSink(self.device.files, path, redirect.append)
                files.append(sink)
                target = sink
        if redirect.fd == 1:
            invocation.out = target
        else:
            invocation.err = target

    def _execute(self, stage: _Stage) -> int:
        if not stage.argv:
            for name, value in (stage.assigned or {}).items():
                self.variables.set(name, value)
            return 0
        name = _command_name(stage.argv[0])
        command = COMMANDS.get(name)
        if command is None:
            stage.invocation.err.write(
                f"{SHELL}: {stage.argv[0]}: inaccessible or not found\n".encode()
            )
            return NOT_FOUND
        try:
            return command(stage.invocation, stage.argv[1:])
        except CommandError as exc:
            stage.invocation.err.write(f"{exc}\n".encode())
            return exc.status
        except ValueError as exc:  # the phone refused the input; say why
            stage.invocation.err.write(f"{name}: {exc}\n".encode())
            return 1


def _split(output: str) -> list[str | None]:
    """An unquoted command substitution's output as its text, with None for each run of
    white space (where a field ends)."""
    return [None if piece.isspace() else piece for piece in _WHITE_SPACE.split(output) if piece]


_WHITE_SPACE = re.compile(r"(\s+)")
_ROOT_NAMES = ("0", "root")
_SHELL_NAMES = ("2000", "shell")


def _switched_user(args: list[str]) -> tuple[bool, list[str]]:
    """``su WHO COMMAND...`` (the emulator images' ``su``): whether COMMAND runs as root,
    and COMMAND. WHO is root or shell; an interactive shell (no COMMAND) is refused."""
    who = args[0] if args else "root"
    if who.startswith("-"):
        raise CommandError(f"su: invalid uid/gid '{who}'")
    if who not in _ROOT_NAMES + _SHELL_NAMES:
        raise CommandError(f"su: user {who!r} is not supported here (root, 0, shell or 2000)")
    if len(args) < 2:
        raise CommandError("su: an interactive shell is not supported here: su 0 COMMAND...")
    return who in _ROOT_NAMES, args[1:]


def _command_name(arg: str) -> str:
    """``/system/bin/input`` runs ``input``."""
    return arg.rsplit("/", 1)[1] if arg.startswith(_BIN_DIRS) else arg
