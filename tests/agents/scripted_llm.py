"""A local OpenAI-compatible chat-completions server that answers from a script.

``ScriptedLLM(script)`` serves ``POST /v1/chat/completions`` on 127.0.0.1 (an ephemeral
port) in a thread, answering each request with the next entry of ``script`` and recording
every request it received. An entry is a ``Reply``, or a function of the request's JSON body
that returns one (to answer from what the request shows). Once the script is used up, it
answers 400 "script exhausted".
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

USAGE = {"prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150}

HANG_LIMIT_S = 10.0
"""How long a hanging answer holds its request at most (the server's exit releases it)."""


@dataclass(frozen=True)
class Reply:
    """One scripted answer: a completion with ``content`` (None: a null content, with
    ``refusal`` if given) and ``usage`` (None: no usage field), or an error ``status`` with
    ``body``; ``hang`` holds the request without answering."""

    content: str | None = None
    usage: dict[str, int] | None = field(default_factory=lambda: dict(USAGE))
    refusal: str | None = None
    status: int = 200
    body: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    hang: bool = False


def completion(content: str | None, **options: Any) -> Reply:
    """A 200 answer with this message content."""
    return Reply(content=content, **options)


def failure(status: int, body: str = "", **headers: str) -> Reply:
    """An error answer (``Retry_After="1"`` becomes the ``Retry-After`` header)."""
    return Reply(
        status=status,
        body=body or json.dumps({"error": {"message": f"scripted {status}"}}),
        headers={k.replace("_", "-"): v for k, v in headers.items()},
    )


HANG = Reply(hang=True)

Script = list[Reply | Callable[[dict[str, Any]], Reply]]


@dataclass(frozen=True)
class Request:
    """One request the server received: its path, headers and JSON body."""

    path: str
    headers: dict[str, str]
    body: dict[str, Any]


class ScriptedLLM:
    """The server; use as a context manager (it stops on exit)."""

    def __init__(self, script: Script) -> None:
        self.script = list(script)
        self.requests: list[Request] = []
        self.released = threading.Event()
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> ScriptedLLM:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.released.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def next_reply(self, request: Request) -> Reply:
        with self._lock:
            self.requests.append(request)
            if not self.script:
                return failure(400, "script exhausted")
            entry = self.script.pop(0)
        return entry(request.body) if callable(entry) else entry


def last_user_text(body: dict[str, Any]) -> str:
    """The text of the last message of a request body (its text parts, for a list)."""
    content = body["messages"][-1]["content"]
    if isinstance(content, str):
        return content
    return "\n".join(part["text"] for part in content if part["type"] == "text")


def _handler(server: ScriptedLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            request = Request(self.path, dict(self.headers), body)
            if self.path != "/v1/chat/completions":
                self._send(failure(404, f"no route {self.path}"))
                return
            reply = server.next_reply(request)
            if reply.hang:
                server.released.wait(HANG_LIMIT_S)
                self.close_connection = True
                return
            self._send(reply, body.get("model", ""))

        def _send(self, reply: Reply, model: str = "") -> None:
            if reply.status == 200 and reply.body is None:
                message: dict[str, Any] = {"role": "assistant", "content": reply.content}
                if reply.refusal is not None:
                    message["refusal"] = reply.refusal
                answer: dict[str, Any] = {
                    "id": "chatcmpl-scripted",
                    "object": "chat.completion",
                    "created": 0,
                    "model": model,
                    "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                }
                if reply.usage is not None:
                    answer["usage"] = reply.usage
                data = json.dumps(answer).encode()
            else:
                data = (reply.body or "").encode()
            self.send_response(reply.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in reply.headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:  # quiet tests
            pass

    return Handler
