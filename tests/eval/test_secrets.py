"""No secret leaves the process: an API key that a chat server echoes back (in its error
body and in the Authorization header it quotes) reaches no record, trajectory, results
file, console line or error message; the redaction marker stands in its place."""

from __future__ import annotations

import io
import json
import os
import pathlib
import subprocess
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

from mobile_gym.agents import make_agent
from mobile_gym.agents.llm import ChatClient, Endpoint, LLMError
from mobile_gym.cli import app
from mobile_gym.eval import RunSettings, episodes, select_tasks
from mobile_gym.eval.console import run_with_progress
from tests.agents.scripted_llm import Reply, Request, ScriptedLLM, failure
from tests.deadline import within

KEY = "Zq7uPw-not-a-known-shape-4481"
"""An API key of no known shape: only knowing its value can hide it."""
ENV_KEY = "Yx2mLk-from-the-environment-9034"
REDACTED = "<redacted>"
"""What stands where a secret was (``mobile_gym.redaction.REDACTED``)."""

TASKS = ["settings.wifi_off", "settings.airplane_on"]


class EchoingLLM(ScriptedLLM):
    """A chat server that answers every request with ``status`` and a body quoting the
    key and the Authorization header it was sent, as careless servers and proxies do."""

    def __init__(self, status: int) -> None:
        super().__init__([])
        self.status = status

    def next_reply(self, request: Request) -> Reply:
        with self._lock:
            self.requests.append(request)
        authorization = request.headers.get("Authorization", "")
        key = authorization.removeprefix("Bearer ")
        body = {
            "error": {"message": f"Incorrect API key provided: {key}", "code": self.status},
            "request": {"headers": {"Authorization": authorization}},
        }
        return failure(self.status, json.dumps(body))


def leaks(folder: pathlib.Path, *texts: str, key: str = KEY) -> list[str]:
    """The files under ``folder`` and the ``texts`` that hold ``key``, or its first half,
    even split by a line the console wrapped."""
    found = [
        str(path)
        for path in folder.rglob("*")
        if path.is_file() and key.encode() in path.read_bytes()
    ]
    squashed = ["".join(text.split()) for text in texts]
    found += [text for text in squashed if key[: len(key) // 2] in text]
    return found


# the client's messages ------------------------------------------------------------------------
@pytest.mark.parametrize("status", [401, 400, 500])
def test_llm_errors_never_quote_the_key(status: int) -> None:
    with EchoingLLM(status) as server:
        client = ChatClient(
            Endpoint(server.base_url, "m", KEY), max_retries=1, sleep=lambda s: None
        )
        with pytest.raises(LLMError) as raised:
            client.complete([{"role": "user", "content": "hi"}])
    assert server.requests[0].headers["Authorization"] == f"Bearer {KEY}"  # it was sent
    message = str(raised.value)
    assert KEY not in message and REDACTED in message and "Authorization" in message


def test_a_key_cut_by_the_quote_limit_leaves_no_piece() -> None:
    # the body is cut after 500 characters: the cut falls inside the key
    body = "x" * 490 + KEY
    with ScriptedLLM([failure(400, body)]) as server:
        client = ChatClient(Endpoint(server.base_url, "m", KEY), sleep=lambda s: None)
        with pytest.raises(LLMError) as raised:
            client.complete([{"role": "user", "content": "hi"}])
    assert KEY[:8] not in str(raised.value)


# an evaluation: records, trajectories, results, console ---------------------------------------
@pytest.mark.parametrize("status", [401, 400, 500])
def test_a_run_against_an_echoing_server_writes_and_prints_no_key(
    status: int, tmp_path: pathlib.Path
) -> None:
    plan = episodes(select_tasks([], TASKS), [0])
    output = io.StringIO()
    with EchoingLLM(status) as server:
        options = {"model": "m", "base_url": server.base_url, "api_key": KEY, "backoff": 0.0}
        settings = RunSettings("llm", {**options, "max_retries": 1}, max_steps=3)
        records = run_with_progress(
            plan,
            settings,
            tmp_path,
            1,
            Console(file=output, width=200),
            agent=make_agent("llm", **settings.agent_options),
        )
    assert server.requests, "the agent never asked the server"
    problems = [r.error or r.agent_error or "" for r in records]
    assert all(REDACTED in problem for problem in problems)
    assert leaks(tmp_path, output.getvalue(), *problems) == []
    files = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert {"run.json", "results.json", "results.csv"} <= files
    assert any(name.startswith("trajectories/") for name in files)
    assert REDACTED in (tmp_path / "results.csv").read_text()
    assert json.loads((tmp_path / "run.json").read_text())["agent_options"]["api_key"] == REDACTED


def eval_args(server: ScriptedLLM, out: pathlib.Path, *options: str) -> list[str]:
    return [
        "eval", *(arg for task in TASKS for arg in ("--task", task)), "--agent", "llm",
        "--agent-option", f"base_url={server.base_url}", "--agent-option", "model=m",
        "--agent-option", "backoff=0", "--agent-option", "max_retries=0",
        "--max-steps", "3", "--out", str(out), *options,
    ]  # fmt: skip


def test_the_command_line_writes_and_prints_no_key(tmp_path: pathlib.Path) -> None:
    with EchoingLLM(401) as server:
        result = CliRunner().invoke(
            app, eval_args(server, tmp_path, "--agent-option", f"api_key={KEY}")
        )
    assert result.exit_code == 1 and "episodes ended in errors" in result.stderr  # a 401
    assert server.requests[0].headers["Authorization"] == f"Bearer {KEY}"
    assert "error" in result.stdout and REDACTED in result.stdout
    assert leaks(tmp_path, result.stdout, result.stderr) == []


def test_a_key_from_the_environment_is_kept_out_as_well(tmp_path: pathlib.Path) -> None:
    """As a user runs it: ``mobile-gym eval`` in a process of its own, the key in
    ``OPENAI_API_KEY``."""
    with EchoingLLM(401) as server:
        result = subprocess.run(
            [sys.executable, "-m", "mobile_gym.cli", *eval_args(server, tmp_path)],
            capture_output=True,
            text=True,
            timeout=300,
            env={**os.environ, "OPENAI_API_KEY": ENV_KEY},
        )
    assert result.returncode == 1 and "episodes ended in errors" in result.stderr  # a 401
    assert server.requests[0].headers["Authorization"] == f"Bearer {ENV_KEY}"
    assert "error" in result.stdout and REDACTED in result.stdout
    assert leaks(tmp_path, result.stdout, result.stderr, key=ENV_KEY) == []


def test_a_misspelt_option_names_options_never_values(tmp_path: pathlib.Path) -> None:
    result = CliRunner().invoke(app, [
        "eval", "--task", TASKS[0], "--agent", "llm", "--agent-option", f"api_key={KEY}",
        "--agent-option", "modle=gpt-4o", "--agent-option", "base_url=http://127.0.0.1:9/v1",
        "--out", str(tmp_path),
    ])  # fmt: skip
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: ") and "'modle'" in line and "'api_key'" in line
    assert KEY not in line and "gpt-4o" not in line and result.exception.__class__ is SystemExit


def test_a_bad_option_name_does_not_echo_the_pair(tmp_path: pathlib.Path) -> None:
    result = CliRunner().invoke(app, [
        "eval", "--task", TASKS[0], "--agent", "llm", "--agent-option", f"api-key={KEY}",
        "--out", str(tmp_path),
    ])  # fmt: skip
    assert result.exit_code == 2
    assert "NAME=VALUE" in result.stderr and KEY not in result.stderr


# the redaction rules --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"Authorization": "Bearer abc.def-123"}', f'{{"Authorization": "Bearer {REDACTED}"}}'),
        ("authorization: token q1w2e3", f"authorization: token {REDACTED}"),
        ("Proxy-Authorization: Basic dXNlcjpwYXNz", f"Proxy-Authorization: Basic {REDACTED}"),
        ('"api_key": "abcdefgh1234"', f'"api_key": "{REDACTED}"'),
        ("https://x/v1?access_token=abcdefgh1234&a=1", f"https://x/v1?access_token={REDACTED}&a=1"),
        ("key sk-proj-abcdefghijklmnop1234 sent", f"key {REDACTED} sent"),
        ("hf_abcdefghijklmnopqrstuvwx and AKIAABCDEFGHIJKLMNOP", f"{REDACTED} and {REDACTED}"),
        ("http://user:pw-SECRET@127.0.0.1:9/v1", f"http://user:{REDACTED}@127.0.0.1:9/v1"),
        ("postgres://bob:pw@db/x", f"postgres://bob:{REDACTED}@db/x"),  # however short
        # ordinary text stays as it is
        ('"max_tokens": 512, "prompt_tokens": 120', '"max_tokens": 512, "prompt_tokens": 120'),
        ("task-abcdefghijklmnopqrstuvwxyz", "task-abcdefghijklmnopqrstuvwxyz"),
        ("the bearer token is missing", "the bearer token is missing"),
        ("https://example.com:8080/a@b", "https://example.com:8080/a@b"),  # a port, no user
    ],
)
def test_labelled_and_shaped_secrets_are_redacted(text: str, expected: str) -> None:
    from mobile_gym.redaction import redact

    assert redact(text) == expected


@pytest.mark.parametrize("run", ["a-" * 200_000, "a." * 200_000], ids=["hyphens", "dots"])
def test_long_runs_of_short_words_are_redacted_at_once(run: str) -> None:
    """A field's label and a URL's scheme were matched from every word of a run of words
    joined by hyphens or dots: 400,000 characters took about an hour and a half, and the
    5,000 a text field holds, close to a second for each observation recorded."""
    from mobile_gym.redaction import redact

    text = f"{run} api_key=abcdefgh1234 {run}x://bob:pw@db"
    expected = f"{run} api_key={REDACTED} {run}x://bob:{REDACTED}@db"
    assert within(20, lambda: redact(text)) == expected


def test_a_secret_redacted_in_a_hierarchy_leaves_it_well_formed() -> None:
    from xml.etree import ElementTree

    from mobile_gym.redaction import redact_xml

    xml = (
        '<hierarchy><node text="Wi-Fi password: hunter2hunter2" content-desc="sk-'
        'proj-abcdefghijklmnop1234">password: hunter2hunter2</node></hierarchy>'
    )
    node = ElementTree.fromstring(redact_xml(xml))[0]
    assert node.get("text") == f"Wi-Fi password: {REDACTED}"
    assert node.get("content-desc") == REDACTED and node.text == f"password: {REDACTED}"


def test_secret_environment_variables_and_remembered_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mobile_gym.redaction import redact, redact_json, remember

    monkeypatch.setenv("MY_SERVICE_TOKEN", "t0ken-value-from-env")
    monkeypatch.setenv("MY_SERVICE_MODE", "plain-value-not-secret")
    monkeypatch.setenv("SHORT_KEY", "abc")
    remember("remembered-value-42", None, "tiny")
    text = "t0ken-value-from-env plain-value-not-secret abc remembered-value-42 tiny"
    assert redact(text) == f"{REDACTED} plain-value-not-secret abc {REDACTED} tiny"
    assert redact_json({"a": [text], "remembered-value-42": 1}) == {
        "a": [redact(text)],
        REDACTED: 1,
    }


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        ("api_key", True), ("key", True), ("token", True), ("password", True),
        ("OPENAI_API_KEY", True), ("apiKey", True), ("client_secret", True),
        ("max_tokens", False), ("model", False), ("TOKENIZERS_PARALLELISM", False),
    ],
)  # fmt: skip
def test_secret_names(name: str, secret: bool) -> None:
    from mobile_gym.redaction import is_secret_name

    assert is_secret_name(name) is secret


def test_run_settings_keep_ordinary_options_and_hide_secret_ones() -> None:
    settings = RunSettings("llm", {"api_key": "k", "max_tokens": 64, "password": 1234})
    assert settings.to_json()["agent_options"] == {
        "api_key": REDACTED,
        "max_tokens": 64,
        "password": REDACTED,
    }
