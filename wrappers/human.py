"""``render_mode="human"``: the screen shown in a window while the env runs.

The env renders ``rgb_array`` frames; ``HumanWindow`` draws each one, scaled to fit the
window, after every reset and step. The window needs pygame (the pygame-ce distribution,
``pip install pygame-ce`` or the ``human`` extra) and a display; ``human_render_problem``
says which is missing, so that ``gym.make`` fails at once rather than at the first frame.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from typing import Any

import cv2
import gymnasium as gym
import numpy as np

from mobile_gym.timing import FRAME_MS
from mobile_gym.wrappers.recorded import RecordedArgs

WINDOW_HEIGHT = 800
"""Height of the window in pixels; the width keeps the screen's aspect ratio."""
WINDOW_FPS = 1000 // FRAME_MS
"""The frame rate the window declares when the wrapped env declares none: the simulated
phone's."""

_DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
"""Any of these set means a window can open on X11 / Linux (SDL_VIDEODRIVER chooses one)."""


def human_render_problem() -> str | None:
    """Why a window cannot be shown here (pygame missing, no display), None if it can."""
    if importlib.util.find_spec("pygame") is None:
        return (
            "pygame is not installed: pip install pygame-ce"
            " (or the extra: pip install 'mobile-gym[human]')"
        )
    needs_variable = sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
    if needs_variable and not any(os.environ.get(name) for name in _DISPLAY_VARIABLES):
        return "no display: neither DISPLAY nor WAYLAND_DISPLAY is set"
    return None


def check_human_render() -> None:
    """Raise a RuntimeError saying why ``render_mode="human"`` cannot show a window here."""
    problem = human_render_problem()
    if problem is not None:
        raise RuntimeError(
            f"render_mode='human' cannot show a window: {problem}."
            " Use render_mode='rgb_array' and env.render() to get the frames instead."
        )


class HumanWindow(gym.Wrapper, RecordedArgs):
    """Shows the wrapped env's ``rgb_array`` frame in a window after every reset and step.

    Its ``metadata`` is the wrapped env's, with ``render_modes`` ``["human"]`` and a
    ``render_fps`` (the wrapped env's, else ``WINDOW_FPS``).

    Args:
        env: an env made with ``render_mode="rgb_array"``.
        height: the window's height in pixels.
    """

    def __init__(self, env: gym.Env, height: int = WINDOW_HEIGHT) -> None:
        RecordedArgs.__init__(self, height=height)
        super().__init__(env)
        if env.render_mode != "rgb_array":
            raise ValueError(f"HumanWindow needs render_mode='rgb_array', got {env.render_mode!r}")
        check_human_render()
        self.metadata = {
            **env.metadata,
            "render_modes": ["human"],
            "render_fps": env.metadata.get("render_fps") or WINDOW_FPS,
        }
        self.height = height
        self.window: Any = None
        """The pygame display surface, once the first frame is shown."""

    @property
    def render_mode(self) -> str:
        return "human"

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        result = self.env.reset(**kwargs)
        self.render()
        return result

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        result = self.env.step(action)
        self.render()
        return result

    def render(self) -> None:
        """Draw the current frame in the window (opened on the first call)."""
        import pygame

        frame = np.asarray(self.env.render(), dtype=np.uint8)
        width = max(1, round(frame.shape[1] * self.height / frame.shape[0]))
        frame = cv2.resize(frame, (width, self.height), interpolation=cv2.INTER_AREA)
        if self.window is None:
            pygame.display.init()
            pygame.display.set_caption("mobile-gym")
            self.window = pygame.display.set_mode((width, self.height))
        pygame.event.pump()
        self.window.blit(pygame.surfarray.make_surface(frame.transpose(1, 0, 2)), (0, 0))
        pygame.display.flip()

    def close(self) -> None:
        if self.window is not None:
            import pygame

            pygame.display.quit()
            self.window = None
        super().close()
