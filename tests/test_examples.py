"""The scripts in ``examples/`` run as a user runs them (a process of their own), with tiny
budgets: training saves a policy, evaluating it writes a run folder, the LLM agent plays a
task against a local OpenAI-compatible server."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import cv2
import numpy as np
import pytest

from mobile_gym.sim import Phone
from tests.agents.scripted_llm import ScriptedLLM, completion

EXAMPLES = pathlib.Path(__file__).parents[1] / "examples"


def run(script: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *arguments],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result


def test_every_example_is_listed_in_its_readme() -> None:
    listed = (EXAMPLES / "README.md").read_text()
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(
        name for name in (p.name for p in EXAMPLES.glob("*.py")) if f"`{name}`" in listed
    )


def test_train_then_evaluate_a_policy(tmp_path: pathlib.Path) -> None:
    policy = tmp_path / "policy"
    trained = run("train_maskable_ppo.py", "--timesteps", "256", "--out", str(policy))
    assert (tmp_path / "policy.zip").is_file()
    assert "episodes: success" in trained.stdout and "saved" in trained.stdout
    out = tmp_path / "eval"
    evaluated = run(
        "evaluate_policy.py", str(tmp_path / "policy.zip"), "--episodes", "2", "--out", str(out)
    )
    assert "settings.wifi_off" in evaluated.stdout
    records = sorted((out / "episodes").glob("*.json"))
    assert [json.loads(r.read_text())["seed"] for r in records] == [1000, 1001]


def test_train_ppo_on_pixels_in_worker_processes(tmp_path: pathlib.Path) -> None:
    arguments = ["--timesteps", "256", "--envs", "2", "--out", str(tmp_path / "pixels")]
    trained = run("train_ppo_pixels.py", *arguments)
    assert (tmp_path / "pixels.zip").is_file() and "saved" in trained.stdout


def test_the_llm_agent_plays_against_a_local_server() -> None:
    answers = [completion("THINK: done.\nACTION: DONE")]
    with ScriptedLLM(answers) as server:
        played = run("llm_agent.py", "--base-url", server.base_url, "--model", "m")
    assert len(server.requests) == 1
    assert "task: " in played.stdout and "after 1 actions" in played.stdout


def test_the_llm_agent_counts_its_actions_not_touch_steps() -> None:
    answers = [completion("THINK: look.\nACTION: TAP(0)"), completion("THINK: done.\nACTION: DONE")]
    with ScriptedLLM(answers) as server:
        played = run("llm_agent.py", "--base-url", server.base_url, "--model", "m")
    assert len(server.requests) == 2 and "after 2 actions" in played.stdout


def test_rllib_ppo_trains_an_iteration_and_saves_a_checkpoint(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("ray.rllib")
    arguments = ["--iterations", "1", "--batch", "64", "--env-runners", "0", "--cpus", "1"]
    trained = run("rllib_ppo.py", *arguments, "--out", str(tmp_path / "rllib"))
    assert "iteration 1: 64 steps" in trained.stdout and "saved" in trained.stdout
    assert any((tmp_path / "rllib").iterdir())


def test_app_screenshots_are_the_phones_screen(tmp_path: pathlib.Path) -> None:
    run(
        "app_screenshots.py",
        "--out",
        str(tmp_path),
        "--scale",
        "0.25",
        "--app",
        "com.android.settings",
    )
    phone = Phone(seed=0)
    phone.launch("com.android.settings")
    phone.wait(1000)
    saved = cv2.cvtColor(cv2.imread(str(tmp_path / "com.android.settings.png")), cv2.COLOR_BGR2RGB)
    assert np.array_equal(saved, phone.screenshot(0.25))
    assert (tmp_path / "home.png").is_file()
    refused = subprocess.run(
        [sys.executable, str(EXAMPLES / "app_screenshots.py"), "--app", "org.example.none"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 2 and "not a launcher app: org.example.none" in refused.stderr
