"""The environments researchers would otherwise use, as contenders for ``benchmarks/peers.py``.

Each is run from its PyPI package (the ``bench`` extra) with its own random agent: actions
drawn in advance from a seeded generator, the episode reset whenever it ends (timed with the
steps). A peer whose package is missing is left out with the reason (``Missing``).

- CartPole-v1 through ``gym.make``;
- MiniGrid DoorKey-8x8 with its symbolic observation (a 7 x 7 x 3 grid encoding, the
  direction and the mission) and with the full grid drawn as a 56 x 56 RGB image
  (``RGBImgObsWrapper`` with 7-pixel tiles: 8 tiles a side);
- android_env's ``FakeSimulator`` env, a pixel observation (random frames of the screen's
  size) every step, at 480 x 320 and 2400 x 1080 (height x width) pixels; its actions are
  touch-level, as mobile-gym's base env's are; and at 1280 x 720 beside android_env driving
  the simulated phone served as an emulator (``android_env_served``, ``serve-emulator``).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import gymnasium as gym
import numpy as np
from rounds import Workload, cycling, gym_step

ACTIONS = 4096
"""How many random actions each peer's agent draws in advance (then cycles through)."""
DOORKEY = "MiniGrid-DoorKey-8x8-v0"
RGB_TILE = 7
"""MiniGrid tile size in pixels: DoorKey-8x8's grid drawn at 56 x 56."""
FAKE_TASK = 'id: "bench"\nname: "bench"\nmax_episode_sec: 0\n'


@dataclass(frozen=True)
class Missing:
    """A peer that could not be set up, and why."""

    name: str
    reason: str


def _gym_workload(name: str, label: str, env: gym.Env) -> Workload:
    env.reset(seed=0)
    env.action_space.seed(0)
    sequence = [env.action_space.sample() for _ in range(ACTIONS)]
    return Workload(name, label, "steps", cycling(gym_step(env), env.reset, sequence), env.close)


def cartpole() -> Workload:
    return _gym_workload("cartpole", "CartPole-v1", gym.make("CartPole-v1"))


def doorkey(rgb: bool) -> Workload:
    import minigrid  # noqa: F401  (registers the MiniGrid envs)
    from minigrid.wrappers import RGBImgObsWrapper

    env = gym.make(DOORKEY)
    if not rgb:
        return _gym_workload("doorkey_symbolic", "MiniGrid DoorKey-8x8, symbolic", env)
    env = RGBImgObsWrapper(env, tile_size=RGB_TILE)
    shape = env.observation_space["image"].shape
    if shape != (56, 56, 3):
        raise RuntimeError(f"DoorKey-8x8 RGB observation is {shape}, not 56 x 56 x 3")
    return _gym_workload("doorkey_rgb", "MiniGrid DoorKey-8x8, RGB 56x56", env)


def android_env_fake(height: int, width: int) -> Workload:
    from android_env.components import config_classes

    return _android_env(
        f"android_env_{height}x{width}",
        f"android_env FakeSimulator {height}x{width}",
        config_classes.FakeSimulatorConfig(screen_dimensions=(height, width)),
        (height, width),
    )


def android_env_served(height: int, width: int, display: str) -> Workload:
    """android_env's own ``EmulatorSimulator`` driving the simulated phone that
    ``mobile-gym serve-emulator`` serves (``display``: a device profile of that size)."""
    import shutil
    import tempfile as tmp

    from android_env.components import config_classes

    from mobile_gym.emulator.server import EmulatorServer
    from mobile_gym.sim import Phone

    with tmp.NamedTemporaryFile("w", suffix=".token", delete=False) as token:
        pass  # an empty token file: the console asks for no auth
    server = EmulatorServer(
        0, 0, 0, phone=Phone(seed=0, display=display), auth_token_path=Path(token.name)
    ).start()
    simulator = config_classes.EmulatorConfig(
        emulator_launcher=config_classes.EmulatorLauncherConfig(
            adb_port=server.console_port + 1,  # android_env names it emulator-<adb_port - 1>
            emulator_console_port=server.console_port,
            grpc_port=server.grpc_port,
        ),
        adb_controller=config_classes.AdbControllerConfig(
            adb_path=shutil.which("adb") or "/usr/bin/adb", adb_server_port=server.adb_port
        ),
    )

    def stop() -> None:
        server.stop()
        os.unlink(token.name)

    try:
        return _android_env(
            f"android_env_served_{height}x{width}",
            f"android_env on the served phone {height}x{width}",
            simulator,
            (height, width),
            stop,
        )
    except BaseException:
        stop()
        raise


def _android_env(
    name: str,
    label: str,
    simulator: object,
    shape: tuple[int, int],
    stop: Callable[[], None] | None = None,
) -> Workload:
    """android_env's env on ``simulator`` (its pixels ``shape``, height x width) stepped
    with seeded random touch-level actions; ``stop`` runs after the env closes."""
    from absl import logging
    from android_env import loader
    from android_env.components import config_classes

    logging.set_verbosity(logging.ERROR)
    with tempfile.NamedTemporaryFile("w", suffix=".textproto", delete=False) as task:
        task.write(FAKE_TASK)
    try:
        env = loader.load(
            config_classes.AndroidEnvConfig(
                task=config_classes.FilesystemTaskConfig(path=task.name),
                simulator=simulator,  # type: ignore[arg-type]
            )
        )
    finally:
        os.unlink(task.name)
    spec = env.action_spec()
    rng = np.random.default_rng(0)
    sequence = [
        {
            "action_type": np.int32(rng.integers(spec["action_type"].num_values)),
            "touch_position": rng.random(2, dtype=np.float32),
        }
        for _ in range(ACTIONS)
    ]
    first = env.reset()
    if first.observation["pixels"].shape != (*shape, 3):
        env.close()
        raise RuntimeError(f"{label} gave {first.observation['pixels'].shape} pixels")

    def step(action: dict[str, np.ndarray]) -> bool:
        return env.step(action).last()

    def close() -> None:
        env.close()
        if stop is not None:
            stop()

    return Workload(name, label, "steps", cycling(step, env.reset, sequence), close)


PEERS: dict[str, Callable[[], Workload]] = {
    "cartpole": cartpole,
    "doorkey_symbolic": lambda: doorkey(rgb=False),
    "doorkey_rgb": lambda: doorkey(rgb=True),
    "android_env_480x320": lambda: android_env_fake(480, 320),
    "android_env_2400x1080": lambda: android_env_fake(2400, 1080),
    "android_env_1280x720": lambda: android_env_fake(1280, 720),
}
"""Each peer by name: a function that sets it up (ImportError if its package is missing)."""


def peers(names: Iterable[str] | None = None) -> tuple[list[Workload], list[Missing]]:
    """The peers (those of ``names``, or all) that could be set up, and those that could not
    (a package missing)."""
    ready, missing = [], []
    for name in PEERS if names is None else names:
        setup = PEERS[name]
        try:
            ready.append(setup())
        except ImportError as exc:
            missing.append(Missing(name, f"not installed ({exc.name or exc})"))
    return ready, missing
