"""The Gallery app class: its activities, database, seeded media and gestures."""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.caches import FIFOCache
from mobile_gym.sim.apps import about
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.gallery import (
    editor,
    folders_screen,
    media_screen,
    settings_screen,
    viewer,
    wallpaper,
)
from mobile_gym.sim.apps.gallery.library import folder_name
from mobile_gym.sim.apps.gallery.media import (
    SCHEMA,
    SEEDED_FILES,
    IndexSync,
    Medium,
    medium,
    scan,
    seed_media,
)
from mobile_gym.sim.apps.gallery.names import (
    EDIT_ACTIVITY,
    MAIN_ACTIVITY,
    MEDIA_ACTIVITY,
    PACKAGE,
    SETTINGS_ACTIVITY,
    VERSION,
    VIEWER_ACTIVITY,
    WALLPAPER_ACTIVITY,
)
from mobile_gym.sim.apps.preferences import SCHEMA as PREFERENCES_SCHEMA
from mobile_gym.sim.ui.search_bar import SearchBar
from mobile_gym.sim.ui.selection import Selection
from mobile_gym.sim.ui.view import View

INDEX_READS = 4
"""How many of the index's last reads are kept (``GalleryApp.index_reads``)."""
ARRANGEMENTS = 8
"""How many arrangements of the media are kept (``GalleryApp.arrangements``)."""


class GalleryApp(about.AboutPages, App):
    """Simple Gallery Pro: folders of photos and videos, a grid per folder and a viewer."""

    package = PACKAGE
    label = "Gallery"
    icon = "image"
    color = (0, 150, 136)
    dock = True
    seeds_files = SEEDED_FILES
    main_activity = MAIN_ACTIVITY
    screens: ClassVar[dict[str, str]] = {
        MAIN_ACTIVITY: "folders",
        MEDIA_ACTIVITY: "media",
        VIEWER_ACTIVITY: "viewer",
        SETTINGS_ACTIVITY: "settings",
        WALLPAPER_ACTIVITY: "wallpaper",
        EDIT_ACTIVITY: "editor",
        **about.SCREENS,
    }
    schemas: ClassVar[dict[str, str]] = {"gallery": SCHEMA + PREFERENCES_SCHEMA}
    about_name = "Simple Gallery Pro"
    version = VERSION

    def __init__(self) -> None:
        super().__init__()
        self.index_sync = IndexSync()
        """When the media index was last brought up to date with the files (``media.scan``)."""
        self.index_reads: FIFOCache[tuple, tuple[Medium, ...]] = FIFOCache(INDEX_READS)
        """The index's rows last read, by query and the index's sync state (``media.all_media``,
        ``media.media_in``): read again once the index or the files change."""
        self.arrangements: FIFOCache[tuple, object] = FIFOCache(ARRANGEMENTS)
        """The media as the screens last arranged them (the folders listed, a folder sorted
        and grouped, its media in order and their places, the folders holding media:
        ``Library.folders``, ``Library.groups``, ``Library.ordered``, ``Library.place``,
        ``Library.media_folders``, ``Library.hidden_folders``), by what and the index's
        sync state (which moves with the preferences too, kept in the same database):
        arranged again once the files or the database change."""

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        seed_media(ctx, rng)

    def build(self, ctx: AppContext) -> View:
        scan(ctx)  # first, before any screen reads the index (``media.scan``)
        return super().build(ctx)

    def settings(self, ctx: AppContext) -> View:
        return settings_screen.build(ctx)

    def wallpaper(self, ctx: AppContext) -> View:
        return wallpaper.build(ctx)

    def editor(self, ctx: AppContext) -> View:
        return editor.build(ctx)

    def folders(self, ctx: AppContext) -> View:
        return folders_screen.build(ctx)

    def media(self, ctx: AppContext) -> View:
        return media_screen.build(ctx)

    def viewer(self, ctx: AppContext) -> View:
        return viewer.build(ctx)

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == MEDIA_ACTIVITY:
            return folder_name(ctx.args["folder"])
        if ctx.screen.activity == VIEWER_ACTIVITY:
            item = medium(ctx, ctx.get("current", ctx.args["medium_id"]))
            return item.filename if item is not None else self.label
        if ctx.screen.activity == SETTINGS_ACTIVITY:
            return "Settings"
        if ctx.screen.activity == WALLPAPER_ACTIVITY:
            return wallpaper.TITLE
        if ctx.screen.activity == EDIT_ACTIVITY:
            return "Editor"
        return self.label

    def back(self, ctx: AppContext) -> bool:
        """BACK leaves selection mode, then clears a search, before closing the screen."""
        if ctx.screen.activity != MAIN_ACTIVITY and ctx.screen.activity != MEDIA_ACTIVITY:
            return False
        return Selection(ctx).close_on_back() or SearchBar(ctx, "").close_on_back()

    def swipe(self, ctx: AppContext, direction: str) -> bool:
        """In the viewer a swipe to the left shows the next medium, to the right the previous."""
        if ctx.screen.activity != VIEWER_ACTIVITY or direction not in ("left", "right"):
            return False
        return viewer.swipe(ctx, 1 if direction == "left" else -1)
