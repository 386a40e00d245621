"""The document reader's package and activities, which other apps open documents with."""

PACKAGE = "org.mobilegym.docreader"
"""MobileWorld's image has a PDF reader its repository names only "Docreader"; this app
plays it under a package of its own."""
VIEWER = ".ViewerActivity"
"""Shows one document: ``start_activity(PACKAGE, VIEWER, path="/sdcard/Download/x.pdf")``."""
MAIN = ".MainActivity"
"""The start screen: recent documents and the PDFs on the phone."""
DATABASE = "docreader"
SCHEMA = """
CREATE TABLE recent (
    path TEXT PRIMARY KEY,
    opened INTEGER NOT NULL
);
"""
"""``recent``: the documents opened, with when (ms on the phone's clock)."""
