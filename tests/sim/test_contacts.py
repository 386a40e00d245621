"""The Contacts app, used end to end through raw input only (taps, drags, text, keys)."""

from __future__ import annotations

import re

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.about import ABOUT, FAQ
from mobile_gym.sim.apps.contacts import EDIT, MAIN, PACKAGE, VIEW
from mobile_gym.sim.apps.contacts.data import DIALPAD, SETTINGS
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.keyboard import IME_PACKAGE
from mobile_gym.sim.system.launcher import HOME_ACTIVITY, LAUNCHER
from tests.sim.conftest import statements_while_rebuilt, views_made

SEED = 11


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=SEED)


@pytest.fixture
def driver(phone: Phone) -> Driver:
    """A driver with Contacts opened from the launcher's dock."""
    driver = Driver(phone)
    driver.tap(desc="Contacts")
    assert phone.foreground == (PACKAGE, MAIN)
    return driver


def _db(phone: Phone) -> list[dict]:
    rows = phone.database(PACKAGE, "contacts").execute("SELECT * FROM contacts ORDER BY id")
    return [dict(row) for row in rows]


def _sorted_names(phone: Phone) -> list[str]:
    rows = sorted(_db(phone), key=lambda r: (r["first_name"].lower(), r["last_name"].lower()))
    return [f"{r['first_name']} {r['last_name']}" for r in rows]


def _shown(driver: Driver) -> list[str]:
    return [node.text for node in driver.find_all(id="item_contact_name")]


def _logs(phone: Phone) -> list[str]:
    return phone.logcat_lines()[0]


def _saved_lines(phone: Phone, verb: str) -> list[str]:
    return [line for line in _logs(phone) if f" Contacts: Contact {verb}: " in line]


def _type_on_keyboard(driver: Driver, text: str) -> None:
    """Tap the soft keyboard's keys; an upper-case letter is typed with Shift."""
    for char in text:
        if char.isupper():
            driver.tap(desc="Shift", package=IME_PACKAGE)
        driver.tap(text=char, package=IME_PACKAGE)


def _open_contact(driver: Driver, name: str) -> None:
    driver.scroll_to(text=name, id="item_contact_name")
    driver.tap(text=name, id="item_contact_name")
    assert driver.device.foreground == (PACKAGE, VIEW)


def test_dock_opens_the_list_sorted_by_first_then_last_name(phone: Phone, driver: Driver) -> None:
    names = _sorted_names(phone)
    shown = _shown(driver)
    assert shown == names[: len(shown)]
    assert 10 <= len(shown) < len(names)  # a recycled list: only the rows in view exist
    assert driver.find(id="contacts_list").cls.endswith("RecyclerView")
    assert driver.find(id="contacts_list").scrollable
    assert driver.find(id="toolbar_title").text == "Contacts"
    assert driver.exists(id="fab", content_desc="Create new contact")
    # every row shows its avatar; the last row may be cut off below its name
    assert len(shown) <= len(driver.find_all(id="item_contact_image")) <= len(shown) + 1


def test_search_filters_by_name_and_by_phone_number(phone: Phone, driver: Driver) -> None:
    contacts = _db(phone)
    assert not driver.exists(id="search_query")
    driver.tap(desc="Search")
    assert driver.find(id="search_query").text == "Search contacts"  # hint while empty
    driver.type_into("an", id="search_query")
    expected = [name for name in _sorted_names(phone) if "an" in name.lower()]
    assert expected and _shown(driver) == expected[: len(_shown(driver))]
    assert all("an" in name.lower() for name in _shown(driver))

    target = contacts[-1]
    driver.tap(desc="Clear query")
    assert driver.find(id="search_query").text == "Search contacts"
    driver.type_into(target["phone"].split("-", 1)[1], id="search_query")
    assert _shown(driver) == [f"{target['first_name']} {target['last_name']}"]

    driver.type_into("zzz", id="search_query")
    assert not driver.exists(id="contacts_list")
    assert driver.find(id="contacts_placeholder").text == "No contacts match your search"

    driver.key("BACK")  # hides the keyboard
    assert driver.exists(id="search_query")
    driver.key("BACK")  # closes the search
    assert not driver.exists(id="search_query")
    assert phone.foreground == (PACKAGE, MAIN)
    assert _shown(driver) == _sorted_names(phone)[: len(_shown(driver))]


def test_create_contact_with_keyboard_taps_and_text(phone: Phone, driver: Driver) -> None:
    before = len(_db(phone))
    driver.tap(id="fab")
    assert phone.foreground == (PACKAGE, EDIT)
    assert driver.find(id="toolbar_title").text == "New contact"
    driver.tap(id="contact_first_name")
    _type_on_keyboard(driver, "Zed")
    driver.type_into("Quinn", id="contact_last_name")
    driver.type_into("+1 555-010-9999 ext", id="contact_number")  # letters are filtered out
    driver.type_into("zed@example.org", id="contact_email")
    assert driver.find(id="contact_first_name").text == "Zed"
    driver.tap(desc="Save")

    rows = _db(phone)
    assert len(rows) == before + 1
    new = rows[-1]
    assert (new["first_name"], new["last_name"], new["email"]) == (
        "Zed",
        "Quinn",
        "zed@example.org",
    )
    assert new["phone"] == "+1 555-010-9999"
    assert _saved_lines(phone, "saved")[-1].endswith(
        f"Contact saved: id={new['id']} name=Zed Quinn"
    )
    assert driver.exists(text="Contact saved")
    # a new contact shows its detail page
    assert phone.foreground == (PACKAGE, VIEW)
    assert driver.find(id="contact_name").text == "Zed Quinn"
    assert driver.find(id="contact_email").text == "zed@example.org"

    driver.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)
    assert driver.scroll_to(text="Zed Quinn", id="item_contact_name")
    assert _shown(driver)[-1] == "Zed Quinn" == _sorted_names(phone)[-1]


def test_edit_contact_prefills_fields_and_updates_the_row(phone: Phone, driver: Driver) -> None:
    first = _db(phone)
    name = _shown(driver)[0]
    contact = next(c for c in first if f"{c['first_name']} {c['last_name']}" == name)
    _open_contact(driver, name)
    driver.tap(desc="Edit")
    assert phone.foreground == (PACKAGE, EDIT)
    assert driver.find(id="toolbar_title").text == "Edit contact"
    assert driver.find(id="contact_first_name").text == contact["first_name"]
    assert driver.find(id="contact_last_name").text == contact["last_name"]
    assert driver.find(id="contact_number").text == contact["phone"]

    driver.tap(id="contact_number")
    for _ in contact["phone"]:
        driver.key("DEL")
    assert driver.find(id="contact_number").text == "Phone"  # the hint: the field is empty
    phone.send(ev.Text("+1 555-777-0000"))
    driver.tap(desc="Save")

    assert phone.foreground == (PACKAGE, VIEW)  # back where the editor was opened from
    assert driver.find(id="contact_number").text == "+1 555-777-0000"
    row = next(c for c in _db(phone) if c["id"] == contact["id"])
    assert row == {**contact, "phone": "+1 555-777-0000"}
    assert len(_db(phone)) == len(first)
    assert _saved_lines(phone, "saved")[-1].endswith(
        f"Contact saved: id={contact['id']} name={name}"
    )


def test_long_press_selects_a_field_so_typing_replaces_it(phone: Phone, driver: Driver) -> None:
    name = _shown(driver)[0]
    contact = next(c for c in _db(phone) if _name_of(c) == name)
    _open_contact(driver, name)
    driver.tap(desc="Edit")

    # a tap puts the cursor at the end: typing appends to the number
    driver.type_into("1", id="contact_number")
    assert driver.find(id="contact_number").text == contact["phone"] + "1"

    # a long press focuses the field and selects its whole text; typing replaces it
    driver.long_press(id="contact_number")
    assert driver.find(id="contact_number").focused
    phone.send(ev.Text("987654321"))
    assert driver.find(id="contact_number").text == "987654321"
    phone.send(ev.Text("0"))  # the selection is gone: this appends
    assert driver.find(id="contact_number").text == "9876543210"

    # a delete clears a selected field; a tap after the long press drops the selection
    driver.long_press(id="contact_last_name")
    driver.key("DEL")
    assert driver.find(id="contact_last_name").text == "Last name"  # the hint: empty
    driver.long_press(id="contact_first_name")
    driver.tap(id="contact_first_name")
    phone.send(ev.Text("x"))
    assert driver.find(id="contact_first_name").text == contact["first_name"] + "x"

    driver.tap(desc="Save")
    row = next(c for c in _db(phone) if c["id"] == contact["id"])
    assert (row["first_name"], row["last_name"], row["phone"]) == (
        contact["first_name"] + "x",
        "",
        "9876543210",
    )


def test_delete_from_the_detail_page_asks_first(phone: Phone, driver: Driver) -> None:
    name = _shown(driver)[1]
    contact = next(c for c in _db(phone) if f"{c['first_name']} {c['last_name']}" == name)
    _open_contact(driver, name)
    driver.tap(desc="Delete")
    assert driver.find(id="alertTitle").text == "Delete contact?"
    driver.tap(text="Cancel")
    assert not driver.exists(id="alertTitle")
    assert contact in _db(phone)

    driver.tap(desc="Delete")
    driver.tap(text="Delete", class_="android.widget.Button")
    assert contact not in _db(phone)
    assert _saved_lines(phone, "deleted")[-1].endswith(
        f"Contact deleted: id={contact['id']} name={name}"
    )
    assert phone.foreground == (PACKAGE, MAIN)
    assert not driver.exists(id="alertTitle")  # the dialog went with its screen
    assert name not in _shown(driver)
    assert _shown(driver) == _sorted_names(phone)[: len(_shown(driver))]


def test_long_press_menu_edits_and_deletes(phone: Phone, driver: Driver) -> None:
    name = _shown(driver)[2]
    contact = next(c for c in _db(phone) if f"{c['first_name']} {c['last_name']}" == name)
    driver.long_press(text=name)
    assert [n.text for n in driver.find_all(id="title")] == ["Edit", "Delete"]
    assert phone.foreground == (PACKAGE, MAIN)  # a long press does not open the contact

    driver.tap(text="Edit")
    assert phone.foreground == (PACKAGE, EDIT)
    assert driver.find(id="contact_first_name").text == contact["first_name"]
    driver.tap(desc="Navigate up")
    assert phone.foreground == (PACKAGE, MAIN)

    driver.long_press(text=name)
    driver.tap(text="Delete")
    assert driver.find(id="alertTitle").text == "Delete contact?"
    assert name in driver.find(id="message").text
    driver.tap(text="Delete", class_="android.widget.Button")
    assert contact not in _db(phone)
    assert not driver.exists(id="alertTitle") and not driver.exists(id="title")
    assert name not in _shown(driver)
    assert _saved_lines(phone, "deleted")[-1].endswith(f"id={contact['id']} name={name}")
    assert len(_saved_lines(phone, "deleted")) == 1
    assert driver.exists(text="Contact deleted")


def test_row_menu_opens_where_the_row_was_long_pressed(phone: Phone, driver: Driver) -> None:
    window = driver.find(id="contacts_list").bounds  # the list fills the app window's body
    shown = _shown(driver)
    for name in (shown[1], shown[6], shown[-1]):
        x, y = driver.long_press(text=name, id="item_contact_name").bounds.center
        menu = driver.find(class_="android.widget.ListView").bounds
        assert (
            menu.left <= x <= menu.right and menu.top - 1 <= y <= menu.bottom + 1
        )  # at the finger
        assert window.top <= menu.top and menu.bottom <= window.bottom  # kept in the window
        if y + menu.height <= window.bottom - phone.display.dp(8):  # room below: drops down
            assert abs(menu.top - y) <= 1
        else:  # no room below (the last rows): it opens upwards from the finger
            assert abs(menu.bottom - y) <= 1
        items = driver.find_all(id="title")
        assert [n.text for n in items] == ["Edit", "Delete"]
        assert all(menu.top <= n.bounds.top and n.bounds.bottom <= menu.bottom for n in items)
        driver.key("BACK")  # dismisses the menu
        assert not driver.exists(id="title")
        assert phone.foreground == (PACKAGE, MAIN)

    driver.long_press(text=shown[6], id="item_contact_name")
    driver.tap(text="Edit")  # the menu acts on the row it was opened for
    first, last = (driver.find(id=f"contact_{part}_name").text for part in ("first", "last"))
    assert f"{first} {last}" == shown[6]


def test_saving_an_empty_contact_is_refused(phone: Phone, driver: Driver) -> None:
    before = _db(phone)
    driver.tap(desc="Create new contact")
    driver.type_into("someone@example.org", id="contact_email")  # an email alone is not enough
    driver.tap(desc="Save")
    assert driver.exists(text="Contact is empty")
    assert phone.foreground == (PACKAGE, EDIT)
    assert _db(phone) == before
    assert not _saved_lines(phone, "saved")

    phone.wait(3000)
    assert not driver.exists(text="Contact is empty")  # the toast times out


def test_scrolling_the_list_reaches_the_last_contact(phone: Phone, driver: Driver) -> None:
    last = _sorted_names(phone)[-1]
    assert last not in _shown(driver)
    node = driver.scroll_to(text=last, id="item_contact_name")
    assert _shown(driver)[-1] == last
    assert node.bounds.bottom <= driver.find(id="contacts_list").bounds.bottom
    driver.scroll("down")  # already at the end: nothing moves
    assert _shown(driver)[-1] == last
    _open_contact(driver, last)
    assert driver.find(id="contact_name").text == last


def test_seeded_content_is_deterministic_per_seed() -> None:
    a, b, c = (Phone(seed=s) for s in (5, 5, 6))
    rows = _db(a)
    assert rows == _db(b)
    assert rows != _db(c)
    for phone in (a, c):
        contacts = _db(phone)
        assert 12 <= len(contacts) <= 20
        assert all(re.fullmatch(r"\+1 555-\d{3}-\d{4}", r["phone"]) for r in contacts)
        assert all(r["first_name"] and r["last_name"] for r in contacts)
        assert any(r["email"] for r in contacts) and not all(r["email"] for r in contacts)
        assert len({(r["first_name"], r["last_name"]) for r in contacts}) == len(contacts)
    # what the screen shows follows the seed too
    da, db_ = Driver(a), Driver(b)
    da.tap(desc="Contacts")
    db_.tap(desc="Contacts")
    assert a.hierarchy_xml() == b.hierarchy_xml()
    assert (a.screenshot() == b.screenshot()).all()


def test_back_returns_through_the_screens(phone: Phone, driver: Driver) -> None:
    name = _shown(driver)[0]
    _open_contact(driver, name)
    driver.tap(desc="Edit")
    driver.tap(id="contact_last_name")
    assert phone.foreground == (PACKAGE, EDIT)
    assert driver.exists(package=IME_PACKAGE)
    driver.key("BACK")  # closes the keyboard first
    assert not driver.exists(package=IME_PACKAGE)
    assert phone.foreground == (PACKAGE, EDIT)
    driver.key("BACK")
    assert phone.foreground == (PACKAGE, VIEW)
    assert driver.find(id="contact_name").text == name
    driver.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)
    driver.key("BACK")
    assert phone.foreground == (LAUNCHER, HOME_ACTIVITY)
    assert not _saved_lines(phone, "saved")


def test_sort_by_last_name_and_about(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="More options")
    driver.tap(text="Sort by")
    assert driver.find(id="sort_first_name").checked
    driver.tap(id="sort_last_name")
    driver.tap(text="OK")
    rows = sorted(_db(phone), key=lambda r: (r["last_name"].lower(), r["first_name"].lower()))
    by_last = [f"{r['first_name']} {r['last_name']}" for r in rows]
    assert _shown(driver) == by_last[: len(_shown(driver))]

    driver.tap(desc="More options")
    driver.tap(text="About")
    assert phone.foreground == (PACKAGE, ABOUT)
    assert driver.find(id="about_app_name").text == "Simple Contacts Pro"
    driver.tap(id="about_faq")
    assert phone.foreground == (PACKAGE, FAQ)
    driver.key("BACK")
    driver.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)


def test_sort_dialog_applies_on_ok_and_forgets_on_cancel(phone: Phone, driver: Driver) -> None:
    by_first = _shown(driver)
    driver.tap(desc="More options")
    driver.tap(text="Sort by")
    driver.tap(id="sort_last_name")
    assert driver.find(id="sort_last_name").checked
    driver.tap(text="Cancel")
    assert not driver.exists(id="alertTitle")
    assert _shown(driver) == by_first
    assert not any("sorted by" in line for line in _logs(phone))

    driver.tap(desc="More options")
    driver.tap(text="Sort by")
    assert driver.find(id="sort_first_name").checked  # the cancelled choice is forgotten
    driver.tap(id="sort_last_name")
    driver.tap(text="OK")  # the handler reads the choice, then the dialog closes
    assert not driver.exists(id="alertTitle")
    assert [line for line in _logs(phone) if "sorted by" in line][-1].endswith(
        " Contacts: Contacts sorted by last name"
    )
    assert _shown(driver) != by_first

    driver.tap(desc="More options")
    driver.tap(text="Sort by")
    assert driver.find(id="sort_last_name").checked  # the applied order is the default now
    driver.key("BACK")
    assert not driver.exists(id="alertTitle")
    assert len([line for line in _logs(phone) if "sorted by" in line]) == 1


def test_star_toggles_the_favorite_flag(phone: Phone, driver: Driver) -> None:
    name = _shown(driver)[0]
    contact = next(c for c in _db(phone) if f"{c['first_name']} {c['last_name']}" == name)
    _open_contact(driver, name)
    star = driver.find(id="contact_toggle_favorite")
    assert star.selected == bool(contact["starred"])
    driver.tap(id="contact_toggle_favorite")
    flipped = next(c for c in _db(phone) if c["id"] == contact["id"])
    assert flipped["starred"] == 1 - contact["starred"]
    assert driver.find(id="contact_toggle_favorite").desc == (
        "Remove from favorites" if flipped["starred"] else "Add to favorites"
    )
    verb = "starred" if flipped["starred"] else "unstarred"
    assert _logs(phone)[-1].endswith(f"Contact {verb}: id={contact['id']}")


def test_detail_page_closes_when_its_contact_disappears(phone: Phone, driver: Driver) -> None:
    name = _shown(driver)[0]
    contact = next(c for c in _db(phone) if f"{c['first_name']} {c['last_name']}" == name)
    _open_contact(driver, name)
    phone.database(PACKAGE, "contacts").execute(
        "DELETE FROM contacts WHERE id = ?", (contact["id"],)
    )
    assert not driver.exists(id="contact_name")
    assert phone.foreground == (PACKAGE, MAIN)
    assert name not in _shown(driver)


def test_editor_and_detail_page_close_when_their_contact_disappears(
    phone: Phone, driver: Driver
) -> None:
    name = _shown(driver)[0]
    contact = next(c for c in _db(phone) if f"{c['first_name']} {c['last_name']}" == name)
    _open_contact(driver, name)
    driver.tap(desc="Edit")
    driver.tap(id="contact_first_name")
    assert driver.exists(package=IME_PACKAGE)
    phone.database(PACKAGE, "contacts").execute(
        "DELETE FROM contacts WHERE id = ?", (contact["id"],)
    )
    # both screens close in one observation: no stale frame of either is ever shown
    xml = phone.hierarchy_xml()
    assert ":id/contacts_list" in xml and ":id/contact_first_name" not in xml
    assert phone.foreground == (PACKAGE, MAIN)
    assert not driver.exists(package=IME_PACKAGE)
    assert name not in _shown(driver)
    driver.key("BACK")
    assert phone.foreground == (LAUNCHER, HOME_ACTIVITY)


# tabs, favorites, groups and more fields ------------------------------------------------------
def _groups(phone: Phone) -> dict[str, set[int]]:
    db = phone.database(PACKAGE, "contacts")
    found = {title: set() for (title,) in db.execute("SELECT title FROM groups")}
    for title, contact_id in db.execute(
        "SELECT g.title, m.contact_id FROM groups g JOIN group_members m ON m.group_id = g.id"
    ):
        found[title].add(contact_id)
    return found


def _name_of(row: dict) -> str:
    return f"{row['first_name']} {row['last_name']}"


def test_tabs_switch_between_contacts_favorites_and_groups(phone: Phone, driver: Driver) -> None:
    assert driver.find(desc="Contacts", selected="true")
    driver.tap(desc="Favorites")
    assert driver.find(desc="Favorites").selected
    starred = sorted((r for r in _db(phone) if r["starred"]), key=lambda r: r["first_name"])
    assert [n.text for n in driver.find_all(id="item_contact_name")] == [
        _name_of(r) for r in starred
    ]
    assert driver.exists(id="fab", content_desc="Add favorites")
    driver.tap(desc="Groups")
    groups = _groups(phone)
    assert [n.text for n in driver.find_all(id="group_name")] == sorted(groups, key=str.lower)
    counts = [n.text for n in driver.find_all(id="group_count")]
    assert counts == [f"{len(groups[t])} contacts" for t in sorted(groups, key=str.lower)]
    driver.tap(desc="Contacts")
    assert driver.exists(id="contacts_list")


def test_add_favorites_dialog_stars_exactly_the_checked(phone: Phone, driver: Driver) -> None:
    rows = _db(phone)
    driver.tap(desc="Favorites")
    driver.tap(desc="Add favorites")
    assert driver.find(resource_id="android:id/alertTitle").text == "Add favorites"
    boxes = driver.find_all(id="contact_checkbox")
    assert [b.checked for b in boxes] == [
        bool(r["starred"]) for r in sorted(rows, key=lambda r: (r["first_name"], r["last_name"]))
    ][: len(boxes)]
    first_unstarred = next(b.text for b in boxes if not b.checked)
    first_starred = next((b.text for b in boxes if b.checked), None)
    driver.tap(id="contact_checkbox", text=first_unstarred)
    if first_starred:
        driver.tap(id="contact_checkbox", text=first_starred)
    driver.tap(text="OK")
    starred = {_name_of(r) for r in _db(phone) if r["starred"]}
    assert first_unstarred in starred and first_starred not in starred
    assert first_unstarred in [n.text for n in driver.find_all(id="item_contact_name")]

    driver.long_press(id="item_contact_name", text=first_unstarred)
    driver.tap(text="Remove from favorites")
    assert first_unstarred not in {_name_of(r) for r in _db(phone) if r["starred"]}


def test_create_rename_and_delete_a_group(phone: Phone, driver: Driver) -> None:
    before = _groups(phone)
    taken = next(iter(before))
    driver.tap(desc="Groups")
    driver.tap(desc="Create a new group")
    driver.tap(text="OK")
    assert driver.exists(text="Group name cannot be empty")
    driver.type_into(taken.upper(), id="group_name_input")
    driver.tap(text="OK")
    assert driver.exists(text="A group with that name already exists")
    for _ in taken:
        driver.key("DEL")
    phone.send(ev.Text("Climbing"))
    driver.key("ENTER")
    assert _groups(phone) == {**before, "Climbing": set()}
    assert "Climbing" in [n.text for n in driver.find_all(id="group_name")]
    assert re.search(r" Contacts: Group created: id=\d+ title=Climbing$", _logs(phone)[-1])

    driver.long_press(id="group_name", text="Climbing")
    driver.tap(text="Rename")
    assert driver.find(id="group_name_input").text == "Climbing"
    phone.send(ev.Text(" gym"))
    driver.tap(text="OK")
    assert "Climbing gym" in _groups(phone)
    driver.long_press(id="group_name", text="Climbing gym")
    driver.tap(text="Delete")
    driver.tap(text="Delete", class_="android.widget.Button")
    assert _groups(phone) == before
    assert len(_db(phone)) >= 14  # a group's contacts stay


def test_group_screen_adds_and_removes_members(phone: Phone, driver: Driver) -> None:
    title, members = next(iter(_groups(phone).items()))
    driver.tap(desc="Groups")
    driver.tap(id="group_name", text=title)
    assert phone.foreground == (PACKAGE, ".activities.GroupContactsActivity")
    assert driver.find(id="toolbar_title").text == title
    shown = {n.text for n in driver.find_all(id="item_contact_name")}
    assert shown == {_name_of(r) for r in _db(phone) if r["id"] in members}

    driver.tap(desc="Add contacts")
    newcomer = next(b.text for b in driver.find_all(id="contact_checkbox") if not b.checked)
    driver.tap(id="contact_checkbox", text=newcomer)
    driver.tap(text="OK")
    added = next(r["id"] for r in _db(phone) if _name_of(r) == newcomer)
    assert _groups(phone)[title] == members | {added}
    assert re.search(rf" Contacts: Contact added to group: id={added} group=\d+$", _logs(phone)[-1])
    driver.long_press(id="item_contact_name", text=newcomer)
    driver.tap(text="Remove from group")
    assert _groups(phone)[title] == members
    driver.tap(desc="Navigate up")
    assert driver.find(desc="Groups").selected  # the tab is remembered


def test_work_and_home_details_are_edited_and_shown(phone: Phone, driver: Driver) -> None:
    blank = {
        _name_of(r) for r in _db(phone) if not (r["address"] or r["company"] or r["job_position"])
    }
    name = next(n for n in _shown(driver) if n in blank)
    _open_contact(driver, name)
    assert not driver.exists(id="contact_organization_company")  # empty fields get no row
    driver.tap(desc="Edit")
    driver.type_into("4 Quay Street", id="contact_address")
    driver.type_into("Harbor Logistics", id="contact_organization_company")
    driver.type_into("Dispatcher", id="contact_organization_job_position")
    driver.tap(desc="Save")
    row = next(r for r in _db(phone) if _name_of(r) == name)
    assert (row["address"], row["company"], row["job_position"]) == (
        "4 Quay Street",
        "Harbor Logistics",
        "Dispatcher",
    )
    assert driver.find(id="contact_address").text == "4 Quay Street"
    assert driver.find(id="contact_organization_company").text == "Harbor Logistics"
    assert driver.find(id="contact_organization_job_position").text == "Dispatcher"
    assert driver.exists(id="contact_send_sms", content_desc="Send SMS")


def test_search_on_the_groups_tab_filters_groups(phone: Phone, driver: Driver) -> None:
    title = sorted(_groups(phone))[0]
    driver.tap(desc="Groups")
    driver.tap(desc="Search")
    driver.type_into(title[:3].lower(), id="search_query")
    assert title in [n.text for n in driver.find_all(id="group_name")]
    driver.type_into("zzz", id="search_query")
    assert driver.find(id="groups_placeholder").text == "No groups match your search"


def test_deleting_a_contact_leaves_its_groups(phone: Phone, driver: Driver) -> None:
    groups = _groups(phone)
    member = next(iter(next(m for m in groups.values() if m)))
    row = next(r for r in _db(phone) if r["id"] == member)
    _open_contact(driver, _name_of(row))
    driver.tap(desc="Delete")
    driver.tap(text="Delete", class_="android.widget.Button")
    assert all(member not in m for m in _groups(phone).values())
    assert set(_groups(phone)) == set(groups)


def _preference(phone: Phone, key: str) -> str | None:
    row = (
        phone.database(PACKAGE, "contacts")
        .execute("SELECT value FROM preferences WHERE key = ?", (key,))
        .fetchone()
    )
    return None if row is None else row[0]


def test_sort_by_date_created_descending_lists_the_newest_first(
    phone: Phone, driver: Driver
) -> None:
    driver.tap(desc="More options")
    driver.tap(text="Sort by")
    assert driver.find(id="sort_ascending").checked
    driver.tap(id="sort_date_created")
    driver.tap(id="sort_descending")
    driver.tap(text="OK")
    assert _preference(phone, "sort") == "date_created"
    assert _preference(phone, "sort_order") == "desc"
    assert _logs(phone)[-1].endswith(" Contacts: Contacts sorted by date created, descending")
    rows = sorted(_db(phone), key=lambda r: (r["created"], r["id"]), reverse=True)
    newest = [f"{r['first_name']} {r['last_name']}" for r in rows]
    assert _shown(driver) == newest[: len(_shown(driver))]

    driver.tap(desc="Create new contact")
    driver.type_into("Zed", id="contact_first_name")
    driver.tap(id="action_save")
    driver.key("BACK")
    assert _shown(driver)[0] == "Zed"  # created just now


def test_filter_hides_phone_storage_and_offers_to_change_it(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Filter")
    box = driver.find(id="filter_contact_source_checkbox", text="Phone storage")
    assert box.checked
    driver.tap(id="filter_contact_source_checkbox", text="Phone storage")
    driver.tap(text="OK")
    assert _preference(phone, "ignored_contact_sources") == "Phone storage"
    assert not _shown(driver)
    assert driver.find(id="contacts_placeholder").text.startswith("No contacts found")
    driver.tap(id="contacts_placeholder_2")  # "Change filter"
    driver.tap(id="filter_contact_source_checkbox", text="Phone storage")
    driver.tap(text="OK")
    assert _preference(phone, "ignored_contact_sources") == ""
    assert _shown(driver) == _sorted_names(phone)[: len(_shown(driver))]


def test_settings_hide_the_email_field_and_the_dialpad_button(phone: Phone, driver: Driver) -> None:
    with_email = next(r for r in _db(phone) if r["email"])
    name = f"{with_email['first_name']} {with_email['last_name']}"
    assert driver.exists(id="main_dialpad_button")
    driver.tap(desc="More options")
    driver.tap(text="Settings")
    assert phone.foreground == (PACKAGE, SETTINGS)
    driver.tap(id="settings_manage_contact_fields_holder")
    assert driver.find(id="manage_visible_fields_emails").checked
    driver.tap(id="manage_visible_fields_emails")
    driver.tap(text="Cancel")
    assert _preference(phone, "show_emails") is None
    driver.tap(id="settings_manage_contact_fields_holder")
    driver.tap(id="manage_visible_fields_emails")
    driver.tap(text="OK")
    assert _preference(phone, "show_emails") == "0"
    driver.tap(id="settings_show_dialpad_button")
    assert _preference(phone, "show_dialpad_button") == "0"
    driver.tap(desc="Navigate up")
    assert phone.foreground == (PACKAGE, MAIN)
    assert not driver.exists(id="main_dialpad_button")
    driver.find(id="fab")

    driver.scroll_to(id="item_contact_name", text=name)
    driver.tap(id="item_contact_name", text=name)
    assert driver.exists(id="contact_number")
    assert not driver.exists(id="contact_email")
    driver.tap(desc="Edit")
    assert not driver.exists(id="contact_email")
    driver.tap(id="action_save")
    assert _db(phone)[with_email["id"] - 1]["email"] == with_email["email"]  # kept


def test_dialpad_lists_the_contacts_with_the_typed_digits(phone: Phone, driver: Driver) -> None:
    target = _db(phone)[0]
    driver.tap(id="main_dialpad_button")
    assert phone.foreground == (PACKAGE, DIALPAD)
    driver.type_into(target["phone"][-7:], id="dialpad_input")
    shown = _shown(driver)
    assert f"{target['first_name']} {target['last_name']}" in shown
    assert len(shown) < len(_db(phone))


def test_nickname_notes_and_labels_are_edited_and_shown(phone: Phone, driver: Driver) -> None:
    name = _shown(driver)[0]
    contact = next(c for c in _db(phone) if _name_of(c) == name)
    assert (contact["nickname"], contact["notes"]) == ("", "")
    assert (contact["phone_label"], contact["email_label"]) == ("Mobile", "Home")
    _open_contact(driver, name)
    assert not driver.exists(id="contact_nickname")  # empty fields get no row
    driver.tap(desc="Edit")
    driver.type_into("Robbie", id="contact_nickname")
    driver.type_into("Met at the climbing gym", id="contact_notes")
    assert driver.find(id="contact_number_type").text == "Mobile"
    driver.tap(id="contact_number_type")
    driver.tap(id="phone_label_work")
    assert driver.find(id="contact_number_type").text == "Work"
    # "Custom" asks for a label; an empty one is refused and the dialog stays
    driver.tap(id="contact_email_type")
    driver.tap(id="email_label_custom")
    driver.tap(text="OK")
    assert driver.exists(id="custom_label_input")
    phone.send(ev.Text("internet"))
    driver.tap(text="OK")
    assert driver.find(id="contact_email_type").text == "internet"
    driver.tap(desc="Save")

    row = next(c for c in _db(phone) if c["id"] == contact["id"])
    assert row == {
        **contact,
        "nickname": "Robbie",
        "notes": "Met at the climbing gym",
        "phone_label": "Work",
        "email_label": "internet",
    }
    assert driver.find(id="contact_nickname").text == "Robbie"
    assert driver.find(id="contact_notes").text == "Met at the climbing gym"
    assert driver.exists(text="Work")
    # reopening the editor keeps the custom label; "Custom" offers it for a change
    driver.tap(desc="Edit")
    assert driver.find(id="contact_email_type").text == "internet"
    driver.tap(id="contact_email_type")
    assert not driver.find(id="email_label_home").checked
    driver.tap(id="email_label_custom")
    assert driver.find(id="custom_label_input").text == "internet"


def _fill(phone: Phone, count: int, *, starred: int = 0) -> None:
    phone.database(PACKAGE, "contacts").executemany(
        "INSERT INTO contacts(first_name, last_name, phone, starred) VALUES (?, 'Filled', ?, ?)",
        [(f"Zed{i:04d}", f"+1 777 {i:07d}", starred) for i in range(count)],
    )


def _read_in_rebuilds(phone: Phone, table: str) -> list[str]:
    """The statements that read ``table`` while the screen is built again three times with
    nothing changed."""
    statements = statements_while_rebuilt(phone, phone.database(PACKAGE, "contacts"))
    return [s for s in statements if f"FROM {table}" in s]


def test_a_search_of_many_contacts_is_matched_once_until_they_change(
    phone: Phone, driver: Driver
) -> None:
    _fill(phone, 1000, starred=1)
    driver.tap(desc="Search")
    driver.type_into("zed", id="search_query")
    assert _shown(driver)[:2] == ["Zed0000 Filled", "Zed0001 Filled"]
    assert _read_in_rebuilds(phone, "contacts") == []  # nor the filter's sources
    db = phone.database(PACKAGE, "contacts")
    db.execute("INSERT INTO contacts(first_name, last_name, phone) VALUES ('Zed', 'Aaa', '1')")
    assert _shown(driver)[0] == "Zed Aaa"  # a new contact that matches shows at once
    driver.tap(desc="Clear query")
    driver.type_into("777 0000999", id="search_query")  # a number's digits
    assert _shown(driver) == ["Zed0999 Filled"]
    driver.tap(desc="Clear query")
    driver.type_into("filled zed0998", id="search_query")  # last name first
    assert _shown(driver) == ["Zed0998 Filled"]
    db.execute("DELETE FROM contacts WHERE first_name = 'Zed0998'")
    assert driver.find(id="contacts_placeholder").text == "No contacts match your search"
    driver.tap(desc="Clear query")
    driver.type_into("zed", id="search_query")
    driver.tap(desc="Favorites")
    assert _shown(driver)[0] == "Zed0000 Filled"  # "Zed Aaa" is no favourite
    assert _read_in_rebuilds(phone, "contacts") == []
    db.execute("UPDATE contacts SET source = 'Work account' WHERE first_name = 'Zed'")
    driver.key("BACK")
    driver.key("BACK")
    driver.tap(desc="Filter")  # the sources are read again once the contacts change
    boxes = [box.text for box in driver.find_all(id="filter_contact_source_checkbox")]
    assert boxes == ["Phone storage", "Work account"]
    driver.tap(text="Cancel")
    driver.tap(id="main_dialpad_button")
    driver.type_into("7770000", id="dialpad_input")
    assert _shown(driver)[:2] == ["Zed0000 Filled", "Zed0001 Filled"]
    assert _read_in_rebuilds(phone, "contacts") == []
    db.execute("UPDATE contacts SET phone = '777 0000' WHERE first_name = 'Zed'")
    assert _shown(driver)[0] == "Zed Aaa"


def test_many_groups_are_read_a_page_at_a_time(phone: Phone, driver: Driver) -> None:
    db = phone.database(PACKAGE, "contacts")
    db.executemany(
        "INSERT INTO groups(id, title) VALUES (?, ?)",
        [(100 + i, f"Zz {i:04d}") for i in range(1000)],
    )
    db.executemany(
        "INSERT INTO group_members(group_id, contact_id) VALUES (?, ?)",
        [(100 + i, c) for i in range(0, 1000, 7) for c in (1, 2)],
    )
    driver.tap(desc="Groups")
    assert views_made(phone, "group_frame") < 30  # of more than 1,000
    assert _read_in_rebuilds(phone, "groups") == []
    driver.scroll_to(text="Zz 0007", id="group_name")
    assert views_made(phone, "group_frame") < 30
    counts = {n.text for n in driver.find_all(id="group_count")}
    assert {"0 contacts", "2 contacts"} <= counts
    db.execute("INSERT INTO groups(title) VALUES ('Aaa new')")
    driver.scroll("up")
    driver.scroll("up")
    assert driver.find_all(id="group_name")[0].text == "Aaa new"  # shown at once
    driver.tap(desc="Search")
    driver.type_into("zz 0700", id="search_query")
    assert [n.text for n in driver.find_all(id="group_name")] == ["Zz 0700"]
    assert driver.find(id="group_count").text == "2 contacts"
    assert _read_in_rebuilds(phone, "groups") == []
    db.execute("DELETE FROM group_members WHERE group_id = 800")
    assert driver.find(id="group_count").text == "0 contacts"


def test_a_large_group_reads_its_members_only_to_change_them(phone: Phone, driver: Driver) -> None:
    _fill(phone, 500)
    db = phone.database(PACKAGE, "contacts")
    db.execute("INSERT INTO groups(id, title) VALUES (100, 'Aaa big')")
    db.execute(
        "INSERT INTO group_members(group_id, contact_id) "
        "SELECT 100, id FROM contacts WHERE first_name LIKE 'Zed%'"
    )
    driver.tap(desc="Groups")
    driver.tap(text="Aaa big", id="group_name")
    assert views_made(phone, "item_contact_frame") < 30  # of 500
    assert _read_in_rebuilds(phone, "group_members") == []
    driver.tap(desc="Add contacts")  # checked for the members, read as it opens
    boxes = driver.find_all(id="contact_checkbox")
    assert [b.checked for b in boxes] == [b.text.startswith("Zed") for b in boxes]
    driver.tap(text="Cancel")
    driver.long_press(text="Zed0000 Filled", id="item_contact_name")
    driver.tap(text="Remove from group")
    assert _shown(driver)[0] == "Zed0001 Filled"
    count = db.execute("SELECT COUNT(*) FROM group_members WHERE group_id = 100").fetchone()[0]
    assert count == 499
