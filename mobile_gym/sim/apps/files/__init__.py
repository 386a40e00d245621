"""Files (``com.google.android.documentsui``), modelled on Android's document browser.

It shows the phone's storage sandbox (the same files Simple File Manager shows; a change in
one shows in the other) by roots: Recent (the 40 newest files), the categories Images,
Videos, Audio and Documents (every file of that kind under ``/sdcard``), and the folders
Downloads (``/sdcard/Download``) and Internal storage (``/sdcard``), browsed folder by
folder. A zip file opens as a folder whose files can be previewed and extracted. Names
starting with a dot are never listed. Clearing the app's data keeps the files.

Activities and resource ids (``com.google.android.documentsui:id/<name>`` unless they start
``android:``):

``com.android.documentsui.files.FilesActivity`` (the browser; it opens on Downloads)
    ``drawer_toggle`` ("Show roots") opens the drawer ``roots_list`` of ``roots_item`` rows
    (``android:id/title``: "Recent", "Images", "Videos", "Audio", "Documents", "Downloads",
    "Internal storage"); ``toolbar_title`` (the root), ``option_menu_search`` ("Search": the
    field ``search_src_text``, hint "Search files", matches names below the folder shown or
    in the category; "Close search", "Clear query"), ``option_menu_grid`` ("Grid view") /
    ``option_menu_list`` ("List view") and "More options" ("Sort by", "New folder" in a
    folder, "Select all"). In a folder root ``breadcrumb`` holds a ``breadcrumb_item`` per
    folder from the root down (tap one to go there). ``dir_list`` (RecyclerView) of
    ``item_root`` rows: ``icon_mime`` (or ``icon_thumb`` for a picture in the grid),
    ``android:id/title`` (the name), ``details`` ("1.2 KB · Oct 16", "3 items · Oct 16")
    and in the list ``file_type`` ("Folder", "PDF document", "Image", "Text", "Zip
    archive"...); ``message`` "No items" when empty. Folders come first, then files, in the
    order chosen; Recent lists the newest first. A tap opens a folder or zip, or a file with
    its app: PDF in the document reader (``org.mobilegym.docreader``), pictures and videos in
    Simple Gallery's viewer, mp3 songs in Music Player, text files in the text preview;
    otherwise the toast "No app can open this file". BACK closes the drawer, the selection
    or the search, then goes up a folder.
    A long press selects a row (``item_root`` selected, its icon a check); taps then toggle
    rows. The contextual bar: ``cab_close`` ("Close selection"), ``toolbar_title`` ("2
    selected"), ``cab_share`` ("Share": a sheet of ``app_item`` rows named by ``app_label``,
    "Gmail" (a new mail with the files attached, the To field focused) and "SMS Messenger"
    (a new message holding a text file's text, or the file names)), ``cab_delete``
    ("Delete"), ``cab_select_all`` and "More options": "Open with" (one file: the apps that
    open it), "Copy to…", "Move to…", "Compress" (``<name>.zip`` for one item,
    ``Archive.zip`` for more, numbered `` (1)`` when taken) and "Rename" (one item). Inside a
    zip: "Select all" and "Extract to…".
``com.android.documentsui.picker.PickActivity`` (args ``mode``: ``copy``, ``move`` or
``extract``; ``paths``)
    ``toolbar`` "Copy to" / "Move to" / "Extract to" with "Navigate up" and "More options"
    ("New folder"), ``breadcrumb`` from "Internal storage", ``dir_list`` of folder rows
    (``item_root``, ``android:id/title``), ``message`` "No items"; ``android:id/button2``
    "Cancel" and ``android:id/button1`` "Copy" / "Move" / "Extract" (puts the documents in
    the folder shown; a name already there gets `` (1)``, `` (2)``...). BACK goes up a folder.
``com.android.documentsui.files.TextPreviewActivity`` (arg ``path``, maybe inside a zip)
    "Navigate up", the file name, ``line_count`` ("29 lines") and ``text_content``.

Dialogs (``android:id/alertTitle``, ``android:id/button1`` = OK, ``button2`` = Cancel):
"Rename" (``android:id/text1``, the whole name selected so typing replaces it), "Delete
“name”?" / "Delete 3 items?", "New folder" (``android:id/text1``), "Sort by" (radio buttons
``sort_dimension``: "Name (A to Z)", "Name (Z to A)", "Modified (oldest first)", "Modified
(newest first)", "Size (smallest first)", "Size (largest first)", "File type (A to Z)",
"File type (Z to A)"; a tap applies it), "Share", "Open with".

Stored options (table ``preferences`` of database ``config``): ``sort`` (``name``,
``modified``, ``size``, ``extension``), ``sort_descending`` (``0`` / ``1``), ``view_mode``
(``list`` / ``grid``).

Logcat (tag ``Files``; paths are absolute, a zip member's is ``archive.zip#/inner/path``):
``Opened root Downloads``, ``Opened folder P``, ``Opened file P``, ``Renamed P to Q``,
``Deleted P``, ``Created folder P``, ``Copied P to Q``, ``Moved P to Q``, ``Extracted P to
Q``, ``Compressed P1, P2 into Z``, ``Shared P1, P2 with PACKAGE``, ``Sorted by date
modified, descending`` (name, date modified, size, type), ``View mode grid`` / ``list``,
``Preference changed: key=value``.
Toasts: "Deleted N item(s)", "Copied / Moved / Extracted N item(s)", "Compressed into
Z.zip", "The name cannot be empty", "The name contains invalid characters", "The name is
too long", "A file with that name already exists" (the dialog stays open for a correction),
"A folder can't be copied into itself" / "moved into itself" (nothing is done), "No items
selected", "Folders can't be shared", "No app can open this file".
"""

from mobile_gym.sim.apps.files.app import FilesApp
from mobile_gym.sim.apps.files.names import FILES, PACKAGE, PICKER, PREVIEW

__all__ = ["FILES", "PACKAGE", "PICKER", "PREVIEW", "FilesApp"]
