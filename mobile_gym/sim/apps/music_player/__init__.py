"""Music Player (``com.simplemobiletools.musicplayer``), modelled on Simple Music Player.

The library lives in database ``songs`` (see ``library.py``: tracks, playlists, the queue,
the player's state and the app's ``preferences``); each seeded song also has its MP3 file in
the phone's storage (``/sdcard/Music`` and folders in it), and "Rescan media" brings the
library in line with the MP3 files in storage (a cleared library stays empty until then).
Preferences (``dialogs.PREFERENCES``): ``<kind>_sort`` and ``<kind>_order`` (``asc`` /
``desc``) for each tab (kinds ``playlist``, ``folder``, ``artist``, ``album``, ``track``),
``last_used_tab`` (0-4, the tab shown on start), ``equalizer_preset`` (default ``Normal``),
``gapless_playback`` and ``swap_prev_next`` (``1`` / ``0``). The player runs on the
phone's virtual clock: a playing track ends after its duration and the next one of the queue
starts (shuffle and repeat apply), while the phone idles.

Activities and resource ids (``com.simplemobiletools.musicplayer:id/<name>`` unless they
start ``android:``):

``.activities.MainActivity`` (the library)
    ``toolbar`` with ``toolbar_title`` "Music Player", ``action_search`` ("Search": the
    ``top_toolbar_search`` field, hint "Search music", filters the tab's list; "Close
    search", "Clear query"), ``action_sort_by`` ("Sort by": the tab's sorting dialog) and
    "More options" (menu "Create new playlist" on the Playlists tab only, "Rescan media",
    "Equalizer", "Settings", "About").
    ``main_tabs_holder``: tabs named "Playlists", "Folders", "Artists", "Albums", "Tracks"
    (``content-desc``; the selected one is ``selected``). Playlists: ``playlists_list`` of
    ``playlist_frame`` rows (``playlist_title``, ``playlist_tracks`` "5 tracks"); a long
    press selects playlists (contextual bar: ``cab_rename``, ``cab_select_all``,
    ``cab_delete``). Folders / Artists / Albums: ``folders_list`` / ``artists_list`` /
    ``albums_list`` of ``folder_frame`` (``folder_title``, ``folder_tracks``),
    ``artist_frame`` (``artist_title``, ``artist_albums_tracks``) and ``album_frame``
    (``album_title``, ``album_artist``) rows; a tap opens the page of the group.
    Tracks: ``tracks_list`` of ``track_frame`` rows (``track_title``, ``track_info`` = the
    artist, ``track_duration`` "3:07"); a tap plays the list from that track and opens the
    player; a long press selects tracks (contextual bar: ``cab_add_to_playlist``,
    ``cab_properties`` for one track, ``cab_select_all``). ``*_placeholder`` shows when a
    list is empty. ``current_track_bar`` (while a track is loaded; a tap opens the player):
    ``current_track_label`` ("Title \u00b7 Artist") and ``current_track_play_pause``
    ("Play" / "Pause").
``.activities.TracksActivity`` (args ``kind``: playlist, folder, artist or album; ``key``;
``title``)
    "Navigate up", ``toolbar_title``, for a playlist "More options" ("Rename playlist",
    "Delete playlist"); ``tracks_list`` as on the Tracks tab (in a playlist the contextual
    bar adds ``cab_remove_from_playlist``); ``current_track_bar``.
``.activities.SettingsActivity``
    "Navigate up", ``settings_scrollview`` with the switches ``settings_gapless_playback``
    "Gapless playback" and ``settings_swap_prev_next`` "Swap Previous/Next buttons".
``.activities.EqualizerActivity``
    "Navigate up", ``equalizer_preset`` (the preset in use) and ``equalizer_presets_list``
    of ``equalizer_preset_item`` radio buttons (Normal, Classical, Dance, Flat, Folk, Heavy
    Metal, Hip Hop, Jazz, Pop, Rock): a tap picks the preset.
The About pages of ``mobile_gym.sim.apps.about``.
``.activities.TrackActivity`` (the player; other apps play a song file in it with
``app.play_file(ctx, path)``)
    "Navigate up", ``activity_track_image``, ``activity_track_progress_current``,
    ``activity_track_progressbar`` (SeekBar in seconds: a tap or drag seeks),
    ``activity_track_progress_max``, ``activity_track_title``, ``activity_track_artist``,
    ``activity_track_toggle_shuffle`` ("Enable shuffle" / "Disable shuffle"),
    ``activity_track_previous`` ("Previous"), ``activity_track_play_pause`` ("Play" /
    "Pause"), ``activity_track_next`` ("Next"), ``activity_track_repeat`` ("Repeat off" /
    "Repeat all" / "Repeat one"; a tap moves to the next mode), ``next_track_label``
    ("Next: Title"). Closes itself when no track is loaded.

Dialogs: "New playlist" / "Rename playlist" (``new_playlist_title``, a prefilled title
starts selected; OK is ``android:id/button1``), "Delete playlist" (Cancel / Delete), "Add to
playlist" (radio buttons ``select_playlist_item`` named by the playlists: a tap adds the
selected tracks; buttons Cancel and "New playlist"), "Sort by" (radio buttons
``sort_<option>``: playlists and folders ``title``, ``track_count``; artists ``title``,
``album_count``, ``track_count``; albums ``title``, ``artist``, ``year``; tracks ``title``,
``artist``, ``album``, ``duration``; then ``sort_ascending`` / ``sort_descending``; Cancel /
OK), "Properties" (``property_label`` / ``property_value``).

Logcat (tag ``MusicPlayer``): ``Playing: T by A``, ``Paused: T``, ``Resumed: T``,
``Next track: T``, ``Previous track: T``, ``Shuffle on`` / ``Shuffle off``,
``Repeat: off|all|one``, ``Seek to 1:23 in T``, ``Opened playlist|folder|artist|album N``,
``Playlist created: P``, ``Playlist renamed: P to Q``, ``Playlist deleted: P``,
``Added T to P``, ``Removed T from P``, ``Playlists|Folders|Artists|Albums|Tracks sorted by
S`` (on OK; and ``Preference changed: key=value`` for each stored option), ``Media
rescanned: N added, M removed``, ``Equalizer preset: P``.
Toasts: "Media rescanned", "Playlist created", "Added to P", "Already in P", "The title cannot be empty", "A
playlist with that title already exists".
"""

from mobile_gym.sim.apps.music_player.app import MAIN, PACKAGE, TRACKS, MusicPlayerApp
from mobile_gym.sim.apps.music_player.track_list import PLAYER

__all__ = ["MAIN", "PACKAGE", "PLAYER", "TRACKS", "MusicPlayerApp"]
