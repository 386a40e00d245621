"""The web app of a play session (Starlette): the page, and the phone over a WebSocket.

Routes:

- ``GET /``: the page (``mobile_gym.play.page``).
- ``GET /api/state``: the session's state as JSON (``PlaySession.state``).
- ``GET /api/screen.png``: the screen, half the phone's size.
- ``WS /ws``: the page's channel. A client sends JSON requests, one per message:
  ``{"op": "command", "command": {"verb": "click", "x": 0.5, "y": 0.3}}`` (a ``Command``'s
  fields, positions normalised to [0, 1]), ``{"op": "solution"}`` (the reference
  solution's next step), ``{"op": "reset"}`` (the same seed again) or ``{"op": "reset",
  "seed": 7}``, and ``{"op": "state"}``. After each request, and once on connecting,
  every connected client gets the state as a text message ``{"type": "state", "state":
  {...}, "error": null}`` and then the screen as a binary message (PNG); ``error`` says why
  the request was refused, if it was, to the client that sent it only.

Requests run one at a time in a worker thread, so the page stays served while the phone
steps.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from mobile_gym.play.page import PAGE
from mobile_gym.play.session import PlayError, PlaySession, command_from_json

OPS = ("command", "solution", "reset", "state")
"""The requests a client may send over the WebSocket."""


def handle(session: PlaySession, request: Any) -> None:
    """Carry out one WebSocket request (see the module docstring) on ``session``;
    PlayError naming what is wrong with a request it refuses."""
    if not isinstance(request, dict) or request.get("op") not in OPS:
        raise PlayError(f"a request is a JSON object whose op is one of {', '.join(OPS)}")
    op = request["op"]
    if op == "command":
        session.act(command_from_json(request.get("command")))
    elif op == "solution":
        session.solution_step()
    elif op == "reset":
        session.reset(request.get("seed"))


def state_message(state: dict[str, Any], error: str | None) -> str:
    """The text message of ``state``, with ``error``: why the client's request was refused
    (None: it was not, or another client asked)."""
    return json.dumps({"type": "state", "state": state, "error": error})


def build_app(session: PlaySession) -> Starlette:
    """The web app of ``session`` (the caller closes the session when done with it)."""
    lock = anyio.Lock()
    clients: set[WebSocket] = set()

    async def page(request: Request) -> HTMLResponse:
        return HTMLResponse(PAGE)

    async def state(request: Request) -> JSONResponse:
        async with lock:
            return JSONResponse(await anyio.to_thread.run_sync(session.state))

    async def screen(request: Request) -> Response:
        async with lock:
            png = await anyio.to_thread.run_sync(session.screen_png)
        return Response(png, media_type="image/png", headers={"Cache-Control": "no-store"})

    def update(text: str | None) -> tuple[dict[str, Any], str | None, bytes]:
        """Carry out request ``text`` (None: none); the state, why the request was refused
        (None: it was not) and the screen."""
        error = None
        if text is not None:
            try:
                handle(session, json.loads(text))
            except json.JSONDecodeError as exc:
                error = f"a request must be JSON: {exc.msg}"
            except PlayError as exc:
                error = str(exc)
        return session.state(), error, session.screen_png()

    async def send(asker: WebSocket, targets: set[WebSocket], text: str | None) -> None:
        """Carry out ``asker``'s request ``text``; the state and screen go to ``targets``,
        a refusal to ``asker`` only."""
        async with lock:
            state, error, png = await anyio.to_thread.run_sync(update, text)
        everyone = state_message(state, None)
        answer = everyone if error is None else state_message(state, error)
        for client in list(targets):
            try:
                await client.send_text(answer if client is asker else everyone)
                await client.send_bytes(png)
            except (WebSocketDisconnect, RuntimeError):  # it left meanwhile
                clients.discard(client)

    async def channel(websocket: WebSocket) -> None:
        await websocket.accept()
        clients.add(websocket)
        try:
            await send(websocket, {websocket}, None)
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                await send(websocket, clients, message.get("text") or "")
        finally:
            clients.discard(websocket)

    return Starlette(
        routes=[
            Route("/", page),
            Route("/api/state", state),
            Route("/api/screen.png", screen),
            WebSocketRoute("/ws", channel),
        ]
    )
