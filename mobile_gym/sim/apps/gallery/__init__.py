"""Gallery (``com.simplemobiletools.gallery.pro``), modelled on Simple Gallery Pro.

Photos and videos are files under ``/sdcard`` (DCIM/Camera, Pictures/Screenshots, Download,
WhatsApp/Media/WhatsApp Images, Movies; small placeholder files, drawn as coloured tiles).
Database ``gallery`` indexes them in table ``media(id, filename, full_path, parent_path,
last_modified, date_taken, size, type, video_duration, is_favorite, deleted_ts)`` (times in
ms on the phone's clock; ``type`` 1 image, 2 video, 4 GIF, 8 RAW, 16 SVG, 32 portrait;
``deleted_ts`` set while in the
recycle bin, where ``full_path`` is under ``/data/data/com.simplemobiletools.gallery.pro/
files/.trash``: that folder followed by the old path, numbered ``NAME_1.EXT`` and so on when
the bin holds that path already; a restore puts it back at ``parent_path``/``filename``)
and keeps its options in table ``preferences`` (``filter_media``: a bit mask of the types
shown; ``directory_sorting`` / ``media_sorting``: ``name``, ``size`` or
``date_taken``, then ``:asc`` or ``:desc``; ``group_by``: ``none``,
``last_modified_daily`` / ``_monthly``, ``date_taken_daily`` / ``_monthly``, ``file_type``
or ``extension``, then ``:asc`` or ``:desc``; ``view_type_folders`` / ``view_type_files``:
``grid`` or ``list``; the settings ``show_hidden_media``, ``autoplay_videos``,
``remember_last_video_position``, ``loop_videos``, ``date_format``, ``use_24_hour_format``,
``excluded_folders`` (one path a line), ``app_theme``, ``file_loading_priority`` and the
other switches of ``settings_screen``; yes/no values are ``1`` / ``0``). A media file another
app or a task puts under ``/sdcard`` is indexed when the gallery next shows its media (a
video with the length read from its file: a Camera recording's, 0 for a placeholder); a row
whose file is gone is dropped; media in a folder named with a leading dot or holding a
``.nomedia`` file show only with ``show_hidden_media``. A new phone has some favourites and a
photo or two in the recycle bin; clearing the app's data keeps the media files. A copy gets
a new row (same date taken, not a favourite); a move keeps the medium's row (see
``transfer``).

Activities and resource ids (``com.simplemobiletools.gallery.pro:id/<name>`` unless they
start ``android:``):

``.activities.MainActivity``
    A search bar: ``top_toolbar_search`` (hint "Search folders"; filters the folders by
    name), "Clear query", the actions ``sort_by`` ("Sort by") and ``filter_media`` ("Filter
    media") and "More options" (menu "Change view type", "Settings", "About": the About
    pages of ``mobile_gym.sim.apps.about``). ``directories_grid`` (RecyclerView, three
    folders a row, or one a row in the list view) of ``dir_holder`` tiles with
    ``dir_thumbnail``, ``dir_name`` and ``photo_cnt`` (how many media it shows); the folders
    with media come first (newest first by default), then "Favorites" and "Recycle Bin"
    when they hold anything. ``directories_empty_placeholder`` when nothing shows.
``.activities.MediaActivity`` (argument ``folder``: a folder path, ``favorites`` or
    ``recycle_bin``)
    A search bar with "Navigate up", ``top_toolbar_search`` (hint "Search in Camera";
    filters by file name), the actions "Sort by" and "Filter media", and "More options"
    ("Group by", "Change view type"; in the recycle bin also "Restore all files" and "Empty
    the Recycle Bin"). ``media_grid`` (four a row, or one a row in the list view; grouped
    media under a title per group) of
    ``media_item_holder`` tiles (description: the file name) with ``medium_thumbnail`` (a
    play button and ``video_duration`` on videos, a ``favorite`` star), ``medium_name``
    and, when selected, ``medium_check``; ``media_empty_text_placeholder``. A tap opens the
    viewer; a long press starts selection mode (see ``mobile_gym.sim.ui.selection``):
    ``cab_close``, ``toolbar_title`` ("2 / 14"), ``cab_restore`` (recycle bin),
    ``cab_select_all``, ``cab_delete`` and "More options" ("Add to favorites", "Remove from
    favorites", "Copy to", "Move to", "Rename" and "Properties" for one medium); taps toggle
    media.
``.activities.ViewPagerActivity`` (arguments ``folder`` and ``medium_id``; other apps open a
file in it with ``viewer.view_file(ctx, path)``)
    Toolbar with "Navigate up", ``toolbar_title`` (the file name) and "More options"
    ("Rename", "Set as" for a photo, "Copy to", "Move to", "Properties"; a medium moved
    away gives its place to the next one); ``medium_image`` (description: the file
    name; on videos ``video_toggle_play_pause``, "Play video" / "Pause video"),
    ``medium_counter`` ("3 / 14"); bottom actions ``bottom_favorite`` ("Toggle favorite", selected when a
    favourite), ``bottom_edit`` ("Edit", photos only: the editor), ``bottom_properties`` and
    ``bottom_delete``; in the recycle bin
    ``bottom_restore`` ("Restore") instead of the star. Swiping left / right shows the
    next / previous medium of the folder; after a delete the next one shows. With
    ``autoplay_videos`` a video plays as soon as it shows.
``.activities.EditActivity`` (argument ``medium_id``; titled "Editor")
    The photo (``crop_image_view``, desc the file name and the size the result will have)
    and ``crop_size`` ("1688 × 3000"); the aspect ratios ``bottom_aspect_ratio_free``
    ("Free", the whole picture), ``_one_one`` ("1:1"), ``_four_three`` ("4:3"),
    ``_sixteen_nine`` ("16:9") and ``_other`` ("Other": dialog "Aspect ratio" with
    ``aspect_ratio_width`` and ``aspect_ratio_height``), the chosen one ``selected``; the
    crop is the largest centred one of that ratio; ``bottom_rotate`` ("Rotate", a quarter
    turn clockwise, before the crop). "Save" (``action_save``) writes the result as
    ``NAME_1.EXT`` (the first free number) beside the photo and closes the editor. Sizes
    come from ``pictures``: a PNG's or JPEG's header, a placeholder's ``size=WxH``, else a
    screenshot is 1080 x 2400 and any other photo 4000 x 3000.
``.activities.SettingsActivity``
    "Navigate up" and ``settings_scrollview``: "Color customization"
    (``settings_color_customization_holder``: a Theme choice), "General"
    (``settings_change_date_time_format_holder``, ``settings_file_loading_priority_holder``,
    ``settings_manage_excluded_folders_holder``, ``settings_manage_hidden_folders_holder``,
    switches ``settings_show_hidden_items``, ``settings_search_all_files``,
    ``settings_keep_last_modified``, ``settings_show_recycle_bin``), "Thumbnails", "Videos"
    (``settings_autoplay_videos`` "Play videos automatically",
    ``settings_remember_last_video_position``, ``settings_loop_videos``, ...; below the first
    screenful) and "Recycle bin"; each switch sits in a ``settings_<name>_holder``.
``.activities.SetWallpaperActivity`` (argument ``medium_id``; titled "Simple Wallpaper")
    The photo (``crop_image_view``) and "Save", which asks where to set it (see
    ``wallpaper``).

Dialogs (``android:id/alertTitle``; ``android:id/button1`` is the positive button):
"Move to the Recycle Bin?" (""X" will be moved to the Recycle Bin.", "3 items will be
moved ..."; in the bin "Delete permanently?"; buttons Cancel / Delete), "Rename" (``rename_item_name``, the
name selected when the dialog opens so that typing replaces it, and
``rename_item_extension``), "Properties" (``property_label`` / ``property_value``: Name,
Path, Size, Date taken, Duration or Resolution ("4000 x 3000")), "Sort by" (``sorting_dialog_radio_name`` / ``_size`` /
``_date_taken``, ``sorting_dialog_radio_ascending`` / ``_descending``), "Group by"
(``grouping_dialog_radio_<field>``, ``grouping_dialog_radio_ascending`` / ``_descending``),
"Change view type" (``change_view_type_dialog_radio_grid`` / ``_list``), "Filter media"
(check boxes ``filter_media_images`` / ``_videos`` / ``_gifs`` / ``_raws`` / ``_svgs`` /
``_portraits``), "Select a folder" (after "Copy to" / "Move to": ``directories_grid`` of
``directory_holder`` rows with ``dir_name`` and ``dir_path``, every folder holding media; a
tap copies or moves the selected media there; buttons Cancel and "Create new folder"),
"Create new folder" (``folder_path``, the folder it goes in: the parent of the media's
folder, ``/sdcard/DCIM/`` for the camera roll; ``folder_name``; OK makes the folder and puts
the media in it), "Change date and time format" (``change_date_time_dialog_radio_one`` ..
``_five`` and the check box ``change_date_time_dialog_24_hour``), "Empty the Recycle Bin?".

Logcat (tag ``Gallery``; paths absolute): ``Opened folder /sdcard/DCIM/Camera`` (or
``Opened folder Favorites`` / ``Recycle Bin``), ``Viewing PATH``, ``Playing PATH``, ``Added
to favorites: PATH``, ``Removed from favorites: PATH``, ``Moved to the Recycle Bin: PATH``,
``Restored: PATH``, ``Deleted permanently: PATH``, ``Renamed PATH to PATH``, ``Created folder PATH``, ``Copied PATH to PATH``, ``Moved PATH
to PATH``, ``Emptied the
Recycle Bin: N items``, ``Preference changed: media_sorting=name:asc`` (and the others),
``Hid folder PATH``, ``Unhid folder PATH``, ``Saved edited copy: PATH size=WxH``, ``Wallpaper set on the home screen: PATH`` (the
lock screen, the home and lock screens).
Toasts: "Moved to the Recycle Bin", "Deleted", "The name cannot be empty", "The name
contains invalid characters", "The name is too long", "A file with that name already
exists", "Select at least one media type", "A file with the same name is already there" (a medium the target folder
holds by name stays where it is, as does a binned medium whose old path another file
takes), "Files copied successfully", "Files moved successfully",
"A folder with that name already exists", "Wallpaper set successfully", "File saved
successfully", "Enter two whole numbers above zero".
"""

from mobile_gym.sim.apps.gallery.app import GalleryApp
from mobile_gym.sim.apps.gallery.names import (
    MAIN_ACTIVITY,
    MEDIA_ACTIVITY,
    PACKAGE,
    VIEWER_ACTIVITY,
)

__all__ = ["MAIN_ACTIVITY", "MEDIA_ACTIVITY", "PACKAGE", "VIEWER_ACTIVITY", "GalleryApp"]
