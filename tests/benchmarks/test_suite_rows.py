"""The side-by-side benchmark's suite, scroll, per-app and memory rows: their machinery on
a few tasks, a few steps each (no timing judged; the figures come from
``benchmarks/peers.py``)."""

from __future__ import annotations

import os
import pathlib
import re
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parents[2] / "benchmarks"))

import alternatives
import apps
import common
import long_data
import peers
import stream_resets
import suite
import suite_streams
from rounds import interleaved, sustained

from mobile_gym.sim.input import drag
from mobile_gym.tasks.loader import shipped_tasks

TASKS = [
    "simpletools.calculator.add_two_numbers",
    "simpletools.notes.open_note",
    "simpletools.sms.open_conversation",
]


def test_suite_tasks_and_one_task_per_app() -> None:
    tasks = shipped_tasks()
    ids = suite.suite_tasks()
    assert ids == sorted(ids) and all(tasks[t].suite == suite.SUITE for t in ids)
    assert set(suite.suite_tasks(None)) == set(tasks)
    for app, task_id in suite.task_per_app().items():
        assert app in tasks[task_id].apps


def test_the_per_app_rows_leave_out_the_servers_and_count_their_own_apps() -> None:
    chosen = suite.task_per_app(None)
    servers = {app for spec in shipped_tasks().values() for app in spec.apps} & suite.SERVERS
    assert servers and not servers & chosen.keys()  # some task names a server: not an app
    assert {"org.joinmastodon.android.mastodon", "com.mattermost.rnbeta"} <= chosen.keys()
    rates = {
        "dump_calculator": {"best_per_s": 2000.0},
        "reset_calculator": {"best_per_s": 1000.0},
        "reset_notes": {"best_per_s": 500.0},
    }
    per_app = {"com.simplemobiletools.calculator": {}, "com.simplemobiletools.notes.pro": {}}
    costs, details = peers.app_costs(rates, per_app)
    assert (details["dump_apps"], details["reset_apps"]) == (1, 2)
    assert (costs["dump_max_ms"], costs["reset_max_ms"]) == (0.5, 2.0)
    assert details["reset_max_app"] == "notes"


def test_streams_take_turns_over_their_tasks_and_log_screen_changes() -> None:
    workloads = [
        suite.element_workload("text", log=True, task_ids=TASKS),
        suite.gesture_workload(task_ids=TASKS[:2]),
    ]
    try:
        rates = interleaved(workloads, rounds=3, seconds=0.002)
        extra = workloads[0].figures(rates["suite_element_text"])
    finally:
        for workload in workloads:
            workload.close()
    assert rates["suite_element_text"]["units_per_round"] % 3 == 0
    assert rates["suite_gesture_text"]["units_per_round"] % 2 == 0
    assert 0 < extra["screen_change_p50_ms"] <= extra["screen_change_p90_ms"]
    assert 0 < extra["screen_change_share"] <= 1
    assert "(3 tasks)" in workloads[0].label


def test_a_long_run_is_every_unit_of_every_turn_over_every_second() -> None:
    workloads = [suite.element_workload("text", task_ids=TASKS), alternatives.cartpole()]
    try:
        figures = sustained(workloads, turns=2, seconds=0.002)
    finally:
        for workload in workloads:
            workload.close()
    for name in ("suite_element_text", "cartpole"):
        found = figures[name]
        assert len(found["turns_per_s"]) == 2 and found["units"] > 0
        assert min(found["turns_per_s"]) <= found["per_s"] <= max(found["turns_per_s"])
        assert found["cpu_per_s"] > 0
    stream = figures["suite_element_text"]
    assert stream["units"] % 6 == 0  # two turns of whole passes over the three tasks
    assert (stream["label"], stream["unit"]) == (workloads[0].label, "actions")
    with pytest.raises(ValueError, match="at least one turn, not 0"):
        sustained(workloads, turns=0, seconds=0.002)
    with pytest.raises(ValueError, match=r"more than 0 seconds, not 0\.0$"):
        sustained(workloads, turns=1, seconds=0.0)


def test_the_random_agent_only_acts_as_the_screen_allows_and_episodes_end() -> None:
    stream = suite.stream(TASKS[:1], "element", "text", suite.random_elements(), log=True)
    try:
        cap = stream.infos[0]["step_cap"]
        for _ in range(cap + 1):  # past the task's cap: the episode ends and is reset
            stream.run(1)
            assert stream.infos[0].get("action_error") is None
        assert stream.infos[0]["agent_steps"] < cap
    finally:
        stream.close()
    assert len(stream.log) == cap + 1


def test_a_settled_stream_has_its_episodes_staggered_and_times_afresh() -> None:
    stream = suite.stream(TASKS, "element", "text", suite.random_elements(), log=True)
    try:
        assert [info["agent_steps"] for info in stream.infos] == [0, 0, 0]
        stream.run(3)
        stream.settle()
        steps = [info["agent_steps"] for info in stream.infos]
        caps = [info["step_cap"] for info in stream.infos]
        assert all(0 <= s < cap for s, cap in zip(steps, caps, strict=True))
        assert len(set(steps)) > 1  # not all at the same step of their episodes
        assert stream.log == [] and stream.reset_costs == []
        stream.run(60)  # past every cap of these tasks again
        assert len(stream.reset_costs) > 0 and sum(n for n, _ in stream.log) == 60
    finally:
        stream.close()


def test_per_app_rows_open_their_screens_and_scroll_a_long_list() -> None:
    screens = apps.heaviest_screens(TASKS[:1])
    screen = screens["com.simplemobiletools.calculator"]
    assert screen.nodes > 0 and screen.task == TASKS[0]
    workloads = [
        apps.dump_workload(screen),
        apps.repaint_workload(screen),
        apps.move_workload(screen),
        apps.reset_workload(screen.app, TASKS[0]),
        apps.scroll_workload(20),
    ]
    try:
        rates = interleaved(workloads, rounds=2, seconds=0.002)
    finally:
        for workload in workloads:
            workload.close()
    assert rates["scroll_20"]["units_per_round"] % 2 == 0
    assert rates["move_calculator"]["units_per_round"] % 2 == 0  # a drag down, one back up
    per_app = {screen.app: {"screen": screen.__dict__, "reset_task": TASKS[0]}}
    costs, details = peers.app_costs(rates, per_app)
    kinds = ("dump", "repaint", "move", "reset")
    assert details == {f"{kind}_max_app": "calculator" for kind in kinds} | {
        f"{kind}_apps": 1 for kind in kinds
    }
    for kind in kinds:
        assert costs[f"{kind}_max_ms"] == per_app[screen.app][f"{kind}_ms"] > 0
    assert "scroll_ratio" not in costs  # the 2,000-contact row did not run


@pytest.mark.parametrize("case", long_data.CASES, ids=lambda case: case.name)
def test_each_long_data_case_opens_on_the_items_it_filled(case: long_data.Case) -> None:
    few, many = long_data.phone_with(case, 3), long_data.phone_with(case, 60)
    try:
        assert few.foreground[0] == many.foreground[0] == case.package
        shown = many.hierarchy_xml()
        filled = {
            "sms_list": "Message 59 about the plan",  # the conversation's newest message
            "sms_thread": "Message 59 about the plan",  # the newest, where the thread opens
            "file_manager": "file_00005.txt",
            "gallery": "IMG_20240101_000059.jpg",  # the newest photo comes first
            "gallery_by_day": "IMG_000003.jpg",  # the second day's first photo, under its day
            "music_tracks": "A song 00005",  # by title: the filled songs come before the seeded
            "music_albums": "Album 10",  # by title: the filled albums come before the seeded
            "sms_contacts": "Filled59 Contact",  # the newest conversation, named from Contacts
            "calendar_list": "Event 00005",  # the day's events come before later ones
            "docreader": "a_scan_00005.pdf",  # by name: before the seeded PDFs
            "files_images": "a_img_00005.jpg",  # by name: before the seeded images
            "files_folder": "a_doc_00005.txt",  # by name: before the seeded downloads
            "calculator_history": "59+1",  # the newest calculation first
            "recordings": "Memo 00059.m4a",  # the newest recording first
            "notes": "Note 59",
            "clock_alarms": "12:05 AM",  # the earliest first: the filled ones from midnight
            "mattermost_channels": "60 mentions",  # Town Square's badge
            "mattermost_thread": "Reply 00059",  # the thread opens at its newest reply
            "sms_conversations": "Hello number 59",  # the newest conversation first
            "sms_blocked": "+1 777 0000005",  # in the order of the numbers
            "calendar_month": "+57",  # the day's cell: three titles, and how many more
            "calendar_day": "Event 00005",  # the day's events by start time
            "launcher_grid": "A filled app 00005",  # first by title
            "contacts_search": "Filled10 Contact",  # by first name: Filled0, 1, 10, 11...
            "shop_cart": "测试商品 00003",  # the newest first
        }[case.name]
        assert filled in shown and filled not in few.hierarchy_xml()
    finally:
        few.close()
        many.close()


def test_long_data_costs_and_their_ratios() -> None:
    rates = {"long_notes_20": {"best_per_s": 1000.0}, "long_notes_2000": {"best_per_s": 250.0}}
    rates["long_gallery_20"] = {"best_per_s": 500.0}  # its 2,000-photo row did not run
    costs = long_data.costs(rates)
    assert costs == {
        "long_notes_20_ms": 1.0,
        "long_notes_2000_ms": 4.0,
        "long_notes_ratio": 4.0,
        "long_gallery_20_ms": 2.0,
    }


def test_a_contacts_list_holds_exactly_the_contacts_given() -> None:
    spec = apps.contacts_task(200)
    (rows,) = spec.setup.database
    assert rows.clear and len(rows.rows) == 200


def test_memory_after_random_steps_in_a_fresh_process() -> None:
    memory = suite.resident_mb_after_steps(steps=3)
    assert memory["envs"] == len(suite.task_per_app(suite.SUITE))
    assert memory["rss_mb_after_steps"] > 0


def test_the_new_rows_are_judged_against_their_goals() -> None:
    def rate(label: str, per_s: float) -> dict[str, object]:
        return {"label": label, "unit": "actions", "best_per_s": per_s, "cpu_best_per_s": per_s}

    rates = {
        "suite_element_text": rate("suite element, text obs (100 tasks)", 600.0),
        "suite_gesture_text": rate("suite gesture clicks", 900.0),
        "doorkey_symbolic": rate("MiniGrid DoorKey-8x8, symbolic", 1000.0),
    }
    # the long run's figures, each stream beside the peer that ran with it
    rates["suite_element_text"]["sustained"] = {
        "label": "suite element, text obs (100 tasks)",
        "unit": "actions",
        "per_s": 450.0,
        "cpu_per_s": 450.0,
        "peer": {
            "label": "MiniGrid DoorKey-8x8, symbolic",
            "unit": "steps",
            "per_s": 900.0,
            "cpu_per_s": 900.0,
        },
    }
    costs = {"scroll_ratio": 1.4, "dump_max_ms": 1.2, "rss_mb_after_steps": 3.0}
    details = {
        "dump_apps": 11,
        "dump_max_app": "calendar",
        "memory_envs": 10,
        "memory_steps": 1000,
    }
    rows = {row["name"]: row for row in peers.comparisons(rates, costs, details)}
    element = rows["suite_element_text"]
    assert (element["ratio"], element["met"], element["aim_met"]) == (0.6, True, False)
    assert rows["suite_gesture_text"]["met"] is False
    long_run = rows["suite_element_text_sustained"]
    assert (long_run["ratio"], long_run["met"], long_run["figure"]) == (0.5, True, 450.0)
    assert long_run["label"] == "suite element, text obs (100 tasks), sustained"
    assert long_run["peer"] == "MiniGrid DoorKey-8x8, symbolic, sustained"
    assert long_run["peer_figure"] == 900.0  # not the best round of the rounds' DoorKey
    assert long_run["goal"] == element["goal"] == ">= 0.5x (aim 1x)"
    assert "suite_gesture_text_sustained" not in rows  # no long run of it
    assert rows["scroll_ratio"]["met"] and rows["scroll_ratio"]["goal"] == "<= 1.5x"
    assert rows["dump_max_ms"]["met"] is False
    assert rows["dump_max_ms"]["label"].endswith("11 apps (max: calendar)")
    assert rows["rss_mb_after_steps"]["met"]
    assert [row["section"] for row in rows.values()] == ["suite"] * 3 + ["costs"] * 3
    figures = {
        "comparisons": list(rows.values()),
        "rates": rates,
        "rounds": 2,
        "round_seconds": 0.002,
        "sustained_turns": 3,
        "sustained_seconds": 2.0,
        "machine": peers.machine(),
        "missing": {},
    }
    text = peers.report(figures)
    assert "met, aim not yet" in text and peers.SECTIONS["suite"] in text
    assert "sustained rows: 3 turns of ~2.0 s per contender" in text


@pytest.mark.parametrize("package", ["com.simplemobiletools.notes.pro", "com.android.settings"])
def test_app_names_are_short(package: str) -> None:
    assert "." not in apps.app_name(package)


def test_the_map_view_pans_and_the_web_page_scrolls_under_the_move_rows() -> None:
    for phone, (x1, y1, x2, y2) in (
        (apps.map_view(), (900, apps.PAN_Y, 180, apps.PAN_Y)),
        (apps.web_page(), (apps.MIDDLE_X, 1600, apps.MIDDLE_X, 1000)),
    ):
        before = phone.screenshot(1.0).copy()
        phone.send_all(drag(x1, y1, x2, y2))
        assert (phone.screenshot(1.0) != before).any()
    workloads = apps.view_workloads()
    rates = interleaved(workloads, rounds=2, seconds=0.002)
    names = {"dump_map_view", "move_map_view", "dump_web_page", "move_web_page"}
    assert names <= set(rates)
    costs, _ = peers.app_costs(rates, {})
    assert all(costs[f"{name}_ms"] > 0 for name in names)


@pytest.mark.parametrize("stream", sorted(stream_resets.STREAMS))
def test_stream_resets_are_timed_in_the_stream_and_in_turn(stream: str) -> None:
    figures = stream_resets.measure(TASKS, actions=60, passes=2, warm_up=6, stream=stream)
    assert figures["stream_resets"] > 0  # their caps end episodes within 60 actions
    assert figures["in_turn_resets"] == 2 * len(TASKS)
    assert 0 < figures["stream_reset_share"] < 1
    for key in ("stream_reset_mean_ms", "in_turn_reset_median_ms"):
        assert figures[key] > 0
    spent_s = figures["stream_resets"] * figures["stream_reset_mean_ms"] / 1000
    assert figures["stream_reset_ms_per_action"] == pytest.approx(spent_s / 60 * 1000)
    assert figures["stream_reset_ceiling_per_s"] == pytest.approx(60 / spent_s)


def test_stream_resets_take_a_suite_or_every_shipped_task() -> None:
    every = sorted(shipped_tasks())
    assert suite.chosen_tasks("all") == every
    assert suite.chosen_tasks("mobileagentbench") == suite.suite_tasks()
    assert len(suite.suite_tasks()) < len(every)
    named = re.escape(", ".join(suite.suite_names()))
    with pytest.raises(
        ValueError, match=f"no shipped task is in the suite 'nope'; suites: {named}$"
    ):
        suite.chosen_tasks("nope")


def test_suite_names_are_the_shipped_suites_then_all() -> None:
    names = suite.suite_names()
    assert names[-1] == suite.ALL
    assert names[:-1] == sorted({spec.suite for spec in shipped_tasks().values()})
    for name in names[:-1]:
        assert suite.chosen_tasks(name) == suite.suite_tasks(name)


def test_each_suite_stream_is_timed_beside_a_peer() -> None:
    # CartPole stands in for DoorKey, whose package is in the bench extra only
    row = suite_streams.measure("learn", rounds=2, seconds=0.002, peer=alternatives.cartpole)
    assert row["stream"] == "learn"
    assert row["tasks"] == len(suite.suite_tasks("learn")) > 0
    assert row["peer"] == "CartPole-v1"
    assert row["actions_per_s"] > 0 and row["peer_steps_per_s"] > 0
    assert row["ratio"] == pytest.approx(row["actions_per_s"] / row["peer_steps_per_s"])
    # the learn tasks' caps end episodes within the calibration's hundreds of actions
    assert 0 < row["resets_per_action"] < 1 and row["reset_mean_ms"] > 0
    assert 0 < row["observation_changes_per_action"] <= 1 and row["screen_change_p50_ms"] > 0
    table = suite_streams.report([row])
    assert table.row_count == 1
    with pytest.raises(ValueError, match="no shipped task is in the suite 'nope'"):
        suite_streams.measure("nope", rounds=1, seconds=0.002, peer=alternatives.cartpole)


def test_an_app_stream_holds_every_task_about_that_app_alone() -> None:
    tasks = shipped_tasks()
    streams = suite.app_streams()
    assert list(streams) == sorted(streams)
    assert not streams.keys() & suite.SERVERS
    for package, ids in streams.items():
        assert ids == sorted(ids)
        assert all(suite.task_apps(task_id) == [package] for task_id in ids)
    # a task about one app beside a server is that app's; a task about two apps is neither's
    chat = streams["com.mattermost.rnbeta"]
    assert any(
        tasks[task_id].apps == ["com.mattermost.rnbeta", "server.mattermost"] for task_id in chat
    )
    assert (
        "mab.filemanager_check_file_properties" in streams["com.simplemobiletools.filemanager.pro"]
    )
    two = next(t for t in sorted(tasks) if len(suite.task_apps(t)) == 2)
    assert all(two not in ids for ids in streams.values())
    alone = {t for t in tasks if len(suite.task_apps(t)) == 1}
    assert {t for ids in streams.values() for t in ids} == alone


def test_the_command_line_chooses_suites_apps_or_both() -> None:
    every_suite = [name for name, _ in suite_streams.chosen_streams(None, None)]
    assert every_suite == suite.suite_names()
    every_app = suite_streams.chosen_streams(None, [])
    assert len(every_app) == len(suite.app_streams())
    assert all(name.startswith("app ") for name, _ in every_app)
    both = suite_streams.chosen_streams(
        ["learn"], ["filemanager", "com.simplemobiletools.gallery.pro"]
    )
    assert [name for name, _ in both] == ["learn", "app filemanager", "app gallery"]
    assert both[1][1] == suite.app_streams()["com.simplemobiletools.filemanager.pro"]
    with pytest.raises(ValueError, match="no shipped task is about the app 'nope' alone; apps: "):
        suite_streams.chosen_streams(None, ["nope"])


def test_an_app_stream_is_timed_beside_a_peer() -> None:
    name, task_ids = suite_streams.chosen_streams(None, ["org.mobilegym.docreader"])[0]
    row = suite_streams.measure(
        name, rounds=2, seconds=0.002, peer=alternatives.cartpole, task_ids=task_ids
    )
    assert row["stream"] == "app org.mobilegym.docreader"
    assert row["tasks"] == len(task_ids) > 0
    assert row["actions_per_s"] > 0 and row["peer_steps_per_s"] > 0


def test_suite_streams_refuses_an_unknown_suite_on_its_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["suite_streams.py", "--suites", "nope"])
    with pytest.raises(SystemExit) as exit_info:
        suite_streams.main()
    assert exit_info.value.code == 2
    assert "invalid choice: 'nope'" in capsys.readouterr().err


def test_suite_streams_refuses_an_unknown_app_on_its_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["suite_streams.py", "--apps", "filemanager", "nope"])
    with pytest.raises(SystemExit) as exit_info:
        suite_streams.main()
    assert exit_info.value.code == 2
    assert "no shipped task is about the app 'nope' alone" in capsys.readouterr().err


def test_every_timed_dump_builds_and_writes_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dump rows time a dump: each one lays out the app's window anew and writes the
    XML (a rebuild that keeps an unchanged screen would write nothing and time no dump)."""
    from mobile_gym.sim import screen

    written: list[tuple] = []
    write = screen.dump
    monkeypatch.setattr(screen, "dump", lambda nodes: written.append(nodes) or write(nodes))
    target = apps.heaviest_screens(TASKS[:1])["com.simplemobiletools.calculator"]
    workloads = [apps.dump_workload(target), *apps.view_workloads()[::2]]
    try:
        for workload in workloads:
            written.clear()
            workload.run(3)
            assert len(written) == 3, workload.name
            assert len(written[0]) > 20 and written[0] is not written[1], workload.name
    finally:
        for workload in workloads:
            workload.close()
    written.clear()
    costs = common.projection_ms(common.contacts_list())
    assert costs["dump_nodes"] > 20 and len(written) > 60


def test_the_cost_rows_are_measured_in_a_fresh_process() -> None:
    figures = common.in_fresh_process(peers.cost_figures, {"scroll"}, 1, 0.002)
    assert set(figures["cost_rates"]) == {f"scroll_{n}" for n in apps.SCROLL_COUNTS}
    assert figures["costs"]["scroll_ratio"] == pytest.approx(
        figures["costs"]["scroll_2000_ms"] / figures["costs"]["scroll_20_ms"]
    )
    assert figures["apps"] == {} and "reset_tasks" not in figures["details"]
    assert common.in_fresh_process(os.getpid) != os.getpid()
