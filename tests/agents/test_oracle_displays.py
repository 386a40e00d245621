"""The oracle on a display smaller than the one the solutions were written on: a target
below the fold or under the keyboard is looked for (scrolls, then BACK to hide the
keyboard), each look an action of its own; on the default display it never looks."""

from __future__ import annotations

from typing import Any

import pytest

from mobile_gym.agents.oracle import OracleAgent
from mobile_gym.commands import Command
from mobile_gym.registration import make_env
from mobile_gym.tasks.solution import REVEAL_SCROLLS, TargetSearch
from tests.tasks.tasktools import spec


def play(task: Any, display: str | None) -> tuple[bool, list[str], int]:
    """The oracle's episode of ``task`` from seed 0: success, the verbs it sent, min steps."""
    options = {} if display is None else {"display": display}
    env = make_env(task, action_space="gesture", observation="pixels", max_steps="none", **options)
    agent = OracleAgent()
    agent.attach(env)
    observation, info = env.reset(seed=0)
    agent.reset(info["instruction"], info, seed=0)
    verbs: list[str] = []
    done = False
    while not done:
        command = agent.act(observation, info)
        verbs.append(command.verb)
        observation, _, terminated, truncated, info = env.step(command)
        done = terminated or truncated
    env.close()
    return info["success"], verbs, env.unwrapped.task.min_steps


@pytest.mark.parametrize(
    "task",
    [
        "simpletools.app_launcher.open_app",  # the app's cell is below the launcher grid's fold
        "mw.mastodon.mastodon_create_list",  # the dialog's Save button is under the keyboard
        "mw.native.share_photos",  # a file above where the picker's list was left
    ],
)
def test_the_oracle_finds_what_a_small_screen_hides(task: str) -> None:
    success, verbs, min_steps = play(task, "small_phone")
    assert success
    looks = len(verbs) - min_steps
    assert looks > 0 and verbs.count("scroll") + verbs.count("key") >= looks
    success, verbs, _ = play(task, None)  # on the default display: the solution as written
    assert success and len(verbs) == min_steps


def test_a_target_on_no_screen_fails_after_a_bounded_search() -> None:
    task = spec(solution=[{"click": {"id": "no_such_view"}}])
    env = make_env(task, action_space="gesture", observation="pixels", max_steps="none")
    agent = OracleAgent()
    agent.attach(env)
    observation, info = env.reset(seed=0)
    agent.reset(info["instruction"], info, seed=0)
    looks = 0
    with pytest.raises(LookupError, match="no_such_view"):
        while True:
            observation, _, _, _, info = env.step(agent.act(observation, info))
            looks += 1
    # at most every view (4) down and back up (3 x REVEAL_SCROLLS), twice (around BACK)
    assert 0 < looks <= 4 * 3 * REVEAL_SCROLLS * 2 + 1


def test_the_search_hides_the_keyboard_only_after_scrolling() -> None:
    search = TargetSearch()
    keyboard = (
        '<hierarchy><node index="0" text="" resource-id="" class="android.widget.FrameLayout"'
        ' package="com.android.inputmethod.latin" content-desc="" checkable="false"'
        ' checked="false" clickable="false" enabled="true" focusable="false" focused="false"'
        ' scrollable="false" long-clickable="false" password="false" selected="false"'
        ' bounds="[0,1400][1080,2200]" /></hierarchy>'
    )
    assert search.next(keyboard, (1080, 2400)) == Command("key", key="BACK")
    assert search.next(keyboard, (1080, 2400)) is None  # nothing scrolls, BACK was pressed
