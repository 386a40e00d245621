"""The Mastodon server on the phone: its tables (named after Mastodon's own) and the backend."""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.sim.apps.backend import SERVER_DATABASE, Backend
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.apps.mastodon.seed import seed_server

SERVER = "server.mastodon"
"""The backend's package."""

SCHEMA = """
CREATE TABLE accounts(
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    fields TEXT NOT NULL DEFAULT '[]',
    avatar TEXT NOT NULL DEFAULT '',
    header TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE users(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    locale TEXT NOT NULL DEFAULT 'en',
    posting_language TEXT NOT NULL DEFAULT 'en',
    chosen_languages TEXT NOT NULL DEFAULT '',
    default_visibility TEXT NOT NULL DEFAULT 'public',
    role TEXT NOT NULL DEFAULT ''
);
CREATE TABLE follows(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    target_account_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL DEFAULT 0,
    UNIQUE(account_id, target_account_id)
);
CREATE TABLE statuses(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    text TEXT NOT NULL DEFAULT '',
    spoiler_text TEXT NOT NULL DEFAULT '',
    visibility TEXT NOT NULL DEFAULT 'public',
    language TEXT NOT NULL DEFAULT 'en',
    in_reply_to_id INTEGER,
    reblog_of_id INTEGER,
    created_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX statuses_by_account ON statuses(account_id, reblog_of_id);
CREATE INDEX statuses_by_reblog ON statuses(reblog_of_id);
CREATE INDEX statuses_by_reply ON statuses(in_reply_to_id);
CREATE TABLE media_attachments(
    id INTEGER PRIMARY KEY,
    status_id INTEGER,
    account_id INTEGER NOT NULL,
    file TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    width INTEGER,
    height INTEGER
);
CREATE TABLE polls(
    id INTEGER PRIMARY KEY,
    status_id INTEGER NOT NULL,
    options TEXT NOT NULL DEFAULT '[]',
    multiple INTEGER NOT NULL DEFAULT 0,
    expires_in INTEGER NOT NULL DEFAULT 86400
);
CREATE TABLE favourites(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    status_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL DEFAULT 0,
    UNIQUE(account_id, status_id)
);
CREATE TABLE bookmarks(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    status_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL DEFAULT 0,
    UNIQUE(account_id, status_id)
);
CREATE TABLE status_pins(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    status_id INTEGER NOT NULL,
    created_at INTEGER NOT NULL DEFAULT 0,
    UNIQUE(account_id, status_id)
);
CREATE TABLE tags(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE
);
CREATE TABLE tag_follows(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    tag_id INTEGER NOT NULL,
    UNIQUE(account_id, tag_id)
);
CREATE TABLE featured_tags(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    tag_id INTEGER NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    UNIQUE(account_id, tag_id)
);
CREATE TABLE lists(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    title TEXT NOT NULL,
    replies_policy INTEGER NOT NULL DEFAULT 0,
    exclusive INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE list_accounts(
    id INTEGER PRIMARY KEY,
    list_id INTEGER NOT NULL,
    account_id INTEGER NOT NULL,
    UNIQUE(list_id, account_id)
);
CREATE TABLE notifications(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    from_account_id INTEGER NOT NULL,
    type TEXT NOT NULL,
    status_id INTEGER,
    created_at INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE custom_filters(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    phrase TEXT NOT NULL,
    context TEXT NOT NULL DEFAULT 'home,notifications,public,thread,account',
    action INTEGER NOT NULL DEFAULT 0,
    expires_at INTEGER,
    created_at INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE custom_filter_keywords(
    id INTEGER PRIMARY KEY,
    custom_filter_id INTEGER NOT NULL,
    keyword TEXT NOT NULL,
    whole_word INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE mutes(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    target_account_id INTEGER NOT NULL,
    UNIQUE(account_id, target_account_id)
);
CREATE TABLE invites(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    code TEXT NOT NULL UNIQUE,
    max_uses INTEGER,
    expires_in INTEGER,
    autofollow INTEGER NOT NULL DEFAULT 0,
    uses INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE account_statuses_cleanup_policies(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL UNIQUE,
    enabled INTEGER NOT NULL DEFAULT 0,
    min_status_age INTEGER NOT NULL DEFAULT 1209600,
    keep_direct INTEGER NOT NULL DEFAULT 1,
    keep_pinned INTEGER NOT NULL DEFAULT 1,
    keep_polls INTEGER NOT NULL DEFAULT 0,
    keep_media INTEGER NOT NULL DEFAULT 0,
    keep_self_fav INTEGER NOT NULL DEFAULT 1,
    keep_self_bookmark INTEGER NOT NULL DEFAULT 1,
    min_favs INTEGER,
    min_reblogs INTEGER
);
CREATE TABLE blocks(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    target_account_id INTEGER NOT NULL,
    UNIQUE(account_id, target_account_id)
);
CREATE TABLE reports(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    target_account_id INTEGER NOT NULL,
    status_ids TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL DEFAULT 'other',
    comment TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL DEFAULT 0,
    action_taken_by_account_id INTEGER
);
CREATE TABLE space_usage(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    bytes INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE app_sessions(
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL UNIQUE,
    active INTEGER NOT NULL DEFAULT 0
);
"""


class MastodonServer(Backend):
    """The social network's server state: accounts, posts and what the user did with them."""

    package = SERVER
    label = "Mastodon server"
    seeds_from = (CONTACTS,)
    schemas: ClassVar[dict[str, str]] = {SERVER_DATABASE: SCHEMA}

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        seed_server(ctx, rng)
