"""The shell's variables: their values, and which of them the commands it runs see.

A connection's shell starts with Android's environment (``PATH``, ``HOME``, ...) exported;
``NAME=VALUE`` sets a variable of the shell, ``export`` hands it to the commands run after,
``unset`` forgets it. ``NAME=VALUE COMMAND`` gives ``COMMAND`` the variable without keeping it.
"""

from __future__ import annotations

from collections.abc import Mapping


class Variables:
    """The variables of one shell.

    Args:
        environment: the variables it starts with, all exported.
    """

    def __init__(self, environment: Mapping[str, str]) -> None:
        self._values = dict(environment)
        self._exported = set(environment)

    def get(self, name: str) -> str:
        """The variable's value; empty when it is not set, as ``$NAME`` expands."""
        return self._values.get(name, "")

    def is_set(self, name: str) -> bool:
        return name in self._values

    def set(self, name: str, value: str) -> None:
        self._values[name] = value

    def export(self, name: str) -> None:
        """Hand the variable to the commands run from now on (set or not yet)."""
        self._exported.add(name)

    def unset(self, name: str) -> None:
        self._values.pop(name, None)
        self._exported.discard(name)

    def environment(self) -> dict[str, str]:
        """The exported variables that are set: what a command run now sees."""
        return {name: self._values[name] for name in sorted(self._exported & set(self._values))}
