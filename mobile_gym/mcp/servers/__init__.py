"""Offline MCP tool servers with MobileWorld's server and tool names, over frozen fixtures.

MobileWorld reaches five remote MCP servers; these stand-ins answer the same tool names and
argument keys from data files in ``mobile_gym/mcp/fixtures/`` (see ``data.load_fixture``):

=============  ==========================  ===================================================
server         module                      tools (the client sees ``<server>_<tool>``)
=============  ==========================  ===================================================
``amap``       ``servers.maps``            maps_weather, maps_geo, maps_regeocode,
                                           maps_text_search, maps_around_search,
                                           maps_search_detail, maps_distance,
                                           maps_direction_walking, maps_direction_bicycling,
                                           maps_direction_driving,
                                           maps_direction_transit_integrated
``gitHub``     ``servers.github``          list_issues, search_issues, get_issue, list_commits,
                                           search_users, search_repositories,
                                           get_file_contents
``arXiv``      ``servers.arxiv``           search_arxiv, get_recent_ai_papers, read_paper
``stockstar``  ``servers.stocks``          stk_eval_filter_by_roe_3y,
                                           stk_eval_filter_by_div_rate, miotech_esg_rating,
                                           chindices_esg_rating
``jina``       ``servers.reader``          read_url
=============  ==========================  ===================================================

Tool names carry no server prefix; the env's client adds ``<server>_``. Each module runs over
stdio with ``python -m mobile_gym.mcp.servers.<module>``; its docstring lists the tools'
arguments and result shapes. Bad arguments and unknown entities come back as tool results
with ``isError`` set.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the SDK is imported by the servers themselves, when they are built)
    from mcp.server.mcpserver import MCPServer

SERVERS: dict[str, str] = {
    "amap": "mobile_gym.mcp.servers.maps",
    "gitHub": "mobile_gym.mcp.servers.github",
    "arXiv": "mobile_gym.mcp.servers.arxiv",
    "stockstar": "mobile_gym.mcp.servers.stocks",
    "jina": "mobile_gym.mcp.servers.reader",
}
"""Server name (as MobileWorld names it) -> module serving it."""


def build_server(name: str) -> MCPServer:
    """A fresh server object for ``name`` (``amap``, ``gitHub``, ``arXiv``, ...)."""
    module = SERVERS.get(name)
    if module is None:
        raise ValueError(f"unknown MCP server {name!r}; known servers: {', '.join(SERVERS)}")
    server: MCPServer = importlib.import_module(module).build()
    return server


__all__ = ["SERVERS", "build_server"]
