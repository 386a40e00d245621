"""What the ``rl`` observation gives a policy to read an instruction with, and the features
extractor that reads it: element label words in the instruction's vocabulary, and
``ElementsExtractor`` scoring each element against the instruction, in a real MaskablePPO."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
import torch
from sb3_contrib import MaskablePPO

import mobile_gym  # noqa: F401  (registers the task ids)
from mobile_gym.rl import ElementsExtractor
from mobile_gym.wrappers.rl import tokenize

TASK = "MobileGym/contacts.text_named-v0"
OPTIONS = {
    "parts": ("instruction", "elements"),
    "max_tokens": 12,
    "vocab_size": 256,
    "label_buckets": 256,
    "max_elements": 16,
    "label_words": 4,
}


def make(**options: object) -> gym.Env:
    return gym.make(
        TASK,
        action_space="element",
        observation="rl",
        action_options={"max_elements": 16, "verbs": ("click", "back")},
        observation_options={**OPTIONS, **options},
    )


def test_label_words_share_the_instruction_vocabulary() -> None:
    env = make()
    observation, _ = env.reset(seed=3)
    assert observation["element_words"].shape == (16, 4)
    assert env.observation_space.contains(observation)
    first = env.unwrapped.episode.values["first"]
    target = tokenize(first, 1, 256)[0]
    assert target in observation["instruction"]
    observation, *_ = env.step(np.array([0, 0]))  # click Contacts: the list of five names
    rows = [i for i, words in enumerate(observation["element_words"]) if target in words]
    labels = [e.label for e in env.get_wrapper_attr("current_elements")()]
    assert [labels[i].split()[0] for i in rows] == [first]


def test_label_words_need_the_elements_part() -> None:
    with pytest.raises(ValueError, match="label_words needs the elements part"):
        make(parts=("instruction",))
    with pytest.raises(ValueError, match="label_words must be"):
        make(label_words=-1)


def test_the_extractor_matches_a_named_element_before_any_training() -> None:
    env = make()
    extractor = ElementsExtractor(env.observation_space)
    observation, _ = env.reset(seed=3)
    observation, *_ = env.step(np.array([0, 0]))  # the contact list
    batch = {k: torch.as_tensor(v).unsqueeze(0).float() for k, v in observation.items()}
    tokens = batch["instruction"].long()
    present = (tokens > 0).float().unsqueeze(-1)
    words = extractor.words(tokens) * present
    _, match = extractor._word_parts(batch["element_words"].long(), words, present)
    first = env.unwrapped.episode.values["first"]
    labels = [e.label for e in env.get_wrapper_attr("current_elements")()]
    row = next(i for i, label in enumerate(labels) if label.startswith(first + " "))
    assert match[0, row, 0].item() == pytest.approx(1.0)  # the same word, the same vector
    others = [i for i, label in enumerate(labels[:16]) if " " in label and i != row]
    assert all(match[0, i, 0].item() < 0.99 for i in others)
    features = extractor(batch)
    assert features.shape == (1, extractor.features_dim)


def test_the_extractor_names_the_parts_it_needs() -> None:
    env = gym.make(TASK, action_space="element", observation="rl_pixels")
    with pytest.raises(ValueError, match="instruction and elements parts; elements"):
        ElementsExtractor(env.observation_space)


def test_maskable_ppo_trains_with_the_extractor() -> None:
    env = make()
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=64,
        batch_size=32,
        n_epochs=1,
        seed=0,
        policy_kwargs={"features_extractor_class": ElementsExtractor},
    )
    model.learn(64)
    observation, _ = env.reset(seed=5)
    action, _ = model.predict(observation, action_masks=env.get_wrapper_attr("action_masks")())
    assert env.action_space.contains(action)
