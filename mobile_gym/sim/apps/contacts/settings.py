"""Contacts' Settings page (the fields the contact pages show, the dialpad button) and the
dialpad the main screen's button opens."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.contacts import data
from mobile_gym.sim.apps.contacts.lists import checkbox_dialog, contact_list
from mobile_gym.sim.apps.preferences import preference_switches
from mobile_gym.sim.ui.composites import list_item
from mobile_gym.sim.ui.view import MATCH, Column, View

VISIBLE_FIELDS = (
    # (preference, check box id, label)
    ("show_phone_numbers", "manage_visible_fields_phone_numbers", "Phone numbers"),
    ("show_emails", "manage_visible_fields_emails", "Emails"),
    ("show_addresses", "manage_visible_fields_addresses", "Addresses"),
    ("show_organization", "manage_visible_fields_organization", "Organization"),
)
SWITCHES = (
    (
        "show_dialpad_button",
        "settings_show_dialpad_button",
        "Show a dialpad button on the main screen",
    ),
)


def settings_screen(ctx: AppContext) -> View:
    """ "Manage shown contact fields" (a dialog of check boxes) and the dialpad switch."""
    prefs = data.prefs(ctx)

    def apply(shown: set[str]) -> None:
        for key, _id, _label in VISIBLE_FIELDS:
            if prefs.flag(key) != (key in shown):
                prefs.put(key, key in shown)

    manage = checkbox_dialog(
        ctx, "visible_fields", "Manage shown contact fields", VISIBLE_FIELDS, apply
    )
    shown = {key for key, _id, _label in VISIBLE_FIELDS if prefs.flag(key)}
    rows: list[View] = [
        list_item(
            "Manage shown contact fields",
            on_click=lambda: manage(shown),
            id="settings_manage_contact_fields_holder",
        ),
        *preference_switches(prefs, SWITCHES),
    ]
    return Column(
        ctx.up_bar("Settings"),
        ctx.scroller("settings", rows, id="settings_scrollview"),
        height=MATCH,
    )


def dialpad_screen(ctx: AppContext) -> View:
    """A number field and the contacts whose numbers hold what was typed."""
    typed = data.digits(ctx.field("number"))
    rows = data.dialled(ctx, typed)
    field = ctx.edit(
        "number", hint="Number", id="dialpad_input", input_type="phone", margin=(16, 8)
    )
    body = contact_list(
        ctx,
        rows,
        id="dialpad_list",
        empty="No contacts found",
        on_long_press=lambda _contact_id: None,
        empty_id="dialpad_placeholder",
    )
    return Column(ctx.up_bar("Dialpad"), field, body, height=MATCH)
