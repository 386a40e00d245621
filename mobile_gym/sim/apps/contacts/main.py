"""Contacts' main screen: the Contacts, Favorites and Groups tabs, search, the source filter,
sorting, and the menu to Settings and About."""

from __future__ import annotations

from mobile_gym.sim.apps.about import open_about
from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.contacts import changes, data
from mobile_gym.sim.apps.contacts.groups import groups_tab
from mobile_gym.sim.apps.contacts.lists import (
    checkbox_dialog,
    contact_list,
    contact_picker,
    delete_dialog,
)
from mobile_gym.sim.ui.choices import choices_dialog
from mobile_gym.sim.ui.composites import empty_state, fab
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, View
from mobile_gym.sim.ui.widgets import TextView

VERSION = "6.22.4"
TABS = (("Contacts", "person"), ("Favorites", "star"), ("Groups", "people"))
CONTACTS_TAB, FAVORITES_TAB, GROUPS_TAB = range(3)


def search(ctx: AppContext) -> Search:
    """The main screen's search mode (it filters the tab on show)."""
    return Search(ctx, "Search contacts")


SORTS = (
    ("sort", "first_name", "sort_first_name", "First name"),
    ("sort", "last_name", "sort_last_name", "Last name"),
    ("sort", "date_created", "sort_date_created", "Date created"),
    ("sort_order", "asc", "sort_ascending", "Ascending"),
    ("sort_order", "desc", "sort_descending", "Descending"),
)
"""The "Sort by" dialog's radio buttons: (preference, value, resource id, label)."""


class Listing:
    """How the main screen lists contacts: its sorting and the contact sources it hides."""

    def __init__(self, ctx: AppContext) -> None:
        prefs = data.prefs(ctx)
        self.sort = prefs.get("sort")
        self.descending = prefs.get("sort_order") == "desc"
        self.hidden = data.ignored_sources(ctx)

    @property
    def order(self) -> str:
        return data.order_by(self.sort, self.descending)

    def where(self, condition: str = "1") -> tuple[str, tuple[str, ...]]:
        """``condition`` and the source filter, as SQL and its arguments."""
        if not self.hidden:
            return condition, ()
        marks = ", ".join("?" for _ in self.hidden)
        return f"({condition}) AND source NOT IN ({marks})", tuple(self.hidden)


def _sort_dialog(ctx: AppContext) -> Handler:
    prefs = data.prefs(ctx)
    applied = {"sort": prefs.get("sort"), "sort_order": prefs.get("sort_order")}

    def apply(chosen: dict[str, str]) -> None:
        for key, value in chosen.items():
            if value != applied[key]:
                prefs.put(key, value)
        label = chosen["sort"].replace("_", " ")
        ctx.log(
            f"Contacts sorted by {label}{', descending' if chosen['sort_order'] == 'desc' else ''}"
        )

    return choices_dialog(ctx, applied, lambda _pending: SORTS, apply, spacing=8, gap=8)


def _filter_dialog(ctx: AppContext) -> Handler:
    """The "Filter" dialog: a check box per contact source; unchecked sources are hidden."""
    everywhere = data.sources(ctx)
    hidden = set(data.ignored_sources(ctx))

    def apply(shown: set[str]) -> None:
        ignored = ",".join(source for source in everywhere if source not in shown)
        if ignored != ",".join(sorted(hidden)):
            data.prefs(ctx).put("ignored_contact_sources", ignored)

    options = [(source, "filter_contact_source_checkbox", source) for source in everywhere]
    pick = checkbox_dialog(ctx, "filter", "Filter", options, apply)
    return lambda: pick({source for source in everywhere if source not in hidden})


def _filtered_out(open_filter: Handler) -> View:
    """What the Contacts tab shows when the filter hides every contact: why, and a button to
    change the filter."""
    return Column(
        empty_state("No contacts found with the selected filter", id="contacts_placeholder"),
        TextView(
            "Change filter",
            id="contacts_placeholder_2",
            size=16,
            color="primary",
            bold=True,
            gravity="center",
            padding=(16, 8),
            on_click=open_filter,
        ),
        width=MATCH,
    )


def _contacts_tab(
    ctx: AppContext, query: str, listing: Listing, open_filter: Handler
) -> tuple[View, View]:
    """The list of every contact and its "Create new contact" button."""
    selected = data.contact(ctx, ctx.get("selected"))

    def edit() -> None:
        ctx.open(data.EDIT, contact_id=ctx.get("selected"))

    def delete() -> None:
        changes.delete_contact(ctx, ctx.get("selected"))

    confirm = delete_dialog(ctx, selected, delete)
    open_menu = ctx.menu("contact", [("Edit", edit), ("Delete", confirm)], at_touch=True)

    def long_press(contact_id: int) -> None:
        ctx.set("selected", contact_id)
        open_menu()  # at the pressed point

    where, args = listing.where()
    rows = data.contact_rows(ctx, query, listing.order, where, args)
    button = fab("add", "Create new contact", lambda: ctx.open(data.EDIT))
    if not rows and not query and listing.hidden and data.has_contacts(ctx):
        return _filtered_out(open_filter), button
    empty = "No contacts match your search" if query else "No contacts found"
    body = contact_list(ctx, rows, id="contacts_list", empty=empty, on_long_press=long_press)
    return body, button


def _favorites_tab(ctx: AppContext, query: str, listing: Listing) -> tuple[View, View]:
    """The starred contacts and the "Add favorites" button (a dialog of check boxes)."""

    def unstar() -> None:
        changes.set_starred(ctx, ctx.get("selected"), False)

    open_menu = ctx.menu("favorite", [("Remove from favorites", unstar)], at_touch=True)

    def long_press(contact_id: int) -> None:
        ctx.set("selected", contact_id)
        open_menu()

    where, args = listing.where("starred = 1")
    favorites = data.contact_rows(ctx, query, listing.order, where, args)
    where, args = listing.where()
    everyone = data.contact_rows(ctx, order=listing.order, where=where, args=args)
    pick = contact_picker(
        ctx, "add_favorites", "Add favorites", everyone, lambda ids: changes.set_favorites(ctx, ids)
    )
    empty = "No contacts match your search" if query else "No favorites yet"
    body = contact_list(ctx, favorites, id="favorites_list", empty=empty, on_long_press=long_press)

    def add_favorites() -> None:  # the dialog opens with the starred contacts checked
        starred = ctx.db().execute("SELECT id FROM contacts WHERE starred = 1").fetchall()
        pick({contact_id for (contact_id,) in starred})

    return body, fab("add", "Add favorites", add_favorites)


def _dialpad_button(ctx: AppContext) -> View:
    """The round button at the bottom left that opens the dialpad."""
    button = fab("phone", "Dialpad", lambda: ctx.open(data.DIALPAD), id="main_dialpad_button")
    button.gravity = "bottom start"
    return button


def main_screen(ctx: AppContext) -> View:
    searching = search(ctx)
    query = searching.query
    listing = Listing(ctx)
    tab = ctx.get("tab", CONTACTS_TAB)

    def select_tab(index: int) -> None:
        ctx.set("tab", index)

    def start_sort() -> None:
        ctx.pop("sort_choice")
        open_sort()

    open_filter = _filter_dialog(ctx)
    if tab == FAVORITES_TAB:
        body, button = _favorites_tab(ctx, query, listing)
    elif tab == GROUPS_TAB:
        body, button = groups_tab(ctx, query)
    else:
        body, button = _contacts_tab(ctx, query, listing, open_filter)
    open_sort = _sort_dialog(ctx)
    open_menu = ctx.menu(
        "overflow",
        [
            ("Sort by", start_sort),
            ("Settings", lambda: ctx.open(data.SETTINGS)),
            ("About", open_about(ctx)),
        ],
    )
    bar = searching.toolbar(
        "Contacts", actions=[("menu", "Filter", open_filter)], on_overflow=open_menu
    )
    layers = [body, button]
    if data.prefs(ctx).flag("show_dialpad_button"):
        layers.append(_dialpad_button(ctx))
    return Column(
        bar,
        FrameLayout(children=layers, height=0, weight=1),
        tab_bar(TABS, tab, select_tab),
        height=MATCH,
    )
