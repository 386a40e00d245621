"""A fast path for the XPath signals task authors actually write, run over a screen's nodes.

An ``xpath`` signal is XPath 1.0 over the uiautomator XML dump. Judged with lxml, every UI
change costs a dump (formatting every attribute of every node) and a parse, although a
signal reads only one or two attributes. ``compile_xpath`` turns the common forms into a
predicate over the screen's ``Node`` records instead (``mobile_gym.hierarchy``: the
attributes as an XML parser reads them from the dump), and returns None for anything else,
which is then judged by lxml as before.

The subset (``P`` a predicate; whitespace between tokens as XPath allows it):

- ``//node``, ``//node[P]``, ``//node[P][Q]...``: the selected nodes; then any number of
  further steps, ``/node[P]...`` (their children) or ``//node[P]...`` (their
  descendants), as the WikiHow tasks write them (``//node[@resource-id='section_0']//node[...]``);
- ``count(//node[P]...)``: their number; ``count(...) OP N`` with ``OP`` one of
  ``= != < <= > >=`` and ``N`` an integer literal: a boolean;
- ``boolean(//node[P]...)``, ``not(//node[P]...)``: a boolean.

``P`` is built from ``@attr`` (the attribute exists), string literals (``'v'`` or ``"v"``),
the string functions ``translate(a, b, c)`` (how tasks compare text in any case),
``concat(a, b, ...)`` and ``normalize-space(a)``, ``=`` and ``!=`` between those (and
booleans), ``contains(a, b)``, ``starts-with(a, b)``, ``re:test(a, 'pattern')`` and
``re:test(a, 'pattern', 'flags')`` (pattern and flags string literals;
``mobile_gym.tasks.xpath_regex``), ``not(...)``, ``true()``, ``false()``, ``and``, ``or`` and
parentheses, with XPath 1.0's semantics (a missing attribute is an empty node-set: ``@a='v'``
and ``@a!='v'`` are both false, ``contains(@a, '')`` is true, and as a function's argument it
is the empty string). Everything else returns None: a path that does not start with
``//node``, other axes, ``*``, positions (``[1]``) and other numbers inside predicates
(libxml2's string-to-number conversion has quirks not worth copying), other functions
(``string-length``, ``normalize-space()`` of the node itself...), ``text()``, variables,
unions...

Each expression is first compiled by lxml (``xpath_regex.compile_task_xpath``), so a malformed
one raises ValueError (with lxml's message) whether or not it lies in the subset; the parser here is a small tokenizer
plus recursive descent, and builds closures (no ``eval``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Literal

from mobile_gym.caches import LRUCache
from mobile_gym.hierarchy import Node, attribute
from mobile_gym.tasks import patterns
from mobile_gym.tasks.xpath_regex import compile_task_xpath, flagged

Reader = Callable[[Any], "str | None"]
"""Reads one attribute of a node: its value (unescaped), or None if the node lacks it."""
Readers = Callable[[str], Reader]
"""The reader of each attribute name."""
Predicate = Callable[[Any], bool]
Kind = Literal["nodes", "number", "boolean"]
Axis = Literal["descendant", "child"]

_TOKEN = re.compile(
    r"""
    (?P<space>[ \t\r\n]+)
  | (?P<literal>'[^']*'|"[^"]*")
  | (?P<number>[0-9]+(?:\.[0-9]*)?|\.[0-9]+)
  | (?P<name>[A-Za-z_][A-Za-z0-9_.\-]*)
  | (?P<symbol>//|!=|<=|>=|[/\[\]()@,=<>|*:$+\-.])
    """,
    re.VERBOSE,
)
_COMPARISONS = {"=", "!=", "<", "<=", ">", ">="}
_MAX_COUNT_DIGITS = 9


class _UnsupportedError(Exception):
    """The expression lies outside the subset (or is malformed: lxml tells which)."""


def _tokens(expression: str) -> list[tuple[str, str]]:
    """``(kind, text)`` pairs: ``literal`` (quotes stripped), ``number``, ``name``, ``symbol``."""
    out: list[tuple[str, str]] = []
    position = 0
    while position < len(expression):
        match = _TOKEN.match(expression, position)
        if match is None:
            raise _UnsupportedError(f"unexpected {expression[position]!r}")
        kind = match.lastgroup
        assert kind is not None
        text = match.group()
        if kind == "literal":
            out.append((kind, text[1:-1]))
        elif kind != "space":
            out.append((kind, text))
        position = match.end()
    return out


# The parsed predicate: tuples whose first item names the operation. Each parse function
# returns (node, type); types are XPath's: node-set (one attribute), string, boolean.
_Node = tuple[Any, ...]
_Type = Literal["nodeset", "string", "boolean"]
_Step = tuple[Axis, list[_Node]]
"""A location step: from the nodes selected so far (the document's root first) along its
axis to the ``node``s that pass all its predicates."""


class _Parser:
    """Recursive descent over the tokens of one expression of the subset."""

    def __init__(self, expression: str) -> None:
        self.tokens = _tokens(expression)
        self.at = 0

    # tokens ----------------------------------------------------------------------------
    def peek(self, offset: int = 0) -> tuple[str, str] | None:
        at = self.at + offset
        return self.tokens[at] if at < len(self.tokens) else None

    def accept(self, text: str, kind: str = "symbol") -> bool:
        if self.peek() == (kind, text):
            self.at += 1
            return True
        return False

    def expect(self, text: str, kind: str = "symbol") -> None:
        if not self.accept(text, kind):
            raise _UnsupportedError(f"expected {text!r} at token {self.at}")

    def is_call(self, *names: str) -> bool:
        token = self.peek()
        return (
            token is not None
            and token[0] == "name"
            and token[1] in names
            and self.peek(1) == ("symbol", "(")
        )

    # top level -------------------------------------------------------------------------
    def top(self) -> tuple[Kind, list[_Step], tuple[str, int] | None]:
        """(kind, steps of the path, comparison of its count with an integer)."""
        if self.is_call("count", "boolean", "not"):
            function = self.tokens[self.at][1]
            self.at += 2
            steps = self.path()
            self.expect(")")
            if function != "count":
                kind: Kind = "boolean"
                comparison = ("=", 0) if function == "not" else ("!=", 0)
            else:
                token = self.peek()
                if token is not None and token[0] == "symbol" and token[1] in _COMPARISONS:
                    self.at += 1
                    number = self.peek()
                    if (
                        number is None
                        or number[0] != "number"
                        or not number[1].isdigit()
                        or len(number[1]) > _MAX_COUNT_DIGITS
                    ):
                        raise _UnsupportedError("count compared with something but an integer")
                    self.at += 1
                    kind, comparison = "boolean", (token[1], int(number[1]))
                else:
                    kind, comparison = "number", None
        else:
            kind, steps, comparison = "nodes", self.path(), None
        if self.peek() is not None:
            raise _UnsupportedError(f"unexpected token {self.peek()!r}")
        return kind, steps, comparison

    def path(self) -> list[_Step]:
        """``//node`` and its predicates, then the steps after it (``/node`` or ``//node``,
        each with its predicates)."""
        self.expect("//")
        steps = [("descendant", self.step())]
        while True:
            if self.accept("//"):
                steps.append(("descendant", self.step()))
            elif self.accept("/"):
                steps.append(("child", self.step()))
            else:
                return steps

    def step(self) -> list[_Node]:
        """``node`` and the predicates after it."""
        self.expect("node", "name")
        predicates = []
        while self.accept("["):
            node, kind = self.or_expr()
            predicates.append(node if kind == "boolean" else ("boolean", node, kind))
            self.expect("]")
        return predicates

    # predicates ------------------------------------------------------------------------
    def or_expr(self) -> tuple[_Node, _Type]:
        node, kind = self.and_expr()
        while self.accept("or", "name"):
            right, right_kind = self.and_expr()
            node, kind = ("or", _as_boolean(node, kind), _as_boolean(right, right_kind)), "boolean"
        return node, kind

    def and_expr(self) -> tuple[_Node, _Type]:
        node, kind = self.equality()
        while self.accept("and", "name"):
            right, right_kind = self.equality()
            node, kind = ("and", _as_boolean(node, kind), _as_boolean(right, right_kind)), "boolean"
        return node, kind

    def equality(self) -> tuple[_Node, _Type]:
        left, left_kind = self.primary()
        token = self.peek()
        if token is None or token[0] != "symbol" or token[1] not in _COMPARISONS:
            return left, left_kind
        if token[1] not in ("=", "!="):
            raise _UnsupportedError("relational comparison")
        self.at += 1
        right, right_kind = self.primary()
        following = self.peek()
        if following is not None and following[0] == "symbol" and following[1] in _COMPARISONS:
            raise _UnsupportedError("chained comparison")
        return ("compare", token[1], left, left_kind, right, right_kind), "boolean"

    def primary(self) -> tuple[_Node, _Type]:
        token = self.peek()
        if token is None:
            raise _UnsupportedError("expression ends early")
        kind, text = token
        if kind == "literal":
            self.at += 1
            return ("literal", text), "string"
        if token == ("symbol", "@"):
            self.at += 1
            name = self.peek()
            if name is None or name[0] != "name" or self.peek(1) == ("symbol", ":"):
                raise _UnsupportedError("attribute name")
            self.at += 1
            return ("attribute", name[1]), "nodeset"
        if token == ("symbol", "("):
            self.at += 1
            result = self.or_expr()
            self.expect(")")
            return result
        if self.is_call("not", "contains", "starts-with", "true", "false"):
            self.at += 2
            return self.call(text)
        if self.is_call(*_STRING_FUNCTIONS):
            self.at += 2
            return self.string_call(text)
        if [self.peek(i) for i in range(4)] == [
            ("name", "re"),
            ("symbol", ":"),
            ("name", "test"),
            ("symbol", "("),
        ]:
            self.at += 4
            return self.regex_call()
        raise _UnsupportedError(f"unsupported token {token!r}")

    def call(self, function: str) -> tuple[_Node, _Type]:
        """The arguments and closing parenthesis of ``function(``."""
        if function in ("true", "false"):
            self.expect(")")
            return ("constant", function == "true"), "boolean"
        first, first_kind = self.or_expr()
        if function == "not":
            self.expect(")")
            return ("not", _as_boolean(first, first_kind)), "boolean"
        self.expect(",")
        second, second_kind = self.or_expr()
        self.expect(")")
        return (function, _as_string(first, first_kind), _as_string(second, second_kind)), (
            "boolean"
        )

    def string_call(self, function: str) -> tuple[_Node, _Type]:
        """The arguments and closing parenthesis of ``function(``, one of the string
        functions (``_STRING_FUNCTIONS``), each argument a string or an attribute."""
        arguments: list[_Node] = []
        while not arguments or self.accept(","):
            node, kind = self.or_expr()
            arguments.append(_as_string(node, kind))
        self.expect(")")
        least, most, _ = _STRING_FUNCTIONS[function]
        if not least <= len(arguments) <= (most or len(arguments)):
            raise _UnsupportedError(f"{function} with {len(arguments)} arguments")
        return (function, *arguments), "string"

    def regex_call(self) -> tuple[_Node, _Type]:
        """The arguments and closing parenthesis of ``re:test(``: a string, then the pattern
        and the optional flags as literals."""
        text, text_kind = self.or_expr()
        literals = []
        while self.accept(","):
            token = self.peek()
            if token is None or token[0] != "literal" or len(literals) == 2:
                raise _UnsupportedError("re:test with a pattern or flags that are no literal")
            literals.append(token[1])
            self.at += 1
        self.expect(")")
        if not literals:
            raise _UnsupportedError("re:test without a pattern")
        pattern, flags = (*literals, "")[:2]
        return ("re:test", _as_string(text, text_kind), flagged(pattern, flags)), "boolean"


def _as_boolean(node: _Node, kind: _Type) -> _Node:
    return node if kind == "boolean" else ("boolean", node, kind)


def _as_string(node: _Node, kind: _Type) -> _Node:
    if kind != "string" and kind != "nodeset":
        raise _UnsupportedError("a boolean used as a string")
    return node


# closures ----------------------------------------------------------------------------------
def _true(record: Any) -> bool:
    return True


def _false(record: Any) -> bool:
    return False


def _constant(value: bool) -> Predicate:
    return _true if value else _false


def _translation(source: str, target: str) -> dict[int, str | None]:
    """XPath's ``translate`` as a ``str.translate`` table: each character of ``source``
    becomes the character at its place in ``target``, or nothing past the end of ``target``;
    a character repeated in ``source`` goes by its first place."""
    table: dict[int, str | None] = {}
    for place, character in enumerate(source):
        table.setdefault(ord(character), target[place] if place < len(target) else None)
    return table


_XML_SPACE = re.compile("[ \t\r\n]+")
"""A run of what XPath's ``normalize-space`` takes for white space (XML's four characters)."""

_STRING_FUNCTIONS: dict[str, tuple[int, int | None, Callable[..., str]]] = {
    "translate": (3, 3, lambda text, source, target: text.translate(_translation(source, target))),
    "concat": (2, None, lambda *parts: "".join(parts)),
    "normalize-space": (1, 1, lambda text: _XML_SPACE.sub(" ", text).strip(" ")),
}
"""The string functions of the subset: the fewest and most arguments each takes (None: no
limit), and what it computes from their values."""


def _string(node: _Node, readers: Readers) -> Callable[[Any], str] | str:
    """A string: a constant (a literal, or a function of constants), or a function of the
    record (an attribute, as the empty string where the node lacks it, or a function of one)."""
    op = node[0]
    if op == "literal":
        return node[1]
    if op == "attribute":
        read = readers(node[1])
        return lambda record: read(record) or ""
    parts = [_string(argument, readers) for argument in node[1:]]
    compute = _STRING_FUNCTIONS[op][2]
    if all(isinstance(part, str) for part in parts):
        return compute(*parts)
    if op == "translate" and isinstance(parts[1], str) and isinstance(parts[2], str):
        text, table = parts[0], _translation(parts[1], parts[2])  # the table made once
        return lambda record: text(record).translate(table)  # type: ignore[operator]
    values = [_of_record(part) for part in parts]
    return lambda record: compute(*(value(record) for value in values))


def _of_record(string: Callable[[Any], str] | str) -> Callable[[Any], str]:
    """``string`` as a function of the record (a constant gives itself)."""
    if isinstance(string, str):
        return lambda record: string
    return string


def _build(node: _Node, readers: Readers) -> Predicate:
    """The closure computing boolean ``node`` of a record."""
    op = node[0]
    if op == "constant":
        return _constant(node[1])
    if op == "boolean":
        inner, kind = node[1], node[2]
        if kind == "string":  # not empty
            value = _string(inner, readers)
            if isinstance(value, str):
                return _constant(bool(value))
            return lambda record: bool(value(record))  # type: ignore[operator]
        read = readers(inner[1])
        return lambda record: read(record) is not None
    if op == "not":
        inner_predicate = _build(node[1], readers)
        return lambda record: not inner_predicate(record)
    if op in ("and", "or"):
        left, right = _build(node[1], readers), _build(node[2], readers)
        if op == "and":
            return lambda record: left(record) and right(record)
        return lambda record: left(record) or right(record)
    if op in ("contains", "starts-with"):
        return _build_string_test(op, _string(node[1], readers), _string(node[2], readers))
    if op == "compare":
        return _build_compare(node, readers)
    if op == "re:test":
        text, pattern = _string(node[1], readers), node[2]
        if isinstance(text, str):
            constant = text
            return lambda record: patterns.search(pattern, constant)
        read_text = text
        return lambda record: patterns.search(pattern, read_text(record))
    raise AssertionError(f"unknown node {node!r}")  # pragma: no cover


def _build_string_test(
    op: str, haystack: Callable[[Any], str] | str, needle: Callable[[Any], str] | str
) -> Predicate:
    if isinstance(haystack, str):
        constant = haystack
        haystack = lambda record: constant  # noqa: E731
    if op == "contains":
        if isinstance(needle, str):
            literal = needle
            return lambda record: literal in haystack(record)
        return lambda record: needle(record) in haystack(record)
    if isinstance(needle, str):
        prefix = needle
        return lambda record: haystack(record).startswith(prefix)
    return lambda record: haystack(record).startswith(needle(record))


def _build_compare(node: _Node, readers: Readers) -> Predicate:
    """``=`` / ``!=`` with XPath 1.0's rules for a node-set (here: one attribute, present or
    not), a string and a boolean."""
    _, op, left, left_kind, right, right_kind = node
    equal = op == "="
    if "boolean" in (left_kind, right_kind):
        # each side as a boolean (a node-set: whether it is not empty)
        a = _build(_as_boolean(left, left_kind), readers)
        b = _build(_as_boolean(right, right_kind), readers)
        if equal:
            return lambda record: a(record) == b(record)
        return lambda record: a(record) != b(record)
    if left_kind == "string" and right_kind == "string":
        first, second = _string(left, readers), _string(right, readers)
        if isinstance(first, str) and isinstance(second, str):
            return _constant((first == second) == equal)
        first_of, second_of = _of_record(first), _of_record(second)
        if equal:
            return lambda record: first_of(record) == second_of(record)
        return lambda record: first_of(record) != second_of(record)
    if left_kind == "string":
        left, right, right_kind = right, left, left_kind  # the attribute on the left
    read = readers(left[1])
    if right_kind == "string":
        value = _string(right, readers)
        if isinstance(value, str):  # (an attribute the node lacks equals no string, nor differs)
            if equal:
                return lambda record: read(record) == value
            return lambda record: (actual := read(record)) is not None and actual != value
        other: Reader = value  # a string computed from the node: never missing
    else:
        other = readers(right[1])
    if equal:
        return lambda record: (actual := read(record)) is not None and actual == other(record)

    def differ(record: Any) -> bool:
        actual, second = read(record), other(record)
        return actual is not None and second is not None and actual != second

    return differ


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "=": lambda n, m: n == m,
    "!=": lambda n, m: n != m,
    "<": lambda n, m: n < m,
    "<=": lambda n, m: n <= m,
    ">": lambda n, m: n > m,
    ">=": lambda n, m: n >= m,
}


class FastXPath:
    """An XPath expression of the subset, compiled; evaluated over a screen's nodes."""

    __slots__ = ("comparison", "expression", "kind", "selects", "then")

    def __init__(
        self,
        expression: str,
        kind: Kind,
        steps: list[_Step],
        comparison: tuple[str, int] | None,
    ) -> None:
        self.expression = expression
        self.kind: Kind = kind
        """``nodes`` (lxml gives the selected nodes), ``number`` or ``boolean``."""
        self.comparison = comparison
        """For a boolean: how the number of selected nodes is compared, and with what."""
        (_, first), *rest = steps
        self.selects: Predicate | None = _all_of(first)
        """Whether the first step (``//node[...]``: any node) selects a node (None: every
        node)."""
        self.then: list[tuple[Axis, Predicate | None]] = [
            (axis, _all_of(predicates)) for axis, predicates in rest
        ]
        """The steps after it: an axis, and whether a node it reaches is selected."""

    def _selected(self, nodes: Sequence[Node]) -> Iterable[bool]:
        """Whether the path selects each of ``nodes``."""
        chosen: Iterable[bool] = (
            [True] * len(nodes) if self.selects is None else map(self.selects, nodes)
        )
        for axis, selects in self.then:
            chosen = _step(nodes, list(chosen), axis, selects)
        return chosen

    def count(self, nodes: Sequence[Node]) -> int:
        """How many of ``nodes`` the path selects."""
        if self.selects is None and not self.then:
            return len(nodes)
        return sum(self._selected(nodes))

    def any(self, nodes: Sequence[Node]) -> bool:
        """Whether the path selects any of ``nodes`` (the last step stops at the first)."""
        if self.selects is None and not self.then:
            return len(nodes) > 0
        return any(self._selected(nodes))

    def result(self, nodes: Sequence[Node]) -> int | float | bool:
        """What lxml gives, but for ``nodes``: the number of nodes it selects."""
        if self.kind == "boolean":
            assert self.comparison is not None
            op, number = self.comparison
            return _COMPARE[op](self.count(nodes), number)
        n = self.count(nodes)
        return float(n) if self.kind == "number" else n

    def signal(self, nodes: Sequence[Node], count: int | None) -> bool:
        """The ``xpath`` signal's value, judged as ``SignalProbe`` judges lxml's result:
        some node (a number: not zero), or exactly ``count`` of them; a boolean as it is."""
        if self.kind == "boolean":
            if self.comparison in (("!=", 0), (">", 0), (">=", 1)):
                return self.any(nodes)
            if self.comparison in (("=", 0), ("<", 1), ("<=", 0)):
                return not self.any(nodes)
            return bool(self.result(nodes))
        if count is None:
            return self.any(nodes)
        return self.count(nodes) == count

    def __repr__(self) -> str:
        return f"FastXPath({self.expression!r}, kind={self.kind!r})"


def _all_of(predicates: list[_Node]) -> Predicate | None:
    """Whether a node passes every one of ``predicates`` (None when there are none)."""
    tests = [_build(node, attribute) for node in predicates]
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    return lambda n: all(test(n) for test in tests)


def _step(
    nodes: Sequence[Node], chosen: list[bool], axis: Axis, selects: Predicate | None
) -> Iterator[bool]:
    """Whether each of ``nodes`` (in document order, nested by ``depth`` as the dump nests
    them) is the child, or a descendant, of a ``chosen`` one and passes ``selects``."""
    open_nodes: list[tuple[int, bool]] = []  # the nodes holding this one: depth, chosen
    chosen_above = 0  # how many of them are chosen
    for node, was_chosen in zip(nodes, chosen, strict=True):
        depth = node.depth
        while open_nodes and open_nodes[-1][0] >= depth:
            chosen_above -= open_nodes.pop()[1]
        if axis == "child":
            reached = bool(open_nodes) and open_nodes[-1][1]
        else:
            reached = chosen_above > 0
        yield reached and (selects is None or selects(node))
        open_nodes.append((depth, was_chosen))
        chosen_above += was_chosen


_COMPILED: LRUCache[str, FastXPath | None] = LRUCache(1024)
"""Expressions compiled for the fast path lately (None: outside the subset), by expression:
an episode compiles its task's signals again at every reset."""


def compile_xpath(expression: str) -> FastXPath | None:
    """``expression`` compiled for the fast path, or None if it lies outside the subset.

    Raises:
        ValueError: ``invalid XPath {expression!r}: {lxml's message}`` if lxml cannot
            compile it (the message ``SignalProbe`` has always given, less its signal name),
            or ``invalid regex ...`` for a ``re:test`` pattern that is none.
    """
    return _COMPILED.get(expression, _compile)


def _compile(expression: str) -> FastXPath | None:
    compile_task_xpath(expression)
    try:
        kind, steps, comparison = _Parser(expression).top()
    except _UnsupportedError:
        return None
    return FastXPath(expression, kind, steps, comparison)
