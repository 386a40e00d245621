"""Settings: the interface language, the languages shown in timelines, the posting language,
and shortcuts to filters, lists and followed hashtags."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.admin import is_staff
from mobile_gym.sim.ui.composites import list_item
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import CheckBox, RadioButton

LOCALES = (
    ("en", "English"),
    ("de", "Deutsch (German)"),
    ("es", "Español (Spanish)"),
    ("fr", "Français (French)"),
    ("it", "Italiano (Italian)"),
    ("ja", "日本語 (Japanese)"),
    ("ko", "한국어 (Korean)"),
    ("pt-BR", "Português (Brasil)"),
    ("zh-CN", "简体中文 (Chinese Simplified)"),
    ("zh-TW", "繁體中文 (Chinese Traditional)"),
)
"""Interface languages and the languages timelines can be limited to (Mastodon's codes)."""
POSTING = tuple((code.split("-")[0], name) for code, name in LOCALES if code != "zh-TW")
"""Posting languages (ISO 639-1)."""


def _radios(ctx: AppContext, column: str, current: str, choices: tuple) -> list[View]:
    return [
        RadioButton(
            name,
            id=f"{column}_{code}",
            checked=code == current,
            on_change=lambda _on, code=code: data.set_preference(ctx, column, code),
        )
        for code, name in choices
    ]


def _toggle_language(ctx: AppContext, chosen: list[str], code: str, on: bool) -> None:
    kept = [c for c in chosen if c != code] + ([code] if on else [])
    ordered = [c for c, _ in LOCALES if c in kept]
    data.set_preference(ctx, "chosen_languages", ",".join(ordered))


def settings_screen(ctx: AppContext) -> View:
    row = (
        data.db(ctx).execute("SELECT * FROM users WHERE account_id = ?", (data.me(ctx),)).fetchone()
    )
    locale = row["locale"] if row else "en"
    posting = row["posting_language"] if row else "en"
    chosen = [c for c in (row["chosen_languages"] if row else "").split(",") if c]
    names = dict(LOCALES)

    def filter_body() -> list[View]:
        return [
            CheckBox(
                name,
                id=f"chosen_{code}",
                checked=code in chosen,
                on_change=lambda on, code=code: _toggle_language(ctx, chosen, code, on),
            )
            for code, name in LOCALES
        ]

    interface = ctx.dialog(
        "locale",
        "Interface language",
        buttons=[("Close", None)],
        body=lambda: _radios(ctx, "locale", locale, LOCALES),
    )
    languages = ctx.dialog(
        "chosen",
        "Filter languages",
        "Only posts in the checked languages show in public timelines; none checked shows all.",
        buttons=[("Close", None)],
        body=filter_body,
    )
    posting_dialog = ctx.dialog(
        "posting",
        "Posting language",
        buttons=[("Close", None)],
        body=lambda: _radios(ctx, "posting_language", posting, POSTING),
    )
    shown = ", ".join(names[c] for c in chosen if c in names) or "All languages"
    items = [
        list_item(
            "Interface language",
            names.get(locale, locale),
            id="interface_language",
            on_click=interface,
        ),
        list_item("Filter languages", shown, id="filter_languages", on_click=languages),
        list_item(
            "Posting language",
            dict(POSTING).get(posting, posting),
            id="posting_language",
            on_click=posting_dialog,
        ),
        list_item("Invite people", on_click=lambda: ctx.open(data.INVITES), id="invite_people"),
        list_item(
            "Automated post deletion",
            on_click=lambda: ctx.open(data.POST_DELETION),
            id="automated_post_deletion",
        ),
        list_item(
            "Import and export",
            on_click=lambda: ctx.open(data.IMPORT_EXPORT),
            id="import_and_export",
        ),
        list_item("Filters", on_click=lambda: ctx.open(data.FILTERS), id="filters"),
        list_item("Lists", on_click=lambda: ctx.open(data.LISTS), id="lists"),
        list_item(
            "Followed hashtags",
            on_click=lambda: ctx.open(data.FOLLOWED_TAGS),
            id="followed_hashtags",
        ),
    ]
    if is_staff(ctx):
        items += [
            list_item(
                "Administration",
                on_click=lambda: ctx.open(data.ADMIN_DASHBOARD),
                id="administration",
            ),
            list_item("Reports", on_click=lambda: ctx.open(data.REPORTS), id="moderation_reports"),
        ]
    return Column(ctx.up_bar("Settings"), Column(*items, width=MATCH), height=MATCH)
