"""The "About" dialog every Simple app opens from its overflow menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mobile_gym.sim.ui.composites import Handler

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext


def about_dialog(ctx: AppContext, name: str, version: str, blurb: str) -> Handler:
    """The dialog "About" saying ``name version. blurb`` (OK closes it); returns its opener."""
    return ctx.dialog("about", "About", f"{name} {version}. {blurb}", buttons=[("OK", None)])
