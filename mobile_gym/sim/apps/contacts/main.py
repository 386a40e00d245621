"""Contacts' main screen: the Contacts, Favorites and Groups tabs, search, sorting, About."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.contacts import changes, data
from mobile_gym.sim.apps.contacts.groups import groups_tab
from mobile_gym.sim.apps.contacts.lists import contact_list, contact_picker, delete_dialog
from mobile_gym.sim.ui.composites import fab
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, View
from mobile_gym.sim.ui.widgets import RadioButton

VERSION = "6.22.4"
TABS = (("Contacts", "person"), ("Favorites", "star"), ("Groups", "people"))
CONTACTS_TAB, FAVORITES_TAB, GROUPS_TAB = range(3)


def search(ctx: AppContext) -> Search:
    """The main screen's search mode (it filters the tab on show)."""
    return Search(ctx, "Search contacts")


def _sort_dialog(ctx: AppContext) -> Handler:
    def choose(key: str) -> Callable[[bool], None]:
        return lambda _checked: ctx.set("sort_choice", key)

    def apply() -> None:
        sort = ctx.pop("sort_choice", ctx.get("sort", "first_name"))
        ctx.set("sort", sort)
        ctx.log(f"Contacts sorted by {sort.replace('_', ' ')}")

    choice = ctx.get("sort_choice", ctx.get("sort", "first_name"))
    options = [("first_name", "First name"), ("last_name", "Last name")]
    return ctx.dialog(
        "sort",
        "Sort by",
        buttons=[("Cancel", lambda: ctx.pop("sort_choice")), ("OK", apply)],
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


def _contacts_tab(ctx: AppContext, query: str, sort: str) -> tuple[View, View]:
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

    empty = "No contacts match your search" if query else "No contacts found"
    body = contact_list(
        ctx,
        data.contact_rows(ctx, query, sort),
        id="contacts_list",
        empty=empty,
        on_long_press=long_press,
    )
    return body, fab("add", "Create new contact", lambda: ctx.open(data.EDIT))


def _favorites_tab(ctx: AppContext, query: str, sort: str) -> tuple[View, View]:
    """The starred contacts and the "Add favorites" button (a dialog of check boxes)."""

    def unstar() -> None:
        changes.set_starred(ctx, ctx.get("selected"), False)

    open_menu = ctx.menu("favorite", [("Remove from favorites", unstar)], at_touch=True)

    def long_press(contact_id: int) -> None:
        ctx.set("selected", contact_id)
        open_menu()

    favorites = data.contact_rows(ctx, query, sort, where="starred = 1")
    everyone = data.contact_rows(ctx, sort=sort)
    pick = contact_picker(
        ctx, "add_favorites", "Add favorites", everyone, lambda ids: changes.set_favorites(ctx, ids)
    )
    empty = "No contacts match your search" if query else "No favorites yet"
    body = contact_list(ctx, favorites, id="favorites_list", empty=empty, on_long_press=long_press)

    def add_favorites() -> None:  # the dialog opens with the starred contacts checked
        starred = ctx.db().execute("SELECT id FROM contacts WHERE starred = 1").fetchall()
        pick({contact_id for (contact_id,) in starred})

    return body, fab("add", "Add favorites", add_favorites)


def main_screen(ctx: AppContext) -> View:
    searching = search(ctx)
    query = searching.query
    sort = ctx.get("sort", "first_name")
    tab = ctx.get("tab", CONTACTS_TAB)

    def start_sort() -> None:
        ctx.set("sort_choice", sort)
        open_sort()

    def select_tab(index: int) -> None:
        ctx.set("tab", index)

    if tab == FAVORITES_TAB:
        body, button = _favorites_tab(ctx, query, sort)
    elif tab == GROUPS_TAB:
        body, button = groups_tab(ctx, query)
    else:
        body, button = _contacts_tab(ctx, query, sort)
    open_sort = _sort_dialog(ctx)
    open_about = ctx.dialog(
        "about",
        "About",
        f"Simple Contacts Pro {VERSION}. An easy way of managing your contacts, "
        "without ads, respecting your privacy.",
        buttons=[("OK", None)],
    )
    open_menu = ctx.menu("overflow", [("Sort by", start_sort), ("About", open_about)])
    bar = searching.toolbar("Contacts", on_overflow=open_menu)
    return Column(
        bar,
        FrameLayout(children=[body, button], height=0, weight=1),
        tab_bar(TABS, tab, select_tab),
        height=MATCH,
    )
