"""The PIN pad that opens a note locked with a PIN, as the real app's security dialog shows
it: the digits typed so far (hidden), keys ``pin_0`` ... ``pin_9``, ``pin_c`` (clear) and
``pin_ok``."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.ui.view import MATCH, Row, View
from mobile_gym.sim.ui.widgets import Button, TextView

WRONG_PIN = "Wrong PIN"
_KEYS = (("1", "2", "3"), ("4", "5", "6"), ("7", "8", "9"), ("c", "0", "ok"))
_LABELS = {"c": "C", "ok": "OK"}
_DIALOG = "pin"
_ENTERED = "pin_entered"


def pin_dialog(ctx: AppContext, pin: str, on_unlock: Callable[[], None]) -> Callable[[str], None]:
    """The "Enter PIN" dialog; OK with ``pin`` typed closes it and runs ``on_unlock``, a
    wrong PIN is toasted and cleared. Returns the handler that opens it (its argument, the
    text a password dialog would start with, is ignored)."""
    entered: str = ctx.get(_ENTERED, "")

    def press(key: str) -> Handler:
        def run() -> None:
            if key == "c":
                ctx.set(_ENTERED, "")
            elif key == "ok":
                ctx.set(_ENTERED, "")
                if entered != pin:
                    ctx.toast(WRONG_PIN)
                    return
                ctx.pop("dialog:" + _DIALOG)
                on_unlock()
            else:
                ctx.set(_ENTERED, entered + key)

        return run

    def pad() -> list[View]:
        views: list[View] = [
            TextView(
                "•" * len(entered),
                id="pin_lock_current_pin",
                size=24,
                align="center",
                width=MATCH,
                margin=(0, 8, 0, 8),
            )
        ]
        for row in _KEYS:
            keys = [
                Button(
                    _LABELS.get(key, key),
                    on_click=press(key),
                    id=f"pin_{key}",
                    gravity="center",
                    width=0,
                    weight=1,
                )
                for key in row
            ]
            views.append(Row(*keys, width=MATCH))
        return views

    def cancel() -> None:
        ctx.set(_ENTERED, "")

    opener = ctx.dialog(_DIALOG, "Enter PIN", buttons=[("Cancel", cancel)], body=pad)

    def open_pad(_prefill: str = "") -> None:
        ctx.set(_ENTERED, "")
        opener()

    return open_pad
