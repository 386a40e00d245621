"""OracleAgent: plays the task's reference solution, one solution step per action.

It proves every task solvable within its stated minimum (success rate 1.0 and step
efficiency 1.0 on every shipped task). It is privileged: the runner ``attach``es it to the
env so it can read the episode's solution (parameters filled) and the screen's view
hierarchy, which no other agent sees. Steps that use what the user told or a tool
returned (``{reply.SLOT}``, ``{tool.PATH}``) are filled in from the episode as it goes.

The solutions are written on the default display (a Pixel 7). On a smaller one
(``display="small_phone"``) a step's target may lie under the keyboard or below the fold:
the oracle then hides the keyboard and scrolls until it shows
(``mobile_gym.tasks.solution.TargetSearch``), each an action of its own, and fails as before
when nothing brings it.
"""

from __future__ import annotations

from typing import Any

from mobile_gym.agents.base import ModelFreeAgent
from mobile_gym.commands import Command
from mobile_gym.tasks.schema import SolutionStep
from mobile_gym.tasks.solution import TargetSearch, bind_step, step_command


class OracleAgent(ModelFreeAgent):
    """The reference solution as an agent (gesture actions); ``attach`` it before reset."""

    name = "oracle"
    action_space = "gesture"
    observation = "pixels"

    def __init__(self) -> None:
        self._env: Any = None
        self._steps: list[SolutionStep] = []
        self._tool_result: dict[str, Any] | None = None
        self._output: str | None = None
        self._search = TargetSearch()
        """What looks for the next step's target when it is not on the screen."""

    def attach(self, env: Any) -> None:
        self._env = env.unwrapped

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        if self._env is None or self._env.episode is None:
            raise RuntimeError("the oracle needs attach(env) and env.reset() before reset()")
        self._steps = list(self._env.episode.solution())
        self._tool_result = None
        self._search = TargetSearch()

    def act(self, observation: Any, info: dict[str, Any]) -> Command:
        if not self._steps:
            command = Command("status", text="complete")
        else:
            self._tool_result = info.get("tool_call") or self._tool_result
            episode = self._env.episode
            step = bind_step(self._steps[0], episode.told_values(), self._tool_result)
            command = self._command(step)
        self._output = _describe(command)
        return command

    def _command(self, step: SolutionStep) -> Command:
        """The command of ``step`` on the screen now, or a scroll towards its target; a
        step that cannot be played on this screen (LookupError) stays next."""
        xml, size = self._env.device.hierarchy_xml(), self._env.device.size
        try:
            command = step_command(step, xml, size)
        except LookupError:
            looking = self._search.next(xml, size)
            if looking is None:
                raise
            return looking
        self._steps.pop(0)
        self._search = TargetSearch()
        return command


def _describe(command: Command) -> str:
    fields = {
        name: value
        for name, value in vars(command).items()
        if name != "verb" and value not in (None, "", {})
    }
    shown = ", ".join(
        f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v!r}" for k, v in fields.items()
    )
    return f"{command.verb}({shown})"
