"""The episode viewer: one self-contained HTML page per episode, a filmstrip of its steps
(each screen with the action drawn on it) and, for the step in view, the instruction, the
agent's raw output, reward, events, errors, the user's reply and tool results. The left and
right arrow keys, Home and End move through the steps (with Alt, Ctrl or Meta held they keep
their browser meaning, Alt+← going back); ``#stepN`` opens the page at step N, and shows step
N when the address changes to it (a link, Back, Forward). An episode with no screen (nothing
saved, and none replayed) is shown without them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from mobile_gym.viewer.drawing import jpeg_data_url
from mobile_gym.viewer.filmstrip import Frame
from mobile_gym.viewer.page import document, esc
from mobile_gym.viewer.runs import EpisodeSteps

SCRIPT = """
const figures = Array.from(document.querySelectorAll('.strip figure'));
const steps = Array.from(document.querySelectorAll('section.step'));
const screen = document.getElementById('screen');
function show(i) {
  i = Math.max(0, Math.min(figures.length - 1, i));
  figures.forEach((f, j) => f.classList.toggle('current', j === i));
  steps.forEach((s, j) => { s.hidden = j !== i; });
  screen.src = figures[i].querySelector('img').src;
  document.body.dataset.current = String(i);
  const strip = figures[i].parentElement;
  const left = figures[i].offsetLeft - strip.offsetLeft;
  if (left < strip.scrollLeft || left + figures[i].offsetWidth > strip.scrollLeft + strip.clientWidth) {
    strip.scrollLeft = left - strip.clientWidth / 2;
  }
}
function named() {  // the frame of the address's #stepN (the first if none)
  const wanted = (location.hash.match(/^#step(\\d+)$/) || [])[1];
  return Math.max(0, figures.findIndex((f) => f.dataset.step === wanted));
}
figures.forEach((f, j) => f.addEventListener('click', () => show(j)));
document.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const now = Number(document.body.dataset.current || 0);
  const moves = {ArrowRight: now + 1, ArrowLeft: now - 1, Home: 0, End: figures.length - 1};
  if (event.key in moves) { event.preventDefault(); show(moves[event.key]); }
});
window.addEventListener('hashchange', () => show(named()));
show(named());
"""


def episode_html(episode: EpisodeSteps, frames: Sequence[Frame], back: str = "") -> str:
    """The viewer page of ``episode`` from its ``frames`` (``filmstrip``); ``back`` links
    to the report (relative URL; none if empty)."""
    record = episode.record
    images = [jpeg_data_url(frame.image) for frame in frames]  # (``FRAME_WIDTH`` wide)
    strip = "".join(
        f'<figure data-step="{frame.step}"><img src="{image}" alt="step {frame.step}">'
        f"<figcaption>{_caption(frame)}</figcaption></figure>"
        for frame, image in zip(frames, images, strict=True)
    )
    panels = "".join(
        _panel(frame, instruction, number)
        for number, (frame, instruction) in enumerate(
            zip(frames, _in_force(frames, record.instruction), strict=True)
        )
    )
    summary = (
        f"{esc(record.agent)} · seed {record.seed} · "
        f'<span class="{esc(record.outcome)}">{esc(record.outcome)}</span> · '
        f"{record.steps} steps (minimum {record.min_steps}) · reward {record.total_reward:g}"
    )
    link = f' · <a href="{esc(back)}">report</a>' if back else ""
    problems = "".join(
        f'<p class="error">{esc(name)}: {esc(value)}</p>'
        for name, value in (("error", record.error), ("agent error", record.agent_error))
        if value
    )
    header = f"<h1>{esc(record.task_id)}</h1><p>{summary}{link}</p>"
    title = f"{record.task_id} seed {record.seed}"
    body = f"<p><b>Instruction:</b> {esc(record.instruction)}</p>{problems}"
    if not frames:
        return document(title, header, f'{body}<p class="caption">No screens saved.</p>')
    body += (
        '<div class="viewer"><div class="screen">'
        f'<img id="screen" src="{images[0]}" alt="the screen of the step in view"></div>'
        f'<div class="details">{panels}</div></div>'
        f'<div class="strip">{strip}</div>'
        '<p class="keys">← → move through the steps, Home and End jump to the first and '
        "last; click a frame to see it. Each screen is the one the step's action acted on; "
        "the last is the screen the episode ended on.</p>"
    )
    return document(title, header, body, SCRIPT)


def _in_force(frames: Sequence[Frame], instruction: str) -> list[str]:
    """The instruction in force when each frame's action was taken, from the episode's
    first ``instruction`` on: as in the dataset's rows (``mobile_gym.data.rows``), an
    instruction a step released holds from the next action on."""
    found: list[str] = []
    for frame in frames:
        found.append(instruction)
        if frame.line is not None and frame.line.get("instructions"):
            instruction = frame.line["instructions"][-1]
    return found


def _caption(frame: Frame) -> str:
    if frame.line is None:
        return "end"
    mark = " ★" if frame.line.get("reward") else ""
    return f"{frame.step}{mark}"


def _panel(frame: Frame, instruction: str, number: int) -> str:
    """The details of one frame's step (``instruction``: the one in force when its action
    was taken), shown while it is in view."""
    line = frame.line
    if line is None:
        items = [("screen", "the screen the episode ended on")]
        items += list(frame.after.items())
        return _section(number, "End", items)
    items: list[tuple[str, Any]] = [
        ("action", frame.mark.label if frame.mark else ""),
        ("action as recorded", json.dumps(line.get("action"), ensure_ascii=False)),
        ("agent output", line.get("output")),
        ("instruction in force", instruction),
        ("reward", line.get("reward")),
        ("events", ", ".join(line.get("events") or []) or "none"),
        ("new instruction", " / ".join(line.get("instructions") or []) or None),
        ("action error", line.get("action_error")),
        ("asked the user", "yes" if line.get("asked_user") else None),
        ("MCP tool call", "yes" if line.get("mcp_call") else None),
        *frame.after.items(),
        ("flags", _flags(line)),
        ("latency", f"{line.get('latency_s', 0):.3g} s"),
        ("tokens", line.get("tokens_reported") or line.get("tokens_estimated")),
    ]
    return _section(number, f"Step {frame.step}", items)


def _flags(line: dict[str, Any]) -> str | None:
    names = ("success", "early_stop", "late_stop")
    return ", ".join(name for name in names if line.get(name)) or None


def _section(number: int, title: str, items: Sequence[tuple[str, Any]]) -> str:
    rows = "".join(
        f"<dt>{esc(name)}</dt><dd>{_value(name, value)}</dd>"
        for name, value in items
        if value not in (None, "")
    )
    return f'<section class="step" data-index="{number}" hidden><h3>{esc(title)}</h3><dl>{rows}</dl></section>'


def _value(name: str, value: Any) -> str:
    text = str(value)
    if "\n" in text or len(text) > 90 or name in ("agent output", "action as recorded"):
        return f"<pre>{esc(text)}</pre>"
    css = ' class="error"' if name == "action error" else ""
    return f"<span{css}>{esc(text)}</span>"
