"""The launcher: a home screen with a dock, an app drawer opened by swiping up, and recents.

The home screen shows only the dock; every other app is reached through the drawer, as on
a Pixel. Agents that never swipe up never find Settings, just as on a real phone.
"""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.geometry import Rect
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.composites import empty_state, list_item
from mobile_gym.sim.ui.icons import draw_icon
from mobile_gym.sim.ui.theme import Color, Theme
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, LinearLayout, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, TextView

LAUNCHER = "com.android.launcher3"
HOME_ACTIVITY = ".Launcher"
RECENTS_ACTIVITY = "com.android.quickstep.RecentsActivity"
ICON_CELL_DP = 104


class AppIcon(TextView):
    """A launcher shortcut: a round coloured icon with the app's label under it."""

    __slots__ = ("icon", "tile")

    def __init__(self, app: App, on_click) -> None:
        super().__init__(
            app.label,
            desc=app.label,
            on_click=on_click,
            width=0,
            weight=1,
            height=ICON_CELL_DP,
            size=13,
            align="center",
            color="text",
        )
        self.icon = app.icon
        self.tile: Color = app.color

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        cx = (self.bounds.left + self.bounds.right) / 2
        r = d.dp(26)
        cy = self.bounds.top + d.dp(10) + r
        canvas.circle(cx, cy, r, self.tile)
        draw_icon(
            canvas,
            self.icon,
            Rect(round(cx - r), round(cy - r), round(cx + r), round(cy + r)),
            (255, 255, 255),
        )
        label = Rect(
            self.bounds.left, round(cy + r + d.dp(4)), self.bounds.right, self.bounds.bottom
        )
        self.draw_text(canvas, theme, d, label, self.text, theme.text)


def _grid(cells: list[View], columns: int) -> list[View]:
    rows = []
    for start in range(0, len(cells), columns):
        row = cells[start : start + columns]
        row += [View(width=0, weight=1, height=ICON_CELL_DP) for _ in range(columns - len(row))]
        rows.append(
            LinearLayout(orientation="horizontal", height=WRAP, children=row, margin=(0, 8))
        )
    return rows


class Launcher(App):
    """The home app (``com.android.launcher3``)."""

    package = LAUNCHER
    label = "Launcher"
    icon = "apps"
    main_activity = HOME_ACTIVITY
    screens: ClassVar[dict[str, str]] = {HOME_ACTIVITY: "home", RECENTS_ACTIVITY: "recents"}
    in_launcher = False

    def _columns(self, ctx: AppContext) -> int:
        width_dp = ctx.phone.display.width / ctx.phone.display.density
        return 6 if width_dp >= 600 else 5 if width_dp >= 480 else 4

    def _icon(self, ctx: AppContext, app: App) -> AppIcon:
        return AppIcon(app, lambda: ctx.phone.launch(app.package))

    def home(self, ctx: AppContext) -> View:
        if ctx.get("drawer"):
            return self.drawer(ctx)
        now = ctx.now
        dock_apps = [app for app in ctx.phone.launcher_apps() if app.dock]
        return Column(
            TextView(
                f"{now:%A, %B} {now.day}", id="date", size=18, color="text", margin=(24, 32, 24, 0)
            ),
            View(width=MATCH, height=0, weight=1),
            *_grid([self._icon(ctx, app) for app in dock_apps], self._columns(ctx)),
            id="workspace",
            height=MATCH,
            padding=(8, 0, 8, 16),
            background="surface",
        )

    def drawer(self, ctx: AppContext) -> View:
        query = ctx.field("search").strip().lower()
        apps = sorted(ctx.phone.launcher_apps(), key=lambda a: a.label.lower())
        if query:
            apps = [a for a in apps if query in a.label.lower()]
        cells: list[View] = [self._icon(ctx, app) for app in apps]
        rows = _grid(cells, self._columns(ctx))
        if not apps:
            rows = [empty_state("No apps found", id="no_apps")]
        return Column(
            ctx.edit("search", hint="Search apps", id="search_box", margin=(16, 16, 16, 8)),
            ctx.scroller("apps", rows, id="apps_list_view"),
            id="apps_view",
            height=MATCH,
            background="surface",
        )

    def swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.screen.activity != HOME_ACTIVITY:
            return False
        if direction == "up" and not ctx.get("drawer"):
            ctx.set("drawer", True)
            ctx.log("Opened all apps", tag="Launcher")
            return True
        if direction == "down" and ctx.get("drawer"):
            ctx.clear_state()
            return True
        return False

    def back(self, ctx: AppContext) -> bool:
        if ctx.screen.activity == HOME_ACTIVITY and ctx.get("drawer"):
            ctx.clear_state()
            ctx.phone.hide_keyboard()
            return True
        return False

    def recents(self, ctx: AppContext) -> View:
        phone = ctx.phone
        cards: list[View] = []
        for package in reversed(phone.recent_packages()):
            app = phone.apps[package]
            title = phone.task_title(package)
            cards.append(
                list_item(
                    app.label,
                    title,
                    id="snapshot",
                    icon=app.icon,
                    on_click=lambda p=package: phone.launch(p),
                    trailing=ImageButton(
                        "close",
                        desc=f"Dismiss {app.label}",
                        on_click=lambda p=package: phone.remove_task(p),
                    ),
                )
            )
        body: list[View]
        if cards:
            body = [
                ctx.scroller("tasks", cards, id="overview_panel"),
                Button(
                    "Clear all",
                    id="clear_all",
                    on_click=phone.clear_recents,
                    width=WRAP,
                    gravity="center",
                    margin=(0, 8),
                ),
            ]
        else:
            body = [empty_state("No recent items", id="empty_recents")]
        return Column(
            Row(TextView("Recent apps", size=20, width=MATCH), padding=(16, 16)),
            *body,
            height=MATCH,
            background="surface",
        )
