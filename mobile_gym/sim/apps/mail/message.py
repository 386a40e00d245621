"""One mail, opened: subject, labels, star, sender and recipients, body, attachments to
download, and Reply / Reply all / Forward; the bar archives, deletes or marks it unread."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.mail import data
from mobile_gym.sim.apps.mail.compose import forward, reply
from mobile_gym.sim.apps.mail.data import Mail
from mobile_gym.sim.apps.mail.labels import label_dialog
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, ImageView, TextView


def shown_mail(ctx: AppContext) -> Mail | None:
    return data.mail(ctx, ctx.args["mail"])


def _then_close(ctx: AppContext, change: Handler) -> Handler:
    def run() -> None:
        change()
        ctx.finish()

    return run


def _bar(ctx: AppContext, mail: Mail) -> View:
    mail_id = mail.id
    actions: list[tuple[str, str, Handler]] = []
    if mail.folder == "inbox":
        actions.append(
            ("archive", "Archive", _then_close(ctx, lambda: data.move(ctx, mail_id, "archive")))
        )
    if mail.folder == "trash":
        forever = ctx.dialog(
            "delete_forever",
            "Delete forever?",
            "This mail will be deleted permanently.",
            buttons=[
                ("Cancel", None),
                ("Delete", _then_close(ctx, lambda: data.delete_forever(ctx, mail_id))),
            ],
        )
        actions.append(("delete", "Delete forever", forever))
    else:
        actions.append(
            ("delete", "Delete", _then_close(ctx, lambda: data.move(ctx, mail_id, "trash")))
        )
    actions.append(
        (
            "email",
            "Mark unread",
            _then_close(ctx, lambda: data.set_read(ctx, mail_id, False)),
        )
    )
    items: list[tuple[str, Handler]] = []
    if mail.folder in ("archive", "trash"):
        label, restore = data.restore_item(ctx, mail)
        items.append((label, _then_close(ctx, restore)))
    items.append(("Label as", label_dialog(ctx, mail)))
    return toolbar("", on_up=ctx.finish, actions=actions, on_overflow=ctx.menu("overflow", items))


def _attachment(ctx: AppContext, name: str, source: str) -> View:
    def save() -> None:
        data.download(ctx, name, source)
        ctx.toast(f"Saved to Download: {name}")

    return Row(
        ImageView(
            "image" if name.lower().endswith((".jpg", ".jpeg", ".png")) else "file",
            size=24,
            margin=(0, 0, 12, 0),
        ),
        TextView(name, id="attachment_name", size=15, width=0, weight=1),
        ImageButton("download", desc="Download", id="attachment_download", on_click=save),
        id="attachment",
        background="surface_variant",
        radius=8,
        padding=(12, 0, 0, 0),
        margin=(16, 8, 16, 0),
    )


def message_screen(ctx: AppContext) -> View:
    mail = shown_mail(ctx)
    if mail is None:
        return Column(ctx.up_bar(""), empty_state("This mail is gone"), height=MATCH)
    me = data.ACCOUNT.lower()
    to = data.split(mail.to_address)
    to_text = "to me" if [a.lower() for a in to] == [me] else "to " + ", ".join(to)
    if mail.cc:
        to_text += ", cc " + mail.cc
    if mail.bcc:
        to_text += ", bcc " + mail.bcc
    head: list[View] = [
        Row(
            TextView(
                mail.subject or "(no subject)",
                id="mail_subject",
                size=22,
                max_lines=4,
                width=0,
                weight=1,
            ),
            ImageButton(
                "star",
                desc="Starred" if mail.starred else "Not starred",
                id="mail_star",
                tint=(244, 180, 0) if mail.starred else "hint",
                on_click=lambda: data.set_starred(ctx, mail.id, not mail.starred),
            ),
            padding=(16, 8, 4, 0),
        )
    ]
    chips = [data.folder_title(mail.folder), *mail.label_list]
    head.append(
        Row(
            *[
                TextView(
                    chip,
                    id="mail_label",
                    size=12,
                    background="surface_variant",
                    radius=6,
                    padding=(6, 2),
                    margin=(0, 0, 6, 0),
                )
                for chip in chips
            ],
            padding=(16, 4),
        )
    )
    head.append(
        Row(
            ImageView(
                size=40,
                circle=(66, 133, 244),
                letter=(mail.sender or "?")[:1].upper(),
                tint=(255, 255, 255),
            ),
            Column(
                Row(
                    TextView(
                        mail.sender, id="mail_sender_name", size=16, bold=True, width=0, weight=1
                    ),
                    TextView(data.when(mail.date), id="mail_date", size=12, color="text_secondary"),
                ),
                TextView(
                    mail.sender_address,
                    id="mail_sender_address",
                    size=13,
                    color="text_secondary",
                    width=MATCH,
                ),
                TextView(
                    to_text, id="mail_to", size=13, color="text_secondary", width=MATCH, max_lines=3
                ),
                width=0,
                weight=1,
                margin=(12, 0, 0, 0),
            ),
            padding=(16, 12),
        )
    )
    head.append(
        TextView(
            mail.body,
            id="mail_body",
            size=15,
            max_lines=400,
            width=MATCH,
            margin=(16, 8, 16, 8),
            valign="top",
        )
    )
    head += [_attachment(ctx, name, source) for name, source in mail.files.items()]
    answers = (
        ("Reply", "reply_button", lambda: reply(ctx, mail, to_all=False)),
        ("Reply all", "reply_all_button", lambda: reply(ctx, mail, to_all=True)),
        ("Forward", "forward_button", lambda: forward(ctx, mail)),
    )
    head.append(
        Row(
            *[
                Button(
                    label,
                    id=button_id,
                    on_click=handler,
                    background="surface_variant",
                    color="text",
                    width=0,
                    weight=1,
                    margin=(4, 0),
                    padding=(8, 10),
                )
                for label, button_id, handler in answers
            ],
            padding=(12, 16),
        )
    )
    content = ctx.scroller("mail", head, cls=ScrollView, id="mail_scroll", height=0, weight=1)
    return Column(_bar(ctx, mail), content, height=MATCH)
