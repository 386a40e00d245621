"""The About pages apps share: opened from "More options" > "About", with their Frequently
asked questions and Contributors pages, each an activity the back key leaves."""

from __future__ import annotations

from mobile_gym.env import MobileEnv
from mobile_gym.sim.apps.about import ABOUT, CONTRIBUTORS, FAQ
from tests.tasks.tasktools import click, spec

LAUNCHER = "com.simplemobiletools.applauncher"


def test_about_faq_and_contributors_are_activities() -> None:
    env = MobileEnv(spec(apps=[LAUNCHER], setup={"start": {"package": LAUNCHER}}))
    env.reset(seed=0)
    device = env.device
    click(env, desc="More options")
    click(env, text="About")
    assert device.foreground() == (LAUNCHER, ABOUT)
    xml = device.hierarchy_xml()
    assert "Simple App Launcher" in xml and "Version 5.9.2" in xml
    click(env, text="Frequently asked questions")
    assert device.foreground() == (LAUNCHER, FAQ)
    assert 'resource-id="com.simplemobiletools.applauncher:id/faq_title"' in device.hierarchy_xml()
    click(env, desc="Navigate up")
    assert device.foreground() == (LAUNCHER, ABOUT)
    click(env, text="Contributors")
    assert device.foreground() == (LAUNCHER, CONTRIBUTORS)
    assert "contributor_name" in device.hierarchy_xml()
    env.device.key("BACK")
    env.device.key("BACK")
    assert device.foreground()[1] == ".activities.MainActivity"


def test_every_simulated_app_but_settings_has_the_about_pages() -> None:
    from mobile_gym.sim.apps import DEFAULT_APPS
    from mobile_gym.sim.apps.about import AboutPages

    without = [app.label for app in DEFAULT_APPS if not issubclass(app, AboutPages)]
    assert without == [
        "Settings",
        "Files",
        "Docreader",
        "Chrome",
        "Camera",
        "Clock",
        "wikiHow",
        "Gmail",
        "Mattermost server",
        "Mattermost",
        "Mastodon server",
        "Mastodon",
        "淘店",
        "Maps",
        "Travel booking server",
    ]
    for app in DEFAULT_APPS:
        if issubclass(app, AboutPages):
            assert {ABOUT, FAQ, CONTRIBUTORS} <= set(app.screens), app.label


def test_the_voice_recorder_menu_opens_the_about_page() -> None:
    recorder = "com.simplemobiletools.voicerecorder"
    env = MobileEnv(spec(apps=[recorder], setup={"start": {"package": recorder}}))
    env.reset(seed=0)
    click(env, desc="More options")
    click(env, text="About")
    assert env.device.foreground() == (recorder, ABOUT)
    assert "Simple Voice Recorder" in env.device.hierarchy_xml()
