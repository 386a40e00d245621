"""Serving the play app with uvicorn: until Ctrl-C (the command), or in a background
thread for as long as a ``with`` block lasts (tests, the screenshot script).

The socket is bound before uvicorn starts, so a port in use is an ``OSError`` the caller
reports, and port 0 gets a free port whose URL is known at once.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

SHUTDOWN_S = 5.0
"""How long a stopping server waits for its connections to close."""


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (0: a free port); OSError if it cannot be bound."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family)


def page_url(listener: socket.socket) -> str:
    """The URL of the page served on ``listener``."""
    host, port = listener.getsockname()[:2]
    return f"http://{f'[{host}]' if ':' in host else host}:{port}/"


def _server(app: Any) -> Any:
    import uvicorn

    config = uvicorn.Config(
        app, log_level="warning", lifespan="off", timeout_graceful_shutdown=SHUTDOWN_S
    )
    return uvicorn.Server(config)


def serve_until_stopped(app: Any, listener: socket.socket) -> None:
    """Serve ``app`` on ``listener`` in this thread until Ctrl-C (or SIGTERM)."""
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn re-raises the Ctrl-C it handled
        _server(app).run(sockets=[listener])


@contextlib.contextmanager
def serving(app: Any, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve ``app`` on ``host:port`` in a background thread; yields the page's URL. The
    server is stopped, and its thread joined, when the block ends."""
    listener = listen(host, port)
    server = _server(app)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10.0
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the play server did not start")
            time.sleep(0.01)
        yield page_url(listener)
    finally:
        server.should_exit = True
        thread.join(SHUTDOWN_S + 5.0)
        listener.close()
