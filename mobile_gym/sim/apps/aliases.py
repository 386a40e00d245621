"""Other names of the phone's apps: the packages MobileWorld's tasks name.

MobileWorld's emulator image runs Google Messages, Google Contacts, Fossify Calendar and a
gallery app from the Play Store; the simulated phone has the Simple Mobile Tools apps in
their place (Fossify Calendar is a fork of Simple Calendar). A task that names one of those
packages (to start it, clear its data or query its database) gets the app that plays it
here, and so does the ADB backend (``AdbDevice.package_name``) on a device that lacks the
named app but has the one of its place, such as the served phone. Where they differ:

- ``com.google.android.apps.messaging`` (Google Messages) is SMS Messenger: the same
  conversations and sent texts (``content://sms/sent`` reads them), its own screens and ids.
- ``com.google.android.contacts`` (Google Contacts) is Simple Contacts: one phone number,
  one email per contact in its own tables (``content://com.android.contacts/data`` reads them).
- ``org.fossify.calendar`` is Simple Calendar, whose ``events`` table Fossify Calendar
  inherited: MobileWorld's queries of ``start_ts``, ``end_ts``, ``title``, ``location`` and
  ``description`` read the same columns.
- ``gallery.photomanager.picturegalleryapp.imagegallery`` is Simple Gallery: the same
  pictures in the shared storage, other screens.

Resource ids in a task's XPath are the app's own, so a signal on another app's ids does not
carry over; tasks judge these apps by their data.
"""

from __future__ import annotations

from mobile_gym.sim.apps.calendar.activities import PACKAGE as CALENDAR
from mobile_gym.sim.apps.contacts.data import PACKAGE as CONTACTS
from mobile_gym.sim.apps.gallery.names import PACKAGE as GALLERY
from mobile_gym.sim.apps.sms_messenger.data import PACKAGE as SMS_MESSENGER

ALIASES: dict[str, str] = {
    "com.google.android.apps.messaging": SMS_MESSENGER,
    "com.google.android.contacts": CONTACTS,
    "org.fossify.calendar": CALENDAR,
    "gallery.photomanager.picturegalleryapp.imagegallery": GALLERY,
}
"""Another package name -> the installed package that plays it."""
