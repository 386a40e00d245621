"""The catalogue of MobileWorld's 201 original tasks and how their apps map onto the phone.

``originals.csv`` lists every task file of ``Tongyi-MAI/MobileWorld`` under
``src/mobile_world/tasks/definitions/<folder>/<file>.py``: its category (``GUI``, ``IU`` for
agent-user interaction, ``MCP``, or ``IU+MCP`` for the two tagged both), language (``en`` or
``zh``) and ``app_names``. A task file of the ``mobileworld`` suite reproduces one row: its id
is ``mw.<folder>.<file>``.

MobileWorld names apps; the phone installs packages. ``APP_PACKAGES`` maps each GUI app name
onto the package that plays it here (Messages, Contacts, Calendar and Gallery are the Simple
Mobile Tools apps, not Google's or Fossify's: see ``mobile_gym.sim.apps.aliases``), and
``MCP_SERVERS`` each MCP pseudo-app onto its offline tool server.
"""

from __future__ import annotations

import csv
import pathlib
from dataclasses import dataclass
from functools import cache

REPOSITORY = "Tongyi-MAI/MobileWorld"
DEFINITIONS = "src/mobile_world/tasks/definitions"
APP_PACKAGES: dict[str, str] = {
    "Mail": "com.gmailclone",
    "Mastodon": "org.joinmastodon.android.mastodon",
    "Mattermost": "com.mattermost.rnbeta",
    "Taodian": "com.testmall.app",
    "Messages": "com.simplemobiletools.smsmessenger",
    "Contacts": "com.simplemobiletools.contacts.pro",
    "Calendar": "com.simplemobiletools.calendar.pro",
    "Gallery": "com.simplemobiletools.gallery.pro",
    "Settings": "com.android.settings",
    "Chrome": "com.android.chrome",
    "Camera": "com.android.camera2",
    "Files": "com.google.android.documentsui",
    "Docreader": "org.mobilegym.docreader",
    "Maps": "com.google.android.apps.maps",
    "Clock": "com.google.android.deskclock",
}
"""The package that plays each of MobileWorld's GUI apps on the simulated phone."""
MCP_SERVERS: dict[str, str] = {
    "MCP-Amap": "amap",
    "MCP-Github": "gitHub",
    "MCP-arXiv": "arXiv",
    "MCP-stockstar": "stockstar",
    "MCP-jina": "jina",
}
"""The offline tool server (``mobile_gym.mcp.servers``) of each MCP pseudo-app."""
CATEGORIES: dict[str, frozenset[str]] = {
    "GUI": frozenset({"gui"}),
    "IU": frozenset({"interact"}),
    "MCP": frozenset({"mcp"}),
    "IU+MCP": frozenset({"mcp"}),
}
"""The task file category each original category takes: a task tagged both interaction
and MCP is filed under ``mcp``, its primary category (its user block keeps it among the
interaction tasks: ``TaskSpec.tags``)."""
PUBLISHED_SPLIT = {"gui": 116, "interact": 45, "mcp": 40}
"""The leaderboard's task counts per category (``site/leaderboard.json``); the tags of the
original task files give 117 / 44 / 40 by primary category."""


@dataclass(frozen=True)
class Original:
    """One original task: where it is and what it is."""

    folder: str
    file: str
    category: str
    language: str
    apps: tuple[str, ...]

    @property
    def task_id(self) -> str:
        """The id of the task file that reproduces it."""
        return f"mw.{self.folder}.{self.file}"

    @property
    def origin(self) -> str:
        """The ``origin:`` of that task file."""
        return f"{REPOSITORY}:{DEFINITIONS}/{self.folder}/{self.file}.py"

    @property
    def packages(self) -> frozenset[str]:
        """The packages of its GUI apps on the phone (KeyError for an app not there)."""
        return frozenset(APP_PACKAGES[app] for app in self.apps if app not in MCP_SERVERS)

    @property
    def servers(self) -> frozenset[str]:
        """The tool servers of its MCP pseudo-apps."""
        return frozenset(MCP_SERVERS[app] for app in self.apps if app in MCP_SERVERS)

    @property
    def on_the_phone(self) -> bool:
        """Whether every app it uses is on the simulated phone."""
        return all(app in APP_PACKAGES or app in MCP_SERVERS for app in self.apps)


@cache
def originals() -> dict[str, Original]:
    """Every original task, by the id of the task file that reproduces it."""
    path = pathlib.Path(__file__).with_name("originals.csv")
    with path.open(newline="", encoding="utf-8") as handle:
        rows = [
            Original(
                row["folder"],
                row["file"],
                row["category"],
                row["language"],
                tuple(row["apps"].split()),
            )
            for row in csv.DictReader(handle)
        ]
    return {row.task_id: row for row in rows}
