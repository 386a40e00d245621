"""The Mastodon app class: package, launcher entry and screens (its state is on the server)."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.admin import dashboard_screen, reports_screen
from mobile_gym.sim.apps.mastodon.compose import compose_screen
from mobile_gym.sim.apps.mastodon.edit_profile import edit_profile_screen
from mobile_gym.sim.apps.mastodon.filters import edit_filter_screen, filters_screen
from mobile_gym.sim.apps.mastodon.hashtags import followed_tags_screen, hashtag_screen
from mobile_gym.sim.apps.mastodon.import_export import import_export_screen
from mobile_gym.sim.apps.mastodon.invites import invites_screen
from mobile_gym.sim.apps.mastodon.lists import list_members_screen, lists_screen
from mobile_gym.sim.apps.mastodon.main import main_screen
from mobile_gym.sim.apps.mastodon.media_viewer import media_viewer_screen
from mobile_gym.sim.apps.mastodon.photo_picker import photo_picker_screen
from mobile_gym.sim.apps.mastodon.post_deletion import post_deletion_screen
from mobile_gym.sim.apps.mastodon.profile import accounts_screen, profile_screen
from mobile_gym.sim.apps.mastodon.settings import settings_screen
from mobile_gym.sim.apps.mastodon.thread import thread_screen
from mobile_gym.sim.apps.mastodon.timeline import saved_screen


class MastodonApp(App):
    """The official Mastodon client, logged in as ``test`` (and ``owner``) on the phone's
    Mastodon server."""

    package = data.PACKAGE
    label = "Mastodon"
    icon = "message"
    color = (99, 100, 255)
    main_activity = data.MAIN
    screens: ClassVar[dict[str, str]] = {
        data.MAIN: "main",
        data.THREAD: "thread",
        data.PROFILE: "profile",
        data.COMPOSE: "compose",
        data.HASHTAG_TIMELINE: "hashtag",
        data.ACCOUNTS: "accounts",
        data.SAVED: "saved",
        data.LISTS: "lists",
        data.LIST_MEMBERS: "list_members",
        data.EDIT_PROFILE: "edit_profile",
        data.FOLLOWED_TAGS: "followed_tags",
        data.SETTINGS: "settings",
        data.PHOTO_PICKER: "photo_picker",
        data.INVITES: "invites",
        data.IMPORT_EXPORT: "import_export",
        data.POST_DELETION: "post_deletion",
        data.MEDIA_VIEWER: "media_viewer",
        data.ADMIN_DASHBOARD: "admin_dashboard",
        data.REPORTS: "reports",
        data.FILTERS: "filters",
        data.EDIT_FILTER: "edit_filter",
    }

    def back(self, ctx: AppContext) -> bool:
        """BACK leaves "Add members" and an album of the photo picker first, and on the main
        screen returns to Home."""
        if ctx.screen.activity == data.LIST_MEMBERS and ctx.get("adding"):
            ctx.set("adding", False)
            return True
        if ctx.screen.activity == data.PHOTO_PICKER and ctx.get("album") is not None:
            ctx.pop("album")
            return True
        if ctx.screen.activity == data.MAIN and ctx.get("tab", 0):
            ctx.set("tab", 0)
            return True
        return False

    main = staticmethod(main_screen)
    thread = staticmethod(thread_screen)
    profile = staticmethod(profile_screen)
    compose = staticmethod(compose_screen)
    hashtag = staticmethod(hashtag_screen)
    accounts = staticmethod(accounts_screen)
    saved = staticmethod(saved_screen)
    lists = staticmethod(lists_screen)
    list_members = staticmethod(list_members_screen)
    edit_profile = staticmethod(edit_profile_screen)
    followed_tags = staticmethod(followed_tags_screen)
    settings = staticmethod(settings_screen)
    photo_picker = staticmethod(photo_picker_screen)
    invites = staticmethod(invites_screen)
    import_export = staticmethod(import_export_screen)
    post_deletion = staticmethod(post_deletion_screen)
    media_viewer = staticmethod(media_viewer_screen)
    admin_dashboard = staticmethod(dashboard_screen)
    reports = staticmethod(reports_screen)
    filters = staticmethod(filters_screen)
    edit_filter = staticmethod(edit_filter_screen)
