"""A client for OpenAI-compatible chat-completion endpoints (standard library only).

``Endpoint.resolve`` finds the base URL, model and API key in its arguments or in the
environment; ``ChatClient.complete`` POSTs ``{base_url}/chat/completions`` and returns the
reply text with the token counts the server reported (a count left out but given by the
total, ``total_tokens`` less the other, is derived from it). Connection errors, timeouts,
429 and 5xx answers are retried with exponential backoff (a ``Retry-After`` header sets the
wait). Redirects are not followed: a 3xx answer names where it points.

When the endpoint cannot serve (unreachable, timing out, 429 / 5xx after the last retry,
refusing the credentials or the URL with 401, 403, 404 or 407, redirecting, or answering
something that is not a completion) the client raises ``LLMUnavailableError``, an
``InfrastructureError``:
an evaluation records that episode as an error and runs it again on resume. Any other
refusal (400 for a context too long, 422...) is the request's fault and raises a plain
``LLMError``. No message quotes the API key: every one is redacted
(``mobile_gym.redaction``), and the client's key is remembered as a secret.
"""

from __future__ import annotations

import email.utils
import http.client
import json
import math
import os
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from mobile_gym.agents.base import InfrastructureError
from mobile_gym.checks import check_int, check_number, shown
from mobile_gym.redaction import redact, remember

BASE_URL_VARIABLES = ("MOBILE_GYM_LLM_BASE_URL", "OPENAI_BASE_URL")
MODEL_VARIABLES = ("MOBILE_GYM_LLM_MODEL",)
API_KEY_VARIABLES = ("MOBILE_GYM_LLM_API_KEY", "OPENAI_API_KEY")
"""Environment variables read when an argument is not given, first one set wins."""

MAX_RETRY_AFTER = 300.0
"""The longest ``Retry-After`` wait honoured (seconds); a server asking more is an error."""

ERROR_BODY_CHARS = 500
"""How much of an error answer's body an ``LLMError`` quotes."""


UNAVAILABLE_STATUSES = frozenset({401, 403, 404, 407})
"""Client-error answers that say the endpoint cannot serve this client at all (its
credentials, its proxy or its URL are refused), not that one request was bad."""


class LLMError(RuntimeError):
    """The chat endpoint gave no completion for a request. Its message is redacted: it
    never holds an API key, even when the server's answer echoed one."""

    def __init__(self, message: str) -> None:
        super().__init__(redact(message))


class LLMUnavailableError(LLMError, InfrastructureError):
    """The endpoint cannot serve: unreachable, timing out, 429 / 5xx after the retries,
    refusing the credentials or URL (``UNAVAILABLE_STATUSES``), redirecting, or not
    answering with a chat completion. An outage, not a failure of the agent."""


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Leaves a 3xx answer as it is (an ``HTTPError``): a POST is never re-sent elsewhere,
    nor turned into a GET."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@dataclass(frozen=True)
class Endpoint:
    """Where completions come from: ``{base_url}/chat/completions`` serving ``model``."""

    base_url: str
    model: str
    api_key: str | None = None

    @classmethod
    def resolve(
        cls,
        model: str | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        environ: Mapping[str, str] = os.environ,
    ) -> Endpoint:
        """The endpoint from the arguments, each missing one from the environment
        (``BASE_URL_VARIABLES``, ``MODEL_VARIABLES``, ``API_KEY_VARIABLES``). The key may be
        absent (local servers need none); a missing base URL or model is a ValueError naming
        the argument and the variables."""
        url = base_url or _first(environ, BASE_URL_VARIABLES)
        name = model or _first(environ, MODEL_VARIABLES)
        for value, argument, variables in (
            (url, "base_url", BASE_URL_VARIABLES),
            (name, "model", MODEL_VARIABLES),
        ):
            if not value:
                raise ValueError(
                    f"no LLM {argument} given: pass {argument}=... or set {' or '.join(variables)}"
                )
        if not url.startswith(("http://", "https://")):  # type: ignore[union-attr]
            raise ValueError(f"LLM base_url must start with http:// or https://, got {url!r}")
        key = api_key or _first(environ, API_KEY_VARIABLES)
        return cls(url.rstrip("/"), name, key or None)  # type: ignore[union-attr, arg-type]

    @property
    def url(self) -> str:
        """The chat-completions URL."""
        return f"{self.base_url}/chat/completions"


@dataclass(frozen=True)
class Completion:
    """One reply: its text ('' when the model gave none) and the reported token counts
    (one the server left out is derived from ``total_tokens`` when it gave that; the total
    is kept as given, for a server that reports only it)."""

    text: str
    input_tokens: int | None
    output_tokens: int | None
    total_tokens: int | None = None


class ChatClient:
    """Sends chat-completion requests to one ``Endpoint``.

    Args:
        endpoint: where to send them.
        timeout: seconds to wait for the connection and for each read of the answer.
        max_retries: retries after the first attempt, for connection errors, timeouts, 429
            and 5xx answers.
        backoff: the wait before the first retry (seconds), doubled for each next one,
            unless the answer's ``Retry-After`` says otherwise.
        sleep: how to wait (``time.sleep``).
    """

    def __init__(
        self,
        endpoint: Endpoint,
        timeout: float = 60.0,
        max_retries: int = 3,
        backoff: float = 1.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.timeout = check_number("timeout", timeout)
        if not self.timeout > 0:
            raise ValueError(f"timeout must be a number of seconds above 0, got {shown(timeout)}")
        remember(endpoint.api_key)
        self.endpoint = endpoint
        self.max_retries = check_int("max_retries", max_retries, 0)
        self.backoff = check_number("backoff", backoff, 0)
        self.sleep = sleep
        self._opener = urllib.request.build_opener(_NoRedirects)

    def complete(self, messages: list[dict[str, Any]], **parameters: Any) -> Completion:
        """The model's reply to ``messages``; ``parameters`` (``temperature``,
        ``max_tokens``, ``seed``...) go into the request as they are."""
        body = json.dumps(
            {"model": self.endpoint.model, "messages": messages, **parameters}
        ).encode()
        problem, wait = "", 0.0
        for attempt in range(self.max_retries + 1):
            if attempt:
                self.sleep(wait)
            try:
                return _completion(self._post(body), self.endpoint)
            except urllib.error.HTTPError as exc:
                with exc:  # the error answer holds the connection until closed
                    if 300 <= exc.code < 400:
                        raise LLMUnavailableError(self._redirect(exc)) from None
                    if exc.code in UNAVAILABLE_STATUSES:
                        raise LLMUnavailableError(self._refusal(exc)) from None
                    if exc.code != 429 and exc.code < 500:
                        raise LLMError(self._refusal(exc)) from None
                    problem = f"HTTP {exc.code} {_reason(exc)}: {_error_body(exc)}"
                    wait = self._wait(attempt, exc.headers.get("Retry-After"), problem)
            except (OSError, http.client.HTTPException) as exc:
                problem = _failure(exc, self.timeout)
                wait = self.backoff * 2**attempt
        raise LLMUnavailableError(
            f"{self.endpoint.url} (model {self.endpoint.model!r}) failed after "
            f"{self.max_retries + 1} attempt(s); last: {problem}"
        )

    def _post(self, body: bytes) -> bytes:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.endpoint.api_key:
            headers["Authorization"] = f"Bearer {self.endpoint.api_key}"
        request = urllib.request.Request(self.endpoint.url, body, headers, method="POST")
        with self._opener.open(request, timeout=self.timeout) as answer:
            return answer.read()

    def _wait(self, attempt: int, retry_after: str | None, problem: str) -> float:
        """Seconds before the next attempt: ``Retry-After`` if the server sent one, else
        exponential backoff."""
        seconds = _retry_after_seconds(retry_after)
        if seconds is None:
            return self.backoff * 2**attempt
        if seconds > MAX_RETRY_AFTER:
            raise LLMUnavailableError(
                f"{self.endpoint.url}: {problem}, and it asks to retry after {seconds:g} s "
                f"(more than {MAX_RETRY_AFTER:g} s)"
            )
        return seconds

    def _redirect(self, exc: urllib.error.HTTPError) -> str:
        """The message for a redirect, which is not followed: where it points."""
        where = exc.headers.get("Location")
        return (
            f"{self.endpoint.url} (model {self.endpoint.model!r}) answered HTTP {exc.code} "
            f"{_reason(exc)} to {_quote(where) if where else '(no Location)'}; redirects are "
            "not followed: give the base_url it points to"
        )

    def _refusal(self, exc: urllib.error.HTTPError) -> str:
        """The message for an answer that no retry will change (4xx other than 429)."""
        message = (
            f"{self.endpoint.url} (model {self.endpoint.model!r}) answered HTTP {exc.code} "
            f"{_reason(exc)}: {_error_body(exc)}"
        )
        if exc.code in (401, 403) and not self.endpoint.api_key:
            message += f" (no API key was given: set {' or '.join(API_KEY_VARIABLES)})"
        return message


def _first(environ: Mapping[str, str], names: tuple[str, ...]) -> str | None:
    return next((environ[n] for n in names if environ.get(n)), None)


def _completion(raw: bytes, endpoint: Endpoint) -> Completion:
    """The reply text and token counts of a 200 answer; LLMUnavailableError if it is not a
    completion (a proxy's login page, a server of another kind)."""
    try:
        answer = json.loads(raw)
        message = answer["choices"][0]["message"]
    except (ValueError, KeyError, IndexError, TypeError):
        raise LLMUnavailableError(
            f"{endpoint.url} sent something that is not a chat completion: "
            f"{_quote(raw.decode('utf-8', 'replace'))!r}"
        ) from None
    if not isinstance(message, dict):
        raise LLMUnavailableError(
            f"{endpoint.url}: the completion's message is not an object: {_quote(repr(message))}"
        )
    text = message.get("content") or message.get("refusal") or ""
    if isinstance(text, list):  # content given as parts; only text parts hold text
        text = "".join(
            part["text"]
            for part in text
            if isinstance(part, dict) and isinstance(part.get("text"), str)
        )
    elif not isinstance(text, str):
        raise LLMUnavailableError(
            f"{endpoint.url}: the completion's content is neither text nor parts: "
            f"{_quote(repr(text))}"
        )
    usage = answer.get("usage") if isinstance(answer, dict) else None
    return Completion(str(text), *_token_counts(usage if isinstance(usage, dict) else {}))


def _token_counts(usage: Mapping[str, Any]) -> tuple[int | None, int | None, int | None]:
    """The prompt, completion and total tokens of ``usage``; a half left out is
    ``total_tokens`` less the other when the total is given. A total below a half given
    is no count (left out)."""
    prompt, reply, total = (
        _count(usage.get(key)) for key in ("prompt_tokens", "completion_tokens", "total_tokens")
    )
    if total is not None and total < max(prompt or 0, reply or 0):
        total = None
    if total is not None:
        if reply is None and prompt is not None:
            reply = total - prompt
        elif prompt is None and reply is not None:
            prompt = total - reply
    return prompt, reply, total


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _reason(exc: urllib.error.HTTPError) -> str:
    return str(exc.reason or http.client.responses.get(exc.code, ""))


def _error_body(exc: urllib.error.HTTPError) -> str:
    try:
        body = exc.read().decode("utf-8", "replace")
    except (OSError, http.client.HTTPException):
        body = ""
    return _quote(body).strip() or "(empty body)"


def _quote(text: str) -> str:
    """At most ``ERROR_BODY_CHARS`` of a server's answer, redacted before it is cut so that
    no piece of a secret is left at the cut."""
    return redact(text)[:ERROR_BODY_CHARS]


def _failure(exc: BaseException, timeout: float) -> str:
    """A connection-level failure in words."""
    reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
    if isinstance(reason, TimeoutError):
        return f"no answer within the {timeout:g} s timeout"
    return f"connection failed: {reason!r}"


def _retry_after_seconds(value: str | None) -> float | None:
    """A ``Retry-After`` header in seconds (delta-seconds or an HTTP date), None if absent
    or unreadable."""
    if value is None:
        return None
    try:
        seconds = float(value)
    except ValueError:
        pass
    else:
        return max(seconds, 0.0) if math.isfinite(seconds) else None
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max((when - datetime.now(UTC)).total_seconds(), 0.0)
