"""The Notes app class: package, launcher entry, database, seed content and screens."""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.sim.apps.about import SCREENS as ABOUT_SCREENS
from mobile_gym.sim.apps.about import AboutPages
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.notes import data
from mobile_gym.sim.apps.notes.main import main_screen, search
from mobile_gym.sim.apps.notes.note import autosave, note_screen, note_search
from mobile_gym.sim.apps.notes.preferences import settings_screen
from mobile_gym.sim.apps.notes.seed import seed_notes


class NotesApp(AboutPages, App):
    """Simple Notes Pro: text notes and checklists, a list of them and a page for each."""

    package = data.PACKAGE
    label = "Notes"
    icon = "note"
    color = (251, 188, 4)
    dock = True
    main_activity = data.MAIN_ACTIVITY
    screens: ClassVar[dict[str, str]] = {
        data.MAIN_ACTIVITY: "main",
        data.NOTE_ACTIVITY: "note",
        data.SETTINGS_ACTIVITY: "settings",
        **ABOUT_SCREENS,
    }
    schemas: ClassVar[dict[str, str]] = {data.DATABASE: data.SCHEMA}
    about_name = "Simple Notes Pro"
    version = "6.16.0"

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        seed_notes(ctx, rng)

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == data.NOTE_ACTIVITY:
            note = data.note(ctx, data.shown_note_id(ctx))
            if note is not None:
                return note.title
        return self.label

    def back(self, ctx: AppContext) -> bool:
        """Close search, or save the open note's unsaved changes; then the phone goes back."""
        if ctx.screen.activity == data.MAIN_ACTIVITY and search(ctx).close_on_back():
            return True
        if ctx.screen.activity == data.NOTE_ACTIVITY and note_search(ctx).close_on_back():
            return True
        autosave(ctx)
        return False

    def pause(self, ctx: AppContext) -> None:
        """Leaving the app (HOME, recents, another app) saves the open note too."""
        autosave(ctx)

    main = staticmethod(main_screen)
    note = staticmethod(note_screen)
    settings = staticmethod(settings_screen)
