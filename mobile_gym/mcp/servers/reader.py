"""Offline Jina Reader MCP server ``jina``: web pages as Markdown.

Answers only from ``fixtures/jina.yaml``; the client sees the tool as ``jina_read_url``.

Tools (arguments -> result text):

- ``read_url(url)`` -> the page as Jina Reader renders it::

      Title: <page title>

      URL Source: <url>

      Published Time: <YYYY-MM-DD>

      Markdown Content:
      <the page as Markdown>

  The URL matches a stored page ignoring the scheme (http / https), a leading ``www.``, a
  trailing slash and the case of the host.

Errors (``isError`` results): a URL that is not http(s), or one with no stored page.

Run over stdio: ``python -m mobile_gym.mcp.servers.reader``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from mcp.server.mcpserver import MCPServer

from mobile_gym.mcp.servers.common import clean_text, new_server, tool_error
from mobile_gym.mcp.servers.data import fixture

NAME = "jina"


def page_key(url: str) -> str:
    """The form of a URL that page lookups compare."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise tool_error(f"url must be an http(s) address, got {url!r}")
    host = parts.netloc.lower().removeprefix("www.")
    query = f"?{parts.query}" if parts.query else ""
    return f"{host}{parts.path.rstrip('/')}{query}"


def find_page(url: str) -> dict[str, Any]:
    """The stored page at ``url``; a ``ToolError`` when there is none."""
    key = page_key(url)
    for page in fixture("jina")["pages"]:
        if page_key(page["url"]) == key:
            return page
    raise tool_error(f"could not read {url}: the page was not found (HTTP 404)")


def build() -> MCPServer:
    """A fresh ``jina`` server object answering from the fixture."""
    server = new_server(NAME, "Offline Jina Reader over a frozen set of web pages.")

    @server.tool(structured_output=False)
    def read_url(url: str) -> str:
        """Read a web page and return its content as Markdown."""
        page = find_page(clean_text(url, "url"))
        return (
            f"Title: {page['title']}\n\n"
            f"URL Source: {page['url']}\n\n"
            f"Published Time: {page['published']}\n\n"
            f"Markdown Content:\n{page['content']}"
        )

    return server


def main() -> None:
    """Serve ``jina`` over stdio."""
    build().run("stdio")


if __name__ == "__main__":
    main()
