"""Numeric observations for RL libraries (stable-baselines3 and the like).

The base env observes ``Dict(screen: uint8 image, instruction: str)``; a string is not a
space that RL libraries accept. ``RLObservation`` turns one observation into a single-level
Dict of numeric arrays (for ``MultiInputPolicy``), and ``ImageOnly`` into just the image
(for ``CnnPolicy``).

Description:
    ``RLObservation`` resizes the screen, turns the instruction into token ids of a fixed
    hashing vocabulary, and describes the screen's actionable elements (those of
    ``mobile_gym.wrappers.elements.screen_elements``, in its numbering, so row ``i`` is the
    element that an element action ``i`` addresses) as a feature matrix with a mask.

Observation Space:
    ``Dict`` with (each part can be left out with ``parts``):

    - ``screen``: ``Box(0, 255, (H, W, C), uint8)``, channel-last; ``(H, W)`` is
      ``screen_size`` and ``C`` is 1 with ``grayscale`` else 3.
    - ``instruction``: ``Box(0, vocab_size - 1, (max_tokens,), int64)``: the instruction's
      lowercase words (runs of letters, digits and ``_``) as ids in ``1 .. vocab_size - 1``
      by a stable hash (BLAKE2b, the same in every process whatever ``PYTHONHASHSEED``),
      cut to ``max_tokens`` and padded with 0.
    - ``elements``: ``Box(float32, (max_elements, len(ELEMENT_FEATURES)))``: per element, its
      bounds normalised to [0, 1] (``left top right bottom``), the flags ``clickable
      long_clickable checkable checked scrollable editable focused`` as 0 / 1, ``tag``, the
      index of its HTML-like tag in ``TAGS`` plus 1, and ``label``, its label (text, else
      description, else id; lowercased, spaces collapsed) hashed to ``1 ..
      label_buckets - 1``, 0 when it has none. Rows past the screen's elements are 0.
    - ``element_mask``: ``MultiBinary(max_elements)`` (int8): 1 for the rows that hold an
      element. Elements past ``max_elements`` are left out.
    - ``element_words`` (with ``label_words`` above 0): ``Box(0, vocab_size - 1,
      (max_elements, label_words), int64)``: the words of each element's label as ids of
      the instruction's vocabulary (the same hash), so a policy can match the words of an
      instruction with those on screen ("Ada" in "Text Ada Brennan" and in the row "Ada
      Brennan"); rows past the screen's elements are 0.
    - ``ask_user_response`` (when the wrapped env observes it: a task with a ``user``
      block): what the user said, as token ids like ``instruction``'s (0s when nothing);
      ``tool_call`` likewise (a task with ``tools``): the last tool result's text.

    ``ImageOnly``: ``Box(0, 255, (H, W, C), uint8)``, the screen alone, resized as above.

Action Space / Rewards / Termination:
    Those of the wrapped env, unchanged.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import cv2
import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mobile_gym.caches import LastInput
from mobile_gym.checks import check_flag, check_int, check_pair, shown
from mobile_gym.env import TOOL_CALL, USER_RESPONSE
from mobile_gym.spaces import Image
from mobile_gym.wrappers.elements import Element, env_elements
from mobile_gym.wrappers.recorded import RecordedArgs

ELEMENT_FEATURES: tuple[str, ...] = (
    "left",
    "top",
    "right",
    "bottom",
    "clickable",
    "long_clickable",
    "checkable",
    "checked",
    "scrollable",
    "editable",
    "focused",
    "tag",
    "label",
)
"""The columns of the ``elements`` matrix, in order."""

TAGS: tuple[str, ...] = (
    "button",
    "input",
    "switch",
    "checkbox",
    "radio",
    "slider",
    "img",
    "scroll",
    "p",
    "div",
)
"""The tags ``Element.tag`` gives; the ``tag`` feature is the index here plus 1 (0: other)."""

_TAG_IDS = {tag: i + 1 for i, tag in enumerate(TAGS)}

PARTS: tuple[str, ...] = ("screen", "instruction", "elements")
"""What ``RLObservation`` can observe; ``elements`` brings ``element_mask`` with it."""

_WORD = re.compile(r"\w+")
_FLAGS = ELEMENT_FEATURES[4:11]
"""The element flags, in the order of their columns (``clickable`` .. ``focused``)."""


def stable_hash(text: str) -> int:
    """A 64-bit hash of ``text`` that is the same in every process and on every machine
    (Python's ``hash()`` of a ``str`` is salted per process)."""
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "little")


@lru_cache(maxsize=65536)
def bucket(text: str, buckets: int) -> int:
    """``text`` hashed into ``1 .. buckets - 1`` (0 is kept for padding / nothing)."""
    return 1 + stable_hash(text) % (buckets - 1)


def words(text: str) -> list[str]:
    """The lowercase words of ``text``: runs of Unicode letters, digits and ``_``."""
    return _WORD.findall(text.lower())


def tokenize(text: str, max_tokens: int = 32, vocab_size: int = 4096) -> np.ndarray:
    """Token ids of ``text`` (int64, length ``max_tokens``): each word hashed into ``1 ..
    vocab_size - 1``, cut to ``max_tokens``, padded with 0."""
    ids = np.zeros(max_tokens, dtype=np.int64)
    for i, word in enumerate(words(text)[:max_tokens]):
        ids[i] = bucket(word, vocab_size)
    return ids


def element_features(
    elements: Sequence[Element],
    size: tuple[int, int],
    max_elements: int = 64,
    label_buckets: int = 4096,
) -> tuple[np.ndarray, np.ndarray]:
    """The ``elements`` matrix (float32, ``max_elements x len(ELEMENT_FEATURES)``) and the
    ``element_mask`` (int8) of ``elements`` on a screen of ``size`` (width, height)."""
    matrix = np.zeros((max_elements, len(ELEMENT_FEATURES)), dtype=np.float32)
    mask = np.zeros(max_elements, dtype=np.int8)
    shown = elements[:max_elements]
    if not shown:
        return matrix, mask
    width, height = size
    rows = []
    for element in shown:
        tag = element.tag
        label = " ".join(words(element.label))
        rows.append(
            (
                *element.bounds[:4],
                *(getattr(element, flag) for flag in _FLAGS),
                _TAG_IDS.get(tag, 0),
                bucket(label, label_buckets) if label else 0,
            )
        )
    values = np.array(rows, dtype=np.float64)
    values[:, 0:4] = np.clip(values[:, 0:4] / (width, height, width, height), 0.0, 1.0)
    matrix[: len(shown)] = values
    mask[: len(shown)] = 1
    return matrix, mask


def element_words(
    elements: Sequence[Element], max_elements: int, label_words: int, vocab_size: int
) -> np.ndarray:
    """The ``element_words`` matrix (int64, ``max_elements x label_words``): each element's
    label as ``tokenize`` gives it; rows past ``elements`` are 0."""
    matrix = np.zeros((max_elements, label_words), dtype=np.int64)
    for row, element in enumerate(elements[:max_elements]):
        matrix[row] = tokenize(element.label, label_words, vocab_size)
    return matrix


def _screen_space(screen_size: tuple[int, int], grayscale: bool) -> Image:
    height, width = screen_size
    return Image((height, width, 1 if grayscale else 3))


def _resize(image: np.ndarray, screen_size: tuple[int, int], grayscale: bool) -> np.ndarray:
    """``image`` (H x W x 3 RGB, or H x W one channel) resized to ``screen_size`` (height,
    width), channel-last; ``grayscale`` turns RGB into one luminance channel."""
    height, width = screen_size
    image = np.asarray(image, dtype=np.uint8)
    if grayscale:  # first: a third of the pixels to resize
        image = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    if image.shape[:2] != (height, width):
        shrinking = image.shape[0] >= height and image.shape[1] >= width
        image = cv2.resize(
            image,
            (width, height),
            interpolation=cv2.INTER_AREA if shrinking else cv2.INTER_LINEAR,
        )
    if image.ndim == 2:
        image = image[:, :, None]
    return np.ascontiguousarray(image, dtype=np.uint8)


def _kept_screen(screen: np.ndarray) -> np.ndarray:
    """What ``LastInput`` keeps of a screen: the array itself when nothing can change it in
    place (read-only and owning its data, as the env's screens are), else a copy."""
    array = np.asarray(screen)
    if not array.flags.writeable and array.flags.owndata:
        return array
    return array.copy()


_Shown = tuple[tuple[Element, ...], tuple[int, int]]
"""The elements on a screen, with the screen's size (width, height)."""


def _last_screen() -> LastInput[np.ndarray, np.ndarray]:
    """The shrunk screen of the screen observed last: made again only when the screen
    differs (``_resize`` is costly: a third of a millisecond for a quarter-scale screen)."""
    return LastInput(np.array_equal, _kept_screen)


def _check_size(screen_size: Sequence[int]) -> tuple[int, int]:
    """``screen_size`` as (height, width) if it is two positive integers; otherwise
    ValueError."""
    try:
        height, width = check_pair("screen_size", screen_size)
        return check_int("screen_size height", height, 1), check_int("screen_size width", width, 1)
    except ValueError:
        raise ValueError(
            f"screen_size must be (height, width), two positive integers, got {shown(screen_size)}"
        ) from None


def check_screen_observed(env: gym.Env, name: str) -> None:
    """ValueError if ``env`` observes a Dict without a ``screen``: ``name`` reads one."""
    observed = env.observation_space
    if isinstance(observed, spaces.Dict) and "screen" not in observed.spaces:
        raise ValueError(
            f"{name} observes the screen, but the wrapped env's observations have none "
            f"(only {', '.join(map(repr, observed.spaces))}): make the env with "
            f"keep_screen=True, e.g. observation_options={{'keep_screen': True}}"
        )


def _screen_of(observation: Any) -> np.ndarray:
    if isinstance(observation, dict):
        return observation["screen"]
    return observation


class RLObservation(gym.ObservationWrapper, RecordedArgs):
    """A single-level Dict of numeric arrays: screen, instruction tokens, elements and mask.

    Args:
        env: an env whose observation is the base env's ``Dict(screen, instruction)``;
            when ``parts`` holds ``screen``, a Dict observation without one is refused
            (ValueError).
        screen_size: ``(height, width)`` of the observed screen.
        grayscale: observe one luminance channel instead of RGB.
        max_tokens: length of the ``instruction`` token ids.
        vocab_size: size of the hashing vocabulary of instruction words (ids below it).
        max_elements: rows of the ``elements`` matrix and length of ``element_mask`` (64,
            as ``ElementActions``, so that every element an action can address has a row).
        label_buckets: buckets of the hashed element labels.
        parts: which of ``PARTS`` to observe (``elements`` brings ``element_mask``).
        label_words: with ``elements``, also observe the first ``label_words`` words of each
            element's label as token ids (``element_words``); 0 leaves them out.
    """

    def __init__(
        self,
        env: gym.Env,
        screen_size: Sequence[int] = (128, 64),
        grayscale: bool = False,
        max_tokens: int = 32,
        vocab_size: int = 4096,
        max_elements: int = 64,
        label_buckets: int = 4096,
        parts: Sequence[str] = PARTS,
        label_words: int = 0,
    ) -> None:
        RecordedArgs.__init__(
            self,
            screen_size=screen_size,
            grayscale=grayscale,
            max_tokens=max_tokens,
            vocab_size=vocab_size,
            max_elements=max_elements,
            label_buckets=label_buckets,
            parts=parts,
            label_words=label_words,
        )
        super().__init__(env)
        unknown = [p for p in parts if p not in PARTS]
        if unknown or not parts:
            raise ValueError(f"parts must be a non-empty subset of {PARTS}, got {parts!r}")
        check_int("max_tokens", max_tokens, low=1)
        check_int("max_elements", max_elements, low=1)
        check_int("vocab_size", vocab_size, low=2)
        check_int("label_buckets", label_buckets, low=2)
        check_int("label_words", label_words, low=0)
        if label_words and "elements" not in parts:
            raise ValueError("label_words needs the elements part")
        if "screen" in parts:
            check_screen_observed(env, type(self).__name__)
        self.screen_size = _check_size(screen_size)
        self.grayscale = check_flag("grayscale", grayscale)
        self.max_tokens = max_tokens
        self.vocab_size = vocab_size
        self.max_elements = max_elements
        self.label_buckets = label_buckets
        self.label_words = label_words
        self.parts = tuple(p for p in PARTS if p in parts)
        self._instructions: LastInput[str, np.ndarray] = LastInput()
        """The token ids of the instruction observed last."""
        self._screens = _last_screen()
        self._element_parts: LastInput[_Shown, dict[str, np.ndarray]] = LastInput()
        """The element parts of the elements (on a screen of a size) observed last."""

        observed: dict[str, spaces.Space] = {}
        if "screen" in self.parts:
            observed["screen"] = _screen_space(self.screen_size, self.grayscale)
        if "instruction" in self.parts:
            observed["instruction"] = spaces.Box(
                0, vocab_size - 1, shape=(max_tokens,), dtype=np.int64
            )
        if "elements" in self.parts:
            high = np.ones((max_elements, len(ELEMENT_FEATURES)), dtype=np.float32)
            high[:, ELEMENT_FEATURES.index("tag")] = len(TAGS)
            high[:, ELEMENT_FEATURES.index("label")] = label_buckets - 1
            observed["elements"] = spaces.Box(
                np.zeros_like(high), high, shape=high.shape, dtype=np.float32
            )
            observed["element_mask"] = spaces.MultiBinary(max_elements)
            if label_words:
                observed["element_words"] = spaces.Box(
                    0, vocab_size - 1, shape=(max_elements, label_words), dtype=np.int64
                )
        wrapped = getattr(env.observation_space, "spaces", {})
        self._replies = [name for name in (USER_RESPONSE, TOOL_CALL) if name in wrapped]
        """The replies to the agent that the wrapped env observes (tokenised as well)."""
        for name in self._replies:
            observed[name] = spaces.Box(0, vocab_size - 1, shape=(max_tokens,), dtype=np.int64)
        self.observation_space = spaces.Dict(observed)

    def current_elements(self) -> list[Element]:
        """The actionable elements on the screen now, in ``screen_elements`` numbering (the
        rows of ``elements``, before the cut to ``max_elements``)."""
        return env_elements(self.env)

    def observation(self, observation: dict[str, Any]) -> dict[str, np.ndarray]:
        out: dict[str, np.ndarray] = {}
        if "screen" in self.parts:
            out["screen"] = self._screens.get(_screen_of(observation), self._shrunk).copy()
        if "instruction" in self.parts:
            text = observation.get("instruction", "") if isinstance(observation, dict) else ""
            out["instruction"] = self._instructions.get(text, self._tokenized).copy()
        if "elements" in self.parts:
            shown = (tuple(self.current_elements()), self.env.unwrapped.device.size)
            for name, part in self._element_parts.get(shown, self._elements_observed).items():
                out[name] = part.copy()
        for name in self._replies:
            said = observation.get(name, "") if isinstance(observation, dict) else ""
            out[name] = tokenize(said, self.max_tokens, self.vocab_size)
        return out

    def _shrunk(self, screen: np.ndarray) -> np.ndarray:
        return _resize(screen, self.screen_size, self.grayscale)

    def _tokenized(self, text: str) -> np.ndarray:
        return tokenize(text, self.max_tokens, self.vocab_size)

    def _elements_observed(self, shown: _Shown) -> dict[str, np.ndarray]:
        """The element parts (``elements``, ``element_mask`` and, with ``label_words``,
        ``element_words``) of the elements on a screen of the size ``shown`` holds."""
        elements, size = shown
        matrix, mask = element_features(elements, size, self.max_elements, self.label_buckets)
        parts = {"elements": matrix, "element_mask": mask}
        if self.label_words:
            parts["element_words"] = element_words(
                elements, self.max_elements, self.label_words, self.vocab_size
            )
        return parts


class ImageOnly(gym.ObservationWrapper, RecordedArgs):
    """The screen alone, as a uint8 channel-last image (for ``CnnPolicy``).

    Observation Space:
        ``Box(0, 255, (H, W, C), uint8)``; ``(H, W)`` is ``screen_size``, ``C`` is 1 with
        ``grayscale`` else 3. It takes the ``screen`` of a Dict observation (the base env's,
        or ``RLObservation``'s) or an image observation as it is.

    Args:
        env: an env that observes a screen (a Dict observation without ``screen``, such
            as a text or HTML view's without ``keep_screen=True``, is refused: ValueError).
        screen_size: ``(height, width)`` of the observed image.
        grayscale: one luminance channel instead of RGB.
    """

    def __init__(
        self, env: gym.Env, screen_size: Sequence[int] = (128, 64), grayscale: bool = False
    ) -> None:
        RecordedArgs.__init__(self, screen_size=screen_size, grayscale=grayscale)
        super().__init__(env)
        check_screen_observed(env, type(self).__name__)
        self.screen_size = _check_size(screen_size)
        self.grayscale = check_flag("grayscale", grayscale)
        self.observation_space = _screen_space(self.screen_size, self.grayscale)
        self._screens = _last_screen()

    def observation(self, observation: Any) -> np.ndarray:
        return self._screens.get(_screen_of(observation), self._shrunk).copy()

    def _shrunk(self, screen: Any) -> np.ndarray:
        image = np.asarray(screen, dtype=np.uint8)
        if image.ndim == 3 and image.shape[2] == 1:  # already one channel
            image = image[:, :, 0] if self.grayscale else np.repeat(image, 3, axis=2)
            return _resize(image, self.screen_size, grayscale=False)
        return _resize(image, self.screen_size, self.grayscale)
