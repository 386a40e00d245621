"""Saving what an agent saw at every step of an episode, so that a trajectory can be read
back as data: ``mobile-gym eval --save screenshots`` and ``--save observations``.

Step 0 is the observation after reset, step K the one after the K-th action. For each step:

- ``screenshots``: ``screenshots/<task>/seed<N>/step<K>.png``, the screen at half size
  (``SCREENSHOT_SCALE``);
- ``observations``: ``observations/<task>/seed<N>/step<K>.png`` (the screen at the env's
  own screenshot size), ``.xml`` (the view hierarchy), ``.txt`` (the observation's text
  fields as the agent's observation view produced them, ``observation_text``) and, for an
  agent that prompts a model (one with ``last_prompt``), ``.prompt.json``: the messages it
  sent to decide its next action from this observation. An image in those messages is
  saved beside it (``step<K>.prompt<I>.png``) and referenced by its path, not inlined.

Paths are relative to the run folder, recorded in the trajectory (``ObservationFiles``);
every file is written atomically and redacted (``mobile_gym.redaction``).
"""

from __future__ import annotations

import base64
import json
import pathlib
from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from mobile_gym.eval.store import RunStore, write_atomic
from mobile_gym.redaction import redact, redact_json, redact_xml

SCREENSHOT_SCALE = 0.5
"""Saved screenshots are half the phone's size (540 x 1200 for the default phone)."""

SAVE_CHOICES = ("screenshots", "observations")
"""What ``--save`` can keep of every step."""

ObservationFiles = dict[str, str]
"""The files of one step's observation by kind (``png``, ``xml``, ``text``, ``prompt``)."""

_DATA_URL = "data:image/png;base64,"


def observation_text(observation: Any) -> str:
    """The text fields of ``observation`` (a dict observation's string values, in its
    order), each under a ``# <field>`` line; empty when it has none (pixels, RL arrays)."""
    if not isinstance(observation, dict):
        return observation if isinstance(observation, str) else ""
    return "".join(
        f"# {name}\n{value}\n" for name, value in observation.items() if isinstance(value, str)
    )


def png_bytes(frame: np.ndarray) -> bytes:
    """An RGB frame as PNG bytes."""
    ok, encoded = cv2.imencode(".png", np.ascontiguousarray(frame[:, :, ::-1]))
    if not ok:
        raise ValueError(f"cannot encode a frame of shape {frame.shape} as PNG")
    return encoded.tobytes()


class StepSaver:
    """Writes the chosen files of every step of one episode into a run folder.

    Args:
        store: the run folder.
        task_id, seed: the episode.
        env: the episode's env (its unwrapped ``MobileEnv`` gives the device).
        save: which of ``SAVE_CHOICES`` to write.
    """

    def __init__(
        self, store: RunStore, task_id: str, seed: int, env: Any, save: tuple[str, ...]
    ) -> None:
        unknown = sorted(set(save) - set(SAVE_CHOICES))
        if unknown:
            raise ValueError(
                f"cannot save {', '.join(unknown)}; choose from {', '.join(SAVE_CHOICES)}"
            )
        self.store = store
        self.task_id = task_id
        self.seed = seed
        self.base = env.unwrapped
        self.save = save
        self._files: dict[int, ObservationFiles] = {}

    def screenshot(self, step: int) -> str | None:
        """Save step ``step``'s half-size screenshot if asked; its relative path, or None."""
        if "screenshots" not in self.save:
            return None
        path = self.store.screenshot_path(self.task_id, self.seed, step)
        write_atomic(path, png_bytes(self.base.device.screenshot(SCREENSHOT_SCALE)))
        return self.store.relative(path)

    def observation(self, step: int, observation: Any) -> ObservationFiles | None:
        """Save step ``step``'s screen, view hierarchy and observation text if asked; the
        paths by kind (the dict gains ``prompt`` once ``prompt`` is called for this step),
        or None."""
        if "observations" not in self.save:
            return None
        stem = self._stem(step)
        device = self.base.device
        files = {
            "png": (".png", png_bytes(device.screenshot(self.base.screen_scale))),
            "xml": (".xml", redact_xml(device.hierarchy_xml())),
            "text": (".txt", redact(observation_text(observation))),
        }
        saved: ObservationFiles = {}
        for kind, (suffix, data) in files.items():
            path = stem.with_name(stem.name + suffix)
            write_atomic(path, data)
            saved[kind] = self.store.relative(path)
        self._files[step] = saved
        return saved

    def prompt(self, step: int, agent: Any) -> None:
        """Save the messages ``agent`` sent to decide on step ``step``'s observation (its
        ``last_prompt``; nothing for an agent without one)."""
        messages = getattr(agent, "last_prompt", None)
        if step not in self._files or messages is None:
            return
        stem = self._stem(step)

        def image_file(png: bytes) -> str:
            path = stem.with_name(f"{stem.name}.prompt{len(images)}.png")
            images.append((path, png))
            return self.store.relative(path)

        images: list[tuple[pathlib.Path, bytes]] = []
        document = redact_json(_without_images(messages, image_file))
        for image_path, png in images:
            write_atomic(image_path, png)
        path = stem.with_name(stem.name + ".prompt.json")
        write_atomic(path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
        self._files[step]["prompt"] = self.store.relative(path)

    def _stem(self, step: int) -> pathlib.Path:
        return self.store.observations_path(self.task_id, self.seed) / f"step{step:03d}"


def _without_images(value: Any, image_file: Callable[[bytes], str]) -> Any:
    """``value`` (chat messages) with every inline PNG data URL replaced by the path
    ``image_file`` saves its bytes under."""
    if isinstance(value, dict):
        return {key: _without_images(item, image_file) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_without_images(item, image_file) for item in value]
    if isinstance(value, str) and value.startswith(_DATA_URL):
        return image_file(base64.b64decode(value[len(_DATA_URL) :]))
    return value
