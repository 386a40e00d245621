"""The report page: for every run, its metrics per suite broken down as asked, with 95 %
intervals; the plots of every run together; the per-task comparison of the runs; and
every episode, linked to its viewer page."""

from __future__ import annotations

from collections.abc import Sequence

from mobile_gym import metrics
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.report import _group_name, _number, _rate, metrics_row
from mobile_gym.viewer.compare import Link, comparison_html
from mobile_gym.viewer.page import document, esc, outcome_cell
from mobile_gym.viewer.plots import report_plots
from mobile_gym.viewer.runs import Run

FILTER_SCRIPT = """
document.querySelectorAll('input.filter').forEach((box) => {
  box.addEventListener('input', () => {
    const words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    document.querySelectorAll('#' + box.dataset.table + ' tr.episode').forEach((row) => {
      const text = row.textContent.toLowerCase();
      row.hidden = !words.every((w) => text.includes(w));
    });
  });
});
"""

_COLUMNS = (
    "episodes",
    "SR [95% CI]",
    "SR finished",
    "SE",
    "latency s",
    "tokens",
    "FN rate",
    "FP rate",
    "errors",
)


def metrics_html(records: Sequence[EpisodeRecord], by: str) -> str:
    """MobileAgentBench's metrics per ``by`` group and over all ``records`` (the rows of
    ``mobile_gym.eval.report.metrics_table``), each row carrying its counts as data."""
    groups = metrics.breakdown(records, by)
    rows = [*groups.items(), ("all", metrics.agent_bench(records))]
    body = []
    for name, m in rows:
        shown = "all" if name == "all" else _group_name(by, name)
        cells = metrics_row(m)
        css = ' class="all"' if name == "all" else ""
        body.append(
            f'<tr{css} data-group="{esc(name)}" data-hits="{m.sr.hits}" data-n="{m.sr.n}">'
            f"<td>{esc(shown)}</td>{''.join(f'<td>{esc(c)}</td>' for c in cells)}</tr>"
        )
    head = "".join(f"<th>{esc(c)}</th>" for c in (by, *_COLUMNS))
    return f'<table class="metrics" data-by="{esc(by)}"><tr>{head}</tr>{"".join(body)}</table>'


def _families(records: Sequence[EpisodeRecord]) -> str:
    """The other families' figures, as the terminal table's caption gives them."""
    bench, world, env = (
        metrics.agent_bench(records),
        metrics.mobile_world(records),
        metrics.mobile_env(records),
    )
    return (
        f'<p class="caption">tokens by MobileAgentBench\'s 1024-px image rule: '
        f"{_number(bench.tokens_1024, 0)}; Mobile-Env: average reward "
        f"{_number(env.average_reward)}, reward per step {_number(env.reward_per_step)}; "
        f"MobileWorld: Ave Steps {_number(world.ave_steps)}, Ave Queries "
        f"{_number(world.ave_queries)}, UIQ {_number(world.uiq)}, Ave MCP calls "
        f"{_number(world.ave_mcp_calls)}. SR counts infrastructure errors as failures; "
        "SR finished leaves them out. Intervals are 95 % Wilson intervals.</p>"
    )


def _types_html(records: Sequence[EpisodeRecord]) -> str:
    """Mobile-Env's metrics per task type (as ``mobile_gym.eval.report.mobile_env_table``),
    or nothing when no task has a type."""
    env = metrics.mobile_env(records)
    if not env.by_type:
        return ""
    head = "".join(
        f"<th>{c}</th>"
        for c in ("type", "episodes", "SR [95% CI]", "average reward", "reward per step")
    )
    body = "".join(
        f'<tr class="{"all" if name == "all" else "type"}" data-group="{esc(name)}">'
        f"<td>{esc(name)}</td><td>{m.episodes}</td><td>{esc(_rate(m.sr))}</td>"
        f"<td>{esc(_number(m.average_reward))}</td><td>{esc(_number(m.reward_per_step))}</td></tr>"
        for name, m in [*env.by_type.items(), ("all", env)]
    )
    return (
        f'<p>Mobile-Env metrics by task type</p><table class="types"><tr>{head}</tr>{body}</table>'
    )


def _run_section(run: Run, name: str, by: Sequence[str]) -> str:
    suites = metrics.group_by(run.records, lambda r: r.suite)
    settings = ", ".join(
        f"{esc(key)}={esc(value)}"
        for key, value in sorted(run.settings.items())
        if value not in (None, {}, [], "")
    )
    parts = [
        f"<h2>{esc(name)}</h2><p>agent <b>{esc(run.agent)}</b>, {len(run.records)} episodes "
        f"in {len(suites)} suite(s); folder <code>{esc(run.store.root)}</code></p>"
        f'<p class="caption">settings: {settings or "none recorded"}</p>'
    ]
    blocks = [*suites.items(), *([("all suites", run.records)] if len(suites) > 1 else [])]
    for suite, records in blocks:
        parts.append(f"<h3>suite {esc(suite)}</h3>")
        parts.extend(metrics_html(records, group) for group in by)
        parts.append(_families(records))
        parts.append(_types_html(records))
    return "".join(parts)


def _episodes_table(run: Run, number: int, link: Link) -> str:
    head = "".join(
        f"<th>{c}</th>"
        for c in (
            "task",
            "seed",
            "suite",
            "app",
            "outcome",
            "steps",
            "min",
            "reward",
            "tokens",
            "latency s",
            "episode",
        )
    )
    rows = []
    for record in run.records:
        url = link(run, record)
        view = f'<a href="{esc(url)}">view</a>' if url else "—"
        rows.append(
            f'<tr class="episode" data-key="{esc(record.key)}"><td>{esc(record.task_id)}</td>'
            f'<td>{record.seed}</td><td class="text">{esc(record.suite)}</td>'
            f'<td class="text">{esc(_group_name("app", record.app))}</td>'
            f"{outcome_cell(record.outcome, record.error or record.agent_error)}<td>{record.steps}</td><td>{record.min_steps}</td>"
            f"<td>{record.total_reward:g}</td><td>{record.tokens}</td>"
            f"<td>{record.latency_s:.3g}</td><td>{view}</td></tr>"
        )
    table_id = f"episodes-{number}"
    return (
        f'<input class="filter" data-table="{table_id}" placeholder="filter: task, app, '
        'outcome...">'
        f'<table id="{table_id}"><tr>{head}</tr>{"".join(rows)}</table>'
    )


def report_html(runs: Sequence[Run], names: Sequence[str], by: Sequence[str], link: Link) -> str:
    """The whole report page of ``runs`` (shown under ``names``), broken down by each of
    ``by``; ``link`` gives each episode's viewer page."""
    series = [(name, run.records) for name, run in zip(names, runs, strict=True)]
    plots = "".join(
        f'<figure class="plot" data-plot="{esc(title)}">{svg}</figure>'
        for title, svg in report_plots(series, by[0])
    )
    sections = [_run_section(run, name, by) for run, name in zip(runs, names, strict=True)]
    body = "".join(sections) + f'<h2>Plots</h2><div class="plots">{plots}</div>'
    if len(runs) > 1:
        body += "<h2>Comparison by task</h2>" + comparison_html(runs, names, link)
    for number, (run, name) in enumerate(zip(runs, names, strict=True)):
        body += f"<h2>Episodes of {esc(name)}</h2>" + _episodes_table(run, number, link)
    agents = ", ".join(sorted({run.agent for run in runs}))
    title = "mobile-gym report: " + " vs ".join(names)
    header = (
        f"<h1>{esc(title)}</h1><p>{sum(len(r.records) for r in runs)} episodes; "
        f"agents: {esc(agents)}</p>"
    )
    return document(title, header, body, FILTER_SCRIPT)
