"""The random, oracle and SB3-policy agents, in the runner and in a plain loop."""

from __future__ import annotations

import json
import pathlib

import gymnasium as gym
import pytest

from mobile_gym import metrics
from mobile_gym.agents import Agent, agent_class, make_agent
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, run_episode
from mobile_gym.tasks.loader import shipped_tasks

TASK_IDS = sorted(shipped_tasks())


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_the_oracle_solves_every_shipped_task_in_its_minimum(task_id: str) -> None:
    task = shipped_tasks()[task_id]
    record = run_episode(task, 0, make_agent("oracle"))
    assert record.error is None
    assert record.success, f"{task_id}: the reference solution did not succeed"
    assert record.steps == task.min_steps
    bench = metrics.agent_bench([record])
    assert bench.sr.value == 1.0 and bench.se == 1.0


def test_the_random_agent_acts_validly_and_repeats_itself_per_seed(
    tmp_path: pathlib.Path,
) -> None:
    plan = episodes([shipped_tasks()["contacts.create_named"]], [3, 4])
    one = evaluate(plan, RunSettings("random"), RunStore(tmp_path / "one"))
    two = evaluate(plan, RunSettings("random"), RunStore(tmp_path / "two"))
    actions = {}
    for name, records in (("one", one), ("two", two)):
        for record in records:
            lines = (tmp_path / name / record.trajectory).read_text().splitlines()
            steps = [json.loads(line) for line in lines[1:-1]]
            assert steps and all(step["action_error"] is None for step in steps)
            actions[name, record.seed] = [step["action"] for step in steps]
    assert actions["one", 3] == actions["two", 3]
    assert actions["one", 3] != actions["one", 4]


def test_agents_satisfy_the_protocol_and_run_in_a_plain_loop() -> None:
    agent = make_agent("random", seed=7)
    assert isinstance(agent, Agent)
    env = gym.make(
        "MobileGym/settings.wifi_off-v0",
        action_space=agent.action_space,
        observation=agent.observation,
    )
    observation, info = env.reset(seed=0)
    agent.reset(info["instruction"], info, seed=0)
    steps, done = 0, False
    while not done:
        observation, _, terminated, truncated, info = env.step(agent.act(observation, info))
        steps, done = steps + 1, terminated or truncated
    assert steps <= 2 * shipped_tasks()["settings.wifi_off"].min_steps
    assert agent.last_output and agent.last_usage is None


def test_unknown_agents_and_options_are_named() -> None:
    with pytest.raises(ValueError, match="unknown agent 'genius'; choose one of: random"):
        agent_class("genius")
    with pytest.raises(ValueError, match="agent 'oracle': bad options"):
        make_agent("oracle", colour="red")
    with pytest.raises(ValueError, match="no saved model at"):
        make_agent("sb3", path="/no/such/model.zip")
    with pytest.raises(ValueError, match="unknown algo 'sac'"):
        make_agent("sb3", path=__file__, algo="sac")
    with pytest.raises(ValueError, match="unknown action_space 'elemnt'"):
        make_agent("sb3", path=__file__, action_space="elemnt")
    with pytest.raises(ValueError, match="unknown observation_options 'grayscal'"):
        make_agent("sb3", path=__file__, observation_options={"grayscal": True})


def test_a_saved_maskable_policy_runs_as_an_agent(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    env = gym.make(
        "MobileGym/settings.switch_named_on-v0", action_space="element", observation="rl"
    )
    model = MaskablePPO("MultiInputPolicy", env, n_steps=32, batch_size=32, seed=0, device="cpu")
    model.learn(32)
    path = tmp_path / "policy.zip"
    model.save(path)

    agent = make_agent("sb3", path=str(path))
    assert agent.name == "sb3:policy"
    plan = episodes([shipped_tasks()["settings.switch_named_on"]], [0, 1])
    first = evaluate(plan, RunSettings("sb3", {"path": str(path)}), RunStore(tmp_path / "a"))
    again = evaluate(plan, RunSettings("sb3", {"path": str(path)}), RunStore(tmp_path / "b"))
    assert [r.error for r in first] == [None, None]
    assert all(1 <= r.steps <= 2 for r in first)  # the task's cap is 2 x 1
    # deterministic policy, seeded episodes: the same actions again
    assert [r.to_json() | {"latency_s": 0} for r in first] == [
        r.to_json() | {"latency_s": 0} for r in again
    ]
    # a task whose observation has a part more (the user's reply): the model reads its own
    asked = episodes([shipped_tasks()["interact.lunch_day_corrected"]], [0])
    records = evaluate(asked, RunSettings("sb3", {"path": str(path)}), RunStore(tmp_path / "c"))
    assert [r.error for r in records] == [None] and records[0].steps >= 1


def test_a_policy_trained_with_preset_options_runs_in_them(tmp_path: pathlib.Path) -> None:
    """The README's training options (fewer verbs, label words, a smaller screen): the
    runner makes the agent's env with them, so the model reads what it was trained on."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from mobile_gym.rl import ElementsExtractor

    options = {
        "action_options": {"verbs": ["click", "back"]},
        "observation_options": {"label_words": 4},
        "screen_size": [64, 48],
    }
    env = gym.make(
        "MobileGym/settings.switch_named_on-v0", action_space="element", observation="rl", **options
    )
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=32,
        batch_size=32,
        seed=0,
        device="cpu",
        policy_kwargs={"features_extractor_class": ElementsExtractor},
    )
    model.learn(32)
    path = tmp_path / "policy.zip"
    model.save(path)

    plan = episodes([shipped_tasks()["settings.switch_named_on"]], [0])
    records = evaluate(
        plan, RunSettings("sb3", {"path": str(path), **options}), RunStore(tmp_path / "run")
    )
    assert [r.error for r in records] == [None]
    assert records[0].steps >= 1
    # without the options it was trained with: the run's setup is wrong, not the policy
    (wrong,) = evaluate(plan, RunSettings("sb3", {"path": str(path)}), RunStore(tmp_path / "x"))
    assert wrong.outcome == "error" and wrong.steps == 0
    assert "InfrastructureError: the model was trained on observations {" in (wrong.error or "")
