"""A policy's preset options (here fewer element verbs, in another order) are part of how
its episodes were played: the trajectory's header keeps them, ``mobile-gym replay`` makes
the env with them, and the viewer names each action's verb from them."""

from __future__ import annotations

import json
import pathlib

import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.eval import replay
from mobile_gym.registration import make_env
from mobile_gym.viewer.filmstrip import filmstrip
from mobile_gym.viewer.runs import load_run, load_steps

TASK = "mab.calculator_add"
VERBS = ["back", "click"]
"""Not the default order: element action ``[1, i]`` is ``click`` here, ``long_press`` there."""


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """``mobile-gym eval`` of an (untrained) PPO policy made for element actions of
    ``VERBS``, given them as its agent option."""
    pytest.importorskip("stable_baselines3")
    from stable_baselines3 import PPO

    root = tmp_path_factory.mktemp("preset")
    env = make_env(TASK, action_space="element", observation="rl", action_options={"verbs": VERBS})
    PPO("MultiInputPolicy", env, n_steps=8, batch_size=8, seed=0, device="cpu").save(
        root / "policy.zip"
    )
    env.close()
    out = root / "run"
    result = CliRunner().invoke(
        app,
        [
            "eval", "--agent", "sb3", "--agent-option", f"path={root / 'policy.zip'}",
            "--agent-option", "algo=ppo", "--agent-option", "action_options={verbs: [back, click]}",
            "--task", TASK, "--seeds", "0", "--out", str(out),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, (result.output, result.exception)
    return out


def trajectory(run: pathlib.Path) -> pathlib.Path:
    return run / "trajectories" / TASK / "seed0.jsonl"


def test_the_header_records_the_preset_options(run: pathlib.Path) -> None:
    header = json.loads(trajectory(run).read_text(encoding="utf-8").splitlines()[0])
    assert header["preset_options"] == {"action_options": {"verbs": VERBS}}


def test_an_unchanged_episode_replays_identical(run: pathlib.Path) -> None:
    result = replay(trajectory(run))
    assert result.identical, result.verdict
    cli = CliRunner().invoke(app, ["replay", str(trajectory(run))])
    assert cli.exit_code == 0, cli.output
    assert cli.output.startswith(f"identical: {TASK} seed 0")


def test_a_header_without_preset_options_replays_in_the_default_ones(
    run: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    """An older recording kept no options: it is played in the presets' defaults (where
    this policy's ``[1, i]`` is a long press, not the click it was)."""
    lines = [json.loads(line) for line in trajectory(run).read_text(encoding="utf-8").splitlines()]
    del lines[0]["preset_options"]
    older = tmp_path / "seed0.jsonl"
    older.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    result = replay(older)
    assert result.steps == len(lines) - 2
    clicks = [line["step"] for line in lines if line["type"] == "step" and line["action"][0] == 1]
    if clicks:  # the first recorded click is replayed as a long press
        assert result.first_difference is not None and result.first_difference <= clicks[0]


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ([1, 2], "the header's preset_options is not an object of make_env options"),
        ({"device": "x"}, "the header's preset_options has device, not an option"),
        ({"action_options": {"verbs": ["fly"]}}, "cannot make the recorded env: verbs must"),
        ({"action_options": [1]}, "cannot make the recorded env: "),
    ],
)
def test_bad_recorded_options_are_a_file_error(
    run: pathlib.Path, tmp_path: pathlib.Path, options: object, problem: str
) -> None:
    lines = trajectory(run).read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0]) | {"preset_options": options}
    path = tmp_path / "seed0.jsonl"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    cli = CliRunner().invoke(app, ["replay", str(path)])
    assert cli.exit_code == 2 and problem in cli.output, cli.output


def test_the_filmstrip_names_verbs_from_the_recorded_list(run: pathlib.Path) -> None:
    viewed = load_run(run)
    episode = load_steps(viewed, viewed.records[0])
    frames = [frame for frame in filmstrip(viewed, episode) if frame.line is not None]
    assert frames
    for frame in frames:
        assert frame.line is not None and frame.mark is not None
        verb, index = frame.line["action"]
        assert frame.mark.label == f"{VERBS[verb]} #{index}"
