"""A tab bar (Material ``TabLayout``): equal tabs with an icon and a label, one selected."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mobile_gym.sim.ui.composites import Handler
from mobile_gym.sim.ui.view import MATCH, Column, LinearLayout, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

INDICATOR_DP = 3


class TabLayout(LinearLayout):
    """The row of tabs; dumped with the class a real TabLayout reports."""

    __slots__ = ()

    cls = "android.widget.HorizontalScrollView"


def tab_bar(
    tabs: Sequence[tuple[str, str]],
    selected: int,
    on_select: Callable[[int], None],
    *,
    id: str = "main_tabs_holder",
) -> TabLayout:
    """Tabs ``(label, icon)``; the selected one is ``selected`` and underlined in the primary
    colour. Each tab is a clickable node named by its label (``content-desc``); tapping one
    calls ``on_select`` with its index."""
    if not 0 <= selected < len(tabs):
        raise ValueError(f"selected tab {selected} is not one of the {len(tabs)} tabs")

    def select(index: int) -> Handler:
        return lambda: on_select(index)

    views: list[View] = []
    for index, (label, icon) in enumerate(tabs):
        chosen = index == selected
        color = "primary" if chosen else "text_secondary"
        views.append(
            Column(
                ImageView(icon, size=24, tint=color, gravity="center", margin=(0, 8, 0, 0)),
                TextView(label, size=13, color=color, bold=chosen, gravity="center"),
                View(
                    width=MATCH,
                    height=INDICATOR_DP,
                    background="primary" if chosen else None,
                    margin=(0, 6, 0, 0),
                ),
                desc=label,
                width=0,
                weight=1,
                selected=chosen,
                on_click=select(index),
            )
        )
    return TabLayout(orientation="horizontal", id=id, background="surface", children=views)
