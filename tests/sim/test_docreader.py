"""The Docreader app, driven through raw input only (taps, long presses, text, keys);
outcomes read from the view hierarchy, its database, logcat and the clipboard."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import cast

import pytest
from fpdf import FPDF

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.docreader import MAIN, PACKAGE, VIEWER, DocreaderApp, viewer
from mobile_gym.sim.apps.docreader.layout import Layout
from mobile_gym.sim.apps.docreader.pdf import PdfDocument
from mobile_gym.sim.display import Display
from mobile_gym.sim.documents import render_document
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.clipboard import clip
from mobile_gym.sim.ui.view import walk
from tests.sim.conftest import opened, statements_while_rebuilt, views_made

INVOICE = "/sdcard/Download/invoice.pdf"
LONG = "/sdcard/Documents/notes.pdf"
INVOICE_FIELDS = {
    "number": "INV-77",
    "date": "2024-03-01",
    "due_date": "2024-03-31",
    "seller": {"name": "Brightline Digital", "address": ["88 Market Street"]},
    "customer": {"name": "Global Enterprises", "email": "accounting@globalent.com"},
    "items": [
        {"description": "Consulting Services", "quantity": 250, "unit": "hours", "unit_price": 120},
        {
            "description": "Software Development",
            "quantity": 250,
            "unit": "hours",
            "unit_price": 180,
        },
    ],
    "terms": ["Late payments incur interest of 1.5% per 30 days, prorated daily."],
}


def _long_text() -> dict:
    paragraphs = [
        f"Paragraph {i}: the quick brown fox jumps over the lazy dog." for i in range(220)
    ]
    paragraphs[150] = "Paragraph 150: the secret word is marmalade."
    return {"title": "Field notes", "paragraphs": paragraphs, "picture": "Weekly totals"}


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=0, apps=[DocreaderApp])
    phone.write_file(INVOICE, render_document("invoice", INVOICE_FIELDS))
    phone.write_file(LONG, render_document("text", _long_text()))
    phone.write_file("/sdcard/Download/broken.pdf", b"%PDF-1.4\n garbage that is no PDF")
    phone.write_file("/sdcard/Download/fake.pdf", b"just some text")
    return phone


@pytest.fixture
def d(phone: Phone) -> Driver:
    return opened(phone, "Docreader", (PACKAGE, MAIN))


def texts(d: Driver, id: str) -> list[str]:
    return [node.text for node in d.find_all(id=id)]


def open_doc(d: Driver, name: str) -> None:
    d.tap(text=name)
    assert d.device.foreground == (PACKAGE, VIEWER)


def test_start_screen_lists_pdfs_then_recent(d: Driver, phone: Phone) -> None:
    assert texts(d, "document_name") == ["broken.pdf", "fake.pdf", "invoice.pdf", "notes.pdf"]
    assert d.exists(desc="All PDFs", selected="true")
    open_doc(d, "invoice.pdf")
    d.key("BACK")
    d.key("BACK")
    open_app_again = opened(phone, "Docreader", (PACKAGE, MAIN))
    assert open_app_again.exists(desc="Recent", selected="true")
    assert texts(open_app_again, "document_name") == ["invoice.pdf"]
    rows = phone.database(PACKAGE, "docreader").execute("SELECT path FROM recent").fetchall()
    assert [tuple(r) for r in rows] == [(INVOICE,)]


def test_the_pdf_list_follows_the_files_however_many(d: Driver, phone: Phone) -> None:
    phone.storage.write_files(
        (f"/sdcard/Documents/scan_{i:04d}.pdf", b"%PDF-1.4", 0) for i in range(1000)
    )
    names = texts(d, "document_name")
    assert names[:5] == ["broken.pdf", "fake.pdf", "invoice.pdf", "notes.pdf", "scan_0000.pdf"]
    assert views_made(phone, "document_name") < 30  # of 1,004
    phone.write_file("/sdcard/Download/agenda.pdf", b"%PDF-1.4")
    assert texts(d, "document_name")[0] == "agenda.pdf"  # a new file shows at once


def test_viewer_shows_text_lines_and_picture(d: Driver, phone: Phone) -> None:
    open_doc(d, "invoice.pdf")
    lines = texts(d, "pdf_text")
    assert "INVOICE INV-77" in lines
    assert any("Consulting Services 250 hours $120.00 $30,000.00" in line for line in lines)
    shown = [n.resource_id.rpartition("/")[2] for n in d.find_all(package=PACKAGE)]
    shown = [name for name in shown if name in ("pdf_image", "pdf_text")]
    assert shown[:2] == ["pdf_image", "pdf_text"]  # the logo stands above the title
    assert texts(d, "page_indicator") == ["1 / 1"]
    assert any(
        "Document opened: path=/sdcard/Download/invoice.pdf pages=1" in line
        for line in phone.logcat_lines()[0]
    )


def test_long_document_pages_and_go_to_page(d: Driver, phone: Phone) -> None:
    open_doc(d, "notes.pdf")
    indicator = texts(d, "page_indicator")[0]
    first, total = indicator.split(" / ")
    assert first == "1" and int(total) >= 4
    d.scroll("down", id="pdf_view")
    d.scroll("down", id="pdf_view")
    assert texts(d, "page_indicator")[0] != indicator or int(total) > 1
    d.tap(id="page_indicator")
    d.type_into("999", id="page_number")
    d.tap(text="Go")
    assert phone.toasts and "from 1 to" in phone.toasts[-1].text
    d.type_into("", id="page_number")
    d.key("DEL")
    d.key("DEL")
    d.key("DEL")
    d.type_into(total, id="page_number")
    d.tap(text="Go")
    assert texts(d, "page_indicator") == [f"{total} / {total}"]
    assert f"Page {total}" in texts(d, "page_label")


def test_go_to_page_takes_only_ascii_digits(d: Driver, phone: Phone) -> None:
    open_doc(d, "notes.pdf")
    d.tap(id="page_indicator")
    d.type_into("²", id="page_number")
    assert d.find(id="page_number").text != "²"
    d.tap(text="Go")
    assert phone.foreground == (PACKAGE, VIEWER)
    assert "from 1 to" in phone.toasts[-1].text


def test_rows_made_follow_the_screen_not_the_document(d: Driver, phone: Phone) -> None:
    open_doc(d, "notes.pdf")
    count = len(d.find_all(id="pdf_text"))
    assert 0 < count < 120  # the document has far more lines than the screen shows
    start = time.perf_counter()
    for _ in range(20):
        phone.invalidate()
        phone.hierarchy_xml()
    assert (time.perf_counter() - start) / 20 < 0.05


def test_search_marks_and_steps_through_matches(d: Driver, phone: Phone) -> None:
    open_doc(d, "notes.pdf")
    d.tap(desc="Search")
    d.type_into("marmalade", id="find_query")
    d.key("ENTER")
    assert texts(d, "find_count") == ["1 / 1"]
    assert any("marmalade" in line for line in texts(d, "pdf_text"))
    d.key("BACK")  # leaves search mode (the keyboard is already down)
    assert not d.exists(id="find_query")
    d.tap(desc="Search")
    d.type_into("lazy dog", id="find_query")
    d.key("ENTER")
    count = texts(d, "find_count")[0]
    assert count.startswith("1 / ")
    d.tap(desc="Next match")
    assert texts(d, "find_count")[0].startswith("2 / ")
    d.tap(desc="Previous match")
    d.tap(desc="Previous match")
    assert texts(d, "find_count")[0] == f"{count.split(' / ')[1]} / {count.split(' / ')[1]}"
    assert any("Search: query=lazy dog matches=" in line for line in phone.logcat_lines()[0])


def test_select_lines_and_copy(d: Driver, phone: Phone) -> None:
    open_doc(d, "invoice.pdf")
    d.long_press(text="INVOICE INV-77")
    d.tap(text="Due date: 2024-03-31")
    assert texts(d, "toolbar_title") == ["2 selected"]
    d.tap(desc="Copy")
    assert clip(phone) == "INVOICE INV-77\nDue date: 2024-03-31"
    assert phone.toasts[-1].text == "Copied to clipboard"
    assert not d.exists(desc="Copy")


def test_a_wrapped_line_is_searched_and_copied_whole(d: Driver, phone: Phone) -> None:
    line = "The budget review will take place in the large conference room on Friday at noon"
    memo = FPDF()
    memo.set_font("helvetica", size=8)
    memo.add_page()
    memo.cell(0, 10, line)
    phone.write_file("/sdcard/Download/memo.pdf", bytes(memo.output()))
    d.key("BACK")
    phone.start_activity(PACKAGE, VIEWER, path="/sdcard/Download/memo.pdf")
    rows = texts(d, "pdf_text")
    assert len(rows) == 2 and " ".join(rows) == line  # the screen wraps it in two rows
    across = f"{rows[0].split()[-1]} {rows[1].split()[0]}"
    d.tap(desc="Search")
    d.type_into(across.upper(), id="find_query")
    d.key("ENTER")
    assert texts(d, "find_count") == ["1 / 1"]
    lines = [v for w in phone.windows() for v in walk(w) if v.id == "pdf_text"]
    marked = [line.text[start:end] for line in lines for start, end, _ in line.marks]
    assert marked == across.split()  # its part in each row
    d.key("BACK")
    d.long_press(text=rows[0])
    d.tap(text=rows[1])
    d.tap(desc="Copy")
    assert clip(phone) == line  # as the PDF holds it, not broken where the screen wrapped


@pytest.mark.parametrize(
    ("passwords", "shown"),
    [
        ({"owner_password": "o"}, "Signed copy"),  # it limits editing only: opens as any other
        ({"owner_password": "o", "user_password": "u"}, "protected by a password"),
    ],
)
def test_an_encrypted_pdf_opens_unless_it_needs_a_password(
    d: Driver, phone: Phone, passwords: dict[str, str], shown: str
) -> None:
    locked = FPDF()
    locked.set_font("helvetica", size=12)
    locked.add_page()
    locked.cell(0, 10, "Signed copy")
    locked.set_encryption(**passwords)
    phone.write_file("/sdcard/Download/locked.pdf", bytes(locked.output()))
    d.key("BACK")
    phone.start_activity(PACKAGE, VIEWER, path="/sdcard/Download/locked.pdf")
    assert any(shown in text for text in texts(d, "pdf_text") + texts(d, "error_message"))


@pytest.mark.parametrize(
    ("name", "message"),
    [("broken.pdf", "damaged"), ("fake.pdf", "not a PDF")],
)
def test_bad_files_show_an_error(d: Driver, phone: Phone, name: str, message: str) -> None:
    open_doc(d, name)
    assert texts(d, "error_title") == ["Can't open file"]
    assert message in texts(d, "error_message")[0]
    d.tap(id="error_close")
    assert phone.foreground == (PACKAGE, MAIN)


def test_other_apps_open_a_document_by_path(phone: Phone) -> None:
    phone.start_activity(PACKAGE, VIEWER, path=INVOICE)
    d = Driver(phone)
    assert "INVOICE INV-77" in texts(d, "pdf_text")
    phone.start_activity(PACKAGE, VIEWER, path="/sdcard/Download/gone.pdf")
    assert texts(d, "error_message") == ["This file is no longer on the phone."]


def test_a_recent_document_can_be_taken_off_the_list(d: Driver, phone: Phone) -> None:
    open_doc(d, "invoice.pdf")
    d.key("BACK")
    d.tap(desc="Recent")
    d.long_press(text="invoice.pdf")
    d.tap(text="Remove from recent")
    assert texts(d, "empty_placeholder") == ["No recent documents"]
    assert phone.database(PACKAGE, "docreader").execute("SELECT * FROM recent").fetchall() == []
    assert phone.storage.exists(INVOICE)


def test_document_properties(d: Driver) -> None:
    open_doc(d, "notes.pdf")
    d.tap(desc="More options")
    d.tap(text="Document properties")
    values = dict(zip(texts(d, "property_label"), texts(d, "property_value"), strict=True))
    assert values["File name"] == "notes.pdf"
    assert values["Location"] == "/sdcard/Documents"
    assert values["Title"] == "Field notes"
    assert int(values["Pages"]) >= 4


def test_select_all_copies_every_line_and_back_steps_out(d: Driver, phone: Phone) -> None:
    open_doc(d, "invoice.pdf")
    d.long_press(text="INVOICE INV-77")
    d.tap(desc="More options")
    d.tap(text="Select all")
    d.tap(desc="Copy")
    copied = clip(phone).splitlines()
    assert copied[0] == "INVOICE INV-77" and copied[-1].startswith("Brightline Digital")
    assert any("Late payments incur interest" in line for line in copied)
    d.long_press(text="INVOICE INV-77")
    d.key("BACK")
    assert not d.exists(desc="Copy") and phone.foreground == (PACKAGE, VIEWER)
    d.tap(desc="Search")
    d.key("BACK")  # the keyboard goes first
    d.key("BACK")
    assert not d.exists(id="find_query") and phone.foreground == (PACKAGE, VIEWER)
    d.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)


def test_a_short_last_page_shows_as_the_page_gone_to(phone: Phone) -> None:
    lines = {"paragraphs": [f"Line {i} of the list." for i in range(42)]}  # page 2: 3 lines
    phone.write_file("/sdcard/Download/list.pdf", render_document("text", lines))
    phone.start_activity(PACKAGE, VIEWER, path="/sdcard/Download/list.pdf")
    d = Driver(phone)
    d.tap(id="page_indicator")
    d.type_into("2", id="page_number")
    d.tap(text="Go")
    assert texts(d, "page_indicator") == ["2 / 2"]
    assert "Line 41 of the list." in texts(d, "pdf_text")
    d.scroll("up", id="pdf_view")
    assert texts(d, "page_indicator") == ["1 / 2"]


class _Counted(Sequence):
    """``items``, counting every item read (``reads``)."""

    def __init__(self, items: Sequence) -> None:
        self.items = items
        self.reads = 0

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index):  # type: ignore[override]
        self.reads += 1
        return self.items[index]

    def __iter__(self):  # type: ignore[override]
        for item in self.items:
            self.reads += 1
            yield item


def test_a_long_recent_list_is_looked_up_once_until_it_or_the_files_change(
    phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = [f"/sdcard/Documents/scan_{i:04d}.pdf" for i in range(500)]
    phone.storage.write_files((path, b"%PDF-1.4", 0) for path in paths)
    phone.database(PACKAGE, "docreader").executemany(
        "INSERT INTO recent(path, opened) VALUES (?, ?)",
        [(path, phone.boot_ms - i * 60_000) for i, path in enumerate(paths)],
    )
    d = opened(phone, "Docreader", (PACKAGE, MAIN))
    assert d.exists(desc="Recent", selected="true")
    assert texts(d, "document_name")[:2] == ["scan_0000.pdf", "scan_0001.pdf"]
    looked: list[str] = []
    exists = phone.storage.exists
    monkeypatch.setattr(phone.storage, "exists", lambda path: looked.append(path) or exists(path))
    statements_while_rebuilt(phone, phone.database(PACKAGE, "docreader"))
    assert len(looked) < 30  # of 500 recent documents
    phone.storage.delete(paths[0])  # a file gone leaves the list at once
    assert texts(d, "document_name")[:2] == ["scan_0001.pdf", "scan_0002.pdf"]
    open_doc(d, "scan_0003.pdf")  # (no PDF inside: the error screen)
    d.tap(id="error_close")
    assert texts(d, "document_name")[:3] == ["scan_0003.pdf", "scan_0001.pdf", "scan_0002.pdf"]


def test_search_marks_only_the_rows_shown(
    d: Driver, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    found: list[_Counted] = []
    find = viewer.find
    monkeypatch.setattr(
        viewer, "find", lambda *key: found.append(_Counted(find(*key))) or found[-1]
    )
    open_doc(d, "notes.pdf")
    d.tap(desc="Search")
    d.type_into("lazy dog", id="find_query")
    d.key("ENTER")
    total = int(texts(d, "find_count")[0].split(" / ")[1])
    assert total > 200
    found.clear()
    statements_while_rebuilt(phone, phone.database(PACKAGE, "docreader"))
    assert sum(matches.reads for matches in found) < total  # in three builds
    d.tap(desc="Next match")  # the current match moves: marked at once
    d.tap(desc="Next match")
    assert texts(d, "find_count")[0] == f"3 / {total}"
    lines = [v for w in phone.windows() for v in walk(w) if v.id == "pdf_text"]
    marks = [(line.text, start, end, now) for line in lines for start, end, now in line.marks]
    assert len(marks) >= 3 and sum(now for *_, now in marks) == 1
    assert all(text[start:end].lower() == "lazy dog" for text, start, end, _ in marks)


def test_selecting_reads_only_the_rows_shown_until_all_are_selected(
    d: Driver, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    counted: dict[Layout, Layout] = {}
    lay_out = viewer.lay_out

    def laid_out(document: PdfDocument, display: Display) -> Layout:
        layout = lay_out(document, display)
        if layout not in counted:
            counted[layout] = Layout(_Counted(layout.rows), layout.page_starts, layout.lines)  # type: ignore[arg-type]
        return counted[layout]

    monkeypatch.setattr(viewer, "lay_out", laid_out)
    open_doc(d, "notes.pdf")
    first = texts(d, "pdf_text")[0]
    d.long_press(text=first)
    assert texts(d, "toolbar_title") == ["1 selected"]
    (layout,) = counted.values()
    rows = cast(_Counted, layout.rows)
    rows.reads = 0
    statements_while_rebuilt(phone, phone.database(PACKAGE, "docreader"))
    assert rows.reads < len(rows)  # in three builds: the rows shown, not every row
    d.tap(desc="More options")
    d.tap(text="Select all")
    lines = [row.text for row in rows.items if row.kind == "line"]
    assert texts(d, "toolbar_title") == [f"{len(lines)} selected"]
    d.tap(desc="Copy")
    shown = sorted({row.line for row in rows.items if row.kind == "line"})
    assert clip(phone) == "\n".join(layout.lines[line] for line in shown)  # each line whole
