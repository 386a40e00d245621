"""Downloads: files saved to ``/sdcard/Download`` and opened from the message that follows.

A download is a picture saved from its long-press menu, a link saved by "Download link", or
a response that is no page (``content_type`` other than ``text/html``, such as a PDF), which
Chrome saves instead of showing. A picture's bytes come from where its ``src`` points: a
``data:`` URL (base64 or plain), a file on the phone's storage, or the offline web; a
response's body holds the file's bytes as characters (``latin-1``, or UTF-8 for text beyond
it). The file keeps the name the URL ends with, given the extension of its type when it has
none (``2006.11239`` served as a PDF is saved as ``2006.11239.pdf``; ``name (1).pdf`` when
the name is taken); it is listed in table ``downloads`` and logged, and the browser shows
the message "Download complete" with "Open" (``DONE_KEY`` in the main screen's state holds
the path): a PDF opens in the document reader.
"""

from __future__ import annotations

import base64
import binascii
import posixpath
from urllib.parse import unquote, urlsplit

from mobile_gym.sim import web
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.chrome import data
from mobile_gym.sim.apps.docreader.names import PACKAGE as READER
from mobile_gym.sim.apps.docreader.names import VIEWER

FAILED = "Download failed"
DONE = "Download complete"
_EXTENSIONS = {
    "image/png": ".png",
    "image/jpeg": ".jpg",
    "image/gif": ".gif",
    "image/svg+xml": ".svg",
    "image/webp": ".webp",
    "application/pdf": ".pdf",
    "application/zip": ".zip",
    "text/plain": ".txt",
    "text/html": ".html",
}
DONE_KEY = "download:done"
"""The main screen's state key of the file last downloaded (the message shows while set)."""
NO_VIEWER = "Can\u2019t open file"


def _from_data_url(src: str) -> tuple[bytes, str] | None:
    """The bytes and MIME type of a ``data:`` URL (None if malformed)."""
    head, sep, payload = src[5:].partition(",")
    if not sep:
        return None
    mime = head.split(";")[0] or "text/plain"
    if head.endswith(";base64"):
        try:
            return base64.b64decode(payload, validate=False), mime
        except (binascii.Error, ValueError):
            return None
    return unquote(payload).encode(), mime


def _body_bytes(body: str) -> bytes:
    try:
        return body.encode("latin-1")
    except UnicodeEncodeError:
        return body.encode()


def image_bytes(ctx: AppContext, src: str) -> tuple[bytes, str] | None:
    """What ``src`` holds and the file name to save it as (None if it cannot be read)."""
    if src.startswith("data:"):
        decoded = _from_data_url(src)
        if decoded is None:
            return None
        return decoded[0], "image" + _EXTENSIONS.get(decoded[1], ".bin")
    if src.startswith("/"):
        if not ctx.phone.storage.exists(src):
            return None
        return ctx.phone.storage.read(src), posixpath.basename(src) or "image"
    try:
        response = web.fetch(ctx.phone, web.Request(src))
    except Exception:
        return None
    if response.status != 200:
        return None
    name = posixpath.basename(unquote(urlsplit(response.url).path)) or "image"
    return _body_bytes(response.html), name


def _free_path(ctx: AppContext, name: str) -> str:
    """A path in the download folder for ``name``, numbered if the name is taken."""
    stem, ext = posixpath.splitext(name)
    path, n = f"{data.DOWNLOAD_DIR}/{name}", 0
    while ctx.phone.storage.exists(path):
        n += 1
        path = f"{data.DOWNLOAD_DIR}/{stem} ({n}){ext}"
    return path


def file_name(url: str, content_type: str) -> str:
    """The name a file from ``url`` of ``content_type`` is saved as: the URL's last part,
    with the type's extension when it does not end with it already."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "download"
    name = posixpath.basename(unquote(parts.path)) or parts.hostname or "download"
    ext = _EXTENSIONS.get(content_type.split(";")[0].strip().lower(), "")
    if ext and not name.lower().endswith(ext):
        name += ext
    return name


def is_page(response: web.Response) -> bool:
    """Whether the browser shows ``response`` (an HTML page) rather than saving it."""
    return response.content_type.split(";")[0].strip().lower() in ("text/html", "")


def _save(ctx: AppContext, content: bytes, name: str, url: str) -> str:
    """Write ``content`` as ``name`` in the download folder, record and log it, and show
    the message that it is done; the path written."""
    path = _free_path(ctx, name)
    ctx.phone.storage.write(path, content)
    ctx.db().execute(
        "INSERT INTO downloads(path, url, size, created) VALUES (?, ?, ?, ?)",
        (path, url if not url.startswith("data:") else "data:", len(content), data.now_ms(ctx)),
    )
    ctx.log(f"Download complete: path={path} url={url[:200]} size={len(content)}")
    ctx.toast(DONE)
    ctx.set(DONE_KEY, path)
    return path


def _failed(ctx: AppContext, url: str) -> None:
    ctx.log(f"Download failed: url={url[:200]}", "W")
    ctx.toast(FAILED)


def download(ctx: AppContext, src: str) -> None:
    """Save the picture at ``src`` to the download folder, or toast why not."""
    got = image_bytes(ctx, src) if src else None
    if got is None:
        _failed(ctx, src)
        return
    _save(ctx, got[0], got[1], src)


def save_response(ctx: AppContext, response: web.Response) -> str:
    """Save a file the web answered with (``response``); the path written."""
    name = file_name(response.url, response.content_type)
    return _save(ctx, _body_bytes(response.html), name, response.url)


def download_link(ctx: AppContext, url: str) -> None:
    """ "Download link": save what ``url`` answers (a page as ``.html``), or toast why not."""
    if url.startswith(("mailto:", "javascript:", "data:")):
        _failed(ctx, url)
        return
    try:
        response = web.fetch(ctx.phone, web.Request(url))
    except Exception:
        response = None
    if response is None or response.status != 200:
        _failed(ctx, url)
        return
    save_response(ctx, response)


def open_download(ctx: AppContext, path: str) -> None:
    """ "Open" on a download: a PDF in the document reader, else a toast that it cannot."""
    if not ctx.phone.storage.exists(path):
        ctx.toast(NO_VIEWER)
        return
    if not path.lower().endswith(".pdf") or READER not in ctx.phone.apps:
        ctx.toast(NO_VIEWER)
        return
    ctx.log(f"Download opened: path={path}")
    ctx.phone.start_activity(READER, VIEWER, path=path)
