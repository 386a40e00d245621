"""``mobile-gym report``: the numbers on the page are the run's, every episode links to a
page that exists, runs are compared task by task, and bad input is refused with exit 2."""

from __future__ import annotations

import pathlib
import re

from mobile_gym.eval.report import _rate
from mobile_gym.metrics import Rate
from mobile_gym.viewer.plots import histogram, success_rates
from mobile_gym.viewer.runs import load_run
from tests.viewer.conftest import TASKS, invoke, results

ROOT = pathlib.Path(__file__).resolve().parents[2]

MATH = r"budget $\frac{1$ and $x$"
"""A label matplotlib would read as mathtext (and fail to parse)."""


def rows(html: str, table: str) -> dict[str, tuple[int, int, str]]:
    """The rows of the first metrics table broken down by ``table``: group -> (hits, n,
    SR cell)."""
    start = html.index(f'<table class="metrics" data-by="{table}">')
    block = html[start : html.index("</table>", start)]
    found = re.findall(
        r'<tr[^>]*data-group="([^"]+)" data-hits="(\d+)" data-n="(\d+)"><td>[^<]*</td>'
        r"<td>\d+</td><td>([^<]+)</td>",
        block,
    )
    return {group: (int(hits), int(n), sr) for group, hits, n, sr in found}


def test_the_metrics_are_those_of_the_run(report: pathlib.Path, runs: dict) -> None:
    html = report.read_text(encoding="utf-8")
    document = results(runs["oracle"])
    shown = rows(html, "app")
    overall = document["metrics"]["mobile_agent_bench"]["sr"]
    assert shown["all"][:2] == (overall["hits"], overall["n"]) == (4, 4)
    assert shown["all"][2] == _rate(Rate(overall["hits"], overall["n"]))
    for app, figures in document["metrics"]["breakdowns"]["app"].items():
        assert shown[app][:2] == (figures["sr"]["hits"], figures["sr"]["n"])
    random_start = html.index("<h2>random</h2>")
    random_rows = rows(html[random_start:], "category")
    random_sr = results(runs["random"])["metrics"]["mobile_agent_bench"]["sr"]
    assert random_rows["all"][:2] == (random_sr["hits"], random_sr["n"])


def test_the_report_is_one_self_contained_file(report: pathlib.Path) -> None:
    html = report.read_text(encoding="utf-8")
    assert html.count('<figure class="plot"') == 6
    assert html.count("<svg") == 6
    assert not re.search(r'(src|href)="(https?:)?//', html), "nothing is fetched"
    assert "<link" not in html
    assert report.stat().st_size < 600_000


def test_every_episode_links_to_its_viewer_page(report: pathlib.Path, runs: dict) -> None:
    html = report.read_text(encoding="utf-8")
    links = re.findall(r'<tr class="episode" data-key="([^"]+)">.*?<a href="([^"]+)">view', html)
    expected = {path.stem for run in runs.values() for path in (run / "episodes").glob("*.json")}
    assert {key for key, _ in links} == expected and len(links) == 8
    for key, link in links:
        page = report.parent / link
        assert page.is_file() and page.name == f"{key}.html"
        text = page.read_text(encoding="utf-8")
        assert text.count("data:image/jpeg;base64,") >= 2
        assert page.stat().st_size < 400_000


def test_two_runs_are_compared_task_by_task(report: pathlib.Path, runs: dict) -> None:
    html = report.read_text(encoding="utf-8")
    table = html[html.index('<table class="compare">') :]
    table = table[: table.index("</table>")]
    for task in TASKS:
        row = re.search(rf'<tr class="differs" data-task="{re.escape(task)}">(.*?)</tr>', table)
        assert row is not None, f"{task} differs between the oracle and random"
        counts = re.findall(r'data-solved="(\d+)" data-played="(\d+)"', row.group(1))
        solved = {
            name: sum(e["success"] for e in results(run)["episodes"] if e["task_id"] == task)
            for name, run in runs.items()
        }
        assert counts == [(str(solved["oracle"]), "2"), (str(solved["random"]), "2")]
    assert "solved only by <b>oracle</b> (2)" in html


def test_a_run_compared_with_itself_differs_nowhere(runs: dict, tmp_path: pathlib.Path) -> None:
    out = tmp_path / "same.html"
    twice = [str(runs["oracle"])] * 2
    result = invoke("report", *twice, "--out", str(out), "--no-episodes", "--by", "task")
    assert result.exit_code == 0, result.stderr
    html = out.read_text(encoding="utf-8")
    assert "0 of 2 tasks differ" in html and 'class="differs"' not in html
    assert not (tmp_path / "same_episodes").exists()
    assert "oracle-2" in html  # the two runs keep distinct names


def test_a_missing_folder_is_refused(tmp_path: pathlib.Path) -> None:
    result = invoke("report", str(tmp_path / "nowhere"), "--out", str(tmp_path / "r.html"))
    assert result.exit_code == 2
    assert "no such folder" in result.stderr and "Traceback" not in result.output


def test_a_folder_that_is_not_a_run_is_refused(tmp_path: pathlib.Path) -> None:
    (tmp_path / "notes.txt").write_text("hello", encoding="utf-8")
    result = invoke("report", str(tmp_path), "--out", str(tmp_path / "r.html"))
    assert result.exit_code == 2
    assert "not a run folder" in result.stderr
    assert not (tmp_path / "r.html").exists()


def test_a_corrupt_episode_record_is_named(runs: dict, tmp_path: pathlib.Path) -> None:
    broken = tmp_path / "broken"
    (broken / "episodes").mkdir(parents=True)
    (broken / "run.json").write_text("{}", encoding="utf-8")
    (broken / "episodes" / "settings.wifi_off__seed0.json").write_text("{not json", "utf-8")
    result = invoke("report", str(broken), "--out", str(tmp_path / "r.html"))
    assert result.exit_code == 2
    assert "settings.wifi_off__seed0.json" in result.stderr
    assert "not a readable episode record" in result.stderr


def test_bad_options_are_refused(runs: dict, tmp_path: pathlib.Path) -> None:
    by = invoke("report", str(runs["oracle"]), "--by", "colour", "--out", str(tmp_path / "r.html"))
    assert by.exit_code == 2 and "unknown --by 'colour'" in by.stderr
    out = invoke("report", str(runs["oracle"]), "--out", str(tmp_path / "r.pdf"))
    assert out.exit_code == 2 and "HTML file" in out.stderr


def test_an_episode_that_cannot_be_shown_is_named(runs: dict, tmp_path: pathlib.Path) -> None:
    import shutil

    run = tmp_path / "run"
    shutil.copytree(runs["random"], run)
    (run / "trajectories" / "settings.wifi_off" / "seed1.jsonl").unlink()
    out = tmp_path / "report.html"
    result = invoke("report", str(run), "--out", str(out))
    assert result.exit_code == 0, result.stderr
    assert "not shown: settings.wifi_off__seed1" in result.output
    assert "trajectory of settings.wifi_off__seed1 is missing" in result.output
    html = out.read_text(encoding="utf-8")
    row = re.search(r'data-key="settings.wifi_off__seed1">(.*?)</tr>', html)
    assert row is not None and "<a " not in row.group(1)
    assert len(list((tmp_path / "report_episodes" / "run").glob("*.html"))) == 3


def test_a_label_with_dollars_prints_as_written(tmp_path: pathlib.Path) -> None:
    shipped = ROOT / "configs" / "tasks" / "starter" / "settings_wifi_off.yaml"
    task = tmp_path / "dollar.yaml"
    task.write_text(
        shipped.read_text(encoding="utf-8").replace(
            "id: settings.wifi_off\n", f"id: settings.dollar_wifi\nsuite: '{MATH}'\n"
        ),
        encoding="utf-8",
    )
    run = tmp_path / "dollar"
    made = invoke("eval", "--agent", "oracle", "--task", str(task), "--out", str(run))
    assert made.exit_code == 0, (made.stderr, made.exception)
    out = tmp_path / "report.html"
    result = invoke("report", str(run), "--by", "suite", "--out", str(out), "--no-episodes")
    assert result.exit_code == 0, (result.stderr, result.exception)
    assert f">{MATH}</text>" in out.read_text(encoding="utf-8")  # the tick label


def test_a_run_name_with_dollars_prints_as_written_in_the_legend(runs: dict) -> None:
    records = load_run(runs["oracle"]).records
    series = [(MATH, records), ("other", records)]
    assert f">{MATH}</text>" in success_rates(series, "suite", "Success rate by suite")
    assert f">{MATH}</text>" in histogram(series, lambda r: r.steps, "Steps", "steps", True)
