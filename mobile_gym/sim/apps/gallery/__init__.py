"""Gallery (``com.simplemobiletools.gallery.pro``), modelled on Simple Gallery Pro.

Photos and videos are files under ``/sdcard`` (DCIM/Camera, Pictures/Screenshots, Download,
WhatsApp/Media/WhatsApp Images, Movies; small placeholder files, drawn as coloured tiles).
Database ``gallery`` indexes them in table ``media(id, filename, full_path, parent_path,
last_modified, date_taken, size, type, video_duration, is_favorite, deleted_ts)`` (times in
ms on the phone's clock; ``type`` 1 image, 2 video, 4 GIF; ``deleted_ts`` set while in the
recycle bin, where ``full_path`` is under ``/data/data/com.simplemobiletools.gallery.pro/
files/.trash``) and keeps its options in table ``preferences`` (``filter_media``: a bit mask
of the types shown; ``directory_sorting`` / ``media_sorting``: ``name``, ``size`` or
``date_taken``, then ``:asc`` or ``:desc``). A media file another app or a task puts under
``/sdcard`` is indexed when the gallery next shows its media; a row whose file is gone is
dropped. A new phone has some favourites and a photo or two in the recycle bin.

Activities and resource ids (``com.simplemobiletools.gallery.pro:id/<name>`` unless they
start ``android:``):

``.activities.MainActivity``
    A search bar: ``top_toolbar_search`` (hint "Search folders"; filters the folders by
    name), "Clear query" and "More options" (menu "Sort by", "Filter media", "About").
    ``directories_grid`` (RecyclerView, three folders a row) of ``dir_holder`` tiles with
    ``dir_thumbnail``, ``dir_name`` and ``photo_cnt`` (how many media it shows); the folders
    with media come first (newest first by default), then "Favorites" and "Recycle Bin"
    when they hold anything. ``directories_empty_placeholder`` when nothing shows.
``.activities.MediaActivity`` (argument ``folder``: a folder path, ``favorites`` or
    ``recycle_bin``)
    A search bar with "Navigate up", ``top_toolbar_search`` (hint "Search in Camera";
    filters by file name) and "More options" ("Sort by", "Filter media"; in the recycle bin
    also "Restore all files" and "Empty the Recycle Bin"). ``media_grid`` (four a row) of
    ``media_item_holder`` tiles (description: the file name) with ``medium_thumbnail`` (a
    play button and ``video_duration`` on videos, a ``favorite`` star), ``medium_name``
    and, when selected, ``medium_check``; ``media_empty_text_placeholder``. A tap opens the
    viewer; a long press starts selection mode (see ``mobile_gym.sim.ui.selection``):
    ``cab_close``, ``toolbar_title`` ("2 / 14"), ``cab_restore`` (recycle bin),
    ``cab_select_all``, ``cab_delete`` and "More options" ("Add to favorites", "Remove from
    favorites", "Rename" and "Properties" for one medium); taps toggle media.
``.activities.ViewPagerActivity`` (arguments ``folder`` and ``medium_id``)
    Toolbar with "Navigate up", ``toolbar_title`` (the file name) and "More options"
    ("Rename", "Properties"); ``medium_image`` (description: the file name; on videos
    ``video_toggle_play_pause``, "Play video" / "Pause video"), ``medium_counter`` ("3 /
    14"); bottom actions ``bottom_favorite`` ("Toggle favorite", selected when a
    favourite), ``bottom_properties`` and ``bottom_delete``; in the recycle bin
    ``bottom_restore`` ("Restore") instead of the star. Swiping left / right shows the
    next / previous medium of the folder; after a delete the next one shows.

Dialogs (``android:id/alertTitle``; ``android:id/button1`` is the positive button):
"Move to the Recycle Bin?" (""X" will be moved to the Recycle Bin.", "3 items will be
moved ..."; in the bin "Delete permanently?"; buttons Cancel / Delete), "Rename" (``rename_item_name``, the
name selected when the dialog opens so that typing replaces it, and
``rename_item_extension``), "Properties" (``property_label`` / ``property_value``: Name,
Path, Size, Date taken, Duration), "Sort by" (``sorting_dialog_radio_name`` / ``_size`` /
``_date_taken``, ``sorting_dialog_radio_ascending`` / ``_descending``), "Filter media"
(check boxes ``filter_media_images`` / ``_videos`` / ``_gifs``), "Empty the Recycle Bin?".

Logcat (tag ``Gallery``; paths absolute): ``Opened folder /sdcard/DCIM/Camera`` (or
``Opened folder Favorites`` / ``Recycle Bin``), ``Viewing PATH``, ``Playing PATH``, ``Added
to favorites: PATH``, ``Removed from favorites: PATH``, ``Moved to the Recycle Bin: PATH``,
``Restored: PATH``, ``Deleted permanently: PATH``, ``Renamed PATH to PATH``, ``Emptied the
Recycle Bin: N items``, ``Preference changed: media_sorting=name:asc`` (and the others).
Toasts: "Moved to the Recycle Bin", "Deleted", "The name cannot be empty", "The name
contains invalid characters", "A file with that name already exists", "Select at least one
media type", "A file with the same name is already there".
"""

from mobile_gym.sim.apps.gallery.app import GalleryApp
from mobile_gym.sim.apps.gallery.names import (
    MAIN_ACTIVITY,
    MEDIA_ACTIVITY,
    PACKAGE,
    VIEWER_ACTIVITY,
)

__all__ = ["MAIN_ACTIVITY", "MEDIA_ACTIVITY", "PACKAGE", "VIEWER_ACTIVITY", "GalleryApp"]
