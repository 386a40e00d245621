"""A profile's QR code (the profile menu's "QR code"): shown in a dialog whose Save writes
it as ``<username>_<server>.png`` to a folder under ``/sdcard``."""

from __future__ import annotations

import hashlib
import io
import posixpath

import numpy as np
from PIL import Image

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.data import Account
from mobile_gym.sim.ui.view import MATCH, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

SAVED_TO = "/sdcard/Pictures/Mastodon"
MODULES = 25
MODULE_PX = 8


def profile_url(who: Account) -> str:
    return f"https://{data.DOMAIN}/@{who.username}"


def file_name(who: Account) -> str:
    """The name the app saves a profile's code under: ``frank_mastodon.social.png``."""
    return f"{who.username}_{data.DOMAIN}.png"


def qr_picture(text: str) -> bytes:
    """A PNG of black and white modules drawn from ``text`` (the same text, the same
    picture), with the three corner squares of a QR code."""
    bits = np.unpackbits(
        np.frombuffer(hashlib.shake_256(text.encode()).digest(MODULES * MODULES), np.uint8)
    )[: MODULES * MODULES].reshape(MODULES, MODULES)
    for row, col in ((0, 0), (0, MODULES - 7), (MODULES - 7, 0)):
        bits[row : row + 7, col : col + 7] = 1
        bits[row + 1 : row + 6, col + 1 : col + 6] = 0
        bits[row + 2 : row + 5, col + 2 : col + 5] = 1
    gray = np.where(bits == 1, 0, 255).astype(np.uint8)
    big = np.kron(np.pad(gray, 2, constant_values=255), np.ones((MODULE_PX, MODULE_PX), np.uint8))
    buffer = io.BytesIO()
    Image.fromarray(big, mode="L").save(buffer, format="PNG")
    return buffer.getvalue()


def _save(ctx: AppContext, who: Account) -> bool | None:
    folder = posixpath.normpath(ctx.field("qr_folder").strip() or SAVED_TO)
    if not folder.startswith("/sdcard/"):
        ctx.toast("Choose a folder under /sdcard")
        return False
    path = posixpath.join(folder, file_name(who))
    ctx.phone.storage.write(path, qr_picture(profile_url(who)))
    ctx.log(f"QR code saved: path={path}")
    ctx.toast(f"Saved to {folder.removeprefix('/sdcard/')}")
    ctx.clear_field("qr_folder")
    return None


def qr_dialog(ctx: AppContext, who: Account) -> Handler:
    """The handler that opens the dialog "QR code" of ``who``'s profile."""

    def body() -> list[View]:
        return [
            ImageView(
                "apps",
                size=160,
                desc=f"QR code of @{who.username}@{data.DOMAIN}",
                id="qr_code_image",
            ),
            TextView(
                f"@{who.username}@{data.DOMAIN}", id="qr_code_handle", width=MATCH, align="center"
            ),
            ctx.edit("qr_folder", hint=SAVED_TO, id="save_folder"),
        ]

    return ctx.dialog(
        "qr_code",
        "QR code",
        "Save writes the code to the folder below (empty: Pictures/Mastodon).",
        buttons=[("Close", None), ("Save", lambda: _save(ctx, who))],
        body=body,
    )
