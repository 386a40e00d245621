"""The event tree: conditions over signals that grant rewards, deliver instructions and end
episodes (Mobile-Env's event slots, without executable code).

A condition is a signal name, ``all`` / ``any`` of conditions, ``not`` a condition, or
``order``: its parts in turn, each counting once it holds on or after the step the part
before it counted on (parts that hold together count at once, in their order, so an
``order`` holds on the very step that completes it). An event fires when its condition
holds and every event named in ``after`` has fired; ``once`` events fire a single time,
``always`` events each time their condition becomes true again. For an event with ``after``,
a signal of something that happens (a logcat line, an answer, a question, a tool call, the
user telling) counts only what happened from the step its last prerequisite fired in on, as
Mobile-Env's events are seen on the step they happen: what came before does not count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MethodType
from typing import Protocol

from mobile_gym.tasks import schema as s


@dataclass
class Firing:
    """What the events that fired in one step add up to."""

    events: list[str] = field(default_factory=list)
    reward: float = 0.0
    rewards: dict[str, float] = field(default_factory=dict)
    instructions: list[str] = field(default_factory=list)
    success: bool = False
    failure: bool = False


class Occurrences(Protocol):
    """How often the signals of things that happen have happened (``SignalBoard``)."""

    def occurrences(self, name: str) -> int | None:
        """How many times so far; None for a signal of a state."""

    def value_since(self, name: str, mark: int) -> bool:
        """The signal's value counting only what happened after ``occurrences`` was
        ``mark``."""


_GROUPS = (s.AllOf, s.AnyOf)
"""The conditions made of parts (a tuple: ``isinstance`` with a ``|`` union builds the union
each time)."""


class EventTree:
    """The events of one episode and their state (fired, progress of ``order`` conditions)."""

    def __init__(self, events: list[s.Event], instructions: dict[str, str]) -> None:
        self.events = events
        self.instructions = instructions
        """Each event's instruction with parameters filled in."""
        self.fired: dict[str, int] = {e.id: 0 for e in events}
        self._was_true: dict[str, bool] = {e.id: False for e in events}
        self._progress: dict[int, int] = {}
        self.settled = False
        """True when evaluating again with the same signal values cannot fire anything:
        nothing fired in the last evaluation."""
        self._has_order: dict[int, bool] = {}
        self._reads = {e.id: _names(e.when) for e in events if e.after}
        """The signals each event with ``after`` reads (marked while it waits)."""
        self._marks: dict[str, dict[str, int]] = {}
        """For each event with ``after``: how often its signals of things that happen had
        happened before the step its prerequisites fired in (see the module docstring)."""

    def step(
        self,
        signals: Mapping[str, bool] | Callable[[str], bool],
        occurred: Occurrences | None = None,
    ) -> Firing:
        """Evaluate the events that can still fire; ``signals`` gives a signal's value by
        name (a mapping, or a function that reads it on demand), ``occurred`` how often the
        signals of things that happen have happened (None: each counts from the start)."""
        if type(signals) is not MethodType and isinstance(signals, Mapping):
            signals = signals.__getitem__
        out = Firing()
        for event in self.events:
            if event.repeat == "once" and self.fired[event.id]:
                continue
            if self._waiting(event):
                continue
            holds = self._holds(event.when, self._reader(event, signals, occurred))
            rising = holds and not self._was_true[event.id]
            self._was_true[event.id] = holds
            if not rising:
                continue
            self.fired[event.id] += 1
            out.events.append(event.id)
            if event.reward:
                out.reward += event.reward
                out.rewards[event.id] = out.rewards.get(event.id, 0.0) + event.reward
            if event.id in self.instructions:
                out.instructions.append(self.instructions[event.id])
            if event.end == "success":
                out.success = True
            elif event.end == "failure":
                out.failure = True
        # an event that fired may unblock events listed before it (``after``): only otherwise
        # is the tree settled (an ``order`` moves on as far as the values let it at once)
        self.settled = not out.events
        if occurred is not None:
            self._mark_waiting(occurred)
        return out

    def _mark_waiting(self, occurred: Occurrences) -> None:
        """Note, for the events still waiting for a prerequisite, how often their signals of
        things that happen have happened by the end of this step."""
        for event in self.events:
            if self._waiting(event):
                marks = {name: occurred.occurrences(name) for name in self._reads[event.id]}
                self._marks[event.id] = {k: v for k, v in marks.items() if v is not None}

    def _waiting(self, event: s.Event) -> bool:
        """Whether ``event`` still waits for a prerequisite named in its ``after``."""
        return any(not self.fired[p] for p in event.after)

    def _reader(
        self, event: s.Event, signals: Callable[[str], bool], occurred: Occurrences | None
    ) -> Callable[[str], bool]:
        """How ``event`` reads its signals: those of things that happen from its marks on."""
        marks = self._marks.get(event.id)
        if not marks or occurred is None:
            return signals
        return lambda name: (
            occurred.value_since(name, marks[name]) if name in marks else signals(name)
        )

    def _ordered(self, condition: s.AllOf | s.AnyOf) -> bool:
        key = id(condition)
        found = self._has_order.get(key)
        if found is None:
            found = self._has_order[key] = _has_order(condition)
        return found

    def success_holds(
        self,
        signals: Mapping[str, bool] | Callable[[str], bool],
        occurred: Occurrences | None = None,
    ) -> bool:
        """Whether some success event whose ``after`` events have fired has its condition
        holding now (judging the final state)."""
        if isinstance(signals, Mapping):
            signals = signals.__getitem__
        return any(
            e.end == "success"
            and not self._waiting(e)
            and self._holds(e.when, self._reader(e, signals, occurred), advance=False)
            for e in self.events
        )

    def _holds(
        self, condition: s.Condition, signals: Callable[[str], bool], advance: bool = True
    ) -> bool:
        if isinstance(condition, str):
            return signals(condition)
        if isinstance(condition, _GROUPS):
            parts = condition.all if isinstance(condition, s.AllOf) else condition.any
            if advance and self._ordered(condition):  # every ``order`` inside must see this step
                results = [self._holds(c, signals, advance) for c in parts]
                return all(results) if isinstance(condition, s.AllOf) else any(results)
            if isinstance(condition, s.AllOf):  # short-circuit: unread signals stay unread
                return all(self._holds(c, signals, advance) for c in parts)
            return any(self._holds(c, signals, advance) for c in parts)
        if isinstance(condition, s.Not):
            return not self._holds(condition.not_, signals, advance)
        assert isinstance(condition, s.InOrder)
        # order: move on past every next part that holds now
        key = id(condition)
        done = self._progress.get(key, 0)
        while (
            advance and done < len(condition.order) and self._holds(condition.order[done], signals)
        ):
            done += 1
        if advance:
            self._progress[key] = done
        return done == len(condition.order)


def _names(condition: s.Condition) -> set[str]:
    """The signals ``condition`` reads."""
    if isinstance(condition, str):
        return {condition}
    if isinstance(condition, s.Not):
        return _names(condition.not_)
    if isinstance(condition, s.InOrder):
        parts = condition.order
    else:
        parts = condition.all if isinstance(condition, s.AllOf) else condition.any
    return set().union(*(_names(part) for part in parts))


def _has_order(condition: s.Condition) -> bool:
    """Whether an ``order`` condition sits anywhere inside ``condition``."""
    if isinstance(condition, str):
        return False
    if isinstance(condition, s.InOrder):
        return True
    if isinstance(condition, s.Not):
        return _has_order(condition.not_)
    parts = condition.all if isinstance(condition, s.AllOf) else condition.any
    return any(_has_order(part) for part in parts)
