"""GridActions: a small discrete action space for PPO / DQN on pixels.

Description:
    The screen is cut into ``columns`` x ``rows`` cells; an action taps the centre of one
    cell, scrolls, or presses BACK or HOME. Each action is a ``Command`` carried out with
    ``run_command`` through the one touch mapping, so a tap is a click (3 touches and a
    lift) and a scroll a 10-frame drag, and the step cap counts grid actions.

Action Space:
    ``Discrete(columns * rows + 6)``: action ``row * columns + column`` taps the centre of
    that cell (row 0 at the top, column 0 at the left); the six after the cells scroll
    ``up``, ``down``, ``left``, ``right`` (at the screen centre), press BACK, press HOME.
    The default 4 x 8 grid has square-ish cells of 270 x 300 pixels on a 1080 x 2400 phone.

Observation:
    That of the wrapped env.

Rewards / Termination:
    Those of the wrapped env, summed over the action's touch steps. An action outside the
    space waits one frame and explains itself in ``info["action_error"]``; it never raises.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mobile_gym.actions import StepResult
from mobile_gym.checks import check_int
from mobile_gym.commands import DIRECTIONS, Command, refuse, run_command
from mobile_gym.wrappers.recorded import RecordedArgs
from mobile_gym.wrappers.step_cap import refuse_cap_inside

_TAIL = (
    *(Command("scroll", direction=d) for d in DIRECTIONS),
    Command("key", key="BACK"),
    Command("key", key="HOME"),
)


class GridActions(gym.Wrapper, RecordedArgs):
    """Tap a grid cell, scroll or press BACK / HOME; see the module docstring.

    Args:
        env: the env to drive (the touch-level MobileEnv or a wrapper over it), without a
            ``StepCap`` below this wrapper (a cap below it would count touch steps, not
            grid actions).
        columns: cells across the screen.
        rows: cells down the screen.
    """

    def __init__(self, env: gym.Env, columns: int = 4, rows: int = 8) -> None:
        RecordedArgs.__init__(self, columns=columns, rows=rows)
        check_int("columns", columns, low=1)
        check_int("rows", rows, low=1)
        refuse_cap_inside(env, type(self).__name__)
        super().__init__(env)
        self.columns, self.rows = columns, rows
        self.action_space = spaces.Discrete(columns * rows + len(_TAIL))

    def command(self, action: Any) -> Command:
        """The command of action number ``action`` (ValueError outside the space)."""
        if isinstance(action, np.ndarray) and action.size == 1:
            action = action.reshape(()).item()
        number = check_int("a grid action", action, 0, self.action_space.n - 1)
        cells = self.columns * self.rows
        if number >= cells:
            return _TAIL[number - cells]
        row, column = divmod(number, self.columns)
        return Command("click", x=(column + 0.5) / self.columns, y=(row + 0.5) / self.rows)

    def step(self, action: Any) -> StepResult:
        try:
            command = self.command(action)
        except ValueError as exc:
            return refuse(self.env, str(exc))
        return run_command(self.env, command)
