"""Posted notifications and the notification shade's state, as the system serves them.

An app posts a notification under its package and an id (posting the same id again
replaces it); each keeps its title, text, the time it was posted (virtual clock) and the
activity a tap on it opens. The status bar shows an icon while any is posted; the shade
(``system.shade``) lists them, newest first, and opens on a drag down from the top edge.
Changes are reported under ``NOTIFICATIONS``; the list and the shade's state are plain
data, part of the phone's snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone

NOTIFICATIONS = ("phone", "notifications")
"""The key under which the notifications and the shade's state are read and changed."""


@dataclass(frozen=True)
class Notification:
    """One posted notification; a tap starts ``activity`` of ``package`` with ``args``
    (the app's main screen, resumed, when ``activity`` is None)."""

    package: str
    id: int
    title: str
    text: str
    when_ms: int
    activity: str | None = None
    args: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """Android's notification key (``0|PACKAGE|ID|null|UID`` without the uid)."""
        return f"0|{self.package}|{self.id}|null"


class Notifications:
    """The posted notifications (newest last) and whether the shade is pulled down."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.posted: list[Notification] = []
        self.shade_open = False

    def boot(self) -> None:
        self.posted = []
        self.shade_open = False
        self._changed()

    def _changed(self) -> None:
        self.phone.deps.changed(NOTIFICATIONS)

    def active(self) -> list[Notification]:
        """The posted notifications, newest first."""
        self.phone.deps.read(NOTIFICATIONS)
        return self.posted[::-1]

    def shade_shown(self) -> bool:
        self.phone.deps.read(NOTIFICATIONS)
        return self.shade_open

    # apps' calls -----------------------------------------------------------------------------
    def post(
        self,
        package: str,
        id: int,
        title: str,
        text: str,
        activity: str | None = None,
        **args: Any,
    ) -> None:
        """Post (or replace) notification ``id`` of ``package``."""
        kept = [n for n in self.posted if (n.package, n.id) != (package, id)]
        posted = Notification(package, id, title, text, self.phone.clock.stamp(), activity, args)
        self.posted = [*kept, posted]
        self.phone.log("android", "NotificationService", f"enqueue: key={posted.key} {title}")
        self._changed()

    def cancel(self, package: str, id: int) -> None:
        kept = [n for n in self.posted if (n.package, n.id) != (package, id)]
        if len(kept) != len(self.posted):
            self.posted = kept
            self._changed()

    def cancel_all(self, package: str) -> None:
        """Remove every notification of ``package`` (its data was cleared)."""
        kept = [n for n in self.posted if n.package != package]
        if len(kept) != len(self.posted):
            self.posted = kept
            self._changed()

    # the user's ------------------------------------------------------------------------------
    def open_shade(self) -> None:
        if not self.shade_open:
            self.shade_open = True
            self.phone.activities.hide_keyboard()
            self._changed()

    def close_shade(self) -> None:
        if self.shade_open:
            self.shade_open = False
            self._changed()

    def dismiss(self, notification: Notification) -> None:
        """Swiped away: removed, as its app cancelling it would."""
        self.cancel(notification.package, notification.id)
        self.phone.log("android", "NotificationService", f"dismissed: key={notification.key}")

    def clear_all(self) -> None:
        """ "Clear all": every notification goes and the shade closes."""
        self.posted = []
        self.shade_open = False
        self.phone.log("android", "NotificationService", "clear all")
        self._changed()

    def tap(self, notification: Notification) -> None:
        """Open the notification's screen; it goes, and the shade closes."""
        self.cancel(notification.package, notification.id)
        self.close_shade()
        phone = self.phone
        if notification.activity is None:
            phone.launch(notification.package)
        else:
            phone.start_activity(notification.package, notification.activity, **notification.args)

    def dump(self) -> list[str]:
        """What ``dumpsys notification`` prints."""
        lines = ["Current Notification Manager state:", f"  Notification List: {len(self.posted)}"]
        for n in self.posted[::-1]:
            lines += [
                f"    NotificationRecord(pkg={n.package} id={n.id} key={n.key})",
                f"      when={n.when_ms}",
                f"      android.title=String ({n.title})",
                f"      android.text=String ({n.text})",
            ]
        return lines
