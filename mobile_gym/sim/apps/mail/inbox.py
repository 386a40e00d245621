"""The mail list: a folder or label (picked in the navigation drawer), search, row menus."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.mail import data
from mobile_gym.sim.apps.mail.data import Mail
from mobile_gym.sim.apps.mail.labels import label_dialog
from mobile_gym.sim.apps.mail.seed import import_state
from mobile_gym.sim.apps.text_search import holding
from mobile_gym.sim.ui.composites import Toolbar, app_bar, empty_state, fab, side_drawer
from mobile_gym.sim.ui.dates import short_date
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

ROW_DP = 88
AVATAR_COLORS = ((219, 68, 55), (15, 157, 88), (66, 133, 244), (244, 160, 0), (171, 71, 188))


def search(ctx: AppContext) -> Search:
    return Search(ctx, "Search in mail")


def folder(ctx: AppContext) -> str:
    """The folder or label shown (``inbox`` until another is picked in the drawer)."""
    return ctx.get("folder", "inbox")


def open_mail(ctx: AppContext, mail: Mail) -> None:
    """A draft opens in the editor; any other mail opens (and counts as read from then on)."""
    if mail.folder == "drafts":
        ctx.open(data.COMPOSE, draft=mail.id)
        return
    if not mail.read:
        data.set_read(ctx, mail.id, True, log=False)
    ctx.open(data.VIEW, mail=mail.id)


def row_menu(ctx: AppContext, mail: Mail) -> list[tuple[str, Handler]]:
    """What a long press on a row offers."""
    mail_id = mail.id
    if mail.folder == "drafts":
        return [("Discard draft", lambda: data.discard_draft(ctx, mail_id))]
    items: list[tuple[str, Handler]] = []
    if mail.folder in ("archive", "trash"):
        items.append(data.restore_item(ctx, mail))
    if mail.folder == "inbox":
        items.append(("Archive", lambda: data.move(ctx, mail_id, "archive")))
    if mail.folder == "trash":
        items.append(("Delete forever", lambda: data.delete_forever(ctx, mail_id)))
    else:
        items.append(("Delete", lambda: data.move(ctx, mail_id, "trash")))
    items += [
        (
            "Mark as unread" if mail.read else "Mark as read",
            lambda: data.set_read(ctx, mail_id, not mail.read),
        ),
        (
            "Remove star" if mail.starred else "Add star",
            lambda: data.set_starred(ctx, mail_id, not mail.starred),
        ),
        ("Label as", label_dialog(ctx, mail)),
    ]
    return items


def mail_row(ctx: AppContext, mail: Mail, on_long: Handler) -> View:
    """One row: avatar, sender (recipients in Sent and Drafts), date, subject, snippet, star."""
    who = mail.sender
    if mail.folder in ("sent", "drafts"):
        who = "To: " + (mail.to_address or "(no recipients)")
        if mail.folder == "drafts":
            who = "Draft · " + who
    bold = not mail.read
    color = AVATAR_COLORS[sum(map(ord, mail.sender_address or who)) % len(AVATAR_COLORS)]
    trailing: list[View] = [
        TextView(
            short_date(mail.date, ctx.now), id="date", size=12, bold=bold, color="text_secondary"
        )
    ]
    if mail.attachment_list:
        trailing.append(ImageView("file", size=18, id="attachment_indicator", desc="Attachment"))
    snippet = mail.body.replace("\n", " ")
    return Row(
        ImageView(
            size=40,
            circle=color,
            letter=(mail.sender or "?")[:1].upper(),
            tint=(255, 255, 255),
            id="avatar",
            gravity="start",
        ),
        Column(
            Row(TextView(who, id="sender", size=16, bold=bold, width=0, weight=1), *trailing),
            TextView(mail.subject or "(no subject)", id="subject", size=14, bold=bold, width=MATCH),
            TextView(snippet, id="snippet", size=14, color="text_secondary", width=MATCH),
            width=0,
            weight=1,
            margin=(16, 0, 0, 0),
        ),
        ImageButton(
            "star",
            desc="Starred" if mail.starred else "Not starred",
            id="star",
            size=40,
            padding=8,
            tint=(244, 180, 0) if mail.starred else "hint",
            gravity="end",
            margin=(0, 28, 0, 0),
            on_click=lambda: data.set_starred(ctx, mail.id, not mail.starred),
        ),
        id="mail_row",
        height=ROW_DP,
        padding=(16, 8, 8, 8),
        background=None if mail.read else "surface",
        on_click=lambda: open_mail(ctx, mail),
        on_long_click=on_long,
    )


def _drawer(ctx: AppContext, shown: str) -> View:
    """The navigation drawer: the account, the folders with unread counts, the labels."""

    def pick(name: str) -> Handler:
        def run() -> None:
            ctx.pop("drawer")
            ctx.set("folder", name)
            ctx.scroll_to("mails", 0)

        return run

    reading = data.drawer(ctx)

    def item(name: str, icon: str) -> View:
        unread = reading.unread.get(name, 0)
        return Row(
            ImageView(icon, size=24, margin=(0, 0, 24, 0)),
            TextView(data.folder_title(name), id="drawer_item", size=15, width=0, weight=1),
            *([TextView(str(unread), id="drawer_count", size=13)] if unread else []),
            height=48,
            padding=(24, 0, 16, 0),
            radius=24,
            background="surface_variant" if name == shown else None,
            selected=name == shown,
            on_click=pick(name),
        )

    rows: list[View] = [
        TextView("Gmail", size=22, color=(219, 68, 55), bold=True, margin=(24, 20, 0, 4)),
        TextView(
            data.ACCOUNT,
            id="account_address",
            size=13,
            color="text_secondary",
            margin=(24, 0, 0, 12),
        ),
    ]
    rows += [item(name, data.FOLDER_ICONS[name]) for name in data.FOLDERS]
    rows.append(TextView("Labels", size=13, color="text_secondary", margin=(24, 12, 0, 4)))
    rows += [item("label:" + label, "folder") for label in reading.labels]
    return side_drawer(rows, id="navigation_drawer", on_close=lambda: ctx.pop("drawer"))


def _bar(ctx: AppContext, searching: Search, shown: str) -> Toolbar:
    if searching.active:
        return searching.bar()
    return app_bar(
        [
            ImageButton(
                "menu",
                desc="Open navigation drawer",
                id="open_drawer",
                on_click=lambda: ctx.set("drawer", True),
            ),
            TextView(
                data.folder_title(shown),
                id="toolbar_title",
                size=20,
                width=0,
                weight=1,
                margin=(4, 0, 0, 0),
            ),
            ImageButton("search", desc="Search in mail", id="open_search", on_click=searching.open),
            ImageView(
                size=32,
                circle=(15, 157, 88),
                letter=data.ACCOUNT_NAME[:1],
                tint=(255, 255, 255),
                desc="Account " + data.ACCOUNT,
                id="account",
                margin=(4, 0, 12, 0),
            ),
        ]
    )


def main_screen(ctx: AppContext) -> View:
    import_state(ctx)
    searching = search(ctx)
    shown = folder(ctx)
    query = searching.query
    if query:
        columns = ("sender_name", "sender_address", "subject", "body", "to_address", "cc", "bcc")
        holds = holding(ctx.db(), *columns)
        where = f"folder NOT IN ('trash', 'drafts') AND {holds}"
        params: list[object] = [query] * len(columns)
        empty = "No results"
    else:
        where, params = data.folder_where(shown)
        empty = f"Nothing in {data.folder_title(shown)}"
    rows = ctx.rows(
        f"SELECT {data.COLUMNS} FROM mails WHERE {where} ORDER BY date DESC, id DESC", params
    )
    picked = ctx.get("picked")
    chosen = data.mail(ctx, picked) if picked is not None else None
    open_menu = ctx.menu("row", row_menu(ctx, chosen) if chosen else [], at_touch=True)

    def long_press(mail_id: int) -> Handler:
        def run() -> None:
            ctx.set("picked", mail_id)
            open_menu()

        return run

    def render(index: int, row: object) -> View:
        mail = Mail(*rows[index])
        return mail_row(ctx, mail, long_press(mail.id))

    body: View
    if len(rows):
        body = ctx.scroller(
            "mails", items=rows, item_height=ROW_DP, render_item=render, id="mail_list"
        )
    else:
        body = empty_state(empty, id="empty_list")
    header: list[View] = []
    if not query and not searching.active:
        header.append(
            TextView(
                data.folder_title(shown).upper(),
                id="folder_name",
                size=12,
                color="text_secondary",
                margin=(16, 4, 0, 4),
            )
        )
    compose = fab(
        "edit", "Compose", lambda: ctx.open_focused(data.COMPOSE, "to"), id="compose_button"
    )
    if ctx.get("drawer"):
        ctx.overlays.append(_drawer(ctx, shown))
    return Column(
        _bar(ctx, searching, shown),
        *header,
        FrameLayout(children=[body, compose], height=MATCH),
        height=MATCH,
    )
