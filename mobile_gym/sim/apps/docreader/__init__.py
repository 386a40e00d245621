"""Docreader (``org.mobilegym.docreader``), a PDF reader, the one MobileWorld's tasks open
invoices and papers with.

It reads real PDF files from the phone's storage with pypdf: each page's text lines (as
the PDF's text extraction gives them, wrapped to the screen) and its pictures (drawn from
the image data, between the lines printed above and below them, at their width on the
page) are shown as rows of one recycled list, so the view hierarchy holds the
text as a PDF viewer's accessibility nodes do, and only the rows on screen are made. A
file that is missing, not a PDF, damaged, encrypted or empty shows an error screen.
Generated documents for tasks come from ``mobile_gym.sim.documents`` (a task's
``setup.documents``).

Database ``docreader``: table ``recent(path, opened)`` (``opened`` in ms on the phone's
clock), one row per document opened. Nothing is seeded.

Other apps open a document with ``phone.start_activity(PACKAGE, VIEWER, path=PATH)``.

Logcat (tag ``Docreader``): ``Document opened: path=P pages=N``, ``Document error: path=P
reason=TEXT`` (W), ``Search: query=Q matches=N`` (the query lower-cased, on ENTER),
``Go to page: N``, ``Text copied: chars=N``, ``Removed from recent: path=P``. Toasts:
"Copied to clipboard", "No matches found", "Enter a page number from 1 to N". Copying puts
the text on the phone's clipboard (``mobile_gym.sim.system.clipboard``).

Activities and resource ids (``org.mobilegym.docreader:id/<name>``):

``.MainActivity``
    ``toolbar`` "Docreader"; ``tabs`` "Recent" (desc, the default once a document was
    opened) and "All PDFs" (every ``*.pdf`` under ``/sdcard``, by name).
    ``documents_list`` (recycled) of ``document_item`` rows with ``document_name`` and
    ``document_details`` ("Download · 5.5 KB", plus when it was opened on "Recent"); a tap
    opens the viewer, a long press on a recent row opens the menu "Remove from recent".
    ``empty_placeholder`` ("No recent documents" / "No PDF files on this phone").
``.ViewerActivity`` (arg ``path``)
    Toolbar with the file name, "Navigate up", ``action_search`` (desc "Search") and "More
    options" (menu "Go to page": dialog with ``page_number``, Cancel / Go; "Document
    properties": dialog of ``property_label`` / ``property_value`` rows File name,
    Location, Size, Pages, Title). ``pdf_view`` (recycled list) of rows: ``page_label``
    ("Page 3") before each page, ``pdf_text`` (one wrapped line of text each) and
    ``pdf_image`` (an ``ImageView``, desc "Image on page N"). ``page_indicator`` ("3 / 7",
    the page of the top row, or the page gone to until the list scrolls; a tap opens "Go
    to page"). Search mode: "Close search",
    ``find_query`` (hint "Find in document"; ENTER goes to the first match), ``find_count``
    ("2 / 5"), ``find_previous`` / ``find_next`` (desc "Previous match" / "Next match");
    matches are marked in the lines, the current one in orange, and the list scrolls to
    it. A long press on a line starts selection: taps toggle lines, the bar shows "N
    selected", ``cab_close``, ``cab_copy`` (desc "Copy") and "More options" ("Select
    all"); BACK ends selection, then search, then closes the document. Error screen:
    ``error_title`` "Can't open file", ``error_message`` and ``error_close`` ("Close").
"""

from mobile_gym.sim.apps.docreader.app import DocreaderApp
from mobile_gym.sim.apps.docreader.names import DATABASE, MAIN, PACKAGE, VIEWER

__all__ = ["DATABASE", "MAIN", "PACKAGE", "VIEWER", "DocreaderApp"]
