"""From a model's reply to the action the agent sends.

``TextCommands`` reads the reply with ``parse_text_command``. A reply it reads becomes the
short canonical ``ACTION: <command>`` (the THINK text stays in the agent's ``last_output``);
a reply it cannot read (no ACTION line, an unknown command, empty, a refusal) is sent as
it is, so that the wrapper rejects it and tells the model why in ``info["action_error"]``.
"""

from __future__ import annotations

from mobile_gym.wrappers.text_commands import parse_text_command


def action_of(reply: str) -> str:
    """The action for ``reply``: ``ACTION: <command>`` if the reply holds one, else the
    reply itself (which the wrapper will reject, saying why). Never raises."""
    try:
        command = parse_text_command(reply)
    except (ValueError, TypeError, RecursionError):
        return reply
    return f"ACTION: {command}"
