"""The views of wikiHow's web pages, dumped as Android's WebView reports web content.

Each page of the app is a web page: its scrolling container is a ``WebPage``
(``android.webkit.WebView``, named after the page's title), its HTML elements are
``WebSection`` blocks and ``WebText`` texts (``android.view.View``) and ``WebImage``
pictures (``android.widget.Image``, whose text is the image's alternative text). An
element's HTML id is given as ``#name`` and dumped bare (``name``), without the app's
``package:id/`` prefix (``mobile_gym.hierarchy.resource_id``).
"""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import MATCH, LinearLayout, View, walk
from mobile_gym.sim.ui.widgets import ImageView, TextView


class WebPage(ScrollView):
    """A web page's scrolling view (``android.webkit.WebView``)."""

    __slots__ = ()
    cls = "android.webkit.WebView"


class WebSection(LinearLayout):
    """A block element of a web page (``android.view.View``): its children in a column."""

    __slots__ = ()
    cls = "android.view.View"

    def __init__(self, *children: View, **kwargs) -> None:
        super().__init__(orientation="vertical", children=children, **kwargs)


class WebText(TextView):
    """A text element of a web page that is not a paragraph (``android.view.View``)."""

    __slots__ = ()
    cls = "android.view.View"


class WebImage(ImageView):
    """A picture of a web page (``android.widget.Image``); ``text`` is its alternative text."""

    __slots__ = ()
    cls = "android.widget.Image"


def banner(id: str, desc: str, height: int) -> ImageView:
    """A page's header picture: a placeholder as wide as the page, ``height`` dp high."""
    return ImageView(
        "image",
        id=id,
        desc=desc,
        width=MATCH,
        height=height,
        padding=(0, height // 4),
        background="surface_variant",
    )


Block = View | Callable[[], View]
"""A block of a page: a view, or what makes it once it comes into view (an article makes
the blocks it shows, not its hundreds)."""


def block_view(block: Block) -> View:
    """The view of ``block``, made now if it is made as it shows."""
    return block if isinstance(block, View) else block()


def scroll_to_top_of(ctx: AppContext, key: str, target: str) -> bool:
    """Scroll the page ``ctx.scroller(key)`` shows so that its block (one of the views it
    lists) with id ``target`` sits at its top, or the page's end at its bottom (as an
    anchor link does); False if it holds no such block. The page lists its blocks as rows
    of their own heights, so anchors are blocks."""
    for window in ctx.phone.windows():
        for page in walk(window):
            if not isinstance(page, ScrollView) or page.position is None:
                continue
            if page.position.name != (ctx.screen, "scroll:" + key):
                continue
            for index, block in enumerate(page.items):
                if block_view(block).id == target:  # type: ignore[arg-type]
                    ctx.scroll_to(key, (index, 0))
                    return True
    return False
