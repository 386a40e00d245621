"""A simulated user played by a chat model behind an OpenAI-compatible endpoint.

``LLMUser`` puts the task's goal and the user block (facts, preferences, the correction,
today's date) into a system prompt, sends each question with the episode's earlier
questions and replies (temperature 0, ``top_p`` 1, a fixed seed), and returns the model's
reply. Requests go through the LLM agent's ``ChatClient`` (its retries, its
``LLMUnavailableError`` for an endpoint that cannot serve, its redacted messages); an empty
reply is an ``LLMUnavailableError`` too.

The prompt gives each fact, preference and the correction in the words the deterministic
user says them (a slot's ``reply``, where MobileWorld's relevant information is kept), so the
model knows at least what ``SimulatedUser`` tells.

What it told is judged from the question and the reply: a slot once a question about it (as
``SimulatedUser`` matches questions, in any language the aliases hold) got a reply that is
not the refusal (``is_refusal``: case, spaces and punctuation aside), so an answer in other
words or in Chinese tells it too; a fact, preference or today's date also once its value
appears in a reply (``said_in``: case, spaces and punctuation aside, and not inside a longer
word or number, so ``October 28`` does not tell the hour ``8``). The correction's ``at_step``
is said unasked, word for word, as ``SimulatedUser`` says it.
"""

from __future__ import annotations

import re
from typing import Any

from mobile_gym.agents.llm.client import ChatClient, Endpoint, LLMUnavailableError
from mobile_gym.tasks.schema import CORRECTION_SLOT, UserKnowledge
from mobile_gym.tasks.user import (
    HAN,
    REFUSAL,
    SimulatedUser,
    UserFactory,
    matched_slots,
    reply_of,
    words,
)

SAMPLING: dict[str, Any] = {"temperature": 0.0, "top_p": 1.0, "seed": 42}
"""The request parameters: the same question gets the same reply."""


def system_prompt(knowledge: UserKnowledge, goal: str) -> str:
    """The model's brief: who it plays, the goal, what it knows, and how to answer."""
    lines = [
        "You play the owner of a phone. An assistant is doing a task on the phone for you "
        "and may ask you questions about it.",
        f"The task you gave the assistant: {goal}",
    ]
    if knowledge.today:
        lines.append(f"Today's date: {knowledge.today}.")
    known = [f"- {reply_of(slot)}" for slot in knowledge.facts]
    liked = [f"- {reply_of(slot)}" for slot in knowledge.preferences]
    if known:
        lines += ["What you know:", *known]
    if liked:
        lines += ["What you prefer:", *liked]
    if knowledge.correction is not None:
        lines.append(
            "Your task instruction held a mistake. If the assistant asks whether it is right, "
            f"or about the details it got wrong, tell it: {knowledge.correction.text}"
        )
    lines += [
        "Answer briefly, from the task and the lines above only. Never make anything up.",
        f"If a question is unrelated to the task or asks for anything not given above, reply "
        f'exactly: "{REFUSAL}"',
    ]
    return "\n".join(lines)


_REFUSAL_WORDS = words(REFUSAL)


def is_refusal(reply: str) -> bool:
    """Whether ``reply`` is the refusal (``REFUSAL``), case, spaces and punctuation aside
    (``sorry, I can't help with that`` is one too)."""
    return words(reply) == _REFUSAL_WORDS


_GAP = r"[\W_]*"
"""What may stand between a value's letters and digits in a reply: spaces, punctuation."""
_JOINED = f"[^\\W_{HAN}]"
"""A letter or digit that continues a word or number (Chinese characters stand alone)."""


def said_in(value: str, reply: str) -> bool:
    """Whether ``reply`` says ``value``: its letters and digits in order (case, spaces and
    punctuation aside), not inside a longer word or number (``8`` is not said in ``28``
    nor in ``2.8``). A value that begins or ends with a Chinese character needs no
    boundary on that side: Chinese has no spaces between words."""
    chars = [c for c in value.casefold() if c.isalnum()]
    if not chars:
        return False
    pattern = _GAP.join(map(re.escape, chars))
    return re.search(_start(chars[0]) + pattern + _end(chars[-1]), reply.casefold()) is not None


def _start(first: str) -> str:
    """The boundary before a value beginning with ``first``."""
    if re.fullmatch(f"[{HAN}]", first):
        return ""
    return f"(?<!{_JOINED})" + (r"(?<!\d[.,])" if first.isdigit() else "")


def _end(last: str) -> str:
    """The boundary after a value ending with ``last``."""
    if re.fullmatch(f"[{HAN}]", last):
        return ""
    return f"(?!{_JOINED})" + (r"(?![.,]\d)" if last.isdigit() else "")


class LLMUser(SimulatedUser):
    """The user as a chat model answers (see the module docstring).

    Args:
        knowledge: the task's user block, its templates filled in.
        goal: the instruction the user gave the agent.
        client: the chat client that sends the requests.
    """

    def __init__(self, knowledge: UserKnowledge, goal: str, client: ChatClient) -> None:
        super().__init__(knowledge, goal)
        self.client = client
        self.prompt = system_prompt(knowledge, goal)

    def reply(self, question: str) -> str:
        """The model's reply to ``question``, given the episode's earlier talk."""
        messages = [{"role": "system", "content": self.prompt}]
        for asked, answered in self.history:
            messages += [
                {"role": "user", "content": asked},
                {"role": "assistant", "content": answered},
            ]
        messages.append({"role": "user", "content": question})
        answer = self.client.complete(messages, **SAMPLING).text.strip()
        if not answer:
            endpoint = self.client.endpoint
            raise LLMUnavailableError(
                f"{endpoint.url} (model {endpoint.model!r}) gave the user an empty reply"
            )
        self.history.append((question, answer))
        self._tell(self._told_in(question, answer))
        return answer

    def _told_in(self, question: str, answer: str) -> list[str]:
        """The slots ``answer`` to ``question`` told (see the module docstring)."""
        asked = (
            set() if is_refusal(answer) else {s.name for s in matched_slots(self.slots, question)}
        )
        return [
            slot.name
            for slot in self.slots
            if slot.name in asked or (slot.name != CORRECTION_SLOT and said_in(slot.value, answer))
        ]


def llm_user_factory(
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    timeout: float = 60.0,
    max_retries: int = 3,
) -> UserFactory:
    """Users played by ``model`` at ``base_url`` (each missing one read from the
    environment as the LLM agent reads it: ``mobile_gym.agents.llm.client.Endpoint``),
    sharing one client; ValueError for a missing model or URL."""
    client = ChatClient(
        Endpoint.resolve(model, base_url, api_key), timeout=timeout, max_retries=max_retries
    )

    def make(knowledge: UserKnowledge, goal: str) -> LLMUser:
        return LLMUser(knowledge, goal, client)

    return make
