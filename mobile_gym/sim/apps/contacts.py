"""Contacts (``com.simplemobiletools.contacts.pro``), modelled on Simple Contacts Pro.

The contacts live in database ``contacts``, table ``contacts(id, first_name, last_name,
phone, email, starred)``. Saving logs ``Contact saved: id=N name=First Last``, deleting logs
``Contact deleted: id=N name=First Last``, (un)starring logs ``Contact starred: id=N`` /
``Contact unstarred: id=N`` and sorting logs ``Contacts sorted by last name`` (tag
``Contacts``). Saving toasts "Contact saved", deleting "Contact deleted".

Activities and resource ids (``com.simplemobiletools.contacts.pro:id/<name>``):

``.activities.MainActivity``
    ``toolbar`` with ``action_search`` (desc "Search") and "More options" (menu "Sort by",
    "About"); while searching the toolbar holds "Close search", the EditText ``search_query``
    (hint "Search contacts", filters by first name, last name and phone number) and, when it
    has text, "Clear query". ``contacts_list`` (recycled RecyclerView) of rows
    ``item_contact_frame``, each with ``item_contact_image`` (avatar letter) and
    ``item_contact_name``; tap opens the contact, long press opens a menu "Edit" / "Delete"
    (confirmed by the dialog "Delete contact?"). ``contacts_placeholder`` shows when no
    contact matches. ``fab`` (desc "Create new contact") opens the editor. The "Sort by"
    dialog has radio buttons ``sort_first_name`` and ``sort_last_name``.
``.activities.ViewContactActivity`` (arg ``contact_id``)
    "Navigate up", ``action_edit`` (desc "Edit"), ``action_delete`` (desc "Delete", dialog
    "Delete contact?" with Cancel / Delete); ``contact_photo``, ``contact_name``,
    ``contact_toggle_favorite`` (desc "Add to favorites" / "Remove from favorites"),
    ``contact_number`` and ``contact_email`` (each row only when the value is not empty).
    Closes itself when the contact no longer exists.
``.activities.EditContactActivity`` (optional arg ``contact_id``)
    "Navigate up", ``action_save`` (desc "Save"); EditTexts ``contact_first_name``,
    ``contact_last_name``, ``contact_number`` (phone) and ``contact_email`` (email), hints
    "First name", "Last name", "Phone", "Email". Saving with first name, last name and
    phone all empty toasts "Contact is empty"; otherwise it toasts "Contact saved" and
    closes (a new contact then shows its detail page).
"""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Callable
from typing import Any, ClassVar, cast

from mobile_gym.sim.apps.base import App, AppContext, Handler
from mobile_gym.sim.ui.composites import Toolbar, app_bar, empty_state, fab, toolbar
from mobile_gym.sim.ui.theme import Color
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, RadioButton, TextView

PACKAGE = "com.simplemobiletools.contacts.pro"
MAIN = ".activities.MainActivity"
VIEW = ".activities.ViewContactActivity"
EDIT = ".activities.EditContactActivity"
VERSION = "6.22.4"
ROW_DP = 64

SCHEMA = """
CREATE TABLE contacts(
    id INTEGER PRIMARY KEY,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    starred INTEGER NOT NULL DEFAULT 0
);
"""

# fmt: off
FIRST_NAMES = (
    "Aaron", "Amelia", "Benjamin", "Chloe", "Daniel", "Elena", "Ethan", "Fatima", "Gabriel",
    "Hannah", "Isaac", "Julia", "Kevin", "Laura", "Lucas", "Maria", "Mohammed", "Nora", "Oliver",
    "Priya", "Rachel", "Samuel", "Sofia", "Thomas", "Valentina", "William", "Yuki", "Zoe",
)
LAST_NAMES = (
    "Anderson", "Bauer", "Chen", "Costa", "Dubois", "Evans", "Fischer", "Garcia", "Hughes",
    "Ivanova", "Johnson", "Kim", "Lopez", "Martin", "Nguyen", "Okafor", "Patel", "Rossi",
    "Schmidt", "Silva", "Taylor", "Walker", "Williams", "Young",
)
AVATAR_COLORS: tuple[Color, ...] = (
    (229, 57, 53), (216, 27, 96), (142, 36, 170), (57, 73, 171), (3, 155, 229),
    (0, 137, 123), (67, 160, 71), (244, 81, 30), (109, 76, 65), (84, 110, 122),
)
# fmt: on
EMAIL_DOMAINS = ("gmail.com", "outlook.com", "yahoo.com", "proton.me", "icloud.com")
WHITE: Color = (255, 255, 255)
STAR: Color = (255, 179, 0)
SORT_KEYS = {
    "first_name": "first_name COLLATE NOCASE, last_name COLLATE NOCASE, id",
    "last_name": "last_name COLLATE NOCASE, first_name COLLATE NOCASE, id",
}
FIELDS = (
    # (state key = column, resource id, hint, input type, icon)
    ("first_name", "contact_first_name", "First name", "name", "person"),
    ("last_name", "contact_last_name", "Last name", "name", None),
    ("phone", "contact_number", "Phone", "phone", "phone"),
    ("email", "contact_email", "Email", "email", "email"),
)
_PHONE_QUERY = re.compile(r"[\d+\-() ]+")


def full_name(contact: sqlite3.Row) -> str:
    """``First Last`` (either part may be empty)."""
    return f"{contact['first_name']} {contact['last_name']}".strip()


def display_name(contact: sqlite3.Row) -> str:
    """What the list shows for a contact: its name, else its number, else its email."""
    return full_name(contact) or contact["phone"] or contact["email"]


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def _matches(contact: sqlite3.Row, query: str) -> bool:
    """Whether ``query`` (lower-case, stripped) finds ``contact`` by name or phone number."""
    names = (full_name(contact).lower(), f"{contact['last_name']} {contact['first_name']}".lower())
    if any(query in name for name in names):
        return True
    digits = _digits(query)
    if not digits or _PHONE_QUERY.fullmatch(query) is None:
        return False
    return digits in _digits(contact["phone"])


def _avatar(contact: sqlite3.Row, size: int, id: str, **kwargs: Any) -> ImageView:
    """A round avatar with the contact's initial, its colour fixed by the name."""
    name = display_name(contact)
    letter = name[:1].upper() if name[:1].isalpha() else "#"
    color = AVATAR_COLORS[sum(map(ord, name)) % len(AVATAR_COLORS)]
    return ImageView(size=size, circle=color, letter=letter, tint=WHITE, id=id, **kwargs)


class ContactsApp(App):
    """A contacts app: a searchable list, a detail page and an editor over one SQLite table."""

    package = PACKAGE
    label = "Contacts"
    icon = "person"
    color = (245, 124, 0)
    dock = True
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {MAIN: "main", VIEW: "view", EDIT: "edit"}
    schemas: ClassVar[dict[str, str]] = {"contacts": SCHEMA}

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        count = rng.randint(14, 20)
        firsts = rng.sample(FIRST_NAMES, count)
        rows = []
        for first in firsts:
            last = rng.choice(LAST_NAMES)
            phone = f"+1 555-{rng.randint(200, 999)}-{rng.randint(0, 9999):04d}"
            email = ""
            if rng.random() < 0.6:
                email = f"{first.lower()}.{last.lower()}@{rng.choice(EMAIL_DOMAINS)}"
            rows.append((first, last, phone, email, int(rng.random() < 0.2)))
        ctx.db().executemany(
            "INSERT INTO contacts(first_name, last_name, phone, email, starred) "
            "VALUES (?, ?, ?, ?, ?)",
            rows,
        )

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == VIEW:
            contact = self._contact(ctx, ctx.args.get("contact_id"))
            if contact is not None:
                return display_name(contact)
        elif ctx.screen.activity == EDIT:
            return "Edit contact" if "contact_id" in ctx.args else "New contact"
        return self.label

    def back(self, ctx: AppContext) -> bool:
        if ctx.screen.activity == MAIN and ctx.get("searching"):
            self._close_search(ctx)
            return True
        return False

    # data ---------------------------------------------------------------------------------
    def _contact(self, ctx: AppContext, contact_id: int | None) -> sqlite3.Row | None:
        if contact_id is None:
            return None
        return ctx.db().execute("SELECT * FROM contacts WHERE id = ?", (contact_id,)).fetchone()

    def _contacts(self, ctx: AppContext, query: str, sort: str) -> list[sqlite3.Row]:
        rows = ctx.db().execute(f"SELECT * FROM contacts ORDER BY {SORT_KEYS[sort]}").fetchall()
        return [row for row in rows if _matches(row, query)] if query else rows

    def _delete(self, ctx: AppContext, contact_id: int | None) -> None:
        contact = self._contact(ctx, contact_id)
        if contact is None:
            return
        ctx.db().execute("DELETE FROM contacts WHERE id = ?", (contact_id,))
        ctx.log(f"Contact deleted: id={contact_id} name={full_name(contact)}")
        ctx.toast("Contact deleted")

    def _gone(self, ctx: AppContext) -> View:
        """Close a screen whose contact was deleted (the phone then builds the one under it)."""
        ctx.finish()
        return View()

    def _delete_dialog(
        self, ctx: AppContext, contact: sqlite3.Row | None, on_delete: Handler
    ) -> Handler:
        """The "Delete contact?" dialog for ``contact``; returns the handler that opens it."""
        name = display_name(contact) if contact is not None else "This contact"
        return ctx.dialog(
            "delete",
            "Delete contact?",
            f"{name} will be removed from your contacts.",
            buttons=[("Cancel", None), ("Delete", on_delete)],
        )

    # main screen --------------------------------------------------------------------------
    def _close_search(self, ctx: AppContext) -> None:
        ctx.set("searching", False)
        ctx.clear_field("search")  # drops its focus and the keyboard too

    def _open_search(self, ctx: AppContext) -> None:
        ctx.set("searching", True)
        ctx.focus("search")

    def _search_bar(self, ctx: AppContext) -> Toolbar:
        children: list[View] = [
            ImageButton("back", desc="Close search", on_click=lambda: self._close_search(ctx)),
            ctx.edit(
                "search",
                hint="Search contacts",
                id="search_query",
                width=0,
                weight=1,
                on_submit=ctx.phone.hide_keyboard,
            ),
        ]
        if ctx.field("search"):
            children.append(
                ImageButton(
                    "close", desc="Clear query", on_click=lambda: ctx.set_field("search", "")
                )
            )
        return app_bar(children)

    def _sort_dialog(self, ctx: AppContext) -> Handler:
        def choose(key: str) -> Callable[[bool], None]:
            return lambda _checked: ctx.set("sort_choice", key)

        def apply() -> None:
            sort = ctx.screen.state.pop("sort_choice", ctx.get("sort", "first_name"))
            ctx.set("sort", sort)
            ctx.log(f"Contacts sorted by {sort.replace('_', ' ')}")

        choice = ctx.get("sort_choice", ctx.get("sort", "first_name"))
        options = [("first_name", "First name"), ("last_name", "Last name")]
        return ctx.dialog(
            "sort",
            "Sort by",
            buttons=[("Cancel", lambda: ctx.screen.state.pop("sort_choice", None)), ("OK", apply)],
            body=[
                RadioButton(
                    label,
                    id=f"sort_{key}",
                    checked=choice == key,
                    on_change=choose(key),
                    size=16,
                    margin=(0, 8, 0, 0),
                )
                for key, label in options
            ],
        )

    def main(self, ctx: AppContext) -> View:
        query = ctx.field("search").strip().lower()
        sort = ctx.get("sort", "first_name")
        contacts = self._contacts(ctx, query, sort)

        def start_sort() -> None:
            ctx.set("sort_choice", sort)
            open_sort()

        def edit_selected() -> None:
            ctx.open(EDIT, contact_id=ctx.get("selected"))

        def delete_selected() -> None:
            self._delete(ctx, ctx.get("selected"))

        selected = self._contact(ctx, ctx.get("selected"))
        confirm = self._delete_dialog(ctx, selected, delete_selected)
        open_row_menu = ctx.menu(
            "contact", [("Edit", edit_selected), ("Delete", confirm)], at_touch=True
        )
        open_sort = self._sort_dialog(ctx)
        open_about = ctx.dialog(
            "about",
            "About",
            f"Simple Contacts Pro {VERSION}. An easy way of managing your contacts, "
            "without ads, respecting your privacy.",
            buttons=[("OK", None)],
        )
        open_menu = ctx.menu("overflow", [("Sort by", start_sort), ("About", open_about)])

        def long_press(contact_id: int) -> Handler:
            def run() -> None:
                ctx.set("selected", contact_id)
                open_row_menu()  # at the pressed point

            return run

        def render(_index: int, item: object) -> View:
            contact = cast(sqlite3.Row, item)
            return Row(
                _avatar(contact, 40, "item_contact_image"),
                TextView(
                    display_name(contact),
                    id="item_contact_name",
                    size=17,
                    width=0,
                    weight=1,
                    margin=(16, 0, 0, 0),
                ),
                id="item_contact_frame",
                padding=(16, 0),
                on_click=lambda: ctx.open(VIEW, contact_id=contact["id"]),
                on_long_click=long_press(contact["id"]),
            )

        if contacts:
            body: View = ctx.scroller(
                "contacts",
                items=contacts,
                item_height=ROW_DP,
                render_item=render,
                id="contacts_list",
            )
        else:
            message = "No contacts match your search" if query else "No contacts found"
            body = empty_state(message, id="contacts_placeholder")
        if ctx.get("searching"):
            bar = self._search_bar(ctx)
        else:
            actions = [("search", "Search", lambda: self._open_search(ctx))]
            bar = toolbar("Contacts", actions=actions, on_overflow=open_menu)
        return Column(
            bar,
            FrameLayout(
                children=[body, fab("add", "Create new contact", lambda: ctx.open(EDIT))],
                height=MATCH,
            ),
            height=MATCH,
        )

    # detail screen ------------------------------------------------------------------------
    def view(self, ctx: AppContext) -> View:
        contact_id = ctx.args.get("contact_id")
        contact = self._contact(ctx, contact_id)
        if contact is None:
            return self._gone(ctx)

        def delete() -> None:
            self._delete(ctx, contact_id)
            ctx.finish()

        starred = bool(contact["starred"])

        def toggle_star() -> None:
            ctx.db().execute(
                "UPDATE contacts SET starred = ? WHERE id = ?", (int(not starred), contact_id)
            )
            ctx.log(f"Contact {'unstarred' if starred else 'starred'}: id={contact_id}")

        confirm = self._delete_dialog(ctx, contact, delete)
        rows: list[View] = [
            _avatar(contact, 96, "contact_photo", gravity="center", margin=(0, 24, 0, 0)),
            TextView(
                display_name(contact),
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
                on_click=toggle_star,
                tint=STAR if starred else "hint",
                selected=starred,
                gravity="center",
            ),
        ]
        for column, id, icon, kind in (
            ("phone", "contact_number", "phone", "Mobile"),
            ("email", "contact_email", "email", "Home"),
        ):
            if contact[column]:
                rows.append(
                    Row(
                        ImageView(icon, size=24, margin=(0, 0, 32, 0)),
                        Column(
                            TextView(contact[column], id=id, size=17, width=MATCH),
                            TextView(kind, size=14, color="text_secondary", width=MATCH),
                            width=0,
                            weight=1,
                        ),
                        padding=(24, 12),
                    )
                )
        actions = [
            ("edit", "Edit", lambda: ctx.open(EDIT, contact_id=contact_id)),
            ("delete", "Delete", confirm),
        ]
        return Column(
            toolbar("", on_up=ctx.finish, actions=actions),
            ctx.scroller("details", rows, id="contact_scrollview"),
            height=MATCH,
        )

    # editor -------------------------------------------------------------------------------
    def edit(self, ctx: AppContext) -> View:
        contact_id = ctx.args.get("contact_id")
        contact = self._contact(ctx, contact_id)
        if contact_id is not None and contact is None:
            return self._gone(ctx)
        saved = {key: contact[key] if contact is not None else "" for key, *_ in FIELDS}

        def save() -> None:
            values = {key: ctx.field(key, saved[key]).strip() for key in saved}
            if not (values["first_name"] or values["last_name"] or values["phone"]):
                ctx.toast("Contact is empty")
                return
            db = ctx.db()
            if contact_id is None:
                new_id = db.execute(
                    "INSERT INTO contacts(first_name, last_name, phone, email) "
                    "VALUES (:first_name, :last_name, :phone, :email)",
                    values,
                ).lastrowid
            else:
                new_id = contact_id
                db.execute(
                    "UPDATE contacts SET first_name = :first_name, last_name = :last_name, "
                    "phone = :phone, email = :email WHERE id = :id",
                    {**values, "id": contact_id},
                )
            name = f"{values['first_name']} {values['last_name']}".strip()
            ctx.log(f"Contact saved: id={new_id} name={name}")
            ctx.toast("Contact saved")
            ctx.finish()
            if contact_id is None:
                ctx.open(VIEW, contact_id=new_id)

        rows: list[View] = []
        for key, id, hint, input_type, icon in FIELDS:
            field = ctx.edit(
                key, hint=hint, default=saved[key], id=id, input_type=input_type, width=0, weight=1
            )
            gap = (0, 0, 24, 0)
            leading = ImageView(icon, size=24, margin=gap) if icon else View(width=24, margin=gap)
            rows.append(Row(leading, field, padding=(20, 6, 16, 6)))
        title = "New contact" if contact is None else "Edit contact"
        return Column(
            toolbar(title, on_up=ctx.finish, actions=[("check", "Save", save)]),
            ctx.scroller("form", rows, id="contact_scrollview"),
            height=MATCH,
        )
