"""The report's plots as inline SVG, drawn by matplotlib (the ``ui`` extra): success rates
with their Wilson intervals, and histograms of per-episode figures, one series per run."""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from mobile_gym import metrics
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.report import _group_name

Series = tuple[str, Sequence[EpisodeRecord]]
"""A run's name and its records."""

_COLOURS = ("#3b6fd6", "#e0654a", "#3aa776", "#9b59b6", "#d4a017", "#555555")


class PlotError(ImportError):
    """matplotlib is missing."""


def _figure(width: float, height: float) -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotError(
            "the report's plots need matplotlib: pip install 'mobile-gym[ui]'"
        ) from None
    return Figure(figsize=(width, height), layout="constrained")


def _literal(text: str) -> str:
    """``text`` escaped for matplotlib, which reads a pair of ``$`` as mathtext: a label
    from a run (a suite, a run's name) prints as written."""
    return text.replace("$", r"\$")


def _svg(figure: Any) -> str:
    """The figure as an SVG element (text kept as text, no XML prologue)."""
    import matplotlib

    buffer = io.StringIO()
    with (
        matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "mobile-gym"}),
        warnings.catch_warnings(),
    ):
        # text stays text in the SVG, drawn by the browser's fonts: a glyph (a Chinese app
        # name) missing from matplotlib's own font only measures the label roughly
        warnings.filterwarnings("ignore", r"Glyph \d+ .* missing from font", UserWarning)
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def success_rates(series: Sequence[Series], by: str, title: str) -> str:
    """Grouped bars of the success rate per ``by`` group (``metrics.BREAKDOWNS``), one bar
    per run, each with its 95 % Wilson interval."""
    groups = sorted({metrics.BREAKDOWNS[by](r) for _, records in series for r in records})
    figure = _figure(max(4.0, 0.55 * len(groups) * max(1, len(series)) + 1.5), 3.2)
    axes = figure.subplots()
    width = 0.8 / max(1, len(series))
    for number, (name, records) in enumerate(series):
        rates = metrics.group_by(records, metrics.BREAKDOWNS[by])
        xs, values, low, high = [], [], [], []
        for position, group in enumerate(groups):
            rate = metrics.success_rate(rates.get(group, []))
            if rate.n == 0:
                continue
            interval = rate.interval or (0.0, 0.0)
            xs.append(position + (number - (len(series) - 1) / 2) * width)
            values.append(rate.value or 0.0)
            low.append(max(0.0, (rate.value or 0.0) - interval[0]))
            high.append(max(0.0, interval[1] - (rate.value or 0.0)))
        axes.bar(
            xs,
            values,
            width,
            yerr=[low, high],
            capsize=3,
            label=_literal(name),
            color=_COLOURS[number % len(_COLOURS)],
        )
    labels = [_group_name(by, group) for group in groups]
    tilt = len(groups) > 4 or any(len(label) > 12 for label in labels)
    axes.set_xticks(
        range(len(groups)),
        [_literal(label) for label in labels],
        rotation=30 if tilt else 0,
        ha="right" if tilt else "center",
        fontsize=8,
    )
    axes.set_ylim(0, 1.05)
    axes.set_ylabel("success rate (95% Wilson CI)")
    axes.set_title(title, fontsize=10)
    _legend(figure, series)
    return _svg(figure)


def histogram(
    series: Sequence[Series],
    value: Callable[[EpisodeRecord], float | None],
    title: str,
    xlabel: str,
    integer: bool = False,
) -> str:
    """A histogram of ``value`` over each run's episodes (None values left out), the runs
    overlaid."""
    figure = _figure(4.2, 2.8)
    axes = figure.subplots()
    data = [[v for r in records if (v := value(r)) is not None] for _, records in series]
    everything = [v for values in data for v in values]
    if everything:
        low, high = min(everything), max(everything)
        if integer:
            bins: Any = [x - 0.5 for x in range(int(low), int(high) + 2)]
        elif high > low:
            bins = [low + (high - low) * k / 12 for k in range(13)]
        else:
            bins = [low - 0.5, low + 0.5]
        for number, ((name, _), values) in enumerate(zip(series, data, strict=True)):
            axes.hist(
                values,
                bins=bins,
                alpha=0.6 if len(series) > 1 else 0.9,
                label=_literal(name),
                color=_COLOURS[number % len(_COLOURS)],
            )
        _legend(figure, series)
    else:
        axes.text(0.5, 0.5, "no values", ha="center", va="center", transform=axes.transAxes)
    axes.set_title(title, fontsize=10)
    axes.set_xlabel(xlabel, fontsize=8)
    axes.set_ylabel("episodes", fontsize=8)
    return _svg(figure)


def _legend(figure: Any, series: Sequence[Series]) -> None:
    """The runs' legend below the plot, when there is more than one run."""
    if len(series) > 1:
        figure.legend(loc="outside lower center", ncols=min(len(series), 4), fontsize=8)


def report_plots(series: Sequence[Series], by: str) -> list[tuple[str, str]]:
    """The report's plots, each a title and its SVG: the success rate per ``by`` group,
    and the histograms of steps, reward, step efficiency, tokens and latency."""
    return [
        (f"Success rate by {by}", success_rates(series, by, f"Success rate by {by}")),
        ("Steps", histogram(series, lambda r: r.steps, "Steps per episode", "steps", True)),
        ("Reward", histogram(series, lambda r: r.total_reward, "Episode reward", "reward")),
        (
            "Step efficiency",
            histogram(
                series,
                lambda r: r.steps / r.min_steps if r.success and r.min_steps else None,
                "Step efficiency (successes)",
                "steps / minimum steps",
            ),
        ),
        ("Tokens", histogram(series, lambda r: r.tokens, "Tokens per episode", "tokens")),
        (
            "Latency",
            histogram(
                series,
                lambda r: r.latency_s / d if (d := r.decisions or r.steps) else None,
                "Latency per decision",
                "seconds",
            ),
        ),
    ]
