"""StepCap: end an episode after exactly N agent actions (MobileAgentBench's 2 x min steps,
Mobile-Env's 15, MobileWorld's 50, or any number).

Action Space / Observation: those of the wrapped env.
Truncation: after the step that brings the count to N without ending the episode;
``info["success"]`` is then the task's final verdict (latched or judged on the final
state; ``MobileEnv.cut_off``). A device fault met judging the final state (or met in the
step and not yet reported) ends the episode instead, as any device fault does:
``terminated``, reward 0, ``info["error"]``, never a success. N actions are allowed, not
N + 1: a step after the truncation raises (RuntimeError) until ``reset``. An agent action
counts as the task counts it, ``info["task_actions"]`` (default 1): under
MobileAgentBench's rules a TYPE that taps its field first is two actions
(``EpisodeRules.typing_tap_counts``).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym

from mobile_gym.checks import check_int
from mobile_gym.wrappers.recorded import RecordedArgs


def refuse_cap_inside(env: gym.Env, name: str) -> None:
    """ValueError if a ``StepCap`` is among the wrappers of ``env``: the action wrapper
    ``name`` put over it would have the cap count touch steps, not agent actions."""
    inner: gym.Env = env
    while isinstance(inner, gym.Wrapper):
        if isinstance(inner, StepCap):
            raise ValueError(
                f"{name} must wrap the env inside its StepCap (a cap below it would count "
                f"touch steps, not agent actions): make the env with max_steps='none' and "
                f"put StepCap outermost"
            )
        inner = inner.env


class StepCap(gym.Wrapper, RecordedArgs):
    """Truncate after ``max_steps`` calls to ``step``; keep this wrapper outermost."""

    def __init__(self, env: gym.Env, max_steps: int) -> None:
        RecordedArgs.__init__(self, max_steps=max_steps)
        super().__init__(env)
        self.max_steps = check_int("max_steps", max_steps, low=1)
        self.agent_steps = 0
        self.truncated = False
        """Whether the cap ended the episode; ``step`` then refuses until ``reset``."""

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        self.agent_steps, self.truncated = 0, False
        observation, info = self.env.reset(**kwargs)
        info["agent_steps"], info["step_cap"] = 0, self.max_steps
        return observation, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self.truncated:
            raise RuntimeError(
                f"the episode was truncated at its step cap ({self.max_steps} agent actions):"
                " call reset() before step()"
            )
        observation, reward, terminated, truncated, info = self.env.step(action)
        self.agent_steps += info.get("task_actions", 1)
        info["agent_steps"], info["step_cap"] = self.agent_steps, self.max_steps
        if terminated or self.agent_steps < self.max_steps:
            return observation, reward, terminated, truncated, info
        cut_off = getattr(self.env.unwrapped, "cut_off", None)
        if cut_off is None:  # not a MobileEnv: no task judges the end
            self.truncated = True
            return observation, reward, False, True, info
        observation, reward, terminated, self.truncated, info = cut_off(
            (observation, reward, terminated, truncated, info)
        )
        return observation, reward, terminated, self.truncated, info
