"""Settings > Display > "Display size and text": the Font size and Display size sliders.

Both are stepped sliders with a minus button before and a plus button after, as Android 14
shows them; a tap on a slider picks the step under the finger (a touch at or past an end
picks that end).

- **Font size** steps through :data:`FONT_SCALES` and writes ``system/font_scale`` as
  Android does (``Settings.System.putFloat``: ``0.85``, ``1.0``, ... ``2.0``).
- **Display size** steps through the densities Android offers for the phone's screen
  (:func:`display_densities`: one smaller than the panel's own dpi, the panel's own, and up
  to three larger, the largest keeping the narrow side at least 320 dp wide and at most
  1.5 times the panel's dpi; a 1080-pixel-wide 420 dpi phone gets 356, 420, 460, 500 and
  540). A density other than the panel's own is written to ``secure/display_density_forced``
  (what ``wm density N`` sets); the panel's own clears it to an empty value, as Android's
  ``wm density reset`` does, and ``wm density`` then reports no override.

"Reset settings" (after a confirmation) puts both back. The settings are stored and shown
on this page (its preview line is drawn at the chosen font size); the rest of the phone's
screens keep their own text size and density.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.display import Display
from mobile_gym.sim.system.java_numbers import java_float, java_int
from mobile_gym.sim.ui.composites import section_header
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, SeekBar, TextView

FONT_SCALES: tuple[float, ...] = (0.85, 1.0, 1.15, 1.3, 1.5, 1.8, 2.0)
"""The Font size slider's steps (``system/font_scale``)."""

DENSITY_KEY = ("secure", "display_density_forced")
"""Where a display size other than the panel's own is kept."""

_SMALLEST = 0.85
_LARGEST = 1.5
_STEP = 0.09
_NARROWEST_DP = 320
_LARGER_STEPS = 3
_SMALLER_STEPS = 1


def display_densities(display: Display) -> list[int]:
    """The Display size slider's densities for ``display``, smallest first."""
    own = display.dpi
    densest = 160 * min(display.width, display.height) / _NARROWEST_DP
    largest = min(_LARGEST, densest / own)
    larger = max(0, min(_LARGER_STEPS, int((largest - 1) / _STEP)))
    smaller = max(0, min(_SMALLER_STEPS, int((1 - _SMALLEST) / _STEP)))
    below = [int(own * (1 - i * (1 - _SMALLEST) / smaller)) & ~1 for i in range(smaller, 0, -1)]
    above = [int(own * (1 + i * (largest - 1) / larger)) & ~1 for i in range(1, larger + 1)]
    return [*below, own, *above]


def current_density(ctx: AppContext) -> int:
    """The density in force: the forced one if set (a positive whole number), else the
    panel's own."""
    forced = java_int(ctx.settings.get(*DENSITY_KEY))
    return forced if forced is not None and forced > 0 else ctx.phone.display.dpi


def current_font_scale(ctx: AppContext) -> float:
    """``system/font_scale`` as a number, read as Android reads it (1.0 when unset or
    unreadable)."""
    scale = java_float(ctx.settings.get("system", "font_scale") or "")
    return scale if scale is not None and math.isfinite(scale) else 1.0


def _nearest(steps: Sequence[float], value: float) -> int:
    return min(range(len(steps)), key=lambda i: abs(steps[i] - value))


def set_font_scale(ctx: AppContext, scale: float) -> None:
    """Store font scale ``scale`` as Android writes it, and log it."""
    ctx.settings.put("system", "font_scale", str(scale))
    ctx.log(f"Font size set to {scale}", tag="TextReadingSettings")


def set_density(ctx: AppContext, density: int) -> None:
    """Force display density ``density`` (the panel's own clears the override)."""
    own = ctx.phone.display.dpi
    ctx.settings.put(*DENSITY_KEY, "" if density == own else str(density))
    ctx.log(f"Display size set to {density} dpi", tag="TextReadingSettings")


def _summary(id: str, text: str) -> TextView:
    """The grey line under a slider's heading."""
    return TextView(text, id=id, size=14, color="text_secondary", width=MATCH, padding=(16, 0))


def _stepper(
    id: str,
    noun: str,
    steps: Sequence[float],
    index: int,
    choose: Callable[[int], None],
) -> View:
    """Minus button, stepped slider, plus button; ``choose(i)`` applies step ``i``."""
    last = len(steps) - 1

    def pick(i: int) -> None:
        if i != index:
            choose(i)

    return Row(
        ImageButton(
            "remove",
            id=f"{id}_smaller",
            desc=f"Smaller {noun}",
            enabled=index > 0,
            on_click=lambda: pick(max(index - 1, 0)),
        ),
        SeekBar(
            value=index,
            maximum=last,
            on_change=pick,
            id=f"{id}_seekbar",
            desc=noun.capitalize(),
            width=0,
            weight=1,
        ),
        ImageButton(
            "add",
            id=f"{id}_larger",
            desc=f"Larger {noun}",
            enabled=index < last,
            on_click=lambda: pick(min(index + 1, last)),
        ),
        width=MATCH,
        padding=(8, 0),
    )


def text_reading_rows(ctx: AppContext) -> list[View]:
    """The rows of the "Display size and text" page."""
    scale = current_font_scale(ctx)
    font_index = _nearest(FONT_SCALES, scale)
    densities = display_densities(ctx.phone.display)
    density = current_density(ctx)
    density_index = _nearest(densities, density)

    def reset() -> None:
        set_font_scale(ctx, 1.0)
        set_density(ctx, ctx.phone.display.dpi)

    confirm = ctx.dialog(
        "reset_text",
        "Reset display size and text?",
        "Font size and display size go back to the phone's defaults.",
        buttons=[("Cancel", None), ("Reset", reset)],
    )
    return [
        TextView(
            "The quick brown fox jumps over the lazy dog.",
            id="preview_text",
            size=round(16 * FONT_SCALES[font_index]),
            max_lines=3,
            width=MATCH,
            padding=(16, 12),
        ),
        section_header("Font size"),
        _summary("font_size_summary", "Make text bigger or smaller"),
        _stepper(
            "font_size",
            "font size",
            FONT_SCALES,
            font_index,
            lambda i: set_font_scale(ctx, FONT_SCALES[i]),
        ),
        section_header("Display size"),
        _summary("display_size_summary", "Make everything bigger or smaller"),
        _stepper(
            "display_size",
            "display size",
            densities,
            density_index,
            lambda i: set_density(ctx, densities[i]),
        ),
        Column(
            Button("Reset settings", id="reset_button", on_click=confirm),
            width=MATCH,
            padding=(16, 16),
        ),
    ]
