"""The Gallery's "Simple Wallpaper" screen (``SetWallpaperActivity``, argument
``medium_id``): the image framed as a wallpaper, and where to set it.

"Save" asks where the wallpaper goes (``set_wallpaper_home``, ``set_wallpaper_lock``,
``set_wallpaper_both``: "Home screen", "Lock screen", "Home and lock screen"); choosing sets
it, logs ``Wallpaper set on the home screen: PATH`` (lock screen, home and lock screens),
toasts "Wallpaper set successfully" and closes the screen.
"""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.gallery.media import medium
from mobile_gym.sim.ui.choices import radio_dialog
from mobile_gym.sim.ui.composites import toolbar
from mobile_gym.sim.ui.grid import thumbnail
from mobile_gym.sim.ui.view import MATCH, Column, View

TITLE = "Simple Wallpaper"
TARGETS = (
    ("home", "Home screen"),
    ("lock", "Lock screen"),
    ("both", "Home and lock screen"),
)
_PLACES = {
    "home": "the home screen",
    "lock": "the lock screen",
    "both": "the home and lock screens",
}


def build(ctx: AppContext) -> View:
    item = medium(ctx, ctx.args["medium_id"])
    if item is None or item.deleted_ts:
        ctx.finish()
        return View()

    def set_on(target: str) -> None:
        ctx.log(f"Wallpaper set on {_PLACES[target]}: {item.full_path}")
        ctx.toast("Wallpaper set successfully")
        ctx.finish()

    choose = radio_dialog(ctx, "set_wallpaper", "Set wallpaper on", TARGETS, "", set_on)
    image = thumbnail(item.full_path, id="crop_image_view", desc=item.filename, height=0)
    image.weight = 1
    return Column(
        toolbar(TITLE, on_up=ctx.finish, actions=[("check", "Save", choose)]),
        image,
        height=MATCH,
    )
