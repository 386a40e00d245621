"""The event tree: conditions, prerequisites, repeats, rewards, instructions and episode ends."""

from __future__ import annotations

from typing import Any

import gymnasium as gym

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.tasks.events import EventTree
from mobile_gym.tasks.schema import Event
from mobile_gym.tasks.solution import step_command
from tests.tasks.tasktools import REPEAT, SETTINGS, click, make_env, spec


def tree(*events: dict[str, Any]) -> EventTree:
    parsed = [Event.model_validate(e) for e in events]
    return EventTree(parsed, {e.id: e.instruction for e in parsed if e.instruction})


def run(events: EventTree, *steps: dict[str, bool]) -> list[list[str]]:
    """The events fired at each step."""
    return [events.step(signals).events for signals in steps]


F, T = False, True


def sig(**values: bool) -> dict[str, bool]:
    return {"a": F, "b": F, "c": F, **values}


# conditions --------------------------------------------------------------------------------
def test_single_signal() -> None:
    events = tree({"id": "e", "when": "a"})
    assert run(events, sig(), sig(a=T)) == [[], ["e"]]


def test_all() -> None:
    events = tree({"id": "e", "when": {"all": ["a", "b"]}})
    assert run(events, sig(a=T), sig(b=T), sig(a=T, b=T)) == [[], [], ["e"]]


def test_any() -> None:
    assert run(tree({"id": "e", "when": {"any": ["a", "b"]}}), sig(), sig(b=T)) == [[], ["e"]]
    assert run(tree({"id": "e", "when": {"any": ["a", "b"]}}), sig(a=T)) == [["e"]]


def test_not() -> None:
    events = tree({"id": "e", "when": {"not": "a"}})
    assert run(events, sig(a=T), sig(a=T), sig(a=F)) == [[], [], ["e"]]


def test_nested_conditions() -> None:
    events = tree({"id": "e", "when": {"all": ["a", {"any": ["b", {"not": "c"}]}]}})
    assert run(events, sig(c=T), sig(a=T, c=T), sig(a=T, b=T, c=T)) == [[], [], ["e"]]
    assert run(tree({"id": "e", "when": {"all": ["a", {"not": "c"}]}}), sig(a=T)) == [["e"]]


def test_order_needs_its_parts_one_after_another() -> None:
    events = tree({"id": "e", "when": {"order": ["a", "b", "c"]}})
    steps = [sig(c=T), sig(b=T), sig(a=T), sig(c=T), sig(b=T), sig(a=T), sig(c=T)]
    # c and b before a do not count; after a, c before b does not count; a, b, c in turn does
    assert run(events, *steps) == [[], [], [], [], [], [], ["e"]]


def test_order_parts_need_not_stay_true() -> None:
    events = tree({"id": "e", "when": {"order": ["a", "b"]}})
    assert run(events, sig(a=T), sig(), sig(), sig(b=T)) == [[], [], [], ["e"]]


def test_order_counts_parts_that_hold_together_in_one_step() -> None:
    """Parts true together count in their order: the step that completes it fires it."""
    assert run(tree({"id": "e", "when": {"order": ["a", "b"]}}), sig(a=T, b=T)) == [["e"]]
    events = tree({"id": "e", "when": {"order": ["a", "b", "c"]}})
    assert run(events, sig(b=T, c=T), sig(a=T, b=T, c=T)) == [[], ["e"]]


def test_order_fires_on_the_step_its_first_part_holds_when_the_later_already_holds() -> None:
    """A later part that held before and still holds when the earlier one comes true
    completes the order at once; held only before, it does not count."""
    events = tree({"id": "e", "when": {"order": ["a", "b"]}})
    assert run(events, sig(b=T), sig(b=T), sig(a=T, b=T)) == [[], [], ["e"]]
    events = tree({"id": "e", "when": {"order": ["a", "b"]}})
    assert run(events, sig(b=T), sig(a=T), sig(a=T)) == [[], [], []]


def test_order_inside_all_keeps_progressing() -> None:
    events = tree({"id": "e", "when": {"all": ["c", {"order": ["a", "b"]}]}})
    assert run(events, sig(a=T), sig(b=T), sig(c=T)) == [[], [], ["e"]]


def test_final_judging_does_not_advance_order() -> None:
    events = tree({"id": "e", "when": {"order": ["a", "b"]}, "end": "success"})
    for _ in range(3):
        assert events.success_holds(sig(a=T, b=T)) is False
    assert run(events, sig(a=T)) == [[]]
    assert events.success_holds(sig(b=T)) is False
    assert run(events, sig(b=T)) == [["e"]]
    assert events.success_holds(sig()) is True


def test_final_judging_needs_the_success_events_prerequisites() -> None:
    events = tree(
        {"id": "first", "when": "a"},
        {"id": "done", "when": "b", "after": ["first"], "end": "success"},
    )
    assert run(events, sig(b=T)) == [[]]
    assert events.success_holds(sig(b=T)) is False  # "first" never fired
    assert run(events, sig(a=T, b=T)) == [["first", "done"]]
    assert events.success_holds(sig(b=T)) is True
    assert events.success_holds(sig()) is False  # the condition must still hold now


# prerequisites and repeats ------------------------------------------------------------------
def test_after_waits_for_the_prerequisite() -> None:
    events = tree({"id": "first", "when": "a"}, {"id": "second", "when": "b", "after": ["first"]})
    assert run(events, sig(b=T), sig(b=T), sig(a=T, b=T)) == [[], [], ["first", "second"]]


def test_after_listed_before_its_prerequisite_fires_a_step_later() -> None:
    events = tree({"id": "second", "when": "b", "after": ["first"]}, {"id": "first", "when": "a"})
    assert run(events, sig(b=T), sig(a=T, b=T), sig(b=T)) == [[], ["first"], ["second"]]


def test_after_needs_every_prerequisite() -> None:
    events = tree(
        {"id": "x", "when": "a"},
        {"id": "y", "when": "b"},
        {"id": "z", "when": "c", "after": ["x", "y"]},
    )
    assert run(events, sig(a=T, c=T), sig(c=T), sig(b=T, c=T)) == [["x"], [], ["y", "z"]]


class Happened:
    """Signal ``b`` as a thing that happens (a logcat line): how often it happened so far."""

    def __init__(self) -> None:
        self.times = 0

    def occurrences(self, name: str) -> int | None:
        return self.times if name == "b" else None

    def value_since(self, name: str, mark: int) -> bool:
        return self.times > mark


def test_after_counts_what_happens_only_from_the_prerequisites_step_on() -> None:
    events = tree({"id": "first", "when": "a"}, {"id": "second", "when": "b", "after": ["first"]})
    happened = Happened()
    fired = []
    for a, b_happens in [(F, True), (F, False), (T, False), (T, False), (T, True)]:
        happened.times += b_happens
        values = sig(a=a, b=happened.times > 0)  # b stays true once it happened
        fired.append(events.step(values, happened).events)
    assert fired == [[], [], ["first"], [], ["second"]]  # b before "first" did not count


def test_what_happens_on_the_prerequisites_step_counts() -> None:
    events = tree({"id": "first", "when": "a"}, {"id": "second", "when": "b", "after": ["first"]})
    happened = Happened()
    assert events.step(sig(), happened).events == []
    happened.times = 1
    assert events.step(sig(a=T, b=T), happened).events == ["first", "second"]


def test_repeat_once_fires_a_single_time() -> None:
    events = tree({"id": "e", "when": "a"})
    fired = run(events, sig(a=T), sig(), sig(a=T), sig(), sig(a=T))
    assert fired == [["e"], [], [], [], []]
    assert events.fired["e"] == 1


def test_repeat_always_fires_on_each_rising_edge() -> None:
    events = tree({"id": "e", "when": "a", "repeat": "always", "reward": 0.5})
    firings = [events.step(s) for s in (sig(a=T), sig(a=T), sig(), sig(a=T), sig(a=T), sig(a=T))]
    assert [f.events for f in firings] == [["e"], [], [], ["e"], [], []]
    assert [f.reward for f in firings] == [0.5, 0, 0, 0.5, 0, 0]
    assert events.fired["e"] == 2


# what firing gives -------------------------------------------------------------------------
def test_rewards_of_a_step_are_summed() -> None:
    events = tree(
        {"id": "x", "when": "a", "reward": 0.5},
        {"id": "y", "when": "b", "reward": 0.25},
        {"id": "z", "when": "c", "reward": -1.0},
        {"id": "quiet", "when": "a"},
    )
    firing = events.step(sig(a=T, b=T))
    assert firing.events == ["x", "y", "quiet"]
    assert firing.reward == 0.75
    assert firing.rewards == {"x": 0.5, "y": 0.25}
    assert events.step(sig(a=T, b=T, c=T)).reward == -1.0


def test_instructions_and_ends() -> None:
    events = tree(
        {"id": "x", "when": "a", "instruction": "Now do b."},
        {"id": "won", "when": "b", "end": "success", "instruction": "Well done."},
        {"id": "lost", "when": "c", "end": "failure"},
    )
    first = events.step(sig(a=T))
    assert (first.instructions, first.success, first.failure) == (["Now do b."], False, False)
    second = events.step(sig(b=T))
    assert (second.instructions, second.success, second.failure) == (["Well done."], True, False)
    third = events.step(sig(c=T))
    assert (third.instructions, third.success, third.failure) == ([], False, True)


# in the env --------------------------------------------------------------------------------
def names_in(condition: Any) -> set[str]:
    """The signals an event's ``when`` names."""
    if isinstance(condition, str):
        return {condition}
    parts = next(iter(condition.values()))
    return set().union(
        *(names_in(part) for part in (parts if isinstance(parts, list) else [parts]))
    )


def answering_env(events: list[dict[str, Any]], **overrides: Any) -> MobileEnv:
    """An env whose signals are the agent's answers ``a``, ``b`` and ``c`` and Wi-Fi being
    off (``wifi_off``): those the events use."""
    signals = {
        "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
        **{name: {"answer": name} for name in "abc"},
    }
    used = set().union(*(names_in(event["when"]) for event in events))
    env = make_env(
        signals={name: signal for name, signal in signals.items() if name in used},
        events=events,
        **overrides,
    )
    env.reset(seed=0)
    return env


def say(env: MobileEnv, text: str) -> tuple[Any, float, bool, bool, dict[str, Any]]:
    return env.step(actions.answer(text)[0])


def test_order_across_env_steps() -> None:
    env = answering_env(
        [{"id": "done", "when": {"order": ["a", "b", "c"]}, "end": "success", "reward": 1.0}]
    )
    outcomes = [say(env, text) for text in ("b", "a", "c", "b", "x")]
    assert [o[1] for o in outcomes] == [0.0] * 5
    assert not any(o[2] for o in outcomes)
    _, reward, terminated, _, info = say(env, "c")
    assert (reward, terminated, info["success"], info["events"]) == (1.0, True, True, ["done"])


def test_order_completed_by_the_solutions_last_step_succeeds_within_a_cap_of_its_length() -> None:
    """Settings is open from the second step on; Wi-Fi goes off at the fourth: the order
    [wifi_off, in_settings] is complete on that step, so a cap of four steps is enough."""
    task = spec(
        min_steps=4,
        max_steps=4,
        setup={},
        signals={
            "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
            "in_settings": {"foreground": SETTINGS},
        },
        events=[
            {
                "id": "done",
                "when": {"order": ["wifi_off", "in_settings"]},
                "reward": 1.0,
                "end": "success",
            }
        ],
        solution=[
            {"swipe": "up"},
            {"click": {"text": "Settings"}},
            {"click": {"id": "network"}},
            {"click": {"id": "wifi_switch"}},
        ],
    )
    env = gym.make("MobileGym/Task-v0", task=task, action_space="gesture")  # capped at 4
    env.reset(seed=0)
    base = env.unwrapped
    for step in base.episode.solution():
        command = step_command(step, base.device.hierarchy_xml(), base.device.size)
        _, reward, terminated, truncated, info = env.step(command)
    assert (reward, terminated, truncated, info["success"]) == (1.0, True, False, True)
    assert info["events"] == ["done"]


def test_env_rewards_instructions_and_flags() -> None:
    env = answering_env(
        [
            {"id": "half", "when": "a", "reward": 0.5, "instruction": "Now say {word}."},
            {"id": "bonus", "when": "a", "reward": 0.25},
            {"id": "done", "when": "b", "after": ["half"], "reward": 1.0, "end": "success"},
        ],
        parameters={"word": {"choice": ["b"]}},
        instruction={"template": "Say a."},
    )
    assert env.instruction == "Say a."
    _, reward, terminated, _, info = say(env, "b")  # done waits for half
    assert (reward, terminated, info["events"]) == (0.0, False, [])
    obs, reward, terminated, _, info = say(env, "a")
    assert reward == 0.75 and isinstance(reward, float)
    assert info["reward_breakdown"] == {"half": 0.5, "bonus": 0.25}
    assert info["events"] == ["half", "bonus"]
    assert info["instructions"] == ["Now say b."]
    assert obs["instruction"] == info["instruction"] == "Now say b."
    assert not terminated and info["success"] is False
    obs, reward, terminated, _, info = env.step(REPEAT)
    assert (reward, info["instructions"], obs["instruction"]) == (0.0, [], "Now say b.")
    _, reward, terminated, _, info = say(env, "b")
    assert (reward, terminated, info["success"], info["failure"]) == (1.0, True, True, False)


def test_env_failure_event_ends_the_episode_unsuccessfully() -> None:
    env = answering_env(
        [
            {"id": "done", "when": "a", "end": "success"},
            {"id": "wrong", "when": "b", "end": "failure", "reward": -1.0},
        ]
    )
    _, reward, terminated, truncated, info = say(env, "b")
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["failure"] is True and info["success"] is False
    assert env.final_verdict() is False


def test_failure_wins_over_success_in_the_same_step() -> None:
    env = answering_env(
        [
            {"id": "done", "when": "a", "end": "success"},
            {"id": "wrong", "when": "a", "end": "failure"},
        ]
    )
    _, _, terminated, _, info = say(env, "a")
    assert terminated and info["failure"] is True and info["success"] is False


def test_a_failure_event_after_a_latched_success_ends_the_episode_unsuccessfully() -> None:
    """A task that goes on after success fails an agent that then does what a failure
    event names (README: ``episode.success``); the reward paid for the success stays."""
    env = answering_env(
        [
            {"id": "done", "when": "a", "end": "success", "reward": 1.0},
            {"id": "damage", "when": "b", "end": "failure"},
        ],
        episode={"end_on_success": False},
    )
    _, reward, terminated, _, info = say(env, "a")
    assert (reward, terminated, info["success"]) == (1.0, False, True)
    _, reward, terminated, _, info = say(env, "b")
    assert (reward, terminated, info["success"], info["failure"]) == (0.0, True, False, True)
    assert env.final_verdict() is False


def judged_at_the_end_after_a() -> MobileEnv:
    """A ``success: final`` env whose success event (Wi-Fi off) waits for the answer ``a``."""
    env = make_env(
        signals={"a": {"answer": "a"}, "wifi_off": {"setting": "global/wifi_on", "equals": "0"}},
        events=[
            {"id": "first", "when": "a"},
            {"id": "done", "when": "wifi_off", "after": ["first"], "end": "success"},
        ],
        episode={"success": "final", "end_on_success": False},
    )
    env.reset(seed=0)
    return env


def test_final_success_needs_the_success_events_prerequisites() -> None:
    """Under ``success: final`` a success event counts at the end only once its ``after``
    events have fired, as it does when it fires (README: events, ``episode.success``)."""
    env = judged_at_the_end_after_a()
    _, _, terminated, _, info = click(env, id="wifi_switch")
    assert (terminated, info["events"], info["success"]) == (False, [], False)
    assert env.final_verdict() is False
    _, _, terminated, _, info = env.step(actions.status("complete")[0])
    assert terminated and info["success"] is False


def test_final_success_holds_once_the_prerequisites_fired() -> None:
    env = judged_at_the_end_after_a()
    assert say(env, "a")[4]["events"] == ["first"]
    _, _, terminated, _, info = click(env, id="wifi_switch")
    assert (terminated, info["events"], info["success"]) == (False, ["done"], True)
    assert env.final_verdict() is True


def test_instruction_of_an_event_that_fires_at_reset_is_delivered() -> None:
    env = make_env(
        signals={"wifi_off": {"setting": "global/wifi_on", "equals": "0"}, "calm": {"answer": "x"}},
        events=[
            {"id": "intro", "when": {"not": "calm"}, "instruction": "First, look around."},
            {"id": "done", "when": "wifi_off", "end": "success"},
        ],
    )
    obs, info = env.reset(seed=0)
    assert info["instructions"] == ["Turn off Wi-Fi.", "First, look around."]
    assert obs["instruction"] == "First, look around."
    assert info["events"] == ["intro"]


def test_a_reward_of_an_event_that_fires_at_reset_is_shown_and_not_paid() -> None:
    """The setup starts in Settings, where "opened" (reward 0.2) holds already: the reset
    shows it; no step pays it, the rest of the task is played as usual."""
    env = make_env(
        signals={
            "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
            "in_settings": {"foreground": SETTINGS},
        },
        events=[
            {"id": "opened", "when": "in_settings", "reward": 0.2},
            {"id": "done", "when": "wifi_off", "reward": 1.0, "end": "success"},
        ],
    )
    _, info = env.reset(seed=0)
    assert info["events"] == ["opened"] and info["reward_breakdown"] == {"opened": 0.2}
    assert info.get("error") is None
    _, reward, terminated, _, info = click(env, id="wifi_switch")
    assert (reward, terminated, info["success"]) == (1.0, True, True)


# quiet steps -------------------------------------------------------------------------------
def test_the_tree_is_settled_only_when_nothing_can_fire_on_unchanged_signals() -> None:
    events = tree(
        {"id": "later", "when": "a", "after": ["first"]},  # listed before its prerequisite
        {"id": "first", "when": "a"},
        {"id": "steps", "when": {"order": ["b", "c"]}},
    )
    assert run(events, sig(a=T)) == [["first"]]
    assert not events.settled  # "later" may fire with the very same values
    assert run(events, sig(a=T)) == [["later"]]
    assert run(events, sig(a=T)) == [[]] and events.settled
    assert run(events, sig(a=T, b=T)) == [[]] and events.settled  # order moved on, as far as it can
    assert run(events, sig(a=T, b=T, c=T)) == [["steps"]]


def test_unchanged_steps_skip_the_tree_but_still_fire_what_became_possible() -> None:
    env = make_env(
        signals={"wifi_off": {"setting": "global/wifi_on", "equals": "0"}},
        events=[
            {"id": "done", "when": "wifi_off", "after": ["prepared"], "end": "success"},
            {"id": "prepared", "when": "wifi_off", "reward": 0.5},
        ],
    )
    env.reset(seed=0)
    env.device.put_setting("global", "wifi_on", "0")  # changed behind the agent's back
    _, reward, terminated, _, info = env.step(REPEAT)
    assert info["events"] == ["prepared"] and reward == 0.5 and not terminated
    _, _, terminated, _, info = env.step(REPEAT)  # nothing changed, yet "done" is now possible
    assert info["events"] == ["done"] and terminated and info["success"]
    assert env.episode.judge().events == [] and env.episode.tree.settled
    calls = []
    env.episode.tree.step = lambda signals: calls.append(1)  # type: ignore[method-assign]
    assert env.episode.judge().events == []
    assert calls == []  # settled and no source changed: the tree is not evaluated at all
