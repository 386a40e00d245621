"""Mobile-Env's own ``Task`` message, read from the ``mobile-env-rl`` wheel.

The wheel's top-level package ``android_env`` would clash with DeepMind's ``android-env`` of
the same name, and installing it pulls torch, transformers and sentence-transformers. So it is
never installed nor imported: its generated ``android_env/proto/{adb,task}_pb2.py`` are read
as text from the wheel file, and the serialised file descriptors they carry are added to a
private descriptor pool. The message classes built from that pool are Mobile-Env's own, and
``google.protobuf.text_format`` parses task files against them.

The wheel is looked for in ``MOBILE_GYM_MOBILE_ENV_WHEEL`` (a wheel file), then in
``<sys.prefix>/share/mobile-gym/`` where ``./dev`` downloads it (``fetch_wheel``).
"""

from __future__ import annotations

import ast
import os
import pathlib
import subprocess
import sys
import zipfile
from functools import cache
from typing import Any

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, text_format
from google.protobuf.message import Message

from mobile_gym.tasks.schema import TaskFileError

MOBILE_ENV_RL = "mobile-env-rl==4.1"
"""The release whose messages are used (its ``task.proto``)."""
WHEEL_ENV = "MOBILE_GYM_MOBILE_ENV_WHEEL"
WHEEL_DIR = pathlib.Path(sys.prefix, "share", "mobile-gym")
_GENERATED = ("android_env/proto/adb_pb2.py", "android_env/proto/task_pb2.py")
"""The generated modules, in the order their files import each other."""


def fetch_wheel(folder: pathlib.Path = WHEEL_DIR) -> pathlib.Path:
    """Download the ``mobile-env-rl`` wheel (no dependencies) into ``folder`` with pip."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            *(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"),
            *("--disable-pip-version-check", "--only-binary=:all:", MOBILE_ENV_RL),
            *("-d", str(folder)),
        ],
        check=True,
    )
    return sorted(folder.glob(f"mobile_env_rl-{MOBILE_ENV_RL.partition('==')[2]}-*.whl"))[-1]


def find_wheel() -> pathlib.Path:
    """The ``mobile-env-rl`` wheel file; TaskFileError saying how to get it if none is found."""
    given = os.environ.get(WHEEL_ENV)
    if given:
        path = pathlib.Path(given)
        if not path.is_file():
            raise TaskFileError(f"{WHEEL_ENV}={given}: no such wheel file")
        return path
    version = MOBILE_ENV_RL.partition("==")[2]
    found = sorted(WHEEL_DIR.glob(f"mobile_env_rl-{version}-*.whl"))
    if not found:
        raise TaskFileError(
            f"reading Mobile-Env task files needs the {MOBILE_ENV_RL} wheel in {WHEEL_DIR}"
            f" (./dev puts it there); get it with: {sys.executable} -m pip download --no-deps"
            f" {MOBILE_ENV_RL} -d {WHEEL_DIR}  (or set {WHEEL_ENV} to a wheel file)"
        )
    return found[-1]


def _serialized_descriptor(source: str, name: str) -> bytes:
    """The bytes a generated ``*_pb2.py`` hands to ``AddSerializedFile``, read from its
    syntax tree (the module itself is never run)."""
    for node in ast.walk(ast.parse(source, name)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "AddSerializedFile"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, bytes)
        ):
            return node.args[0].value
    raise TaskFileError(f"{name}: no serialised file descriptor in the generated module")


@cache
def _pool() -> descriptor_pool.DescriptorPool:
    wheel = find_wheel()
    pool = descriptor_pool.DescriptorPool()
    try:
        with zipfile.ZipFile(wheel) as archive:
            for name in _GENERATED:
                source = archive.read(name).decode("utf-8")
                proto = descriptor_pb2.FileDescriptorProto.FromString(
                    _serialized_descriptor(source, f"{wheel}!{name}")
                )
                pool.Add(proto)
    except (OSError, KeyError, zipfile.BadZipFile) as exc:
        raise TaskFileError(f"{wheel}: not a usable {MOBILE_ENV_RL} wheel: {exc}") from None
    return pool


def message_class(full_name: str) -> type[Message]:
    """Mobile-Env's message class ``full_name`` (``android_env.Task``, ...)."""
    return message_factory.GetMessageClass(_pool().FindMessageTypeByName(full_name))


def parse_task_proto(text: str, source: str) -> Any:
    """A Mobile-Env ``Task`` message parsed from textproto ``text``.

    Raises:
        TaskFileError: the text is not a valid ``Task`` (the parser's line and column).
    """
    task = message_class("android_env.Task")()
    try:
        text_format.Parse(text, task, descriptor_pool=_pool())
    except text_format.ParseError as exc:
        raise TaskFileError(f"{source}: not a valid Mobile-Env task textproto: {exc}") from None
    return task
