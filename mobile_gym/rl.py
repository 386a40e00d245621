"""Training with stable-baselines3 on mobile-gym: sensible torch threads, a success-rate
callback and a features extractor for the ``rl`` observation. Needs the ``rl`` extra
(stable-baselines3, sb3-contrib, torch).

- ``use_torch_threads(n)``: the small policies SB3 trains here (MLPs over element features,
  a small CNN over a 64 px screen) run fastest on one CPU thread; torch's default (one per
  core) spends most of each step synchronising threads. ``MOBILE_GYM_TORCH_THREADS``
  overrides the number.
- ``SuccessRateCallback``: an SB3 callback that reads ``info["success"]`` at the end of every
  episode of the (vector) env, prints the success rate over the last episodes every
  ``print_every`` episodes, and records ``rollout/success_rate`` in SB3's logger (so it shows
  in TensorBoard when the model was made with ``tensorboard_log``).
- ``CapEndsEpisode``: for training envs, reports the step cap's truncation as termination,
  so PPO does not bootstrap a value past a cap that is part of the task and that the
  policy cannot see coming.
- ``ElementsExtractor``: a features extractor for ``MultiInputPolicy`` on the ``rl``
  observation (``policy_kwargs={"features_extractor_class": ElementsExtractor}``). Token ids
  and label buckets are hashes, meaningless as numbers, so it embeds them, and it scores
  every element against the instruction (a pointer from the instruction's words to the
  element that a task names). Details in its docstring.
"""

from __future__ import annotations

import collections
import os
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from gymnasium import spaces
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor, NatureCNN

from mobile_gym.checks import check_int
from mobile_gym.wrappers.recorded import RecordedArgs
from mobile_gym.wrappers.rl import ELEMENT_FEATURES, TAGS

THREADS_VARIABLE = "MOBILE_GYM_TORCH_THREADS"
"""The environment variable that sets how many threads ``use_torch_threads`` gives torch."""


def use_torch_threads(threads: int = 1) -> int:
    """Give torch ``threads`` CPU threads (``MOBILE_GYM_TORCH_THREADS`` wins when set);
    return the number set."""
    import torch

    name, wanted = "threads", threads
    setting = os.environ.get(THREADS_VARIABLE, "").strip()
    if setting:
        name = THREADS_VARIABLE
        wanted = int(setting) if setting.isdigit() else setting  # type: ignore[assignment]
    count = check_int(name, wanted, 1)
    torch.set_num_threads(count)
    return count


class SuccessRateCallback(BaseCallback):
    """Success rate over the last ``window`` finished episodes, printed and logged.

    Args:
        window: how many recent episodes the rate is taken over.
        print_every: print a line every this many finished episodes (0: never print).
    """

    def __init__(self, window: int = 100, print_every: int = 20, verbose: int = 0) -> None:
        super().__init__(verbose)
        self.window = check_int("window", window, 1)
        self.print_every = check_int("print_every", print_every, 0)
        self.outcomes: collections.deque[bool] = collections.deque(maxlen=self.window)
        self.episodes = 0

    @property
    def success_rate(self) -> float | None:
        """The rate over the last ``window`` episodes (None before the first one ends)."""
        return sum(self.outcomes) / len(self.outcomes) if self.outcomes else None

    def _on_step(self) -> bool:
        infos: list[dict[str, Any]] = self.locals.get("infos", [])
        dones = self.locals.get("dones", [False] * len(infos))
        for info, done in zip(infos, dones, strict=False):
            if done:
                self.outcomes.append(bool(info.get("success")))
                self.episodes += 1
                if self.print_every and self.episodes % self.print_every == 0:
                    print(
                        f"{self.num_timesteps:>8} steps, {self.episodes} episodes: success "
                        f"{self.success_rate:.0%} over the last {len(self.outcomes)}",
                        flush=True,
                    )
        if self.outcomes:
            self.logger.record("rollout/success_rate", self.success_rate)
        return True


class CapEndsEpisode(gym.Wrapper, RecordedArgs):
    """The step cap ends the episode (``terminated``) instead of cutting it short
    (``truncated``): a wrapper for training envs.

    SB3 bootstraps the value of the last observation of a truncated episode, as if the
    episode could go on. A task's step cap (MobileAgentBench's 2 x min steps) is part of the
    task: nothing comes after it, and an observation without a step count cannot tell the
    policy that it is near. Without this, lingering until the cap earns the bootstrapped
    value of the screen lingered on, which can outweigh trying an action that may fail.
    Evaluate on the env without it (success and rewards are the same; only the flag moves).
    ``action_masks`` passes through for MaskablePPO.
    """

    def __init__(self, env: gym.Env) -> None:
        RecordedArgs.__init__(self)
        super().__init__(env)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.step(action)
        return observation, reward, terminated or truncated, False, info

    def action_masks(self) -> np.ndarray:
        """The wrapped env's action masks (``ElementActions.action_masks``)."""
        return self.env.get_wrapper_attr("action_masks")()


class ElementsExtractor(BaseFeaturesExtractor):
    """Features of the ``rl`` observation (``RLObservation``) for SB3's ``MultiInputPolicy``.

    - ``instruction``: each token id through a learned embedding; the mean of the words'
      vectors (padding left out) summarises the instruction.
    - ``elements`` with ``element_mask``: per row, the label bucket through its own
      embedding, the tag through a small one, the bounds and flags as they are, the
      *match* (the largest scaled dot product of the label's vector with any word's vector,
      so one learned score says "this element is the one the instruction names") and the
      instruction summary go through a per-element MLP (the same weights for every row);
      rows the mask leaves out are zeroed. The rows stay in order, so the policy's element
      head can point at row ``i``.
    - ``element_words`` (when observed, ``label_words`` of the ``rl`` observation): the
      label's words through the instruction's embedding; their mean joins the row, and
      so does the *word match*, the largest cosine similarity between a word of the label
      and a word of the instruction (1 for the same word from the start: a name in the
      instruction points at the row that shows it before any training).
    - ``screen`` (when observed): SB3's ``NatureCNN``.

    The features are the element rows flattened, the instruction summary and the screen
    features. Both ``instruction`` and ``elements`` must be observed (``parts`` of the
    ``rl`` observation).

    Args:
        observation_space: the ``rl`` observation's Dict space.
        embedding: width of the word and label vectors.
        element_features: width of each element row's features.
        screen_features: width of the screen features (when the screen is observed).
    """

    def __init__(
        self,
        observation_space: spaces.Dict,
        embedding: int = 32,
        element_features: int = 32,
        screen_features: int = 128,
    ) -> None:
        missing = [
            k
            for k in ("instruction", "elements", "element_mask")
            if k not in observation_space.spaces
        ]
        if missing:
            raise ValueError(
                f"ElementsExtractor needs the rl observation's instruction and elements parts;"
                f" {', '.join(missing)} missing (observation_options={{'parts': "
                f"('instruction', 'elements')}})"
            )
        rows, columns = observation_space["elements"].shape
        screen = observation_space.spaces.get("screen")
        features = rows * element_features + embedding + (screen_features if screen else 0)
        super().__init__(observation_space, features)
        high = observation_space["elements"].high
        self.tag_column = ELEMENT_FEATURES.index("tag")
        self.label_column = ELEMENT_FEATURES.index("label")
        self.numeric = [c for c in range(columns) if c not in (self.tag_column, self.label_column)]
        self.words = torch.nn.Embedding(
            int(observation_space["instruction"].high.max()) + 1, embedding
        )
        self.labels = torch.nn.Embedding(int(high[:, self.label_column].max()) + 1, embedding)
        self.tags = torch.nn.Embedding(len(TAGS) + 1, 8)
        self.scale = embedding**-0.5
        self.label_words = "element_words" in observation_space.spaces
        row_width = len(self.numeric) + 8 + 2 * embedding + 1
        if self.label_words:
            row_width += embedding + 1
        self.rows = torch.nn.Sequential(
            torch.nn.Linear(row_width, element_features),
            torch.nn.ReLU(),
            torch.nn.Linear(element_features, element_features),
            torch.nn.ReLU(),
        )
        self.screen = NatureCNN(screen, screen_features) if screen is not None else None

    def forward(self, observations: dict[str, torch.Tensor]) -> torch.Tensor:
        tokens = observations["instruction"].long()
        present = (tokens > 0).float().unsqueeze(-1)
        words = self.words(tokens) * present  # (batch, tokens, embedding)
        summary = words.sum(1) / present.sum(1).clamp(min=1.0)
        elements = observations["elements"]
        labels = self.labels(elements[..., self.label_column].long())  # (batch, rows, emb)
        scores = torch.einsum("bre,bte->brt", labels, words) * self.scale
        scores = scores.masked_fill(present.transpose(1, 2) == 0, -1e4)
        match = scores.max(dim=2, keepdim=True).values.clamp(min=-10.0)
        row_parts = [
            elements[..., self.numeric],
            self.tags(elements[..., self.tag_column].long()),
            labels,
            match,
            summary.unsqueeze(1).expand(-1, labels.shape[1], -1),
        ]
        if self.label_words:
            row_parts += self._word_parts(observations["element_words"].long(), words, present)
        row_input = torch.cat(row_parts, dim=-1)
        rows = self.rows(row_input) * observations["element_mask"].float().unsqueeze(-1)
        parts = [rows.flatten(1), summary]
        if self.screen is not None:
            parts.append(self.screen(observations["screen"]))
        return torch.cat(parts, dim=1)

    def _word_parts(
        self, element_words: torch.Tensor, words: torch.Tensor, present: torch.Tensor
    ) -> list[torch.Tensor]:
        """Per row: the mean vector of the label's words and the word match (see the class
        docstring)."""
        shown = (element_words > 0).float().unsqueeze(-1)  # (batch, rows, label words, 1)
        vectors = self.words(element_words) * shown
        mean = vectors.sum(2) / shown.sum(2).clamp(min=1.0)
        unit_label = torch.nn.functional.normalize(vectors, dim=-1)
        unit_words = torch.nn.functional.normalize(words, dim=-1)
        cosine = torch.einsum("brle,bte->brlt", unit_label, unit_words)
        both = shown * present.transpose(1, 2).unsqueeze(1)  # (batch, rows, label words, tokens)
        cosine = cosine.masked_fill(both == 0, -1.0)
        return [mean, cosine.flatten(2).max(dim=2, keepdim=True).values]
