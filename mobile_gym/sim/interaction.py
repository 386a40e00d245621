"""Input as the phone receives it, routed to what handles it.

Touch frames go through the gesture recogniser (``sim.gestures``); the gestures it finds
reach the view under the finger: a tap clicks it, a long press long-clicks it, a drag
scrolls the scrolling container under it as it starts (all its moves go there) or moves a
slider, a swipe nothing scrolls goes to the notification shade (down from the status bar,
or any while it shows) or else to the app. Keys go to the system (BACK, HOME, recents) or
to the field with the focus, as does typed text. Every input advances the virtual clock.
What an app's code raises while it handles input is that app's crash (``system.crash``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from mobile_gym.checks import check_int
from mobile_gym.geometry import EMPTY
from mobile_gym.sim import input as events
from mobile_gym.sim.gestures import SWIPE_MIN_DP, TOUCH_SLOP_DP, Gesture, GestureRecognizer
from mobile_gym.sim.keys import PRINTABLE, key_name
from mobile_gym.sim.system.keyboard import KEYBOARD_DP
from mobile_gym.sim.system.launcher import LAUNCHER
from mobile_gym.sim.system.shade import shade_swipe
from mobile_gym.sim.ui.composites import COVERED_KEYBOARD, DialogScrim
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import View, hit_path, walk
from mobile_gym.sim.ui.widgets import EditText
from mobile_gym.timing import FRAME_MS, TEXT_MS

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext
    from mobile_gym.sim.phone import Phone


class InputRouter:
    """Takes touch frames, text, keys and waits, and carries them out on the phone."""

    def __init__(self, phone: Phone, momentum: bool = False) -> None:
        self.phone = phone
        d = phone.display
        self.gestures = GestureRecognizer(d.dp(TOUCH_SLOP_DP), d.dp(SWIPE_MIN_DP), momentum)
        self.last_touch = (0.0, 0.0)
        """Where the last tap or long press landed (a long-press menu opens there)."""
        self._dragged: tuple[Gesture, View] | None = None
        """The container the drag in progress scrolls, with that drag's gesture."""

    # input -----------------------------------------------------------------------------------
    def touch(self, x: float, y: float) -> None:
        """A touch frame at (x, y) px: finger down, or moved/held if already down.

        Points off the screen are clipped to its edge; NaN or non-numbers raise ValueError.
        """
        d = self.phone.display
        x, y = events.check_point(x, y)
        x = min(max(x, 0.0), d.width - 1.0)
        y = min(max(y, 0.0), d.height - 1.0)
        with self._app_code():
            self.gestures.touch(self, x, y, self.phone.clock.elapsed_ms)
        self.advance(FRAME_MS)

    def lift(self) -> None:
        """The finger leaves the screen (ignored when it is not down); a press held still
        past the long-press timeout was a long press."""
        with self._app_code():
            self.gestures.hold(self, self.phone.clock.elapsed_ms)
            self.gestures.lift(self)
        self._dragged = None
        self.advance(FRAME_MS)

    def text(self, text: str) -> bool:
        """Type ``text`` into the focused field; False (and nothing typed) if none has focus."""
        if not isinstance(text, str):
            raise ValueError(f"text must be a str, got {type(text).__name__}")
        field = self.focused_field()
        self.advance(TEXT_MS)
        if field is None or not text:
            return field is not None
        with self._app_code():
            field.insert(text)
        return True

    def key(self, key: str | int) -> None:
        """Press an Android key by name (``BACK``, ``KEYCODE_HOME``, ``ENTER``, ``DEL``...)
        or code."""
        name = key_name(key)
        with self._app_code():
            self.press(name)
        self.advance(FRAME_MS)

    def wait(self, ms: int = FRAME_MS) -> None:
        """Let ``ms`` milliseconds pass with no input (a finger held still meanwhile
        long-presses once the timeout has passed)."""
        self.advance(check_int("wait (milliseconds)", ms, 0))
        with self._app_code():
            self.gestures.hold(self, self.phone.clock.elapsed_ms)

    @contextlib.contextmanager
    def _app_code(self) -> Iterator[None]:
        """Around input that runs app code: an exception from it crashes the app, as on
        Android (``phone.crashes``); one no app can be blamed for propagates."""
        try:
            yield
        except Exception as failure:
            if not self.phone.crashes.handle(failure):
                raise

    def send(self, event: events.InputEvent) -> None:
        """Deliver one input event."""
        if isinstance(event, events.Touch):
            self.touch(event.x, event.y)
        elif isinstance(event, events.Lift):
            self.lift()
        elif isinstance(event, events.Text):
            self.text(event.text)
        elif isinstance(event, events.Key):
            self.key(event.key)
        elif isinstance(event, events.Wait):
            self.wait(event.ms)
        else:
            raise ValueError(f"not an input event: {event!r}")

    def send_all(self, sequence: Iterable[events.InputEvent]) -> None:
        for event in sequence:
            self.send(event)

    def advance(self, ms: int) -> None:
        self.phone.wakeups.pass_time(ms)
        self.phone.services.time_passed()

    # what is under the finger ------------------------------------------------------------------
    def _hit(self, x: float, y: float) -> list[View]:
        crashes = self.phone.crashes
        count = crashes.count
        windows = self.phone.windows()
        if crashes.count != count:  # an app crashed as the screen was brought up to date:
            return []  # what the finger touched is gone, and the touch with it
        for window in reversed(windows):
            if window.visible.contains(x, y) and window.in_hierarchy:
                return hit_path(window, x, y)
        return []

    def _target(self, x: float, y: float) -> View | None:
        return next((node for node in reversed(self._hit(x, y)) if node.handles_touch), None)

    def _scroller(self, x: float, y: float) -> View | None:
        return next((node for node in reversed(self._hit(x, y)) if node.scrollable), None)

    # the gesture recogniser's surface ------------------------------------------------------------
    def seekable_at(self, x: float, y: float) -> bool:
        node = self._target(x, y)
        return node is not None and node.seekable and node.enabled

    def seek(self, x: float, y: float, to_x: float) -> None:
        node = self._target(x, y)
        if node is not None and node.seekable:
            node.seek_to(self.phone.display, to_x)  # type: ignore[attr-defined]

    def scrollable_at(self, x: float, y: float) -> bool:
        """Whether a scrolling container is under (x, y): asked as a drag starts, so the
        container found is kept as the one the drag's moves scroll (``scroll``)."""
        node = self._scroller(x, y)
        gesture = self.gestures.gesture
        self._dragged = None if node is None or gesture is None else (gesture, node)
        return node is not None

    def scroll(self, x: float, y: float, dy: float) -> bool:
        """Scroll the container under (x, y) by ``dy`` px. The moves of a drag all go to the
        container that took it, as Android's touch target keeps a gesture's events: it is
        found once, as the drag starts, so the screen is not laid out again for each move
        (it is when next looked at)."""
        dragged = self._dragged
        if dragged is not None and dragged[0] is self.gestures.gesture:
            node: View | None = dragged[1]
        else:
            node = self._scroller(x, y)
        return node is not None and node.scroll_by(round(dy))  # type: ignore[attr-defined]

    def long_press(self, x: float, y: float) -> bool:
        self.last_touch = (x, y)
        node = self._target(x, y)
        if node is None or not node.enabled or node.on_long_click is None:
            return False
        if isinstance(node, EditText) and not node.focused:
            node.on_focus()  # a long-pressed field takes the focus, as a tapped one does
        node.on_long_click()
        return True

    def tap(self, x: float, y: float) -> None:
        self.last_touch = (x, y)
        node = self._target(x, y)
        if node is None or not node.enabled:
            return
        if node.seekable:
            node.seek_to(self.phone.display, x)  # type: ignore[attr-defined]
        else:
            node.click()

    def swipe(self, x: float, y: float, direction: str) -> None:
        if self.phone.crashes.dialog is not None:
            return  # the system's dialog is modal: the app under it sees no swipe
        if shade_swipe(self.phone, self._hit(x, y), y, direction):
            return
        app, ctx = self.phone.activities.context()
        app.swipe(ctx, direction)

    # keys ----------------------------------------------------------------------------------
    def press(self, name: str) -> None:
        """What a key does: BACK, HOME and recents go to the system, TAB moves the focus,
        ENTER, DEL and printable keys go to the focused field. BACK closes a system dialog
        (an app's crash dialog) first; HOME and recents close it as they go."""
        activities = self.phone.activities
        if name in ("BACK", "ESCAPE"):
            self._back()
        elif name == "HOME":
            self.phone.crashes.dismiss()
            self.phone.notifications.close_shade()
            activities.go_home()
        elif name == "APP_SWITCH":
            self.phone.crashes.dismiss()
            self.phone.notifications.close_shade()
            activities.show_recents()
        elif name == "TAB":
            self._focus_next()
        elif name in ("ENTER", "DEL") or name in PRINTABLE:
            field = self.focused_field()
            if field is None:
                return
            if name == "DEL":
                field.delete_back()
            elif name != "ENTER":
                field.insert(PRINTABLE[name])
            elif field.multiline:
                field.insert("\n")
            elif field.on_submit is not None:
                field.on_submit()

    def _back(self) -> None:
        """BACK closes the system's dialog, else the notification shade, else the popup
        menu opened last on the screen in front, else hides the keyboard (the input method
        takes the key while the window it types into is on top: the screen, or a dialog
        with the focused field), else cancels the dialog opened last; else the app handles
        it, or its top screen closes, or Overview returns to the task it was opened from,
        or the app's task goes to the back."""
        phone = self.phone
        if phone.crashes.dialog is not None:
            phone.crashes.dismiss()
            return
        if phone.notifications.shade_open:
            phone.notifications.close_shade()
            return
        activities = phone.activities
        app, ctx = activities.context()
        # the screen's state keeps its menus and dialogs in the order they opened
        popups = [k for k in ctx.screen.state if k.startswith(("menu:", "dialog:"))]
        top = popups[-1] if popups else None
        if top is not None and top.startswith("menu:"):
            self._cancel(ctx, top)
        elif activities.keyboard_shown and (top is None or self._dialog_has_focus()):
            activities.hide_keyboard()
        elif top is not None:
            self._cancel(ctx, top)
        elif app.back(ctx):
            pass
        elif activities.in_recents:
            activities.leave_recents()
        elif len(activities.tasks[activities.foreground_package]) > 1:
            activities.finish(activities.foreground_package)
        elif activities.foreground_package != LAUNCHER:
            phone.log(
                "android",
                "ActivityTaskManager",
                f"Moving task {activities.foreground_package} to back",
            )
            activities.go_home()

    def _cancel(self, ctx: AppContext, popup: str) -> None:
        """Close the menu or dialog ``popup`` (its state key) as BACK does: if one of its
        own fields had the focus, the focus goes, and the keyboard with it; a dialog that
        opened over the keyboard (``COVERED_KEYBOARD``) leaves it up again."""
        shown = self._field_keys()
        if ctx.pop(popup) == COVERED_KEYBOARD:
            self.phone.activities.show_keyboard()
        if ctx.get("focus") in shown - self._field_keys():
            ctx.pop("focus")
            self.phone.activities.hide_keyboard()

    def _dialog_has_focus(self) -> bool:
        """Whether the focused field is in a dialog (not on the screen under it)."""
        field = self.focused_field()
        dialogs = (
            node
            for window in self.phone.windows()
            for node in walk(window)
            if isinstance(node, DialogScrim)
        )
        return field is not None and any(node is field for d in dialogs for node in walk(d))

    def _field_keys(self) -> set[str]:
        """The state keys of the fields on screen (``AppContext.edit``)."""
        return {
            node.field_key
            for window in self.phone.windows()
            for node in walk(window)
            if isinstance(node, EditText) and node.field_key is not None
        }

    def _focus_next(self) -> None:
        fields = [n for w in self.phone.windows() for n in walk(w) if isinstance(n, EditText)]
        if not fields:
            return
        current = next((i for i, f in enumerate(fields) if f.focused), -1)
        fields[(current + 1) % len(fields)].on_focus()

    def keep_in_view(self, key: str) -> None:
        """Field ``key`` takes the focus: as Android does when the keyboard comes up over a
        focused field (a ScrollView keeps its focused child on screen as it shrinks, a
        WebView scrolls its focused input into view), the scrolling view that holds it is
        scrolled so that the field's bottom shows above the keyboard. Read from the screen
        as last laid out, before the keyboard resizes it (a list's rows that the smaller
        view would not show are not made any more)."""
        path = next(
            (found for window in self.phone.screen.windows if (found := _path_to(window, key))),
            None,
        )
        if path is None:
            return
        *holders, field = path
        scroller = next((view for view in reversed(holders) if isinstance(view, ScrollView)), None)
        if scroller is None or field.visible is EMPTY:
            return
        coming = 0 if self.phone.keyboard_shown else self.phone.display.dp(KEYBOARD_DP)
        below = field.bounds.bottom - (scroller.visible.bottom - coming)
        if below > 0:
            scroller.scroll_by(below, room=coming)

    def type_key(self, label: str) -> None:
        """A soft-keyboard key: type ``label`` and release a one-shot shift."""
        field = self.focused_field()
        if field is not None:
            field.insert(label)
        self.phone.activities.release_shift()

    def focused_field(self) -> EditText | None:
        """The EditText that has input focus on the current screen, if any."""
        for window in self.phone.windows():
            for node in walk(window):
                if isinstance(node, EditText) and node.focused:
                    return node
        return None


def _path_to(view: View, key: str) -> list[View] | None:
    """The views from ``view`` down to the field of state key ``key``, if it holds it."""
    if isinstance(view, EditText) and view.field_key == key:
        return [view]
    for child in view.children:
        below = _path_to(child, key)
        if below is not None:
            return [view, *below]
    return None
