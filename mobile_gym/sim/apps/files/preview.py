"""The text preview a text file opens in (``TextPreviewActivity``, argument ``path``): the
file's name, how many lines it has, and its text. A file inside a zip archive previews
from the archive."""

from __future__ import annotations

import posixpath

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.files import archive
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView

MAX_LINES = 2000


def line_count(text: str) -> int:
    """Lines as a text editor numbers them (a last line needs no newline)."""
    return len(text.splitlines())


def read_text(ctx: AppContext, path: str) -> str | None:
    storage = ctx.phone.storage
    if archive.split(path) is not None:
        data = archive.read_member(storage, path)
    elif storage.exists(path) and not storage.is_dir(path):
        data = storage.read(path)
    else:
        data = None
    return None if data is None else data.decode("utf-8", errors="replace")


def preview_screen(ctx: AppContext) -> View:
    path = ctx.args.get("path", "")
    text = read_text(ctx, path)
    if text is None:
        ctx.finish()
        return View()
    lines = line_count(text)
    return Column(
        ctx.up_bar(posixpath.basename(path)),
        TextView(
            f"{lines} line" + ("" if lines == 1 else "s"),
            id="line_count",
            size=13,
            color="text_secondary",
            padding=(16, 4),
        ),
        ctx.scroller(
            "text",
            [
                TextView(
                    text,
                    id="text_content",
                    size=15,
                    max_lines=MAX_LINES,
                    valign="top",
                    width=MATCH,
                    padding=16,
                )
            ],
            id="text_scroll",
        ),
        height=MATCH,
    )
