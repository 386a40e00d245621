"""mobile-gym's suite streams for ``benchmarks/peers.py``: random actions over whole suites.

Where ``ours.py`` clicks one switch over and over (a best case that can be tuned for), a
suite stream acts in one env per task of a suite, in turn: action ``k`` goes to env ``k mod
N``. Every env is made as an agent makes it (``make_env(task_id, action_space=...,
observation=...)``, which applies the task's own step cap), first reset with its own seed
(env ``i`` with seed ``i``), and reset without a seed whenever its episode ends, so that each
episode boots new content; those resets are timed with the steps, as an agent pays for them.

The agents are seeded and draw their random numbers in advance (``DRAWS`` of them, then
cycled), as the peers in ``alternatives.py`` do:

- element actions: uniform over the valid (verb, element) pairs of the screen the env last
  reported (``info["elements"]``: each element's ``verbs`` that are ``VERBS``), plus back and
  home, as ``agents/random_agent.py`` draws them;
- gesture clicks: a click at a position uniform in [0, 1]^2 of the screen.

A stream's rounds are a whole number of passes over its envs (``Workload.granule``), so that
every round holds the same tasks and the best round is not one that met only cheap screens.
The streams of the rows are settled before they are timed (``Stream.settle``): each env first
takes a seeded random number of actions below its cap, so the envs' episodes do not all
start in the same pass and the resets of tasks with long caps come at their rate.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np
from common import in_fresh_process, rss_mb
from rounds import Timing, Workload

from mobile_gym.commands import VERBS as GESTURE_VERBS
from mobile_gym.registration import make_env
from mobile_gym.sim.apps import DEFAULT_APPS
from mobile_gym.sim.apps.backend import Backend
from mobile_gym.tasks.loader import shipped_tasks
from mobile_gym.wrappers.element_actions import VERBS

SUITE = "mobileagentbench"
"""The suite of the element-action streams."""
DRAWS = 4096
"""How many random numbers (or actions) each stream's agent draws in advance."""
MEMORY_STEPS = 1000
"""Random actions each env of the memory figure takes."""
SERVERS = frozenset(app.package for app in DEFAULT_APPS if issubclass(app, Backend))
"""The packages of the servers kept on the phone (``sim.apps.backend``)."""
_UNTARGETED = (("back", 0), ("home", 0))
_VERB_INDEX = {verb: i for i, verb in enumerate(VERBS)}

Chooser = Callable[[dict[str, Any]], Any]
"""An agent: the next action from the info of the env it acts in."""


def suite_tasks(suite: str | None = SUITE) -> list[str]:
    """The ids of the shipped tasks of ``suite`` (every shipped task for None), sorted."""
    return sorted(
        task_id for task_id, spec in shipped_tasks().items() if suite is None or spec.suite == suite
    )


ALL = "all"
"""The name that takes every shipped task as one suite (``chosen_tasks``)."""


def suite_names() -> list[str]:
    """The shipped tasks' suites, sorted, then ``ALL``."""
    return [*sorted({spec.suite for spec in shipped_tasks().values()}), ALL]


def chosen_tasks(name: str) -> list[str]:
    """The task ids of shipped suite ``name`` (``ALL``: every shipped task), sorted;
    ValueError naming the suites if none is in it."""
    tasks = suite_tasks(None if name == ALL else name)
    if not tasks:
        raise ValueError(
            f"no shipped task is in the suite {name!r}; suites: {', '.join(suite_names())}"
        )
    return tasks


def task_apps(task_id: str) -> list[str]:
    """The apps shipped task ``task_id`` is about, by package. The servers a task names
    beside its client app (``SERVERS``) are not apps: they have no screen, and a task that
    names one is about its client."""
    return [app for app in shipped_tasks()[task_id].apps if app not in SERVERS]


def task_per_app(suite: str | None = None) -> dict[str, str]:
    """For each app some task of ``suite`` is about (None: every shipped task), the first
    task id in sorted order whose only app it is, else the first that names it; by package."""
    ids = suite_tasks(suite)
    chosen: dict[str, str] = {}
    for alone in (True, False):
        for task_id in ids:
            apps = task_apps(task_id)
            if not alone or len(apps) == 1:
                for app in apps:
                    chosen.setdefault(app, task_id)
    return dict(sorted(chosen.items()))


def app_streams() -> dict[str, list[str]]:
    """For each app some shipped task is about alone, the ids of every such task (of all
    suites), sorted; by package, sorted: the tasks of the app's own stream."""
    alone: dict[str, list[str]] = {}
    for task_id in suite_tasks(None):
        apps = task_apps(task_id)
        if len(apps) == 1:
            alone.setdefault(apps[0], []).append(task_id)
    return dict(sorted(alone.items()))


class Stream:
    """Round-robin over ``envs``: each unit is one agent action in the next env, its reset
    included when the episode ends (the cost of each such reset is kept in
    ``reset_costs``). With ``log``, the cost of every step after which the observation
    differs from the one before (compared with ``!=``: text observations) is kept, one list
    per ``run``."""

    def __init__(self, envs: list[gym.Env], choose: Chooser, log: bool = False) -> None:
        self.envs = envs
        self.choose = choose
        self.observations: list[Any] = []
        self.infos: list[dict[str, Any]] = []
        for seed, env in enumerate(envs):
            observation, info = env.reset(seed=seed)
            self.observations.append(observation)
            self.infos.append(info)
        self.position = 0
        self.log: list[tuple[int, list[float]]] | None = [] if log else None
        """Per ``run``: how many actions, and the cost (s) of each that changed the screen."""
        self.reset_costs: list[float] = []
        """The cost (s) of every reset the stream made after an episode ended."""

    def settle(self, seed: int = 0) -> None:
        """Stagger the envs' episodes: each env takes a seeded random number of actions on
        its own, from none to one less than its task's cap; then the log and the reset
        costs start afresh. Every env starts at the first step of an episode, so in turn
        the envs whose tasks have the same cap would end their episodes in the same pass,
        and a stream timed for fewer passes than their cap would meet none of those resets
        (MobileWorld's, capped at 50 steps). Staggered, a pass meets the resets of
        about one in ``cap`` of them, as a stream that has gone on for a while does."""
        draws = np.random.default_rng(seed)
        for k, info in enumerate(self.infos):
            for _ in range(int(draws.integers(max(int(info["step_cap"]), 1)))):
                self._act_in(k, [])
        if self.log is not None:
            self.log.clear()
        self.reset_costs.clear()

    def run(self, n: int) -> Timing:
        """``n`` agent actions, in turn over the envs."""
        changed: list[float] = []
        if self.log is not None:
            self.log.append((n, changed))
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(n):
            self._act(changed)
        return Timing(time.perf_counter() - wall, time.process_time() - cpu)

    def _act(self, changed: list[float]) -> None:
        self._act_in(self.position, changed)
        self.position = (self.position + 1) % len(self.envs)

    def _act_in(self, k: int, changed: list[float]) -> None:
        env = self.envs[k]
        action = self.choose(self.infos[k])
        start = time.perf_counter()
        observation, _, terminated, truncated, info = env.step(action)
        spent = time.perf_counter() - start
        if self.log is not None and observation != self.observations[k]:
            changed.append(spent)
        if terminated or truncated:
            start = time.perf_counter()
            observation, info = env.reset()
            self.reset_costs.append(time.perf_counter() - start)
        self.observations[k], self.infos[k] = observation, info

    def close(self) -> None:
        for env in self.envs:
            env.close()


def random_elements(seed: int = 0) -> Chooser:
    """Uniform over the valid (verb, element) pairs of ``info["elements"]`` plus back and
    home (as ``agents/random_agent.py``), from random numbers drawn in advance."""
    draws = np.random.default_rng(seed).random(DRAWS).tolist()
    arrays: dict[tuple[str, int], np.ndarray] = {}
    position = 0

    def choose(info: dict[str, Any]) -> np.ndarray:
        nonlocal position
        choices = [
            (verb, element["index"])
            for element in info["elements"]
            for verb in element["verbs"]
            if verb in _VERB_INDEX
        ]
        choices += _UNTARGETED
        pick = choices[int(draws[position] * len(choices))]
        position = (position + 1) % DRAWS
        action = arrays.get(pick)
        if action is None:
            action = arrays[pick] = np.array([_VERB_INDEX[pick[0]], pick[1]], dtype=np.int64)
        return action

    return choose


def random_clicks(seed: int = 0) -> Chooser:
    """Clicks at positions uniform in [0, 1]^2 (gesture actions), drawn in advance."""
    rng = np.random.default_rng(seed)
    click = GESTURE_VERBS.index("click")
    actions = [{"verb": click, "position": p} for p in rng.random((DRAWS, 2), dtype=np.float32)]
    position = 0

    def choose(info: dict[str, Any]) -> dict[str, Any]:
        nonlocal position
        action = actions[position]
        position = (position + 1) % DRAWS
        return action

    return choose


def stream(
    task_ids: list[str],
    action_space: str,
    observation: str,
    choose: Chooser,
    log: bool = False,
    settled: bool = False,
) -> Stream:
    """A stream over one env per task in ``task_ids`` (made and reset here, untimed);
    ``settled``: after ``Stream.settle``."""
    envs = [make_env(t, action_space=action_space, observation=observation) for t in task_ids]
    of = Stream(envs, choose, log)
    if settled:
        try:
            of.settle()
        except BaseException:
            of.close()
            raise
    return of


def element_workload(
    observation: str, log: bool = False, task_ids: list[str] | None = None
) -> Workload:
    """Random valid element actions over every task of ``SUITE`` (or over ``task_ids``),
    with ``observation``; ``log`` keeps the cost of the screen-changing steps."""
    task_ids = suite_tasks(SUITE) if task_ids is None else task_ids
    shown = "pixels 270x600" if observation == "pixels" else f"{observation} obs"
    return stream_workload(
        f"suite_element_{observation}",
        f"suite element, {shown} ({len(task_ids)} tasks)",
        stream(task_ids, "element", observation, random_elements(), log, settled=True),
    )


def gesture_workload(task_ids: list[str] | None = None) -> Workload:
    """Random clicks over every shipped task, all suites (or over ``task_ids``), with the
    text observation."""
    every = task_ids is None
    task_ids = suite_tasks(None) if task_ids is None else task_ids
    return stream_workload(
        "suite_gesture_text",
        f"suite gesture clicks, text obs ({len(task_ids)} tasks{', all suites' if every else ''})",
        stream(task_ids, "gesture", "text", random_clicks(), settled=True),
    )


def stream_workload(name: str, label: str, of: Stream) -> Workload:
    """``of`` as a contender of ``rounds.interleaved``: a run is a whole number of passes
    over its envs; a logged stream gives its screen-changing steps' costs
    (``screen_changing_ms``) as further figures."""
    figures = None
    if of.log is not None:

        def figures(rates: dict[str, Any]) -> dict[str, float]:
            return screen_changing_ms(of, rates["rounds_per_s"])

    return Workload(name, label, "actions", of.run, of.close, len(of.envs), figures)


def screen_changing_ms(of: Stream, rates: list[float]) -> dict[str, float]:
    """The p50 and p90 cost (ms) of a screen-changing step of a logged stream, pooled over
    the faster half of its last ``len(rates)`` runs (``rates``: their speeds, in order; the
    slower half is where the machine's slow spells fall), and the share of such steps."""
    if of.log is None:
        raise ValueError("the stream was not logged")
    runs = of.log[-len(rates) :]
    faster = sorted(range(len(runs)), key=rates.__getitem__, reverse=True)[: (len(runs) + 1) // 2]
    pooled = [cost for i in faster for cost in runs[i][1]]
    if not pooled:
        raise RuntimeError("no step of the stream changed the observation")
    p50, p90 = np.percentile(pooled, [50, 90]) * 1000
    return {
        "screen_change_p50_ms": float(p50),
        "screen_change_p90_ms": float(p90),
        "screen_change_steps": len(pooled),
        "screen_change_share": sum(len(c) for _, c in runs) / sum(n for n, _ in runs),
    }


def resident_mb_after_steps(steps: int = MEMORY_STEPS, suite: str = SUITE) -> dict[str, float]:
    """Resident memory per env in a fresh process: one env per app of ``suite`` (its
    first task, ``task_per_app``), each taking ``steps`` random valid element actions with
    quarter-scale pixels, as the memory figures of ``ours.py`` observe (resets included);
    the growth over the process after its imports and the choice of the tasks (which loads
    every task file)."""
    return in_fresh_process(_resident_mb_after_steps, steps, suite)


def _resident_mb_after_steps(steps: int, suite: str) -> dict[str, float]:
    task_ids = list(task_per_app(suite).values())  # (reads every task: not the envs' memory)
    gc.collect()
    before = rss_mb()
    of = stream(task_ids, "element", "pixels", random_elements())
    of.run(steps * len(of.envs))
    gc.collect()
    return {"rss_mb_after_steps": (rss_mb() - before) / len(of.envs), "envs": len(of.envs)}
