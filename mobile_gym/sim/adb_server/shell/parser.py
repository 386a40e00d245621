"""Parse a device shell command line into lists, pipelines, commands and redirections.

The subset of the POSIX shell grammar that ADB clients send: words with single quotes,
double quotes and backslashes; ``$?``, ``$NAME`` and ``${NAME}``; command substitution
``$(...)`` (its command line parsed here too); ``NAME=VALUE`` assignments before a
command's words; ``;`` and newlines, ``&&``, ``||``, ``|``; redirections ``<``, ``>``,
``>>``, ``2>``, ``2>>`` and ``N>&M``; ``#`` comments; unquoted ``*``, ``?`` and ``[``
marking a word for wildcard expansion. Anything else that a shell would treat specially
(``&``, here-documents ``<<``, ``<&``, arithmetic ``$((...))``, backquotes, ``(``, ``{``)
is refused with a syntax error rather than misread.
"""

from __future__ import annotations

from dataclasses import dataclass

_NAME_START = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"
_NAME_CHARS = _NAME_START + "0123456789"
_UNSUPPORTED = {"&": "background jobs (&)", "`": "backquotes"}
_RESERVED = "(){}"


class ShellSyntaxError(ValueError):
    """The command line is not valid in the supported shell grammar."""


@dataclass(frozen=True)
class Var:
    """A parameter expansion: ``$?`` (name ``?``) or ``$NAME``."""

    name: str


@dataclass(frozen=True)
class Substitution:
    """A command substitution, ``$(...)``: the output of ``script``, less its trailing
    newlines; outside double quotes it is split into fields at white space."""

    script: Script
    quoted: bool


@dataclass(frozen=True)
class Word:
    """One argument: literal text and expansions, and whether it has unquoted wildcards."""

    parts: tuple[str | Var | Substitution, ...]
    glob: bool = False


@dataclass(frozen=True)
class Redirect:
    """``fd`` goes to file ``path`` (appending or not), or is a copy of descriptor ``dup``;
    ``fd`` 0 (``< path``) reads file ``path``."""

    fd: int
    path: Word | None = None
    append: bool = False
    dup: int | None = None


@dataclass(frozen=True)
class Command:
    """A simple command: its words and its redirections, in order, and the ``NAME=VALUE``
    words before its first word (each word's text is ``NAME=VALUE``)."""

    words: tuple[Word, ...]
    redirects: tuple[Redirect, ...]
    assignments: tuple[Word, ...] = ()


Pipeline = tuple[Command, ...]


@dataclass(frozen=True)
class AndOr:
    """``first`` then each pipeline after ``&&`` (if the last status was 0) or ``||`` (if not)."""

    first: Pipeline
    rest: tuple[tuple[str, Pipeline], ...]


Script = tuple[AndOr, ...]


@dataclass(frozen=True)
class _Op:
    text: str


@dataclass(frozen=True)
class _Redir:
    fd: int
    append: bool
    dup: int | None


@dataclass(frozen=True)
class _Assignment:
    """A word that starts with an unquoted ``NAME=``."""

    word: Word


_Token = Word | _Op | _Redir | _Assignment


def parse(line: str) -> Script:
    """Parse a command line.

    Raises:
        ShellSyntaxError: the line is malformed or uses an unsupported construct.
    """
    tokens = _tokenize(line)
    script: list[AndOr] = []
    pos = 0
    while pos < len(tokens):
        if tokens[pos] == _Op(";"):
            raise ShellSyntaxError("syntax error: ';' unexpected")
        first, pos = _pipeline(tokens, pos)
        rest: list[tuple[str, Pipeline]] = []
        while pos < len(tokens) and tokens[pos] in (_Op("&&"), _Op("||")):
            op = tokens[pos].text  # type: ignore[union-attr]
            pipeline, pos = _pipeline(tokens, pos + 1)
            rest.append((op, pipeline))
        script.append(AndOr(first, tuple(rest)))
        if pos < len(tokens):  # only ';' can follow a complete list
            pos += 1
    return tuple(script)


def _pipeline(tokens: list[_Token], pos: int) -> tuple[Pipeline, int]:
    commands = []
    while True:
        command, pos = _command(tokens, pos)
        commands.append(command)
        if pos < len(tokens) and tokens[pos] == _Op("|"):
            pos += 1
            continue
        return tuple(commands), pos


def _command(tokens: list[_Token], pos: int) -> tuple[Command, int]:
    words: list[Word] = []
    redirects: list[Redirect] = []
    assignments: list[Word] = []
    while pos < len(tokens) and not isinstance(tokens[pos], _Op):
        token = tokens[pos]
        if isinstance(token, _Assignment):
            (words if words else assignments).append(token.word)
        elif isinstance(token, _Redir):
            if token.dup is not None:
                redirects.append(Redirect(token.fd, dup=token.dup))
            else:
                pos += 1
                if pos >= len(tokens) or not isinstance(tokens[pos], Word):
                    raise ShellSyntaxError("syntax error: a redirection needs a file name")
                redirects.append(Redirect(token.fd, tokens[pos], token.append))  # type: ignore[arg-type]
        else:
            words.append(token)  # type: ignore[arg-type]
        pos += 1
    if not words and not redirects and not assignments:
        found = tokens[pos].text if pos < len(tokens) else "end of line"  # type: ignore[union-attr]
        raise ShellSyntaxError(f"syntax error: {found!r} unexpected")
    return Command(tuple(words), tuple(redirects), tuple(assignments)), pos


class _Scanner:
    """Splits a line into words, operators and redirections in one quote-aware pass."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.pos = 0
        self.tokens: list[_Token] = []
        self._parts: list[str | Var | Substitution] = []
        self._text: list[str] = []
        self._glob = False
        self.in_word = False
        self.quoted = False
        """Whether the word has quoted or escaped text (then it is no assignment)."""
        self._assignment = False

    def peek(self, offset: int = 0) -> str:
        i = self.pos + offset
        return self.line[i] if i < len(self.line) else ""

    def literal(self, text: str) -> None:
        if text:
            self._text.append(text)
        self.in_word = True

    def expansion(self, var: Var | Substitution) -> None:
        if self._text:
            self._parts.append("".join(self._text))
            self._text = []
        self._parts.append(var)
        self.in_word = True

    def end_word(self) -> None:
        if self.in_word:
            if self._text or not self._parts:  # '' is a word too
                self._parts.append("".join(self._text))
            word = Word(tuple(self._parts), self._glob)
            self.tokens.append(_Assignment(word) if self._assignment else word)
        self.drop_word()

    def bare_fd(self) -> int | None:
        """The current word as a file descriptor, when it is one unquoted digit (``2>``)."""
        if len(self._text) == 1 and not self._parts and self._text[0] in ("0", "1", "2"):
            return int(self._text[0])
        return None

    def drop_word(self) -> None:
        self._parts, self._text, self._glob, self.in_word = [], [], False, False
        self.quoted = self._assignment = False

    def mark_assignment(self) -> None:
        """An unquoted ``=`` is next: the word is an assignment if all before it is a name."""
        if not self._assignment and not self.quoted and not self._parts:
            self._assignment = is_name("".join(self._text))

    def mark_glob(self) -> None:
        self._glob = True


def _tokenize(line: str) -> list[_Token]:
    s = _Scanner(line)
    while s.pos < len(line):
        c = s.peek()
        if c in " \t":
            s.end_word()
            s.pos += 1
        elif c in ";\n":
            s.end_word()
            s.tokens.append(_Op(";"))
            s.pos += 1
        elif c == "|" or (c == "&" and s.peek(1) == "&"):
            s.end_word()
            double = s.peek(1) == c
            s.tokens.append(_Op(c * 2 if double else c))
            s.pos += 2 if double else 1
        elif c == ">":
            _redirection(s)
        elif c == "<":
            _input_redirection(s)
        elif c in _UNSUPPORTED:
            raise ShellSyntaxError(f"{_UNSUPPORTED[c]} not supported")
        elif c in _RESERVED and not s.in_word:
            raise ShellSyntaxError(f"syntax error: {c!r} not supported")
        elif c == "#" and not s.in_word:
            break
        elif c == "'":
            end = line.find("'", s.pos + 1)
            if end < 0:
                raise ShellSyntaxError("syntax error: unterminated quoted string")
            s.quoted = True
            s.literal(line[s.pos + 1 : end])
            s.pos = end + 1
        elif c == '"':
            s.quoted = True
            _double_quoted(s)
        elif c == "\\":
            s.quoted = True
            if s.peek(1) == "":
                raise ShellSyntaxError("syntax error: a backslash ends the line")
            if s.peek(1) != "\n":
                s.literal(s.peek(1))
            s.pos += 2
        elif c == "$":
            _dollar(s, quoted=False)
        else:
            if c in "*?[":
                s.mark_glob()
            elif c == "=":
                s.mark_assignment()
            s.literal(c)
            s.pos += 1
    s.end_word()
    return s.tokens


def _redirection(s: _Scanner) -> None:
    fd = s.bare_fd()
    if fd is None:
        s.end_word()
        fd = 1
    else:
        s.drop_word()
    if fd == 0:
        raise ShellSyntaxError("input redirection (0>) not supported")
    s.pos += 1
    append = s.peek() == ">"
    if append:
        s.pos += 1
    if s.peek() == "&":
        target = s.peek(1)
        if append or target not in ("1", "2"):
            raise ShellSyntaxError("syntax error: expected 1 or 2 after >&")
        s.tokens.append(_Redir(fd, False, int(target)))
        s.pos += 2
        return
    s.tokens.append(_Redir(fd, append, None))


def _input_redirection(s: _Scanner) -> None:
    """``< FILE`` (``0<`` too): the command reads FILE."""
    fd = s.bare_fd()
    if fd is None:
        s.end_word()
    elif fd == 0:
        s.drop_word()
    else:
        raise ShellSyntaxError(
            f"syntax error: only standard input can be redirected from a file ({fd}<)"
        )
    if s.peek(1) == "<":
        raise ShellSyntaxError("here-documents (<<) not supported")
    if s.peek(1) in ("&", ">"):
        raise ShellSyntaxError(f"syntax error: <{s.peek(1)} not supported")
    s.tokens.append(_Redir(0, False, None))
    s.pos += 1


def _double_quoted(s: _Scanner) -> None:
    s.pos += 1
    s.literal("")  # "" is a word, empty
    while True:
        c = s.peek()
        if c == "":
            raise ShellSyntaxError("syntax error: unterminated quoted string")
        if c == '"':
            s.pos += 1
            return
        if c == "\\" and s.peek(1) in ('"', "\\", "$", "`", "\n"):
            if s.peek(1) != "\n":
                s.literal(s.peek(1))
            s.pos += 2
        elif c == "$":
            _dollar(s, quoted=True)
        elif c == "`":
            raise ShellSyntaxError("backquotes not supported")
        else:
            s.literal(c)
            s.pos += 1


def _dollar(s: _Scanner, quoted: bool) -> None:
    nxt = s.peek(1)
    if nxt == "?":
        s.expansion(Var("?"))
        s.pos += 2
    elif nxt == "(":
        if s.peek(2) == "(":
            raise ShellSyntaxError("arithmetic expansion $((...)) not supported")
        end = _closing_parenthesis(s.line, s.pos + 2)
        s.expansion(Substitution(parse(s.line[s.pos + 2 : end]), quoted))
        s.pos = end + 1
    elif nxt == "{":
        end = s.line.find("}", s.pos + 2)
        name = s.line[s.pos + 2 : end] if end > 0 else ""
        if not is_name(name) and name != "?":
            raise ShellSyntaxError(f"syntax error: bad substitution {s.line[s.pos :]!r}")
        s.expansion(Var(name))
        s.pos = end + 1
    elif nxt and nxt in _NAME_START:
        end = s.pos + 1
        while end < len(s.line) and s.line[end] in _NAME_CHARS:
            end += 1
        s.expansion(Var(s.line[s.pos + 1 : end]))
        s.pos = end
    else:
        s.literal("$")
        s.pos += 1


def _closing_parenthesis(line: str, start: int) -> int:
    """Where the ``)`` that closes a ``$(`` whose command starts at ``start`` is: quoted
    text and backslashed characters are skipped, inner parentheses counted."""
    depth, pos = 1, start
    while pos < len(line):
        c = line[pos]
        if c == "\\":
            pos += 1
        elif c == "'":
            pos = line.find("'", pos + 1)
            if pos < 0:
                break
        elif c == '"':
            pos += 1
            while pos < len(line) and line[pos] != '"':
                pos += 2 if line[pos] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return pos
        pos += 1
    raise ShellSyntaxError("syntax error: unterminated $(")


def is_name(text: str) -> bool:
    """Whether ``text`` can name a shell variable."""
    return bool(text) and text[0] in _NAME_START and all(c in _NAME_CHARS for c in text)
