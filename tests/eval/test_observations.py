"""``mobile-gym eval --save observations``: every step's screen, hierarchy, observation text
and model prompt, step 0 included, with their paths in the trajectory."""

from __future__ import annotations

import json
import pathlib
import xml.etree.ElementTree as ElementTree
from typing import Any

import cv2
from typer.testing import CliRunner

from mobile_gym.agents import make_agent
from mobile_gym.cli import app
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks
from mobile_gym.eval.observations import observation_text
from mobile_gym.registration import make_env
from tests.agents.scripted_llm import ScriptedLLM, completion

TASK = "settings.wifi_off"


def screenshot_size() -> tuple[int, int]:
    """(height, width) of the screenshots the env observes."""
    env = make_env(TASK)
    try:
        return tuple(env.observation_space["screen"].shape[:2])  # type: ignore[return-value]
    finally:
        env.close()


class Recording:
    """An agent that remembers every observation it was given."""

    def __init__(self, agent: Any) -> None:
        self.inner = agent
        self.seen: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def act(self, observation: Any, info: dict[str, Any]) -> Any:
        self.seen.append(observation)
        return self.inner.act(observation, info)


def lines(root: pathlib.Path, seed: int = 0) -> list[dict[str, Any]]:
    text = (root / "trajectories" / TASK / f"seed{seed}.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def run(root: pathlib.Path, name: str, **options: Any) -> tuple[Recording, list[dict[str, Any]]]:
    agent = Recording(make_agent(name, **options))
    plan = episodes(select_tasks([], [TASK]), [0])
    evaluate(plan, RunSettings(name, observations=True), RunStore(root), agent=agent)  # type: ignore[arg-type]
    return agent, lines(root)


def step_files(trajectory: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The observation files of step 0 (header) then of every step line."""
    header, *rest = trajectory
    return [header["reset"]["observation"]] + [
        line["observation"] for line in rest if line["type"] == "step"
    ]


def test_random_agent_observations_from_step_zero(tmp_path: pathlib.Path) -> None:
    agent, trajectory = run(tmp_path, "random")
    files = step_files(trajectory)
    steps = sum(line["type"] == "step" for line in trajectory)
    assert len(files) == steps + 1 and steps >= 1
    assert files[0]["png"].endswith(f"observations/{TASK}/seed0/step000.png")
    for number, saved in enumerate(files):
        assert saved["png"].endswith(f"step{number:03d}.png")
        image = cv2.imread(str(tmp_path / saved["png"]))
        assert image.shape[:2] == screenshot_size()
        ElementTree.fromstring((tmp_path / saved["xml"]).read_text(encoding="utf-8"))
        assert "prompt" not in saved  # the random agent prompts no model
    # the text file of step K is the observation the agent acted on at step K+1
    for number, observation in enumerate(agent.seen):
        text = (tmp_path / files[number]["text"]).read_text(encoding="utf-8")
        assert text == observation_text(observation)
        assert "# screen_text\n" in text and "# instruction\n" in text


def test_oracle_agent_observations(tmp_path: pathlib.Path) -> None:
    agent, trajectory = run(tmp_path, "oracle")
    files = step_files(trajectory)
    assert len(files) == 5  # reset and the four solution steps
    for saved in files:
        image = cv2.imread(str(tmp_path / saved["png"]))
        assert image.shape[:2] == screenshot_size()
        assert ElementTree.fromstring((tmp_path / saved["xml"]).read_text()).tag == "hierarchy"
    first = (tmp_path / files[0]["text"]).read_text(encoding="utf-8")
    assert first == "# instruction\nTurn off Wi-Fi.\n"  # seed 0: the template's wording
    assert first == observation_text(agent.seen[0])


def test_llm_prompt_files_hold_the_messages_sent(tmp_path: pathlib.Path) -> None:
    reply = completion("THINK: go back.\nACTION: BACK")
    with ScriptedLLM([reply] * 8) as server:
        _, trajectory = run(
            tmp_path, "llm", model="scripted", base_url=server.base_url, backoff=0.0
        )
        sent = [request.body["messages"] for request in server.requests]
    files = step_files(trajectory)
    assert len(sent) == len(files) - 1 >= 1
    for number, messages in enumerate(sent):  # the prompt decided on step K's observation
        saved = json.loads((tmp_path / files[number]["prompt"]).read_text(encoding="utf-8"))
        assert saved == messages
    assert "prompt" not in files[-1]  # no decision was made on the last observation


def test_vlm_prompt_images_are_files_not_base64(tmp_path: pathlib.Path) -> None:
    reply = completion("THINK: go back.\nACTION: BACK")
    with ScriptedLLM([reply] * 8) as server:
        _, trajectory = run(
            tmp_path, "vlm", model="scripted", base_url=server.base_url, backoff=0.0
        )
    prompt_path = tmp_path / step_files(trajectory)[0]["prompt"]
    text = prompt_path.read_text(encoding="utf-8")
    assert "base64" not in text
    image = json.loads(text)[-1]["content"][1]["image_url"]["url"]
    assert image == f"observations/{TASK}/seed0/step000.prompt0.png"
    assert cv2.imread(str(tmp_path / image)) is not None


def test_cli_save_observations_and_screenshots_alias(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "run"
    args = ["eval", "-a", "oracle", "-t", TASK, "-o", str(out), "--save", "observations"]
    result = CliRunner().invoke(app, [*args, "--screenshots"])
    assert result.exit_code == 0, result.output
    header = lines(out)[0]
    assert header["reset"]["screenshot"] == f"screenshots/{TASK}/seed0/step000.png"
    shot = cv2.imread(str(out / header["reset"]["screenshot"]))
    assert shot.shape[:2] == (1200, 540)
    assert (out / header["reset"]["observation"]["xml"]).exists()
    bad = CliRunner().invoke(app, ["eval", "-a", "oracle", "-t", TASK, "--save", "video"])
    assert bad.exit_code == 2 and "unknown --save 'video'" in bad.output
