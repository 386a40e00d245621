"""Fixed limits on task files, checked before and while their YAML is read, so that no file
(an alias bomb, a 3,000-deep nesting, a file of gigabytes) can stall or crash the loader.

The bytes are counted before they are parsed; nesting is counted while YAML composes the
document, before Python recurses into it; the data's values are counted with every alias
use counted in full (1.6 KB of nested aliases can stand for billions of values), stopping
as soon as the limit is passed. A mapping that gives one key twice is refused too: YAML
would keep the last silently. So is a plain (unquoted) value followed by one space and
``#word`` (``tagged #pets from my bookmarks``): YAML reads `` #`` as the start of a
comment and would drop the rest of the line silently.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode

MAX_FILE_BYTES = 1024 * 1024
"""The largest task file read (the shipped ones are a few KB)."""
MAX_NESTING = 50
"""The deepest nesting of mappings and lists (the shipped tasks nest 6 deep)."""
MAX_VALUES = 100_000
"""The most values (mappings, lists, keys and scalars) a task's data may hold, with each
alias use counted in full (the shipped tasks hold a few hundred)."""


class LimitError(ValueError):
    """Task data past one of the fixed limits, or YAML that gives a key twice or cuts a
    plain value at a ``#word``."""


class _TaskLoader(yaml.SafeLoader):
    """PyYAML's safe loader that counts how deep it composes and refuses repeated keys (used
    where PyYAML has no libyaml)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        self._depth += 1
        try:
            if self._depth > MAX_NESTING + 1:  # nodes inside the deepest collection allowed
                mark = self.peek_event().start_mark
                raise LimitError(
                    f"line {mark.line + 1}: nested more than {MAX_NESTING} levels deep"
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def compose_mapping_node(self, anchor: str | None) -> MappingNode:
        node = super().compose_mapping_node(anchor)
        _check_mapping(node)
        return node


_FAST_LOADER: type | None = getattr(yaml, "CSafeLoader", None)
"""PyYAML's safe loader on libyaml (C), when PyYAML was built with it: it parses and
composes several times faster than the pure-Python loader. The limits are then checked on
its events (nesting, before anything is composed) and its node graph (repeated keys)."""
_OPENS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSES = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _check_nesting(text: str) -> None:
    """LimitError if a collection in ``text`` nests deeper than ``MAX_NESTING``."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_FAST_LOADER):
            if isinstance(event, _OPENS):
                depth += 1
                if depth > MAX_NESTING:
                    line = event.start_mark.line + 1
                    raise LimitError(f"line {line}: nested more than {MAX_NESTING} levels deep")
            elif isinstance(event, _CLOSES):
                depth -= 1
    except yaml.MarkedYAMLError as exc:  # libyaml stops at its own, higher, nesting limit
        if "nesting depth" not in str(exc.problem) or exc.problem_mark is None:
            raise
        line = exc.problem_mark.line + 1
        raise LimitError(f"line {line}: nested more than {MAX_NESTING} levels deep") from None


def _check_keys(root: Node, lines: list[str]) -> None:
    """LimitError for a mapping of the node graph that gives one key twice, or a plain
    scalar cut by a comment (``_check_plain_end``); each node is visited once, however many
    aliases name it."""
    stack, visited = [root], {id(root)}
    while stack:
        node = stack.pop()
        if isinstance(node, MappingNode):
            _check_mapping(node)
            children = [child for pair in node.value for child in pair]
        elif isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        else:
            _check_plain_end(node, lines)
            continue
        for child in children:
            if id(child) not in visited:
                visited.add(id(child))
                stack.append(child)


_CUT_BY_COMMENT = re.compile(r" #[^\s#]")
"""One space and a word after a plain scalar: a hashtag YAML takes for a comment (a comment
meant as one is written ``  # note``)."""


def _check_plain_end(node: Node, lines: list[str]) -> None:
    """LimitError if the plain scalar ``node`` ends where its line goes on with `` #word``."""
    if not isinstance(node, ScalarNode) or node.style or node.end_mark is None:
        return
    end = node.end_mark
    rest = lines[end.line][end.column :] if end.line < len(lines) else ""
    if _CUT_BY_COMMENT.match(rest):
        raise LimitError(
            f"line {end.line + 1}: the value {node.value!r} ends at {rest.strip()!r}, which"
            " YAML reads as a comment: quote the value (or write a comment after two spaces)"
        )


def _check_mapping(node: MappingNode) -> None:
    seen: set[tuple[str, str]] = set()
    for key, _ in node.value:
        if isinstance(key, ScalarNode) and key.tag != "tag:yaml.org,2002:merge":
            if (key.tag, key.value) in seen:
                raise LimitError(
                    f"line {key.start_mark.line + 1}: key {key.value!r} is given twice "
                    "in one mapping"
                )
            seen.add((key.tag, key.value))


def read_yaml(data: bytes) -> Any:
    """The YAML document in ``data`` (UTF-8), within the limits.

    Raises:
        LimitError: past a limit, or a key given twice.
        UnicodeDecodeError: not UTF-8.
        yaml.YAMLError: not valid YAML.
        ValueError: a value YAML cannot make (a date such as 2024-13-45, an integer of
            thousands of digits).
    """
    if len(data) > MAX_FILE_BYTES:
        raise LimitError(f"file is larger than {MAX_FILE_BYTES:,} bytes")
    text = data.decode("utf-8")
    if _FAST_LOADER is None:
        loader: yaml.SafeLoader = _TaskLoader(text)
    else:
        _check_nesting(text)
        loader = _FAST_LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_keys(node, text.splitlines())
        return loader.construct_document(node)
    finally:
        loader.dispose()


def shape_problem(data: Any) -> str | None:
    """Why ``data`` is past the nesting or value limit (None if it is within both).

    Walks the data without recursion, counting a value each time it is reached (a shared
    list counts at every place it appears), and stops at the first limit passed.
    """
    count = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > MAX_VALUES:
            return (
                f"holds more than {MAX_VALUES:,} values (an alias counts as a copy of "
                "what it names)"
            )
        if isinstance(value, dict | list):
            if depth > MAX_NESTING:
                return f"nested more than {MAX_NESTING} levels deep"
            if isinstance(value, dict):
                count += len(value)  # the keys
                stack.extend((item, depth + 1) for item in value.values())
            else:
                stack.extend((item, depth + 1) for item in value)
    return None
