"""ChatClient and Endpoint against a scripted local chat-completions server."""

from __future__ import annotations

import socket

import pytest

from mobile_gym.agents.llm import ChatClient, Endpoint, LLMError, LLMUnavailableError
from tests.agents.scripted_llm import HANG, USAGE, ScriptedLLM, completion, failure

HELLO = [{"role": "user", "content": "hello"}]


def client(server: ScriptedLLM, waits: list[float], **options: object) -> ChatClient:
    endpoint = Endpoint(server.base_url, "test-model", options.pop("api_key", None))  # type: ignore[arg-type]
    return ChatClient(endpoint, sleep=waits.append, **options)  # type: ignore[arg-type]


# endpoint -----------------------------------------------------------------------------------
def test_arguments_win_over_the_environment() -> None:
    environ = {"MOBILE_GYM_LLM_BASE_URL": "http://env:1/v1", "MOBILE_GYM_LLM_MODEL": "env"}
    endpoint = Endpoint.resolve("m", "http://arg:2/v1/", "k", environ=environ)
    assert endpoint == Endpoint("http://arg:2/v1", "m", "k")
    assert endpoint.url == "http://arg:2/v1/chat/completions"


def test_the_environment_fills_in_with_fallbacks() -> None:
    environ = {
        "OPENAI_BASE_URL": "https://openai.example/v1",
        "MOBILE_GYM_LLM_MODEL": "m",
        "OPENAI_API_KEY": "sk-openai",
    }
    assert Endpoint.resolve(environ=environ) == Endpoint(
        "https://openai.example/v1", "m", "sk-openai"
    )
    environ |= {"MOBILE_GYM_LLM_BASE_URL": "http://local:8000/v1", "MOBILE_GYM_LLM_API_KEY": "k"}
    assert Endpoint.resolve(environ=environ) == Endpoint("http://local:8000/v1", "m", "k")


def test_the_key_is_optional() -> None:
    endpoint = Endpoint.resolve("m", "http://localhost:8080/v1", environ={})
    assert endpoint.api_key is None


@pytest.mark.parametrize(
    ("environ", "named"),
    [
        ({"MOBILE_GYM_LLM_MODEL": "m"}, "MOBILE_GYM_LLM_BASE_URL or OPENAI_BASE_URL"),
        ({"OPENAI_BASE_URL": "http://x/v1"}, "MOBILE_GYM_LLM_MODEL"),
    ],
)
def test_a_missing_setting_is_named(environ: dict[str, str], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        Endpoint.resolve(environ=environ)


def test_a_base_url_without_scheme_is_refused() -> None:
    with pytest.raises(ValueError, match="http:// or https://"):
        Endpoint.resolve("m", "localhost:8000/v1", environ={})


# requests and answers -----------------------------------------------------------------------
def test_the_request_is_a_chat_completion_and_usage_is_read() -> None:
    with ScriptedLLM([completion("THINK: hi\nACTION: WAIT")]) as server:
        waits: list[float] = []
        answer = client(server, waits, api_key="sk-test").complete(
            HELLO, temperature=0.0, max_tokens=64, seed=7
        )
    assert answer.text == "THINK: hi\nACTION: WAIT"
    assert (answer.input_tokens, answer.output_tokens) == (
        USAGE["prompt_tokens"],
        USAGE["completion_tokens"],
    )
    (request,) = server.requests
    assert request.path == "/v1/chat/completions"
    assert request.body == {
        "model": "test-model",
        "messages": HELLO,
        "temperature": 0.0,
        "max_tokens": 64,
        "seed": 7,
    }
    assert request.headers["Authorization"] == "Bearer sk-test"
    assert waits == []


@pytest.mark.parametrize(
    ("usage", "counts"),
    [
        ({"prompt_tokens": 900, "total_tokens": 1300}, (900, 400, 1300)),
        ({"completion_tokens": 400, "total_tokens": 1300}, (900, 400, 1300)),
        ({"prompt_tokens": 900}, (900, None, None)),
        ({"total_tokens": 500}, (None, None, 500)),
        ({"prompt_tokens": 900, "total_tokens": 800}, (900, None, None)),  # below a part
    ],
)
def test_a_count_left_out_is_derived_from_the_total(
    usage: dict[str, int], counts: tuple[int | None, int | None, int | None]
) -> None:
    with ScriptedLLM([completion("ACTION: HOME", usage=usage)]) as server:
        answer = client(server, []).complete(HELLO)
    assert (answer.input_tokens, answer.output_tokens, answer.total_tokens) == counts


def test_no_key_sends_no_authorization() -> None:
    with ScriptedLLM([completion("ACTION: WAIT")]) as server:
        client(server, []).complete(HELLO)
    assert "Authorization" not in server.requests[0].headers


def test_missing_usage_and_null_content() -> None:
    script = [completion(None, usage=None), completion(None, refusal="I can't help with that.")]
    with ScriptedLLM(script) as server:
        chat = client(server, [])
        empty, refused = chat.complete(HELLO), chat.complete(HELLO)
    assert (empty.text, empty.input_tokens, empty.output_tokens) == ("", None, None)
    assert refused.text == "I can't help with that."


def test_an_answer_that_is_not_a_completion_is_an_error() -> None:
    with (
        ScriptedLLM([failure(200, "<html>proxy login</html>")]) as server,
        pytest.raises(LLMError, match=r"not a chat completion.*proxy login"),
    ):
        client(server, []).complete(HELLO)


def test_content_parts_give_their_text_and_other_content_is_an_error() -> None:
    parts = [{"type": "text", "text": "ACTION: "}, {"type": "text", "text": None}, {"text": "HOME"}]
    odd = {"text": "ACTION: HOME"}
    with ScriptedLLM([completion(parts), completion(odd)]) as server:  # type: ignore[arg-type]
        chat = client(server, [])
        assert chat.complete(HELLO).text == "ACTION: HOME"
        with pytest.raises(LLMError, match=r"content is neither text nor parts"):
            chat.complete(HELLO)


@pytest.mark.parametrize("status", [301, 302, 307, 308])
def test_a_redirect_is_not_followed_and_names_where_it_points(status: int) -> None:
    with ScriptedLLM([]) as server:
        moved = f"{server.base_url}/chat/completions"
        server.script.append(failure(status, "", Location=moved))
        waits: list[float] = []
        with pytest.raises(LLMUnavailableError, match=rf"HTTP {status} .* to {moved}; redirects"):
            client(server, waits).complete(HELLO)
    assert (len(server.requests), waits) == (1, [])


# retries ------------------------------------------------------------------------------------
def test_server_errors_are_retried_with_exponential_backoff() -> None:
    script = [failure(500), failure(503), completion("ACTION: HOME")]
    with ScriptedLLM(script) as server:
        waits: list[float] = []
        answer = client(server, waits, backoff=0.5).complete(HELLO)
    assert answer.text == "ACTION: HOME"
    assert waits == [0.5, 1.0]
    assert len(server.requests) == 3


def test_retry_after_sets_the_wait() -> None:
    script = [
        failure(429, Retry_After="2"),
        failure(429, Retry_After="Wed, 21 Oct 2015 07:28:00 GMT"),  # a date in the past
        completion("ACTION: HOME"),
    ]
    with ScriptedLLM(script) as server:
        waits: list[float] = []
        client(server, waits, backoff=0.5).complete(HELLO)
    assert waits == [2.0, 0.0]


def test_a_retry_after_beyond_reason_is_an_error() -> None:
    with (
        ScriptedLLM([failure(429, Retry_After="86400")]) as server,
        pytest.raises(LLMError, match="retry after 86400 s"),
    ):
        client(server, []).complete(HELLO)
    assert len(server.requests) == 1


def test_other_client_errors_are_not_retried() -> None:
    with ScriptedLLM([failure(400, '{"error": "context too long"}')]) as server:
        waits: list[float] = []
        with pytest.raises(LLMError, match=r"HTTP 400 .*context too long"):
            client(server, waits).complete(HELLO)
    assert (len(server.requests), waits) == (1, [])


def test_unauthorized_without_a_key_names_the_variables() -> None:
    with (
        ScriptedLLM([failure(401)]) as server,
        pytest.raises(LLMError, match="MOBILE_GYM_LLM_API_KEY or OPENAI_API_KEY"),
    ):
        client(server, []).complete(HELLO)


def test_giving_up_after_the_last_retry() -> None:
    with ScriptedLLM([failure(502)] * 3) as server:
        waits: list[float] = []
        with pytest.raises(LLMError, match=r"failed after 3 attempt\(s\); last: HTTP 502"):
            client(server, waits, max_retries=2, backoff=0.25).complete(HELLO)
    assert waits == [0.25, 0.5]


def test_a_hang_beyond_the_timeout_is_retried_then_reported() -> None:
    with ScriptedLLM([HANG, completion("ACTION: WAIT")]) as server:
        answer = client(server, [], timeout=0.2, max_retries=1).complete(HELLO)
    assert answer.text == "ACTION: WAIT"
    with (
        ScriptedLLM([HANG]) as server,
        pytest.raises(LLMError, match=r"no answer within the 0\.2 s timeout"),
    ):
        client(server, [], timeout=0.2, max_retries=0).complete(HELLO)


def test_connection_refused_is_retried_then_reported() -> None:
    with socket.socket() as probe:  # a port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    waits: list[float] = []
    chat = ChatClient(
        Endpoint(f"http://127.0.0.1:{port}/v1", "m"), max_retries=2, backoff=0.1, sleep=waits.append
    )
    with pytest.raises(LLMError, match="connection failed"):
        chat.complete(HELLO)
    assert waits == [0.1, 0.2]


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("timeout", 0),
        ("timeout", "fast"),
        ("timeout", float("inf")),
        ("max_retries", -1),
        ("max_retries", 0.5),
        ("max_retries", True),
        ("backoff", -1.0),
        ("backoff", "1s"),
    ],
)
def test_bad_client_options_are_refused(option: str, value: object) -> None:
    with pytest.raises(ValueError, match=option):
        ChatClient(Endpoint("http://x/v1", "m"), **{option: value})  # type: ignore[arg-type]
