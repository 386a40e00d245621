"""Chrome (``com.android.chrome``): a browser over the phone's offline web.

Pages come from ``mobile_gym.sim.web.fetch`` (the sites served inside the process); the
browser renders a subset of HTML (``document``: title, headings, paragraphs, inline bold and
links, lists, tables, images, rules and forms) as lines of a recycled web view
(``layout``, ``webview``), so a long page costs what its lines on screen cost. Tests put
their own pages in place by replacing ``mobile_gym.sim.web.fetch``. Chrome is listed in the
app drawer only (not in the dock). Its tabs live in the main screen's state
(``navigation``): a tab's pages, each with the request and the response it got.

Database ``chrome``: table ``history(id, url, title, visited)`` (one row per page loaded,
the URL the site answered at; ``visited`` in milliseconds on the virtual clock), table
``bookmarks(id, url UNIQUE, title, created)`` and table ``downloads(id, path, url, size,
created)``. Downloads (``downloads``) are written to ``/sdcard/Download/<name>`` (``name
(1).ext`` when the name is taken): a picture ("Download image", the bytes its ``src``
gives), a link ("Download link", a page saved as ``.html``) and any response that is no
page (its ``content_type`` not ``text/html``, such as arXiv's ``/pdf/<id>``), which is saved
instead of shown, the tab staying as it was; a name without the type's extension gets it
(``2006.11239.pdf``). Each shows the toast "Download complete" and, under the page, the
message ``snackbar`` (``snackbar_message`` "Download complete", ``snackbar_button`` "Open":
a PDF opens in the document reader ``org.mobilegym.docreader``, anything else toasts "Can’t
open file"); the message goes when another page shows.

Logcat (tag ``Chrome``): ``Page loaded: url=U status=N title=T``, ``Page failed: url=U
error=ERR_INVALID_URL`` (W) or ``error=<exception>`` (E), ``Navigated back: url=U`` /
``forward``, ``Form submitted: method=GET|POST url=<action> data=<urlencoded fields>``,
``Download complete: path=P url=U size=N``, ``Download failed: url=U`` (W), ``Download
opened: path=P``, ``Bookmark
added: url=U``, ``Bookmark removed: url=U``, ``History cleared``, ``Deleted from
<history|bookmarks|downloads>: id=N``, ``Page shared: url=U target=Gmail|Messages``,
``Tab closed: url=U``. Toasts: "Bookmarked", "Download complete", "Download failed", "No app can send
this mail" (Mail not installed), "Can’t open file".

The address bar: a URL opens as typed, a bare host (``example.com/x``) over ``https://``
(``https://example.com/`` for a host alone), any other text as a search
(``https://www.google.com/search?q=...``). An address that is no http(s) URL, or a site
that fails, shows Chrome's error page ("This site can’t be reached", ``ERR_INVALID_URL``
or ``ERR_FAILED``).

Activities; resource ids (``com.android.chrome:id/<name>``; a page's elements carry their
HTML ``id`` (a form control without one its ``name``) as a bare resource id, as a WebView
reports them):

``com.google.android.apps.chrome.Main`` (argument ``url``: the page it opens first, as a
link from another app does: ``am start -a android.intent.action.VIEW -d URL``)
    ``toolbar`` holding the address bar ``url_bar`` (an EditText, hint "Search or type web
    address"; it shows the page's URL; a tap empties it for typing, ENTER opens what was
    typed, BACK stops editing), ``tab_switcher_button`` (its text the number of tabs,
    desc "Switch or close tabs, N open") and ``menu_button`` (desc "Customize and control
    Google Chrome"; menu "Forward" (when there is one), "Reload", "Add bookmark" /
    "Remove bookmark", "New tab", "History", "Bookmarks", "Downloads", "Share…" (dialog
    "Share": ``share_target`` rows "Gmail" (Mail's compose, subject the title, body the
    URL) and "Messages" (SMS Messenger's new conversation with the URL)), "Find in page";
    on the new tab page only "New tab", "History", "Bookmarks", "Downloads").
    A new tab shows ``ntp_content`` with the logo ``search_provider_logo`` ("Google") and
    the search box ``search_box_text`` (a tap focuses ``url_bar``). A page shows in an
    ``android.webkit.WebView`` (content-desc the page's title) whose nodes are
    ``android.widget.TextView`` texts, links (``android.view.View``; tap follows (a link to
    ``#id`` of the same page scrolls to it, ``mailto:`` opens Mail's compose, ``javascript:``
    does nothing), long press: menu "Open in new tab", "Open", "Download link"), pictures (``android.widget.Image``, text the alt text;
    long press: menu "Download image", "Open image in new tab"), form controls
    (``android.widget.EditText``, ``CheckBox``, ``RadioButton``, ``Spinner`` (a tap opens a
    dialog of ``select_option`` radio buttons), ``Button``; ENTER in a single-line field
    submits its form). BACK goes back in the tab's history (the page as it was shown).
    Find in page replaces the toolbar: ``find_query`` (hint "Find in page"),
    ``find_status`` ("2/5", "0/0"), ``find_prev_button`` ("Previous result"),
    ``find_next_button`` ("Next result"), ``close_find_button`` ("Close find in page");
    matches are highlighted, the current one in orange, and scrolled into view.
    The tab switcher: ``toolbar_title`` "N open tabs", "Navigate up", ``action_new_tab``
    (desc "New tab"); ``tab_list`` of ``tab_view`` rows (``tab_title``, ``tab_url``, close
    button ``action_button`` desc "Close <title> tab"; tap shows the tab).
``org.chromium.chrome.browser.history.HistoryActivity``
    "History", "Navigate up", ``action_clear_browsing_data`` (desc "Clear browsing data":
    dialog "Clear browsing data?", Cancel / "Clear data"); ``history_list`` of
    ``history_item`` rows (``title``, ``description``: URL and time), newest first; tap opens
    the page in the tab in front; long press: "Delete". ``empty_view`` "No history here".
``org.chromium.chrome.browser.app.bookmarks.BookmarkActivity``
    "Bookmarks": ``bookmarks_list`` of ``bookmarks_item`` rows, as History (without clear);
    ``empty_view`` "No bookmarks here".
``org.chromium.chrome.browser.download.DownloadActivity``
    "Downloads": ``downloads_list`` of ``downloads_item`` rows (``title`` the file name,
    ``description`` the time); tap opens the file (as "Open" does); long press: "Delete"
    (the entry); ``empty_view`` "No downloads here".
"""

from mobile_gym.sim.apps.chrome.app import ChromeApp
from mobile_gym.sim.apps.chrome.data import (
    BOOKMARKS,
    DATABASE,
    DOWNLOADS,
    HISTORY,
    MAIN,
    PACKAGE,
)

__all__ = ["BOOKMARKS", "DATABASE", "DOWNLOADS", "HISTORY", "MAIN", "PACKAGE", "ChromeApp"]
