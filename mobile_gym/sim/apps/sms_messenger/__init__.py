"""SMS Messenger (``com.simplemobiletools.smsmessenger``), modelled on Simple SMS Messenger.

Database ``messages``: table ``messages(id, address, body, date, type, read)`` (``date`` in
milliseconds on the virtual clock; ``type`` 1 = received, 2 = sent; ``read`` 0 or 1), table
``conversations(address, archived, pinned)`` (flags of a conversation, by address), table
``drafts(address, body, date)`` (the unsent text of a conversation's message field, without
white space around it, by the conversation's address; ``date`` when it was kept), table
``blocked_numbers(number)`` and table ``preferences(key, value)`` (``font_size``: ``small``,
``medium`` (default), ``large`` or ``extra_large``, the text size of messages). A
conversation is every message with one address; it is named after the contact whose number
matches (last ten digits) in the Contacts app's database.

Seeded conversations: chats with some of the phone's contacts, texts from short codes
(deliveries, a bank, appointments) and one or two unknown numbers; some end unread.

Drafts, as the real app keeps them when its thread screen pauses: leaving a conversation
(BACK, "Navigate up", the thread menu's actions that close it, HOME, recents or another
app) keeps the message field's text as its draft, or drops the draft when the field is
empty; sending a message drops it, and so does deleting the conversation. Opened again,
the conversation shows its draft in the message field.

Arriving texts (``incoming.deliver``, what the emulator console's ``sms send`` does) are kept
unread in the conversation with their number and notified; a blocked number's are dropped.

Logcat (tag ``SMSMessenger``): ``Message sent: to=ADDRESS body=TEXT``, ``Message received:
from=ADDRESS body=TEXT``, ``Message blocked: from=ADDRESS``, ``Conversation
deleted: address=A``, ``Conversation archived: address=A`` / ``unarchived``, ``Conversation
pinned: address=A`` / ``unpinned``, ``Conversation marked as read: address=A`` / ``as
unread``, ``Messages deleted: address=A count=N``, ``Number blocked: N``, ``Number
unblocked: N``, ``Preference changed: key=value``. Toast: "Invalid phone number".

Activities and resource ids (``com.simplemobiletools.smsmessenger:id/<name>``):

``.activities.MainActivity``
    ``toolbar`` "SMS Messenger" with ``action_search`` (desc "Search"), ``action_settings``
    (desc "Settings") and "More options" (menu "Show archived conversations", "About": the
    About pages of ``mobile_gym.sim.apps.about``). While searching: "Close
    search", the EditText ``search_query`` (hint "Search conversations"; matches names,
    numbers and message text, archived conversations included) and "Clear query".
    ``conversations_list`` (recycled) of rows ``conversation_frame`` (pinned first, then
    newest first), each with ``conversation_image``, ``conversation_address`` (contact name
    or number), ``conversation_body_short`` (last or matching message; with a draft, and
    not searching, ``draft_indicator`` "Draft" and the draft), ``conversation_date``
    and, when set, ``pin_indicator`` (desc "Pinned") and ``unread_indicator`` (desc
    "Unread"). Tap opens the conversation (marking it read); long press opens a menu:
    "Add number to contact" (numbers not in Contacts: opens the Contacts editor prefilled),
    "Block number" (dialog "Block number?"), "Mark as read" / "Mark as unread", "Pin" /
    "Unpin", "Archive" (dialog "Are you sure you want to archive 1 conversation?", No /
    Yes), "Delete" (dialog "Delete conversation?"). ``conversations_fab`` (desc "New
    conversation"; the new conversation opens with its number field focused).
    ``no_conversations_placeholder`` when nothing is listed.
``.activities.ThreadActivity`` (arg ``address``; a number matching an existing
    conversation opens that one) Toolbar with the contact name or number, "Navigate up",
    ``action_delete`` (desc "Delete", dialog "Delete conversation?") and "More options"
    (menu "Add number to contact" for unknown numbers, "Block number", "Mark as unread",
    "Archive" / "Unarchive"; all but "Unarchive" close the conversation).
    ``thread_messages_list`` (RecyclerView stacked from its end: opens at the newest
    message, a short thread sits over the message field; scrolling up reaches the first):
    per day a header ``thread_date_time`` ("June 3, 2024"), per message
    ``thread_message_holder`` with
    ``thread_message_body`` and ``thread_message_time`` ("09:31"); sent messages on the
    right; the bodies' text size follows the font size setting. A long press on a message
    starts selection mode (taps then toggle messages; BACK or ``cab_close`` ends it): the
    contextual bar shows "N / total", ``cab_delete`` (desc "Delete", dialog "Are you sure
    you want to delete N message(s)?", No / Yes) and "More options" (menu "Properties" for
    one message: the dialog "Message details" with ``property_label`` / ``property_value``
    rows "Receiver" or "Sender" and "Sent at" or "Received at"; "Select all").
    ``thread_type_message`` (hint "Type a message…"; holds the conversation's draft, if any;
    focused when the thread is opened from the new conversation screen),
    ``thread_character_counter`` while it has text, and ``thread_send_message`` (desc
    "Send", clickable only with text).
``.activities.NewConversationActivity``
    "New conversation", "Navigate up"; ``new_conversation_address`` (hint "Add Contact or
    Number…"; ENTER confirms), ``new_conversation_confirm`` (desc "Confirm", while the field
    has text: a number opens its conversation, other text toasts "Invalid phone number");
    ``contacts_list`` of the contacts with numbers, filtered by name or number as typed:
    rows ``item_contact_frame`` with ``item_contact_name`` and ``item_contact_number``; tap
    opens the conversation. ``no_contacts_placeholder`` when none match. Opened by another
    app's share (``compose(phone, body)``, argument ``body``), it also shows the message
    ``new_conversation_message`` (prefilled with the shared text, editable), which the
    conversation picked opens with in ``thread_type_message``.
``.activities.ArchivedConversationsActivity``
    "Archived conversations", "Navigate up"; ``conversations_list`` of archived
    conversations (long press: "Unarchive", "Delete"); ``no_conversations_placeholder``.
``.activities.SettingsActivity``
    "Settings", "Navigate up"; ``settings_font_size_holder`` ("Font size", its value in
    ``settings_font_size``: a dialog of radio buttons ``font_size_small``,
    ``font_size_medium``, ``font_size_large``, ``font_size_extra_large`` that applies on a
    tap) and ``settings_manage_blocked_numbers_holder`` ("Manage blocked numbers").
``.activities.ManageBlockedNumbersActivity``
    "Manage blocked numbers", "Navigate up", ``action_add_a_blocked_number`` (dialog with
    ``add_blocked_number_edittext``); ``manage_blocked_numbers_list`` (recycled) of rows with
    ``manage_blocked_number_title`` and ``manage_blocked_number_delete`` (desc "Unblock");
    ``manage_blocked_numbers_placeholder`` when empty.
"""

from mobile_gym.sim.apps.sms_messenger.app import SmsMessengerApp
from mobile_gym.sim.apps.sms_messenger.data import (
    ARCHIVED,
    BLOCKED,
    DATABASE,
    MAIN,
    NEW_CONVERSATION,
    PACKAGE,
    SETTINGS,
    THREAD,
)
from mobile_gym.sim.apps.sms_messenger.new_conversation import compose

__all__ = [
    "ARCHIVED",
    "BLOCKED",
    "DATABASE",
    "MAIN",
    "NEW_CONVERSATION",
    "PACKAGE",
    "SETTINGS",
    "THREAD",
    "SmsMessengerApp",
    "compose",
]
