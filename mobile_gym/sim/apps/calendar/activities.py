"""The Calendar's package and activity names, shared by its screens."""

PACKAGE = "com.simplemobiletools.calendar.pro"
MAIN_ACTIVITY = ".activities.MainActivity"
EVENT_ACTIVITY = ".activities.EventActivity"
VERSION = "6.24.1"
