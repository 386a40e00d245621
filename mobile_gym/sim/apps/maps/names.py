"""Maps' package, activities, database schema and the words its screens share."""

from __future__ import annotations

PACKAGE = "com.google.android.apps.maps"
MAIN = "com.google.android.maps.MapsActivity"
PLACE = ".PlaceActivity"
DIRECTIONS = ".DirectionsActivity"
SAVED = ".SavedActivity"
SAVED_LIST = ".SavedListActivity"

DATABASE = "maps"
SCHEMA = """
CREATE TABLE preferences (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE lists (name TEXT PRIMARY KEY, created INTEGER NOT NULL);
CREATE INDEX lists_by_created ON lists (created, name);
CREATE TABLE saved (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    list TEXT NOT NULL,
    place TEXT NOT NULL,
    saved_at INTEGER NOT NULL,
    UNIQUE (list, place)
);
CREATE TABLE history (id INTEGER PRIMARY KEY AUTOINCREMENT, query TEXT NOT NULL, at INTEGER NOT NULL);
"""
DEFAULT_LISTS = ("Favorites", "Want to go", "Starred places")
DEFAULT_LOCATION = "MIT Stata Center"
"""Where "Your location" is unless the preference ``my_location`` names another place."""
YOUR_LOCATION = "Your location"
MODES = (  # mode, tab label, icon
    ("driving", "Driving", "car"),
    ("transit", "Transit", "bus"),
    ("walking", "Walking", "walk"),
    ("bicycling", "Cycling", "bike"),
)
NO_RESULTS = "No results found"
EMPTY_QUERY = "Type a place to search"
