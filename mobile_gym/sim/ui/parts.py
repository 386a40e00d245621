"""Parts of a screen kept from one frame to the next while what they show is the same.

A screen is a function of the app's state, built whole each time that state changes. Most
of it does not depend on what changed: flipping one switch leaves the toolbar and the other
rows as they were. A builder may name such a part and the inputs it is made from
(``AppContext.part``); while the inputs are equal to those of the last frame, the views the
part made then are shown again as they are, laid out, with what readers derived from them.
They are neither built, nor compared, nor laid out again.

What makes this exact:

- a part shows only its inputs (compared with ``==``: handlers made anew for each frame
  never compare equal, so a part built from them is always built again); its handlers may
  read the app's state when they run;
- a kept part belongs to the screen state it was made for (the same ``ScreenState``
  object: a restored snapshot starts afresh) and is kept one frame at a time;
- nothing is kept after any view was changed in place (``View.altered``: a scroll, a drag);
- a kept part laid out anywhere but its old place raises ``PartMovedError`` (the last frame still
  holds it and must not change); the screen is then built again without kept parts;
- with ``check`` set, every kept part is built again and compared node by node with the
  kept one: a part that shows something besides its inputs raises ``PartChangedError``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from mobile_gym.sim.ui import view as _views
from mobile_gym.sim.ui.diff import same_subtree
from mobile_gym.sim.ui.view import View

_Entry = tuple[object, tuple, View, int]
"""A part of the last frame: (its screen state, its inputs, its views, ``alterations()``)."""


class PartChangedError(AssertionError):
    """A part built again from the same inputs differs from the one kept (``check``)."""


class Parts:
    """The parts of the screen of the last frame and of the frame being built."""

    def __init__(self, check: bool = False) -> None:
        self._last: dict[tuple[int, Hashable], _Entry] = {}
        self._now: dict[tuple[int, Hashable], _Entry] = {}
        self.keeping = True
        """Whether parts of the last frame are shown again (off for a frame after
        ``PartMovedError``)."""
        self.check = check
        """Build every kept part again and compare it with the one kept (for tests)."""
        self.kept = 0
        """How many parts were shown again in the frames built so far."""
        self._checking = False

    def begin_frame(self, keeping: bool = True) -> None:
        """Start a frame: the parts made for the last one may be shown again if
        ``keeping``."""
        self._last, self._now = self._now, {}
        self.keeping = keeping

    def forget(self) -> None:
        """Drop every part (the phone went back to a snapshot, say)."""
        self._last, self._now = {}, {}

    def part(
        self,
        screen: object,
        key: Hashable,
        build: Callable[..., View],
        inputs: tuple,
        context: Any,
    ) -> View:
        """``build(context, *inputs)``, or the views it made for ``screen`` under ``key`` in
        the last frame when ``inputs`` are equal to theirs and no view changed in place."""
        if self._checking:  # a part inside a part built again to be checked
            return build(context, *inputs)
        name = (id(screen), key)
        now = self._now
        if name in now:
            raise ValueError(f"part {key!r} is made twice in one frame")
        count = _views._alterations  # ``alterations()``, read where it is kept (hot)
        entry = self._last.get(name)
        same = False
        if entry is not None and self.keeping and entry[0] is screen and entry[3] == count:
            try:
                same = bool(entry[1] == inputs)
            except (TypeError, ValueError):  # inputs that cannot be compared: build again
                same = False
        if same:
            view = entry[2]  # type: ignore[index]
            if self.check:
                self._checking = True
                try:
                    _check(key, view, build(context, *inputs))
                finally:
                    self._checking = False
            view.keep_as_part()
            self.kept += 1
        else:
            view = build(context, *inputs)
        now[name] = (screen, inputs, view, count)
        return view


def _check(key: Hashable, kept: View, fresh: View) -> None:
    if not same_subtree(kept, fresh):
        raise PartChangedError(
            f"part {key!r} shows something besides its inputs: built again from the same "
            f"inputs it differs from the part kept ({kept!r} / {fresh!r})"
        )
