"""Writing a mail: recipients with suggestions from Contacts, subject, body, quoted text of a
reply or forward, attachments picked from the phone's files; sending, and drafts kept when
the editor is left."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, NamedTuple

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mail import data
from mobile_gym.sim.apps.mail.data import Draft, Mail
from mobile_gym.sim.ui.composites import list_item, toolbar
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

if TYPE_CHECKING:
    from mobile_gym.sim.system.storage import Storage

RECIPIENTS = ("to", "cc", "bcc")
FIELDS = (*RECIPIENTS, "subject", "body")
FIELD_LABELS = {"to": "To", "cc": "Cc", "bcc": "Bcc"}
PICKABLE = ("/sdcard/Download", "/sdcard/Documents", "/sdcard/Pictures", "/sdcard/DCIM")
"""The folders whose files the attach dialog lists."""
_PICKABLE_INDEX = {folder: index for index, folder in enumerate(PICKABLE)}
SUGGESTIONS = 5
FILE_ROW_DP = 64


class Attachable(NamedTuple):
    """What the attach dialog lists for a query (``attachable``)."""

    paths: tuple[str, ...]
    """The files, newest first."""
    latest: int | None
    """The latest time recorded of them (None: none recorded)."""


def _prefixed(prefix: str, subject: str) -> str:
    """``Re: S`` / ``Fwd: S``, not doubling a prefix the subject has already."""
    if subject.lower().startswith(prefix.lower()):
        return subject
    return f"{prefix} {subject}"


def _quote(mail: Mail) -> str:
    lines = "\n".join("> " + line for line in mail.body.split("\n"))
    return f"On {data.when(mail.date)}, {mail.sender} <{mail.sender_address}> wrote:\n{lines}"


def _unique(addresses: list[str], seen: set[str]) -> list[str]:
    """``addresses`` not in ``seen`` (lower case), each once in any case (its first
    spelling); adds them to ``seen``."""
    kept = []
    for address in addresses:
        if address.lower() not in seen:
            seen.add(address.lower())
            kept.append(address)
    return kept


def reply_recipients(mail: Mail, *, to_all: bool) -> tuple[list[str], list[str]]:
    """To and Cc of a reply to ``mail``: its sender (the account's own mail: its
    recipients); with ``to_all`` its other recipients in To and its cc in Cc, without the
    account or anyone already there. Each address once, compared in any case."""
    seen: set[str] = set()
    to = _unique(data.split(mail.to_address) if mail.own else [mail.sender_address], seen)
    cc: list[str] = []
    if to_all:
        seen.add(data.ACCOUNT)
        to += _unique(data.split(mail.to_address), seen)
        cc = _unique(data.split(mail.cc), seen)
    return to, cc


def reply(ctx: AppContext, mail: Mail, *, to_all: bool) -> None:
    """Open the editor answering ``mail`` (``reply_recipients``)."""
    to, cc = reply_recipients(mail, to_all=to_all)
    args: dict[str, Any] = {
        "to": ", ".join(to) + ", ",
        "cc": ", ".join(cc) + (", " if cc else ""),
        "subject": _prefixed("Re:", mail.subject),
        "quoted": _quote(mail),
        "reply_to": mail.id,
    }
    ctx.open_focused(data.COMPOSE, "body", **args)


def forward(ctx: AppContext, mail: Mail) -> None:
    """Open the editor forwarding ``mail`` with its attachments."""
    quoted = (
        "---------- Forwarded message ---------\n"
        f"From: {mail.sender} <{mail.sender_address}>\n"
        f"Date: {data.when(mail.date)}\n"
        f"Subject: {mail.subject}\n"
        f"To: {mail.to_address}\n\n{mail.body}"
    )
    args = {
        "subject": _prefixed("Fwd:", mail.subject),
        "quoted": quoted,
        "attachments": mail.files,
        "reply_to": mail.id,
    }
    ctx.open_focused(data.COMPOSE, "to", **args)


def _stored(ctx: AppContext) -> Mail | None:
    """The draft the editor was opened on, if any."""
    draft_id = ctx.args.get("draft")
    return data.mail(ctx, draft_id) if draft_id is not None else None


def draft(ctx: AppContext) -> Draft:
    """What the editor holds now."""
    stored = _stored(ctx)
    args = ctx.args
    if stored is not None:
        defaults = {
            "to": stored.to_address,
            "cc": stored.cc,
            "bcc": stored.bcc,
            "subject": stored.subject,
            "body": stored.body,
        }
        files = stored.files
        reply_to = stored.reply_to
    else:
        defaults = {key: args.get(key, "") for key in FIELDS}
        files = dict(args.get("attachments", {}))
        reply_to = args.get("reply_to")
    return Draft(
        **{key: ctx.field(key, value) for key, value in defaults.items()},
        quoted="" if stored is not None else args.get("quoted", ""),
        attachments=ctx.get("attachments", files),
        reply_to=reply_to,
    )


def keep_draft(ctx: AppContext) -> None:
    """Save what the editor holds as a draft (leaving it by BACK, up or HOME), unless it
    was sent or discarded, or was not changed since it opened; emptied, the draft it was
    opened on (or saved as) is discarded."""
    if ctx.get("closed"):
        return
    current = draft(ctx)
    draft_id = ctx.get("draft_id", ctx.args.get("draft"))
    edited = ctx.has("attachments") or any(ctx.has("field:" + key) for key in FIELDS)
    if not edited:
        return  # a reply or forward left as it opened is dropped, as Gmail drops it
    if current.empty:
        if draft_id is not None and data.mail(ctx, draft_id) is not None:
            data.discard_draft(ctx, draft_id)
            ctx.set("draft_id", None)
        return
    saved = data.save_draft(ctx, current, draft_id)
    ctx.set("draft_id", saved)
    ctx.toast("Draft saved")


def _leave(ctx: AppContext) -> None:
    keep_draft(ctx)
    ctx.set("closed", True)
    ctx.finish()


def _send(ctx: AppContext) -> None:
    current = draft(ctx)
    recipients = [a for key in RECIPIENTS for a in data.split(getattr(current, key))]
    if not recipients:
        ctx.toast("Add at least one recipient")
        return
    wrong = [a for a in recipients if not data.is_address(a)]
    if wrong:
        ctx.toast(f"Invalid address: {wrong[0]}")
        return
    data.send(ctx, current, ctx.get("draft_id", ctx.args.get("draft")))
    ctx.set("closed", True)
    ctx.phone.hide_keyboard()
    ctx.toast("Sent")
    ctx.finish()


def _discard(ctx: AppContext) -> None:
    draft_id = ctx.get("draft_id", ctx.args.get("draft"))
    if draft_id is not None:
        data.discard_draft(ctx, draft_id)
    ctx.set("closed", True)
    ctx.phone.hide_keyboard()
    ctx.finish()


def _suggestions(ctx: AppContext, key: str, text: str) -> list[View]:
    """Rows of the people whose name or address holds what is typed after the last comma."""
    head, _, token = text.rpartition(",")
    token = token.strip().lower()
    if not token or data.is_address(token):
        return []
    found = data.suggested(ctx, token, SUGGESTIONS)

    def pick(address: str) -> None:
        before = f"{head}, " if head.strip() else ""
        ctx.set_field(key, f"{before}{address}, ")

    return [
        list_item(
            name,
            address,
            avatar=name,
            id="suggestion_row",
            title_id="suggestion_name",
            subtitle_id="suggestion_address",
            on_click=lambda a=address: pick(a),
        )
        for name, address in found
    ]


def _pickable_folder(path: str) -> int | None:
    """The index in ``PICKABLE`` of the folder ``path`` lies in (at any depth), if any."""
    parts = path.split("/", 3)  # "", "sdcard", folder, the rest
    return _PICKABLE_INDEX.get("/".join(parts[:3])) if len(parts) == 4 else None


def _pickable_files(storage: Storage, query: str, now: float) -> Attachable:
    """The pickable files whose names hold ``query``, most recently modified first (a file
    pushed without a time counts as modified at ``now``), then by folder and name; and the
    latest time recorded of them."""
    found = []
    paths = storage.file_paths()
    recorded = storage.times  # (read with the paths; ``file_paths`` are normalised)
    for path in paths:
        folder = _pickable_folder(path)
        name = path.rsplit("/", 1)[-1]
        if folder is not None and not name.startswith(".") and query in name.lower():
            modified = recorded.get(path)
            found.append((-(now if modified is None else modified), folder, path.lower(), path))
    latest = max((recorded[path] for *_, path in found if path in recorded), default=None)
    return Attachable(tuple(path for *_, path in sorted(found)), latest)


def attachable(ctx: AppContext, query: str) -> tuple[str, ...]:
    """What the attach dialog lists for ``query`` (``_pickable_files``): found once per
    query until the files change (``AppContext.kept_files``), not at every build of the
    dialog. Found with the files pushed without a time counted as newer than any other,
    which they are while no file's time is the clock's or later; else found again."""
    storage = ctx.phone.storage
    found = ctx.kept_files(("attachable", query), lambda: _pickable_files(storage, query, math.inf))
    now = ctx.phone.clock.stamp()
    if found.latest is None or found.latest < now:
        return found.paths
    return _pickable_files(storage, query, now).paths


def _attach_dialog(ctx: AppContext, current: Draft) -> Any:
    def files() -> tuple[str, ...]:
        return attachable(ctx, ctx.field("attach_query").strip().lower())

    def add(path: str) -> None:
        name = path.rsplit("/", 1)[-1]
        ctx.set("attachments", {**(current.attachments or {}), name: path})
        ctx.clear_field("attach_query")
        ctx.pop("dialog:attach")  # the flag ``AppContext.dialog`` shows the dialog by

    def body() -> list[View]:
        listed = files()
        search = ctx.edit(
            "attach_query",
            hint="Search files",
            id="attach_search",
            width=MATCH,
            margin=(0, 0, 0, 8),
            on_submit=ctx.phone.hide_keyboard,  # ENTER searches; the dialog stays
        )
        if not listed:
            return [search, TextView("No files found", id="attach_empty", color="text_secondary")]

        def render(index: int, _: object) -> View:
            path = listed[index]
            folder, _, name = path.rpartition("/")
            image = name.lower().endswith((".jpg", ".png", ".jpeg"))
            return list_item(
                name,
                folder.removeprefix("/sdcard/"),
                icon="image" if image else "file",
                id="attach_file_row",
                title_id="attach_file_name",
                subtitle_id="attach_file_folder",
                height=FILE_ROW_DP,
                on_click=lambda: add(path),
            )

        return [
            search,
            ctx.scroller(
                "attach_files",
                items=listed,
                item_height=FILE_ROW_DP,
                render_item=render,
                id="attach_file_list",
                height=384,
            ),
        ]

    return ctx.dialog(
        "attach",
        "Attach file",
        buttons=[("Cancel", lambda: ctx.clear_field("attach_query"))],
        body=body,
    )


def _field(ctx: AppContext, key: str, label: str, default: str) -> View:
    return Row(
        TextView(label, size=15, color="text_secondary", width=56),
        ctx.edit(
            key,
            default=default,
            id=f"compose_{key}",
            input_type="email",
            width=0,
            weight=1,
            hint="",
        ),
        padding=(16, 0, 8, 0),
    )


def compose_screen(ctx: AppContext) -> View:
    current = draft(ctx)
    attach = _attach_dialog(ctx, current)
    overflow = ctx.menu(
        "overflow", [("Save draft", lambda: _leave(ctx)), ("Discard", lambda: _discard(ctx))]
    )
    bar = toolbar(
        "Compose",
        on_up=lambda: _leave(ctx),
        actions=[("attach", "Attach file", attach), ("send", "Send", lambda: _send(ctx))],
        on_overflow=overflow,
    )
    focus = ctx.get("focus")
    rows: list[View] = [
        Row(
            TextView("From", size=15, color="text_secondary", width=56),
            TextView(data.ACCOUNT, id="compose_from", size=16, width=0, weight=1),
            padding=(16, 12, 8, 12),
        )
    ]
    for key in RECIPIENTS:
        rows.append(_field(ctx, key, FIELD_LABELS[key], getattr(current, key)))
        if focus == key:
            rows += _suggestions(ctx, key, getattr(current, key))
    rows.append(
        ctx.edit(
            "subject",
            default=current.subject,
            hint="Subject",
            id="compose_subject",
            margin=(16, 0, 16, 0),
            width=MATCH,
        )
    )
    for name in current.attachments or {}:
        rows.append(
            Row(
                ImageView("file", size=20, margin=(0, 0, 12, 0)),
                TextView(name, id="attachment_chip_name", size=14, width=0, weight=1),
                ImageButton(
                    "close",
                    desc="Remove attachment",
                    size=40,
                    padding=10,
                    on_click=lambda n=name: ctx.set(
                        "attachments",
                        {k: v for k, v in (current.attachments or {}).items() if k != n},
                    ),
                ),
                id="attachment_chip",
                background="surface_variant",
                radius=8,
                padding=(12, 0, 0, 0),
                margin=(16, 8, 16, 0),
            )
        )
    rows.append(
        ctx.edit(
            "body",
            default=current.body,
            hint="Compose email",
            id="compose_body",
            input_type="multiline",
            margin=(16, 4, 16, 0),
            width=MATCH,
            max_lines=12,
        )
    )
    if current.quoted:
        rows.append(
            TextView(
                current.quoted,
                id="quoted_text",
                size=14,
                color="text_secondary",
                max_lines=40,
                width=MATCH,
                margin=(16, 8, 16, 16),
            )
        )
    form = ctx.scroller("form", rows, cls=ScrollView, id="compose_form", height=0, weight=1)
    return Column(bar, form, height=MATCH)
