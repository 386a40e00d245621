"""Opening and sharing documents with other apps.

A tap opens a document with the app for its kind: a PDF in the document reader, a picture
or video in Simple Gallery's viewer, a song in Music Player, a text file in the app's own
text preview, a zip as a folder. With no app for it: "No app can open this file". Sharing
hands the documents to Gmail (a new mail with them attached) or to SMS Messenger (a new
message holding a text file's text, or the names).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from mobile_gym.sim.apps import sms_messenger
from mobile_gym.sim.apps.docreader.names import PACKAGE as READER_PACKAGE
from mobile_gym.sim.apps.docreader.names import VIEWER as READER_VIEWER
from mobile_gym.sim.apps.files.documents import KINDS, TEXT
from mobile_gym.sim.apps.files.names import PREVIEW
from mobile_gym.sim.apps.gallery.names import PACKAGE as GALLERY
from mobile_gym.sim.apps.gallery.viewer import view_file
from mobile_gym.sim.apps.mail import data as mail
from mobile_gym.sim.apps.music_player.app import PACKAGE as MUSIC
from mobile_gym.sim.apps.music_player.app import play_file

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext

NO_APP = "No app can open this file"


def _extension(path: str) -> str:
    stem, dot, ext = posixpath.basename(path).rpartition(".")
    return ext.lower() if dot and stem else ""


def _read_pdf(ctx: AppContext, path: str) -> bool:
    if READER_PACKAGE not in ctx.phone.apps:
        return False
    ctx.phone.start_activity(READER_PACKAGE, READER_VIEWER, path=path)
    return True


def _preview(ctx: AppContext, path: str) -> bool:
    ctx.open(PREVIEW, path=path)
    return True


def handlers(ctx: AppContext, path: str) -> list[tuple[str, Callable[[], bool]]]:
    """(app label, opener) for each app that can open ``path``; the first is the default."""
    ext = _extension(path)
    apps = ctx.phone.apps
    found: list[tuple[str, Callable[[], bool]]] = []
    if ext == "pdf" and READER_PACKAGE in apps:
        found.append((apps[READER_PACKAGE].label, lambda: _read_pdf(ctx, path)))
    if (ext in KINDS["images"] or ext in KINDS["videos"]) and GALLERY in apps:
        found.append((apps[GALLERY].label, lambda: view_file(ctx, path)))
    if ext in KINDS["audio"] and MUSIC in apps:
        found.append((apps[MUSIC].label, lambda: play_file(ctx, path)))
    if ext in TEXT:
        found.append((ctx.app.label, lambda: _preview(ctx, path)))
    return found


def open_document(ctx: AppContext, path: str) -> None:
    """Open ``path`` with its default app, or toast that none can."""
    found = handlers(ctx, path)
    if found and found[0][1]():
        ctx.log(f"Opened file {path}")
        return
    ctx.toast(NO_APP)


def share_targets(ctx: AppContext) -> list[str]:
    """The labels of the apps the share sheet offers."""
    apps = ctx.phone.apps
    return [apps[p].label for p in (mail.PACKAGE, sms_messenger.PACKAGE) if p in apps]


def share(ctx: AppContext, target: str, paths: Sequence[str]) -> None:
    """Hand ``paths`` (files) to the app labelled ``target``."""
    apps = ctx.phone.apps
    storage = ctx.phone.storage
    files = [p for p in paths if storage.exists(p) and not storage.is_dir(p)]
    if not files:
        return
    if mail.PACKAGE in apps and target == apps[mail.PACKAGE].label:
        attached = {posixpath.basename(p): p for p in files}
        ctx.phone.start_activity(mail.PACKAGE, mail.COMPOSE, attachments=attached)
        _app, compose = ctx.phone.activities.context(mail.PACKAGE)
        compose.focus("to")
        package = mail.PACKAGE
    else:
        texts = [p for p in files if _extension(p) in TEXT]
        if len(files) == 1 and texts:
            body = storage.read(files[0]).decode("utf-8", errors="replace")
        else:
            body = "\n".join(posixpath.basename(p) for p in files)
        sms_messenger.compose(ctx.phone, body)
        package = sms_messenger.PACKAGE
    ctx.log(f"Shared {', '.join(files)} with {package}")
