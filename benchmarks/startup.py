"""The startup rows of ``benchmarks/peers.py``: a fresh Python process, from its first import
to its first step, beside MiniGrid's DoorKey-8x8 doing the same.

Every process that runs an env pays this once: a script, a command-line call, each worker of
a vector env or of Ray. Each figure is the best of ``RUNS`` fresh interpreters, timed inside
them from before the first import (the interpreter's own start is left out, the same for
both) to after the first step:

- ``import``: ``import gymnasium`` and the package (``mobile_gym``, whose import registers
  every shipped task; ``minigrid``, whose import registers its envs);
- ``first step``: the import, then ``gym.make`` of one env, ``reset(seed=0)`` and one step
  (mobile-gym: the MobileAgentBench task ``mab.note_add`` with element actions and the text
  observation, a click on its first element).

DoorKey's figures are left out, and the run goes on, where ``minigrid`` is not installed.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

RUNS = 3
"""Fresh interpreters per figure (the best one counts)."""
PEER_PACKAGE = "minigrid"
"""The package of the peer, DoorKey-8x8."""

_TIMED = """
import json, time
start = time.perf_counter()
import gymnasium as gym
import {package}
imported = time.perf_counter()
{first_step}
print(json.dumps({{"import_s": imported - start, "first_step_s": time.perf_counter() - start}}))
"""
_OURS = """
import numpy as np
env = gym.make("MobileGym/mab.note_add-v0", action_space="element", observation="text")
env.reset(seed=0)
env.step(np.array([0, 0]))
"""
_DOORKEY = """
env = gym.make("MiniGrid-DoorKey-8x8-v0")
env.reset(seed=0)
env.step(2)
"""


def _best(package: str, first_step: str) -> dict[str, float]:
    """The best import and first-step times of ``RUNS`` fresh interpreters."""
    code = _TIMED.format(package=package, first_step=first_step)
    runs = []
    for _ in range(RUNS):
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=600
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"the startup of a fresh process with {package} failed "
                f"(exit status {done.returncode}):\n{done.stderr.strip()}"
            )
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return {key: min(run[key] for run in runs) for key in runs[0]}


def startup_costs() -> tuple[dict[str, float], dict[str, float] | None]:
    """Ours (``import_s``, ``first_step_s``) and DoorKey's figures of the same, in seconds;
    None for DoorKey's where its package (``PEER_PACKAGE``) is not installed."""
    ours = _best("mobile_gym", _OURS)
    if importlib.util.find_spec(PEER_PACKAGE) is None:
        return ours, None
    return ours, _best(PEER_PACKAGE, _DOORKEY)
