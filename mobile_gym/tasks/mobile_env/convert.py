"""Mobile-Env task files (``Task`` textproto) turned into mobile-gym task data.

Event sources become signals, event slots become events:

* ``text_recognize`` / ``text_detect`` -> ``screen_text`` (``rect`` keeps the region);
* ``view_hierarchy_event`` -> ``xpath`` (the CSS selector translated, pattern properties
  as XPath tests: literal text as ``contains`` / ``starts-with`` / ``=``, any other regex
  as ``re:test``);
* ``log_event`` -> ``logcat`` (one signal per tag filter, any of them);
* ``response_event`` -> ``answer``;
* reward / score / episode-end / instruction listeners -> events with ``reward``,
  ``end`` and ``instruction``; OR / AND / SINGLE slots -> ``any`` / ``all``;
  ``prerequisite`` -> ``after``; ``repeatability`` NONE -> ``repeat: once``.

No ``transformation`` is ever run: only statements that set ``y`` to a constant are read.
Setup and reset steps that mean something on a phone that starts each episode afresh are
kept (``start_activity`` -> ``setup.start``); the others are refused.
"""

from __future__ import annotations

import ast
import math
import pathlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml

from mobile_gym.tasks import patterns
from mobile_gym.tasks.mobile_env.protos import parse_task_proto
from mobile_gym.tasks.schema import TaskFileError, TaskSpec, parse_task
from mobile_gym.tasks.xpath_regex import string_literal

SUFFIX = ".textproto"
SOLUTION_SUFFIX = ".solution.yaml"
"""Reference steps for a task file ``x.textproto`` live next to it in ``x.solution.yaml``
(a YAML list of solution steps, as in a task file's ``solution``)."""
LISTENERS = ("reward_listener", "score_listener", "episode_end_listener", "instruction_listener")
DROPPED_LISTENERS = ("extra_listener", "json_extra_listener", "null_listener")
_MATCH_MODES = {0: "regex", 1: "difflib", 2: "fuzz", 3: "sbert"}
_UNLIMITED, _LAST, _NONE = 0, 1, 2  # EventSlot.Repeatability
_SOURCE_NONE = 0  # EventSource.Repeatability
_HARMLESS_CALLS = {
    "force_stop": "every episode starts on a freshly reset phone, with no app running",
    "clear_cache": "every episode starts on a freshly reset phone",
    "install_apk": "the app must be on the device; `apps` lists it",
    "start_screen_pinning": "not applied",
}


def _escape(text: str) -> str:
    """``text`` as a template that fills in to itself (task strings take ``{name}``)."""
    return text.replace("{", "{{").replace("}", "}}")


def _constant(statement: str, where: str) -> Any:
    """The constant ``statement`` assigns to ``y``; TaskFileError for any other code."""
    refusal = (
        f"{where}: transformation {statement!r} is code; only a constant assigned to y is"
        " accepted (y = 1, y = True, y = ['an instruction'])"
    )
    try:
        tree = ast.parse(statement.strip(), mode="exec")
    except SyntaxError:
        raise TaskFileError(refusal) from None
    if (
        len(tree.body) != 1
        or not isinstance(tree.body[0], ast.Assign)
        or len(tree.body[0].targets) != 1
        or not isinstance(tree.body[0].targets[0], ast.Name)
        or tree.body[0].targets[0].id != "y"
    ):
        raise TaskFileError(refusal)
    try:
        value = ast.literal_eval(tree.body[0].value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise TaskFileError(refusal) from None
    scalar = isinstance(value, bool | str) or (
        isinstance(value, int | float) and math.isfinite(value)
    )
    strings = isinstance(value, list) and all(isinstance(v, str) for v in value)
    if value is not None and not scalar and not strings:
        raise TaskFileError(refusal)
    return value


# signals ------------------------------------------------------------------------------------
def _matching(mode: int, threshold: float, where: str) -> dict[str, Any]:
    name = _MATCH_MODES.get(mode, str(mode))
    if name == "regex":
        return {"match": "regex"}
    if name == "difflib":  # SequenceMatcher's ratio, 0-1
        return {"match": "difflib", "threshold": min(max(threshold, 0.0), 1.0)}
    if name == "fuzz":  # rapidfuzz's ratio runs 0-100
        return {"match": "fuzzy", "threshold": min(max(threshold / 100, 0.0), 1.0)}
    raise TaskFileError(
        f"{where}: match mode {name.upper()} needs a sentence-embedding model; use REGEX,"
        " DIFFLIB or FUZZ"
    )


_QUICK = re.compile(r'(?P<type>[#.$@])(?P<oprt>[$^*]?)(?P<val>"[^"]+"|\d+)')
_QUICK_ATTRIBUTE = {"#": "resource-id", ".": "class", "$": "package", "@": "index"}
_LITERAL_ESCAPE = re.compile(r"\\([^A-Za-z0-9])")
_METACHARS = set(".^$*+?()[]{}|\\")


def _css(selector: str) -> str:
    """Mobile-Env's selector shorthands written as standard CSS attribute selectors."""

    def replace(found: re.Match[str]) -> str:
        value = found["val"] if found["val"].startswith('"') else f'"{found["val"]}"'
        return f"[{_QUICK_ATTRIBUTE[found['type']]}{found['oprt']}={value}]"

    return _QUICK.sub(replace, selector)


def _literal_test(attribute: str, pattern: str) -> str | None:
    """An XPath 1.0 test of ``@attribute`` equivalent to ``re.search(pattern, value)`` when
    ``pattern`` is literal text, anchored with ``^`` and/or ``$``, or alternatives of those
    separated by ``|``; None for any other pattern."""
    alternatives = re.split(r"(?<!\\)\|", pattern)
    tests = []
    for alternative in alternatives:
        start = alternative.startswith("^")
        end = alternative.endswith("$") and not alternative.endswith("\\$")
        body = alternative[1 if start else None : -1 if end else None]
        literal = _LITERAL_ESCAPE.sub(r"\1", body)
        if any(c in _METACHARS for c in _LITERAL_ESCAPE.sub("", body)):
            return None
        value, at = string_literal(literal), f"@{attribute}"
        if start and end:
            tests.append(f"{at}={value}")
        elif start:
            tests.append(f"starts-with({at}, {value})")
        elif end:
            tests.append(
                f"substring({at}, string-length({at}) - {len(literal) - 1}) = {value}"
                if literal
                else "true()"
            )
        else:
            tests.append(f"contains({at}, {value})")
    return " or ".join(tests)


def _check_regex(signal: dict[str, Any], where: str) -> None:
    """TaskFileError unless the regex ``signal`` matches with (a log line's, or a text's or
    an answer's matched as a regex) is one the episode can run."""
    if "logcat" in signal:
        pattern = signal["logcat"]
    elif signal.get("match") == "regex":
        pattern = signal.get("screen_text", signal.get("answer"))
    else:
        return
    try:
        patterns.check_pattern(pattern.replace("{{", "{").replace("}}", "}"))
    except ValueError as exc:
        raise TaskFileError(f"{where}: {exc}") from None


def _pattern_test(attribute: str, pattern: str, where: str) -> str:
    """An XPath test of ``@attribute`` equivalent to ``re.search(pattern, value)``: XPath 1.0
    string functions for literal text, ``re:test`` (``xpath_regex``) for any other regex."""
    literal = _literal_test(attribute, pattern)
    if literal is not None:
        return literal
    try:
        patterns.check_pattern(pattern)
    except ValueError as exc:
        raise TaskFileError(f"{where}: property {attribute!r}: {exc}") from None
    return f"re:test(@{attribute}, {string_literal(pattern)})"


def _vh_signal(event: Any, where: str) -> dict[str, Any]:
    from cssselect import GenericTranslator, SelectorError

    css = _css(", ".join(event.selector))
    try:
        xpath = GenericTranslator().css_to_xpath(css, prefix="//")
    except SelectorError as exc:
        raise TaskFileError(f"{where}: selector {css!r} is not valid CSS: {exc}") from None
    tests = []
    for prop in event.properties:
        if prop.WhichOneof("property_value") != "pattern":
            raise TaskFileError(
                f"{where}: property {prop.property_name!r} compares a number; only pattern"
                " properties are imported"
            )
        tests.append(_pattern_test(prop.property_name, prop.pattern, where))
    if tests:
        condition = " and ".join(f"({t})" for t in tests)
        xpath = " | ".join(f"({part})[{condition}]" for part in xpath.split(" | "))
    return {"xpath": xpath}


def _signals(task: Any, source: str) -> tuple[dict[str, Any], dict[int, list[str]], set[int]]:
    """The signals of the event sources, the signal names of each source id (a log event
    with several tags has one per tag) and the ids of sources that fire only once."""
    signals: dict[str, Any] = {}
    names: dict[int, list[str]] = {}
    once: set[int] = set()
    for i, event in enumerate(task.event_sources):
        where = f"{source}: event_sources[{i}] (id {event.id})"
        kind = event.WhichOneof("event")
        name = f"source_{event.id}" if event.id > 0 else f"source_at_{i}"
        if kind in ("text_recognize", "text_detect"):
            text = getattr(event, kind)
            signal = {"screen_text": _escape(text.expect)}
            signal |= _matching(text.mode, text.threshold, where)
            if text.HasField("rect"):
                r = text.rect
                # float32 in the message: rounded back to the decimals the file wrote
                signal["rect"] = [round(v, 6) for v in (r.x0, r.y0, r.x1, r.y1)]
            made = {name: signal}
        elif kind == "view_hierarchy_event":
            made = {
                name: {"xpath": _escape(_vh_signal(event.view_hierarchy_event, where)["xpath"])}
            }
        elif kind == "log_event":
            log = event.log_event
            tags = [f.partition(":")[0] for f in log.filters] or ["*"]
            made = {}
            for j, tag in enumerate(dict.fromkeys(tags)):
                signal = {"logcat": _escape(log.pattern)}
                if tag != "*":
                    signal["tag"] = tag
                made[name if len(tags) == 1 else f"{name}_{j}"] = signal
        elif kind == "response_event":
            response = event.response_event
            signal = {"answer": _escape(response.pattern)}
            signal |= _matching(response.mode, response.threshold, where)
            made = {name: signal}
        else:
            raise TaskFileError(
                f"{where}: {kind or 'an empty event'} is not supported (icon events need an"
                " icon model); use text, view-hierarchy, log or response events"
            )
        for signal in made.values():
            _check_regex(signal, where)
        signals |= made
        if event.id > 0:
            names[event.id] = list(made)
            if event.repeatability == _SOURCE_NONE:
                once.add(event.id)
    return signals, names, once


# events -------------------------------------------------------------------------------------
@dataclass
class _Stage:
    """One valued slot: when it holds, it gives ``value`` to its listener."""

    listener: str
    value: Any
    when: Any
    after: list[int]
    once: bool
    slot_id: int


@dataclass
class _Slots:
    """The slots of a task, walked into stages."""

    source: str
    signals: dict[int, list[str]]
    once_sources: set[int]
    by_id: dict[int, Any] = field(default_factory=dict)

    def index(self, slot: Any) -> None:
        if slot.id:
            self.by_id[slot.id] = slot
        for child in slot.events:
            if child.WhichOneof("source") == "event":
                self.index(child.event)

    def check(self, slot: Any, where: str) -> None:
        """Refuse code and caches anywhere in ``slot``."""
        for statement in slot.transformation:
            _constant(statement, where)
        if slot.cache_until:
            raise TaskFileError(f"{where}: cache_until is not supported")
        for j, child in enumerate(slot.events):
            if child.WhichOneof("source") == "event":
                self.check(child.event, f"{where}.events[{j}]")

    def empty(self, slot: Any) -> bool:
        return not slot.events or all(
            c.WhichOneof("source") == "event" and self.empty(c.event) for c in slot.events
        )

    def condition(
        self,
        ref: Any,
        where: str,
        seen: tuple[int, ...] = (),
        hoisted: frozenset[int] = frozenset(),
    ) -> Any:
        """The condition under which a slot (or a child reference) fires; the prerequisites
        of the slots in ``hoisted`` are already the event's ``after``."""
        if isinstance(ref, int):
            if ref in self.signals:
                names = self.signals[ref]
                return names[0] if len(names) == 1 else {"any": names}
            if ref in seen or ref not in self.by_id:
                problem = "refers to itself" if ref in seen else "is no event source or slot"
                raise TaskFileError(f"{where}: id {ref} {problem}")
            return self.condition(self.by_id[ref], where, (*seen, ref), hoisted)
        slot = ref
        if slot.prerequisite and seen and slot.id not in hoisted:
            raise TaskFileError(
                f"{where}: slot {slot.id or '(no id)'} inside a condition has a prerequisite;"
                " only the slots that give a listener its value may have one"
            )
        parts = []
        for child in slot.events:
            kind = child.WhichOneof("source")
            if kind == "event" and self.empty(child.event):
                continue
            child_ref = child.id if kind == "id" else child.event
            parts.append(self.condition(child_ref, where, seen, hoisted))
        if not parts:
            raise TaskFileError(f"{where}: slot {slot.id or '(no id)'} has no events")
        if slot.type == 0 or len(parts) == 1:  # SINGLE reads its first event
            return parts[0]
        return {"all" if slot.type == 1 else "any": parts}

    def _single(self, slot: Any) -> int | None:
        """The id of the slot that ``slot`` reads alone (its one event), if any."""
        children = [
            c
            for c in slot.events
            if not (c.WhichOneof("source") == "event" and self.empty(c.event))
        ]
        if slot.type == 0:
            children = children[:1]
        if len(children) == 1 and children[0].WhichOneof("source") == "id":
            ref = children[0].id
            return ref if ref in self.by_id and ref not in self.signals else None
        return None

    def sources_once(self, ref: Any) -> bool:
        """Whether every event source under ``ref`` fires once per episode."""
        if isinstance(ref, int):
            if ref in self.signals:
                return ref in self.once_sources
            return self.sources_once(self.by_id[ref])
        return all(
            self.sources_once(c.id if c.WhichOneof("source") == "id" else c.event)
            for c in ref.events
            if not (c.WhichOneof("source") == "event" and self.empty(c.event))
        )

    def stages(
        self, listener: str, slot: Any, where: str, after: list[int], once: bool
    ) -> list[_Stage]:
        """The valued slots under ``slot``: the first with a transformation on each path
        (identity OR / SINGLE slots above pass their children's values through)."""
        after = [*after, *slot.prerequisite]
        once = once or slot.repeatability == _NONE
        if slot.transformation:
            value = [_constant(s, where) for s in slot.transformation][-1]
            hoisted = set()
            single = self._single(slot)
            while single is not None and single not in hoisted:  # a slot naming another
                hoisted.add(single)
                after += self.by_id[single].prerequisite
                once = once or self.by_id[single].repeatability == _NONE
                single = self._single(self.by_id[single])
            when = self.condition(slot, where, hoisted=frozenset(hoisted))
            once = once or self.sources_once(slot)
            return [_Stage(listener, value, when, after, once, slot.id)]
        if slot.type == 1:  # AND without transformation: a list of values
            raise TaskFileError(
                f"{where}: an AND slot without a constant transformation gives a list of"
                " its events' values; add a transformation such as y = 1"
            )
        found = []
        for j, child in enumerate(slot.events):
            inner = f"{where}.events[{j}]"
            if child.WhichOneof("source") == "event":
                if not self.empty(child.event):
                    found += self.stages(listener, child.event, inner, after, once)
            elif child.id in self.by_id:
                found += self.stages(listener, self.by_id[child.id], inner, after, once)
            else:
                raise TaskFileError(
                    f"{inner}: event source {child.id} reaches {listener} with its own value;"
                    " a constant transformation (y = ...) is needed on the way"
                )
            if slot.type == 0:
                break
        return found


def _events(task: Any, slots: _Slots, source: str) -> list[dict[str, Any]]:
    stages: list[_Stage] = []
    present = task.event_slots
    for name in LISTENERS:
        if present.HasField(name):
            slot = getattr(present, name)
            slots.index(slot)
    for name in (*LISTENERS, *DROPPED_LISTENERS):
        if present.HasField(name):
            slots.check(getattr(present, name), f"{source}: event_slots.{name}")
    for name in LISTENERS:
        if present.HasField(name) and not slots.empty(getattr(present, name)):
            where = f"{source}: event_slots.{name}"
            stages += slots.stages(name, getattr(present, name), where, [], False)
    events: list[dict[str, Any]] = []
    keyed: dict[str, dict[str, Any]] = {}
    names_of_slot: dict[int, str] = {}
    score_values = {repr(s.value) for s in stages if s.listener == "score_listener"}
    if len(score_values) > 1:
        raise TaskFileError(
            f"{source}: event_slots.score_listener: different scores ({', '.join(sorted(score_values))})"
            " make rewards that depend on the order of firing; give them as reward_listener"
        )
    stages = _one_score(stages, f"{source}: event_slots.score_listener")
    for stage in stages:
        where = f"{source}: event_slots.{stage.listener}"
        fields: dict[str, Any] = {}
        value = stage.value
        if stage.listener in ("reward_listener", "score_listener"):
            if isinstance(value, str | list) or value is None:
                raise TaskFileError(f"{where}: a reward must be a number, got {value!r}")
            fields["reward"] = float(value)
        elif stage.listener == "episode_end_listener":
            if value is None:
                continue
            if not isinstance(value, bool):
                raise TaskFileError(f"{where}: an episode end must be True or False, got {value!r}")
            fields["end"] = "success" if value else "failure"
        else:
            lines = [value] if isinstance(value, str) else value
            if not isinstance(lines, list) or not lines:
                raise TaskFileError(f"{where}: an instruction must be text, got {value!r}")
            fields["instruction"] = _escape("\n".join(lines))
        key = repr((stage.when, sorted(set(stage.after)), stage.once))
        event = keyed.get(key)
        if event is None or any(k in event for k in fields):
            prefix = f"stage_{stage.slot_id}" if stage.slot_id else stage.listener.split("_")[0]
            name = prefix
            while any(e["id"] == name for e in events):
                name = f"{prefix}_{len(events)}"
            event = {
                "id": name,
                "when": stage.when,
                "after": sorted(set(stage.after)),
                "repeat": "once" if stage.once else "always",
            }
            events.append(event)
            keyed[key] = event
        event.update(fields)
        if stage.slot_id:
            names_of_slot.setdefault(stage.slot_id, event["id"])
    # a prerequisite becomes ``after`` an event that fires with it
    markers: list[dict[str, Any]] = []
    for event in events:
        after = []
        for ref in event.pop("after"):
            if ref not in names_of_slot:
                marker = f"reached_{ref}"
                names_of_slot[ref] = marker
                markers.append(
                    {"id": marker, "when": slots.condition(ref, f"{source}: prerequisite {ref}")}
                )
            after.append(names_of_slot[ref])
        if after:
            event["after"] = after
    return markers + events


def _one_score(stages: list[_Stage], where: str) -> list[_Stage]:
    """``stages`` with their score stages (all of one score) as one: Mobile-Env rewards a
    score's change, so the score is won once, by whichever of them holds first."""
    scores = [stage for stage in stages if stage.listener == "score_listener"]
    if len(scores) < 2:
        return stages
    if len({tuple(sorted(set(stage.after))) for stage in scores}) > 1:
        raise TaskFileError(
            f"{where}: a score set by slots of different prerequisites; give it as reward_listener"
        )
    won = _Stage(
        "score_listener",
        scores[0].value,
        {"any": [stage.when for stage in scores]},
        scores[0].after,
        True,
        0,  # no one slot: a prerequisite on one of them waits for that one itself
    )
    return [stage for stage in stages if stage.listener != "score_listener"] + [won]


# setup --------------------------------------------------------------------------------------
def _setup(task: Any, source: str) -> tuple[dict[str, Any], list[str]]:
    """The setup (``start``) and the apps the steps name; TaskFileError for steps that mean
    nothing on a phone reset for each episode."""
    start: dict[str, Any] | None = None
    apps: list[str] = []
    steps = [("setup_steps", s) for s in task.setup_steps]
    steps += [("reset_steps", s) for s in task.reset_steps]
    counters: dict[str, int] = {}
    for kind, step in steps:
        i = counters[kind] = counters.get(kind, -1) + 1
        where = f"{source}: {kind}[{i}]"
        which = step.WhichOneof("step")
        if which == "sleep" or which is None:
            continue  # the simulated phone settles at once; success conditions wait for it
        call = step.adb_call
        name = call.WhichOneof("command")
        message = getattr(call, name) if name else None
        if name == "start_activity":
            package, _, activity = message.full_activity.partition("/")
            if not package or not activity:
                raise TaskFileError(f"{where}: start_activity needs 'package/activity'")
            if activity.startswith(package + "."):
                activity = activity[len(package) :]
            start = {"package": package, "activity": activity}
            apps.append(package)
        elif name == "rotate" and message.orientation == 0:
            continue  # portrait: as the phone is
        elif name in _HARMLESS_CALLS:
            if getattr(message, "package_name", ""):
                apps.append(message.package_name)
        else:
            raise TaskFileError(
                f"{where}: adb_call {name or '(empty)'} has no equivalent on the simulated"
                " phone; accepted: start_activity, force_stop, clear_cache, install_apk,"
                " start_screen_pinning, rotate to portrait, sleep"
            )
    setup = {"start": start} if start else {}
    return setup, list(dict.fromkeys(apps))


# the task -----------------------------------------------------------------------------------
def task_data(
    task: Any, source: str, stem: str, solution: list[dict[str, Any]] | None
) -> dict[str, Any]:
    """mobile-gym task data for the Mobile-Env ``Task`` message ``task``."""
    setup, apps = _setup(task, source)
    if task.HasField("expected_app_screen") and "/" in task.expected_app_screen.activity:
        apps.append(task.expected_app_screen.activity.partition("/")[0])
    apps = list(dict.fromkeys(apps))
    if not apps:
        raise TaskFileError(
            f"{source}: names no app (no start_activity, force_stop or expected_app_screen)"
        )
    if not task.command:
        raise TaskFileError(f"{source}: command: no instruction")
    signals, names, once = _signals(task, source)
    events = _events(task, _Slots(source, names, once), source)
    if not events:
        raise TaskFileError(f"{source}: event_slots: no listener gives a reward or ends")
    used = {name for event in events for name in _names_in(event["when"])}
    signals = {name: signal for name, signal in signals.items() if name in used}
    slug = re.sub(r"[^a-z0-9]+", "_", (task.id or stem).lower()).strip("_") or "task"
    steps = solution or [{"status": "complete"}]
    data: dict[str, Any] = {
        "id": f"mobile_env.{slug}",
        "title": task.name or task.id or stem,
        "suite": "mobile_env",
        "apps": apps,
        "min_steps": max(1, sum(1 for s in steps if "status" not in s)),
        "max_steps": task.max_num_steps if task.max_num_steps > 0 else "none",
        "origin": f"Mobile-Env task file {stem}{SUFFIX}",
        "setup": setup,
        "instruction": {"template": _escape("\n".join(task.command))},
        "signals": signals,
        "events": events,
        "solution": steps,
    }
    return data


def _names_in(condition: Any) -> Iterator[str]:
    """The signal names an event's ``when`` (as data) reads: its strings, at any depth. The
    signals of sources only dropped listeners read (extras) are left out of the task."""
    if isinstance(condition, str):
        yield condition
    elif isinstance(condition, dict):
        for part in condition.values():
            yield from _names_in(part)
    elif isinstance(condition, list):
        for part in condition:
            yield from _names_in(part)


def _solution(path: pathlib.Path) -> list[dict[str, Any]] | None:
    sidecar = path.with_name(path.name.removesuffix(SUFFIX) + SOLUTION_SUFFIX)
    if not sidecar.is_file():
        return None
    try:
        steps = yaml.safe_load(sidecar.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise TaskFileError(f"{sidecar}: cannot be read: {' '.join(str(exc).split())}") from None
    if not isinstance(steps, list) or not steps:
        raise TaskFileError(f"{sidecar}: must be a YAML list of solution steps")
    return steps


def import_data(path: str | pathlib.Path) -> dict[str, Any]:
    """The task data of the Mobile-Env task file ``path`` (with the reference steps of its
    ``.solution.yaml`` when there is one; without, a lone ``status: complete``)."""
    path = pathlib.Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TaskFileError(f"{path}: no such task file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TaskFileError(f"{path}: cannot be read: {exc}") from None
    task = parse_task_proto(text, str(path))
    return task_data(task, str(path), path.name.removesuffix(SUFFIX), _solution(path))


def load_textproto(path: str | pathlib.Path) -> TaskSpec:
    """A Mobile-Env task file read as a mobile-gym task (validated as any task file)."""
    return parse_task(import_data(path), str(path))
