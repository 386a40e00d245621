"""Apps installed on the simulated phone by default."""

from mobile_gym.sim.apps.app_launcher import AppLauncherApp
from mobile_gym.sim.apps.calculator import CalculatorApp
from mobile_gym.sim.apps.calendar import CalendarApp
from mobile_gym.sim.apps.camera import CameraApp
from mobile_gym.sim.apps.chrome import ChromeApp
from mobile_gym.sim.apps.clock import ClockApp
from mobile_gym.sim.apps.contacts import ContactsApp
from mobile_gym.sim.apps.docreader import DocreaderApp
from mobile_gym.sim.apps.file_manager import FileManagerApp
from mobile_gym.sim.apps.files import FilesApp
from mobile_gym.sim.apps.gallery import GalleryApp
from mobile_gym.sim.apps.mail import MailApp
from mobile_gym.sim.apps.maps import MapsApp
from mobile_gym.sim.apps.mastodon import MastodonApp, MastodonServer
from mobile_gym.sim.apps.mattermost import MattermostApp, MattermostServer
from mobile_gym.sim.apps.music_player import MusicPlayerApp
from mobile_gym.sim.apps.notes import NotesApp
from mobile_gym.sim.apps.settings import SettingsApp
from mobile_gym.sim.apps.sms_messenger import SmsMessengerApp
from mobile_gym.sim.apps.taodian import TaodianApp
from mobile_gym.sim.apps.voice_recorder import VoiceRecorderApp
from mobile_gym.sim.apps.wikihow import WikiHowApp
from mobile_gym.sim.web.travel_server import TravelServer

DEFAULT_APPS = (
    SettingsApp,
    ContactsApp,
    NotesApp,
    SmsMessengerApp,
    CalendarApp,
    CalculatorApp,
    VoiceRecorderApp,
    AppLauncherApp,
    FileManagerApp,
    FilesApp,
    DocreaderApp,
    MusicPlayerApp,
    GalleryApp,
    ChromeApp,
    CameraApp,
    ClockApp,
    WikiHowApp,
    MailApp,
    MattermostServer,
    MattermostApp,
    MastodonServer,
    MastodonApp,
    TaodianApp,
    MapsApp,
    TravelServer,
)
