"""The File Manager's text reader (``ReadTextActivity``): a file's text, and an edit mode
whose Save writes the file back to the phone's storage.

Edit turns the text into a multi-line field holding the file's text; Save writes it and
logs ``Saved file P``. BACK or "Navigate up" with unsaved changes asks first: Save writes
and closes, Discard closes and leaves the file as it was.
"""

from __future__ import annotations

import posixpath

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.ui.composites import Action, toolbar
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView

EDITING = "editing"
FIELD = "text"
MAX_CHARS = 100_000
"""The most text the editor holds (the reader shows any file)."""
SAVED = "File saved successfully"
UNSAVED = "You have unsaved changes. Save them before closing?"


def _path(ctx: AppContext) -> str:
    return ctx.args.get("path", "")


def _stored_text(ctx: AppContext) -> str:
    return ctx.phone.storage.read(_path(ctx)).decode("utf-8", errors="replace")


def _unsaved(ctx: AppContext) -> bool:
    """Whether the editor holds text that differs from the file's."""
    if not ctx.get(EDITING):
        return False
    stored = _stored_text(ctx)
    return ctx.field(FIELD, stored) != stored


def _save(ctx: AppContext) -> None:
    path = _path(ctx)
    text = ctx.field(FIELD, _stored_text(ctx))
    ctx.phone.storage.write_files([(path, text.encode(), ctx.phone.clock.epoch_ms)])
    ctx.set_field(FIELD, text)
    ctx.log(f"Saved file {path}")
    ctx.toast(SAVED)


def _edit(ctx: AppContext) -> None:
    ctx.set_field(FIELD, _stored_text(ctx))
    ctx.set(EDITING, True)
    ctx.focus(FIELD)


def _close_dialog(ctx: AppContext) -> Handler:
    """The handler that asks to save or discard unsaved changes (shown while asked)."""

    def save() -> None:
        _save(ctx)
        ctx.finish()

    return ctx.dialog(
        "unsaved",
        "Unsaved changes",
        UNSAVED,
        buttons=[("Discard", ctx.finish), ("Save", save)],
    )


def reader_back(ctx: AppContext) -> bool:
    """BACK with unsaved changes asks to save or discard them (True: handled here)."""
    if not _unsaved(ctx):
        return False
    _close_dialog(ctx)()
    return True


def _close(ctx: AppContext) -> None:
    if not reader_back(ctx):
        ctx.finish()


def reader_screen(ctx: AppContext) -> View:
    """The file's text, or in edit mode the field that edits it."""
    path = _path(ctx)
    storage = ctx.phone.storage
    if not storage.exists(path) or storage.is_dir(path):
        ctx.finish()
        return View()
    editing = bool(ctx.get(EDITING))
    _close_dialog(ctx)  # shows the save-or-discard question while it is asked
    actions: list[Action] = (
        [("check", "Save", lambda: _save(ctx))]
        if editing
        else [("edit", "Edit", lambda: _edit(ctx))]
    )
    if editing:
        body: View = ctx.edit(
            FIELD,
            default=_stored_text(ctx),
            id="read_text_view",
            input_type="multiline",
            max_lines=10_000,
            max_length=MAX_CHARS,
            size=16,
            padding=16,
            height=MATCH,
        )
        holder = ctx.scroller(
            "edit", [body], cls=ScrollView, id="read_text_holder", fill_viewport=True
        )
    else:
        body = TextView(
            _stored_text(ctx),
            id="read_text_view",
            size=16,
            max_lines=400,
            valign="top",
            width=MATCH,
            padding=16,
        )
        holder = ctx.scroller("text", [body], id="read_text_holder")
    return Column(
        toolbar(posixpath.basename(path), on_up=lambda: _close(ctx), actions=actions),
        holder,
        height=MATCH,
    )
