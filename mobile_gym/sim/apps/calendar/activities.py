"""The Calendar's package and activity names, shared by its screens."""

PACKAGE = "com.simplemobiletools.calendar.pro"
MAIN_ACTIVITY = ".activities.MainActivity"
EVENT_ACTIVITY = ".activities.EventActivity"
TASK_ACTIVITY = ".activities.TaskActivity"
SETTINGS_ACTIVITY = ".activities.SettingsActivity"
VERSION = "6.24.1"
