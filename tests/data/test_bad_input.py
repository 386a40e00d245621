"""Bad arguments and run folders: exit status 2 and one clear error naming the problem,
never a traceback, and nothing half-written left behind."""

from __future__ import annotations

import pathlib

import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks


def fails(*args: str) -> str:
    """Run the command; it must exit 2 with an error (no traceback): its message."""
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 2, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    return " ".join(result.stderr.split())


def small_run(root: pathlib.Path, observations: bool = True) -> pathlib.Path:
    """One oracle episode of settings.wifi_off in ``root``."""
    plan = episodes(select_tasks([], ["settings.wifi_off"]), [0])
    evaluate(plan, RunSettings("oracle", observations=observations), RunStore(root))
    return root


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        (["--format", "csv"], "unknown --format 'csv'; choose one of: parquet, hf"),
        (["--split", "0.5,0.6"], "the ratios add up to 1.1, not 1"),
        (["--split", "0.8,x"], "'x' is not a number"),
        (["--image-size", "big"], "bad --image-size 'big': use WIDTHxHEIGHT"),
        (["--image-size", "8x8"], "each side must be 16 to 4096 pixels"),
    ],
)
def test_bad_export_options_are_named(
    tmp_path: pathlib.Path, options: list[str], problem: str
) -> None:
    run = small_run(tmp_path / "run")
    assert problem in fails("export", str(run), "--out", str(tmp_path / "out"), *options)
    assert not (tmp_path / "out").exists()


def test_a_missing_or_foreign_run_folder_is_named(tmp_path: pathlib.Path) -> None:
    out = str(tmp_path / "out")
    missing = tmp_path / "nowhere"
    assert f"{missing}: no such run folder" in fails("export", str(missing), "--out", out)
    (tmp_path / "notes").mkdir()
    assert "not a run folder (no episodes/)" in fails(
        "export", str(tmp_path / "notes"), "--out", out
    )


def test_run_folders_that_cannot_make_a_dataset_are_named(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "out"
    plain = small_run(tmp_path / "plain", observations=False)
    assert "no saved observations" in fails("export", str(plain), "--out", str(out))
    run = small_run(tmp_path / "run")
    record = run / "episodes" / "settings.wifi_off__seed0.json"
    saved = record.read_text()
    record.write_text("{not json")
    assert "not a readable episode record" in fails("export", str(run), "--out", str(out))
    record.write_text(saved)
    for xml in (run / "observations").rglob("step001.xml"):
        xml.unlink()  # the screen before the second action is gone
    assert "a saved observation cannot be read" in fails("export", str(run), "--out", str(out))
    assert not out.exists()  # the rows written before the problem are removed


def test_an_export_never_writes_into_a_folder_with_files(tmp_path: pathlib.Path) -> None:
    run = small_run(tmp_path / "run")
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    assert "exists and is not an empty folder" in fails("export", str(run), "--out", str(out))
    assert [p.name for p in out.iterdir()] == ["keep.txt"]


def test_an_export_folder_that_cannot_be_made_is_one_error(tmp_path: pathlib.Path) -> None:
    run = small_run(tmp_path / "run")
    taken = tmp_path / "taken"
    taken.write_text("a file")
    out = taken / "dataset"
    assert f"{out}: cannot be made (Not a directory)" in fails(
        "export", str(run), "--out", str(out)
    )
    assert taken.read_text() == "a file"


def test_generate_names_a_bad_suite_and_records_nothing(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "run"
    assert "unknown suite 'startr'" in fails("generate", "--suite", "startr", "--out", str(out))
    assert not (out / "generate.json").exists()


def test_generate_refuses_an_agent_whose_actions_export_cannot_read(
    tmp_path: pathlib.Path,
) -> None:
    out = tmp_path / "run"
    problem = fails(
        "generate", "--task", "settings.wifi_off", "--agent", "random", "--out", str(out)
    )
    assert "agent 'random' acts in the 'element' action space" in problem
    assert "export cannot read" in problem and "next:" not in problem
    assert not out.exists()


def test_a_missing_extra_is_named(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "datasets" else real(name, *a)
    )
    run = small_run(tmp_path / "run")
    problem = fails("export", str(run), "--format", "hf", "--out", str(tmp_path / "out"))
    assert "export needs datasets: pip install 'mobile-gym[data]'" in problem
