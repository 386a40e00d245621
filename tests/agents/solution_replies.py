"""A scripted model that plays a task's reference solution as MobileWorld JSON actions.

``SolvingJsonAgent`` is a real ``LLMAgent`` in the ``json`` dialect whose endpoint is a
``ScriptedLLM`` answering every request with ``SolutionReplies``: the task's next reference
step written as a reply ``Thought: ...`` / ``Action: {JSON}``, as a model would write it.
A tap on an element the screen numbers is written with its ``index``, any other point
with ``x`` and ``y`` in pixels (``mobile_gym.data.json_of_command.parsed_command``); a
step that needs what the user said or a tool returned is filled in from what the agent was
last told. A ``scroll`` carries the reference's length (``span``) and a ``wait`` its
duration (``ms``), so the replies take exactly the reference's steps.

Only the replies read the episode (the solution and the screen's hierarchy); the agent
itself runs unchanged: its prompt, the HTTP request, the reply read into a JSON action,
and the ``json`` action space carrying it out.
"""

from __future__ import annotations

import json
from typing import Any

from mobile_gym.agents.llm import LLMAgent, VLMAgent
from mobile_gym.data.json_of_command import parsed_command
from mobile_gym.tasks.schema import SolutionStep
from mobile_gym.tasks.solution import bind_step, step_command
from mobile_gym.wrappers.elements import env_elements
from mobile_gym.wrappers.json_actions import json_action
from tests.agents.scripted_llm import Reply, completion

MODEL = "test-model"


class SolutionReplies:
    """The replies: call with a request body for the next one."""

    def __init__(self) -> None:
        self.env: Any = None
        self.steps: list[SolutionStep] = []
        self.info: dict[str, Any] = {}
        self.info_at_reset: dict[str, Any] = {}
        self.tool_call: dict[str, Any] | None = None
        self.kinds: list[str] = []

    def start(self, env: Any) -> None:
        self.env = env.unwrapped
        self.steps = list(self.env.episode.solution())
        self.tool_call = None
        self.kinds = []

    def __call__(self, body: dict[str, Any]) -> Reply:
        self.tool_call = self.info.get("tool_call") or self.tool_call
        if not self.steps:
            return self._reply({"action_type": "status", "goal_status": "complete"})
        device, episode = self.env.device, self.env.episode
        step = bind_step(self.steps[0], episode.told_values(), self.tool_call)
        command = step_command(step, device.hierarchy_xml(), device.size)
        self.steps.pop(0)
        action = json_action(parsed_command(command, env_elements(self.env), device.size))
        return self._reply(action)

    def _reply(self, action: dict[str, Any]) -> Reply:
        self.kinds.append(action["action_type"])
        text = json.dumps(action, ensure_ascii=False)
        return completion(f"Thought: the next step of the plan.\nAction: {text}")


class _Solving:
    """What both solving agents add: the env attached, the replies started and told
    what the agent was told."""

    replies: SolutionReplies
    _env: Any = None

    def attach(self, env: Any) -> None:
        self._env = env

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        super().reset(instruction, info, seed)  # type: ignore[misc]
        self.replies.start(self._env)
        self.replies.info = self.replies.info_at_reset = info

    def act(self, observation: Any, info: dict[str, Any]) -> str:
        self.replies.info = info
        return super().act(observation, info)  # type: ignore[misc]


class SolvingJsonAgent(_Solving, LLMAgent):
    """An ``LLMAgent`` (``json`` dialect) whose endpoint's replies are ``replies``: the
    runner attaches it to the env like the oracle, so the replies can read the episode."""

    def __init__(self, base_url: str, replies: SolutionReplies, **options: Any) -> None:
        super().__init__(model=MODEL, base_url=base_url, dialect="json", **options)
        self.replies = replies


class SolvingJsonVLM(_Solving, VLMAgent):
    """``SolvingJsonAgent``'s vision variant: the Set-of-Marks screenshot and its list."""

    def __init__(self, base_url: str, replies: SolutionReplies, **options: Any) -> None:
        super().__init__(model=MODEL, base_url=base_url, dialect="json", **options)
        self.replies = replies
