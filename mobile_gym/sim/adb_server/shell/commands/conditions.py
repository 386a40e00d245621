"""``test EXPRESSION`` and ``[ EXPRESSION ]``: the shell's conditions, on the phone's files,
strings and integers, as scripts write them (``[ -f /sdcard/x.txt ] && echo yes``).

Exit status 0 when the expression holds, 1 when it does not, 2 (with a message) when it
cannot be read. The expression may be empty (false), a string (true unless empty), a unary
test, a binary one, negated with ``!``, grouped with ``(`` ``)`` and joined with ``-a`` and
``-o`` (``-a`` binding tighter).

- files: ``-e`` exists, ``-f`` a plain file, ``-d`` a folder, ``-s`` not empty; ``-r``,
  ``-w`` and ``-x`` as ``-e`` (the served shell runs with access to every file); ``-L`` and
  ``-h`` a symbolic link (never: the phone's storage has none);
- strings: ``-z`` empty, ``-n`` not empty, ``=``, ``==``, ``!=``, ``<``, ``>``;
- integers: ``-eq``, ``-ne``, ``-lt``, ``-le``, ``-gt``, ``-ge``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from mobile_gym.sim.adb_server.files import PhoneFiles, absolute
from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation

FALSE, TRUE, INVALID = 1, 0, 2


def _exists(files: PhoneFiles, path: str) -> bool:
    return files.stat(path).mode != 0


_FILE_TESTS: dict[str, Callable[[PhoneFiles, str], bool]] = {
    "-e": _exists,
    "-r": _exists,
    "-w": _exists,
    "-x": _exists,
    "-f": lambda files, path: files.is_file(path),
    "-d": lambda files, path: files.is_dir(path),
    "-s": lambda files, path: files.is_file(path) and files.stat(path).size > 0,
    "-L": lambda files, path: False,
    "-h": lambda files, path: False,
}
_STRING_TESTS: dict[str, Callable[[str, str], bool]] = {
    "=": str.__eq__,
    "==": str.__eq__,
    "!=": str.__ne__,
    "<": str.__lt__,
    ">": str.__gt__,
}
_INTEGER_TESTS: dict[str, Callable[[int, int], bool]] = {
    "-eq": int.__eq__,
    "-ne": int.__ne__,
    "-lt": int.__lt__,
    "-le": int.__le__,
    "-gt": int.__gt__,
    "-ge": int.__ge__,
}
_BINARY = {*_STRING_TESTS, *_INTEGER_TESTS}


class _Expression:
    """Reads ``words`` as a test expression and tells whether it holds."""

    def __init__(self, name: str, words: list[str], files: PhoneFiles) -> None:
        self.name = name
        self.words = words
        self.files = files
        self.at = 0

    def holds(self) -> bool:
        if not self.words:
            return False
        result = self._or()
        if self.at < len(self.words):
            raise CommandError(f"{self.name}: {self.words[self.at]}: unexpected operator", INVALID)
        return result

    def _next(self) -> str:
        if self.at >= len(self.words):
            raise CommandError(f"{self.name}: missing argument", INVALID)
        word = self.words[self.at]
        self.at += 1
        return word

    def _peek(self, offset: int = 0) -> str | None:
        at = self.at + offset
        return self.words[at] if at < len(self.words) else None

    def _or(self) -> bool:
        return self._joined("-o", self._and, operator.or_)

    def _and(self) -> bool:
        return self._joined("-a", self._not, operator.and_)

    def _joined(
        self, joiner: str, operand: Callable[[], bool], combine: Callable[[bool, bool], bool]
    ) -> bool:
        """Operands joined by ``joiner``, combined left to right."""
        result = operand()
        while self._peek() == joiner:
            self.at += 1
            result = combine(result, operand())
        return result

    def _not(self) -> bool:
        if self._peek() == "!" and self._peek(1) is not None:
            self.at += 1
            return not self._not()
        return self._primary()

    def _primary(self) -> bool:
        word = self._next()
        if word == "(" and self._peek(1) is not None and self._peek() != ")":
            result = self._or()
            if self._next() != ")":
                raise CommandError(f"{self.name}: missing )", INVALID)
            return result
        following = self._peek()
        if following in _BINARY:
            self.at += 1
            return self._binary(word, following, self._next())
        if word in _FILE_TESTS and following is not None:
            self.at += 1
            return _FILE_TESTS[word](self.files, absolute(following))
        if word in ("-z", "-n") and following is not None:
            self.at += 1
            return (following == "") == (word == "-z")
        return word != ""

    def _binary(self, left: str, operator: str, right: str) -> bool:
        if operator in _STRING_TESTS:
            return _STRING_TESTS[operator](left, right)
        return _INTEGER_TESTS[operator](self._integer(left), self._integer(right))

    def _integer(self, word: str) -> int:
        try:
            return int(word.strip())
        except ValueError:
            raise CommandError(f"{self.name}: {word}: bad number", INVALID) from None


def test(invocation: Invocation, args: list[str]) -> int:
    return TRUE if _Expression("test", args, invocation.device.files).holds() else FALSE


def bracket(invocation: Invocation, args: list[str]) -> int:
    if not args or args[-1] != "]":
        raise CommandError("[: missing ]", INVALID)
    return TRUE if _Expression("[", args[:-1], invocation.device.files).holds() else FALSE


COMMANDS: dict[str, Command] = {"test": test, "[": bracket}
