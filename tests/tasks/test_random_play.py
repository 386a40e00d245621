"""Random play on every shipped task crashes no app, stays within the env's spaces and plays
again alike.

Two players: one acts on the screen's elements (taps, long presses, scrolls, and odd text
typed into the fields), the other gives commands of every verb at random places (double
taps, swipes, any Android key, waits of up to a minute, opening apps by name). Whatever they
do, the phone's apps handle it, as Android apps must: a crash of one of them under random
input ("<App> keeps stopping", ``FATAL EXCEPTION`` in the log) is a bug of that app. Every
observation stays in the observation space, every reward is a finite number, and an action
that cannot be carried out comes back as an ``action_error``, never as an exception. Played
again from the same seeds, in the same process or in one whose strings hash differently, the
commands lead to the same screens step by step.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import pathlib
import random
import subprocess
import sys
import zlib
from typing import Any

import gymnasium as gym
import pytest

from mobile_gym.commands import DIRECTIONS, MAX_WAIT_MS, Command, run_command
from mobile_gym.registration import make_env
from mobile_gym.sim import Phone
from mobile_gym.sim.apps import DEFAULT_APPS
from mobile_gym.sim.system.storage import database_path
from mobile_gym.spaces import KEYS
from mobile_gym.tasks import shipped_tasks
from tests.sim.crashing_app import other_schema

ACTIONS = 20
"""Random actions each player plays on each task."""
TEXTS = (
    "",
    " ",
    "0",
    "-1",
    "99999999999999999999",
    "1e308",
    "NaN",
    "'; DROP TABLE notes; --",
    '"quoted" and \\ back',
    "50% off_now",
    "日本語のメモ",
    "emoji 😀👍",
    "x" * 300,
    "two\nlines",
    "<b>bold</b> &amp;",
    "12:99",
    "2023-13-45",
    "+1 (555) 010-9999",
    "user@@example..com",
    "/sdcard/../etc",
    "..",
    "a/b",
    "ŞÜé ñ",
    "\u200b",
    "١٢٣",
    "3/0",
    "((((",
    "12,5",
)
"""What random typing types: numbers no field expects, SQL, markup, paths, other scripts."""
CONTACTS = "com.simplemobiletools.contacts.pro"


class CrashLog:
    """The crashes of a phone's apps from now on, each as the crash lines logcat holds."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.count = phone.crashes.count
        self.cursor = phone.logcat_lines()[1]
        self.crashes: list[str] = []

    def rebooted(self) -> None:
        """The phone booted again (a reset), with a log of its own."""
        self.cursor = 0

    def take(self) -> None:
        """Note the crashes since the last look."""
        if self.phone.crashes.count != self.count:
            self.count = self.phone.crashes.count
            lines, self.cursor = self.phone.logcat_lines(since=self.cursor, fmt="brief")
            self.crashes.append("\n".join(line for line in lines if "AndroidRuntime" in line))


def check_step(env: gym.Env, observation: Any, reward: float, info: dict[str, Any]) -> None:
    """AssertionError if an observation leaves the observation space, a reward is not a
    finite number or an action error is not text."""
    assert env.observation_space.contains(observation), observation
    assert isinstance(reward, float) and math.isfinite(reward), reward
    assert info["action_error"] is None or isinstance(info["action_error"], str)


def random_play(
    env: gym.Env, info: dict[str, Any], rng: random.Random, actions: int = ACTIONS
) -> list[str]:
    """Play ``actions`` random actions in ``env`` (element actions with text), whose last
    step or reset gave ``info``: a field on screen is typed into half the time, with one of
    ``TEXTS`` (then ENTER half of those times); otherwise the action is uniform over the
    verbs the screen's elements offer, and back. An episode that ends is reset with a new
    seed. Returns the crashes met (``CrashLog``); see ``check_step``."""
    log = CrashLog(env.unwrapped.device.phone)
    for _ in range(actions):
        choices = [(verb, e["index"]) for e in info["elements"] for verb in e["verbs"]]
        fields = [choice for choice in choices if choice[0] == "type"]
        if fields and rng.random() < 0.5:
            verb, index = rng.choice(fields)
        else:
            verb, index = rng.choice([*choices, ("back", 0)])
        text = rng.choice(TEXTS) + rng.choice(("", "\n")) if verb == "type" else ""
        observation, reward, terminated, truncated, info = env.step(
            {"verb": verb, "index": index, "text": text}
        )
        check_step(env, observation, reward, info)
        if terminated or truncated:
            _, info = env.reset(seed=rng.randrange(2**31))
            log.rebooted()
        log.take()
    return log.crashes


COMMAND_VERBS = ("click",) * 6 + (
    *("double_tap", "long_press", "long_press", "swipe", "swipe", "scroll", "scroll"),
    *("type", "type", "key", "key", "open_app", "wait"),
)
"""What the command player draws from: mostly taps, as an agent's actions are."""
APP_NAMES = (*sorted(app.label for app in DEFAULT_APPS if app.in_launcher), "No Such App")


def random_command(rng: random.Random) -> Command:
    """A command of a verb drawn from ``COMMAND_VERBS``, at places uniform over the screen."""
    verb = rng.choice(COMMAND_VERBS)
    x, y = rng.random(), rng.random()
    if verb == "swipe":
        return Command(verb, x, y, rng.random(), rng.random())
    if verb == "scroll":
        return Command(verb, x, y, direction=rng.choice(DIRECTIONS))
    if verb == "type":
        return Command(verb, x, y, text=rng.choice(TEXTS) or "a")
    if verb == "key":
        return Command(verb, key=rng.choice(KEYS))
    if verb == "open_app":
        return Command(verb, app=rng.choice(APP_NAMES))
    if verb == "wait":
        return Command(verb, ms=rng.choice((100, 1_000, 30_000, MAX_WAIT_MS)))
    return Command(verb, x, y)


def random_commands(
    env: gym.Env, rng: random.Random, actions: int = ACTIONS
) -> tuple[list[str], list[tuple]]:
    """Play ``actions`` commands of ``random_command`` in ``env`` (reset; commands go to the
    base env); an episode that ends is reset with a new seed. Returns the crashes met
    (``CrashLog``) and what each command led to: its reward, whether the episode ended, its
    action error and the view hierarchy then; see ``check_step``."""
    base = env.unwrapped
    log = CrashLog(base.device.phone)
    trace: list[tuple] = []
    for _ in range(actions):
        observation, reward, terminated, truncated, info = run_command(base, random_command(rng))
        check_step(base, observation, reward, info)
        trace.append(
            (reward, terminated, truncated, info["action_error"], base.device.hierarchy_xml())
        )
        if terminated or truncated:
            env.reset(seed=rng.randrange(2**31))
            log.rebooted()
        log.take()
    return log.crashes, trace


def played(task_id: str, **options: Any) -> tuple[gym.Env, dict[str, Any], random.Random]:
    """``task_id``'s env (element actions that type, the text observation, its own step cap;
    or as ``options`` say), reset with a seed of its own; its info; the random numbers of
    its play."""
    rng = random.Random(zlib.crc32(task_id.encode()))
    options = {
        "action_space": "element",
        "observation": "text",
        "action_options": {"with_text": True},
        **options,
    }
    env = make_env(task_id, **options)
    _, info = env.reset(seed=rng.randrange(2**31))
    return env, info, rng


@pytest.mark.parametrize("task_id", sorted(shipped_tasks()))
def test_random_element_actions_crash_no_app(task_id: str) -> None:
    env, info, rng = played(task_id)
    try:
        assert random_play(env, info, rng) == []
    finally:
        env.close()


@pytest.mark.parametrize("task_id", sorted(shipped_tasks()))
def test_random_commands_crash_no_app_and_play_again_alike(task_id: str) -> None:
    """Played again from the same seeds in an env that played another episode first, the
    commands lead to the same rewards, errors and screens step by step: after a reset with
    the seed of that episode (the phone goes back to its boot state) and after one with a
    new seed. A reset leaves nothing of the last episode behind, and nothing the apps do
    under input depends on more than the seed."""
    env, _, rng = played(task_id, action_space="gesture", action_options={})
    try:
        crashes, trace = random_commands(env, rng)
    finally:
        env.close()
    assert crashes == []
    again = random.Random(zlib.crc32(task_id.encode()))
    seed = again.randrange(2**31)
    state = again.getstate()  # where the first play's commands started
    env = make_env(task_id, action_space="gesture", observation="text")
    try:
        for first, reset in ((seed, "the same seed"), (seed + 1, "a new seed")):
            env.reset(seed=first)
            random_commands(env, random.Random(first), actions=ACTIONS // 2)  # another episode
            env.reset(seed=seed)
            again.setstate(state)
            replayed = random_commands(env, again)[1]
            for step, (one, other) in enumerate(zip(trace, replayed, strict=True)):
                assert one == other, f"after a reset with {reset}: command {step} differs"
    finally:
        env.close()


def command_digests(task_ids: list[str]) -> dict[str, str]:
    """For each task, a digest of what ``random_commands`` led to on it, played as
    ``test_random_commands_crash_no_app_and_play_again_alike`` plays it."""
    out = {}
    for task_id in task_ids:
        env, _, rng = played(task_id, action_space="gesture", action_options={})
        try:
            _, trace = random_commands(env, rng)
        finally:
            env.close()
        out[task_id] = hashlib.sha256(repr(trace).encode()).hexdigest()
    return out


ROOT = pathlib.Path(__file__).resolve().parents[2]
HASH_SEEDS = ("1", "2")
"""The ``PYTHONHASHSEED`` of the two processes that play the tasks again: sets and dicts of
text iterate in another order in each."""


def test_random_commands_play_alike_whatever_the_order_of_sets() -> None:
    """A third of the tasks, played by the command player in two processes whose strings hash
    differently: the same rewards, errors and screens, command by command. Nothing the apps
    show or do may follow the order a set of names happens to iterate in."""
    task_ids = sorted(shipped_tasks())[::3]
    script = (
        "import json, sys\n"
        "from tests.tasks.test_random_play import command_digests\n"
        "print(json.dumps(command_digests(sys.argv[1:])))\n"
    )
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", script, *task_ids],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed in HASH_SEEDS
    ]
    try:
        outcomes = [run.communicate(timeout=600) for run in runs]
    finally:
        for run in runs:
            run.kill()  # (one already ended is left as it is)
    for run, (_, err) in zip(runs, outcomes, strict=True):
        assert run.returncode == 0, err[-3000:]
    first, second = (json.loads(out) for out, _ in outcomes)
    assert sorted(first) == task_ids
    assert [t for t in task_ids if first[t] != second[t]] == []


def test_random_play_reports_an_app_that_crashes() -> None:
    """The checks above can fail: Contacts, its databases replaced by ones of another
    schema, crashes at the first action that makes it read its contacts again, and the crash
    is reported with the exception the log gives."""
    env, info, rng = played("mab.contacts_search")
    try:
        phone: Phone = env.unwrapped.device.phone
        for name in phone.apps[CONTACTS].schemas:
            phone.write_file(database_path(CONTACTS, name), other_schema())
        crashes = random_play(env, info, rng, actions=3)
        assert crashes, "a Contacts whose databases have another schema did not crash"
        assert f"Process: {CONTACTS}" in crashes[0]
        assert "SQLiteException: no such table" in crashes[0]
    finally:
        env.close()
