"""The phone's primary clip (Android's ``ClipboardManager``): the text last copied.

The clip is kept in the phone's storage, at a system path no app lists, so that phone
snapshots and resets hold it as they hold every other state. Copying replaces it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone

CLIP_PATH = "/data/system/clipboard/primary.txt"
"""Where the primary clip's text is kept (UTF-8)."""


def set_clip(phone: Phone, text: str) -> None:
    """Put ``text`` on the clipboard (what a "Copy" action does)."""
    phone.storage.write(CLIP_PATH, text.encode("utf-8"))


def clip(phone: Phone) -> str:
    """The text on the clipboard ("" when nothing was copied)."""
    if not phone.storage.exists(CLIP_PATH):
        return ""
    return phone.storage.read(CLIP_PATH).decode("utf-8", errors="replace")
