"""Keeping secrets (API keys, tokens, passwords) out of everything mobile-gym writes or prints.

``redact(text)`` replaces every secret it can find in ``text`` with ``REDACTED``;
``redact_xml`` does it to an XML document, keeping it well-formed; ``redact_json`` does it
to every string of a JSON-able value. A secret is found

- by its value: the values given to ``remember`` (an LLM client remembers its API key,
  ``make_agent`` every option whose name looks secret, see ``is_secret_name``) and the values
  of environment variables whose names look secret (``OPENAI_API_KEY``, ``HF_TOKEN``...);
- by its label: the credential of an ``Authorization`` header or a ``Bearer`` token, the
  value after ``api_key=``, ``"token": ``, ``password:``..., and the password of a URL
  (``https://user:PASSWORD@host``, however short);
- by its shape: common API key formats (``sk-...``, ``hf_...``, ``ghp_...``, ``AKIA...``,
  ``AIza...``, ``xoxb-...``, ``glpat-...``).

It is applied where text leaves the process: ``LLMError`` messages, episode records and
trajectories, ``run.json``, ``results.json`` / ``results.csv``, the evaluation's console
output and the command line's error messages. A value shorter than ``MIN_SECRET_CHARS`` is
never taken for a secret: it cannot be told apart from ordinary text.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from mobile_gym.caches import LRUCache

REDACTED = "<redacted>"
"""What a secret is replaced with."""

MIN_SECRET_CHARS = 8
"""Shorter values are not secrets (a local server's dummy key, a flag, a number)."""

SECRET_WORDS = frozenset(
    {
        "key",
        "apikey",
        "token",
        "secret",
        "password",
        "passwd",
        "passphrase",
        "credential",
        "credentials",
        "auth",
        "authorization",
        "bearer",
        "cookie",
    }
)
"""A name holding one of these words (``api_key``, ``HF_TOKEN``, ``dbPassword``) holds a
secret; ``max_tokens`` does not (``tokens`` is another word)."""

_CAMEL = re.compile(r"([a-z0-9])([A-Z])")
_WORD_SPLIT = re.compile(r"[^a-z0-9]+")

_CHARS = r"[^\s\"'`,;&<>(){}\[\]]"
"""The characters a credential is made of: anything up to a space, quote, bracket or &."""
_SCHEMES = r"(?:bearer|basic|token|digest)"
"""Authorization schemes: the word before a header's credential."""

_LABELLED = re.compile(
    rf"(?i)(\b(?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?(?:{_SCHEMES}\s+)?|\bbearer\s+)"
    rf"(?!{_SCHEMES}\b)({_CHARS}+)"
    r"|((?:api[_-]?key|access[_-]?key|secret|password|passwd|token)"
    r"[\"']?\s*[:=]\s*[\"']?)"
    rf"({_CHARS}{{{MIN_SECRET_CHARS},}})"
)
"""A header's or a field's credential: group 1 or 3 is the label kept, 2 or 4 the value.
A field's label is matched from its keyword (``OPENAI_API_KEY=`` from ``API_KEY=``): what
stands before the keyword stays as it is either way, and a pattern that also matched the
words before it took time growing with the square of a long run of hyphenated words."""

_URL_PASSWORD = re.compile(r"(?i)(\b[a-z][a-z0-9+.-]{0,63}://[^\s/:@]*:)([^\s/@]+)(?=@)")
"""A URL's user and password (``scheme://user:password@host``): group 1 is kept, 2 is the
password. A scheme is taken to be at most 64 characters long (registered ones are under
40): a scheme of any length had the pattern read a long run of dotted words again from each
word, a time growing with its square."""

_SHAPES = re.compile(
    r"\b(?:sk-[A-Za-z0-9_-]{16,}|hf_[A-Za-z0-9]{20,}|gh[pousr]_[A-Za-z0-9]{20,}"
    r"|github_pat_[A-Za-z0-9_]{20,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}"
    r"|xox[abprs]-[A-Za-z0-9-]{10,}|glpat-[A-Za-z0-9_-]{20,})"
)
"""Common API key formats: OpenAI / Anthropic, Hugging Face, GitHub, AWS, Google, Slack,
GitLab."""

_remembered: set[str] = set()
_REDACTORS: LRUCache[frozenset[str], Callable[[str], str]] = LRUCache(16)
"""Redacting functions by the secrets they know (a compiled pattern of them each)."""


def is_secret_name(name: str) -> bool:
    """Whether an option or environment variable called ``name`` holds a secret (see
    ``SECRET_WORDS``); ``api_key``, ``OPENAI_API_KEY``, ``apiKey`` do, ``max_tokens`` does
    not."""
    words = _WORD_SPLIT.split(_CAMEL.sub(r"\1_\2", name).lower())
    return any(word in SECRET_WORDS for word in words)


def remember(*values: object) -> None:
    """Treat these values as secrets from now on, in this process (None and short values
    are ignored)."""
    for value in values:
        if value is not None and len(str(value)) >= MIN_SECRET_CHARS:
            _remembered.add(str(value))


def remember_options(options: Mapping[str, Any]) -> None:
    """Remember the values of the options whose names look secret (``is_secret_name``)."""
    remember(*(value for name, value in options.items() if is_secret_name(name)))


def redact_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with the value of each secret-looking name replaced by ``REDACTED`` and
    every other value redacted (``redact_json``)."""
    return {
        name: REDACTED if is_secret_name(name) else redact_json(value)
        for name, value in options.items()
    }


def known_secrets(environ: Mapping[str, str] = os.environ) -> frozenset[str]:
    """The secret values known now: those remembered and those of the environment's
    secret-looking variables."""
    found = set(_remembered)
    found.update(
        value
        for name, value in environ.items()
        if len(value) >= MIN_SECRET_CHARS and is_secret_name(name)
    )
    return frozenset(found)


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with every secret (those known, ``secrets``, labelled ones and key shapes)
    replaced by ``REDACTED``."""
    return _redactor(_secret_set(secrets))(text)


def redact_xml(xml: str, secrets: Iterable[str] = ()) -> str:
    """An XML document with ``redact`` applied, the marker written escaped
    (``&lt;redacted&gt;``) so that a secret redacted inside an attribute or a text leaves the
    document well-formed."""
    return escape_marks(redact(xml, secrets))


def escape_marks(xml: str) -> str:
    """``xml`` with every ``REDACTED`` mark written escaped (``&lt;redacted&gt;``): a view
    hierarchy saved by a run that wrote the mark bare inside an attribute parses again."""
    return xml.replace(REDACTED, "&lt;redacted&gt;")


def redact_json(value: Any, secrets: Iterable[str] = ()) -> Any:
    """A JSON-able value (dicts, lists, tuples, strings, numbers) with ``redact`` applied to
    every string in it, keys included."""
    return _walk(value, _redactor(_secret_set(secrets)))


def _secret_set(secrets: Iterable[str]) -> frozenset[str]:
    extra = {s for s in secrets if s and len(s) >= MIN_SECRET_CHARS}
    return known_secrets() | extra


def _walk(value: Any, clean: Any) -> Any:
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {_walk(k, clean): _walk(v, clean) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_walk(item, clean) for item in value]
    return value


def _redactor(secrets: frozenset[str]) -> Callable[[str], str]:
    """A function that redacts ``secrets`` (longest first), then labelled values and key
    shapes (made once per set of secrets)."""
    return _REDACTORS.get(secrets, _make_redactor)


def _make_redactor(secrets: frozenset[str]) -> Callable[[str], str]:
    values = (
        re.compile("|".join(re.escape(s) for s in sorted(secrets, key=len, reverse=True)))
        if secrets
        else None
    )

    def clean(text: str) -> str:
        if values is not None:
            text = values.sub(REDACTED, text)
        text = _LABELLED.sub(_keep_label, text)
        text = _URL_PASSWORD.sub(rf"\1{REDACTED}", text)
        return _SHAPES.sub(REDACTED, text)

    return clean


def _keep_label(match: re.Match[str]) -> str:
    label = match.group(1) if match.group(1) is not None else match.group(3)
    return label + REDACTED
