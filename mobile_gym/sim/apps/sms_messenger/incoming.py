"""Text messages arriving on the phone (``sms send`` on the emulator console): SMS Messenger,
the phone's SMS app, keeps each in its inbox and notifies it (``data.receive``), whether or
not it is running, as Android hands an arriving SMS to the default SMS app."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mobile_gym.sim.apps.base import AppContext, ScreenState
from mobile_gym.sim.apps.sms_messenger import data

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone


def deliver(phone: Phone, address: str, body: str) -> bool:
    """An SMS from ``address`` with ``body`` arrives; whether the app kept it (not when the
    number is blocked)."""
    app = phone.apps[data.PACKAGE]
    return data.receive(AppContext(phone, app, ScreenState(app.main_activity)), address, body)
