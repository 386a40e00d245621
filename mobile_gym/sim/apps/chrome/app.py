"""Chrome (``com.android.chrome``), reduced to its new tab page.

The phone has no network, so the browser never loads a page: its address bar takes text and
nothing more. It has no database. It is listed in the app drawer only (not in the dock).

Activities; resource ids (``com.android.chrome:id/<name>``):
``com.google.android.apps.chrome.Main``
    ``toolbar`` holding the address bar ``url_bar`` (an EditText, hint "Search or type web
    address"); the new tab page ``ntp_content`` with the logo ``search_provider_logo``
    ("Google") and the search box ``search_box_text`` (a tap focuses ``url_bar``).
"""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.ui.composites import app_bar
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView

PACKAGE = "com.android.chrome"
MAIN = "com.google.android.apps.chrome.Main"
URL_FIELD = "url"
ADDRESS_HINT = "Search or type web address"


class ChromeApp(App):
    """Google Chrome: a new tab page whose address bar takes text (there is no network)."""

    package = PACKAGE
    label = "Chrome"
    icon = "search"
    color = (26, 115, 232)
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {MAIN: "new_tab"}

    def new_tab(self, ctx: AppContext) -> View:
        address = ctx.edit(URL_FIELD, hint=ADDRESS_HINT, id="url_bar", width=0, weight=1)
        return Column(
            app_bar([address]),
            Column(
                TextView(
                    "Google",
                    id="search_provider_logo",
                    size=40,
                    bold=True,
                    align="center",
                    width=MATCH,
                    margin=(0, 96, 0, 24),
                ),
                TextView(
                    ADDRESS_HINT,
                    id="search_box_text",
                    size=16,
                    color="text_secondary",
                    width=MATCH,
                    padding=(20, 14),
                    margin=(24, 0),
                    radius=24,
                    background="surface_variant",
                    on_click=lambda: ctx.focus(URL_FIELD),
                ),
                id="ntp_content",
                height=MATCH,
                background="surface",
            ),
            height=MATCH,
        )
