"""How apps are written for the simulated phone.

An app is a small declarative module: an ``App`` subclass names its package, launcher
label and icon, its databases (SQL schemas) and its screens. A screen is a plain function
``(ctx) -> View`` of the app's state (its SQLite databases, the settings, the files, the
clock and the screen's own UI state, all read through ``ctx``); handlers bound in that tree
change the state and log. The phone notes what each screen read and builds it again when
any of that changed, keeping the views that came out the same; a screen that changes by
itself as time passes (a running timer) says when it next does (``App.redraw_at``); long
lists make only the rows in view (``AppContext.scroller`` with ``items``). Nothing an app
keeps between events lives outside the phone's state, which is what makes snapshots exact.
"""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from mobile_gym.caches import FIFOCache
from mobile_gym.sim.apps.rows import QueryRows
from mobile_gym.sim.system.clipboard import clip, set_clip
from mobile_gym.sim.system.settings import SettingsStore
from mobile_gym.sim.system.storage import SeededFiles
from mobile_gym.sim.ui.composites import COVERED_KEYBOARD, alert_dialog, popup_menu, toolbar
from mobile_gym.sim.ui.prefilled import apply_selection, deselect, select_all
from mobile_gym.sim.ui.scroll import RecyclerView, ScrollPosition, ScrollView
from mobile_gym.sim.ui.theme import Color, Theme
from mobile_gym.sim.ui.view import View, walk
from mobile_gym.sim.ui.widgets import EditText

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone

Handler = Callable[[], None]
DialogHandler = Callable[[], "bool | None"]
"""A dialog button's handler; returning False keeps the dialog open."""


T = TypeVar("T")
READINGS = 16
"""How many readings of its databases each app keeps (``App.readings``)."""
_PLAIN_VALUES = (str, int, float, bool, bytes, type(None))
"""Values that cannot change in place: an equal one stored over one of them changes nothing
(a list or a dict may have been changed in place before it is stored again)."""


@dataclass(eq=False)
class ScreenState:
    """One entry of an app's back stack: the activity, its arguments and its UI state (one
    object per screen opened: two are the same entry only if they are the same object)."""

    activity: str
    args: dict[str, Any] = field(default_factory=dict)
    state: dict[str, Any] = field(default_factory=dict)


class App:
    """Base class of simulated apps.

    Subclasses set ``package``, ``label``, ``icon``, ``color``, ``main_activity``, a
    ``screens`` mapping from activity name (``.MainActivity``) to the name of a method
    ``(self, ctx) -> View``, and optionally ``schemas`` (database name -> SQL) and ``seed``.
    """

    package: ClassVar[str]
    label: ClassVar[str]
    icon: ClassVar[str]
    color: ClassVar[Color] = (26, 115, 232)
    main_activity: ClassVar[str]
    screens: ClassVar[dict[str, str]]
    schemas: ClassVar[dict[str, str]] = {}
    in_launcher: ClassVar[bool] = True
    dock: ClassVar[bool] = False
    seeds_from: ClassVar[tuple[str, ...]] = ()
    """The packages whose seeded content ``seed`` reads (SMS threads with the contacts)."""
    seeds_files: ClassVar[SeededFiles | None] = None
    """The kinds of file ``seed`` writes to the shared storage and the folders it writes
    them in, if it writes any (a file manager's documents, a gallery's pictures): reading
    such files, or looking in such folders, makes this app's content first. Seeding that
    writes elsewhere is refused."""

    def __init__(self) -> None:
        self.readings: FIFOCache[tuple, object] = FIFOCache(READINGS)
        """What its screens read whole of a database lately (``AppContext.kept``), by the
        database, its stamp and what was read."""

    def create_databases(self, ctx: AppContext, rng: random.Random | None = None) -> None:
        """Create the app's tables: at boot filled with the content ``seed`` draws from
        ``rng``; empty after the app's data is cleared."""
        fill = None if rng is None else partial(self.seed, ctx, rng)
        ctx.phone.storage.make_databases(self.package, self.schemas, fill)

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        """Fill the databases with the phone's seeded content (override in apps); it runs in
        one transaction per database, which it must not commit."""

    def build(self, ctx: AppContext) -> View:
        method = self.screens.get(ctx.screen.activity)
        if method is None:
            raise ValueError(f"{self.package} has no activity {ctx.screen.activity!r}")
        return getattr(self, method)(ctx)

    def swipe(self, ctx: AppContext, direction: str) -> bool:
        """React to a swipe (``up``, ``down``, ``left``, ``right``) nothing scrolled; True if handled."""
        return False

    def back(self, ctx: AppContext) -> bool:
        """Handle the back key before the phone closes the screen; True if handled."""
        return False

    def redraw_at(self, ctx: AppContext) -> int | None:
        """When the screen in front next changes by itself as virtual time passes (ms since
        1970 on the phone's clock: a running timer's next second, a playing track's end);
        the phone builds it again once the clock reaches that time, so what it shows is
        exact at every moment (``clock.next_tick`` finds the next second of a count).
        None while only input changes it."""
        return None

    def wake_up(self, ctx: AppContext, key: str) -> None:
        """A wake-up the app scheduled under ``key`` (``phone.wakeups``) is due: the clock
        reads its time; ``ctx`` is on the app's top screen (its main one if it has none)."""

    def pause(self, ctx: AppContext) -> None:
        """The app leaves the foreground (HOME, recents, another app): save drafts here."""

    def title(self, ctx: AppContext) -> str:
        """What the recents screen shows for this app's task."""
        return self.label

    def component(self, activity: str) -> str:
        return f"{self.package}/{activity}"


class AppContext:
    """What a screen builder or handler sees: state, databases, navigation and system calls.

    The screen's own UI state is read and changed through ``get``, ``set``, ``pop`` and the
    helpers built on them (fields, focus, scroll positions, menus, dialogs), so that the
    phone knows which screens read which state.
    """

    def __init__(self, phone: Phone, app: App, screen: ScreenState) -> None:
        self.phone = phone
        self.app = app
        self.screen = screen
        self.overlays: list[View] = []
        self.settings: SettingsStore = phone.settings
        """The phone's settings provider (one store for the phone's life)."""

    # state ---------------------------------------------------------------------------------
    @property
    def args(self) -> dict[str, Any]:
        return self.screen.args

    def _key(self, key: str) -> tuple[str, int, str]:
        return ("state", id(self.screen), key)

    def get(self, key: str, default: Any = None) -> Any:
        self.phone.deps.read(self._key(key))
        return self.screen.state.get(key, default)

    def has(self, key: str) -> bool:
        """Whether this screen's state holds ``key``."""
        self.phone.deps.read(self._key(key))
        return key in self.screen.state

    def set(self, key: str, value: Any) -> None:
        """Store ``value`` under ``key``; storing the plain value (text, a number, a flag,
        None) that is there already changes nothing, so no screen is built again for it."""
        state = self.screen.state
        if key in state:
            old = state[key]
            if type(old) is type(value) and type(value) in _PLAIN_VALUES and old == value:
                return
        state[key] = value
        self.phone.deps.changed(self._key(key))

    def pop(self, key: str, default: Any = None) -> Any:
        """Remove ``key`` from this screen's state and return its value."""
        if key not in self.screen.state:
            return default
        value = self.screen.state.pop(key)
        self.phone.deps.changed(self._key(key))
        return value

    def clear_state(self) -> None:
        """Forget this screen's whole UI state."""
        for key in list(self.screen.state):
            self.pop(key)

    def db(self, name: str | None = None) -> sqlite3.Connection:
        """The app's database ``name`` (its first declared database by default)."""
        if name is None:
            if not self.app.schemas:
                raise ValueError(f"{self.app.package} declares no database")
            name = next(iter(self.app.schemas))
        return self.phone.storage.database(self.app.package, name)

    def kept(
        self, what: Hashable, read: Callable[[], T], conn: sqlite3.Connection | None = None
    ) -> T:
        """``read()``, read again only once database ``conn`` (the app's first by default)
        changes: kept in the app's ``readings`` under the database, its stamp and ``what``. For
        what a screen reads whole (to sort, group, count or match it) and shows a part of: a
        screen built again for anything else does not read it again, and taking the stamp
        reads the database, so the screen is built again when it changes. Builds share the
        value: make it immutable (tuples, ``MappingProxyType``)."""
        db = self.db() if conn is None else conn
        key = (db, self.phone.storage.stamp(db), what)
        return cast(T, self.app.readings.get(key, lambda _key: read()))

    def kept_files(self, what: Hashable, read: Callable[[], T], near: str | None = None) -> T:
        """``read()`` of the phone's files, read again only once they change: kept in the
        app's ``readings`` under the files' version (``Storage.read_version``, which makes
        first the content apps write ``near`` that path, or anywhere) and ``what``. As
        ``kept``, for the files: taking the version reads them, so the screen is built
        again when they change. Builds share the value: make it immutable."""
        version = self.phone.storage.read_version(near)
        key = ("files", near, version, what)
        return cast(T, self.app.readings.get(key, lambda _key: read()))

    def rows(self, sql: str, params: Sequence[object] = (), name: str | None = None) -> QueryRows:
        """The rows of ``sql`` (one SELECT, ordered) on database ``name``, read a page at a
        time as a recycled list shows them (``scroller`` with ``items``): a long list costs
        what its rows on screen cost."""
        conn = self.db(name)
        storage = self.phone.storage
        return QueryRows(conn, sql, params, lambda: storage.stamp(conn))

    @property
    def theme(self) -> Theme:
        return self.phone.theme

    @property
    def now(self) -> dt.datetime:
        return self.phone.clock.now

    # system calls --------------------------------------------------------------------------
    def open(self, activity: str, **args: Any) -> None:
        """Start ``activity`` of this app on top of the current one."""
        self.phone.start_activity(self.app.package, activity, **args)

    def open_focused(self, activity: str, field: str, **args: Any) -> None:
        """Start ``activity`` with its field ``field`` focused and the keyboard up, ready to
        type in (a new conversation, a new task)."""
        self.open(activity, **args)
        _app, opened = self.phone.activities.context(self.app.package)
        opened.focus(field)

    def finish(self) -> None:
        """Close the current screen (as the back key would, without the keyboard step)."""
        self.phone.finish_activity(self.app.package)

    def toast(self, text: str) -> None:
        self.phone.toast(text, self.app.package)

    def log(self, message: str, priority: str = "I", tag: str | None = None) -> None:
        self.phone.log(self.app.package, tag or self.app.label.replace(" ", ""), message, priority)

    def up_bar(self, title: str) -> View:
        """An app bar titled ``title`` whose "Navigate up" arrow closes the screen."""
        return toolbar(title, on_up=self.finish)

    # widgets bound to this screen's state ----------------------------------------------------
    def field(self, key: str, default: str = "") -> str:
        """The current text of field ``key``."""
        return self.get("field:" + key, default)

    def set_field(self, key: str, value: str) -> None:
        self.set("field:" + key, value)

    def clear_field(self, key: str) -> None:
        """Empty field ``key``; if it had focus, drop the focus and hide the keyboard."""
        self.pop("field:" + key)
        if self.get("focus") == key:
            self.pop("focus")
            self.phone.hide_keyboard()

    def focus(self, key: str) -> None:
        """Give field ``key`` the input focus and show the keyboard (its scrolling view
        scrolls to keep it above the keyboard)."""
        self.set("focus", key)
        self.phone.input.keep_in_view(key)
        self.phone.show_keyboard()

    def edit(
        self,
        key: str,
        *,
        hint: str = "",
        default: str = "",
        id: str | None = None,
        cls: type[EditText] = EditText,
        **kwargs: Any,
    ) -> EditText:
        """An EditText whose text and focus live in this screen's state under ``key``.

        ``default`` is the text until the field is first edited (a form prefilled from the
        database); ``cls`` picks an EditText subclass. Its text may be selected whole
        (``ui.prefilled``: a rename dialog's prefilled name, "Select all"): what is typed
        next replaces it, a tap in the field included. A long press opens Android's text
        actions at the touch: "Cut", "Copy" (not in a password field) and "Select all" of
        the field's whole text while it has one, and "Paste" (the clipboard's text, in place
        of a selection, else after the text).
        """
        view = cls(
            self.field(key, default),
            hint=hint,
            id=id or key,
            on_change=lambda value: self.set_field(key, value),
            on_focus=lambda: self.focus(key),
            focused=self.get("focus") == key,
            **kwargs,
        )
        view.field_key = key
        view.on_long_click = self.menu("text:" + key, self._text_actions(key, view), at_touch=True)
        return apply_selection(self, view)

    def _text_actions(self, key: str, view: EditText) -> list[tuple[str, Handler]]:
        """The text actions of field ``key`` (``edit``) on ``view``'s text."""
        text = view.text

        def select() -> None:
            self.focus(key)
            select_all(self, key)

        def cut() -> None:
            set_clip(self.phone, text)
            deselect(self, key)
            self.set_field(key, "")

        actions: list[tuple[str, Handler]] = []
        if text and not view.password:
            actions += [("Cut", cut), ("Copy", lambda: set_clip(self.phone, text))]
        actions.append(("Paste", lambda: view.insert(clip(self.phone))))
        if text:
            actions.append(("Select all", select))
        return actions

    def scroller(
        self,
        key: str,
        children: Sequence[View] = (),
        *,
        cls: type[ScrollView] = RecyclerView,
        start: int = 0,
        **kwargs: Any,
    ) -> ScrollView:
        """A scrolling container whose offset lives in this screen's state under ``key``.

        Other keyword arguments go to the container: ``items``, ``item_height`` and
        ``render_item`` make a recycled list (only the rows in view are made, so ``items``
        may be a long lazy sequence), ``wrap_rows`` in place of ``item_height`` one whose
        rows take their own heights, and ``fill_viewport`` stretches short content. It shows
        ``start`` (pixels from the top, clamped to the content; ``scroll.END`` its end, as a
        chat opens at its newest message) until first scrolled.
        """
        # as tall as its parent allows unless given a height (ScrollView's default)
        return cls(position=self._scroll_position(key, start), children=children, **kwargs)

    def _scroll_position(self, key: str, start: int = 0) -> ScrollPosition:
        """Where the container ``key`` is scrolled to, kept in this screen's state."""
        name = "scroll:" + key
        return ScrollPosition(
            self.phone.deps,
            (self.screen, name),
            lambda: self.get(name, start),
            lambda offset: self.set(name, offset),
        )

    def scroll_to(self, key: str, offset: int | tuple[int, int]) -> None:
        """Scroll the container ``scroller(key)`` makes to ``offset`` pixels (clamped to its
        content when laid out; ``scroll.END``: its end), or, in a list of rows of their own
        heights, to a row and a distance into it (``(row, 0)``: that row at the top)."""
        self.set("scroll:" + key, offset)

    def menu(
        self, key: str, items: Sequence[tuple[str, Handler]], *, at_touch: bool = False
    ) -> Handler:
        """A popup menu: returns the handler that opens it; shows it while it is open.

        The menu drops from the top-right corner (an overflow menu), or with ``at_touch`` from
        the point the user last touched (a long-press menu on a list row).
        """
        flag = "menu:" + key

        def close() -> None:
            self.pop(flag)

        def choose(handler: Handler) -> Handler:
            def run() -> None:
                close()
                handler()

            return run

        where = self.get(flag)
        if where:
            anchor = tuple(where) if isinstance(where, list) else None
            self.overlays.append(
                popup_menu(
                    [(label, choose(h)) for label, h in items],
                    on_dismiss=close,
                    anchor=anchor,
                    position=self._scroll_position(flag),
                )
            )

        def show() -> None:
            self.pop("scroll:" + flag)  # it opens on its first items
            self.set(flag, list(self.phone.last_touch) if at_touch else True)

        return show

    def dialog(
        self,
        key: str,
        title: str,
        message: str = "",
        *,
        buttons: Sequence[tuple[str, DialogHandler | None]],
        body: Sequence[View] | Callable[[], Sequence[View]] = (),
    ) -> Handler:
        """A modal dialog: returns the handler that opens it; shows it while it is open.

        A button runs its handler, then closes the dialog, unless the handler returns False
        (input to correct: the dialog stays, keyboard and all). None just closes. ENTER in a
        single-line field of ``body`` presses the last (positive) button. ``body`` may be a
        function that makes the views: then they are made only while the dialog is open.

        A dialog without a field of its own that opens while the keyboard is up for a field
        behind it takes the whole screen: on Android such a dialog is laid over the keyboard
        (``FLAG_ALT_FOCUSABLE_IM``), which stays up under it. Here the keyboard goes down
        while it shows, and comes back up if BACK cancels it (``COVERED_KEYBOARD``); a
        button or a tap outside it closes it, and the keyboard with it, as for any dialog.
        """
        flag = "dialog:" + key
        if self.get(flag):
            below = len(self.overlays)  # the menus its fields open go above the dialog
            views = list(body() if callable(body) else body)
            fields = {view.field_key for view in views if isinstance(view, EditText)}

            def close() -> None:
                self.pop(flag)
                if self.get("focus") in fields:
                    self.pop("focus")
                self.phone.hide_keyboard()

            def press(handler: DialogHandler | None) -> Handler:
                def run() -> None:
                    if handler is None or handler() is not False:
                        close()

                return run

            actions = [(label, press(h)) for label, h in buttons]
            for view in views:
                if isinstance(view, EditText) and view.on_submit is None and not view.multiline:
                    view.on_submit = actions[-1][1]
            self.overlays.insert(
                below,
                alert_dialog(title, message, buttons=actions, on_cancel=close, body=views),
            )

        def open_dialog() -> None:
            views = body() if callable(body) else body
            fieldless = not any(isinstance(v, EditText) for view in views for v in walk(view))
            if fieldless and self.phone.keyboard_shown:
                self.set(flag, COVERED_KEYBOARD)
                self.phone.hide_keyboard()
            else:
                self.set(flag, True)

        return open_dialog
