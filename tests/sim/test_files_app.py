"""The Files app (documentsui), driven through raw input: roots, folders, views, sorting,
search, selection actions (rename, delete, copy, move, compress, extract, share, open with)
and bad input, on the storage it shares with Simple File Manager."""

from __future__ import annotations

import io
import zipfile

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps import file_manager, gallery, mail, music_player
from mobile_gym.sim.apps.docreader.names import PACKAGE as READER
from mobile_gym.sim.apps.docreader.names import VIEWER
from mobile_gym.sim.apps.files import FILES, PACKAGE, PICKER, PREVIEW
from mobile_gym.sim.apps.files.documents import Documents
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened, views_made

DAY = 86_400_000
T0 = 1_717_000_000_000
DOWNLOAD = "/sdcard/Download"


def _zip(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zipped:
        for name, data in members.items():
            zipped.writestr(name, data)
    return out.getvalue()


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=0)
    phone.storage.delete_tree(DOWNLOAD)
    phone.storage.write_files(
        [
            (f"{DOWNLOAD}/bid_alpha.txt", b"alpha\n" * 3, T0),
            (f"{DOWNLOAD}/bid_beta.doc", b"b" * 5000, T0 + DAY),
            (f"{DOWNLOAD}/report.pdf", b"%PDF-1.4\nreport", T0 + 2 * DAY),
            (f"{DOWNLOAD}/cat.jpg", b"\xff\xd8" + bytes(300), T0 + 3 * DAY),
            (f"{DOWNLOAD}/.hidden.txt", b"secret", T0),
            (
                f"{DOWNLOAD}/logs.zip",
                _zip({"file_1.txt": b"a\nb\nc\n", "sub/file_2.txt": b"x\ny"}),
                T0 + 4 * DAY,
            ),
        ]
    )
    return phone


@pytest.fixture
def driver(phone: Phone) -> Driver:
    return opened(phone, "Files", (PACKAGE, FILES))


def _names(driver: Driver) -> list[str]:
    return [n.text for n in driver.find_all(id="title") if n.text]


def _logs(phone: Phone) -> list[str]:
    return [line.split(" Files: ", 1)[1] for line in phone.logcat_lines()[0] if " Files: " in line]


def _select(driver: Driver, *names: str) -> None:
    driver.long_press(id="title", text=names[0])
    for name in names[1:]:
        driver.tap(id="title", text=name)


def _menu(driver: Driver, item: str) -> None:
    driver.tap(desc="More options")
    driver.tap(text=item)


def _roots(driver: Driver, root: str) -> None:
    driver.tap(desc="Show roots")
    driver.tap(id="title", text=root)


def test_opens_on_downloads_with_folders_first_and_no_hidden_files(driver: Driver) -> None:
    assert driver.find(id="toolbar_title").text == "Downloads"
    assert _names(driver) == ["bid_alpha.txt", "bid_beta.doc", "cat.jpg", "logs.zip", "report.pdf"]
    types = [n.text for n in driver.find_all(id="file_type")]
    assert types == ["Text", "DOC file", "Image", "Zip archive", "PDF document"]
    assert [n.text for n in driver.find_all(id="breadcrumb_item")] == ["Downloads"]


def test_roots_list_categories_recent_and_internal_storage(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Show roots")
    assert len(driver.find_all(id="roots_item")) == 7
    assert _names(driver)[-7:] == [
        "Recent",
        "Images",
        "Videos",
        "Audio",
        "Documents",
        "Downloads",
        "Internal storage",
    ]
    driver.tap(id="title", text="Images")
    assert driver.find(id="toolbar_title").text == "Images"
    images = _names(driver)
    assert "cat.jpg" in images and "report.pdf" not in images
    assert all(
        n.rsplit(".", 1)[-1].lower() in {"jpg", "jpeg", "png", "gif", "webp"} for n in images
    )
    _roots(driver, "Recent")
    assert _names(driver)[0] == "logs.zip"  # the newest file first
    _roots(driver, "Internal storage")
    assert "Download" in _names(driver)
    driver.tap(id="title", text="Download")
    assert [n.text for n in driver.find_all(id="breadcrumb_item")] == [
        "Internal storage",
        "Download",
    ]
    driver.key("BACK")
    assert [n.text for n in driver.find_all(id="breadcrumb_item")] == ["Internal storage"]
    assert _logs(phone)[:3] == [
        "Opened root Images",
        "Opened root Recent",
        "Opened root Internal storage",
    ]


def test_a_long_category_follows_the_files(phone: Phone, driver: Driver) -> None:
    phone.storage.write_files(
        (f"/sdcard/Pictures/Trip/img_{i:04d}.jpg", b"jpg", 1_600_000_000_000 + i)
        for i in range(1000)
    )
    _roots(driver, "Images")
    images = _names(driver)
    assert "img_0000.jpg" in images and len(images) < 40
    assert views_made(phone, "item_root") < 40  # of more than 1,000
    phone.write_file("/sdcard/Pictures/aaa_first.png", b"png")
    assert _names(driver)[0] == "aaa_first.png"  # a new image shows at once
    _roots(driver, "Recent")
    assert _names(driver)[0] == "aaa_first.png"  # the newest file first


def test_a_long_folder_is_sorted_once_until_its_files_change(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.storage.write_files((f"{DOWNLOAD}/note_{i:04d}.txt", b"n", T0 + i) for i in range(1000))
    sorts = []
    by_name = Documents.by_name
    monkeypatch.setattr(Documents, "by_name", lambda *a: sorts.append(a[1]) or by_name(*a))
    phone.invalidate()
    assert _names(driver)[-1].startswith("note_")
    assert views_made(phone, "title") < 40  # of more than 1,000
    for _ in range(3):
        phone.invalidate()  # built again, nothing changed: the order is kept
        phone.hierarchy_xml()
    assert sorts == [DOWNLOAD]
    phone.write_file(f"{DOWNLOAD}/aaa_first.txt", b"a")
    assert _names(driver)[0] == "aaa_first.txt" and sorts == [DOWNLOAD] * 2
    _menu(driver, "Sort by")
    driver.tap(text="Name (Z to A)")
    assert _names(driver)[0] == "report.pdf" and len(sorts) == 3


def test_grid_view_and_sort_orders_are_stored(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Grid view")
    assert driver.exists(desc="List view")
    assert driver.exists(id="icon_thumb")  # the picture shows as a tile
    assert not driver.exists(id="file_type")
    driver.tap(desc="List view")
    _menu(driver, "Sort by")
    driver.tap(text="Size (largest first)")
    assert _names(driver)[0] == "bid_beta.doc"
    _menu(driver, "Sort by")
    driver.tap(text="Modified (newest first)")
    assert _names(driver) == ["logs.zip", "cat.jpg", "report.pdf", "bid_beta.doc", "bid_alpha.txt"]
    stored = dict(phone.database(PACKAGE, "config").execute("SELECT key, value FROM preferences"))
    assert stored == {"view_mode": "list", "sort": "modified", "sort_descending": "1"}
    assert "Sorted by date modified, descending" in _logs(phone)


def test_search_finds_names_below_the_folder(driver: Driver) -> None:
    _roots(driver, "Internal storage")
    driver.tap(desc="Search")
    driver.type_into("bid_", id="search_src_text")
    assert _names(driver) == ["bid_alpha.txt", "bid_beta.doc"]
    driver.key("BACK")  # the keyboard
    driver.key("BACK")  # the search
    assert not driver.exists(id="search_src_text")


def test_rename_replaces_the_name_and_refuses_empty_and_taken_names(
    phone: Phone, driver: Driver
) -> None:
    _select(driver, "bid_alpha.txt")
    _menu(driver, "Rename")
    assert driver.find(id="text1").text == "bid_alpha.txt"
    driver.key("DEL")
    driver.tap(text="OK")
    assert driver.exists(text="The name cannot be empty")
    driver.type_into("bid_beta.doc", id="text1")
    driver.tap(text="OK")
    assert driver.exists(text="A file with that name already exists")
    assert driver.exists(id="alertTitle", text="Rename")  # still open for a correction
    for _ in range(len("bid_beta.doc")):
        driver.key("DEL")
    driver.device.send(ev.Text("bid_1.txt"))
    driver.tap(text="OK")
    assert phone.storage.read(f"{DOWNLOAD}/bid_1.txt") == b"alpha\n" * 3
    assert not phone.storage.exists(f"{DOWNLOAD}/bid_alpha.txt")
    assert f"Renamed {DOWNLOAD}/bid_alpha.txt to {DOWNLOAD}/bid_1.txt" in _logs(phone)
    # the other file manager sees the same files
    fm = opened(phone, "File Manager", (file_manager.PACKAGE, file_manager.MAIN))
    fm.tap(id="item_name", text="Download")
    assert "bid_1.txt" in [n.text for n in fm.find_all(id="item_name")]


def test_a_name_longer_than_a_file_system_takes_is_refused(phone: Phone, driver: Driver) -> None:
    _select(driver, "bid_alpha.txt")
    _menu(driver, "Rename")
    for _ in range(len("bid_alpha.txt")):
        driver.key("DEL")
    driver.device.send(ev.Text("é" * 126 + ".txt"))  # 130 characters, 256 bytes
    driver.tap(text="OK")
    assert driver.exists(text="The name is too long")
    assert phone.storage.exists(f"{DOWNLOAD}/bid_alpha.txt")
    driver.key("DEL")  # 255 bytes: a name Android takes
    driver.tap(text="OK")
    assert phone.storage.exists(f"{DOWNLOAD}/{'é' * 126}.tx")


def test_delete_asks_first_and_cancel_keeps_the_files(phone: Phone, driver: Driver) -> None:
    _select(driver, "bid_alpha.txt", "report.pdf")
    assert driver.find(id="toolbar_title").text == "2 selected"
    driver.tap(desc="Delete")
    assert driver.find(id="alertTitle").text == "Delete 2 items?"
    driver.tap(text="Cancel")
    assert phone.storage.exists(f"{DOWNLOAD}/report.pdf")
    driver.tap(desc="Delete")
    driver.tap(text="OK")
    assert not phone.storage.exists(f"{DOWNLOAD}/report.pdf")
    assert not phone.storage.exists(f"{DOWNLOAD}/bid_alpha.txt")
    assert driver.exists(text="Deleted 2 items")
    assert not driver.exists(id="cab_close")
    assert _logs(phone)[-2:] == [
        f"Deleted {DOWNLOAD}/bid_alpha.txt",
        f"Deleted {DOWNLOAD}/report.pdf",
    ]


def test_deleting_nothing_toasts(phone: Phone, driver: Driver) -> None:
    _select(driver, "bid_alpha.txt")
    phone.storage.delete_tree(f"{DOWNLOAD}/bid_alpha.txt")  # gone behind the app's back
    driver.tap(desc="Delete")
    assert driver.exists(text="No items selected")
    assert not driver.exists(id="alertTitle")


def test_copy_to_a_new_folder_and_move_with_numbered_clash(phone: Phone, driver: Driver) -> None:
    _select(driver, "report.pdf")
    _menu(driver, "Copy to\u2026")
    assert phone.foreground == (PACKAGE, PICKER)
    driver.tap(id="breadcrumb_item", text="Internal storage")
    driver.tap(id="title", text="Documents")
    _menu(driver, "New folder")
    driver.type_into("Finance", id="text1")
    driver.tap(text="OK")
    driver.tap(id="title", text="Finance")
    driver.tap(id="button1", text="Copy")
    assert phone.foreground == (PACKAGE, FILES)
    assert phone.storage.read("/sdcard/Documents/Finance/report.pdf") == b"%PDF-1.4\nreport"
    assert phone.storage.exists(f"{DOWNLOAD}/report.pdf")
    # moving a second report.pdf there keeps both
    phone.storage.write_files([(f"{DOWNLOAD}/sub/report.pdf", b"second", T0)])
    driver.tap(id="title", text="sub")
    _select(driver, "report.pdf")
    _menu(driver, "Move to\u2026")
    for folder in ("Documents", "Finance"):
        driver.tap(id="title", text=folder)
    driver.tap(id="button1", text="Move")
    assert phone.storage.read("/sdcard/Documents/Finance/report (1).pdf") == b"second"
    assert not phone.storage.exists(f"{DOWNLOAD}/sub/report.pdf")
    logs = _logs(phone)
    assert "Created folder /sdcard/Documents/Finance" in logs
    assert f"Copied {DOWNLOAD}/report.pdf to /sdcard/Documents/Finance/report.pdf" in logs
    assert f"Moved {DOWNLOAD}/sub/report.pdf to /sdcard/Documents/Finance/report (1).pdf" in logs


@pytest.mark.parametrize(
    ("item", "button", "said"), [("Move to…", "Move", "moved"), ("Copy to…", "Copy", "copied")]
)
def test_a_folder_into_itself_is_refused_before_anything_moves(
    phone: Phone, driver: Driver, item: str, button: str, said: str
) -> None:
    phone.storage.write_files([(f"{DOWNLOAD}/Folder/inner.txt", b"in", T0)])
    driver.key("BACK")
    driver = opened(phone, "Files", (PACKAGE, FILES))
    before = dict(phone.storage.files)
    _select(driver, "cat.jpg", "Folder")
    _menu(driver, item)
    driver.tap(id="title", text="Download")
    driver.tap(id="title", text="Folder")
    driver.tap(id="button1", text=button)
    assert phone.toasts[-1].text == f"A folder can't be {said} into itself"
    assert phone.storage.files == before  # not the file chosen with it either


def test_cancel_in_the_folder_chooser_changes_nothing(phone: Phone, driver: Driver) -> None:
    before = dict(phone.storage.files)
    _select(driver, "cat.jpg")
    _menu(driver, "Move to\u2026")
    driver.tap(id="button2", text="Cancel")
    assert phone.foreground == (PACKAGE, FILES)
    assert phone.storage.files == before


def test_a_zip_opens_as_a_folder_previews_text_and_extracts(phone: Phone, driver: Driver) -> None:
    driver.tap(id="title", text="logs.zip")
    assert _names(driver) == ["sub", "file_1.txt"]
    assert [n.text for n in driver.find_all(id="breadcrumb_item")] == ["Downloads", "logs.zip"]
    driver.tap(id="title", text="file_1.txt")
    assert phone.foreground == (PACKAGE, PREVIEW)
    assert driver.find(id="line_count").text == "3 lines"
    assert driver.find(id="text_content").text == "a\nb\nc\n"
    driver.key("BACK")
    driver.tap(id="title", text="sub")
    driver.tap(id="title", text="file_2.txt")
    assert driver.find(id="line_count").text == "2 lines"
    driver.key("BACK")
    driver.key("BACK")  # up to the archive's top
    _select(driver, "sub", "file_1.txt")
    assert not driver.exists(desc="Delete")  # an archive's members are read-only
    _menu(driver, "Extract to\u2026")
    driver.tap(id="title", text="Documents")
    driver.tap(id="button1", text="Extract")
    assert phone.storage.read("/sdcard/Documents/sub/file_2.txt") == b"x\ny"
    assert phone.storage.read("/sdcard/Documents/file_1.txt") == b"a\nb\nc\n"


def test_members_that_climb_out_of_a_zip_are_neither_listed_nor_extracted(
    phone: Phone, driver: Driver
) -> None:
    sent = "/sdcard/Android/data/com.gmailclone/files/sentEmail.json"
    members = {
        "../Android/data/com.gmailclone/files/sentEmail.json": b"{}",
        "/sdcard/absolute.txt": b"abs",
        "inside/../../up.txt": b"up",
        "ok.txt": b"fine",
    }
    phone.storage.write_files([(f"{DOWNLOAD}/slip.zip", _zip(members), T0 + 5 * DAY)])
    before = set(phone.storage.file_paths())
    driver.tap(id="title", text="slip.zip")
    assert _names(driver) == ["ok.txt"]
    _menu(driver, "Select all")
    _menu(driver, "Extract to\u2026")
    driver.tap(id="title", text="Documents")
    driver.tap(id="button1", text="Extract")
    assert driver.exists(text="Extracted 1 item")
    assert set(phone.storage.file_paths()) - before == {"/sdcard/Documents/ok.txt"}
    assert not phone.storage.exists(sent)


def test_compress_makes_a_zip_of_the_selection(phone: Phone, driver: Driver) -> None:
    _select(driver, "bid_alpha.txt")
    _menu(driver, "Compress")
    zipped = zipfile.ZipFile(io.BytesIO(phone.storage.read(f"{DOWNLOAD}/bid_alpha.zip")))
    assert zipped.read("bid_alpha.txt") == b"alpha\n" * 3
    _select(driver, "bid_alpha.txt", "report.pdf")
    _menu(driver, "Compress")
    both = zipfile.ZipFile(io.BytesIO(phone.storage.read(f"{DOWNLOAD}/Archive.zip")))
    assert sorted(both.namelist()) == ["bid_alpha.txt", "report.pdf"]
    assert driver.exists(text="Compressed into Archive.zip")


def test_share_to_gmail_attaches_and_to_sms_holds_the_text(phone: Phone, driver: Driver) -> None:
    _select(driver, "report.pdf")
    driver.tap(desc="Share")
    driver.tap(id="app_label", text="Gmail")
    assert phone.foreground[0] == mail.PACKAGE
    assert driver.exists(text="report.pdf")
    assert f"Shared {DOWNLOAD}/report.pdf with {mail.PACKAGE}" in _logs(phone)
    driver = opened(phone, "Files", (PACKAGE, FILES))
    _select(driver, "bid_alpha.txt")
    driver.tap(desc="Share")
    driver.tap(id="app_label", text="SMS Messenger")
    assert phone.foreground[0] == "com.simplemobiletools.smsmessenger"


def test_open_pictures_songs_and_refuse_pdf_without_a_reader(phone: Phone, driver: Driver) -> None:
    driver.tap(id="title", text="report.pdf")
    if READER in phone.apps:
        assert phone.foreground == (READER, VIEWER)
    else:
        assert driver.exists(text="No app can open this file")
        assert phone.foreground == (PACKAGE, FILES)
    driver = opened(phone, "Files", (PACKAGE, FILES))
    _select(driver, "bid_beta.doc")
    _menu(driver, "Open with")
    assert driver.exists(text="No app can open this file")  # no app for a .doc
    driver.key("BACK")  # the selection
    driver.tap(id="title", text="cat.jpg")
    assert phone.foreground == (gallery.PACKAGE, gallery.VIEWER_ACTIVITY)
    song = "/sdcard/Music/Ann - Tune.mp3"
    phone.storage.write_files([(song, bytes(40_000), T0)])
    driver = opened(phone, "Files", (PACKAGE, FILES))
    _select(driver, "cat.jpg")
    _menu(driver, "Open with")
    assert driver.find(id="app_label").text == phone.apps[gallery.PACKAGE].label
    driver.key("BACK")  # the dialog
    driver.key("BACK")  # the selection
    _roots(driver, "Audio")
    driver.tap(id="title", text="Ann - Tune.mp3")
    assert phone.foreground == (music_player.PACKAGE, music_player.PLAYER)
    assert f"Opened file {song}" in _logs(phone)


def test_the_heaviest_screen_dumps_quickly(phone: Phone, driver: Driver) -> None:
    phone.storage.write_files([(f"{DOWNLOAD}/many/f{i:04}.txt", b"x", T0 + i) for i in range(2000)])
    driver.tap(id="title", text="many")
    assert len(_names(driver)) < 20  # only the rows in view are made


def test_back_closes_the_drawer_before_leaving(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Show roots")
    assert driver.exists(id="roots_list")
    driver.key("BACK")
    assert not driver.exists(id="roots_list")
    assert phone.foreground == (PACKAGE, FILES)


def test_new_folder_refuses_bad_and_taken_names(phone: Phone, driver: Driver) -> None:
    _menu(driver, "New folder")
    driver.tap(text="OK")
    assert driver.exists(text="The name cannot be empty")
    driver.type_into("a/b", id="text1")
    driver.tap(text="OK")
    assert driver.exists(text="The name contains invalid characters")
    for _ in range(3):
        driver.key("DEL")
    driver.device.send(ev.Text("report.pdf"))
    driver.tap(text="OK")
    assert driver.exists(text="A file with that name already exists")
    driver.tap(text="Cancel")
    assert not phone.storage.is_dir(f"{DOWNLOAD}/a")
    _menu(driver, "New folder")
    driver.type_into("Tickets", id="text1")
    driver.tap(text="OK")
    assert phone.storage.is_dir(f"{DOWNLOAD}/Tickets")
    assert _names(driver)[0] == "Tickets"  # folders first
    assert f"Created folder {DOWNLOAD}/Tickets" in _logs(phone)


def test_compressing_and_extracting_twice_number_the_new_names(
    phone: Phone, driver: Driver
) -> None:
    for _ in range(2):
        _select(driver, "report.pdf")
        _menu(driver, "Compress")
    assert phone.storage.exists(f"{DOWNLOAD}/report.zip")
    assert phone.storage.exists(f"{DOWNLOAD}/report (1).zip")
    driver.tap(id="title", text="logs.zip")
    for _ in range(2):
        _select(driver, "file_1.txt")
        _menu(driver, "Extract to\u2026")
        driver.tap(id="button1", text="Extract")
    assert phone.storage.read("/sdcard/file_1.txt") == b"a\nb\nc\n"
    assert phone.storage.read("/sdcard/file_1 (1).txt") == b"a\nb\nc\n"


def test_grid_and_list_views_are_logged(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Grid view")
    driver.tap(desc="List view")
    assert [line for line in _logs(phone) if line.startswith("View mode")] == [
        "View mode grid",
        "View mode list",
    ]


def test_sharing_a_text_file_to_sms_puts_its_text_in_the_message(
    phone: Phone, driver: Driver
) -> None:
    _select(driver, "bid_alpha.txt")
    driver.tap(desc="Share")
    driver.tap(id="app_label", text="SMS Messenger")
    assert driver.find(text="alpha\n" * 3) is not None


def test_a_folder_alone_cannot_be_shared(phone: Phone, driver: Driver) -> None:
    _roots(driver, "Internal storage")
    _select(driver, "Download")
    driver.tap(desc="Share")
    assert driver.exists(text="Folders can't be shared")
    assert not driver.exists(id="app_label")


def _counted(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[tuple]:
    """The arguments of every call of ``owner.name`` from now on."""
    calls: list[tuple] = []
    original = getattr(owner, name)
    monkeypatch.setattr(owner, name, lambda *args: calls.append(args) or original(*args))
    return calls


def _rebuilt(phone: Phone, times: int = 3) -> None:
    for _ in range(times):
        phone.invalidate()  # built again, nothing changed
        phone.hierarchy_xml()


def test_a_search_through_many_files_is_found_once_until_the_files_change(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.storage.write_files(
        (f"/sdcard/Documents/F{i % 20}/bid_{i:04d}.txt", b"b", T0 + i) for i in range(1000)
    )
    _roots(driver, "Internal storage")
    driver.tap(desc="Search")
    driver.type_into("bid_", id="search_src_text")
    assert _names(driver)[:2] == ["bid_0000.txt", "bid_0001.txt"]
    assert views_made(phone, "title") < 40  # of more than 1,000
    searches = _counted(monkeypatch, Documents, "search")
    _rebuilt(phone)
    assert searches == []
    phone.write_file(f"{DOWNLOAD}/bid_+first.txt", b"a")
    assert _names(driver)[0] == "bid_+first.txt" and len(searches) == 1  # shown at once
    driver.tap(desc="Clear query")
    driver.type_into("bid_a", id="search_src_text")
    assert _names(driver) == ["bid_alpha.txt"]


def test_a_long_folder_sorted_by_size_is_sorted_once_until_its_files_change(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.storage.write_files((f"{DOWNLOAD}/note_{i:04d}.txt", b"n" * i, T0) for i in range(1000))
    _menu(driver, "Sort by")
    driver.tap(text="Size (largest first)")
    assert _names(driver)[:2] == ["bid_beta.doc", "note_0999.txt"]
    assert views_made(phone, "title") < 40  # of more than 1,000
    listed = _counted(monkeypatch, Documents, "folder")
    _rebuilt(phone)
    assert listed == []
    phone.write_file(f"{DOWNLOAD}/huge.bin", bytes(9000))
    assert _names(driver)[0] == "huge.bin" and len(listed) == 1  # shown at once
    _menu(driver, "Sort by")
    driver.tap(text="Modified (oldest first)")
    assert _names(driver)[0] == "bid_alpha.txt"


def test_the_folder_chooser_lists_a_long_folder_once_until_it_changes(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.storage.write_files((f"{DOWNLOAD}/note_{i:04d}.txt", b"n", T0) for i in range(1000))
    phone.storage.write_files([(f"{DOWNLOAD}/sub/inner.txt", b"i", T0)])
    _select(driver, "bid_alpha.txt")
    _menu(driver, "Copy to\u2026")
    driver.tap(id="title", text="Download")
    assert _names(driver) == ["sub"]  # folders only
    listed = _counted(monkeypatch, type(phone.storage), "list_dir")
    _rebuilt(phone)
    assert listed == []
    phone.storage.make_dirs(f"{DOWNLOAD}/archive")
    assert _names(driver) == ["archive", "sub"]  # shown at once
    driver.tap(id="title", text="archive")
    driver.tap(id="button1", text="Copy")
    assert phone.storage.read(f"{DOWNLOAD}/archive/bid_alpha.txt") == b"alpha\n" * 3
