"""generate -> export -> load: the starter suite's demonstrations (seeds 0-1) written in the
eval run folder format, resumed, exported as Parquet and as a datasets folder, and read
back with ``datasets`` row for row against the trajectories."""

from __future__ import annotations

import io
import json
import pathlib
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.eval.replay import read_trajectory
from mobile_gym.wrappers.json_actions import parse_json_action

EPISODES = 18 * 2  # the starter suite's 18 tasks, seeds 0 and 1
GENERATE = ["generate", "--suite", "starter", "--seeds", "0-1", "--agent", "oracle"]


def cli(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    out = tmp_path_factory.mktemp("run") / "starter"
    result = cli(*GENERATE, "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def trajectories(run: pathlib.Path) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """Every episode's step lines by (task, seed)."""
    found = {}
    for path in (run / "trajectories").glob("*/seed*.jsonl"):
        header, steps, _ = read_trajectory(path)
        found[header["task_id"], header["seed"]] = steps
    return found


@pytest.fixture(scope="module")
def parquet(run: pathlib.Path, tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    out = tmp_path_factory.mktemp("parquet") / "dataset"
    result = cli("export", str(run), "--format", "parquet", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def test_generate_fills_an_eval_run_folder_with_what_a_dataset_needs(
    run: pathlib.Path, trajectories: dict[tuple[str, int], list[dict[str, Any]]]
) -> None:
    assert len(list((run / "episodes").glob("*.json"))) == EPISODES == len(trajectories)
    settings = json.loads((run / "run.json").read_text())
    assert settings["agent"] == "oracle" and settings["observations"] is True
    for path in (run / "trajectories").glob("*/seed*.jsonl"):
        header, steps, result = read_trajectory(path)
        assert result is not None and result["success"]
        for saved in [header["reset"], *steps]:  # the screen before every action, and after
            assert (run / saved["observation"]["xml"]).read_text().startswith("<?xml")
            assert (run / saved["screenshot"]).read_bytes().startswith(b"\x89PNG")
    made = json.loads((run / "generate.json").read_text())["generated_by"]
    assert [entry["command"] for entry in made] == [
        f"mobile-gym generate --suite starter --seeds 0-1 --agent oracle --out {run}"
    ]


def test_rerunning_generate_plays_only_the_episodes_not_finished(run: pathlib.Path) -> None:
    record = run / "episodes" / "settings.wifi_off__seed1.json"
    before = {p.name: p.stat().st_mtime_ns for p in (run / "episodes").glob("*.json")}
    record.unlink()
    result = cli(*GENERATE, "--out", str(run))
    assert result.exit_code == 0, result.output
    assert f"{EPISODES - 1} episode(s) were already finished" in result.output
    after = {p.name: p.stat().st_mtime_ns for p in (run / "episodes").glob("*.json")}
    assert after.keys() == before.keys()
    assert [name for name in after if after[name] != before[name]] == [record.name]
    assert len(json.loads((run / "generate.json").read_text())["generated_by"]) == 1


def test_the_parquet_dataset_loads_with_one_row_per_recorded_step(
    parquet: pathlib.Path,
    trajectories: dict[tuple[str, int], list[dict[str, Any]]],
    tmp_path: pathlib.Path,
) -> None:
    import datasets

    files = {path.stem: str(path) for path in (parquet / "data").glob("*.parquet")}
    loaded = datasets.load_dataset("parquet", data_files=files, cache_dir=str(tmp_path))
    assert isinstance(loaded["train"].features["screenshot"], datasets.Image)
    rows = [row for split in loaded.values() for row in split]
    by_episode: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for row in rows:
        by_episode.setdefault((row["task_id"], row["seed"]), []).append(row)
    assert by_episode.keys() == trajectories.keys()
    for key, steps in trajectories.items():
        episode = sorted(by_episode[key], key=lambda row: row["step"])
        assert [row["step"] for row in episode] == [line["step"] for line in steps]
        assert [row["reward"] for row in episode] == [line["reward"] for line in steps]
        assert [row["done"] for row in episode] == [False] * (len(steps) - 1) + [True]
        assert [json.loads(row["command"]) for row in episode] == [s["action"] for s in steps]
        for row in episode:
            check_row(row)
    # splits by task: no task id in two of them, and together every task
    tasks = {name: {row["task_id"] for row in split} for name, split in loaded.items()}
    assert sum(len(t) for t in tasks.values()) == len(set().union(*tasks.values())) == 18
    check_card(parquet, {name: len(split) for name, split in loaded.items()})


def check_row(row: dict[str, Any]) -> None:
    """The JSON action reads back, and its element is the one the recorded tap hit."""
    assert row["screenshot"].size == (540, 1200)  # the half-size screenshot
    assert (row["screen_width"], row["screen_height"]) == (1080, 2400)
    assert row["view_hierarchy"].startswith("<?xml") and row["success"]
    action = json.loads(row["action"])
    parsed = parse_json_action(row["action"])
    assert action["action_type"] == row["action_type"]
    command = json.loads(row["command"])
    if "x" not in command or command["verb"] == "swipe":
        assert row["element_index"] is None and "index" not in action
        return
    x, y = command["x"] * 1079, command["y"] * 2399
    assert (action["x"], action["y"]) == (round(x), round(y))
    if row["element_index"] is None:
        assert not any(contains(e["bounds"], x, y) for e in row["elements"])
        return
    hit = row["elements"][row["element_index"]]
    assert hit["index"] == row["element_index"]
    assert contains(hit["bounds"], x, y)
    left, top, right, bottom = hit["bounds"]
    centred = ((left + right) // 2, (top + bottom) // 2) == (round(x), round(y))
    assert parsed.index == (hit["index"] if "index" in action else None)
    assert centred or "index" not in action  # an index only for the element's centre
    smaller = [e for e in row["elements"] if contains(e["bounds"], x, y) and area(e) < area(hit)]
    assert centred or not smaller  # centred there, else the smallest around the point


def contains(bounds: list[int], x: float, y: float) -> bool:
    left, top, right, bottom = bounds
    return left <= x < right and top <= y < bottom


def area(element: dict[str, Any]) -> int:
    left, top, right, bottom = element["bounds"]
    return (right - left) * (bottom - top)


def check_card(folder: pathlib.Path, sizes: dict[str, int]) -> None:
    """The card's front matter and split table state the sizes loaded."""
    text = (folder / "README.md").read_text()
    front = yaml.safe_load(text.split("---\n")[1])
    assert front["license"] == "cc-by-4.0"
    stated = {s["name"]: s["num_examples"] for s in front["dataset_info"]["splits"]}
    assert stated == sizes
    for name, count in sizes.items():
        assert f"| {name} |" in text and f"| {count} |" in text
    assert "mobile-gym generate --suite starter --seeds 0-1 --agent oracle" in text
    assert "Seeds: 0-1" in text and "## Licence" in text and "CC-BY-4.0" in text


def test_the_hf_export_loads_from_disk_with_the_parquet_rows_resized(
    run: pathlib.Path, parquet: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    import datasets
    import pyarrow.parquet as pq
    from PIL import Image

    out = tmp_path / "hf"
    result = cli("export", str(run), "--format", "hf", "--out", str(out), "--image-size", "270x600")
    assert result.exit_code == 0, result.output
    loaded = datasets.load_from_disk(str(out))
    assert isinstance(loaded["train"].features["screenshot"], datasets.Image)
    for name, split in loaded.items():
        table = pq.read_table(parquet / "data" / f"{name}.parquet")
        assert split["action"] == table.column("action").to_pylist()
        assert split["task_id"] == table.column("task_id").to_pylist()
        assert split[0]["screenshot"].size == (270, 600)
        png = table.column("screenshot")[0].as_py()["bytes"]  # pyarrow alone: the PNG
        assert Image.open(io.BytesIO(png)).size == (540, 1200)
    check_card(out, {name: len(split) for name, split in loaded.items()})
    assert "270 x 600" in (out / "README.md").read_text()


def test_each_row_has_the_instruction_in_force_when_the_agent_acted(
    tmp_path: pathlib.Path,
) -> None:
    import pyarrow.parquet as pq

    task = "wikihow_examples.address_a_letter_to_england_7"  # a new instruction per stage
    run, out = tmp_path / "run", tmp_path / "dataset"
    assert cli(*GENERATE[:1], "--task", task, "--no-screenshots", "--out", str(run)).exit_code == 0
    assert cli("export", str(run), "--split", "1", "--out", str(out)).exit_code == 0
    rows = pq.read_table(out / "data" / "train.parquet").to_pylist()
    header, steps, _ = read_trajectory(run / "trajectories" / task / "seed0.jsonl")
    given = [header["instruction"]]
    for line in steps[:-1]:  # a step's new instruction holds from the next action on
        given.append(line["instructions"][-1] if line["instructions"] else given[-1])
    assert [row["instruction"] for row in rows] == given and len(set(given)) == 3
    assert rows[0]["screenshot"]["bytes"].startswith(b"\x89PNG")  # the observed screen


def test_generate_on_another_display_exports_its_screens(tmp_path: pathlib.Path) -> None:
    """Demonstrations on a small phone: the oracle's episodes there (its looks for what the
    smaller screen hides included), exported at that screen's size."""
    out = tmp_path / "small"
    task = "simpletools.app_launcher.open_app"  # its target lies below the small screen's fold
    result = cli(
        "generate", "--task", task, "--seeds", "0", "--display", "small_phone", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    header, steps, outcome = read_trajectory(out / "trajectories" / task / "seed0.jsonl")
    assert header["device"] == {"kind": "sim", "display": "small_phone"}
    assert outcome is not None and outcome["success"]
    assert any(step["action"]["verb"] == "scroll" for step in steps)
    made = json.loads((out / "generate.json").read_text())["generated_by"]
    assert "--display small_phone" in made[0]["command"]
    dataset = tmp_path / "dataset"
    result = cli("export", str(out), "--format", "parquet", "--out", str(dataset))
    assert result.exit_code == 0, result.output
    import pyarrow.parquet as pq

    table = pq.read_table(next(dataset.rglob("*.parquet")))
    widths, heights = table["screen_width"].to_pylist(), table["screen_height"].to_pylist()
    sizes = set(zip(widths, heights, strict=True))
    assert sizes and all(w * 16 == h * 9 for w, h in sizes)  # the small phone's 720 x 1280
