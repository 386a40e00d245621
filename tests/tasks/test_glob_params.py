"""A parameter filled into a file glob (a ``file:`` signal, ``setup.remove``) stands for its
text: its ``*``, ``?`` and ``[`` name those characters, never other files."""

from __future__ import annotations

import numpy as np

from mobile_gym.env import MobileEnv
from mobile_gym.tasks.episode import Episode
from mobile_gym.tasks.params import fill_glob
from tests.tasks.tasktools import make_env, spec

FOLDER = "/sdcard/Documents/Globs"  # a folder the phone does not seed


def signal_env(name: str, *others: str) -> MobileEnv:
    """An env whose setup writes ``name`` and ``others`` into FOLDER and whose signal
    ``named`` looks for the file the parameter ``name`` gives."""
    env = make_env(
        parameters={"name": {"choice": [name]}},
        setup={
            "files": [{"path": f"{FOLDER}/{{name}}", "text": "x"}]
            + [{"path": f"{FOLDER}/{other}", "text": "y"} for other in others]
        },
        signals={
            "named": {"file": f"{FOLDER}/{{name}}", "max_count": 1},
            "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
        },
        events=[
            {"id": "seen", "when": "named"},
            {"id": "done", "when": "wifi_off", "reward": 1.0, "end": "success"},
        ],
    )
    env.reset(seed=0)
    return env


def test_a_file_named_with_brackets_is_found() -> None:
    env = signal_env("report[1].txt")
    assert env.device.find_files(f"{FOLDER}/*") == [f"{FOLDER}/report[1].txt"]
    assert env.episode.board.value("named") is True


def test_a_wildcard_in_a_value_matches_only_its_own_text() -> None:
    env = signal_env("a*.txt", "abc.txt")
    env.device.delete_file(f"{FOLDER}/a*.txt")
    env.episode.board.begin_step()
    assert env.device.find_files(f"{FOLDER}/*") == [f"{FOLDER}/abc.txt"]
    assert env.episode.board.value("named") is False  # abc.txt is not "a*.txt"


def test_setup_remove_deletes_only_the_file_the_value_names() -> None:
    seeded = ["c1.pdf", "c*.pdf", "concert.pdf"]
    env = make_env(setup={"files": [{"path": f"{FOLDER}/{name}", "text": "x"} for name in seeded]})
    env.reset(seed=0)
    removing = spec(
        parameters={"old": {"choice": ["c*.pdf"]}}, setup={"remove": [f"{FOLDER}/{{old}}"]}
    )
    Episode(removing, env.device, np.random.default_rng(0))
    assert env.device.find_files(f"{FOLDER}/*") == [f"{FOLDER}/c1.pdf", f"{FOLDER}/concert.pdf"]


def test_fill_glob_escapes_values_but_keeps_the_templates_wildcards() -> None:
    values = {"name": "x?[y]*", "ext": "pdf"}
    assert fill_glob("/sdcard/**/*{name}.{ext}", values) == "/sdcard/**/*x[?][[]y][*].pdf"
