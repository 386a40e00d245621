"""Contacts (``com.simplemobiletools.contacts.pro``), modelled on Simple Contacts Pro.

Database ``contacts``: table ``contacts(id, first_name, last_name, phone, email, starred,
address, company, job_position, created, source, nickname, notes, phone_label,
email_label)`` (``created`` in milliseconds on the virtual clock; ``source`` the contact
source, "Phone storage"; ``phone_label`` the number's type, "Mobile" by default, or "Home",
"Work", "Main", "Work fax", "Home fax", "Pager", "Other" or a custom label;
``email_label`` the email's, "Home" by default, or "Work", "Mobile", "Other" or a custom
label), table ``groups(id, title)``,
table ``group_members(group_id, contact_id)`` and table ``preferences(key, value)``: ``sort``
(``first_name``, ``last_name`` or ``date_created``), ``sort_order`` (``asc`` / ``desc``),
``show_dialpad_button`` (``1`` / ``0``), ``show_phone_numbers``, ``show_emails``,
``show_addresses``, ``show_organization`` (``1`` / ``0``: the fields the contact pages show)
and ``ignored_contact_sources`` (comma-separated sources the filter hides; empty by default).
Logcat (tag ``Contacts``): ``Contact saved: id=N name=First Last``, ``Contact deleted: id=N
name=First Last``, ``Contact starred: id=N`` / ``Contact unstarred: id=N``, ``Contacts sorted
by last name`` (``first name``, ``date created``; ``, descending`` appended when it is),
``Preference changed: key=value``, ``Group created: id=N title=T``, ``Group renamed: id=N
title=T``, ``Group deleted: id=N title=T``, ``Contact added to group: id=N group=G``,
``Contact removed from group: id=N group=G``.
Toasts: "Contact saved", "Contact deleted", "Contact is empty", "Group name cannot be
empty", "A group with that name already exists", "No app found to send messages".

Activities and resource ids (``com.simplemobiletools.contacts.pro:id/<name>``):

``.activities.MainActivity``
    ``toolbar`` with ``action_search`` (desc "Search"), ``action_filter`` (desc "Filter":
    the dialog "Filter" with a check box ``filter_contact_source_checkbox`` per contact
    source; OK hides the unchecked ones) and "More options" (menu "Sort by", "Settings",
    "About": the About pages of ``mobile_gym.sim.apps.about``); while searching the toolbar holds "Close search", the EditText ``search_query``
    (hint "Search contacts"; filters the tab on show: contacts by first name, last name and
    phone number, groups by name) and, when it has text, "Clear query". At the bottom the
    tab bar ``main_tabs_holder`` with the tabs "Contacts", "Favorites" and "Groups" (nodes
    named by ``content-desc``, ``selected`` on the one showing).
    Contacts tab: ``contacts_list`` (recycled) of rows ``item_contact_frame``, each with
    ``item_contact_image`` (avatar letter) and ``item_contact_name``; tap opens the contact,
    long press opens a menu "Edit" / "Delete" (confirmed by the dialog "Delete contact?").
    ``fab`` (desc "Create new contact") opens the editor.
    Favorites tab: ``favorites_list`` of the starred contacts (same rows; long press: menu
    "Remove from favorites"); ``fab`` (desc "Add favorites") opens a dialog of check boxes
    ``contact_checkbox`` in ``select_contact_list``, one per contact, checked for favorites;
    OK stars exactly the checked ones.
    Groups tab: ``groups_list`` of rows ``group_frame`` with ``group_name`` and
    ``group_count`` ("3 contacts"); tap opens the group, long press: menu "Rename" /
    "Delete" (dialog "Delete group?"); ``fab`` (desc "Create a new group") opens the dialog
    "Create a new group" with the field ``group_name_input``.
    ``contacts_placeholder`` / ``groups_placeholder`` show when a tab has nothing to list;
    when the filter hides every contact, ``contacts_placeholder`` says so and the button
    ``contacts_placeholder_2`` ("Change filter") opens the filter. ``main_dialpad_button``
    (desc "Dialpad", bottom left, unless turned off in Settings) opens the dialpad.
    The "Sort by" dialog has radio buttons ``sort_first_name``, ``sort_last_name``,
    ``sort_date_created`` and ``sort_ascending``, ``sort_descending`` (Cancel / OK).
``.activities.ViewContactActivity`` (arg ``contact_id``)
    "Navigate up", ``action_edit`` (desc "Edit"), ``action_delete`` (desc "Delete", dialog
    "Delete contact?" with Cancel / Delete); ``contact_photo``, ``contact_name``,
    ``contact_toggle_favorite`` (desc "Add to favorites" / "Remove from favorites"), and a
    row for each field that is not empty: ``contact_nickname``, ``contact_number`` (with
    ``contact_send_sms``, desc "Send SMS": opens the SMS Messenger conversation with the
    number), ``contact_email`` (each captioned with its label), ``contact_address``,
    ``contact_notes``, ``contact_organization_company``,
    ``contact_organization_job_position``. Closes itself when the contact no longer exists.
``.activities.EditContactActivity`` (optional args ``contact_id``, or ``phone`` to prefill
    a new contact's number) "Navigate up", ``action_save`` (desc "Save"); EditTexts
    ``contact_first_name``, ``contact_last_name``, ``contact_number``, ``contact_email``,
    ``contact_address``, ``contact_organization_company``,
    ``contact_organization_job_position``, ``contact_nickname`` and ``contact_notes``
    (hints "First name", "Last name", "Phone", "Email", "Address", "Company", "Job
    position", "Nickname", "Notes"). Beside the number and the email the buttons
    ``contact_number_type`` / ``contact_email_type`` show their label and open the dialog
    "Select type" (radio buttons ``phone_label_<label>`` / ``email_label_<label>``, e.g.
    ``phone_label_work_fax``, and ``..._custom``: the dialog "Custom label" with the field
    ``custom_label_input``; an empty label toasts "Label cannot be empty"). Typing into a field appends to its
    text; a long press on a field focuses it and selects its whole text (shown highlighted),
    so that what is typed next replaces it and a delete clears it (a tap drops the
    selection). Saving with first name, last name and phone all empty toasts "Contact is
    empty"; otherwise it toasts "Contact saved" and closes (a new contact then shows its
    detail page).
``.activities.SettingsActivity``
    "Settings", "Navigate up"; ``settings_manage_contact_fields_holder`` ("Manage shown
    contact fields": a dialog of check boxes ``manage_visible_fields_phone_numbers``,
    ``manage_visible_fields_emails``, ``manage_visible_fields_addresses``,
    ``manage_visible_fields_organization``; Cancel / OK) and the switch
    ``settings_show_dialpad_button`` ("Show a dialpad button on the main screen"). A hidden
    field leaves the contact page and the editor (saving keeps its stored value).
``.activities.DialpadActivity``
    "Dialpad", "Navigate up"; the number field ``dialpad_input`` and ``dialpad_list`` of the
    contacts whose numbers hold the digits typed (``dialpad_placeholder`` when none do).
``.activities.GroupContactsActivity`` (arg ``group_id``)
    The group's name as title, "Navigate up"; ``group_contacts_list`` of contact rows (long
    press: menu "Remove from group"), ``group_contacts_placeholder`` when empty, and
    ``group_contacts_fab`` (desc "Add contacts": the check-box dialog "Add contacts", checked
    for members; OK makes the checked contacts the members).
"""

from mobile_gym.sim.apps.contacts.app import ContactsApp
from mobile_gym.sim.apps.contacts.data import (
    DATABASE,
    DIALPAD,
    EDIT,
    GROUP,
    MAIN,
    PACKAGE,
    SETTINGS,
    VIEW,
    display_name,
    full_name,
)

__all__ = [
    "DATABASE",
    "DIALPAD",
    "EDIT",
    "GROUP",
    "MAIN",
    "PACKAGE",
    "SETTINGS",
    "VIEW",
    "ContactsApp",
    "display_name",
    "full_name",
]
