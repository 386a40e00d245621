"""Mattermost (``com.mattermost.rnbeta``), modelled on the Mattermost mobile app, and its
server (``server.mattermost``, a ``Backend``).

The app is logged in as ``harry`` (Harry Kong, ``harry.kong@neuralforge.ai``, user id 1). The
server's database ``server`` (package ``server.mattermost``) holds:
``users(id, username, first_name, last_name, email, position)``,
``teams(id, name, display_name)``, ``team_members(team_id, user_id)``,
``channels(id, team_id, type, name, display_name, purpose, creator_id, create_at)``
(``type``: ``O`` public, ``P`` private, ``D`` direct message, ``G`` group message; direct
and group messages have ``team_id`` 0 and are named by their members' ids, ``1__3``),
``channel_members(channel_id, user_id, last_viewed_at)`` (a channel is unread for the user
when someone else posted after their ``last_viewed_at``),
``posts(id, create_at, user_id, channel_id, root_id, message, is_pinned)`` (``root_id``:
the thread's first post, 0 for a root post; a mention is ``@username`` in the message, or
``@channel`` / ``@all`` / ``@here``), ``reactions(user_id, post_id, emoji_name,
create_at)`` (emoji names ``+1``, ``heart``, ``smile``, ``tada``, ``eyes``,
``white_check_mark``, ``rocket``, ``pray``) and ``files(id, post_id, user_id, name, path,
size, create_at)`` (``path``: where on the phone the attached file was picked). Times are
milliseconds since 1970 on the virtual clock. The app's own database ``app`` keeps
``preferences(key, value)`` (``current_team``: the team shown) and ``drafts(channel_id,
root_id, message)``: what a channel's (``root_id`` 0) or a thread's post box held when it
was left (BACK, the up arrow, leaving the app) unsent, shown in the box again on return.

Seeded server: team NeuralForge (``neuralforge``: the members ``harry``, ``sam.oneill``,
``alex.rivera``, ``mike.santos``, ``sofia.garcia`` with ids 1-5, then six people from
the phone's Contacts as ``first.last``, ids 6-11) with channels (ids) Town Square (1),
Off-Topic (2), AI-Research (3), Infra (4), Phoenix (5, private: ``harry``, ``sam.oneill``,
``mike.santos``, ``sofia.garcia``) and Design Review (6, public; ``harry`` is not in it),
team Open Source Guild (``opensource``: Town Square 7, Releases 8), direct messages with
``sam.oneill`` (9), ``alex.rivera`` (10), ``mike.santos`` (11) and a group message with
``mike.santos`` and ``sofia.garcia`` (12); a few days of posts before the
phone's boot, some reacted to, some channels unread.

Logcat (tag ``Mattermost``): ``Post created: id=N channel=NAME root=R files=F``,
``Post edited: id=N``, ``Post deleted: id=N``, ``Post pinned: id=N`` / ``unpinned``,
``Reaction added: post=N emoji=E`` / ``Reaction removed: ...``, ``Channel created:
name=NAME type=T``, ``Channel joined: name=NAME``, ``Channel left: name=NAME``, ``Members
added: channel=NAME users=a,b``, ``File downloaded: name=X path=P``. Toasts: "Channel name must be 2 or more characters", "A
channel with that name already exists", "Select at least one person", "N members added".

Activities and resource ids (``com.mattermost.rnbeta:id/<name>``):

``.MainActivity``
    Bottom tabs ``tab_bar`` (descs "Home", "Search", "Mentions", "Account"; BACK on another
    tab goes Home). Home: with two or more teams the ``team_sidebar`` of ``team_item``
    tiles (desc: the team's display name; tap switches team); ``team_name``,
    ``add_channels`` (desc "Add channels": menu "Browse channels", "Create new channel",
    "Open a direct message"); ``channel_list`` (recycled) of ``channel_list_category``
    headers ("CHANNELS", "DIRECT MESSAGES") and ``channel_item`` rows (desc "unread" when
    unread) with ``channel_item_name`` (bold when unread; a direct message shows the other
    user's username, a group the others' usernames), ``draft_indicator`` (desc "Draft")
    and ``mention_badge`` (the count of unread posts mentioning the user). Tapping a row opens the channel and marks it read.
    Search: ``search_input`` (hint "Search messages"; ENTER or ``search_button`` runs it;
    words all present, ``from:username``, ``in:channel``), ``search_results`` of
    ``search_result`` rows (``result_channel``, ``post_author``, ``post_time``,
    ``post_message``; tap opens the post's thread) or ``no_results``. Mentions: "Recent
    Mentions", ``mentions_list`` of the same rows. Account: ``account_name``,
    ``account_username``, ``account_profile`` ("Your Profile"), ``account_email``.
``.ChannelActivity`` (arg ``channel_id``)
    Toolbar with the channel's title, "Navigate up" and ``action_channel_info`` (desc
    "Channel info"). ``post_list`` (the newest 60 root posts, a recycled list that opens at the
    newest, stacks a short channel over the post box and makes only the posts in view) of ``date_separator``
    ("Today", "Yesterday", "Wed, Oct 15, 2025") and ``post`` rows: ``profile_picture``,
    ``post_author`` (username), ``post_time`` ("9:41 AM"), ``post_pinned`` ("Pinned"),
    ``post_message``, ``post_attachment`` (``file_name``; ``file_download``, desc "Download
    NAME": saves it as ``/sdcard/Download/NAME``, toast "Saved to Download: NAME"; its bytes
    are the picked file's, or zeros of its ``size`` for a file the phone never had),
    ``post_reactions`` of
    ``reaction`` chips (":+1: 2", desc "+1 reaction, 2"; tap toggles the user's own) and
    ``post_replies`` ("2 replies": opens the thread). A long press on a post opens a menu:
    "Reply" (opens the thread), "Add Reaction" (dialog of ``emoji_<name>`` rows, ``+1`` as
    ``emoji_plus1``), "Pin to Channel" / "Unpin from Channel", and for the user's own posts
    "Edit" (dialog with ``edit_post_input``) and "Delete" (dialog "Delete Post"). The post
    box ``post_draft``: ``pending_attachment`` rows (``attachment_name``,
    ``remove_attachment``), ``attach_file`` (desc "Attach file"), ``post_input`` (hint
    "Write to TITLE") and ``send_action`` (desc "Send", enabled with text or a file).
``.ThreadActivity`` (arg ``post_id``)
    "Thread in TITLE"; the first post, a ``date_separator`` "N replies" and the replies
    (same rows and long-press menu, without "Reply"), and the post box (hint "Reply to this
    thread...") that posts replies.
``.ChannelInfoActivity`` (arg ``channel_id``)
    ``channel_info_name``, ``channel_info_type``, ``channel_info_purpose``; rows
    ``view_profile`` (direct messages), ``channel_members`` ("Members", the count),
    ``add_members``, ``pinned_messages`` and ``leave_channel`` (dialog "Leave channel", No /
    Yes: leaves and goes back to the channel list; not for Town Square or direct messages).
``.ChannelMembersActivity`` / ``.AddMembersActivity`` (arg ``channel_id``)
    ``members_list`` / ``add_members_list`` of ``user_item`` rows (``user_item_username``,
    ``user_item_name``; when adding, ``user_item_check`` and a tap toggles); adding has
    ``add_members_search`` (filters the team's other members) and ``action_add`` (desc
    "Add").
``.PinnedMessagesActivity`` (arg ``channel_id``) ``pinned_list`` of ``post`` rows, or
    ``no_pinned``.
``.BrowseChannelsActivity``
    "Browse channels", ``action_create_new_channel``, ``browse_search``,
    ``browse_channel_list`` of ``browse_channel_item`` rows (``browse_channel_name``,
    ``browse_channel_purpose``; a tap joins and opens the channel), or ``no_channels``.
``.CreateChannelActivity``
    "Create new channel", ``action_create`` (desc "Create"), the switch ``make_private``,
    ``channel_name_input`` (focused), ``channel_purpose_input``. Created channels open.
``.UserProfileActivity`` (arg ``user_id``)
    ``profile_name``, ``profile_username``, ``send_message`` ("Send Message": opens the
    direct message, made if needed), ``profile_position``, ``profile_email``.
``.NewMessageActivity``
    "Direct Messages", ``new_message_search``, ``new_message_list`` of ``user_item`` rows
    (the team's members, the user too; tap toggles), ``action_start`` (desc "Start": a
    direct message with one person, a group message with more; the user alone gets their
    own channel, named ``1__1``, listed under their username).
``.AttachFileActivity``
    "Attach a file", ``current_folder``, ``file_list`` of ``file_item`` rows (folders first;
    a folder opens, BACK goes to its parent; a file is added to the post being written and
    the picker closes), or ``empty_folder``.
"""

from mobile_gym.sim.apps.mattermost.app import MattermostApp, MattermostServer
from mobile_gym.sim.apps.mattermost.data import ME, PACKAGE, SERVER

__all__ = ["ME", "PACKAGE", "SERVER", "MattermostApp", "MattermostServer"]
