"""Every wrapper records its arguments (``gymnasium.utils.RecordConstructorArgs``): an env
wrapped by hand passes gymnasium's ``check_env``, and ``gym.make(env.spec)`` makes the same
stack again, with the same arguments, also from the spec saved as JSON and read back. Every
wrapper refuses to be copied, as the env does."""

from __future__ import annotations

import copy
import pickle
import warnings
from collections.abc import Callable

import gymnasium as gym
import pytest
from gymnasium.envs.registration import EnvSpec
from gymnasium.utils.env_checker import check_env

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.env import MobileEnv
from mobile_gym.rl import CapEndsEpisode
from mobile_gym.wrappers import ElementActions, ImageOnly, StepCap
from mobile_gym.wrappers.recorded import RecordedArgs
from mobile_gym.wrappers.rl import RLObservation

TASK = "MobileGym/settings.wifi_off-v0"

STACKS: dict[str, Callable[[], gym.Env]] = {
    "ImageOnly over the grid preset": lambda: ImageOnly(
        gym.make(TASK, action_space="grid", observation="rl_pixels"), (64, 32), grayscale=True
    ),
    "CapEndsEpisode over the element preset": lambda: CapEndsEpisode(
        gym.make(TASK, action_space="element", observation="rl")
    ),
    "RLObservation and StepCap over the touch env": lambda: StepCap(
        RLObservation(gym.make(TASK), screen_size=(32, 16), label_words=2), 7
    ),
    "the text preset": lambda: gym.make(TASK, action_space="text", observation="text"),
    "the JSON preset over pixels": lambda: gym.make(
        TASK, action_space="json", observation="pixels"
    ),
    "the rl preset": lambda: gym.make(TASK, action_space="element", observation="rl"),
    "the rl_pixels preset at 84 x 84": lambda: gym.make(
        TASK, action_space="grid", observation="rl_pixels", screen_size=(84, 84)
    ),
    "ElementActions with a tuple of verbs": lambda: StepCap(
        ElementActions(gym.make(TASK, max_steps="none"), verbs=("click", "back")), 5
    ),
}


def _stack(env: gym.Env) -> list[tuple[str, dict]]:
    """Each wrapper's class and recorded arguments, outermost first."""
    found = []
    while isinstance(env, gym.Wrapper):
        found.append((type(env).__name__, getattr(env, "_saved_kwargs", None)))
        env = env.env
    return found


@pytest.mark.parametrize("stack", list(STACKS))
def test_a_wrapped_env_passes_check_env_and_is_made_again_from_its_spec(stack: str) -> None:
    env = STACKS[stack]()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (what check_env says of the text spaces)
        check_env(env, skip_render_check=True)
    again = gym.make(env.spec)
    assert _stack(again) == _stack(env)
    from_json = gym.make(EnvSpec.from_json(env.spec.to_json()))
    assert _stack(from_json) == _stack(env)
    assert from_json.observation_space == env.observation_space
    assert from_json.action_space == env.action_space
    for made in (env, again, from_json):
        made.close()


@pytest.mark.parametrize("stack", list(STACKS))
def test_every_layer_of_ours_refuses_to_be_copied(stack: str) -> None:
    """A shallow copy of a wrapper would share its env and phone (the copy's steps would be
    the original's): the env and each of mobile-gym's wrappers refuse ``copy.copy`` as they
    refuse a deep copy or pickling, and the env goes on unharmed. (gymnasium's own wrappers,
    ``gym.make``'s outermost, copy as gymnasium copies them.)"""
    env = STACKS[stack]()
    env.reset(seed=0)
    layer: gym.Env = env
    ours = []
    while True:
        if isinstance(layer, (RecordedArgs, MobileEnv)):
            ours.append(type(layer).__name__)
            for make_copy in (copy.copy, copy.deepcopy, pickle.dumps):
                with pytest.raises(TypeError, match=r"MobileEnv cannot be copied or pickled"):
                    make_copy(layer)
        if not isinstance(layer, gym.Wrapper):
            break
        layer = layer.env
    assert len(ours) >= 2 and ours[-1] == "MobileEnv"
    env.step(env.action_space.sample())
    env.close()
