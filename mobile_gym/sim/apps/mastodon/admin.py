"""Administration, for staff accounts (the owner): the dashboard (users, posts, pending
reports, space usage) and the moderation list of reports."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.ui.composites import empty_state, list_item, section_header
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView

STAFF_ROLES = ("Owner", "Admin", "Moderator")
REPORT_ROW_DP = 92
REPORT_TABS = (("Unresolved", "bell"), ("Resolved", "check"))
UNITS = ("B", "KB", "MB", "GB", "TB")


def is_staff(ctx: AppContext) -> bool:
    """Whether the account in use has a staff role (users.role)."""
    row = (
        data.db(ctx)
        .execute("SELECT role FROM users WHERE account_id = ?", (data.me(ctx),))
        .fetchone()
    )
    return bool(row) and row[0] in STAFF_ROLES


def human_size(size: int) -> str:
    """Bytes as the dashboard writes them: three significant digits, 1024-based units
    (``23 MB``, ``22.4 MB``, ``812 KB``)."""
    value, unit = float(size), 0
    while value >= 1024 and unit < len(UNITS) - 1:
        value, unit = value / 1024, unit + 1
    digits = max(0, 3 - len(str(int(value))))
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:.0f}"
    return f"{text} {UNITS[unit]}"


def dashboard_screen(ctx: AppContext) -> View:
    if not is_staff(ctx):
        return Column(ctx.up_bar("Administration"), empty_state("You are not allowed here"))
    conn = data.db(ctx)
    users, posts, pending = conn.execute(
        "SELECT (SELECT COUNT(*) FROM accounts),"
        " (SELECT COUNT(*) FROM statuses WHERE reblog_of_id IS NULL),"
        " (SELECT COUNT(*) FROM reports WHERE action_taken_by_account_id IS NULL)"
    ).fetchone()
    usage = conn.execute("SELECT name, bytes FROM space_usage ORDER BY id").fetchall()
    items: list[View] = [
        section_header("Key metrics"),
        list_item("Users", str(users), id="admin_users", subtitle_id="admin_users_count"),
        list_item("Posts", str(posts), id="admin_posts", subtitle_id="admin_posts_count"),
        list_item(
            "Pending reports",
            str(pending),
            id="admin_pending_reports",
            subtitle_id="pending_reports_count",
            on_click=lambda: ctx.open(data.REPORTS),
        ),
        section_header("Space usage"),
        *[
            list_item(
                name,
                human_size(size),
                id="space_usage_row",
                title_id="space_usage_name",
                subtitle_id="space_usage_size",
            )
            for name, size in usage
        ],
    ]
    return Column(ctx.up_bar("Administration"), Column(*items, width=MATCH), height=MATCH)


def _report_row(row: object) -> View:
    item = dict(row)  # type: ignore[call-overload]
    comment = item["comment"] or "No comment"
    return Column(
        TextView("@" + item["target"], id="report_target", bold=True, width=MATCH),
        TextView(
            f"Reported by @{item['reporter']} · {item['category']}",
            id="report_details",
            size=13,
            color="text_secondary",
            width=MATCH,
        ),
        TextView(comment, id="report_comment", size=14, max_lines=1, width=MATCH),
        id="report",
        width=MATCH,
        height=REPORT_ROW_DP,
        padding=(16, 10),
    )


def reports_screen(ctx: AppContext) -> View:
    """The reports, unresolved (no action taken) or resolved, newest first."""
    if not is_staff(ctx):
        return Column(ctx.up_bar("Reports"), empty_state("You are not allowed here"))
    resolved = ctx.get("resolved", 0)
    items = data.rows(
        ctx,
        "SELECT r.id, r.category, r.comment, t.username AS target, a.username AS reporter "
        "FROM reports r JOIN accounts t ON t.id = r.target_account_id "
        "JOIN accounts a ON a.id = r.account_id "
        "WHERE (r.action_taken_by_account_id IS NULL) = ? "
        "ORDER BY r.created_at DESC, r.id DESC",
        (0 if resolved else 1,),
    )
    body = (
        ctx.scroller(
            "reports",
            items=items,
            item_height=REPORT_ROW_DP,
            render_item=lambda _i, row: _report_row(row),
            id="reports_list",
        )
        if items
        else empty_state("No reports", id="empty")
    )
    tabs = tab_bar(REPORT_TABS, resolved, lambda i: ctx.set("resolved", i), id="report_tabs")
    return Column(ctx.up_bar("Reports"), tabs, Column(body, height=0, weight=1), height=MATCH)
