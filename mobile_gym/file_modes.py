"""The mode of the files mobile-gym writes whole and renames into place (run records, the
wikiHow corpus cache): what a plain ``open`` gives a new file under the process's
file-creation mask, not the owner-only mode of the temporary file they are written to."""

from __future__ import annotations

import os


def _process_umask() -> int:
    mask = os.umask(0o022)  # reading the mask means setting it: it is put back at once
    os.umask(mask)
    return mask


FILE_MODE = 0o666 & ~_process_umask()
"""The mode new files are given (the process's mask read once, at import)."""
