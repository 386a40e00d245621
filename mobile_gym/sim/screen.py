"""What the phone shows: its windows, kept from one frame to the next and brought up to date
from state, and the two projections of them (pixels and hierarchy nodes).

Each window (the status bar, the app in front, the keyboard, the navigation bar, a toast)
is built by a function of the phone's state, run as a ``Scope``: the state it reads is
recorded (``sim.tracking``). ``update`` brings the windows up to date: a window whose
scope is dirty is built again and matched with what it showed (``ui.reconcile``); a
scrolling container whose position or rows changed is laid out again in place; everything
else stays as it is, laid out, with its hierarchy nodes. The areas where something may look
different are handed to ``Frames``, which repaints only those.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import numpy as np

from mobile_gym.geometry import Rect
from mobile_gym.hierarchy import Node, dump
from mobile_gym.sim.display import Display
from mobile_gym.sim.frames import Frames
from mobile_gym.sim.tracking import Dependencies, Scope
from mobile_gym.sim.ui.hierarchy import nodes
from mobile_gym.sim.ui.reconcile import SAME, reconcile
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.theme import Theme
from mobile_gym.sim.ui.view import View, walk


@dataclass(frozen=True)
class WindowSpec:
    """One window of the screen as the phone composes it: its name (the views shown under
    one name are matched with those it showed last), the function that builds its views,
    where it goes, what it shows (``source``: an app window shows one screen state;
    another one is built anew, matched with what the window showed), and, for a window
    that runs an app's code, what an exception raised while it is built or laid out is
    (``failed``: True when it was the app's crash, and the window is left out; False, or no
    ``failed``, raises it)."""

    name: Hashable
    build: Callable[[], View]
    area: Rect
    source: object = None
    failed: Callable[[Exception], bool] | None = None


class Window:
    """A window's views as last built and laid out, and the scope that built them."""

    __slots__ = ("area", "root", "scope", "scrollers", "source")

    def __init__(self, name: Hashable) -> None:
        self.scope = Scope(repr(name))
        self.root: View | None = None
        self.area: Rect | None = None
        self.source: object = None
        self.scrollers: list[ScrollView] = []
        """The scrolling containers in it (they may be laid out again on their own)."""

    def forget(self, deps: Dependencies) -> None:
        """It is dropped: what it and its scrolling containers read is forgotten."""
        deps.forget(self.scope)
        for scroller in self.scrollers:
            scroller.forget_reads()


MAX_WINDOWS = 8
"""Windows kept while not shown (to be matched with what they show next), at most."""


class Screen:
    """The phone's windows, kept up to date, and the projections of them."""

    def __init__(self, display: Display, deps: Dependencies) -> None:
        self.display = display
        self.deps = deps
        self.frames = Frames(display)
        self._windows: dict[Hashable, Window] = {}
        self._shown: list[Window] = []
        self.version = 0
        """Moves whenever what the screen shows changed."""
        self._nodes: tuple[int, tuple[Node, ...]] | None = None
        self._xml: tuple[int, str] | None = None

    @property
    def stale(self) -> bool:
        """Whether a window on screen must be built, or a scrolling container in one laid
        out, again (what the windows read has changed, or they were all taken as changed)."""
        return any(
            window.scope.dirty or any(scroller.stale for scroller in window.scrollers)
            for window in self._shown
        )

    @property
    def windows(self) -> list[View]:
        """The laid-out views of the windows on screen, bottom to top."""
        return [window.root for window in self._shown]  # type: ignore[misc]

    def forget_app_windows(self) -> None:
        """Drop the windows that show an app's screen: the next update builds, lays out and
        paints them anew, as when the app first shows its screen. The system's windows (the
        status and navigation bars, the keyboard) stay as they are, as they do when an app
        opens a screen."""
        for name, window in list(self._windows.items()):
            if window.source is not None:
                self._windows.pop(name).forget(self.deps)
        self._shown = [window for window in self._shown if window.source is None]
        self.version += 1

    def rebuild_all(self) -> None:
        """Build every window again at the next update (the phone's state was replaced
        whole: a reset); what comes out the same is kept, as after any change."""
        for window in self._windows.values():
            window.scope.dirty = True

    def update(self, specs: Sequence[WindowSpec]) -> None:
        """Show the windows ``specs`` describe, bottom to top, bringing each up to date."""
        d = self.display
        screen = Rect(0, 0, d.width, d.height)
        changed: list[Rect] = []
        shown: list[Window] = []
        windows = self._windows
        for spec in specs:
            window = windows.pop(spec.name, None)  # put back last: the most recently shown
            if window is None:
                window = Window(spec.name)
            windows[spec.name] = window
            try:
                if window.scope.dirty or window.root is None or window.source is not spec.source:
                    window.source = spec.source
                    root = self.deps.run(window.scope, spec.build)
                    window.root, change = reconcile(window.root, root, changed)
                    window.root.layout(d, spec.area, screen)
                    if change != SAME:  # else the views, scrollers among them, are kept
                        _replace_scrollers(window)
                elif window.area != spec.area:
                    window.root.layout(d, spec.area, screen)  # type: ignore[union-attr]
                window.area = spec.area
                for scroller in window.scrollers:
                    if scroller.stale:
                        scroller.relayout(d)
                        _take_changes(scroller, changed)
            except Exception as failure:
                self._drop(spec, window, changed)
                if spec.failed is None or not spec.failed(failure):
                    raise
                continue
            shown.append(window)
        before = self._shown
        for window in shown:
            if window in before:
                _take_changes(window.root, changed)  # type: ignore[arg-type]
            else:  # a window that was not shown: all of it is new on screen
                changed.append(window.root.visible)  # type: ignore[union-attr]
                _settle(window.root)  # type: ignore[arg-type]
        changed += [w.root.visible for w in before if w not in shown and w.root is not None]
        self._shown = shown
        while len(windows) > MAX_WINDOWS:  # forget the windows shown longest ago
            windows.pop(next(iter(windows))).forget(self.deps)
        if changed:
            self.frames.changed(changed)
            self.version += 1

    def _drop(self, spec: WindowSpec, window: Window, changed: list[Rect]) -> None:
        """Forget a window whose building or layout failed: it shows nothing, and where it
        showed and was to show is painted again."""
        del self._windows[spec.name]
        window.forget(self.deps)
        shown = None if window.root is None else window.root.shown
        changed += [area for area in (spec.area, window.area, shown) if area is not None]
        window.root = None

    # projections -----------------------------------------------------------------------
    def nodes(self) -> tuple[Node, ...]:
        """The hierarchy nodes of what is shown, in document order."""
        if self._nodes is None or self._nodes[0] != self.version:
            self._nodes = (self.version, nodes(self.windows))
        return self._nodes[1]

    def xml(self) -> str:
        """The ``uiautomator dump`` XML of what is shown."""
        if self._xml is None or self._xml[0] != self.version:
            self._xml = (self.version, dump(self.nodes()))
        return self._xml[1]

    def screenshot(self, scale: float, theme: Theme) -> np.ndarray:
        """What is shown, at ``scale``, as a read-only RGB array (see ``Frames``)."""
        return self.frames.screenshot(scale, self.version, self.windows, theme)


def _replace_scrollers(window: Window) -> None:
    """Find the scrolling containers of ``window``'s new build; those of the last build it
    no longer holds forget what they read."""
    scrollers = [v for v in walk(window.root) if isinstance(v, ScrollView)]  # type: ignore[arg-type]
    kept = {id(v) for v in scrollers}
    for gone in window.scrollers:
        if id(gone) not in kept:
            gone.forget_reads()
    window.scrollers = scrollers


def _take_changes(view: View, changed: list[Rect]) -> None:
    """Add the areas where ``view``'s subtree looks different since the changes were last
    taken: where views laid out since show, and where they showed before if they moved."""
    if not view.relaid:
        return
    view.relaid = False
    if isinstance(view, ScrollView):
        changed += view.take_gone()
    if view.shown != view.visible or view.shown_bounds != view.bounds:  # new, or moved:
        # everything inside it is new here
        if view.shown is not None:
            changed.append(view.shown)
        changed.append(view.visible)
        _settle(view)
        return
    for child in view.children:
        _take_changes(child, changed)


def _settle(view: View) -> None:
    """Note that ``view``'s subtree shows where it is laid out (its changes are taken)."""
    for inner in walk(view):
        inner.shown, inner.shown_bounds, inner.relaid = inner.visible, inner.bounds, False
        if isinstance(inner, ScrollView):
            inner.take_gone()
