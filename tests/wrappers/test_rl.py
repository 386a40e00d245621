"""RLObservation and ImageOnly: numeric observations for RL libraries."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import cv2
import gymnasium as gym
import numpy as np
import pytest

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.actions import base_action
from mobile_gym.env import MobileEnv
from mobile_gym.sim import input as ev
from mobile_gym.sim.driver import Driver
from mobile_gym.spaces import ActionType
from mobile_gym.wrappers.elements import screen_elements
from mobile_gym.wrappers.rl import (
    ELEMENT_FEATURES,
    PARTS,
    TAGS,
    ImageOnly,
    RLObservation,
    bucket,
    element_features,
    element_words,
    stable_hash,
    tokenize,
    words,
)
from tests.sim.conftest import open_app, open_drawer

WAIT = base_action(ActionType.REPEAT)
COLUMN = {name: i for i, name in enumerate(ELEMENT_FEATURES)}


def rl_env(**options: Any) -> RLObservation:
    return RLObservation(MobileEnv("settings.wifi_off"), **options)


def screens(env: RLObservation) -> Iterator[tuple[str, dict[str, np.ndarray]]]:
    """Walk the phone through several screens; yield (name, observation) on each."""
    observation, _ = env.reset(seed=0)
    yield "home", observation
    driver = Driver(env.unwrapped.device.phone)

    def look() -> dict[str, np.ndarray]:
        return env.step(WAIT)[0]

    open_drawer(driver)
    yield "app drawer", look()
    open_app(driver, "Settings")
    yield "settings", look()
    open_app(driver, "Contacts")
    yield "contacts", look()
    driver.tap(desc="Create new contact")
    yield "new contact", look()
    open_app(driver, "Notes")
    yield "notes", look()


# spaces ----------------------------------------------------------------------------------
def test_default_space_is_a_flat_dict_of_numeric_boxes() -> None:
    env = rl_env()
    space = env.observation_space
    assert isinstance(space, gym.spaces.Dict)
    assert set(space.spaces) == {"screen", "instruction", "elements", "element_mask"}
    assert space["screen"] == gym.spaces.Box(0, 255, (128, 64, 3), np.uint8)
    assert space["instruction"] == gym.spaces.Box(0, 4095, (32,), np.int64)
    elements = space["elements"]
    assert isinstance(elements, gym.spaces.Box)
    assert elements.shape == (64, len(ELEMENT_FEATURES)) and elements.dtype == np.float32
    assert (elements.low == 0).all()
    assert (elements.high[:, COLUMN["tag"]] == len(TAGS)).all()
    assert (elements.high[:, COLUMN["label"]] == 4095).all()
    assert (elements.high[:, : COLUMN["tag"]] == 1).all()
    assert space["element_mask"] == gym.spaces.MultiBinary(64)
    for sub in space.spaces.values():  # numeric only, one level
        assert isinstance(sub, gym.spaces.Box | gym.spaces.MultiBinary)


def test_options_shape_the_space() -> None:
    env = rl_env(
        screen_size=(64, 48),
        grayscale=True,
        max_tokens=8,
        vocab_size=100,
        max_elements=5,
        label_buckets=10,
    )
    space = env.observation_space
    assert space["screen"] == gym.spaces.Box(0, 255, (64, 48, 1), np.uint8)
    assert space["instruction"] == gym.spaces.Box(0, 99, (8,), np.int64)
    assert space["elements"].shape == (5, len(ELEMENT_FEATURES))
    assert (space["elements"].high[:, COLUMN["label"]] == 9).all()
    assert space["element_mask"] == gym.spaces.MultiBinary(5)
    observation, _ = env.reset(seed=0)
    assert space.contains(observation)


@pytest.mark.parametrize(
    "parts", [("screen",), ("instruction",), ("elements",), ("screen", "elements")]
)
def test_parts_choose_the_keys(parts: tuple[str, ...]) -> None:
    env = rl_env(parts=parts, screen_size=(32, 32))
    keys = {p for p in parts if p != "elements"} | (
        {"elements", "element_mask"} if "elements" in parts else set()
    )
    assert set(env.observation_space.spaces) == keys
    observation, _ = env.reset(seed=0)
    assert set(observation) == keys
    assert env.observation_space.contains(observation)


@pytest.mark.parametrize(
    "options",
    [
        {"screen_size": (0, 64)},
        {"screen_size": (64,)},
        {"screen_size": "84"},  # not the characters "8" and "4"
        {"screen_size": (84.9, 84.2)},
        {"screen_size": 84},
        {"grayscale": "no"},
        {"grayscale": 1},
        {"max_tokens": 0},
        {"max_elements": True},
        {"vocab_size": 1},
        {"label_buckets": 1},
        {"parts": ()},
        {"parts": ("screen", "pixels")},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        rl_env(**options)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"screen_size": "84"}, "screen_size must be \\(height, width\\), two positive integers"),
        ({"grayscale": "no"}, "grayscale must be True or False, got 'no'"),
    ],
)
def test_image_only_refuses_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ImageOnly(MobileEnv("settings.wifi_off"), **options)


def test_image_only_space() -> None:
    env = ImageOnly(MobileEnv("settings.wifi_off"), screen_size=(64, 64), grayscale=True)
    assert env.observation_space == gym.spaces.Box(0, 255, (64, 64, 1), np.uint8)
    observation, _ = env.reset(seed=0)
    assert observation.dtype == np.uint8 and env.observation_space.contains(observation)
    rgb = ImageOnly(MobileEnv("settings.wifi_off"), screen_size=(40, 20))
    observation, _ = rgb.reset(seed=0)
    assert observation.shape == (40, 20, 3) and rgb.observation_space.contains(observation)


def test_image_only_over_rl_observation_and_over_grayscale() -> None:
    inner = rl_env(screen_size=(64, 64), grayscale=True)
    same = ImageOnly(inner, screen_size=(64, 64), grayscale=True)
    observation, _ = same.reset(seed=0)
    reference, _ = rl_env(screen_size=(64, 64), grayscale=True).reset(seed=0)
    np.testing.assert_array_equal(observation, reference["screen"])
    smaller = ImageOnly(rl_env(screen_size=(64, 64), grayscale=True), (32, 32), grayscale=True)
    assert smaller.reset(seed=0)[0].shape == (32, 32, 1)
    colour = ImageOnly(rl_env(screen_size=(64, 64), grayscale=True), (32, 32))
    image = colour.reset(seed=0)[0]
    assert image.shape == (32, 32, 3)
    assert (image[:, :, 0] == image[:, :, 1]).all() and (image[:, :, 1] == image[:, :, 2]).all()


@pytest.mark.parametrize("observation", ["html", "text"])
@pytest.mark.parametrize("wrapper", [ImageOnly, RLObservation])
def test_a_screen_reader_over_an_env_without_a_screen_is_refused(
    observation: str, wrapper: type[gym.Wrapper]
) -> None:
    without = gym.make("MobileGym/settings.wifi_off-v0", observation=observation)
    with pytest.raises(ValueError, match=r"observes the screen.*keep_screen=True"):
        wrapper(without)
    kept = gym.make(
        "MobileGym/settings.wifi_off-v0",
        observation=observation,
        observation_options={"keep_screen": True},
    )
    env = wrapper(kept)
    observed, _ = env.reset(seed=0)
    assert env.observation_space.contains(observed)


def test_rl_observation_without_its_screen_part_needs_no_screen() -> None:
    without = gym.make("MobileGym/settings.wifi_off-v0", observation="html")
    env = RLObservation(without, parts=("instruction",))
    observed, _ = env.reset(seed=0)
    assert set(observed) == {"instruction"} and env.observation_space.contains(observed)
    with pytest.raises(ValueError, match="ImageOnly observes the screen"):
        ImageOnly(env)


# observations ----------------------------------------------------------------------------
def test_observations_stay_in_the_space_on_several_screens() -> None:
    env = rl_env(screen_size=(96, 48), max_elements=16)
    seen = {}
    for name, observation in screens(env):
        assert env.observation_space.contains(observation), name
        assert observation["screen"].dtype == np.uint8
        assert observation["screen"].flags["C_CONTIGUOUS"]
        assert observation["instruction"].dtype == np.int64
        assert observation["elements"].dtype == np.float32
        assert observation["element_mask"].dtype == np.int8
        seen[name] = observation
    # the walk went through different screens, and they look different
    assert len(seen) == 6
    masks = {name: int(obs["element_mask"].sum()) for name, obs in seen.items()}
    assert len(set(masks.values())) > 1, masks
    assert not np.array_equal(seen["home"]["screen"], seen["settings"]["screen"])
    # a focused text field on the new contact form
    focused = seen["new contact"]["elements"][:, COLUMN["focused"]]
    editable = seen["new contact"]["elements"][:, COLUMN["editable"]]
    assert editable.sum() >= 1
    assert focused.sum() <= 1


def test_screen_is_the_resized_base_screen() -> None:
    base = MobileEnv("settings.wifi_off")
    env = RLObservation(base, screen_size=(64, 32))
    observation, _ = env.reset(seed=3)
    full = np.array(base.device.screenshot(base.screen_scale))
    expected = cv2.resize(full, (32, 64), interpolation=cv2.INTER_AREA)
    np.testing.assert_array_equal(observation["screen"], expected)
    gray = RLObservation(MobileEnv("settings.wifi_off"), screen_size=(64, 32), grayscale=True)
    observation, _ = gray.reset(seed=3)
    expected_gray = cv2.resize(
        cv2.cvtColor(full, cv2.COLOR_RGB2GRAY), (32, 64), interpolation=cv2.INTER_AREA
    )
    np.testing.assert_array_equal(observation["screen"][:, :, 0], expected_gray)


def test_mask_and_rows_match_the_elements_on_screen() -> None:
    env = rl_env(screen_size=(32, 32))
    width, height = env.unwrapped.device.size
    for name, observation in screens(env):
        elements = screen_elements(env.unwrapped.device.hierarchy_xml())
        count = min(len(elements), 64)
        mask = observation["element_mask"]
        assert mask[:count].all() and not mask[count:].any(), name
        rows = observation["elements"]
        assert not rows[count:].any(), name
        for row, element in zip(rows, elements, strict=False):
            left, top, right, bottom = element.bounds
            np.testing.assert_allclose(
                row[:4],
                np.clip([left / width, top / height, right / width, bottom / height], 0, 1),
                rtol=1e-6,
            )
            for flag in (
                "clickable",
                "long_clickable",
                "checkable",
                "checked",
                "scrollable",
                "editable",
                "focused",
            ):
                assert row[COLUMN[flag]] == float(getattr(element, flag)), (name, flag)
            assert row[COLUMN["tag"]] == TAGS.index(element.tag) + 1
            label = " ".join(words(element.label))
            assert row[COLUMN["label"]] == (bucket(label, 4096) if label else 0)


def test_settings_switch_state_shows_in_the_checked_column() -> None:
    env = rl_env(screen_size=(32, 32))
    env.reset(seed=0)
    driver = Driver(env.unwrapped.device.phone)
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    before = env.step(WAIT)[0]
    switches = [
        i
        for i, e in enumerate(screen_elements(env.unwrapped.device.hierarchy_xml()))
        if e.checkable
    ]
    assert switches, "the Network & internet screen has switches"
    checked_before = before["elements"][switches, COLUMN["checked"]].copy()
    target = screen_elements(env.unwrapped.device.hierarchy_xml())[switches[0]]
    x, y = target.bounds.center
    driver.send_all(ev.tap(x, y))
    after = env.step(WAIT)[0]
    checked_after = after["elements"][switches, COLUMN["checked"]]
    assert checked_after[0] != checked_before[0]


def test_elements_beyond_max_elements_are_left_out() -> None:
    elements = screen_elements(MobileEnv("settings.wifi_off").device.hierarchy_xml())
    assert len(elements) >= 3
    matrix, mask = element_features(elements, (1080, 2400), max_elements=2)
    assert matrix.shape == (2, len(ELEMENT_FEATURES)) and mask.tolist() == [1, 1]
    full, _ = element_features(elements, (1080, 2400), max_elements=64)
    np.testing.assert_array_equal(matrix, full[:2])
    empty, none = element_features([], (1080, 2400), max_elements=4)
    assert not empty.any() and not none.any()


def test_same_seed_same_observations() -> None:
    first = [obs for _, obs in screens(rl_env(screen_size=(48, 24)))]
    second = [obs for _, obs in screens(rl_env(screen_size=(48, 24)))]
    for a, b in zip(first, second, strict=True):
        for key in a:
            np.testing.assert_array_equal(a[key], b[key])


def test_observations_are_fresh_arrays() -> None:
    env = rl_env(screen_size=(32, 32))
    first, _ = env.reset(seed=0)
    first["instruction"][:] = 7
    first["screen"][:] = 1
    second = env.step(WAIT)[0]
    assert not (second["instruction"] == 7).all()
    assert not (second["screen"] == 1).all()


def test_each_step_observes_what_the_screen_shows_whether_it_changed_or_not() -> None:
    # The shrunk screen and the element parts are made again only when the screen differs
    # from the last one observed: every step's observation is what a fresh computation gives.
    base = MobileEnv("settings.wifi_off")
    env = RLObservation(base, screen_size=(64, 32), label_words=3)
    observation, _ = env.reset(seed=0)
    driver = Driver(base.device.phone)
    steps = [lambda: None, lambda: None, lambda: open_drawer(driver), lambda: None]
    steps += [lambda: open_app(driver, "Settings"), lambda: None, lambda: None]
    same_as_before = []
    before = None
    for act in steps:
        act()
        observation = env.step(WAIT)[0]
        full = np.asarray(base.device.screenshot(base.screen_scale))
        expected = cv2.resize(full, (32, 64), interpolation=cv2.INTER_AREA)
        np.testing.assert_array_equal(observation["screen"], expected)
        elements = screen_elements(base.device.hierarchy_xml())
        matrix, mask = element_features(elements, base.device.size)
        np.testing.assert_array_equal(observation["elements"], matrix)
        np.testing.assert_array_equal(observation["element_mask"], mask)
        words_now = element_words(elements, env.max_elements, 3, env.vocab_size)
        np.testing.assert_array_equal(observation["element_words"], words_now)
        if before is not None:
            same_as_before.append(np.array_equal(before, observation["screen"]))
            assert observation["screen"] is not before  # a fresh array every step
        before = observation["screen"]
    assert True in same_as_before and False in same_as_before  # both kinds of step met


class _OneBuffer(gym.Env):
    """An env that fills one writable buffer again in place at every step and observes it."""

    observation_space = gym.spaces.Box(0, 255, (40, 20, 3), np.uint8)
    action_space = gym.spaces.Discrete(1)

    def __init__(self) -> None:
        self.buffer = np.zeros((40, 20, 3), dtype=np.uint8)

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple:
        self.buffer[:] = 0
        return self.buffer, {}

    def step(self, action: int) -> tuple:
        self.buffer[:] += 50
        return self.buffer, 0.0, False, False, {}


def test_image_only_sees_a_buffer_filled_again_in_place() -> None:
    env = ImageOnly(_OneBuffer(), screen_size=(8, 4))
    first, _ = env.reset()
    assert not first.any()
    for step in range(1, 4):
        observation = env.step(0)[0]
        assert (observation == 50 * step).all(), step


# tokens ----------------------------------------------------------------------------------
def test_instruction_tokens() -> None:
    env = rl_env()
    observation, _ = env.reset(seed=0)
    instruction = env.unwrapped.instruction
    expected = tokenize(instruction, 32, 4096)
    np.testing.assert_array_equal(observation["instruction"], expected)
    n = len(words(instruction))
    assert 0 < n < 32
    assert (expected[:n] > 0).all() and (expected[n:] == 0).all()


def test_tokenize_lowercases_splits_pads_and_cuts() -> None:
    assert words("Switch the phone's Wi-Fi OFF.") == [
        "switch",
        "the",
        "phone",
        "s",
        "wi",
        "fi",
        "off",
    ]
    np.testing.assert_array_equal(tokenize("Turn ON wifi!", 6), tokenize("turn on   WIFI", 6))
    ids = tokenize("a b c d e f g", max_tokens=4, vocab_size=10)
    assert ids.dtype == np.int64 and ids.shape == (4,)
    assert ((ids >= 1) & (ids <= 9)).all()
    np.testing.assert_array_equal(ids, tokenize("a b c d", max_tokens=4, vocab_size=10))
    assert tokenize("", 5).tolist() == [0] * 5
    assert tokenize("...", 5).tolist() == [0] * 5
    assert tokenize("naïve café 中文", 4)[:3].all()


def test_token_ids_are_pinned() -> None:
    """The hash is part of the observation format: changing it changes every policy's input."""
    assert stable_hash("wifi") == 5373553135800779532
    assert bucket("wifi", 4096) == 1 + 5373553135800779532 % 4095
    assert tokenize("Switch the Wi-Fi off", 6).tolist() == [547, 3391, 3281, 3741, 949, 0]


@pytest.mark.parametrize("seed", ["0", "12345", "random"])
def test_token_ids_are_the_same_in_every_process(seed: str) -> None:
    text = "Open Contacts and star 'Ada Lovelace'"
    code = (
        "import sys; from mobile_gym.wrappers.rl import tokenize, bucket; "
        "print(tokenize(sys.argv[1], 12).tolist(), bucket(sys.argv[2], 4096))"
    )
    env = {**os.environ, "PYTHONHASHSEED": seed}
    out = subprocess.run(
        [sys.executable, "-c", code, text, "create new contact"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert out == f"{tokenize(text, 12).tolist()} {bucket('create new contact', 4096)}"


def test_parts_constant() -> None:
    assert PARTS == ("screen", "instruction", "elements")


def test_over_element_actions_rows_are_the_addressable_elements() -> None:
    element_actions = pytest.importorskip(
        "mobile_gym.wrappers.element_actions", reason="element actions are not there yet"
    )
    env = RLObservation(element_actions.ElementActions(MobileEnv("settings.wifi_off")), (32, 32))

    def check(observation: dict[str, np.ndarray]) -> None:
        # nothing here shadows the action wrapper's attributes
        assert env.get_wrapper_attr("elements") == env.current_elements()
        masks = env.get_wrapper_attr("action_masks")()
        verbs = len(env.get_wrapper_attr("verbs"))
        assert observation["element_mask"].any()
        np.testing.assert_array_equal(masks[verbs:], observation["element_mask"].astype(bool))

    first, _ = env.reset(seed=0)
    check(first)
    after_click = env.step(np.array([0, 0]))[0]  # click element 0, the first app in the dock
    check(after_click)
    assert not np.array_equal(first["element_mask"], after_click["element_mask"])
