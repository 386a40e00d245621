"""The Gallery's package and activity names, and the keys of its two virtual folders."""

PACKAGE = "com.simplemobiletools.gallery.pro"
MAIN_ACTIVITY = ".activities.MainActivity"
MEDIA_ACTIVITY = ".activities.MediaActivity"
VIEWER_ACTIVITY = ".activities.ViewPagerActivity"
SETTINGS_ACTIVITY = ".activities.SettingsActivity"
WALLPAPER_ACTIVITY = ".activities.SetWallpaperActivity"
EDIT_ACTIVITY = ".activities.EditActivity"
VERSION = "6.28.1"
FAVORITES = "favorites"
RECYCLE_BIN = "recycle_bin"
SPECIAL_FOLDERS = {FAVORITES: "Favorites", RECYCLE_BIN: "Recycle Bin"}
