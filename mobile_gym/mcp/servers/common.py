"""Helpers shared by the offline MCP tool servers: JSON results and argument checks.

Tools return JSON text (one text content block), as the remote servers MobileWorld used do;
a bad argument or an unknown entity raises the SDK's ``ToolError`` (``tool_error``), which
the SDK turns into a result with ``isError`` set and the message as its text. The SDK is
imported when the first such error is raised, so the fixture worlds can be read without it:
the phone's Maps reads the ``amap`` server's places and routes.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from mobile_gym.mcp.servers.geo import Point, coordinate

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

__all__ = [
    "LOG_LEVEL",
    "as_json",
    "clean_text",
    "new_server",
    "parse_coordinate",
    "positive_int",
    "tool_error",
]

LOG_LEVEL = "WARNING"
"""What the servers log. The SDK's default, INFO, also sets up the root logger of the process
that makes a server (``logging.basicConfig``): every library's INFO lines, and a line per
tool call whose arguments a check refused, would reach the user's console."""


def new_server(name: str, instructions: str) -> MCPServer:
    """An SDK server named ``name`` that logs warnings only (``LOG_LEVEL``) and tells MCP
    hosts mobile-gym's version."""
    from mcp.server.mcpserver import MCPServer  # (see the module docstring)

    from mobile_gym import __version__

    return MCPServer(name, instructions=instructions, version=__version__, log_level=LOG_LEVEL)


def tool_error(message: str) -> Exception:
    """The SDK's ``ToolError`` with ``message``, for a tool to raise."""
    from mcp.server.mcpserver.exceptions import ToolError  # (see the module docstring)

    return ToolError(message)


def as_json(value: Any) -> str:
    """The tool result text: compact JSON, non-ASCII characters kept readable."""
    return json.dumps(value, ensure_ascii=False)


def clean_text(value: str, what: str) -> str:
    """``value`` stripped; a ``ToolError`` when it is empty."""
    text = value.strip()
    if not text:
        raise tool_error(f"{what} must not be empty")
    return text


def positive_int(value: int, what: str, *, maximum: int | None = None) -> int:
    """``value`` checked to be at least 1 (and at most ``maximum`` when given)."""
    if value < 1:
        raise tool_error(f"{what} must be at least 1, got {value}")
    if maximum is not None and value > maximum:
        raise tool_error(f"{what} must be at most {maximum}, got {value}")
    return value


def parse_coordinate(text: str, what: str = "location") -> Point:
    """A ``"lng,lat"`` string as ``(lng, lat)``; a ``ToolError`` when it is not one."""
    try:
        return coordinate(text, what)
    except ValueError as exc:
        raise tool_error(str(exc)) from None
