"""The wikiHow app class: package, launcher entry, database and screens."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.wikihow import data
from mobile_gym.sim.apps.wikihow.article import article_screen
from mobile_gym.sim.apps.wikihow.home import close_results, home_screen
from mobile_gym.sim.apps.wikihow.pages import about_screen, author_screen, category_screen


class WikiHowApp(App):
    """wikiHow: search and read how-to articles of the offline corpus."""

    package = data.PACKAGE
    label = "wikiHow"
    icon = "info"
    color = (147, 184, 116)
    main_activity = data.MAIN_ACTIVITY
    screens: ClassVar[dict[str, str]] = {
        data.MAIN_ACTIVITY: "home",
        data.ARTICLE_ACTIVITY: "article",
        data.AUTHOR_ACTIVITY: "author",
        data.CATEGORY_ACTIVITY: "category",
        data.ABOUT_ACTIVITY: "about",
    }
    schemas: ClassVar[dict[str, str]] = {data.DATABASE: data.SCHEMA}

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == data.ARTICLE_ACTIVITY:
            article = data.corpus().article(ctx.args.get("slug", ""))
            if article is not None:
                return article.title
        return self.label

    def back(self, ctx: AppContext) -> bool:
        """Leave the search results first; then the phone goes back."""
        return ctx.screen.activity == data.MAIN_ACTIVITY and close_results(ctx)

    home = staticmethod(home_screen)
    article = staticmethod(article_screen)
    author = staticmethod(author_screen)
    category = staticmethod(category_screen)
    about = staticmethod(about_screen)
