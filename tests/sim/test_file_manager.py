"""The File Manager app, driven through raw input: browsing, creating, renaming, copying,
moving, deleting, searching, sorting and hidden files, all on the phone's storage sandbox."""

from __future__ import annotations

from typing import Any

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.file_manager import MAIN, PACKAGE, READER, browser
from mobile_gym.sim.apps.file_manager.content import STANDARD_FOLDERS
from mobile_gym.sim.apps.file_manager.files import Entry, format_size
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.launcher import HOME_ACTIVITY, LAUNCHER
from mobile_gym.sim.system.storage import Storage
from tests.sim.conftest import views_made

SEED = 5


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=SEED)
    files = phone.storage
    files.write_files(
        [
            ("/sdcard/Documents/Taxes/return-2023.pdf", b"%PDF" + bytes(5000), 1_717_000_000_000),
            ("/sdcard/Documents/Taxes/receipts.txt", b"coffee 3.20\nbook 12.00", 1_717_100_000_000),
            ("/sdcard/Download/notes.txt", b"remember the milk", 1_717_200_000_000),
            ("/sdcard/Download/.secret.txt", b"hidden", 1_717_200_000_000),
        ]
    )
    return phone


@pytest.fixture
def driver(phone: Phone) -> Driver:
    """A driver with the File Manager opened from the launcher's dock."""
    driver = Driver(phone)
    driver.tap(desc="File Manager")
    assert phone.foreground == (PACKAGE, MAIN)
    return driver


def _names(driver: Driver) -> list[str]:
    return [node.text for node in driver.find_all(id="item_name")]


def _crumbs(driver: Driver) -> list[str]:
    return [node.text for node in driver.find_all(id="breadcrumb_item")]


def _logs(phone: Phone) -> list[str]:
    return [
        line.split(" FileManager: ", 1)[1]
        for line in phone.logcat_lines()[0]
        if " FileManager: " in line
    ]


def _transfer(driver: Driver, name: str, verb: str, *folders: str) -> None:
    """Select ``name``, choose ``verb`` ("Copy to" / "Move to"), pick the folder
    ``Internal/<folders>`` (the current one when none) and press OK."""
    driver.long_press(id="item_name", text=name)
    driver.tap(desc="More options")
    driver.tap(text=verb)
    if folders:
        driver.tap(id="filepicker_breadcrumb", text="Internal")
    for folder in folders:
        driver.tap(id="list_item_name", text=folder)
    driver.tap(text="OK")


def _open(driver: Driver, *names: str) -> None:
    for name in names:
        driver.tap(id="item_name", text=name)


def test_the_home_folder_lists_folders_with_their_item_counts(phone: Phone, driver: Driver) -> None:
    shown = _names(driver)
    folders = [n for n in phone.storage.list_dir("/sdcard") if not n.startswith(".")]
    assert shown == sorted(folders, key=str.lower)[: len(shown)]
    assert set(STANDARD_FOLDERS) <= set(folders)
    assert not any(name.startswith(".") for name in shown)  # hidden folders stay hidden
    assert _crumbs(driver) == ["Internal"]
    details = {
        row_name: detail
        for row_name, detail in zip(
            shown, [n.text for n in driver.find_all(id="item_details")], strict=True
        )
    }
    download = [n for n in phone.storage.list_dir("/sdcard/Download") if not n.startswith(".")]
    assert details["Download"] == f"{len(download)} items"
    assert details["Alarms"] == "0 items"
    assert driver.exists(id="items_fab", content_desc="Create new")


def test_folders_open_breadcrumbs_lead_back_and_back_goes_up(phone: Phone, driver: Driver) -> None:
    _open(driver, "Documents", "Taxes")
    assert _crumbs(driver) == ["Internal", "Documents", "Taxes"]
    assert _names(driver) == ["receipts.txt", "return-2023.pdf"]
    assert [n.text for n in driver.find_all(id="item_details")] == ["22 B", format_size(5004)]
    driver.tap(id="breadcrumb_item", text="Documents")
    assert _crumbs(driver) == ["Internal", "Documents"]
    assert _names(driver)[0] in ("Taxes", "Work")  # folders come first
    _open(driver, "Taxes")
    driver.key("BACK")
    assert _crumbs(driver) == ["Internal", "Documents"]
    driver.key("BACK")
    assert _crumbs(driver) == ["Internal"]
    driver.key("BACK")
    assert phone.foreground == (LAUNCHER, HOME_ACTIVITY)
    assert _logs(phone) == [
        "Opened folder /sdcard/Documents",
        "Opened folder /sdcard/Documents/Taxes",
        "Opened folder /sdcard/Documents",
        "Opened folder /sdcard/Documents/Taxes",
        "Opened folder /sdcard/Documents",
        "Opened folder /sdcard",
    ]


def test_create_a_folder_and_a_file_and_refuse_bad_names(phone: Phone, driver: Driver) -> None:
    _open(driver, "Download")
    driver.tap(desc="Create new")
    assert driver.find(id="alertTitle").text == "Create new"
    assert driver.find(id="dialog_radio_directory").checked
    driver.type_into("Boarding passes", id="dialog_item_name")
    driver.tap(text="OK")
    assert phone.storage.is_dir("/sdcard/Download/Boarding passes")
    assert phone.storage.list_dir("/sdcard/Download/Boarding passes") == []
    assert _names(driver)[0] == "Boarding passes"

    driver.tap(desc="Create new")
    driver.type_into("todo.txt", id="dialog_item_name")
    driver.tap(id="dialog_radio_file")
    assert driver.find(id="dialog_radio_file").checked
    driver.tap(text="OK")
    assert phone.storage.read("/sdcard/Download/todo.txt") == b""
    assert "todo.txt" in _names(driver)

    for bad, toast in (
        ("todo.txt", "A file or folder with that name already exists"),
        ("a/b", "The name contains invalid characters"),
        ("   ", "The name cannot be empty"),
    ):
        driver.tap(desc="Create new")
        driver.type_into(bad, id="dialog_item_name")
        driver.tap(text="OK")
        assert driver.exists(text=toast)
        assert driver.exists(id="alertTitle")  # the dialog stays for a correction
        driver.tap(text="Cancel")
    assert _logs(phone)[-2:] == [
        "Created folder /sdcard/Download/Boarding passes",
        "Created file /sdcard/Download/todo.txt",
    ]


def test_rename_replaces_the_selected_name_and_keeps_the_extension(
    phone: Phone, driver: Driver
) -> None:
    _open(driver, "Download")
    driver.long_press(id="item_name", text="notes.txt")
    assert driver.find(id="toolbar_title").text.startswith("1 / ")
    assert driver.find(id="item_frame", selected="true")
    driver.tap(id="cab_rename")
    assert driver.find(id="rename_item_name").text == "notes"
    assert driver.find(id="rename_item_name").focused  # the dialog's own field: keyboard up
    assert phone.keyboard_shown
    assert driver.find(id="rename_item_extension").text == "txt"
    driver.type_into("shopping", id="rename_item_name")  # the selected name is replaced
    assert driver.find(id="rename_item_name").text == "shopping"
    driver.tap(text="OK")
    assert phone.storage.read("/sdcard/Download/shopping.txt") == b"remember the milk"
    assert not phone.storage.exists("/sdcard/Download/notes.txt")
    assert _logs(phone)[-1] == "Renamed /sdcard/Download/notes.txt to /sdcard/Download/shopping.txt"
    assert not driver.exists(id="cab_close")  # the selection ended

    _open(driver, "shopping.txt")  # opens in the reader
    driver.key("BACK")
    driver.long_press(id="item_name", text="shopping.txt")
    driver.tap(id="cab_rename")
    driver.tap(id="rename_item_name")
    driver.key("DEL")  # a delete clears the selected name
    assert driver.find(id="rename_item_name").text == "Name"  # the hint: empty
    driver.tap(text="OK")
    assert driver.exists(text="The name cannot be empty")


def test_delete_asks_first_and_handles_several_items(phone: Phone, driver: Driver) -> None:
    _open(driver, "Documents", "Taxes")
    driver.long_press(id="item_name", text="receipts.txt")
    driver.tap(id="cab_delete")
    assert driver.find(id="alertTitle").text == "Confirm deletion"
    assert "receipts.txt" in driver.find(id="message").text
    driver.tap(text="Cancel")
    assert phone.storage.exists("/sdcard/Documents/Taxes/receipts.txt")
    driver.tap(id="item_name", text="return-2023.pdf")  # a tap adds to the selection
    assert driver.find(id="toolbar_title").text == "2 / 2"
    assert not driver.exists(id="cab_rename")  # renaming needs a single item
    driver.tap(id="cab_delete")
    assert "2 items" in driver.find(id="message").text
    driver.tap(text="Delete")
    assert not phone.storage.exists("/sdcard/Documents/Taxes")  # the emptied folder went too
    assert _crumbs(driver) == ["Internal", "Documents"]  # nearest folder still there
    assert sorted(_logs(phone)[-2:]) == [
        "Deleted /sdcard/Documents/Taxes/receipts.txt",
        "Deleted /sdcard/Documents/Taxes/return-2023.pdf",
    ]

    driver.long_press(id="item_name", text=_names(driver)[0])
    driver.key("BACK")  # BACK ends the selection first
    assert not driver.exists(id="cab_close")
    assert phone.foreground == (PACKAGE, MAIN)


def test_copy_and_move_through_the_folder_picker(phone: Phone, driver: Driver) -> None:
    _open(driver, "Download")
    driver.long_press(id="item_name", text="notes.txt")
    driver.tap(desc="More options")
    driver.tap(text="Copy to")
    assert driver.find(id="alertTitle").text == "Copy to"
    assert [n.text for n in driver.find_all(id="filepicker_breadcrumb")] == ["Internal", "Download"]
    driver.tap(id="filepicker_breadcrumb", text="Internal")
    driver.tap(id="list_item_name", text="Documents")
    driver.tap(id="list_item_name", text="Taxes")
    driver.tap(text="OK")
    assert phone.storage.read("/sdcard/Documents/Taxes/notes.txt") == b"remember the milk"
    assert phone.storage.exists("/sdcard/Download/notes.txt")
    assert driver.exists(text="Copied 1 item")

    _transfer(driver, "notes.txt", "Move to")  # the picker starts in the same folder
    assert driver.exists(text="Source and destination are the same folder")
    assert phone.storage.exists("/sdcard/Download/notes.txt")

    _transfer(driver, "notes.txt", "Move to", "Documents", "Taxes")
    assert driver.exists(text="notes.txt already exists there")
    assert phone.storage.exists("/sdcard/Download/notes.txt")

    _transfer(driver, "notes.txt", "Move to", "Music")
    assert not phone.storage.exists("/sdcard/Download/notes.txt")
    assert phone.storage.read("/sdcard/Music/notes.txt") == b"remember the milk"
    assert _logs(phone)[-1] == "Moved /sdcard/Download/notes.txt to /sdcard/Music/notes.txt"
    assert [line for line in _logs(phone) if line.startswith("Copied")] == [
        "Copied /sdcard/Download/notes.txt to /sdcard/Documents/Taxes/notes.txt"
    ]


def test_a_folder_cannot_move_into_itself(phone: Phone, driver: Driver) -> None:
    _open(driver, "Documents")
    driver.long_press(id="item_name", text="Taxes")
    driver.tap(desc="More options")
    driver.tap(text="Move to")
    driver.tap(id="list_item_name", text="Taxes")
    driver.tap(text="OK")
    assert driver.exists(text="A folder cannot go inside itself")
    assert phone.storage.is_dir("/sdcard/Documents/Taxes")


def test_search_finds_nested_files_but_not_hidden_ones(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Search")
    driver.type_into("TXT", id="search_query")
    found = _names(driver)
    assert "receipts.txt" in found and "notes.txt" in found
    assert ".secret.txt" not in found
    assert all(name.lower().endswith(".txt") or "txt" in name.lower() for name in found)
    details = dict(zip(found, [n.text for n in driver.find_all(id="item_details")], strict=True))
    assert details["receipts.txt"] == "Documents/Taxes"
    assert not driver.exists(id="items_fab")
    driver.type_into("zzz-nothing", id="search_query")
    assert driver.find(id="items_placeholder").text == "No items found"
    driver.key("BACK")  # the keyboard
    driver.key("BACK")  # the search
    assert not driver.exists(id="search_query")
    assert "Documents" in _names(driver)


def test_sort_by_size_descending_is_stored_and_logged(phone: Phone, driver: Driver) -> None:
    _open(driver, "Documents")
    driver.tap(desc="Sort by")
    assert driver.find(id="sorting_dialog_radio_name").checked
    driver.tap(id="sorting_dialog_radio_size")
    driver.tap(id="sorting_dialog_radio_descending")
    driver.tap(text="OK")
    names = [n for n in phone.storage.list_dir("/sdcard/Documents") if not n.startswith(".")]
    paths = {n: f"/sdcard/Documents/{n}" for n in names}
    folders = sorted(
        (n for n in names if phone.storage.is_dir(paths[n])),
        key=lambda n: (phone.storage.size(paths[n]), n.lower()),
        reverse=True,
    )
    files = sorted(
        (n for n in names if not phone.storage.is_dir(paths[n])),
        key=lambda n: (phone.storage.size(paths[n]), n.lower()),
        reverse=True,
    )
    shown = _names(driver)
    assert shown == (folders + files)[: len(shown)]
    assert "Sorted by size, descending" in _logs(phone)
    stored = phone.database(PACKAGE, "config").execute("SELECT key, value FROM preferences")
    assert dict(stored.fetchall()) == {"sort": "size", "sort_descending": "1"}

    driver.tap(desc="Sort by")
    assert driver.find(id="sorting_dialog_radio_size").checked
    assert driver.find(id="sorting_dialog_radio_descending").checked
    driver.tap(id="sorting_dialog_radio_name")
    driver.tap(text="Cancel")  # a cancelled choice changes nothing
    assert _names(driver) == shown


def test_hidden_files_show_on_request(phone: Phone, driver: Driver) -> None:
    _open(driver, "Download")
    assert ".secret.txt" not in _names(driver)
    driver.tap(desc="More options")
    driver.tap(text="Temporarily show hidden")
    assert ".secret.txt" in _names(driver)
    driver.tap(desc="More options")
    driver.tap(text="Stop showing hidden")
    assert ".secret.txt" not in _names(driver)
    logs = _logs(phone)
    assert "Showing hidden files" in logs and logs[-1] == "Hiding hidden files"


def test_properties_of_a_file_a_folder_and_a_selection(phone: Phone, driver: Driver) -> None:
    _open(driver, "Documents")
    driver.long_press(id="item_name", text="Taxes")
    driver.tap(id="cab_properties")
    labels = [n.text for n in driver.find_all(id="property_label")]
    values = dict(zip(labels, [n.text for n in driver.find_all(id="property_value")], strict=True))
    assert values["Path"] == "/sdcard/Documents/Taxes"
    assert values["Contents"] == "2 files, 0 folders"
    assert values["Size"] == format_size(5004 + 22)
    assert values["Last modified"].startswith("May 30, 2024")  # the newest file inside
    driver.tap(text="OK")
    driver.tap(id="item_name", text=_names(driver)[-1])
    driver.tap(id="cab_properties")
    assert driver.find(id="property_label").text == "Items selected"


def test_text_files_open_in_the_reader_and_others_do_not(phone: Phone, driver: Driver) -> None:
    _open(driver, "Documents", "Taxes", "receipts.txt")
    assert phone.foreground == (PACKAGE, READER)
    assert driver.find(id="toolbar_title").text == "receipts.txt"
    assert driver.find(id="read_text_view").text == "coffee 3.20\nbook 12.00"
    phone.storage.delete("/sdcard/Documents/Taxes/receipts.txt")
    assert not driver.exists(id="read_text_view")  # the reader closes when its file goes
    assert phone.foreground == (PACKAGE, MAIN)
    _open(driver, "return-2023.pdf")
    assert driver.exists(text="No app found to open this file")
    assert phone.foreground == (PACKAGE, MAIN)
    assert _logs(phone)[-1] == "Opened file /sdcard/Documents/Taxes/receipts.txt"


def test_select_all_counts_every_row(phone: Phone, driver: Driver) -> None:
    _open(driver, "Download")
    rows = len(_names(driver))
    driver.long_press(id="item_name", text="notes.txt")
    driver.tap(id="cab_select_all")
    assert driver.find(id="toolbar_title").text == f"{rows} / {rows}"
    assert len(driver.find_all(id="item_frame", selected="true")) == rows
    driver.tap(desc="Close selection")
    assert not driver.find_all(id="item_frame", selected="true")


def test_seeded_files_follow_the_seed() -> None:
    a, b, c = (Phone(seed=s) for s in (3, 3, 4))
    listing = a.storage.tree("/sdcard/Documents")
    assert listing == b.storage.tree("/sdcard/Documents")
    assert listing != c.storage.tree("/sdcard/Documents")
    assert any(path.endswith(".txt") for path in listing)
    assert a.storage.read("/sdcard/.config/backup.json").startswith(b"{")
    for folder in STANDARD_FOLDERS:
        assert a.storage.is_dir(f"/sdcard/{folder}")


def test_a_deep_path_keeps_the_last_crumbs_in_view(phone: Phone, driver: Driver) -> None:
    deep = "/sdcard/Documents/Projects/Household/Renovation/Kitchen/Quotes"
    phone.storage.make_dirs(deep)
    _open(driver, "Documents", "Projects", "Household", "Renovation", "Kitchen", "Quotes")
    crumbs = _crumbs(driver)
    assert crumbs[-1] == "Quotes" and crumbs[-2] == "Kitchen"
    assert "Internal" not in crumbs  # dropped behind the ellipsis
    assert driver.exists(text="\u2026")
    assert driver.find(id="items_placeholder").text == "No items found"


def test_an_unknown_stored_sort_falls_back_to_names(phone: Phone) -> None:
    phone.database(PACKAGE, "config").execute(
        "INSERT INTO preferences(key, value) VALUES ('sort', 'colour')"
    )
    driver = Driver(phone)
    driver.tap(desc="File Manager")
    shown = _names(driver)
    assert shown == sorted(shown, key=str.lower)


def _preferences(phone: Phone) -> dict[str, str]:
    rows = phone.database(PACKAGE, "config").execute("SELECT key, value FROM preferences")
    return dict(rows.fetchall())


def test_the_storage_tab_sums_the_files_by_kind(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Storage")
    assert driver.find(id="total_space").text == "Total storage: 64 GB"
    assert driver.find(id="documents_size").text  # the pdf and the text files count
    assert not driver.exists(id="items_list")
    driver.key("back")
    assert driver.find(id="items_list")


def test_recents_lists_the_newest_files_first(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Recents")
    names = [node.text for node in driver.find_all(id="item_name")]
    assert ".secret.txt" not in names
    driver.tap(id="item_name", text="notes.txt")
    assert phone.foreground == (PACKAGE, READER)
    assert driver.find(id="read_text_view").text == "remember the milk"


def test_hide_and_unhide_a_folder(phone: Phone, driver: Driver) -> None:
    _open(driver, "Documents")
    driver.long_press(id="item_name", text="Taxes")
    driver.tap(desc="More options")
    driver.tap(text="Hide")
    assert phone.storage.is_dir("/sdcard/Documents/.Taxes")
    assert "Taxes" not in _names(driver) and ".Taxes" not in _names(driver)
    assert "Hid /sdcard/Documents/Taxes as /sdcard/Documents/.Taxes" in _logs(phone)
    driver.tap(desc="More options")
    driver.tap(text="Temporarily show hidden")
    assert _preferences(phone)["temporarily_show_hidden"] == "1"
    driver.long_press(id="item_name", text=".Taxes")
    driver.tap(desc="More options")
    driver.tap(text="Unhide")
    assert phone.storage.is_dir("/sdcard/Documents/Taxes")


def test_the_home_folder_is_where_the_app_opens(phone: Phone, driver: Driver) -> None:
    _open(driver, "Download")
    driver.tap(desc="More options")
    driver.tap(text="Set as home folder")
    assert _preferences(phone)["home_folder"] == "/sdcard/Download"
    phone.force_stop(PACKAGE)
    phone.start_activity(PACKAGE, None)
    assert _crumbs(driver)[-1] == "Download"
    driver.tap(id="breadcrumb_item", text="Internal")
    driver.tap(desc="More options")
    driver.tap(text="Go to home folder")
    assert _crumbs(driver)[-1] == "Download"


def test_about_opens_the_about_page(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="More options")
    driver.tap(text="About")
    assert driver.find(id="about_app_name").text == "Simple File Manager Pro"


def test_clearing_the_data_keeps_the_files() -> None:
    phone = Phone(seed=SEED)
    phone.clear_app_data(PACKAGE)
    assert set(STANDARD_FOLDERS) <= set(phone.storage.list_dir("/sdcard"))
    other = Phone(seed=SEED)
    assert phone.storage.list_dir("/sdcard/Download") == other.storage.list_dir("/sdcard/Download")


def test_the_list_follows_the_files_changed_behind_its_back(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder's list is found again when the files change (here straight through the
    storage, as another app or adb changes them) or its options do, and only then: a screen
    built again for anything else shows the list it found."""
    found: list[str] = []
    list_folder = browser.list_folder

    def counted(storage: Storage, folder: str, **options: Any) -> list[Entry]:
        found.append(folder)
        return list_folder(storage, folder, **options)

    monkeypatch.setattr(browser, "list_folder", counted)
    _open(driver, "Documents", "Taxes")
    assert _names(driver) == ["receipts.txt", "return-2023.pdf"]
    assert found[-1] == "/sdcard/Documents/Taxes"
    found.clear()
    phone.invalidate()
    driver.tap(desc="Sort by")  # a dialog over the list, then the whole screen built again
    driver.tap(text="Cancel")
    assert _names(driver) == ["receipts.txt", "return-2023.pdf"]
    assert found == []

    phone.storage.write_files(
        [("/sdcard/Documents/Taxes/a-letter.txt", b"Dear", 1_600_000_000_000)]
    )
    assert _names(driver) == ["a-letter.txt", "receipts.txt", "return-2023.pdf"]
    phone.storage.delete("/sdcard/Documents/Taxes/receipts.txt")
    assert _names(driver) == ["a-letter.txt", "return-2023.pdf"]
    driver.tap(desc="Sort by")
    driver.tap(id="sorting_dialog_radio_last_modified")
    driver.tap(text="OK")
    assert _names(driver) == ["a-letter.txt", "return-2023.pdf"]
    phone.storage.set_modified("/sdcard/Documents/Taxes/a-letter.txt", 1_800_000_000_000)
    assert _names(driver) == ["return-2023.pdf", "a-letter.txt"]
    assert len(found) == 4  # the write, the removal, the new sort and the new date


def _counting(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[tuple]:
    """The arguments of every call of ``owner.name`` from now on."""
    calls: list[tuple] = []
    original = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def _rebuilt(phone: Phone, times: int = 3) -> None:
    """The screen built again ``times`` times with nothing changed."""
    for _ in range(times):
        phone.invalidate()
        phone.hierarchy_xml()


def test_many_files_are_ranked_for_recents_once_until_they_change(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.storage.write_files(
        (f"/sdcard/Documents/Old/old_{i:04d}.txt", b"o", 1_600_000_000_000 + i) for i in range(1000)
    )
    driver.tap(desc="Recents")
    assert "notes.txt" in _names(driver)
    made = _counting(monkeypatch, browser.Browser, "entry")
    _rebuilt(phone)
    assert made == []  # nothing changed: no file looked at again
    phone.storage.write_files([("/sdcard/Download/newest.txt", b"n", 1_800_000_000_000)])
    assert _names(driver)[0] == "newest.txt"  # shown at once
    phone.storage.delete("/sdcard/Download/newest.txt")
    assert _names(driver)[0] != "newest.txt" and "notes.txt" in _names(driver)


def test_the_storage_tab_sums_many_files_once_until_they_change(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mobile_gym.sim.apps.file_manager import storage_tab

    phone.storage.write_files(
        (f"/sdcard/Documents/Old/old_{i:04d}.txt", b"o", 1_600_000_000_000) for i in range(1000)
    )
    driver.tap(desc="Storage")
    images = driver.find(id="images_size").text
    sums = _counting(monkeypatch, storage_tab, "usage")
    _rebuilt(phone)
    assert sums == []
    phone.storage.write_files([("/sdcard/Pictures/big.jpg", bytes(3 << 20), 1_700_000_000_000)])
    assert driver.find(id="images_size").text != images  # summed again at once
    assert len(sums) == 1


def test_the_folder_picker_makes_the_rows_in_view_of_many_folders(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.storage.write_files(
        (f"/sdcard/Many/sub_{i:03d}/f.txt", b"f", 1_600_000_000_000) for i in range(300)
    )
    driver.tap(id="item_name", text="Download")
    driver.long_press(id="item_name", text="notes.txt")
    driver.tap(desc="More options")
    driver.tap(text="Copy to")
    driver.tap(id="filepicker_breadcrumb", text="Internal")
    driver.tap(id="list_item_name", text="Many")
    assert views_made(phone, "filepicker_item") < 30  # of 300
    listed = _counting(monkeypatch, Storage, "list_dir")
    _rebuilt(phone)
    assert listed == []
    phone.storage.make_dirs("/sdcard/Many/aaa")
    assert driver.find(id="list_item_name").text == "aaa"  # shown at once
    for _ in range(12):
        driver.scroll("down", id="filepicker_list")  # the rows further down made as they show
    last = driver.find_all(id="list_item_name")[-1].text
    assert last > "sub_020"
    driver.tap(id="list_item_name", text=last)
    driver.tap(text="OK")
    assert phone.storage.read(f"/sdcard/Many/{last}/notes.txt") == b"remember the milk"


def test_the_properties_of_a_big_folder_are_summed_once_until_it_changes(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.storage.write_files(
        (f"/sdcard/Documents/Taxes/old_{i:04d}.txt", b"o", 1_600_000_000_000) for i in range(1000)
    )

    def contents() -> str:
        labels = [n.text for n in driver.find_all(id="property_label")]
        values = [n.text for n in driver.find_all(id="property_value")]
        return dict(zip(labels, values, strict=True))["Contents"]

    _open(driver, "Documents")
    driver.long_press(id="item_name", text="Taxes")
    driver.tap(id="cab_properties")
    assert contents() == "1002 files, 0 folders"
    walked = _counting(monkeypatch, Storage, "tree")
    _rebuilt(phone)
    assert walked == []
    phone.storage.write_files([("/sdcard/Documents/Taxes/one_more.txt", b"1", 1_600_000_000_000)])
    assert contents() == "1003 files, 0 folders"  # at once
