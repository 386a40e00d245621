"""The system photo picker the app opens: "Photos" (every picture in the shared storage,
newest first) and "Albums" (the folders holding pictures); a tap hands the picture back to
the screen below."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.gallery.media import IMAGE, media_type
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

if TYPE_CHECKING:
    from mobile_gym.sim.system.storage import Storage

ROW_DP = 64
TABS = (("Photos", "image"), ("Albums", "folder"))


class Pictures(NamedTuple):
    """The pictures the picker offers."""

    every: tuple[str, ...]
    """Pictures under ``/sdcard``, newest first (hidden folders left out)."""
    albums: Mapping[str, tuple[str, ...]]
    """The pictures of each folder holding some, newest first."""
    folders: tuple[str, ...]
    """Those folders by name (any case), then path."""


def pictures(ctx: AppContext) -> Pictures:
    """The pictures, found, sorted and grouped by folder once until the files change
    (``AppContext.kept_files``), not at every build of the picker."""
    storage = ctx.phone.storage
    return ctx.kept_files("pictures", lambda: _pictures(storage))


def _pictures(storage: Storage) -> Pictures:
    found = [
        path
        for path in storage.file_paths()
        if path.startswith("/sdcard/")
        and media_type(path) == IMAGE
        and not any(part.startswith(".") for part in path.split("/"))
    ]
    every = tuple(sorted(found, key=lambda p: (-(storage.modified(p) or 0), p)))
    albums: dict[str, list[str]] = {}
    for path in every:
        albums.setdefault(posixpath.dirname(path), []).append(path)
    folders = tuple(sorted(albums, key=lambda f: (posixpath.basename(f).lower(), f)))
    return Pictures(
        every, MappingProxyType({name: tuple(paths) for name, paths in albums.items()}), folders
    )


def _pick(ctx: AppContext, path: str) -> None:
    target = ctx.args.get("target", "media")
    ctx.finish()
    _app, below = ctx.phone.activities.context(data.PACKAGE)
    if target == "media":
        below.set("media", [*below.get("media", []), path])
    else:
        below.set(target, path)


def _row(icon: str, title: str, subtitle: str, id: str, title_id: str, on_click) -> View:
    return Row(
        ImageView(icon, size=40),
        Column(
            TextView(title, id=title_id, width=MATCH),
            TextView(subtitle, size=12, color="text_secondary", width=MATCH),
            width=0,
            weight=1,
            margin=(12, 0, 0, 0),
        ),
        id=id,
        width=MATCH,
        height=ROW_DP,
        padding=(16, 8),
        on_click=on_click,
    )


def photo_picker_screen(ctx: AppContext) -> View:
    found = pictures(ctx)
    album = ctx.get("album")
    tab = ctx.get("picker_tab", 0)
    shown: Sequence[str]
    if album is not None:
        shown = found.albums.get(album, ())
        bar: View = toolbar(posixpath.basename(album), on_up=lambda: ctx.pop("album"))
        tabs: list[View] = []
    else:
        shown = found.every
        bar = ctx.up_bar("Select a photo")
        tabs = [tab_bar(TABS, tab, lambda i: ctx.set("picker_tab", i), id="picker_tabs")]

    def picture(_index: int, path: object) -> View:
        name = str(path)
        folder, base = posixpath.split(name)
        return _row("image", base, folder, "picture", "picture_name", lambda: _pick(ctx, name))

    if tab == 1 and album is None:

        def folder(_index: int, path: object) -> View:
            name = str(path)
            return _row(
                "folder",
                posixpath.basename(name),
                f"{len(found.albums[name])} photos",
                "album",
                "album_name",
                lambda: ctx.set("album", name),
            )

        body = ctx.scroller(
            "albums", items=found.folders, item_height=ROW_DP, render_item=folder, id="albums"
        )
    elif shown:
        body = ctx.scroller(
            "pictures" + (album or ""),
            items=shown,
            item_height=ROW_DP,
            render_item=picture,
            id="pictures",
        )
    else:
        body = empty_state("No photos on this phone", id="empty")
    return Column(bar, *tabs, body, height=MATCH)
