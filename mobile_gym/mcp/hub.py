"""A synchronous client of MCP tool servers: ``ToolHub``, the env's way to its task's tools.

The env steps synchronously; the MCP SDK's client is async. A ``ToolHub`` runs one event
loop on a background thread and holds one client session per server there, over the real
protocol (JSON-RPC, the handshake-era ``initialize`` handshake):

- ``memory``: the server object is built in this process and reached through the SDK's
  in-memory transport (fast, no process);
- ``stdio``: ``python -m <module>`` is spawned per server and spoken to over its standard
  input and output, as an MCP host runs a local server.

Tools are named ``<server>_<tool>`` (``amap_maps_weather``), as MobileWorld's multi-server
client prefixes them. A call the protocol answers (an unknown tool, arguments the tool
refuses, a tool that raised) comes back as a ``ToolResult`` with ``is_error`` set; a server
that died or did not answer within ``timeout_s`` raises ``ToolServerError`` and leaves the
hub broken (``broken`` says why) until it is closed. ``close`` stops every server process and
the thread.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from types import TracebackType
from typing import IO, Any, Literal

import anyio
import anyio.abc
import mcp_types
from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

Transport = Literal["memory", "stdio"]
TRANSPORTS: tuple[str, ...] = ("memory", "stdio")
"""How a hub reaches its servers (see the module docstring)."""

_SERVER_GONE = frozenset((mcp_types.CONNECTION_CLOSED, mcp_types.REQUEST_TIMEOUT))
"""Protocol error codes that mean the server, not the call, failed."""
_TRANSPORT_FAULTS: tuple[type[BaseException], ...] = (
    anyio.BrokenResourceError,
    anyio.ClosedResourceError,
    anyio.EndOfStream,
    OSError,
    TimeoutError,
)
"""Exceptions of a connection that broke under a call."""
_STOP_GRACE_S = 10.0
"""How long ``close`` waits for a server's session to end (a stdio server is given two
seconds to exit before it is killed)."""


class ToolServerError(RuntimeError):
    """A tool server died or stopped answering: a fault of the machinery, not of the agent's
    call (the env ends the episode as a device fault)."""


@dataclass(frozen=True)
class ToolInfo:
    """A tool as the agent is told it: its hub name, description and JSON schema of its
    arguments."""

    name: str
    description: str
    input_schema: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        """The tool as JSON-ready data."""
        return {
            "name": self.name,
            "description": self.description,
            "input_schema": self.input_schema,
        }


@dataclass(frozen=True)
class ToolResult:
    """What a call returned: its text content joined (one part a line), whether the server
    reported an error, and its structured content if it gave any."""

    text: str
    is_error: bool
    structured: Any | None = None


@dataclass(frozen=True)
class ToolServer:
    """A tool server the hub can reach: its name (the tools' prefix), the module that serves
    it over stdio (``python -m module``) and how to build it in this process."""

    name: str
    module: str
    build: Callable[[], MCPServer]


def known_servers() -> dict[str, ToolServer]:
    """The offline tool servers shipped with mobile-gym (``mobile_gym.mcp.servers``), by name."""
    from mobile_gym.mcp import servers

    return {
        name: ToolServer(name, module, functools.partial(servers.build_server, name))
        for name, module in servers.SERVERS.items()
    }


def _resolved(servers: Sequence[str | ToolServer]) -> tuple[ToolServer, ...]:
    """The servers named (by name from ``known_servers``, or given); ValueError naming an
    unknown or repeated one."""
    names = [s for s in servers if isinstance(s, str)]
    known = known_servers() if names else {}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise ValueError(f"unknown MCP server {unknown[0]!r}; known servers: {', '.join(known)}")
    resolved = tuple(known[s] if isinstance(s, str) else s for s in servers)
    seen = [s.name for s in resolved]
    repeated = [name for name in seen if seen.count(name) > 1]
    if repeated:
        raise ValueError(f"MCP server {repeated[0]!r} is given more than once")
    return resolved


class ToolHub:
    """Synchronous access to the tools of several MCP servers (see the module docstring).

    Args:
        servers: server names from ``known_servers()`` (``"amap"``), or ``ToolServer``s.
        transport: ``memory`` (in this process) or ``stdio`` (a process per server).
        timeout_s: how long a server may take to start or to answer one call.
    """

    def __init__(
        self,
        servers: Sequence[str | ToolServer],
        transport: Transport = "memory",
        timeout_s: float = 60.0,
    ) -> None:
        if transport not in TRANSPORTS:
            raise ValueError(f"transport must be one of {TRANSPORTS}, got {transport!r}")
        if not timeout_s > 0:
            raise ValueError(f"timeout_s must be positive, got {timeout_s!r}")
        self.servers = _resolved(servers)
        self.transport = transport
        self.timeout_s = float(timeout_s)
        self.broken: str | None = None
        """Why the hub stopped working (a server died or did not answer), else None."""
        self._stack: contextlib.ExitStack | None = None
        self._portal: BlockingPortal | None = None
        self._stop: anyio.Event | None = None
        self._sessions: list[Future[None]] = []
        self._clients: dict[str, Client] = {}
        self._routes: dict[str, tuple[str, str]] = {}
        self._tools: list[ToolInfo] = []
        self._errlog: IO[str] | None = None

    # lifecycle ------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """Whether the hub is started and not closed."""
        return self._portal is not None

    def start(self) -> None:
        """Connect to every server and list its tools (nothing if already started);
        ToolServerError if a server cannot be reached."""
        if self._portal is not None:
            return
        self._stack = contextlib.ExitStack()
        try:
            self._portal = self._stack.enter_context(start_blocking_portal(name="mcp-tool-hub"))
            self._stop = self._portal.call(anyio.Event)
            if self.transport == "stdio":
                errlog = tempfile.TemporaryFile("w+")  # noqa: SIM115 - the stack closes it
                self._errlog = self._stack.enter_context(errlog)
            for server in self.servers:
                future, client = self._portal.start_task(self._session, server)
                self._sessions.append(future)
                self._clients[server.name] = client
            for server in self.servers:
                for tool in self._portal.call(self._list_tools, server.name):
                    name = f"{server.name}_{tool.name}"
                    self._routes[name] = (server.name, tool.name)
                    self._tools.append(ToolInfo(name, tool.description or "", tool.input_schema))
        except Exception as exc:
            reason = f"MCP servers could not be started: {_described(exc)}{self._stderr_tail()}"
            self.close()
            raise ToolServerError(reason) from exc

    def close(self) -> None:
        """End every session, stop every server process and the event loop thread. Safe to
        call more than once; the hub can be started again afterwards."""
        portal, stack, stop = self._portal, self._stack, self._stop
        self._portal = self._stack = self._stop = None
        if portal is not None and stop is not None:
            with contextlib.suppress(Exception):
                portal.call(stop.set)
            for future in self._sessions:
                with contextlib.suppress(Exception):
                    future.result(_STOP_GRACE_S)
        if stack is not None:
            with contextlib.suppress(Exception):  # a session that ended with its server's fault
                stack.close()
        self._sessions, self._clients, self._routes, self._tools = [], {}, {}, []
        self._errlog = None
        self.broken = None

    def __enter__(self) -> ToolHub:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # tools --------------------------------------------------------------------------------
    def tools(self) -> list[ToolInfo]:
        """Every tool of every server, named ``<server>_<tool>``, servers in the given order."""
        self._check_running()
        return list(self._tools)

    def call(self, name: str, arguments: Mapping[str, Any]) -> ToolResult:
        """Call tool ``name`` (``<server>_<tool>``) with ``arguments``. An unknown tool or
        arguments the tool refuses give an error result; ToolServerError if the server died
        or did not answer within ``timeout_s``."""
        portal = self._check_running()
        if self.broken is not None:
            raise ToolServerError(self.broken)
        route = self._routes.get(name)
        if route is None:
            return ToolResult(f"Unknown tool: {name}", is_error=True)
        server, tool = route
        try:
            result = portal.call(self._call_tool, server, tool, dict(arguments))
        except MCPError as exc:
            if exc.code not in _SERVER_GONE:  # the server refused the request itself
                return ToolResult(exc.message, is_error=True)
            raise self._broke(server, exc) from exc
        except (*_TRANSPORT_FAULTS, RuntimeError) as exc:  # RuntimeError: the loop is gone
            raise self._broke(server, exc) from exc
        return _tool_result(result)

    # internals ----------------------------------------------------------------------------
    def _check_running(self) -> BlockingPortal:
        if self._portal is None:
            raise RuntimeError("the tool hub is not started: call start() first")
        return self._portal

    def _broke(self, server: str, exc: BaseException) -> ToolServerError:
        """Mark the hub broken by ``server``'s fault; the error to raise."""
        self.broken = f"MCP server {server!r} failed: {_described(exc)}"
        return ToolServerError(self.broken)

    def _stderr_tail(self, chars: int = 400) -> str:
        """The end of what the server processes wrote to stderr, as a suffix to the error of
        a server that did not start."""
        if self._errlog is None:
            return ""
        with contextlib.suppress(OSError, ValueError):
            self._errlog.seek(0)
            text = " ".join(self._errlog.read().split())[-chars:]
            if text:
                return f" (server stderr: {text})"
        return ""

    def _client(self, server: ToolServer) -> Client:
        """A client of ``server`` over the hub's transport."""
        if self.transport == "memory":
            target: Any = server.build()
        else:
            parameters = StdioServerParameters(
                command=sys.executable, args=["-m", server.module], env=_child_environment()
            )
            target = stdio_client(parameters, errlog=self._errlog or sys.stderr)
        return Client(target, mode="legacy", read_timeout_seconds=self.timeout_s)

    async def _session(
        self, server: ToolServer, *, task_status: anyio.abc.TaskStatus[Client]
    ) -> None:
        """Hold one session with ``server`` until the hub closes."""
        assert self._stop is not None
        async with self._client(server) as client:
            task_status.started(client)
            await self._stop.wait()

    async def _list_tools(self, server: str) -> list[mcp_types.Tool]:
        client = self._clients[server]
        tools: list[mcp_types.Tool] = []
        cursor: str | None = None
        while True:
            page = await client.list_tools(cursor=cursor)
            tools += page.tools
            cursor = page.next_cursor
            if cursor is None:
                return tools

    async def _call_tool(
        self, server: str, tool: str, arguments: dict[str, Any]
    ) -> mcp_types.CallToolResult:
        with anyio.fail_after(self.timeout_s):
            return await self._clients[server].call_tool(tool, arguments)


def _tool_result(result: mcp_types.CallToolResult) -> ToolResult:
    """A call's result: its text parts joined a line each (other content named by kind)."""
    return ToolResult(
        "\n".join(map(_content_text, result.content)),
        bool(result.is_error),
        result.structured_content,
    )


def _content_text(part: Any) -> str:
    if isinstance(part, mcp_types.TextContent):
        return part.text
    mime = getattr(part, "mime_type", None)
    return f"[{part.type}{f' {mime}' if mime else ''}]"


def _described(exc: BaseException) -> str:
    """An exception in a line: its message, or its class when it has none."""
    if isinstance(exc, MCPError):
        return exc.message
    return str(exc) or type(exc).__name__


def _child_environment() -> dict[str, str]:
    """Variables a server process needs beyond the SDK's safe defaults: this process's
    module path, so that ``python -m`` finds the same modules."""
    paths = [p for p in sys.path if p and os.path.isdir(p)]
    return {"PYTHONPATH": os.pathsep.join(paths)}
