"""The shell of the report's and the viewer's pages: one self-contained HTML document (its
style and script inline, nothing fetched), so that a page opens offline from disk."""

from __future__ import annotations

import html

STYLE = """
:root { --ok: #1e8e4e; --bad: #c0392b; --err: #a66d00; --line: #ddd; --muted: #666; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0;
  color: #222; background: #fafafa; }
header { background: #243447; color: #fff; padding: 14px 24px; }
header h1 { margin: 0; font-size: 20px; }
header p { margin: 4px 0 0; color: #c9d3de; }
header a { color: #9cc4ff; }
main { padding: 16px 24px; max-width: 1400px; }
h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 18px 0 6px; }
table { border-collapse: collapse; background: #fff; margin: 6px 0 12px; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: right;
  white-space: nowrap; }
th { background: #f0f3f6; }
td:first-child, th:first-child, td.text { text-align: left; }
tr.all td { font-weight: 600; background: #f7f7f7; }
tr.differs td { background: #fff3d6; }
.success { color: var(--ok); } .failure { color: var(--bad); } .error { color: var(--err); }
.caption { color: var(--muted); font-size: 12px; max-width: 1100px; }
.plots { display: flex; flex-wrap: wrap; gap: 12px; }
.plot { background: #fff; border: 1px solid var(--line); padding: 4px; margin: 0; }
.plot svg { display: block; width: 420px; max-width: 100%; height: auto; }
input.filter { padding: 4px 8px; width: 280px; margin: 4px 0; }
.seeds a { text-decoration: none; margin: 0 1px; }
code, pre { font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; }
pre { white-space: pre-wrap; word-break: break-word; background: #f4f4f4; padding: 6px;
  margin: 2px 0 8px; max-height: 260px; overflow: auto; }
.viewer { display: flex; gap: 20px; align-items: flex-start; }
.viewer .screen img { height: min(68vh, 640px); border: 1px solid #999; border-radius: 6px; }
.details { flex: 1; min-width: 320px; }
.details dl { display: grid; grid-template-columns: 150px 1fr; gap: 4px 12px; margin: 0; }
.details dt { font-weight: 600; color: #444; }
.details dd { margin: 0; min-width: 0; }
.details h3 { margin-top: 0; }
.strip { display: flex; gap: 6px; overflow-x: auto; padding: 8px 0; margin-top: 12px; }
.strip figure { margin: 0; text-align: center; cursor: pointer; border: 2px solid transparent;
  border-radius: 4px; padding: 2px; }
.strip figure.current { border-color: #ff4081; background: #ffe6ef; }
.strip img { width: 72px; display: block; }
.strip figcaption { font-size: 11px; color: var(--muted); }
.keys { color: var(--muted); font-size: 12px; }
"""


def esc(value: object) -> str:
    """``value`` as HTML text."""
    return html.escape(str(value), quote=True)


def document(title: str, header: str, body: str, script: str = "") -> str:
    """A whole HTML page: ``header`` and ``body`` are HTML, ``script`` JavaScript."""
    code = f"<script>{script}</script>" if script else ""
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<style>{STYLE}</style></head><body><header>{header}</header>"
        f"<main>{body}</main>{code}</body></html>\n"
    )


def outcome_cell(outcome: str, why: str | None = None) -> str:
    """An episode's outcome as a coloured cell; ``why`` (an error) shows on hover."""
    title = f' title="{esc(why)}"' if why else ""
    return f'<td class="text {esc(outcome)}"{title}>{esc(outcome)}{" ⓘ" if why else ""}</td>'
