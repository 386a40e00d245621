"""gym.make's options for the preset wrappers: passed through, checked by name, and
``render_mode`` ("rgb_array", and "human" with its clear error where no window can open)."""

from __future__ import annotations

import importlib.util
import pathlib
import tomllib
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.wrappers import human

WIFI_OFF = "MobileGym/settings.wifi_off-v0"
ROOT = pathlib.Path(__file__).resolve().parents[2]


# options passed through -------------------------------------------------------------------
def test_observation_options_reach_the_view() -> None:
    env = gym.make(WIFI_OFF, observation="text", observation_options={"keep_screen": True})
    obs, _ = env.reset(seed=0)
    assert set(obs) == {"instruction", "screen_text", "screen"}
    assert obs["screen"].shape == env.observation_space["screen"].shape


def test_action_options_reach_the_action_wrapper() -> None:
    env = gym.make(WIFI_OFF, action_space="grid", action_options={"rows": 3, "columns": 2})
    assert env.action_space == gym.spaces.Discrete(3 * 2 + 6)
    env.reset(seed=0)
    env.step(0)


def test_screen_size_resizes_the_rl_screen() -> None:
    env = gym.make(WIFI_OFF, observation="rl", screen_size=(40, 24))
    obs, _ = env.reset(seed=0)
    assert obs["screen"].shape == (40, 24, 3)
    assert env.observation_space["screen"].shape == (40, 24, 3)


def test_screen_size_with_other_observation_options() -> None:
    env = gym.make(
        WIFI_OFF,
        observation="rl_pixels",
        screen_size=(48, 36),
        observation_options={"grayscale": True},
    )
    obs, _ = env.reset(seed=0)
    assert set(obs) == {"screen", "instruction"}
    assert obs["screen"].shape == (48, 36, 1)


def test_render_mode_rgb_array_passes_through() -> None:
    env = gym.make(WIFI_OFF, observation="text", render_mode="rgb_array")
    env.reset(seed=0)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.shape == (2400, 1080, 3)


# bad option names -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"observation": "rl", "observation_options": {"size": (8, 8)}},
            "unknown observation_options 'size' for observation 'rl'; valid options: "
            "screen_size, grayscale, max_tokens",
        ),
        (
            {"observation": "html", "observation_options": {"keep_scren": True}},
            "unknown observation_options 'keep_scren' for observation 'html'; "
            "valid options: keep_screen",
        ),
        (
            {"action_space": "grid", "action_options": {"cols": 4}},
            "unknown action_options 'cols' for action_space 'grid'; valid options: ",
        ),
        (
            {"action_space": "touch", "action_options": {"rows": 2}},
            "action_space 'touch', a preset without a wrapper: it takes no options",
        ),
        (
            {"observation": "pixels", "observation_options": {"grayscale": True}},
            "observation 'pixels', a preset without a wrapper: it takes no options",
        ),
        (
            {"observation": "pixels", "screen_size": (8, 8)},
            "screen_size applies to the observations rl, rl_pixels, not 'pixels'",
        ),
        (
            {
                "observation": "rl",
                "screen_size": (8, 8),
                "observation_options": {"screen_size": (9, 9)},
            },
            "screen_size is given twice",
        ),
        (
            {"observation_opts": {"grayscale": True}},
            "unknown argument 'observation_opts' for a mobile-gym env; valid arguments: "
            "max_steps, action_space, observation, action_options, observation_options, "
            "screen_size, render_mode, rules, device, screen_scale",
        ),
    ],
)
def test_bad_option_names_are_named_with_the_valid_ones(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        gym.make(WIFI_OFF, **kwargs)
    assert message in str(caught.value)


def test_grid_options_are_listed() -> None:
    with pytest.raises(ValueError, match=r"valid options: .*\bcolumns\b.*") as caught:
        gym.make(WIFI_OFF, action_space="grid", action_options={"cols": 4})
    assert "rows" in str(caught.value)


# render_mode="human" ----------------------------------------------------------------------
@pytest.fixture
def no_display(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(human.sys, "platform", "linux")


def test_human_without_a_display_fails_at_make(no_display: None) -> None:
    with pytest.raises(RuntimeError) as caught:
        gym.make(WIFI_OFF, render_mode="human")
    text = str(caught.value)
    assert "render_mode='human' cannot show a window" in text
    assert "no display: neither DISPLAY nor WAYLAND_DISPLAY is set" in text
    assert "render_mode='rgb_array'" in text


def test_human_without_pygame_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        human.importlib.util,
        "find_spec",
        lambda name, *args: None if name == "pygame" else real(name, *args),
    )
    monkeypatch.setenv("DISPLAY", ":0")
    with pytest.raises(RuntimeError) as caught:
        gym.make(WIFI_OFF, render_mode="human")
    assert "pygame is not installed: pip install pygame-ce" in str(caught.value)


def test_human_shows_frames_in_a_window(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame  # the dev extra has pygame-ce

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # a display that needs no screen
    env = gym.make(WIFI_OFF, action_space="grid", render_mode="human", max_steps=2)
    try:
        assert env.render_mode == "human"
        env.reset(seed=0)
        window = env.get_wrapper_attr("window")
        assert window.get_size() == (360, human.WINDOW_HEIGHT)  # 1080 x 2400 scaled
        assert pygame.surfarray.array3d(window).any()  # the screen drawn, not black
        env.step(0)
    finally:
        env.close()
    assert env.get_wrapper_attr("window") is None


def test_two_human_envs_share_the_window_until_both_close(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pygame has one window per process: closing one env leaves it to the other."""
    import pygame

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    first = gym.make(WIFI_OFF, action_space="grid", render_mode="human")
    second = gym.make(WIFI_OFF, action_space="grid", render_mode="human")
    try:
        first.reset(seed=0)
        second.reset(seed=1)
        second.close()
        assert pygame.display.get_init()
        first.step(0)  # still drawn
        assert first.get_wrapper_attr("window") is pygame.display.get_surface()
    finally:
        first.close()
        second.close()  # a second close changes nothing
    assert not pygame.display.get_init()


def test_human_window_declares_a_frame_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    env = gym.make(WIFI_OFF, render_mode="human")
    try:
        base = env.unwrapped.metadata
        assert env.metadata == {**base, "render_modes": ["human"]}
        assert env.metadata["render_fps"] == base["render_fps"] == human.WINDOW_FPS
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(env)
        said = [str(warning.message) for warning in caught]
        assert not [text for text in said if "render fps" in text], said
    finally:
        env.close()


def test_human_window_keeps_a_frame_rate_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    env = gym.make(WIFI_OFF, render_mode="rgb_array").unwrapped
    monkeypatch.setattr(env, "metadata", {"render_modes": ["rgb_array"], "render_fps": 5})
    assert human.HumanWindow(env).metadata["render_fps"] == 5
    monkeypatch.setattr(env, "metadata", {"render_modes": ["rgb_array"]})
    assert human.HumanWindow(env).metadata["render_fps"] == human.WINDOW_FPS


def test_human_extra_is_optional() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["optional-dependencies"]["human"] == ["pygame-ce>=2.4"]
    assert not any("pygame" in dep for dep in project["dependencies"])
