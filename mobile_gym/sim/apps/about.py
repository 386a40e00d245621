"""The About pages every Simple app opens from its overflow menu: the commons library's About
activity, with its Frequently asked questions and Contributors pages.

An app adds them by mixing ``AboutPages`` into its ``App`` class, merging ``SCREENS`` into
its ``screens`` and opening ``ABOUT`` from its "About" menu item (``open_about``). It names
itself with ``about_name`` and ``version`` and may add its own questions in ``faq``.

Activities (full class names in the app's package): ``ABOUT`` (rows ``about_faq``
"Frequently asked questions", ``about_contributors`` "Contributors", ``about_rate_us``
"Rate us", ``about_privacy_policy`` "Privacy policy", ``about_licenses`` "Third-party
licences", ``about_version`` "Version X"), ``FAQ`` (titled "Frequently asked questions": the
app's questions, then the common ones, each ``faq_title`` over ``faq_text``) and
``CONTRIBUTORS`` (titled "Contributors": ``contributor_name`` rows under "Development" and
"Translations").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from mobile_gym.sim.ui.composites import Handler, list_item, section_header
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext

ABOUT = "com.simplemobiletools.commons.activities.AboutActivity"
FAQ = "com.simplemobiletools.commons.activities.FAQActivity"
CONTRIBUTORS = "com.simplemobiletools.commons.activities.ContributorsActivity"
SCREENS: dict[str, str] = {
    ABOUT: "about_screen",
    FAQ: "faq_screen",
    CONTRIBUTORS: "contributors_screen",
}
"""Activity -> screen method, to merge into an app's ``screens``."""

COMMON_FAQ: tuple[tuple[str, str], ...] = (
    (
        "Why does the app not show ads?",
        "The app is free and open source, and it stays without ads.",
    ),
    (
        "How can I change the colours of the app?",
        "Open the app's settings and pick a theme under Customize colors.",
    ),
    (
        "I lost my data after reinstalling the app. Can I get it back?",
        "Only from a backup: uninstalling removes the app's data.",
    ),
)
DEVELOPERS = ("Tibor Kaputa", "Naveen Singh", "Ensar Sarajčić")
TRANSLATORS = ("Maria Ionescu", "Jonas Berg", "Chen Wei", "Ana Ferreira", "Yusuf Demir")


def open_about(ctx: AppContext) -> Handler:
    """The handler of an app's "About" menu item: open the About page."""
    return lambda: ctx.open(ABOUT)


class AboutPages:
    """The About, FAQ and Contributors screens, for an ``App`` subclass to mix in."""

    about_name: ClassVar[str]
    """The app's full name as About shows it ("Simple Calendar Pro")."""
    version: ClassVar[str]
    faq: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The app's own questions and answers, shown before the common ones."""

    def about_screen(self, ctx: AppContext) -> View:
        rows = [
            ("about_faq", "Frequently asked questions", lambda: ctx.open(FAQ)),
            ("about_contributors", "Contributors", lambda: ctx.open(CONTRIBUTORS)),
            ("about_rate_us", "Rate us", lambda: ctx.toast("Thank you for your rating")),
            ("about_privacy_policy", "Privacy policy", None),
            ("about_licenses", "Third-party licences", None),
        ]
        items: list[View] = [
            TextView(self.about_name, id="about_app_name", size=20, bold=True, padding=(16, 16)),
            section_header("Help us"),
            *(list_item(title, on_click=handler, id=id) for id, title, handler in rows[:3]),
            section_header("Other"),
            *(list_item(title, on_click=handler, id=id) for id, title, handler in rows[3:]),
            list_item(f"Version {self.version}", id="about_version"),
        ]
        return Column(ctx.up_bar("About"), ctx.scroller("about", items), width=MATCH)

    def faq_screen(self, ctx: AppContext) -> View:
        items: list[View] = []
        for question, answer in (*self.faq, *COMMON_FAQ):
            items.append(
                Column(
                    TextView(
                        question, id="faq_title", size=16, bold=True, max_lines=4, width=MATCH
                    ),
                    TextView(
                        answer,
                        id="faq_text",
                        size=14,
                        color="text_secondary",
                        max_lines=12,
                        width=MATCH,
                    ),
                    padding=(16, 12),
                    width=MATCH,
                )
            )
        return Column(
            ctx.up_bar("Frequently asked questions"), ctx.scroller("faq", items), width=MATCH
        )

    def contributors_screen(self, ctx: AppContext) -> View:
        items: list[View] = [section_header("Development")]
        items += [list_item(name, title_id="contributor_name") for name in DEVELOPERS]
        items.append(section_header("Translations"))
        items += [list_item(name, title_id="contributor_name") for name in TRANSLATORS]
        return Column(ctx.up_bar("Contributors"), ctx.scroller("contributors", items), width=MATCH)
