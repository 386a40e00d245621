"""ToolHub: listing and calling MCP tools over the in-memory and stdio transports.

The servers here are a small demo server (``demo_server``); run as a module
(``python -m tests.mcp.test_hub``) this file serves it over stdio.
"""

from __future__ import annotations

from collections.abc import Iterator

import anyio
import psutil
import pytest
from mcp.server.mcpserver import MCPServer

from mobile_gym.mcp.hub import ToolHub, ToolServer, ToolServerError, known_servers

MODULE = "tests.mcp.test_hub"


def demo_server() -> MCPServer:
    """Three tools: ``add`` answers, ``explode`` raises, ``stall`` takes its time."""
    server = MCPServer("demo")

    @server.tool()
    def add(a: int, b: int) -> int:
        """Add two whole numbers."""
        return a + b

    @server.tool()
    def explode(place: str) -> str:
        """Fail for any place."""
        raise RuntimeError(f"no map of {place}")

    @server.tool()
    async def stall(seconds: float) -> str:
        """Answer after ``seconds``."""
        await anyio.sleep(seconds)
        return "late"

    return server


DEMO = ToolServer("demo", MODULE, demo_server)
OTHER = ToolServer("other", MODULE, demo_server)


def children() -> set[int]:
    """The process ids of this process's children (another test's hub may hold some)."""
    return {p.pid for p in psutil.Process().children(recursive=True)}


@pytest.fixture(scope="module", params=["memory", "stdio"])
def hub(request: pytest.FixtureRequest) -> Iterator[ToolHub]:
    """A started hub of two servers over each transport, shared by the tests that do not
    break it."""
    with ToolHub([DEMO, OTHER], request.param, timeout_s=30) as started:
        yield started


def test_tools_are_listed_with_their_server_prefix(hub: ToolHub) -> None:
    tools = {tool.name: tool for tool in hub.tools()}
    assert list(tools) == [
        "demo_add",
        "demo_explode",
        "demo_stall",
        "other_add",
        "other_explode",
        "other_stall",
    ]
    add = tools["demo_add"]
    assert add.description == "Add two whole numbers."
    assert add.input_schema["required"] == ["a", "b"]
    assert add.input_schema["properties"]["a"]["type"] == "integer"
    assert add.as_dict() == {
        "name": "demo_add",
        "description": "Add two whole numbers.",
        "input_schema": add.input_schema,
    }


def test_a_call_returns_text_and_structured_content(hub: ToolHub) -> None:
    result = hub.call("other_add", {"a": 2, "b": 40})
    assert (result.text, result.is_error, result.structured) == ("42", False, {"result": 42})


def test_an_unknown_tool_is_an_error_result(hub: ToolHub) -> None:
    result = hub.call("demo_subtract", {"a": 1})
    assert result.is_error and result.text == "Unknown tool: demo_subtract"
    assert hub.call("add", {"a": 1, "b": 2}).is_error  # the server's own name is no hub name


def test_bad_arguments_are_an_error_result(hub: ToolHub) -> None:
    result = hub.call("demo_add", {"a": "two"})
    assert result.is_error and "validation error" in result.text
    assert not hub.call("demo_add", {"a": 1, "b": 1}).is_error  # the session goes on


def test_a_tool_that_raises_is_an_error_result(hub: ToolHub) -> None:
    result = hub.call("demo_explode", {"place": "Hangzhou"})
    assert result.is_error and "explode" in result.text
    assert hub.broken is None


def test_a_killed_server_raises_tool_server_error() -> None:
    before = children()
    with ToolHub([DEMO], "stdio", timeout_s=30) as hub:
        assert hub.call("demo_add", {"a": 1, "b": 2}).text == "3"
        (pid,) = children() - before
        server = psutil.Process(pid)
        server.kill()
        server.wait(10)
        with pytest.raises(ToolServerError, match="'demo'"):
            hub.call("demo_add", {"a": 1, "b": 2})
        assert hub.broken is not None
        with pytest.raises(ToolServerError):  # the hub stays broken
            hub.call("demo_add", {"a": 1, "b": 2})
    assert not children() - before


def test_a_server_that_stops_answering_raises_tool_server_error() -> None:
    with ToolHub([DEMO], "memory", timeout_s=0.5) as hub:
        assert hub.call("demo_stall", {"seconds": 0}).text == "late"
        with pytest.raises(ToolServerError, match="'demo'"):
            hub.call("demo_stall", {"seconds": 30})
        assert hub.broken is not None


def test_close_stops_every_server_process_and_the_thread() -> None:
    before = children()
    hub = ToolHub([DEMO, OTHER], "stdio", timeout_s=30)
    hub.start()
    assert len(children() - before) == 2
    hub.close()
    assert not children() - before
    assert not hub.running
    with pytest.raises(RuntimeError, match="not started"):
        hub.tools()
    hub.start()  # a closed hub starts again
    assert hub.call("demo_add", {"a": 3, "b": 4}).text == "7"
    hub.close()
    assert not children() - before


def test_a_server_that_does_not_start_raises_and_leaves_nothing() -> None:
    before = children()
    broken = ToolServer("broken", "tests.mcp.no_such_module", demo_server)
    hub = ToolHub([DEMO, broken], "stdio", timeout_s=30)
    with pytest.raises(ToolServerError, match="could not be started"):
        hub.start()
    assert not hub.running and not children() - before


def test_shipped_servers_are_named() -> None:
    with ToolHub(["amap", "gitHub"]) as hub:
        names = [tool.name for tool in hub.tools()]
        assert "amap_maps_weather" in names and "gitHub_search_issues" in names
        assert all(name.startswith(("amap_", "gitHub_")) for name in names)
    assert set(known_servers()) == {"amap", "gitHub", "arXiv", "stockstar", "jina"}
    with pytest.raises(ValueError, match="unknown MCP server 'maps'; known servers: amap"):
        ToolHub(["maps"])


def test_hub_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="transport"):
        ToolHub([DEMO], "http")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="more than once"):
        ToolHub([DEMO, DEMO])
    with pytest.raises(ValueError, match="timeout_s"):
        ToolHub([DEMO], timeout_s=0)


if __name__ == "__main__":
    demo_server().run()
