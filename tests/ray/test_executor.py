"""Evaluation on Ray in this process (``ray.init`` with two CPUs): the run folder equals a
serial run's (records, trajectories, screenshots; timings aside), a rerun resumes (only the
unfinished episodes and the one that ended in an error are played, the latter's earlier
attempt kept), agents that call an endpoint keep to ``max_concurrency``, kept envs play as
new ones, and bad options are one clear error."""

from __future__ import annotations

import csv
import io
import json
import pathlib
import shutil
import threading
import time
from typing import Any

import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, run_episode, select_tasks
from mobile_gym.eval.plan import Episode
from mobile_gym.ray.envs import EnvCache
from tests.agents.scripted_llm import Reply, ScriptedLLM, failure

ray = pytest.importorskip("ray")

from mobile_gym.ray.executor import RayExecutor, RayOptions  # noqa: E402

TASKS = ["settings.wifi_off", "contacts.add_email", "notes.read_code"]
SETTINGS = RunSettings("oracle", screenshots=True)
TIMINGS = ("latency_s",)


def plan() -> list[Episode]:
    """Three starter tasks, two seeds each."""
    return episodes(select_tasks([], TASKS), [0, 1])


def _without_timings(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_timings(v) for k, v in value.items() if k not in TIMINGS}
    if isinstance(value, list):
        return [_without_timings(v) for v in value]
    return value


def folder_contents(root: pathlib.Path) -> dict[str, Any]:
    """Every file of a run folder by relative path: JSON, JSON lines and CSV parsed, with the
    timing fields left out; other files as bytes."""
    contents: dict[str, Any] = {}
    for path in sorted(root.rglob("*")):
        if not path.is_file():
            continue
        text = path.read_bytes()
        if path.suffix == ".json":
            value: Any = _without_timings(json.loads(text))
        elif path.suffix == ".jsonl":
            value = [_without_timings(json.loads(line)) for line in text.splitlines()]
        elif path.suffix == ".csv":
            value = _without_timings(list(csv.DictReader(io.StringIO(text.decode()))))
        else:
            value = text
        contents[path.relative_to(root).as_posix()] = value
    return contents


def assert_same_runs(one: pathlib.Path, two: pathlib.Path) -> None:
    """The two run folders hold the same files with the same contents, timings aside."""
    first, second = folder_contents(one), folder_contents(two)
    assert sorted(first) == sorted(second)
    for name in first:
        assert first[name] == second[name], name


@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """The plan run in this process, serially."""
    root = tmp_path_factory.mktemp("serial")
    evaluate(plan(), SETTINGS, RunStore(root))
    return root


def test_run_folder_equals_a_serial_runs(
    local_ray: None, serial: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    executor = RayExecutor()
    records = evaluate(plan(), SETTINGS, RunStore(tmp_path), executor=executor)
    assert [r.key for r in records] == [f"{e.task.id}__seed{e.seed}" for e in plan()]
    assert all(r.success for r in records)
    assert sorted(executor.placements) == sorted(r.key for r in records)
    assert any(path.suffix == ".png" for path in tmp_path.rglob("*"))  # files came back
    assert_same_runs(serial, tmp_path)


def test_rerun_plays_only_unfinished_and_failed_episodes(
    local_ray: None, serial: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    first = RayExecutor(RayOptions(actors=1))
    evaluate(plan()[:3], SETTINGS, RunStore(tmp_path), executor=first)
    assert len(first.placements) == 3
    # the first episode ended in an error: a resumed run plays it again (serially too)
    twice = tmp_path.parent / f"{tmp_path.name}-serial"
    shutil.copytree(serial, twice)
    for root in (tmp_path, twice):
        path = RunStore(root).episode_path(TASKS[0], 0)
        record = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps({**record, "error": "device: gone"}), encoding="utf-8")
    evaluate(plan(), SETTINGS, RunStore(twice))
    again = RayExecutor(RayOptions(actors=1))
    records = evaluate(plan(), SETTINGS, RunStore(tmp_path), executor=again)
    resumed = {f"{TASKS[0]}__seed0", *(f"{e.task.id}__seed{e.seed}" for e in plan()[3:])}
    assert set(again.placements) == resumed
    assert records[0].extra["earlier_attempts"] == 1
    assert (tmp_path / "attempts" / TASKS[0] / "seed0" / "1" / "episode.json").exists()
    assert_same_runs(twice, tmp_path)


def test_endpoint_agents_keep_to_max_concurrency(local_ray: None, tmp_path: pathlib.Path) -> None:
    changed = threading.Condition()
    load = {"now": 0, "most": 0}

    def slow(body: dict[str, Any]) -> Reply:
        with changed:
            load["now"] += 1
            load["most"] = max(load["most"], load["now"])
            changed.notify_all()
            # held until a second request is in flight (the actors start one by one, and a
            # busy machine may start the next only after the first's request is answered):
            # two episodes are then at once however the actors' starts fall
            changed.wait_for(lambda: load["now"] >= 2, timeout=10)
        time.sleep(0.4)  # both stay in flight a while: a third request would meet them
        with changed:
            load["now"] -= 1
        return failure(400, "no answer")

    count = len(plan())
    with ScriptedLLM([slow] * count) as server:
        options = {"model": "m", "base_url": server.base_url, "max_retries": 0}
        settings = RunSettings("llm", options)
        executor = RayExecutor(RayOptions(num_cpus_per_episode=0.6, max_concurrency=2))
        records = evaluate(plan(), settings, RunStore(tmp_path), executor=executor)
    assert len(server.requests) == count == len(records)
    assert load["most"] == 2  # three actors, two episodes at once


def test_kept_envs_play_as_new_ones(tmp_path: pathlib.Path) -> None:
    from mobile_gym.agents import make_agent

    agent = make_agent("oracle")
    cache = EnvCache(size=1)
    fresh, kept = [], []
    for episode in [*plan(), *plan()]:
        fresh.append(run_episode(episode.task, episode.seed, agent))
        kept.append(run_episode(episode.task, episode.seed, agent, envs=cache))
    assert [_without_timings(r.to_json()) for r in kept] == [
        _without_timings(r.to_json()) for r in fresh
    ]
    assert cache.reused == 3 * 2 - 3 + 3  # seed 1 after seed 0, and the second pass's first
    assert cache.made == 12 - cache.reused
    assert len(cache) == 1
    cache.close()
    assert len(cache) == 0


def test_an_env_whose_episode_failed_is_not_kept() -> None:
    from mobile_gym.tasks.loader import resolve_task

    cache = EnvCache(size=2)
    task = resolve_task(TASKS[0])
    env = cache.open(task, action_space="gesture")
    cache.release(env, healthy=False)
    assert len(cache) == 0
    assert cache.open(task, action_space="gesture") is not env


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--executor", "dask"], "unknown --executor 'dask'"),
        (["--executor", "ray", "--address", "nowhere"], "bad --address 'nowhere'"),
        (["--address", "auto"], "--address needs --executor ray"),
        (["--num-cpus-per-episode", "-3"], "--num-cpus-per-episode needs --executor ray"),
        (["--max-concurrency", "0"], "--max-concurrency needs --executor ray"),
        (["--executor", "ray", "--workers", "2"], "--workers is for --executor local"),
        (["--executor", "ray", "--num-cpus-per-episode", "0"], "must be above 0"),
        (["--executor", "ray", "--max-concurrency", "0"], "--max-concurrency must be at least 1"),
    ],
)
def test_bad_options_are_one_clear_error(
    arguments: list[str], message: str, tmp_path: pathlib.Path
) -> None:
    result = CliRunner().invoke(
        app,
        ["eval", "--task", TASKS[0], "--agent", "oracle", "--out", str(tmp_path), *arguments],
    )
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "run.json").exists()


def test_generate_on_ray_writes_the_local_run_folder(
    local_ray: None, tmp_path: pathlib.Path
) -> None:
    arguments = ["generate", "--task", TASKS[2], "--seeds", "0-1"]
    for name, executor in (("local", []), ("ray", ["--executor", "ray"])):
        result = CliRunner().invoke(app, [*arguments, "--out", str(tmp_path / name), *executor])
        assert result.exit_code == 0, result.output
    assert any((tmp_path / "ray" / "observations").rglob("*.xml"))
    made = [(tmp_path / name / "generate.json").read_text() for name in ("local", "ray")]
    assert made[0].replace("/local", "/ray") == made[1]  # the commands differ in --out only
    for name in ("local", "ray"):
        (tmp_path / name / "generate.json").unlink()
    assert_same_runs(tmp_path / "local", tmp_path / "ray")
