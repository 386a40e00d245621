"""The Docreader app class: package, launcher entry, database and screens."""

from __future__ import annotations

import posixpath
from typing import ClassVar

from mobile_gym.caches import FIFOCache
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.docreader import names
from mobile_gym.sim.apps.docreader.home import home_screen
from mobile_gym.sim.apps.docreader.viewer import search, selection, viewer_screen

PDF_LISTINGS = 2
"""How many listings of the PDFs on the phone are kept (``DocreaderApp.pdf_paths``)."""


class DocreaderApp(App):
    """A PDF reader: the PDFs on the phone, recent documents, and the document viewer."""

    package = names.PACKAGE
    label = "Docreader"
    icon = "file"
    color = (211, 47, 47)
    main_activity = names.MAIN
    screens: ClassVar[dict[str, str]] = {names.MAIN: "home", names.VIEWER: "viewer"}
    schemas: ClassVar[dict[str, str]] = {names.DATABASE: names.SCHEMA}

    def __init__(self) -> None:
        super().__init__()
        self.pdf_paths: FIFOCache[int, tuple[str, ...]] = FIFOCache(PDF_LISTINGS)
        """The paths of the PDFs on the phone, sorted (``library.pdf_files``), by the
        storage's ``files_version``: found again once the files change."""

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == names.VIEWER:
            return posixpath.basename(ctx.args.get("path", "")) or self.label
        return self.label

    def back(self, ctx: AppContext) -> bool:
        """BACK ends selection, then search, before it closes the document."""
        if ctx.screen.activity != names.VIEWER:
            return False
        return selection(ctx).close_on_back() or search(ctx).close_on_back()

    home = staticmethod(home_screen)
    viewer = staticmethod(viewer_screen)
