"""File Manager (``com.simplemobiletools.filemanager.pro``), modelled on Simple File Manager Pro.

It browses the phone's storage sandbox from ``/sdcard`` ("Internal"); every operation acts
on the real files there, so tasks can judge the files themselves. A new phone holds the
standard folders (Alarms, DCIM, Documents, Download, Movies, Music, ...), seed-dependent
documents and downloads, and a few hidden files (names starting with a dot).

Activities and resource ids (``com.simplemobiletools.filemanager.pro:id/<name>`` unless they
start ``android:``):

``.activities.MainActivity`` (the folder browser; it opens in the home folder)
    At the bottom the tabs ``main_tabs_holder``: "Files" (the browser), "Recents" (the
    newest files anywhere, ``recents_list`` of ``item_frame`` rows with ``item_name`` and the
    folder in ``item_details``) and "Storage" (``used_space``, ``free_space_value``,
    ``total_space`` "Total storage: 64 GB", and a ``<kind>_holder`` row with ``<kind>_size``
    for images, videos, audio, documents, archives and others); BACK returns to Files.
    ``toolbar`` with ``toolbar_title`` "File Manager", ``action_search`` ("Search": the
    ``search_query`` field, hint "Search files", finds names anywhere below the folder;
    "Close search", "Clear query"), ``action_sort_by`` ("Sort by") and "More options" (menu
    "Temporarily show hidden" / "Stop showing hidden", "Set as home folder", "Go to home
    folder", "About": the About pages of ``mobile_gym.sim.apps.about``). ``breadcrumbs`` holds a
    ``breadcrumb_item`` per folder from "Internal" down (tap one to go there; the first
    crumbs give way to an ellipsis on a deep path). ``items_list`` (RecyclerView) of
    ``item_frame`` rows (folders first) with ``item_icon``, ``item_name``, ``item_details``
    ("3 items", "1.2 MB", or the folder a search result is in) and ``item_date``;
    ``items_placeholder`` "No items found"; ``items_fab`` ("Create new"). Tapping a folder
    opens it, a text file (txt, md, csv, json, log, xml, html) opens the reader, another
    file toasts "No app found to open this file". BACK goes up a folder.
    A long press selects a row (``item_frame`` selected, its icon a check) and shows the
    contextual bar: ``cab_close`` ("Close selection"), ``toolbar_title`` ("1 / 12"),
    ``cab_properties``, ``cab_rename`` (one item), ``cab_select_all``, ``cab_delete`` and
    "More options" ("Copy to", "Move to", "Hide" / "Unhide": a dot put before the names or
    taken away); taps then toggle rows.
``.activities.ReadTextActivity`` (arg ``path``)
    "Navigate up", ``toolbar_title`` (the file name), ``read_text_view`` (the text) in
    ``read_text_holder``, and ``action_edit`` ("Edit"): the edit mode, where
    ``read_text_view`` becomes a multi-line EditText holding the file's text (focused, the
    keyboard up) and ``action_save`` ("Save") writes it to the file (toast "File saved
    successfully"; the editor stays open). BACK or "Navigate up" with unsaved changes asks
    first (dialog "Unsaved changes", "You have unsaved changes. Save them before
    closing?": ``button2`` Discard closes and keeps the file as it was, ``button1`` Save
    writes it and closes); with none they close the reader.

Dialogs (``android:id/alertTitle``, ``android:id/button1`` = OK / Delete, ``button2`` =
Cancel): "Create new" (``dialog_item_name``, radio buttons ``dialog_radio_directory`` "Folder" and
``dialog_radio_file`` "File"); "Rename" (``rename_item_name``, whose prefilled name is
selected so that typing replaces it, and ``rename_item_extension`` for files); "Confirm deletion"
("Are you sure you want to delete ...?", Cancel / Delete); "Properties" (``property_label`` /
``property_value`` rows: Name, Path, Size, Contents, Last modified, Hidden); "Sort by"
(``sorting_dialog_radio_name`` / ``_size`` / ``_last_modified`` / ``_extension``,
``sorting_dialog_radio_ascending`` / ``_descending``); "Copy to" / "Move to" (a folder
picker: ``filepicker_breadcrumbs`` with ``filepicker_breadcrumb`` items, ``filepicker_list``
of ``filepicker_item`` rows named by ``list_item_name``; OK puts the items in the folder
shown).

Stored options (table ``preferences`` of database ``config``): ``sort`` (``name``, ``size``,
``modified`` or ``extension``), ``sort_descending`` (``0`` / ``1``), ``home_folder`` (an
absolute path, ``/sdcard`` by default) and ``temporarily_show_hidden`` (``0`` / ``1``:
hidden files show while it is on). Clearing the app's data keeps the files.

Logcat (tag ``FileManager``; paths are absolute): ``Opened folder P``, ``Opened file P``,
``Created folder P``, ``Created file P``, ``Saved file P`` (the reader's Save),
``Renamed P to Q``, ``Copied P to Q``, ``Moved P to Q``, ``Deleted P``, ``Sorted by size,
descending`` (name, size, last modified, extension; ascending, descending),
``Preference changed: key=value``,
``Showing hidden files``, ``Hiding hidden files``, ``Hid P as Q``, ``Unhid P as Q``.
Toasts: "Item renamed", "Item deleted" / "Items deleted", "Copied N item(s)", "Moved N
item(s)", "The name cannot be empty", "The name contains invalid characters", "The name is
too long", "A file or folder with that name already exists", "Source and destination are
the same folder", "A folder cannot go inside itself", "X already exists there", "Home folder
updated", "File saved successfully".
"""

from mobile_gym.sim.apps.file_manager.app import MAIN, PACKAGE, READER, FileManagerApp

__all__ = ["MAIN", "PACKAGE", "READER", "FileManagerApp"]
