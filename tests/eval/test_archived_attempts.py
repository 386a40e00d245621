"""An episode played again after an error keeps its earlier attempt whole: the files the
attempt saved move to ``attempts/<task>/seed<N>/<K>/`` and what it recorded points at them
there, not at the files of the attempt that replaced them."""

from __future__ import annotations

import json
import pathlib
from typing import Any

from typer.testing import CliRunner

from mobile_gym.agents.llm.agent import VLMAgent
from mobile_gym.cli import app
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks
from mobile_gym.tasks.loader import shipped_tasks
from tests.agents.scripted_llm import ScriptedLLM, completion, failure

TASK = "simpletools.calculator.clear_history"
CHECK = "sql: SELECT COUNT(*) FROM history\n"
BROKEN = "sql: SELECT COUNT(*) FROM history WHERE no_such_column = 0\n"
"""A check the task reaches only once its history is open (``after``, at the 2nd action):
the episode's first steps are recorded, then the task raises, so the episode is an error."""
KEPT = f"attempts/{TASK}/seed0/1"
MOVED = {f"screenshots/{TASK}/seed0/": f"{KEPT}/screenshots/",
         f"observations/{TASK}/seed0/": f"{KEPT}/observations/"}  # fmt: skip
"""Where the first attempt's files are once it is archived."""


def eval_oracle(task_file: pathlib.Path, out: pathlib.Path) -> None:
    """``mobile-gym eval`` of the oracle on ``task_file``, saving screens and observations."""
    args = ["eval", "--agent", "oracle", "--task", str(task_file), "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--screenshots", "--save", "observations"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output


def references(line: dict[str, Any]) -> list[str]:
    """The saved files a trajectory line names: its screenshot and observation files (the
    header's under ``reset``)."""
    saved = line.get("reset", line)
    files = saved.get("observation") or {}
    return [path for path in (saved.get("screenshot"), *files.values()) if path]


def test_an_archived_attempt_references_its_own_files(tmp_path: pathlib.Path) -> None:
    shipped = pathlib.Path(shipped_tasks()[TASK].source).read_text(encoding="utf-8")
    broken = shipped.replace(CHECK, BROKEN).replace(
        "    when: history_empty\n", "    when: history_empty\n    after: [opened_history]\n"
    )
    assert BROKEN in broken and "after: [opened_history]" in broken
    task_file, out = tmp_path / "task.yaml", tmp_path / "run"
    task_file.write_text(broken, encoding="utf-8")
    eval_oracle(task_file, out)
    record = out / "episodes" / f"{TASK}__seed0.json"
    first = json.loads(record.read_text(encoding="utf-8"))
    assert first["outcome"] == "error" and first["decisions"] >= 1, first
    saved = {path.relative_to(out).as_posix(): path.read_bytes() for path in out.rglob("step*")}
    recorded = (out / first["trajectory"]).read_text(encoding="utf-8").splitlines()

    task_file.write_text(shipped, encoding="utf-8")
    eval_oracle(task_file, out)  # the error is played again, now a success
    assert json.loads(record.read_text(encoding="utf-8"))["success"]

    archived = (out / KEPT / "trajectory.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(archived) == len(recorded)
    for was, now in zip(recorded, archived, strict=True):
        before, after = references(json.loads(was)), references(json.loads(now))
        assert len(after) == len(before)
        for old, new in zip(before, after, strict=True):
            folder = next(folder for folder in MOVED if old.startswith(folder))
            assert new == MOVED[folder] + old.removeprefix(folder)
            assert (out / new).read_bytes() == saved[old]  # the first attempt's own file
    assert any(references(json.loads(line)) for line in archived[1:-1])
    episode = json.loads((out / KEPT / "episode.json").read_text(encoding="utf-8"))
    assert episode["trajectory"] == f"{KEPT}/trajectory.jsonl"
    assert json.loads(archived[-1])["trajectory"] == episode["trajectory"]


def test_an_archived_prompt_references_its_own_images(tmp_path: pathlib.Path) -> None:
    """A VLM's saved prompt names the screenshot it sent by path: archived, the path is
    the archived image, which is the one the first attempt sent."""
    plan = episodes(select_tasks([], ["settings.wifi_off"]), [0])
    prompts = []
    for _ in range(2):  # the endpoint fails at the 2nd decision: an error, played again
        with ScriptedLLM([completion("ACTION: SWIPE(up)"), failure(503)]) as server:
            agent = VLMAgent(model="m", base_url=server.base_url, max_retries=0)
            settings = RunSettings("vlm", observations=True)
            (record,) = evaluate(plan, settings, RunStore(tmp_path), agent=agent)
        assert record.outcome == "error"
        prompt = tmp_path / "observations" / "settings.wifi_off" / "seed0" / "step000.prompt.json"
        image = "observations/settings.wifi_off/seed0/step000.prompt0.png"
        assert image in prompt.read_text(encoding="utf-8")
        prompts.append((tmp_path / image).read_bytes())
    kept = "attempts/settings.wifi_off/seed0/1/observations"
    archived = (tmp_path / kept / "step000.prompt.json").read_text(encoding="utf-8")
    assert f'"{kept}/step000.prompt0.png"' in archived and '"observations/' not in archived
    assert (tmp_path / kept / "step000.prompt0.png").read_bytes() == prompts[0]
