"""Gmail (``com.gmailclone``), modelled on the Gmail clone MobileWorld runs: one account,
``Jordan Lee <user@gmail.com>`` (``data.ACCOUNT``).

Database ``mail``: table ``mails(id, folder, sender_name, sender_address, to_address, cc,
bcc, subject, body, date, read, starred, labels, attachments, reply_to, attachment_paths)``.
``folder`` is ``inbox``, ``sent``, ``drafts``, ``archive`` or ``trash`` (Starred is every
starred mail outside Trash and Drafts; a label shows every mail carrying it outside Trash);
``to_address``, ``cc``, ``bcc``, ``labels`` and ``attachments`` are comma-separated lists
(attachments by file name); ``date`` is epoch milliseconds on the virtual clock; ``read``
and ``starred`` are 0 or 1; ``reply_to`` is the id of the mail a reply or forward answers;
``attachment_paths`` (drafts and sent mails) is a JSON object of each attachment's name and
the phone file it was attached from (empty, or a name missing: ``attachments/<name>``).
Every column has a default, so a task can seed a mail with a few of them (``folder``
defaults to ``inbox``, ``to_address`` to the account). Table ``labels(name)`` holds the
labels ("Family", "Receipts", "Travel", "Work" on a fresh phone). A fresh phone has 10 to 16
received mails from its contacts (those with emails) and from services, most of the newest
three unread, some starred, labelled or archived, and three sent ones.

Files (``/sdcard/Android/data/com.gmailclone/files``): sending writes ``sentEmail.json``,
the last mail sent, as MobileWorld's checks read it: ``{"id", "from", "to", "cc", "bcc",
"subject", "body", "attachments": [{"name", "path"}]}`` (recipients comma-separated; the
body holds the quoted mail of a reply or forward after the text typed). An inbox pushed as
``state.json`` in MobileWorld's format (``{"mails": [{"headers": {"from", "to",
"subject", "date"}, "body", "status": "read"|"unread", "attachments": [{"name"}]}]}``;
``from`` as ``Name <address>`` or an address; dates such as ``Oct 3``, ``2025-10-03`` or
epoch ms) replaces the inbox when the list is next shown, once per content pushed.
Attachments of received mails are read from ``attachments/<name>`` there; downloading
one writes ``/sdcard/Download/<name>``.

Logcat (tag ``Gmail``): ``Mail sent: id=N to=A cc=B bcc=C subject=S attachments=a,b``,
``Draft saved: id=N to=A subject=S``, ``Draft discarded: id=N``, ``Mail starred: id=N`` /
``unstarred``, ``Mail archived: id=N``, ``Mail moved to Trash: id=N``, ``Mail moved to
Inbox: id=N`` (``to Sent`` for the account's own mail), ``Mail deleted forever: id=N``,
``Mail marked as read: id=N`` / ``as unread`` (opening a mail marks it read without a line),
``Labels changed: id=N labels=A,B``, ``Attachment downloaded: name=X path=P``, ``Inbox
loaded: path=P count=N``. Toasts: "Sent", "Draft saved", "Add at least one recipient",
"Invalid address: X", "Saved to Download: X".

Activities and resource ids (``com.gmailclone:id/<name>``):

``.MainActivity``
    ``toolbar`` with ``open_drawer`` (desc "Open navigation drawer"), ``toolbar_title`` (the
    folder: "Inbox"), ``open_search`` (desc "Search in mail") and ``account``. Searching:
    "Close search", the EditText ``search_query`` (hint "Search in mail"; matches sender
    name and address, subject, body and recipients (to, cc and bcc) of every mail outside
    Trash and Drafts, in any case, ``%`` and ``_`` as themselves) and "Clear query".
    ``folder_name`` (``INBOX``) over ``mail_list`` (recycled, newest first) of rows
    ``mail_row`` with ``avatar``, ``sender`` (``To: ...`` in Sent, ``Draft · To: ...`` in
    Drafts; bold while unread), ``date``, ``attachment_indicator``, ``subject``, ``snippet``
    and ``star`` (desc "Starred" / "Not starred"; a tap toggles). A tap opens the mail (a
    draft opens in the editor); a long press opens a menu: "Move to Inbox" (Archive, Trash;
    "Move to Sent" for the account's own mail, which goes back to Sent), "Archive" (Inbox),
    "Delete" ("Delete forever" in Trash), "Mark as read" / "Mark as unread", "Add star" /
    "Remove star", "Label as" (dialog of ``label_checkbox`` check boxes, one per label of
    ``labels``, Cancel / OK; the mail's labels not in ``labels`` stay); a draft's menu has
    "Discard draft".
    ``empty_list`` when nothing is listed; ``compose_button`` (desc "Compose") opens the
    editor with ``compose_to`` focused. The navigation drawer (``open_drawer``, or a swipe
    to the right; BACK or a tap beside it closes it): ``navigation_drawer`` with
    ``account_address`` and rows ``drawer_item`` "Inbox", "Starred", "Sent", "Drafts",
    "Archive", "Trash", then one per label, with ``drawer_count`` (unread mails) on Inbox,
    Archive and labels. BACK in another folder returns to Inbox.
``.ViewMailActivity`` (arg ``mail``: the id)
    ``toolbar`` with "Navigate up", ``action_archive`` (desc "Archive", in Inbox),
    ``action_delete`` (desc "Delete": to Trash) or in Trash ``action_delete_forever``
    (dialog "Delete forever?"), ``action_mark_unread`` (desc "Mark unread") and "More
    options" (menu "Move to Inbox" or "Move to Sent" in Archive and Trash, "Label as"); the
    changes close the mail. ``mail_scroll`` holds ``mail_subject``, ``mail_star``,
    ``mail_label`` chips (the folder, then labels), ``mail_sender_name``, ``mail_date``
    (``Oct 16, 2025, 09:30``), ``mail_sender_address``, ``mail_to`` ("to me", or the
    recipients and cc), ``mail_body``, per attachment ``attachment`` with
    ``attachment_name`` and ``attachment_download`` (desc "Download"), and the buttons
    ``reply_button`` "Reply", ``reply_all_button`` "Reply all" and ``forward_button``
    "Forward".
``.ComposeActivity`` (args ``to``, ``cc``, ``subject``, ``quoted``, ``attachments``,
    ``reply_to`` from a reply or forward; ``draft``: a draft's id)
    ``toolbar`` "Compose" with "Navigate up" (keeps a draft), ``action_attach_file`` (desc
    "Attach file"), ``action_send`` (desc "Send") and "More options" (menu "Save draft",
    "Discard"). ``compose_form``: ``compose_from`` (the account), the fields
    ``compose_to``, ``compose_cc``, ``compose_bcc`` (addresses separated by commas; while
    one has focus, the people whose name or address holds what is typed after the last
    comma, from Contacts' emails and the mails' senders, show under it as rows
    ``suggestion_row`` with ``suggestion_name`` and ``suggestion_address``; a tap puts the
    address in), ``compose_subject`` (hint "Subject"), per attachment ``attachment_chip``
    with ``attachment_chip_name`` and "Remove attachment", ``compose_body`` (hint "Compose
    email") and ``quoted_text`` (a reply's or forward's quoted mail, sent after the body).
    A reply is addressed to the sender (the account's own mail, in Sent or sent from the
    account: to its recipients; reply all: the other recipients too, and the cc in Cc, each
    address once in any case, without the account's own) with subject ``Re: S``; a forward
    has subject ``Fwd: S`` and the mail's attachments.
    "Attach file" opens the dialog "Attach file": the EditText ``attach_search`` (hint
    "Search files": keeps the files whose names hold it, case ignored) over
    ``attach_file_list`` of rows ``attach_file_row`` (``attach_file_name``,
    ``attach_file_folder``) of every file in Download, Documents, Pictures and DCIM under
    ``/sdcard``, the most recently modified first (a file pushed without a time counts as
    new), or ``attach_empty`` "No files found"; a tap attaches it (picking or Cancel
    empties the search). Files (``com.google.android.documentsui``) can also hand files
    to a new mail: its Share, "Gmail". BACK, up
    or leaving the app keeps a non-empty mail in Drafts (toast "Draft saved"); a draft
    emptied and left so is discarded.
"""

from mobile_gym.sim.apps.mail.app import MailApp
from mobile_gym.sim.apps.mail.data import (
    ACCOUNT,
    COMPOSE,
    DATABASE,
    MAIN,
    PACKAGE,
    SENT_JSON,
    STATE_JSON,
    VIEW,
)

__all__ = [
    "ACCOUNT",
    "COMPOSE",
    "DATABASE",
    "MAIN",
    "PACKAGE",
    "SENT_JSON",
    "STATE_JSON",
    "VIEW",
    "MailApp",
]
