"""The body of a "Properties" dialog: one labelled value per row (``property_label`` above
``property_value``), as the Simple apps list a file's or a song's details."""

from __future__ import annotations

from collections.abc import Sequence

from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView


def properties_body(pairs: Sequence[tuple[str, str]]) -> list[View]:
    """A row per (label, value) pair."""
    return [
        Column(
            TextView(label, id="property_label", size=14, bold=True, width=MATCH),
            TextView(value, id="property_value", size=15, max_lines=3, width=MATCH),
            margin=(0, 10, 0, 0),
        )
        for label, value in pairs
    ]
