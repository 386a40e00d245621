"""Evaluation: an agent on a suite of tasks, scored with the benchmarks' metrics, every
step recorded (``mobile-gym eval``)."""

from mobile_gym.eval.episode_runner import run_episode
from mobile_gym.eval.plan import (
    Episode,
    PlanError,
    episodes,
    parse_cap,
    parse_seeds,
    select_tasks,
    suites,
)
from mobile_gym.eval.records import EpisodeRecord, StepRecord
from mobile_gym.eval.replay import ReplayFileError, ReplayResult, replay
from mobile_gym.eval.runner import RunInterruptedError, RunSettings, RunStoppedError, evaluate
from mobile_gym.eval.store import RunFolderError, RunStore

__all__ = [
    "Episode",
    "EpisodeRecord",
    "PlanError",
    "ReplayFileError",
    "ReplayResult",
    "RunFolderError",
    "RunInterruptedError",
    "RunSettings",
    "RunStoppedError",
    "RunStore",
    "StepRecord",
    "episodes",
    "evaluate",
    "parse_cap",
    "parse_seeds",
    "replay",
    "run_episode",
    "select_tasks",
    "suites",
]
