"""``render_mode="human"``: the screen shown in a window while the env runs.

The env renders ``rgb_array`` frames; ``HumanWindow`` draws each one, scaled to fit the
window, after every reset and step. The window needs pygame (the pygame-ce distribution,
``pip install pygame-ce`` or the ``human`` extra) and a display; ``human_render_problem``
says which is missing, so that ``gym.make`` fails at once rather than at the first frame.

pygame has one window per process: envs shown in one process share it (it shows the frame
of the env that reset or stepped last), and it closes when the last of them closes.
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
_open_windows = 0
"""How many ``HumanWindow``s show the process's one pygame window (shown, not closed)."""


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

    pygame has one window per process, so every ``HumanWindow`` of a process draws into the
    same one (sized for the frame drawn last); closing one leaves it open for the others, and
    the last to close closes it.

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
        self.window = self._surface((width, self.height))
        pygame.event.pump()
        self.window.blit(pygame.surfarray.make_surface(frame.transpose(1, 0, 2)), (0, 0))
        pygame.display.flip()

    def _surface(self, size: tuple[int, int]) -> Any:
        """The process's window, opened (or resized) to ``size``; counted as this env's."""
        global _open_windows
        import pygame

        opening = self.window is None
        if opening and _open_windows == 0:
            pygame.display.init()
            pygame.display.set_caption("mobile-gym")
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != size:
            surface = pygame.display.set_mode(size)
        if opening:
            _open_windows += 1
        return surface

    def close(self) -> None:
        """Close the env, and the window when no other env shows it."""
        global _open_windows
        if self.window is not None:
            self.window = None
            _open_windows -= 1
            if _open_windows == 0:
                import pygame

                pygame.display.quit()
        super().close()
