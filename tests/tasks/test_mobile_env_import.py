"""Mobile-Env task files (textproto) imported as they are, then played on the simulated phone."""

from __future__ import annotations

import pathlib
import re
from typing import Any

import gymnasium as gym
import pytest
import yaml
from typer.testing import CliRunner

import mobile_gym  # noqa: F401 - registers MobileGym/Task-v0
from mobile_gym import actions
from mobile_gym.cli import app
from mobile_gym.env import MobileEnv
from mobile_gym.tasks.loader import resolve_task
from mobile_gym.tasks.mobile_env.convert import import_data
from mobile_gym.tasks.schema import SolutionStep, TaskFileError, parse_task
from mobile_gym.tasks.signals import SignalProbe
from mobile_gym.tasks.solution import step_actions

HERE = pathlib.Path(__file__).parent / "mobile_env"
THREE_STAGES = HERE / "contacts_three_stages.textproto"
STAGE_INSTRUCTIONS = [
    "Open the first contact in the results.",
    "Start a text message to this contact.",
]
WIKIHOW = HERE / "wikihow_three_stages.textproto"
WIKIHOW_INSTRUCTIONS = [
    'Access the article "How to Apply CC Cream"',
    "Access the about page to learn why people trust wikihow.",
]
WIKIHOW_STAGES = {
    "stage_4": ["source_1", "source_2", "source_3"],  # search: text, view hierarchy, log
    "stage_8": ["source_5", "source_6", "source_7"],  # article
    "stage_12": ["source_9", "source_10", "source_11"],  # trust page
}


def write(tmp_path: pathlib.Path, text: str, name: str = "task.textproto") -> pathlib.Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def variant(tmp_path: pathlib.Path, old: str, new: str) -> pathlib.Path:
    """The three-stage file with ``old`` replaced by ``new`` (once)."""
    text = THREE_STAGES.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    return write(tmp_path, text.replace(old, new))


def refusal(path: pathlib.Path) -> str:
    with pytest.raises(TaskFileError) as caught:
        resolve_task(path)
    return str(caught.value)


def test_the_three_stage_file_imports_as_stages_with_rewards_and_instructions() -> None:
    spec = resolve_task(THREE_STAGES)
    assert spec.apps == ["com.simplemobiletools.contacts.pro", "com.simplemobiletools.smsmessenger"]
    assert spec.setup.start is not None and spec.setup.start.activity == ".activities.MainActivity"
    stages = {e.id: e for e in spec.events}
    assert [stages[i].reward for i in ("stage_4", "stage_8", "stage_12")] == [1.0, 1.0, 1.0]
    assert stages["stage_8"].after == ["stage_4"] and stages["stage_12"].after == ["stage_8"]
    assert stages["stage_12"].end == "success"
    assert [stages["stage_4"].instruction, stages["stage_8"].instruction] == STAGE_INSTRUCTIONS
    assert all(e.repeat == "once" for e in spec.events)
    assert spec.signals["source_1"].rect == (0.0, 0.0, 1.0, 0.15)
    assert spec.signals["source_6"].tag == "ActivityTaskManager"
    assert len(spec.solution) == spec.min_steps == 4


def test_the_three_stage_task_plays_to_success_stage_by_stage() -> None:
    env = gym.make("MobileGym/Task-v0", task=str(THREE_STAGES), observation="text")
    base = env.unwrapped
    assert isinstance(base, MobileEnv)
    env.reset(seed=0)
    rewards: list[float] = []
    instructions: list[str] = []
    terminated = False
    for step in base.task.solution:
        sequence = step_actions(step, base.device.hierarchy_xml(), base.device.size)
        _, reward, terminated, truncated, _ = actions.play(base, sequence)
        rewards.append(reward)
        if base.instruction not in instructions:
            instructions.append(base.instruction)
        if terminated or truncated:
            break
    assert terminated and base.success
    assert rewards == [0.0, 1.0, 1.0, 1.0]  # searching, then one stage per step
    assert instructions[-2:] == STAGE_INSTRUCTIONS


def test_a_stage_waits_for_its_prerequisite(tmp_path: pathlib.Path) -> None:
    # the card opened straight from the list (no search): stage 8 must not fire
    env = MobileEnv(THREE_STAGES)
    env.reset(seed=0)
    sequence = step_actions(env.task.solution[2], env.device.hierarchy_xml(), env.device.size)
    _, reward, terminated, _, _ = actions.play(env, sequence)
    assert reward == 0.0 and not terminated


def test_rect_limits_the_screen_text_to_a_region() -> None:
    env = MobileEnv(THREE_STAGES)
    env.reset(seed=0)
    board = env.episode.board
    tab = {"screen_text": "Favorites", "match": "exact"}  # a tab at the bottom
    top = parse_task(
        {**import_data(THREE_STAGES), "signals": {"t": {**tab, "rect": [0, 0, 1, 0.15]}}}
        | {"events": [{"id": "e", "when": "t", "end": "success"}]},
        "inline",
    ).signals["t"]
    low = top.model_copy(update={"rect": (0.0, 0.5, 1.0, 1.0)})
    assert not SignalProbe("t", top).evaluate(board.observer)
    assert SignalProbe("t", low).evaluate(board.observer)
    whole = top.model_copy(update={"rect": None})
    assert SignalProbe("t", whole).evaluate(board.observer)


@pytest.mark.parametrize("rect", [[0.5, 0, 0.4, 1], [0, 0, 1, 1.5], [-0.1, 0, 1, 1]])
def test_a_rect_outside_the_screen_is_refused(rect: list[float]) -> None:
    data = import_data(THREE_STAGES)
    data["signals"]["source_1"] = {"screen_text": "a", "rect": rect}
    with pytest.raises(TaskFileError, match="rect must be"):
        parse_task(data, "inline")


@pytest.mark.parametrize(
    "old, new, problem",
    [
        (
            'transformation: "y = True"',
            "transformation: \"y = __import__('os').getcwd()\"",
            r"event_slots\.episode_end_listener: transformation .* is code",
        ),
        (
            'transformation: "y = True"',
            'transformation: "y = x"',
            r"event_slots\.episode_end_listener: transformation 'y = x' is code",
        ),
        (
            "max_num_steps: 15",
            "max_num_steps: 15\nsetup_steps: { adb_call: { tap: { x: 1 y: 2 } } }",
            r"setup_steps\[0\]: adb_call tap has no equivalent on the simulated phone",
        ),
        (
            "max_num_steps: 15",
            "max_num_steps: 15\nsetup_steps: { adb_call: { rotate: { orientation: LANDSCAPE_90 } } }",
            r"setup_steps\[0\]: adb_call rotate has no equivalent",
        ),
        ("max_num_steps: 15", "max_num_steps: fifteen", r"not a valid Mobile-Env task textproto"),
        ("command:", "no_such_field:", r"not a valid Mobile-Env task textproto.*no_such_field"),
        (
            'pattern: "^a$"',
            'pattern: "\\\\b(a|b"',
            r"event_sources\[1\] \(id 2\): property 'text': invalid regex '\\\\b\(a\|b'",
        ),
        (
            'expect: "^a$"',
            'expect: "a" mode: SBERT',
            r"event_sources\[0\] \(id 1\): match mode SBERT needs a sentence-embedding model",
        ),
    ],
)
def test_refusals_name_the_place(tmp_path: pathlib.Path, old: str, new: str, problem: str) -> None:
    message = refusal(variant(tmp_path, old, new))
    assert re.search(problem, message), message
    assert message.startswith(str(tmp_path))


def play(env: MobileEnv, step: dict[str, Any] | SolutionStep) -> tuple[float, bool]:
    """Play one solution step; its reward and whether the episode ended."""
    if isinstance(step, dict):
        step = SolutionStep.model_validate(step)
    sequence = step_actions(step, env.device.hierarchy_xml(), env.device.size)
    _, reward, terminated, truncated, _ = actions.play(env, sequence)
    return reward, terminated or truncated


def typed_into_search(pattern: str, text: str, tmp_path: pathlib.Path) -> bool:
    """The view-hierarchy source of the three-stage file, its text pattern replaced by
    ``pattern``, judged once ``text`` is in the search field."""
    env = MobileEnv(variant(tmp_path, 'pattern: "^a$"', f'pattern: "{pattern}"'))
    env.reset(seed=0)
    play(env, {"click": {"id": "action_search"}})
    play(env, {"type": {"text": text, "into": {"id": "search_query"}}})
    assert env.episode is not None
    board = env.episode.board
    return board.probes["source_2"].evaluate(board.observer)


@pytest.mark.parametrize(
    ("pattern", "text", "fires"),
    [
        ("\\\\b(a|b)\\\\b", "a", True),
        ("\\\\b(a|b)\\\\b", "x b", True),
        ("\\\\b(a|b)\\\\b", "ab", False),
        ("^a{2,3}$", "aa", True),  # braces survive the task's templates
        ("^a{2,3}$", "aaaa", False),
        ('it\'s \\"[0-9]+\\"', 'it\'s "42"', True),  # both quotes in the XPath literal
        ('it\'s \\"[0-9]+\\"', "it's 42", False),
    ],
)
def test_view_hierarchy_regex_properties_import_as_re_test(
    tmp_path: pathlib.Path, pattern: str, text: str, fires: bool
) -> None:
    xpath = import_data(variant(tmp_path, 'pattern: "^a$"', f'pattern: "{pattern}"'))["signals"][
        "source_2"
    ]["xpath"]
    assert "re:test(@text, " in xpath
    assert typed_into_search(pattern, text, tmp_path) is fires


def test_constant_transformations_are_read_never_run(tmp_path: pathlib.Path) -> None:
    path = variant(
        tmp_path,
        "transformation: \"y = ['Start a text message to this contact.']\"",
        "transformation: \"y = 'Text them.'\"",
    )
    spec = resolve_task(path)
    assert {e.id: e.instruction for e in spec.events}["stage_8"] == "Text them."


def test_the_wikihow_shape_imports_for_a_real_device(tmp_path: pathlib.Path) -> None:
    """An app the simulated phone lacks still imports; running it there says so."""
    text = (HERE / "wikihow_two_stages.textproto").read_text(encoding="utf-8")
    path = write(tmp_path, text.replace("com.wikihow.wikihowapp", "com.example.absent"))
    spec = resolve_task(path)
    assert spec.apps == ["com.example.absent"]
    assert spec.solution[0].status == "complete"  # no reference steps given
    assert {e.id: e.reward for e in spec.events} == {"stage_4": 1.0, "stage_8": 1.0}
    env = MobileEnv(spec)
    with pytest.raises(TaskFileError, match=r"apps: the device has no app com\.example\.absent"):
        env.reset(seed=0)


def test_the_cli_writes_a_task_file_that_loads(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "task.yaml"
    result = CliRunner().invoke(app, ["import-mobile-env", str(THREE_STAGES), "--out", str(out)])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert resolve_task(out).events == resolve_task(THREE_STAGES).events
    assert data["id"] == "mobile_env.contacts_search_open_result_send_sms"


def test_the_cli_makes_the_out_folder_and_names_an_out_it_cannot_write(
    tmp_path: pathlib.Path,
) -> None:
    made = tmp_path / "new" / "task.yaml"
    result = CliRunner().invoke(app, ["import-mobile-env", str(THREE_STAGES), "--out", str(made)])
    assert result.exit_code == 0 and made.is_file(), result.output
    for out in (tmp_path, made / "task.yaml"):  # a folder; a path under a file
        result = CliRunner().invoke(app, ["import-mobile-env", str(THREE_STAGES), "-o", str(out)])
        assert result.exit_code == 2 and f"cannot write {out}" in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)


def test_the_cli_reports_a_refusal(tmp_path: pathlib.Path) -> None:
    bad = write(tmp_path, "id: 3 4")
    result = CliRunner().invoke(app, ["import-mobile-env", str(bad)])
    assert result.exit_code == 2
    assert "not a valid Mobile-Env task textproto" in result.output


# the WikiHow task in the original's structure, on the simulated wikiHow app -----------------
def test_the_wikihow_file_imports_each_detection() -> None:
    spec = resolve_task(WIKIHOW)
    assert spec.apps == ["com.wikihow.wikihowapp"]
    stages = {e.id: e for e in spec.events}
    assert {i: stages[i].reward for i in WIKIHOW_STAGES} == dict.fromkeys(WIKIHOW_STAGES, 1.0)
    assert stages["stage_12"].end == "success"
    assert [stages["stage_4"].instruction, stages["stage_8"].instruction] == WIKIHOW_INSTRUCTIONS
    for stage, names in WIKIHOW_STAGES.items():
        assert stages[stage].when.model_dump(exclude_defaults=True) == {"any": names}
    assert {spec.signals[f"source_{i}"].tag for i in (3, 6, 10)} == {"jd"}
    assert spec.signals["source_1"].rect == (0.2439, 0.0354, 0.9085, 0.1171)
    search = spec.signals["source_2"].xpath
    assert "re:test(@text, '\\b(apply|cc|cream)\\b')" in search and "@clickable" in search
    assert len(spec.solution) == spec.min_steps == 4


def test_the_wikihow_task_plays_to_success_stage_by_stage() -> None:
    env = MobileEnv(WIKIHOW)
    env.reset(seed=0)
    assert env.instruction == "Search an article to learn how to apply cc cream."
    rewards, instructions, ended = [], [], []
    for step in env.task.solution:
        reward, done = play(env, step)
        rewards.append(reward)
        instructions.append(env.instruction)
        ended.append(done)
    assert rewards == [1.0, 0.0, 1.0, 1.0]  # typed the query; the results; article; trust page
    assert instructions == [WIKIHOW_INSTRUCTIONS[0]] * 2 + [WIKIHOW_INSTRUCTIONS[1]] * 2
    assert ended == [False, False, False, True] and env.success


def test_a_score_set_by_several_slots_is_won_once(tmp_path: pathlib.Path) -> None:
    # Mobile-Env rewards a score's change: three slots each setting the score to 1 give 1
    text = WIKIHOW.read_text(encoding="utf-8")
    old = "  score_listener: { type: OR events: { event: {} } events: { event: {} } }\n"
    old += "  reward_listener: {"
    assert text.count(old) == 1
    solution = WIKIHOW.with_name("wikihow_three_stages.solution.yaml").read_text(encoding="utf-8")
    write(tmp_path, solution, "task.solution.yaml")
    env = MobileEnv(write(tmp_path, text.replace(old, "  score_listener: {")))
    env.reset(seed=0)
    rewards = [play(env, step)[0] for step in env.task.solution]
    assert sum(rewards) == 1.0 and rewards[0] == 1.0 and env.success


def test_a_score_set_by_slots_of_other_prerequisites_is_refused(tmp_path: pathlib.Path) -> None:
    message = refusal(variant(tmp_path, "reward_listener: {", "score_listener: {"))
    assert "event_slots.score_listener: a score set by slots of different prerequisites" in message


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            'pattern: "START u0 \\\\{cmp=com\\\\.simplemobiletools\\\\.contacts',
            'pattern: "(START u0 \\\\{cmp=com\\\\.simplemobiletools\\\\.contacts',
        ),
    ],
)
def test_a_log_pattern_that_is_no_regex_is_refused(
    tmp_path: pathlib.Path, old: str, new: str
) -> None:
    message = refusal(variant(tmp_path, old, new))
    assert re.search(r"event_sources\[\d+\] \(id 6\): invalid regex", message), message


def test_each_wikihow_detection_alone_sees_its_stage() -> None:
    """After the step that reaches a stage, each of its three sources (text on screen, the
    view hierarchy, logcat) holds on its own; the next stage's sources do not yet."""
    env = MobileEnv(WIKIHOW)
    env.reset(seed=0)
    assert env.episode is not None
    board = env.episode.board
    solution = env.task.solution
    reached = {1: "stage_4", 2: "stage_8", 3: "stage_12"}  # solution step -> stage
    play(env, solution[0])
    for index in (1, 2, 3):
        play(env, solution[index])
        values = board.update()
        stage = reached[index]
        assert {n: values[n] for n in WIKIHOW_STAGES[stage]} == dict.fromkeys(
            WIKIHOW_STAGES[stage], True
        ), stage
        later = [n for s in list(WIKIHOW_STAGES)[index:] for n in WIKIHOW_STAGES[s]]
        assert not any(values[n] for n in later), (stage, {n: values[n] for n in later})


def test_a_wikihow_search_listing_alone_does_not_end_the_episode() -> None:
    env = MobileEnv(WIKIHOW)
    env.reset(seed=0)
    rewards = [play(env, step) for step in env.task.solution[:2]]
    assert rewards == [(1.0, False), (0.0, False)]
    assert env.instruction == WIKIHOW_INSTRUCTIONS[0]  # still asked to open the article
    assert env.episode is not None
    values = env.episode.board.update()
    assert not any(values[n] for n in WIKIHOW_STAGES["stage_8"] + WIKIHOW_STAGES["stage_12"])
    assert not env.success


def test_a_source_only_an_extra_listener_reads_is_left_out(tmp_path: pathlib.Path) -> None:
    text = THREE_STAGES.read_text(encoding="utf-8")
    extra = 'event_sources: {\n  log_event: { filters: "jd" pattern: "extra (.+)" }\n  id: 40\n}\n'
    listener = "extra_listener: { type: OR events: { event: {} } }"
    read = (
        "extra_listener: { type: OR events: { event: {} } events: { event: { events: { id: 40 }"
        " transformation: \"y = 'x'\" } } }"
    )
    assert text.count(listener) == 1
    path = write(tmp_path, extra + text.replace(listener, read))
    spec = resolve_task(path)  # extras are dropped, and so is the source only they read
    assert not any("jd" in str(signal) for signal in spec.signals.values())
    assert spec.signals.keys() == resolve_task(THREE_STAGES).signals.keys()
