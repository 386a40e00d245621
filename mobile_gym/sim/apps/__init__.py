"""Apps installed on the simulated phone by default."""

from mobile_gym.sim.apps.contacts import ContactsApp
from mobile_gym.sim.apps.notes import NotesApp
from mobile_gym.sim.apps.settings import SettingsApp

DEFAULT_APPS = (SettingsApp, ContactsApp, NotesApp)
