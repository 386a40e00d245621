"""Episodes on a Ray cluster: ``mobile-gym eval --executor ray`` (and ``generate``).

The driver (the process that runs the command) starts episode actors, each holding
``num_cpus_per_episode`` CPUs, as many as the cluster's CPUs allow, and hands every actor
one episode at a time. An actor keeps its agent and a few envs between episodes
(``mobile_gym.ray.envs``) and plays each episode into a run folder of its own in a
temporary directory; the record and the files it wrote come back to the driver, which
alone writes them into the run folder, the record last. So the run folder is the one a
serial run writes, resuming works as it does there, and a killed driver loses at most the
episodes in flight. Nodes need no shared file system.

An actor that dies mid-episode (its process, or its node) is replaced and the episode is
played again from its start on another actor, up to ``max_retries`` times. Agents that call
a model endpoint (``llm``, ``vlm``, or the ``llm`` user) play at most ``max_concurrency``
episodes at once, so that the cluster sends each endpoint at most that many requests at a
time.

A run that could never start an actor stops before starting any: an episode larger than
every node (``--num-cpus-per-episode``) of a Ray the run started, or of a cluster whose
autoscaler reported node types none of which is that large. A cluster that may still add
such a node gets ``probes.GROW_S`` to do it. Joining a cluster at ``HOST:PORT`` first asks the
head's GCS for its cluster id, so that an address where no head answers is one error within
seconds (``ray.init`` would retry for minutes).

Ray is imported only when a run starts; without it ``RayUnavailableError`` names the extra.
"""

from __future__ import annotations

import logging
import os
import pathlib
import re
import tempfile
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from mobile_gym.eval.plan import Episode
from mobile_gym.eval.records import EpisodeRecord, episode_key
from mobile_gym.eval.runner import Finished, RunSettings, Started, play, worker_agent
from mobile_gym.eval.store import RunStore, write_atomic
from mobile_gym.ray import probes
from mobile_gym.ray.envs import DEFAULT_ENVS, EnvCache

log = logging.getLogger(__name__)

ENDPOINT_AGENTS = ("llm", "vlm")
"""Agents that call a model endpoint (its ``base_url`` option, or the default one)."""


class RayUnavailableError(ImportError):
    """Ray is not installed."""

    def __init__(self) -> None:
        super().__init__("--executor ray needs Ray: pip install 'mobile-gym[ray]'")


class RayRunError(RuntimeError):
    """A run on Ray could not go on: the cluster cannot be reached, no node of it holds an
    episode actor, or an episode's actor died more often than ``max_retries`` allows.
    Rerunning the command resumes it."""


@dataclass(frozen=True)
class RayOptions:
    """Where and how episodes run on Ray."""

    address: str | None = None
    """``None``: a Ray started in this process for the run; ``auto``: the cluster this
    machine belongs to; ``ray://HOST:PORT``: a cluster's Ray Client server;
    ``HOST:PORT``: a cluster's head (its GCS port)."""
    num_cpus_per_episode: float = 1.0
    """CPUs each episode actor holds."""
    max_concurrency: int = 4
    """Episodes at once of an agent (or user) that calls a model endpoint."""
    max_retries: int = 3
    """Times an episode is played again after its actor died."""
    actors: int | None = None
    """Episode actors; None: as many as the cluster's CPUs hold."""
    envs: int = DEFAULT_ENVS
    """Envs each actor keeps between episodes."""

    def __post_init__(self) -> None:
        check_address(self.address)
        if not self.num_cpus_per_episode > 0:
            raise ValueError(
                f"--num-cpus-per-episode must be above 0, got {self.num_cpus_per_episode}"
            )
        if self.max_concurrency < 1:
            raise ValueError(f"--max-concurrency must be at least 1, got {self.max_concurrency}")
        if self.max_retries < 0:
            raise ValueError(f"max_retries must be 0 or more, got {self.max_retries}")
        if self.actors is not None and self.actors < 1:
            raise ValueError(f"actors must be at least 1, got {self.actors}")


_ADDRESS = re.compile(r"(ray://)?[A-Za-z0-9_.\-\[\]:]+:\d{1,5}")


def check_address(address: str | None) -> None:
    """ValueError unless ``address`` is None, ``auto``, ``ray://HOST:PORT`` or ``HOST:PORT``."""
    if address is None or address == "auto" or _ADDRESS.fullmatch(address):
        return
    raise ValueError(
        f"bad --address {address!r}: use auto, ray://HOST:PORT (Ray Client) or HOST:PORT "
        "(the head's GCS, e.g. 10.0.0.5:6379)"
    )


def endpoints(settings: RunSettings) -> list[str]:
    """The model endpoints the run's agent and user call (``default`` for one taken from
    the environment)."""
    found = []
    if settings.agent in ENDPOINT_AGENTS:
        found.append(str(settings.agent_options.get("base_url") or "default"))
    if settings.user == "llm":
        found.append(str(settings.user_options.get("base_url") or "default"))
    return sorted(set(found))


@dataclass(frozen=True)
class EpisodeResult:
    """What an actor sends back: the record, the files its episode wrote (paths relative
    to the run folder, with their bytes) and the node it ran on."""

    record: EpisodeRecord
    files: list[tuple[str, bytes]]
    node: str


class _ActorStore(RunStore):
    """An actor's own run folder for one episode; earlier attempts live in the driver's,
    which says how many there are."""

    def __init__(self, root: str | pathlib.Path, earlier: int) -> None:
        super().__init__(root)
        self.earlier = earlier

    def archive_episode(self, task_id: str, seed: int) -> int:
        return self.earlier


class EpisodeActor:
    """Plays episodes on one Ray worker, keeping its agent and ``envs`` envs between them."""

    def __init__(self, envs: int = DEFAULT_ENVS) -> None:
        self.envs = EnvCache(envs)

    def node(self) -> str:
        """The id of the node this actor runs on (its first call: the actor is up)."""
        import ray

        return str(ray.get_runtime_context().get_node_id())

    def play(self, episode: Episode, settings: RunSettings, earlier: int) -> EpisodeResult:
        """Play ``episode`` (``earlier`` attempts of it are kept by the driver)."""
        with tempfile.TemporaryDirectory(prefix="mobile-gym-episode-") as folder:
            store = _ActorStore(folder, earlier)
            record = play(worker_agent(settings), episode, settings, store, self.envs)
            files = [
                (store.relative(path), path.read_bytes())
                for path in sorted(store.root.rglob("*"))
                if path.is_file()
            ]
        return EpisodeResult(record, files, self.node())


def save_result(store: RunStore, result: EpisodeResult) -> None:
    """Write an actor's files into the run folder, the episode's record (which marks it
    finished) last."""
    record = store.relative(store.episode_path(result.record.task_id, result.record.seed))
    for name, data in sorted(result.files, key=lambda item: item[0] == record):
        write_atomic(store.root / name, data)


def require_ray() -> Any:
    """The ``ray`` module, with usage statistics off; RayUnavailableError without it."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        import ray
    except ImportError:
        raise RayUnavailableError() from None
    return ray


def connect(address: str | None) -> bool:
    """Join the cluster at ``address`` (``RayOptions.address``) unless this process is in
    one already; whether this call started Ray (and so must shut it down). ConnectionError
    when no Ray head answers at a ``HOST:PORT`` address (``probes.check_head``)."""
    ray = require_ray()
    if ray.is_initialized():
        return False
    if address is None:
        ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
        return True
    if address != "auto" and not address.startswith("ray://"):
        probes.check_head(address)
    ray.init(address=address, log_to_driver=False, configure_logging=False)
    return True


class RayExecutor:
    """Plays a run's episodes on Ray (``mobile_gym.eval.runner.EpisodeExecutor``).

    ``placements`` names, by episode key (``task__seedN``), the node of every attempt.
    """

    errors: tuple[type[Exception], ...] = (RayRunError,)
    """What ``run`` raises when the run cannot go on (the command's error)."""

    def __init__(self, options: RayOptions | None = None) -> None:
        self.options = options or RayOptions()
        self.placements: dict[str, list[str]] = {}

    def run(
        self,
        pending: list[Episode],
        settings: RunSettings,
        store: RunStore,
        finished: Finished,
        started: Started | None,
    ) -> bool:
        """Play ``pending`` on the cluster (see the module docstring)."""
        ray = require_ray()
        try:
            owned = connect(self.options.address)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise RayRunError(
                f"cannot join the Ray cluster at {self.options.address}: {exc}"
            ) from None
        try:
            alone = owned and self.options.address is None  # a Ray started for this run
            dispatch = _Dispatch(ray, self, settings, store, finished, started, alone)
            return dispatch.run(pending)
        finally:
            if owned:
                ray.shutdown()


class _Dispatch:
    """One run's episodes handed to actors as they come free."""

    def __init__(
        self,
        ray: Any,
        executor: RayExecutor,
        settings: RunSettings,
        store: RunStore,
        finished: Finished,
        started: Started | None,
        alone: bool,
    ) -> None:
        self.ray = ray
        self.alone = alone  # a Ray this run started: its nodes are all it will ever have
        self.options = executor.options
        self.placements = executor.placements
        self.settings = settings
        self.store = store
        self.finished = finished
        self.started = started
        self.actor_class = ray.remote(EpisodeActor).options(
            num_cpus=self.options.num_cpus_per_episode, max_restarts=0, max_task_retries=0
        )
        self.starting: dict[Any, Any] = {}  # node() call -> actor
        self.idle: list[tuple[Any, str]] = []  # actor, node
        self.running: dict[Any, tuple[Episode, Any]] = {}  # play() call -> episode, actor
        self.earlier: dict[str, int] = {}
        self.lost: dict[str, int] = {}
        self.deadline: float | None = None  # until the first actor is up (``_room``)

    def run(self, pending: list[Episode]) -> bool:
        ray = self.ray
        options = self.options
        cpus = probes.node_cpus(ray)
        self._room(cpus)
        actors = options.actors or max(
            1, sum(int(node // options.num_cpus_per_episode) for node in cpus)
        )
        limit = min(actors, options.max_concurrency) if endpoints(self.settings) else actors
        for _ in range(min(limit, len(pending))):
            self._spawn()
        queue = deque(pending)
        stopped = False
        try:
            while (queue and not stopped) or self.running:
                while queue and not stopped and self.idle and len(self.running) < limit:
                    self._submit(queue.popleft())
                done, _ = ray.wait(
                    [*self.running, *self.starting], num_returns=1, timeout=self._patience()
                )
                if not done:
                    self._no_room()
                    continue
                ready = done[0]
                if ready in self.starting:
                    self._started(ready)
                    continue
                episode, actor = self.running.pop(ready)
                result = self._result(ready, episode, actor, queue)
                if result is not None and self.finished(episode, result.record):
                    stopped = True
        finally:
            for actor in [*self.starting.values(), *(a for a, _ in self.idle)]:
                ray.kill(actor)
            for _, actor in self.running.values():
                ray.kill(actor)
        return stopped

    def _room(self, cpus: list[float]) -> None:
        """RayRunError when no node will ever hold an episode actor: none of a Ray this run
        started, nor any node type of an autoscaler that reported them. When only the live
        nodes are too small the first actor gets ``probes.GROW_S`` to start (``deadline``)."""
        need = self.options.num_cpus_per_episode
        largest = max(cpus, default=0.0)
        if need <= largest:
            return
        if self.alone:
            raise RayRunError(
                f"{probes.too_large(need, largest)} (the Ray started for this run, on this "
                f"machine's CPUs); {probes.fewer_cpus(largest)}"
            )
        types = probes.node_type_cpus()
        if types is not None and need > max(types, default=0.0):
            raise RayRunError(
                f"{probes.too_large(need, largest)} and its autoscaler adds none larger than "
                f"{max(types, default=0.0):g}; {probes.fewer_cpus(max([largest, *types]))}"
            )
        log.warning(
            "%s: waiting up to %g s for the cluster to add a node that large",
            probes.too_large(need, largest),
            probes.GROW_S,
        )
        self.deadline = time.monotonic() + probes.GROW_S

    def _patience(self) -> float | None:
        """How long the next wait for an actor may last: None (as long as it takes) unless
        the first actor waits for a node large enough (``_room``)."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - time.monotonic())

    def _no_room(self) -> None:
        """The wait for a node large enough ran out: RayRunError unless one joined
        meanwhile (its actor may still wait for CPUs other work holds, as any does)."""
        need = self.options.num_cpus_per_episode
        largest = max(probes.node_cpus(self.ray), default=0.0)
        if need > largest:
            raise RayRunError(
                f"{probes.too_large(need, largest)}, and no larger node joined in {probes.GROW_S:g} s; "
                f"{probes.fewer_cpus(largest)}"
            )
        self.deadline = None

    def _spawn(self) -> None:
        actor = self.actor_class.remote(self.options.envs)
        self.starting[actor.node.remote()] = actor

    def _started(self, call: Any) -> None:
        actor = self.starting.pop(call)
        try:
            self.idle.append((actor, self.ray.get(call)))
            self.deadline = None  # a node holds an actor
        except self.ray.exceptions.RayActorError:
            self._spawn()

    def _submit(self, episode: Episode) -> None:
        actor, node = self.idle.pop()
        key = episode_key(episode.task.id, episode.seed)
        if key not in self.earlier:  # the first attempt: an earlier error's files move aside
            self.earlier[key] = self.store.archive_episode(episode.task.id, episode.seed)
        self.placements.setdefault(key, []).append(node)
        if self.started and len(self.placements[key]) == 1:
            self.started(episode)
        self.running[actor.play.remote(episode, self.settings, self.earlier[key])] = (
            episode,
            actor,
        )

    def _result(
        self, call: Any, episode: Episode, actor: Any, queue: deque[Episode]
    ) -> EpisodeResult | None:
        """The episode's result, saved; None when its actor died (the episode goes back
        to the front of ``queue`` and a new actor is started)."""
        errors = self.ray.exceptions
        try:
            result: EpisodeResult = self.ray.get(call)
        except (errors.RayActorError, errors.WorkerCrashedError, errors.NodeDiedError) as exc:
            key = episode_key(episode.task.id, episode.seed)
            self.lost[key] = self.lost.get(key, 0) + 1
            if self.lost[key] > self.options.max_retries:
                raise RayRunError(
                    f"{key}: its worker died {self.lost[key]} times ({type(exc).__name__}); "
                    "run the same command again to resume"
                ) from None
            self.ray.kill(actor)
            queue.appendleft(episode)
            self._spawn()
            return None
        self.placements[result.record.key][-1] = result.node
        save_result(self.store, result)
        self.idle.append((actor, result.node))
        return result
