"""The evaluation runner: an agent on every (task, seed) of a plan, in this process or in
worker processes, resumable from its run folder.

Each worker builds the agent once from its name and options and runs whole episodes; the
episode's files are written by whoever ran it, atomically, so a killed run loses at most
the episodes in flight. Results do not depend on the number of workers: every episode is
seeded by its own seed (env and agent alike) and results are listed in plan order.
"""

from __future__ import annotations

import multiprocessing
import re
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from mobile_gym.agents import Agent, make_agent
from mobile_gym.eval.episode_runner import run_episode
from mobile_gym.eval.plan import Episode
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.store import RunStore

SECRET = re.compile(r"key|token|secret|password", re.IGNORECASE)
"""Agent options whose values are never written to disk."""


@dataclass(frozen=True)
class RunSettings:
    """How every episode of a run is played."""

    agent: str
    agent_options: dict[str, Any] = field(default_factory=dict)
    max_steps: int | str | None = None
    screenshots: bool = False

    def to_json(self) -> dict[str, Any]:
        """The settings as recorded in the run folder; secrets (API keys, tokens, passwords)
        are left out."""
        return {
            "agent": self.agent,
            "agent_options": {
                name: "<redacted>" if SECRET.search(name) else value
                for name, value in self.agent_options.items()
            },
            "max_steps": self.max_steps,
            "screenshots": self.screenshots,
        }


Progress = Callable[[EpisodeRecord, bool], None]
"""Told of each episode as it is done: its record, and whether it was already finished."""
Started = Callable[[Episode], None]
"""Told of each episode as it starts."""


def evaluate(
    plan: Sequence[Episode],
    settings: RunSettings,
    store: RunStore,
    workers: int = 1,
    progress: Progress | None = None,
    agent: Agent | None = None,
    started: Started | None = None,
) -> list[EpisodeRecord]:
    """Run every episode of ``plan`` not already finished in ``store``; return all the
    plan's records in plan order. ``agent`` (one process only) replaces building it."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    store.claim(settings.to_json())
    done: dict[tuple[str, int], EpisodeRecord] = {}
    pending: list[Episode] = []
    for episode in plan:
        record = store.finished(episode.task.id, episode.seed)
        if record is None:
            pending.append(episode)
        else:
            done[episode.task.id, episode.seed] = record
            if progress:
                progress(record, True)
    if workers == 1 or len(pending) <= 1:
        agent = agent or make_agent(settings.agent, **settings.agent_options)
        for episode in pending:
            if started:
                started(episode)
            record = _play(agent, episode, settings, store)
            done[episode.task.id, episode.seed] = record
            if progress:
                progress(record, False)
    else:
        if agent is not None:
            raise ValueError("an agent object runs in this process only: use workers=1")
        _run_in_workers(pending, settings, store, workers, done, progress, started)
    return [done[episode.task.id, episode.seed] for episode in plan]


def _play(agent: Agent, episode: Episode, settings: RunSettings, store: RunStore) -> EpisodeRecord:
    return run_episode(
        episode.task,
        episode.seed,
        agent,
        max_steps=settings.max_steps,
        store=store,
        screenshots=settings.screenshots,
    )


def _run_in_workers(
    pending: list[Episode],
    settings: RunSettings,
    store: RunStore,
    workers: int,
    done: dict[tuple[str, int], EpisodeRecord],
    progress: Progress | None,
    started: Started | None,
) -> None:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        queue = list(pending)
        running: dict[Future[EpisodeRecord], Episode] = {}
        try:
            while queue or running:
                # keep a few episodes queued per worker, not all: a stopped run stops soon
                while queue and len(running) < 2 * workers:
                    episode = queue.pop(0)
                    if started:
                        started(episode)
                    future = pool.submit(_worker_episode, episode, settings, str(store.root))
                    running[future] = episode
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    episode = running.pop(future)
                    record = future.result()
                    done[episode.task.id, episode.seed] = record
                    if progress:
                        progress(record, False)
        except BaseException:
            for future in running:
                future.cancel()
            raise


_WORKER_AGENTS: dict[str, Agent] = {}


def _worker_episode(episode: Episode, settings: RunSettings, root: str) -> EpisodeRecord:
    """One episode in a worker process, with the worker's agent built on first use."""
    key = repr((settings.agent, sorted(settings.agent_options.items())))
    if key not in _WORKER_AGENTS:
        _WORKER_AGENTS[key] = make_agent(settings.agent, **settings.agent_options)
    return _play(_WORKER_AGENTS[key], episode, settings, RunStore(root))
