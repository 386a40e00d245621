"""Import and export: the user's follows, mutes and blocks written to CSV files in
``/sdcard/Download`` (Mastodon's columns), and such a file read back into the server."""

from __future__ import annotations

import csv
import io
import posixpath
from collections.abc import Sequence

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.ui.composites import list_item, section_header
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import Button, RadioButton

DOWNLOADS = "/sdcard/Download"
KINDS = {
    "following": ("Follows", "follows", "following_accounts.csv", "Show boosts"),
    "muted": ("Muted accounts", "mutes", "muted_accounts.csv", "Hide notifications"),
    "blocked": ("Blocked accounts", "blocks", "blocked_accounts.csv", ""),
}
"""Each kind: its export label, its table, the file name Mastodon suggests and its second
column."""
IMPORT_TYPES = {"following": "Following list", "muted": "Muting list", "blocked": "Blocking list"}
OPTION_DP = 48
"""The height of a file's radio button (of one line) in "Choose a file"."""
SHOWN_FILES = 8
"""How many files "Choose a file" shows at once."""


def _csv(ctx: AppContext, kind: str) -> str:
    _label, table, _name, extra = KINDS[kind]
    rows = data.db(ctx).execute(
        f"SELECT a.username FROM {table} r JOIN accounts a ON a.id = r.target_account_id "
        "WHERE r.account_id = ? ORDER BY a.username COLLATE NOCASE",
        (data.me(ctx),),
    )
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Account address", extra] if extra else ["Account address"])
    for (username,) in rows:
        address = f"{username}@{data.DOMAIN}"
        writer.writerow([address, "true"] if extra else [address])
    return out.getvalue()


def _export(ctx: AppContext, kind: str) -> None:
    """Write the CSV under the name typed (the suggested one when none is)."""
    name = ctx.field("file_name").strip().replace("/", "_") or KINDS[kind][2]
    if not name.lower().endswith(".csv"):
        name += ".csv"
    path = posixpath.join(DOWNLOADS, name)
    ctx.phone.storage.write(path, _csv(ctx, kind).encode())
    ctx.log(f"Exported: kind={kind} path={path}")
    ctx.toast(f"Saved to Download/{name}")
    ctx.clear_field("file_name")


def _add(ctx: AppContext, kind: str, account_id: int) -> bool:
    """Add ``account_id`` to the user's follows, mutes or blocks; whether it was new. A block
    is made as the profile makes one (ending the follows and the list membership); an account
    the user blocks is not followed."""
    if kind == "blocked":
        return data.set_blocked(ctx, account_id, True)
    if kind == "muted":
        sql = "INSERT OR IGNORE INTO mutes(account_id, target_account_id) VALUES (?, ?)"
        args: tuple[int, ...] = (data.me(ctx), account_id)
    elif data.is_blocked(ctx, account_id):
        return False
    else:
        sql = (
            "INSERT OR IGNORE INTO follows(account_id, target_account_id, created_at) "
            "VALUES (?, ?, ?)"
        )
        args = (data.me(ctx), account_id, data.now_ms(ctx))
    return data.db(ctx).execute(sql, args).rowcount > 0


def _import(ctx: AppContext) -> None:
    kind = ctx.get("import_kind", "following")
    path = ctx.get("import_file")
    if not path:
        ctx.toast("Choose a file first")
        return
    text = ctx.phone.storage.read(path).decode(errors="replace")
    names = [
        row[0].strip().lstrip("@").split("@")[0] for row in csv.reader(io.StringIO(text)) if row
    ]
    conn = data.db(ctx)
    added = 0
    for name in names:
        found = conn.execute("SELECT id FROM accounts WHERE username = ?", (name,)).fetchone()
        if found is None or found[0] == data.me(ctx):
            continue
        added += _add(ctx, kind, found[0])
    ctx.log(f"Imported: kind={kind} path={path} added={added}")
    ctx.toast(f"{added} accounts imported")
    ctx.pop("import_file")


def _csv_files(ctx: AppContext) -> tuple[str, ...]:
    """The CSV files in Download, by name: listed once until the files change
    (``AppContext.kept_files``), not at every build of the screen."""
    storage = ctx.phone.storage

    def read() -> tuple[str, ...]:
        if not storage.is_dir(DOWNLOADS):
            return ()
        return tuple(
            posixpath.join(DOWNLOADS, name)
            for name in storage.list_dir(DOWNLOADS)
            if name.lower().endswith(".csv")
        )

    return ctx.kept_files("csv_files", read, near=DOWNLOADS)


def _file_options(ctx: AppContext, files: Sequence[str], chosen: str | None) -> list[View]:
    """The radio buttons of the files to import: a recycled list as tall as its buttons
    (of one line each), up to ``SHOWN_FILES`` of them; it scrolls through more."""

    def option(_index: int, path: str) -> View:
        return RadioButton(
            posixpath.basename(path),
            id="import_file_option",
            checked=path == chosen,
            on_change=lambda _on: ctx.set("import_file", path),
        )

    if not files:
        return []
    return [
        ctx.scroller(
            "import_files",
            items=files,
            render_item=option,
            wrap_rows=True,
            id="import_files",
            height=OPTION_DP * min(len(files), SHOWN_FILES),
        )
    ]


def import_export_screen(ctx: AppContext) -> View:
    exporting = ctx.get("exporting", "following")
    save = ctx.dialog(
        "save",
        "Save as",
        f"The file goes to {DOWNLOADS}.",
        buttons=[("Cancel", None), ("Save", lambda: _export(ctx, exporting))],
        body=lambda: [ctx.edit("file_name", hint=KINDS[exporting][2], id="file_name")],
    )

    def ask_name(kind: str) -> None:
        ctx.set("exporting", kind)
        save()

    kind = ctx.get("import_kind", "following")
    chosen = ctx.get("import_file")
    kinds_menu = ctx.menu(
        "import_kind",
        [(label, lambda k=k: ctx.set("import_kind", k)) for k, label in IMPORT_TYPES.items()],
    )
    files = _csv_files(ctx)
    pick = ctx.dialog(
        "pick",
        "Choose a file",
        "" if files else f"No CSV files in {DOWNLOADS}",
        buttons=[("Close", None)],
        body=lambda: _file_options(ctx, files, chosen),
    )
    views: list[View] = [section_header("Export")]
    views += [
        list_item(label, "Export as CSV", id=f"export_{k}", on_click=lambda k=k: ask_name(k))
        for k, (label, *_rest) in KINDS.items()
    ]
    views += [
        section_header("Import"),
        list_item("Import type", IMPORT_TYPES[kind], id="import_type", on_click=kinds_menu),
        list_item(
            "File",
            posixpath.basename(chosen) if chosen else "No file chosen",
            id="import_choose_file",
            on_click=pick,
        ),
        Button("Upload", id="import_upload", on_click=lambda: _import(ctx), margin=(16, 8)),
    ]
    return Column(ctx.up_bar("Import and export"), Column(*views, width=MATCH), height=MATCH)
