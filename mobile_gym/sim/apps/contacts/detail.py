"""A contact's detail page (with "Send SMS" to the messaging app) and the contact editor."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.contacts import changes, data
from mobile_gym.sim.apps.contacts.labels import chosen, label_button
from mobile_gym.sim.apps.contacts.lists import avatar, delete_dialog
from mobile_gym.sim.ui.composites import toolbar
from mobile_gym.sim.ui.prefilled import deselect, select_all
from mobile_gym.sim.ui.theme import Color
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import EditText, ImageButton, ImageView, TextView

SMS_PACKAGE = "com.simplemobiletools.smsmessenger"
SMS_THREAD = ".activities.ThreadActivity"
"""Where "Send SMS" goes: the messaging app's conversation with the number."""
NO_SMS_APP = "No app found to send messages"
STAR: Color = (255, 179, 0)
EDITOR = (
    # (column, resource id, hint, input type, icon)
    ("first_name", "contact_first_name", "First name", "name", "person"),
    ("last_name", "contact_last_name", "Last name", "name", None),
    ("phone", "contact_number", "Phone", "phone", "phone"),
    ("email", "contact_email", "Email", "email", "email"),
    ("address", "contact_address", "Address", "text", None),
    ("company", "contact_organization_company", "Company", "text", None),
    ("job_position", "contact_organization_job_position", "Job position", "text", None),
    ("nickname", "contact_nickname", "Nickname", "name", None),
    ("notes", "contact_notes", "Notes", "multiline", None),
)
LABELLED = {
    # column: (label column, resource id of its type button, the standard labels)
    "phone": ("phone_label", "contact_number_type", data.PHONE_LABELS),
    "email": ("email_label", "contact_email_type", data.EMAIL_LABELS),
}
DETAILS = (
    # (column, resource id, icon, caption: a text, or the column holding the label)
    ("nickname", "contact_nickname", None, "Nickname"),
    ("phone", "contact_number", "phone", "phone_label"),
    ("email", "contact_email", "email", "email_label"),
    ("address", "contact_address", None, "Address"),
    ("notes", "contact_notes", None, "Notes"),
    ("company", "contact_organization_company", None, "Company"),
    ("job_position", "contact_organization_job_position", None, "Job position"),
)


def gone(ctx: AppContext) -> View:
    """Close a screen whose contact was deleted (the phone then builds the one under it)."""
    ctx.finish()
    return View()


def _send_sms(ctx: AppContext, number: str) -> None:
    if SMS_PACKAGE not in ctx.phone.apps:
        ctx.toast(NO_SMS_APP)
        return
    ctx.phone.start_activity(SMS_PACKAGE, SMS_THREAD, address=number)


def view_screen(ctx: AppContext) -> View:
    contact_id = ctx.args.get("contact_id")
    contact = data.contact(ctx, contact_id)
    if contact is None:
        return gone(ctx)

    def delete() -> None:
        changes.delete_contact(ctx, contact_id)
        ctx.finish()

    starred = bool(contact["starred"])
    rows: list[View] = [
        avatar(contact, 96, "contact_photo", gravity="center", margin=(0, 24, 0, 0)),
        TextView(
            data.display_name(contact),
            id="contact_name",
            size=26,
            max_lines=2,
            align="center",
            width=MATCH,
            margin=(16, 16, 16, 0),
        ),
        ImageButton(
            "star",
            desc="Remove from favorites" if starred else "Add to favorites",
            id="contact_toggle_favorite",
            on_click=lambda: changes.set_starred(ctx, contact_id, not starred),
            tint=STAR if starred else "hint",
            selected=starred,
            gravity="center",
        ),
    ]
    shown = data.shown_fields(ctx)
    for column, id, icon, caption in DETAILS:
        value = contact[column]
        if not value or column not in shown:
            continue
        trailing: list[View] = []
        if column == "phone":
            trailing.append(
                ImageButton(
                    "message",
                    desc="Send SMS",
                    id="contact_send_sms",
                    on_click=lambda: _send_sms(ctx, contact["phone"]),
                )
            )
        leading = ImageView(icon, size=24) if icon else View(width=24, height=24)
        leading.margin = (0, 0, 32, 0)
        rows.append(
            Row(
                leading,
                Column(
                    TextView(value, id=id, size=17, max_lines=2, width=MATCH),
                    TextView(
                        contact[caption] if caption.endswith("_label") else caption,
                        size=14,
                        color="text_secondary",
                        width=MATCH,
                    ),
                    width=0,
                    weight=1,
                ),
                *trailing,
                padding=(24, 12),
            )
        )
    actions = [
        ("edit", "Edit", lambda: ctx.open(data.EDIT, contact_id=contact_id)),
        ("delete", "Delete", delete_dialog(ctx, contact, delete)),
    ]
    return Column(
        toolbar("", on_up=ctx.finish, actions=actions),
        ctx.scroller("details", rows, id="contact_scrollview"),
        height=MATCH,
    )


def _selectable(ctx: AppContext, field: EditText) -> EditText:
    """``field`` (made by ``ctx.edit``) with Android's touch selection: a long press focuses it
    and selects its text (the word under the finger), so typing replaces it; a tap puts the
    cursor back at the end (no selection), as does moving to another field."""
    key = field.field_key
    if key is None:
        raise ValueError("a selectable field needs a field made by AppContext.edit")
    text = field.text
    focus = field.on_focus

    def tap() -> None:
        for other, *_ in EDITOR:
            deselect(ctx, other)
        focus()

    def long_press() -> None:
        tap()
        if text:
            select_all(ctx, key)

    field.on_focus = tap
    field.on_long_click = long_press
    return field


def edit_screen(ctx: AppContext) -> View:
    """The editor; a new contact may come prefilled with a ``phone`` (from another app)."""
    contact_id = ctx.args.get("contact_id")
    contact = data.contact(ctx, contact_id)
    if contact_id is not None and contact is None:
        return gone(ctx)
    saved = {key: contact[key] if contact is not None else "" for key in changes.FIELDS}
    if contact is None:
        saved["phone"] = ctx.args.get("phone", "")
    labels = {
        column: contact[column] if contact is not None else default
        for column, default in zip(changes.LABELS, data.DEFAULT_LABELS, strict=True)
    }

    def save() -> None:
        values = {key: ctx.field(key, saved[key]).strip() for key in saved}
        values |= {column: chosen(ctx, column, labels[column]) for column in labels}
        if not (values["first_name"] or values["last_name"] or values["phone"]):
            ctx.toast("Contact is empty")
            return
        new_id = changes.save_contact(ctx, contact_id, values)
        ctx.finish()
        if contact_id is None:
            ctx.open(data.VIEW, contact_id=new_id)

    rows: list[View] = []
    shown = data.shown_fields(ctx)
    for key, id, hint, input_type, icon in EDITOR:
        if key not in shown:
            continue  # hidden in Settings: saving keeps the stored value
        field = _selectable(
            ctx,
            ctx.edit(
                key, hint=hint, default=saved[key], id=id, input_type=input_type, width=0, weight=1
            ),
        )
        gap = (0, 0, 24, 0)
        leading = ImageView(icon, size=24, margin=gap) if icon else View(width=24, margin=gap)
        trailing: list[View] = []
        if key in LABELLED:
            column, button_id, choices = LABELLED[key]
            trailing.append(label_button(ctx, column, button_id, choices, labels[column]))
        rows.append(Row(leading, field, *trailing, padding=(20, 6, 16, 6)))
    title = "New contact" if contact is None else "Edit contact"
    return Column(
        toolbar(title, on_up=ctx.finish, actions=[("check", "Save", save)]),
        ctx.scroller("form", rows, id="contact_scrollview"),
        height=MATCH,
    )
