"""Mastodon (``org.joinmastodon.android.mastodon``), modelled on the official Android app,
logged in as ``test`` on the phone's Mastodon server.

The app keeps nothing of its own: its state lives on the server, the backend package
``server.mastodon`` (``MastodonServer``), whose database ``server`` holds the tables (named
after Mastodon's; times in ms on the phone's clock; the user is account 1, ``test``, unless
the app was switched to another signed-in account, whose id then stands for the user):
``accounts(id, username, display_name, note (the bio), fields (JSON list of {name, value}),
avatar, header (picture paths), created_at)``, ``users(account_id, locale, posting_language,
chosen_languages, default_visibility, role ('' or a staff role: Owner, Admin,
Moderator))``, ``app_sessions(account_id, active)`` (the accounts the app is signed in to;
the one with ``active`` 1 is in use), ``follows(account_id, target_account_id,
created_at)``, ``statuses(id, account_id, text, spoiler_text (the content warning),
visibility (public, unlisted, private, direct), language, in_reply_to_id, reblog_of_id (a
boost is a status with it set), created_at)``, ``media_attachments(status_id, account_id,
file, description (alt text), width, height)`` (the picture's size as uploaded, read with
``gallery.pictures.picture_size``; NULL when the file was not on the phone), ``polls(status_id, options (JSON list), multiple,
expires_in (seconds))``, ``favourites`` / ``bookmarks`` / ``status_pins`` ``(account_id,
status_id, created_at)``, ``tags(id, name)`` (lower case), ``tag_follows (account_id,
tag_id)``, ``featured_tags(account_id, tag_id, name)``, ``lists(id, account_id, title,
replies_policy (0 members of the list, 1 any followed user, 2 no one), exclusive)``,
``list_accounts(list_id, account_id)``, ``notifications(account_id, from_account_id, type
(follow, favourite, reblog, mention), status_id, created_at)``, ``custom_filters(id,
account_id, phrase (the title), context (comma-separated: home, notifications, public,
thread, account), action (0 warn, 1 hide), expires_at (NULL: never), created_at)`` with
``custom_filter_keywords(custom_filter_id, keyword, whole_word)``,
``mutes(account_id, target_account_id)``, ``invites(account_id, code, max_uses (NULL: no
limit), expires_in (seconds, NULL: never), autofollow, uses, created_at)``,
``blocks(account_id, target_account_id)`` (blocking ends the follows both ways, takes the
account out of the user's lists and hides its posts everywhere, threads and its profile
included, and its notifications; a blocked account cannot be followed),
``reports(account_id, target_account_id, status_ids, category (spam, violation, other),
comment, created_at, action_taken_by_account_id (NULL while unresolved))`` and
``space_usage(name, bytes)`` (what the administration dashboard
lists under "Space usage": ``PostgreSQL``, the database's size, ``Redis``, ``Media``). A post carries the hashtags written in its
text (``#cats``). Seeded: ``test`` (id 1) and a few communities' accounts with fixed ids
(kitty 2, dogdays 3, gourmet 4, openCompany 5, wanderlust 6, bookworm 7, technews 8), up to
four more named after the phone's contacts (``first_last``), about thirty posts over the
last days, five follows, four followers, a followed hashtag, a favourite, a bookmark and
some notifications; then ``owner`` ("Server Owner", role Owner, id 100), signed
in beside ``test``, three to six reports between the other accounts (some resolved by the
owner) and the space usage (PostgreSQL 12 to 60 MB).

Logcat (tag ``Mastodon``): ``Status posted: id=N text=T``, ``Status favourited: id=N`` /
``unfavourited``, ``Status reblogged: id=N`` / ``unreblogged``, ``Status bookmarked: id=N``
/ ``unbookmarked``, ``Status pinned: id=N`` / ``unpinned``, ``Status edited: id=N text=T``,
``Status deleted: id=N``, ``Followed: @user`` / ``Unfollowed: @user``, ``Muted: account=N``
/ ``Unmuted``, ``Blocked: account=N`` / ``Unblocked``, ``Hashtag followed: #tag`` /
``unfollowed`` / ``featured`` / ``unfeatured``, ``List created: id=N title=T``, ``List
updated: ...``, ``List deleted: id=N``, ``List member added: list=N account=M`` /
``removed``, ``Report submitted: account=@user status=N category=C``, ``Media saved:
path=P``, ``Post deletion saved: key=value ...``, ``Exported: kind=following|muted|blocked
path=P``, ``Imported: kind=K path=P added=N``, ``Invite created: code=C max_uses=N|none
expires_in=S|never autofollow=0|1``, ``Invite shared: code=C``, ``Profile updated: key=value
...``, ``Preference changed: COLUMN=VALUE`` (``locale``, ``chosen_languages``,
``posting_language``), ``Account switched: @user``, ``QR code saved: path=P``, ``Filter
created: id=N title=T keywords=K1|K2 context=C action=warn|hide expires_at=MS|never``
(``updated``), ``Filter deleted: id=N``. Toasts: "Your post is empty", "A poll needs at least two choices",
"Report sent", "The list needs a name", "Display name can't be empty", "Saved to
Download/NAME", "N accounts imported", "Choose a file first", "Changes saved", "Saved to
Pictures/Mastodon", "The filter needs a title", "Choose where the filter applies", "Type a
keyword first", "That keyword is already there", "Choose a day after today".

Activities and resource ids (``org.joinmastodon.android.mastodon:id/<name>``):

``.MainActivity``
    Bottom navigation ``tabbar`` with ``tab_home`` (desc "Home"), ``tab_search`` ("Search"),
    ``tab_notifications`` ("Notifications"), ``tab_profile`` ("Profile"); BACK on another
    tab returns to Home. A long press on ``tab_profile`` opens the dialog "Accounts": a row
    ``account_switch_row`` per signed-in account (name, ``@user@mastodon.social``, a check
    desc "Current account" on the one in use); a tap switches to it and shows Home. Home: toolbar "Mastodon", ``timeline_tabs`` ("Home": the user's and
    followed accounts' posts and boosts; "Local": every public post), the recycled ``list``
    of ``status`` rows and ``fab`` (desc "Compose"). A ``status`` shows ``boosted_by``,
    ``avatar`` (desc "Avatar: FILE" on profiles and account rows when the account has a
    picture), ``display_name``, ``username`` (``@user``), ``timestamp`` ("5m", "3h",
    "2d"), ``pinned``, ``spoiler_text`` with ``spoiler_button`` ("Show more" / "Show less"),
    ``text`` (tap: the thread), ``media`` (desc: the alt texts; tap: the pictures), ``poll``
    and the action bar: ``reply`` ("Reply"), ``reblog`` ("Boost"), ``favorite``
    ("Favorite"), ``bookmark`` ("Bookmark"), each ``selected`` when on, and ``more`` ("More
    options": on the user's posts "Pin on profile" / "Unpin from profile", "Edit" (the
    compose screen on the post) and "Delete" (dialog "Delete post"); on others' "Open
    @user's profile", "Mute @user" / "Unmute @user", "Block @user" (dialog "Block @user?",
    Cancel / Block) / "Unblock @user", "Report @user" (dialog with ``report_spam``,
    ``report_violation``, ``report_other``, ``report_comment``, Submit; it opens with "It's
    something else" chosen and no comment)). Search: ``search_edit`` (hint "Search
    Mastodon"); empty, it lists "Trending hashtags"; with a query the ``search_tabs``
    "Accounts" (username, also typed as ``@user`` or ``@user@server``, or display name),
    "Hashtags", "Posts" (text) list ``results`` (``account`` rows, ``hashtag_row`` rows
    with ``hashtag``, statuses). Notifications: ``notifications_list`` of ``notification``
    rows (``notification_text``, ``notification_status``; none from accounts the user
    blocks). Profile: the user's profile (below).
``.ProfileActivity`` (argument ``account``)
    Toolbar with the name and "More options" (the user's: "QR code", "Bookmarks",
    "Favorites", "Lists", "Followed hashtags", "Invite people", "Settings"; others': "QR
    code", "Mute @user" / "Unmute @user", "Block @user" (confirmed) / "Unblock @user").
    "QR code" opens the dialog "QR code": ``qr_code_image`` (desc "QR code of
    @user@mastodon.social"; a pattern drawn from the profile's address, not a scannable
    code), ``qr_code_handle`` and the field ``save_folder`` (empty:
    ``/sdcard/Pictures/Mastodon``), Close / Save: Save writes the PNG
    ``<username>_mastodon.social.png`` there (a folder outside ``/sdcard`` toasts "Choose a
    folder under /sdcard"; saved: "Saved to FOLDER"). ``header`` (desc "Header: PATH"),
    ``avatar``, ``name``, ``username`` (``@user@mastodon.social``), ``profile_action_btn``
    ("Edit profile", "Follow" or "Unfollow", the latter confirmed in the dialog "Unfollow
    @user?"; "Unblock" on an account the user blocks, whose posts are not listed),
    ``note``, ``profile_field`` rows, ``posts_count``, ``following_count`` and
    ``followers_count`` (tap: the lists), ``featured_hashtag`` chips, ``profile_tabs``
    ("Posts", "Posts and replies", "Pinned") and the list of statuses.
``.ThreadActivity`` (argument ``status``)
    "Post", the status replied to, the status in full and its replies (``thread``).
``.ComposeActivity`` (argument ``reply_to`` or ``edit``)
    A reply starts with ``@user ``; an edit of one of the user's posts with the post (its
    visibility shown on ``visibility_btn``, not enabled: an edit keeps it).
    ``close`` (desc "Discard"), ``toolbar_title`` ("New post" / "Reply" / "Edit post"),
    ``publish`` ("Publish" / "Reply" / "Save"); ``content_warning`` (while on),
    ``toot_text`` (hint "Typing something?"), per picture ``attachment_name``, ``alt_text``
    (multi-line) with ``clear_alt_text`` (desc "Clear description") and
    ``remove_attachment``; with a poll ``poll_option_1`` ... ``poll_option_4`` fields, each
    with ``remove_poll_option`` (desc "Remove choice N", while more than two),
    ``add_poll_option`` (up to four), ``poll_multiple`` (switch "Multiple choice") and
    ``poll_duration`` (menu "5 minutes" ... "7 days"); the bottom bar ``btn_media`` ("Add
    media": the photo picker), ``btn_poll`` ("Add poll"), ``btn_cw`` ("Content warning"),
    ``visibility_btn`` (menu "Public", "Quiet public", "Followers", "Specific people") and
    ``char_counter`` (500 minus the length).
``.MediaViewerActivity`` (argument ``status``; a tap on a post's ``media``)
    "Pictures" with ``action_save_all_to_folder`` (desc "Save all to folder": dialog "Save
    to folder" with ``save_folder``, empty for ``/sdcard/Pictures/Mastodon``; folders
    outside ``/sdcard`` toast "Choose a folder under /sdcard"); ``media_list`` of
    ``media_item`` rows with ``media_name``, ``media_alt`` and ``save_media`` (desc "Save to
    phone", or "Saved" once the copy exists): it writes the picture to
    ``/sdcard/Pictures/Mastodon/NAME``.
``.PhotoPickerActivity`` (argument ``target``: ``media``, ``avatar`` or ``header``)
    "Select a photo" and ``picker_tabs``: "Photos" (``pictures``: every image under
    ``/sdcard``, newest first, rows ``picture`` with ``picture_name``) and "Albums"
    (``albums``: the folders holding images, rows ``album`` with ``album_name``; a tap lists
    that folder's pictures, BACK returns). A tap on a picture returns it to the screen
    below.
``.HashtagTimelineActivity`` (argument ``tag``)
    "#tag" with "More options" ("Feature on profile" / "Unfeature on profile"),
    ``hashtag_count``, ``follow_hashtag`` ("Follow" / "Unfollow") and the tagged posts.
``.AccountListActivity`` (arguments ``account``, ``kind``: following or followers)
    ``accounts_list`` of ``account`` rows, newest follow first.
``.StatusListActivity`` (argument ``kind``: bookmarks or favourites)
    "Bookmarks" / "Favorites": the saved posts, newest saved first.
``.ListsActivity``
    ``lists`` of ``list_row`` (``list_name``, ``edit_list``, ``delete_list``) and ``fab``
    ("New list"): the dialog "New list" / "Edit list" with ``list_title``,
    ``replies_policy_1`` ("Any followed user"), ``replies_policy_0`` ("Members of the
    list"), ``replies_policy_2`` ("No one"), ``list_exclusive`` (switch "Hide members' posts
    from Home"), Cancel / Save.
``.ListMembersActivity`` (argument ``list``)
    The members (``members``: ``account`` rows with ``member_toggle`` "Remove") and ``fab``
    ("Add members"): then "Add members" with ``member_search`` and the followed accounts
    matching it, each with ``member_toggle`` "Add" / "Remove" (desc "Add @user" / "Remove
    @user"); BACK returns.
``.FiltersActivity`` (settings "Filters")
    ``filters`` of ``filter_row`` rows (the title; "3 keywords · Expires in 5 days", "Never",
    "Expired"), newest first, or ``empty``; ``fab`` ("New filter").
``.EditFilterActivity`` (argument ``filter``; none for a new one)
    "New filter" / "Edit filter" with "Navigate up" (drops the changes), ``delete_filter``
    (desc "Delete filter", confirmed) and ``save_filter`` ("Save"); ``filter_title`` (hint
    "Title"), ``filter_duration`` ("Expire after": menu "Never", "30 minutes", "1 hour", "6
    hours", "12 hours", "1 day", "1 week", counted from the save, and "Custom date": dialog
    "Expiry date", a month of ``date_picker_day`` cells (desc "21 October 2025"), "Previous
    month" / "Next month", OK: the filter expires that day at the time it is saved); under
    "Muted words" a row per keyword (``keyword_text``, ``remove_keyword`` desc "Remove
    WORD"), ``keyword_input`` (hint "Keyword or phrase"; ENTER or ``add_keyword`` "Add" adds
    it; a keyword still typed there is saved too); under "Filter in" the check boxes
    ``context_home`` ("Home and lists"), ``context_notifications``, ``context_public``
    ("Public timelines"), ``context_thread`` ("Conversations"), ``context_account``
    ("Profiles"), all on for a new filter; the switch ``filter_hide`` ("Hide completely"; off:
    a warning). A filter in force that hides removes the posts its keywords match (text or
    content warning, any case) from Home ("Home and lists") and Local ("Public
    timelines"); a warning filter does not change what they show.
``.EditProfileActivity``
    "Navigate up", ``save``; ``header_file`` / ``change_header``, ``avatar_file`` /
    ``change_avatar`` (the photo picker), ``display_name`` and ``bio``, each with a "clear
    text" icon (``clear_display_name``, desc "Clear display name"; ``clear_bio``, "Clear
    bio").
``.FollowedHashtagsActivity``
    ``hashtags_list`` of ``hashtag_row`` (``hashtag``, ``unfollow_hashtag``).
``.InvitesActivity`` (profile menu or settings "Invite people")
    ``max_uses`` ("Max number of uses": menu "No limit", "1 use", "5 uses" ... "100 uses"),
    ``expires_in`` ("Expire after": menu "Never", "30 minutes" ... "1 day", "1 week", the
    default), the switch ``autofollow`` ("Auto-follow you"), ``generate`` ("Generate invite
    link"); ``invites``, newest first: rows ``invite`` with ``invite_link``
    (``https://mastodon.social/invite/CODE``), ``invite_details`` and ``share_invite`` (desc
    "Share": SMS Messenger's new conversation with the link as the message).
``.ImportExportActivity`` (settings "Import and export")
    Under "Export", ``export_following`` ("Follows"), ``export_muted`` ("Muted accounts"),
    ``export_blocked`` ("Blocked accounts"): a dialog "Save as" with ``file_name`` (empty:
    Mastodon's name, e.g. ``following_accounts.csv``; ``.csv`` is added when missing) writes
    a CSV (``Account address`` and the second column Mastodon writes) to
    ``/sdcard/Download``. Under "Import", ``import_type`` (menu "Following list", "Muting
    list", "Blocking list"), ``import_choose_file`` (dialog "Choose a file": radio buttons
    ``import_file_option``, one per CSV file in Download) and ``import_upload`` ("Upload":
    adds the accounts named in the file that the server knows; a blocking list blocks them
    as the profile does, a following list leaves out the accounts the user blocks).
``.AutomatedDeletionActivity`` (settings "Automated post deletion")
    The switch ``cleanup_enabled``, ``min_status_age`` ("Age threshold": menu "1 week" ...
    "2 years", default "2 weeks"), under "Exceptions" the check boxes ``keep_pinned``,
    ``keep_direct``, ``keep_self_fav``, ``keep_self_bookmark`` (these four on by default),
    ``keep_polls``, ``keep_media``, then ``min_favs`` / ``min_reblogs`` (menus "Don't keep
    by count", "At least 1 favorites" ... "At least 100 boosts") and ``save_policy`` ("Save
    changes"), which writes table ``account_statuses_cleanup_policies(account_id, enabled,
    min_status_age (seconds), keep_direct, keep_pinned, keep_polls, keep_media,
    keep_self_fav, keep_self_bookmark, min_favs, min_reblogs)``; leaving without saving
    drops the changes.
``.SettingsActivity``
    ``interface_language`` (dialog "Interface language" of radio buttons ``locale_<code>``
    that write ``users.locale``: en, de, es, fr, it, ja, ko, pt-BR, zh-CN "简体中文 (Chinese
    Simplified)", zh-TW), ``filter_languages`` (dialog "Filter languages" of check boxes
    ``chosen_<code>`` that write ``users.chosen_languages``, comma-separated in that order),
    ``posting_language`` (radio buttons ``posting_language_<code>``, ISO 639-1),
    ``invite_people``, ``automated_post_deletion``, ``import_and_export``, ``filters``,
    ``lists``,
    ``followed_hashtags``; for a staff account also ``administration`` ("Administration")
    and ``moderation_reports`` ("Reports").
``.AdminDashboardActivity`` (staff only)
    "Administration": under "Key metrics" the rows ``admin_users`` ("Users", count in
    ``admin_users_count``), ``admin_posts`` ("Posts", ``admin_posts_count``) and
    ``admin_pending_reports`` ("Pending reports": the unresolved ones, count in
    ``pending_reports_count``; a tap opens the reports); under "Space usage" a row
    ``space_usage_row`` per ``space_usage`` entry (``space_usage_name``, ``space_usage_size``
    written with three significant digits in 1024-based units: ``23 MB``, ``18.1 MB``).
``.ReportsActivity`` (staff only)
    "Reports" with ``report_tabs`` ("Unresolved", "Resolved") over ``reports_list`` of
    ``report`` rows (``report_target`` ``@user``, ``report_details`` "Reported by @user ·
    category", ``report_comment``), newest first; ``empty`` when there are none.
"""

from mobile_gym.sim.apps.mastodon.app import MastodonApp
from mobile_gym.sim.apps.mastodon.data import MAIN, PACKAGE
from mobile_gym.sim.apps.mastodon.server import SERVER, MastodonServer

__all__ = ["MAIN", "PACKAGE", "SERVER", "MastodonApp", "MastodonServer"]
