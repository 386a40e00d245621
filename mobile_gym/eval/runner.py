"""The evaluation runner: an agent on every (task, seed) of a plan, in this process or in
worker processes, resumable from its run folder.

Each worker builds the agent once from its name and options and runs whole episodes; the
episode's files are written by whoever ran it, atomically, so a killed run loses at most
the episodes in flight. On ADB devices (``RunSettings.device``) each worker plays on a
device of its own (``mobile_gym.eval.devices``). Results do not depend on the number of workers: every episode is
seeded by its own seed (env and agent alike) and results are listed in plan order.

An episode recorded with outcome ``error`` (its infrastructure failed) is played again
when the run resumes. ``max_consecutive_errors`` stops a run whose episodes keep ending
in errors (the endpoint is down, the device is gone), and a run whose own machinery fails
stops too: a worker process that dies (killed, out of memory) or a file of the run folder
that cannot be written (disk full, a file where a folder goes). ``RunStoppedError`` then
carries every record made so far, and running the same plan again resumes it.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.util
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from mobile_gym.agents import Agent, make_agent
from mobile_gym.eval.devices import DeviceChoice, DeviceEnvs
from mobile_gym.eval.episode_runner import DEFAULT_DEVICE, EnvSource, run_episode
from mobile_gym.eval.plan import Episode, task_digest
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.store import RunFolderError, RunStore
from mobile_gym.redaction import redact, redact_options


@dataclass(frozen=True)
class RunSettings:
    """How every episode of a run is played."""

    agent: str
    agent_options: dict[str, Any] = field(default_factory=dict)
    max_steps: int | str | None = None
    screenshots: bool = False
    """Save a half-size screenshot of every step (``mobile_gym.eval.observations``)."""
    observations: bool = False
    """Save every step's screen, view hierarchy, observation text and model prompt."""
    rules: str = "original"
    """The episode rules (``mobile_gym.tasks.schema.RULES``)."""
    user: str = "simulated"
    """Who answers ASK_USER in tasks with a ``user`` block (``mobile_gym.tasks.user.USERS``)."""
    user_options: dict[str, Any] = field(default_factory=dict)
    """Options of that user (``model``, ``base_url``... of the ``llm`` user)."""
    device: DeviceChoice = field(default_factory=DeviceChoice)
    """The phone the episodes play on (``mobile_gym.eval.devices``)."""

    UNRECORDED: ClassVar[dict[str, Any]] = {
        "observations": False,
        "rules": "original",
        "user": "simulated",
        "user_options": {},
        "device": DEFAULT_DEVICE.to_json(),
    }
    """The settings ``to_json`` leaves out at these values: what a run folder without them
    ran with."""

    def to_json(self) -> dict[str, Any]:
        """The settings as recorded in the run folder; secrets (API keys, tokens, passwords)
        are left out (``mobile_gym.redaction.redact_options``). ``observations`` and
        ``rules`` (and the user and the device) are recorded only when they are not the
        default (``UNRECORDED``), so run folders made before they existed resume
        unchanged."""
        device = self.device.to_json()
        return {
            "agent": self.agent,
            "agent_options": redact_options(self.agent_options),
            "max_steps": self.max_steps,
            "screenshots": self.screenshots,
            **({"observations": True} if self.observations else {}),
            **({"rules": self.rules} if self.rules != "original" else {}),
            **(
                {"user": self.user, "user_options": redact_options(self.user_options)}
                if self.user != "simulated" or self.user_options
                else {}
            ),
            **({"device": device} if device != self.UNRECORDED["device"] else {}),
        }


Progress = Callable[[EpisodeRecord, bool], None]
"""Told of each episode as it is done: its record, and whether it was already finished."""
Started = Callable[[Episode], None]
"""Told of each episode as it starts."""
Finished = Callable[[Episode, EpisodeRecord], bool]
"""Told of each episode played, with its record; whether the run must stop."""


class EpisodeExecutor(Protocol):
    """Plays a run's pending episodes elsewhere (``mobile_gym.ray.executor.RayExecutor``):
    the records come back here, and this process alone writes the run folder."""

    def run(
        self,
        pending: list[Episode],
        settings: RunSettings,
        store: RunStore,
        finished: Finished,
        started: Started | None,
    ) -> bool:
        """Play ``pending``, telling ``finished`` of each record as it comes; when it says
        stop, start no more episodes, let those running end, and return True."""


class RunStoppedError(RuntimeError):
    """A run stopped early; the message says why and that running the same plan again
    resumes it. ``records`` holds the plan's episodes recorded by then, in plan order; the
    others were not run, or not to their end. ``count``: how many episodes in a row had
    ended in errors, when that is what stopped it (else 0)."""

    def __init__(self, message: str, records: list[EpisodeRecord], count: int = 0) -> None:
        super().__init__(redact(message))
        self.count = count
        self.records = records


class RunInterruptedError(RunStoppedError):
    """A run stopped by an interrupt (Ctrl-C at the terminal, SIGINT): no episode is started
    any more, those in flight are not recorded; as any stopped run, running the same plan
    again resumes it."""


_RESUME = "run the same command again to resume: finished episodes are kept"
"""How a stopped run goes on, as its message ends."""


def file_problem(exc: OSError) -> str:
    """An OSError in one line: the file it names, if any, then what went wrong."""
    where = f"{exc.filename}: " if exc.filename else ""
    return f"{where}{exc.strerror or exc}"


def _fault_message(exc: BrokenProcessPool | OSError) -> str:
    """Why a run stopped whose own machinery failed with ``exc``: a worker process died,
    or a file of the run folder could not be written (an episode's own failures never
    escape it: they are its record's)."""
    if isinstance(exc, BrokenProcessPool):
        cause = (
            "a worker process died abruptly (killed, or out of memory): the episodes in "
            "flight were not recorded"
        )
    else:
        cause = f"a file of the run could not be written: {file_problem(exc)}"
    return f"stopped: {cause}; mend the cause and {_RESUME}"


class _ErrorStreak:
    """Counts episodes that end in errors in a row; ``limit`` 0 never stops."""

    def __init__(self, limit: int) -> None:
        if limit < 0:
            raise ValueError(f"max_consecutive_errors must be 0 (off) or more, got {limit}")
        self.limit = limit
        self.count = 0
        self.last_error = ""

    def reached(self, record: EpisodeRecord) -> bool:
        """Count ``record``; whether the streak has reached the limit."""
        if record.outcome != "error":
            self.count = 0
            return False
        self.count += 1
        self.last_error = record.error or ""
        return 0 < self.limit <= self.count

    def message(self) -> str:
        """Why the run stopped when the streak reached the limit."""
        return (
            f"stopped after {self.count} episodes in a row ended in errors (last: "
            f"{self.last_error}); fix the cause and {_RESUME} and those that ended in errors "
            "are run again"
        )


def evaluate(
    plan: Sequence[Episode],
    settings: RunSettings,
    store: RunStore,
    workers: int = 1,
    progress: Progress | None = None,
    agent: Agent | None = None,
    started: Started | None = None,
    max_consecutive_errors: int = 0,
    executor: EpisodeExecutor | None = None,
) -> list[EpisodeRecord]:
    """Run every episode of ``plan`` not already finished in ``store`` (one that ended in
    an error is run again); return all the plan's records in plan order. ``agent`` (one
    process only) replaces building it. After ``max_consecutive_errors`` errors in a row
    (0: never) no episode is started any more and ``RunStoppedError`` is raised; so it is
    when the run's own machinery fails: a file of the run could not be written (once the
    episodes still running have ended), or a worker process died (the episodes in flight
    are lost). ``executor`` plays the episodes instead of this process or its
    ``workers``."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    settings.device.check_run(workers, elsewhere=executor is not None)
    streak = _ErrorStreak(max_consecutive_errors)
    store.claim(settings.to_json(), RunSettings.UNRECORDED)
    done: dict[tuple[str, int], EpisodeRecord] = {}
    pending: list[Episode] = []
    for episode in plan:
        record = store.finished(episode.task.id, episode.seed)
        _check_same_task(store, episode, record)
        if record is None or record.outcome == "error":
            pending.append(episode)
        else:
            done[episode.task.id, episode.seed] = record
            if progress:
                progress(record, True)

    def finished(episode: Episode, record: EpisodeRecord) -> bool:
        """Keep the record; whether the run must stop."""
        done[episode.task.id, episode.seed] = record
        if progress:
            progress(record, False)
        return streak.reached(record)

    keys = [(episode.task.id, episode.seed) for episode in plan]
    try:
        stopped = _play_pending(
            pending, settings, store, workers, finished, started, agent, executor
        )
    except (BrokenProcessPool, OSError) as exc:
        raise RunStoppedError(_fault_message(exc), _recorded(keys, done, store)) from exc
    except KeyboardInterrupt:
        recorded = _recorded(keys, done, store)
        raise RunInterruptedError(
            f"interrupted: {len(recorded)} of the {len(keys)} episodes are recorded; {_RESUME}",
            recorded,
        ) from None
    if stopped:
        raise RunStoppedError(streak.message(), _recorded(keys, done, store), streak.count)
    return [done[key] for key in keys]


def _check_same_task(store: RunStore, episode: Episode, record: EpisodeRecord | None) -> None:
    """RunFolderError when ``store`` recorded ``episode`` finished on another version of
    its task (its file changed since, or another task has its id): its result says nothing
    of the task now. An episode that ended in an error is played again anyway."""
    digest = (
        None if record is None or record.outcome == "error" else record.extra.get("task_digest")
    )
    if digest is not None and digest != task_digest(episode.task):
        raise RunFolderError(
            f"{store.root} holds episodes of {episode.task.id} played on another version of "
            f"the task (its file changed, or another task has its id); choose another --out "
            f"folder, or remove its files from episodes/ to play them again"
        )


def _recorded(
    keys: list[tuple[str, int]], done: dict[tuple[str, int], EpisodeRecord], store: RunStore
) -> list[EpisodeRecord]:
    """The records of a stopped run, in plan order: those it made, and those ``store``
    holds of the others (an earlier error not run again, an episode a worker finished
    after the run stopped)."""
    for key in keys:
        if key not in done and (record := store.finished(*key)) is not None:
            done[key] = record
    return [done[key] for key in keys if key in done]


def _play_pending(
    pending: list[Episode],
    settings: RunSettings,
    store: RunStore,
    workers: int,
    finished: Finished,
    started: Started | None,
    agent: Agent | None,
    executor: EpisodeExecutor | None,
) -> bool:
    """Play ``pending`` with ``executor``, in ``workers`` processes or in this one (with
    ``agent`` if given), telling ``finished`` of each record; whether it said stop."""
    if executor is not None and pending:
        if agent is not None:
            raise ValueError("an agent object runs in this process only: use no executor")
        return executor.run(pending, settings, store, finished, started)
    if workers > 1 and len(pending) > 1:
        if agent is not None:
            raise ValueError("an agent object runs in this process only: use workers=1")
        return _run_in_workers(pending, settings, store, workers, finished, started)
    agent = agent or make_agent(settings.agent, **settings.agent_options)
    envs = _device_envs(settings.device, settings.device.serials[:1])
    try:
        for episode in pending:
            if started:
                started(episode)
            if finished(episode, play(agent, episode, settings, store, envs)):
                return True
    finally:
        if envs is not None:
            envs.close()
    return False


def _device_envs(choice: DeviceChoice, serials: Sequence[str]) -> DeviceEnvs | None:
    """The envs of a process that plays on the first of ``serials`` (ADB devices); None on
    the simulated phone (each episode makes its own)."""
    return DeviceEnvs(choice, serials[0]) if choice.kind == "adb" and serials else None


def play(
    agent: Agent,
    episode: Episode,
    settings: RunSettings,
    store: RunStore,
    envs: EnvSource | None = None,
) -> EpisodeRecord:
    """Play ``episode`` with ``agent`` as ``settings`` say, saving it in ``store``;
    ``envs`` lends the env (``run_episode``)."""
    return run_episode(
        episode.task,
        episode.seed,
        agent,
        max_steps=settings.max_steps,
        rules=settings.rules,
        store=store,
        screenshots=settings.screenshots,
        save=("observations",) if settings.observations else (),
        user=settings.user,
        user_options=settings.user_options,
        envs=envs,
        device=settings.device,
    )


def _run_in_workers(
    pending: list[Episode],
    settings: RunSettings,
    store: RunStore,
    workers: int,
    finished: Finished,
    started: Started | None,
) -> bool:
    """Run ``pending`` in worker processes, telling ``finished`` of each record; when it
    says stop, start no more episodes, let those running end, and return True."""
    context = multiprocessing.get_context("spawn")
    taken = context.Value("i", 0)  # how many workers have taken their ADB device
    stopped = False
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_take_device,
        initargs=(settings.device.serials, taken),
    ) as pool:
        queue = list(pending)
        running: dict[Future[EpisodeRecord], Episode] = {}
        try:
            while (queue and not stopped) or running:
                # keep a few episodes queued per worker, not all: a stopped run stops soon
                while queue and not stopped and len(running) < 2 * workers:
                    episode = queue.pop(0)
                    if started:
                        started(episode)
                    future = pool.submit(_worker_episode, episode, settings, str(store.root))
                    running[future] = episode
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    episode = running.pop(future)
                    if future.cancelled():
                        continue
                    if finished(episode, future.result()) and not stopped:
                        stopped = True
                        for waiting in running:
                            waiting.cancel()
        except BaseException:
            for future in running:
                future.cancel()
            raise
    return stopped


_WORKER_AGENTS: dict[str, Agent] = {}
_WORKER_SERIALS: list[str] = []
"""The ADB device a worker process plays on (its serial), taken as it starts."""
_WORKER_ENVS: list[DeviceEnvs] = []
"""The envs of a worker process on its ADB device, made on first use."""


def _take_device(serials: Sequence[str], taken: Any) -> None:
    """A worker process starts: it takes the next of ``serials`` (ADB devices), counting
    in ``taken`` (a shared integer) those taken by the workers before it."""
    with taken.get_lock():
        index = taken.value
        taken.value += 1
    if index < len(serials):
        _WORKER_SERIALS.append(serials[index])


def _worker_envs(choice: DeviceChoice) -> DeviceEnvs | None:
    """The envs of this worker process on its ADB device (None on the simulated phone),
    made on first use and closed as the process ends."""
    if not _WORKER_ENVS:
        envs = _device_envs(choice, _WORKER_SERIALS)
        if envs is None:
            return None
        multiprocessing.util.Finalize(envs, envs.close, exitpriority=10)
        _WORKER_ENVS.append(envs)
    return _WORKER_ENVS[0]


def worker_agent(settings: RunSettings) -> Agent:
    """The agent of ``settings`` in a worker process, built on first use and kept."""
    key = repr((settings.agent, sorted(settings.agent_options.items())))
    if key not in _WORKER_AGENTS:
        _WORKER_AGENTS[key] = make_agent(settings.agent, **settings.agent_options)
    return _WORKER_AGENTS[key]


def _worker_episode(episode: Episode, settings: RunSettings, root: str) -> EpisodeRecord:
    """One episode in a worker process, with the worker's agent built on first use (and
    on its ADB device, if the run plays on some)."""
    envs = _worker_envs(settings.device)
    return play(worker_agent(settings), episode, settings, RunStore(root), envs)
