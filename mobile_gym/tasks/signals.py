"""Signals: the facts a task judges, each read from a source a real device also has.

Every signal reads one source (the UI, logcat, settings, an app database, or what the agent
said and the user told it) and is re-evaluated only when that source changed since it was last
read.
"""

from __future__ import annotations

import difflib
import io
import itertools
import json
import posixpath
import re
import sqlite3
import zipfile
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from lxml import etree
from rapidfuzz import fuzz

from mobile_gym.checks import load_json
from mobile_gym.device.base import Device
from mobile_gym.hierarchy import Node
from mobile_gym.tasks import patterns
from mobile_gym.tasks import schema as s
from mobile_gym.tasks.params import fill_model
from mobile_gym.tasks.xpath_fast import FastXPath, compile_xpath
from mobile_gym.tasks.xpath_regex import compile_task_xpath


@dataclass
class AgentRecord:
    """What the agent said during the episode (answers, status, questions, tool calls), and
    which of the user's slots the user told it (``told``)."""

    answer: str | None = None
    """The last answer given."""
    answers: int = 0
    """How many answers were given."""
    status: str | None = None
    questions: list[str] = field(default_factory=list)
    tool_calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """Every tool call made, failed ones too (the episode's count of MCP calls)."""
    failed_tool_calls: set[int] = field(default_factory=set)
    """The positions in ``tool_calls`` of the calls that failed: the tool answered an error,
    or no such tool was offered."""
    told: list[str] = field(default_factory=list)
    version: int = 0

    def touch(self) -> None:
        self.version += 1


class Observer:
    """Reads the device for signals, caching each source until its change counter moves.

    New logcat lines are handed to the readers that ``follow_log`` registered as they
    arrive and then dropped: however long the episode, no line is kept once read.
    """

    def __init__(
        self,
        device: Device,
        agent: AgentRecord,
        log_start: int,
        sources: frozenset[str] | None = None,
    ) -> None:
        self.device = device
        self.agent = agent
        self.sources = sources
        """The device's sources that signals read (None: all); only their change counters
        are asked for, so a source no signal reads is not even looked at."""
        self.log_cursor = log_start
        self._log_readers: list[Callable[[list[tuple[str, str]]], bool]] = []
        self._counters: dict[str, Hashable] | None = None
        self._xml_tree: etree._Element | None = None
        self._nodes: tuple[Node, ...] | None = None
        self._texts: list[str] | None = None

    def refresh(self) -> dict[str, Hashable] | None:
        """Take the device's change counters; drop caches whose source changed."""
        counters = self.device.change_counters(self.sources)
        previous = self._counters
        if counters is None or counters != previous:  # equal counters: no source changed
            self._catch_up(counters, previous)
        self._counters = counters
        return counters

    def _catch_up(
        self, counters: dict[str, Hashable] | None, previous: dict[str, Hashable] | None
    ) -> None:
        """Drop the UI caches if the UI changed; read the new log lines if logcat did."""
        if counters is None or previous is None or counters.get("ui") != previous.get("ui"):
            self._xml_tree = None
            self._nodes = None
            self._texts = None
        if counters is None or previous is None or counters.get("logcat") != previous.get("logcat"):
            lines, self.log_cursor = self.device.logcat(self.log_cursor)
            if lines:
                self._log_readers = [read for read in self._log_readers if not read(lines)]

    def follow_log(self, reader: Callable[[list[tuple[str, str]]], bool]) -> None:
        """Hand each batch of new ``(tag, message)`` lines to ``reader`` until it returns
        True (it has seen what it waited for)."""
        self._log_readers.append(reader)

    def tree(self) -> etree._Element:
        """The UI hierarchy parsed with lxml (cached until the UI changes)."""
        if self._xml_tree is None:
            self._xml_tree = etree.fromstring(self.device.hierarchy_xml().encode("utf-8"))
        return self._xml_tree

    def nodes(self) -> tuple[Node, ...]:
        """The UI hierarchy's nodes (cached until the UI changes)."""
        if self._nodes is None:
            self._nodes = self.device.nodes()
        return self._nodes

    def texts_in(self, rect: tuple[float, float, float, float]) -> list[str]:
        """The texts of ``texts`` whose node's centre lies inside ``rect``: normalised
        ``(left, top, right, bottom)``, edges included."""
        width, height = self.device.size
        left, top, right, bottom = rect
        found = []
        for node in self.nodes():
            x, y = node.bounds.center
            if left <= x / width <= right and top <= y / height <= bottom:
                found += [v for v in (node.text, node.desc) if v]
        return found

    def texts(self) -> list[str]:
        """Every non-empty text and content description on screen, in document order."""
        if self._texts is None:
            self._texts = [v for node in self.nodes() for v in (node.text, node.desc) if v]
        return self._texts


def _folded(text: str) -> str:
    """``text`` as the similarity matches compare it: case-folded, each run of whitespace
    one space, none at the ends."""
    return " ".join(text.casefold().split())


def similarity(actual: str, expected: str, how: str) -> float:
    """How alike ``actual`` is to ``expected``, 0 to 1, compared ``_folded``.

    ``fuzzy``: twice the longest common subsequence over the total length (rapidfuzz's
    ``fuzz.ratio``, as Mobile-Env's FUZZ mode, divided by 100); ``difflib``: the same
    with the matching blocks difflib's ``SequenceMatcher`` finds (Mobile-Env's DIFFLIB
    mode, no junk heuristic), which can be lower when words are reordered.
    """
    a, b = _folded(actual), _folded(expected)
    if how == "fuzzy":
        return fuzz.ratio(a, b) / 100
    if how == "difflib":
        return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
    raise ValueError(f"unknown similarity {how!r}")


def _matches(actual: str, expected: str, how: str, threshold: float) -> bool:
    if how == "exact":
        return actual.strip() == expected.strip()
    if how == "contains":
        return expected.casefold() in actual.casefold()
    if how == "regex":
        return patterns.search(expected, actual)
    if how in ("fuzzy", "difflib"):
        return similarity(actual, expected, how) >= threshold
    raise ValueError(f"unknown match {how!r}")


_NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?|[-+]?\.\d+")


NUMBER_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
)
"""The numbers below twenty in words."""
TENS_WORDS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
"""The tens from twenty up in words ("ninety-two" is the tens and a word below ten)."""
_NUMBER_WORD = re.compile(
    rf"\b(?:({'|'.join(TENS_WORDS)})(?:[-\s]({'|'.join(NUMBER_WORDS[1:10])}))?"
    rf"|({'|'.join(NUMBER_WORDS)}))\b",
    re.IGNORECASE,
)


def _worded_numbers(text: str) -> set[float]:
    """The numbers ``text`` writes in words, below a hundred ("Three", "ninety-two")."""
    values = set()
    for tens, ones, below_twenty in _NUMBER_WORD.findall(text):
        if below_twenty:
            values.add(float(NUMBER_WORDS.index(below_twenty.lower())))
        else:
            ten = 20 + 10 * TENS_WORDS.index(tens.lower())
            values.add(float(ten + (NUMBER_WORDS.index(ones.lower()) if ones else 0)))
    return values


def _number_matches(actual: str, expected: str, tolerance: float) -> bool:
    """Whether ``actual`` states one value, ``expected`` within ``tolerance``: it holds a
    number (in digits, or, where it has none, in words below a hundred) and every number in
    it is that one value (candidates, or a range, do not match, even within the tolerance)."""
    values = {float(token.replace(",", "")) for token in _NUMBER.findall(actual)}
    if not values:
        values = _worded_numbers(actual)
    return len(values) == 1 and abs(values.pop() - float(expected)) <= tolerance


_DENIAL = re.compile(r"\bnot\b|n['’]t\b|^\W*no\b(?!\.\s*\d)|不是|并非|並非", re.IGNORECASE)
"""Words that deny what follows them: ``Not 8``, ``It isn't AAA``, ``No, it is...`` (not
``No. 5``)."""


def _denies(actual: str, expected: str) -> bool:
    """Whether ``actual`` denies where ``expected`` (the right answer, or its pattern) does
    not: an answer that names the right value to deny it does not match it."""
    return bool(_DENIAL.search(actual)) and not _DENIAL.search(expected)


class SignalProbe:
    """One signal of a task instance, with its parameters filled in."""

    def __init__(self, name: str, spec: Any, label: str = "<task>") -> None:
        self.name = name
        self.spec = spec
        self.where = f"{label}: signals.{name}"
        """How errors name the signal: the task's file and id, and the field."""
        self.source, self._read = _KINDS[type(spec)]
        if isinstance(spec, s.ContentSignal):
            self.source = content_source(spec.content)
        self._setting = ("", "")
        if isinstance(spec, s.SettingSignal):
            namespace, _, key = spec.setting.partition("/")
            self._setting = (namespace, key)
        self._fast: FastXPath | None = None
        self._xpath: etree.XPath | None = None
        """The XPath as lxml runs it over the dump, compiled when first needed (for what
        lies outside the fast path's subset)."""
        if isinstance(spec, s.XPathSignal):
            try:
                self._fast = compile_xpath(spec.xpath)  # None: outside the fast path's subset
            except ValueError as exc:
                raise ValueError(f"signal {name!r}: {exc}") from None
        for pattern in spec.regexes():
            try:
                patterns.check_pattern(pattern)
            except ValueError as exc:
                raise ValueError(f"signal {name!r}: {exc}") from None
        self._log_hits = 0

    def evaluate(self, obs: Observer) -> bool:
        """The signal's value in the state ``obs`` observes."""
        try:
            return self._read(self, obs)
        except patterns.PatternTooSlowError as exc:  # the task file's problem
            raise s.TaskFileError(f"{self.where}: {exc}") from None

    def _xpath_value(self, obs: Observer) -> bool:
        spec = self.spec
        if self._fast is not None:
            return self._fast.signal(obs.nodes(), spec.count)
        if self._xpath is None:
            self._xpath = compile_task_xpath(spec.xpath)
        try:
            result = self._xpath(obs.tree())
        except etree.XPathError as exc:  # an unknown function or variable shows only here
            raise s.TaskFileError(f"{self.where}: XPath failed: {exc}") from None
        except ValueError as exc:  # re:test: a pattern made at run time, or one too slow
            raise s.TaskFileError(f"{self.where}: {exc}") from None
        if isinstance(result, bool):
            return result
        if isinstance(result, float):
            return result != 0 if spec.count is None else result == spec.count
        if isinstance(result, str):
            return bool(result)
        return len(result) > 0 if spec.count is None else len(result) == spec.count

    def _text_value(self, obs: Observer) -> bool:
        spec = self.spec
        texts = obs.texts() if spec.rect is None else obs.texts_in(spec.rect)
        return any(_matches(t, spec.screen_text, spec.match, spec.threshold) for t in texts)

    def read_log(self, lines: list[tuple[str, str]]) -> bool:
        """Count the new logcat lines that match (``Observer.follow_log``; it goes on
        reading: the lines logged after a point count on their own, ``value_since``)."""
        spec = self.spec
        try:
            self._log_hits += sum(
                (spec.tag is None or tag == spec.tag) and patterns.search(spec.logcat, message)
                for tag, message in lines
            )
        except patterns.PatternTooSlowError as exc:  # the task file's problem
            raise s.TaskFileError(f"{self.where}: {exc}") from None
        return False

    def _logcat_value(self, obs: Observer) -> bool:
        return self._log_hits > 0

    def occurrences(self, obs: Observer) -> int | None:
        """How many times what the signal waits for has happened so far, for a signal of
        something that happens (a logcat line, an answer, a question, a tool call, the user
        telling); None for one of a state (the screen, a setting, a database, files)."""
        spec, agent = self.spec, obs.agent
        if isinstance(spec, s.LogcatSignal):
            return self._log_hits
        if isinstance(spec, s.AnswerSignal):
            return agent.answers
        if isinstance(spec, s.AskUserSignal):
            return len(agent.questions)
        if isinstance(spec, s.McpSignal):
            return len(agent.tool_calls)
        if isinstance(spec, s.ToldSignal):
            return len(agent.told)
        return None

    def value_since(self, obs: Observer, mark: int) -> bool:
        """The signal's value counting only what happened after ``occurrences`` was
        ``mark`` (a signal of a state: its value now)."""
        spec, agent = self.spec, obs.agent
        if isinstance(spec, s.LogcatSignal):
            return self._log_hits > mark
        if isinstance(spec, s.AnswerSignal):
            return agent.answers > mark and self.evaluate(obs)  # the last answer came since
        if isinstance(spec, s.AskUserSignal):
            return any(patterns.search(spec.ask_user, q) for q in agent.questions[mark:])
        if isinstance(spec, s.McpSignal):
            return any(self._called(agent, i) for i in range(mark, len(agent.tool_calls)))
        if isinstance(spec, s.ToldSignal):
            return spec.told in agent.told[mark:]
        return self.evaluate(obs)

    def _foreground_value(self, obs: Observer) -> bool:
        spec = self.spec
        package, activity = obs.device.foreground()
        return package == obs.device.package_name(spec.foreground) and (
            spec.activity is None or activity == spec.activity
        )

    def _setting_value(self, obs: Observer) -> bool:
        namespace, key = self._setting
        return _setting_matches(obs.device.get_setting(namespace, key), self.spec)

    def _sql_value(self, obs: Observer) -> bool:
        spec = self.spec
        try:
            attach = {name: (db.package, db.database) for name, db in spec.attach.items()}
            rows = obs.device.query(spec.package, spec.database, spec.sql, spec.params, attach)
        except (sqlite3.Error, ValueError) as exc:  # ValueError: no such app or database
            raise s.TaskFileError(f"{self.where}: SQL query failed: {exc}") from None
        return [list(r) for r in rows] == [list(r) for r in spec.expect]

    def _content_value(self, obs: Observer) -> bool:
        spec = self.spec
        try:
            rows = obs.device.content_query(spec.content, spec.projection or ["_id"], spec.where)
        except ValueError as exc:  # a provider this phone lacks, a column it does not have
            raise s.TaskFileError(f"{self.where}: content query failed: {exc}") from None
        if spec.expect is None:
            return len(rows) >= spec.min_rows
        return [list(r) for r in rows] == [[_content_text(v) for v in r] for r in spec.expect]

    def _file_value(self, obs: Observer) -> bool:
        """Whether the number of files that match lies between ``min_count`` and
        ``max_count``. Files are read (for ``contains`` and ``entries``) only until that is
        settled: up to one past ``max_count``, or up to ``min_count`` without one."""
        spec = self.spec
        paths: Iterable[str] = obs.device.find_files(spec.file)
        if spec.contains is not None:
            wanted = spec.contains.casefold()
            paths = (path for path in paths if _holds_text(obs, path, wanted))
        if spec.entries is not None:
            names = sorted(spec.entries)
            paths = (path for path in paths if _archived_names(obs, path) == names)
        settled = spec.min_count if spec.max_count is None else spec.max_count + 1
        count = sum(1 for _ in itertools.islice(paths, settled))
        return spec.min_count <= count and (spec.max_count is None or count <= spec.max_count)

    def _answer_value(self, obs: Observer) -> bool:
        spec = self.spec
        answer = obs.agent.answer
        if answer is None or _denies(answer, spec.answer):
            return False
        if spec.match == "number":
            return _number_matches(answer, spec.answer, spec.tolerance)
        return _matches(answer, spec.answer, spec.match, spec.threshold)

    def _status_value(self, obs: Observer) -> bool:
        return obs.agent.status == self.spec.status

    def _ask_user_value(self, obs: Observer) -> bool:
        return any(patterns.search(self.spec.ask_user, q) for q in obs.agent.questions)

    def _told_value(self, obs: Observer) -> bool:
        return self.spec.told in obs.agent.told

    def _mcp_value(self, obs: Observer) -> bool:
        return any(self._called(obs.agent, i) for i in range(len(obs.agent.tool_calls)))

    def _called(self, agent: AgentRecord, index: int) -> bool:
        """Whether the agent's tool call at ``index`` answered and is the one the signal
        names, with matching arguments (``McpSignal``)."""
        tool, args = agent.tool_calls[index]
        spec = self.spec
        if tool != spec.mcp_call or index in agent.failed_tool_calls:
            return False
        if spec.match == "regex":
            return all(
                patterns.search(pattern, _argument_text(args.get(name)))
                for name, pattern in spec.arguments.items()
            )
        return all(
            name in args and _same_argument(args[name], value)
            for name, value in spec.arguments.items()
        )


def _argument_text(value: Any) -> str:
    """A tool call argument as text: a string as it is, '' for one left out, anything
    else as JSON writes it."""
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _same_argument(actual: Any, expected: Any) -> bool:
    """Whether a call's argument is the expected value; a number and its digits (``3``,
    ``3.0``, ``"3"``) are the same value."""
    if isinstance(actual, bool) or isinstance(expected, bool):
        return actual is expected
    if actual == expected:
        return True
    numbers = [_as_number(actual), _as_number(expected)]
    return None not in numbers and numbers[0] == numbers[1]


def _as_number(value: Any) -> float | None:
    """``value`` as a number when it is one (not a bool) or a string of one; else None."""
    try:
        return None if isinstance(value, bool) else float(value)
    except (TypeError, ValueError):
        return None


def _holds_text(obs: Observer, path: str, wanted: str) -> bool:
    """Whether the file holds ``wanted`` (case-folded) in any letter case; False when it went
    away since it was found. An ASCII ``wanted`` is looked for in the bytes, lower-cased,
    without decoding the file (a signal over a whole folder tree reads every picture), and
    only in a file that holds its first character in either case: most files of a tree do
    not, and finding that out copies nothing."""
    try:
        data = obs.device.read_file(path)
    except FileNotFoundError:
        return False
    if wanted.isascii():
        needle = wanted.encode("ascii")
        first = needle[:1]
        if first not in data and first.upper() not in data:
            return False
        return needle in data.lower()
    return wanted in data.decode("utf-8", "replace").casefold()


def _archived_names(obs: Observer, path: str) -> list[str] | None:
    """The names of the files a zip archive holds (without the folders inside it), sorted;
    None when the file is no zip archive or went away since it was found. Only the
    archive's directory is read: nothing is unpacked."""
    try:
        with zipfile.ZipFile(io.BytesIO(obs.device.read_file(path))) as archive:
            members = archive.infolist()
    except (FileNotFoundError, zipfile.BadZipFile, EOFError, ValueError):  # (a broken archive)
        return None
    return sorted(posixpath.basename(m.filename) for m in members if not m.is_dir())


def _content_text(value: object) -> str | None:
    """An expected value as ``content query`` prints it (None for null)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return str(int(value))
    return str(value)


def _setting_matches(value: str | None, spec: s.SettingSignal) -> bool:
    if spec.equals is not None and value != spec.equals:
        return False
    if spec.not_equals is not None and value == spec.not_equals:
        return False
    if spec.at_least is not None or spec.at_most is not None:
        number = _as_number(value)
        if number is None:
            return False
        if spec.at_least is not None and number < spec.at_least:
            return False
        if spec.at_most is not None and number > spec.at_most:
            return False
    return True


_KINDS: dict[type, tuple[str, Callable[[SignalProbe, Observer], bool]]] = {
    s.XPathSignal: ("ui", SignalProbe._xpath_value),
    s.TextSignal: ("ui", SignalProbe._text_value),
    s.ForegroundSignal: ("ui", SignalProbe._foreground_value),
    s.LogcatSignal: ("logcat", SignalProbe._logcat_value),
    s.SettingSignal: ("settings", SignalProbe._setting_value),
    s.SqlSignal: ("db", SignalProbe._sql_value),
    s.ContentSignal: ("db", SignalProbe._content_value),
    s.FileSignal: ("files", SignalProbe._file_value),
    s.AnswerSignal: ("agent", SignalProbe._answer_value),
    s.StatusSignal: ("agent", SignalProbe._status_value),
    s.AskUserSignal: ("agent", SignalProbe._ask_user_value),
    s.McpSignal: ("agent", SignalProbe._mcp_value),
    s.ToldSignal: ("agent", SignalProbe._told_value),
}
"""Each kind of signal's source and how its value is read."""


CONTENT_SOURCES = {"settings": "settings", "media": "files"}
"""The source whose changes change a content provider's rows, by authority (the other
providers keep their rows in app databases: ``db``)."""


def content_source(uri: str) -> str:
    """The source a ``content:`` signal on ``uri`` reads (see ``CONTENT_SOURCES``)."""
    authority = uri.removeprefix("content://").partition("/")[0]
    return CONTENT_SOURCES.get(authority, "db")


def signal_problems(spec: s.TaskSpec, values: dict[str, Any]) -> list[str]:
    """What keeps ``spec``'s signals from being read once filled with ``values``: an XPath
    or a regular expression that does not compile, a value invalid once filled in. One line
    per signal, naming the task and the signal as an episode would. A task file is checked
    with the values of a dry run when it is loaded, so that a broken pattern is reported
    before any episode; each episode checks its own."""
    problems = []
    for name, signal in spec.signals.items():
        where = f"{spec.label}: signals.{name}"
        try:
            SignalProbe(name, fill_model(signal, values, where), spec.label)
        except s.TaskFileError as exc:
            problems += exc.problems
        except ValueError as exc:
            problems.append(f"{where}: {exc}")
    return problems


class SignalBoard:
    """All signals of an episode. A signal is read only when an event asks for it, and read
    again only when its source changed since (UI signals only after the UI changed)."""

    def __init__(self, probes: list[SignalProbe], observer: Observer) -> None:
        self.probes = {probe.name: probe for probe in probes}
        self.observer = observer
        for probe in probes:
            if probe.source == "logcat":
                observer.follow_log(probe.read_log)
        self.values: dict[str, bool] = {}
        self._read_at: dict[str, Hashable] = {}
        self._counters: dict[str, Hashable] | None = None
        self._agent_version = -1
        self.evaluations = 0
        """How many signal evaluations ran (to check that unchanged sources are not re-read)."""

    def begin_step(self) -> bool:
        """Take the sources' change counters for this step; False when no source changed
        since the last step (then no signal can have changed either)."""
        previous = self._counters
        counters = self._counters = self.observer.refresh()
        agent = self.observer.agent.version
        if agent != self._agent_version:
            self._agent_version = agent
            return True
        return counters is None or counters != previous

    def value(self, name: str) -> bool:
        """The signal's value now, read again only if its source changed."""
        probe = self.probes[name]
        if probe.source == "agent":
            token: Hashable = self.observer.agent.version
        else:
            token = None if self._counters is None else self._counters.get(probe.source)
        if token is None or name not in self.values or self._read_at.get(name) != token:
            self.values[name] = probe.evaluate(self.observer)
            self._read_at[name] = token
            self.evaluations += 1
        return self.values[name]

    def occurrences(self, name: str) -> int | None:
        """``SignalProbe.occurrences`` of the signal ``name``."""
        return self.probes[name].occurrences(self.observer)

    def value_since(self, name: str, mark: int) -> bool:
        """``SignalProbe.value_since`` of the signal ``name``."""
        return self.probes[name].value_since(self.observer, mark)

    def update(self) -> dict[str, bool]:
        """Begin a step and read every signal (tests and tools; the env reads on demand)."""
        self.begin_step()
        for name in self.probes:
            self.value(name)
        return self.values


def parse_tool_call(payload: str) -> tuple[str, dict[str, Any]]:
    """``{"tool": name, "arguments": {...}}`` from an MCP_CALL's text; ValueError if malformed."""
    try:
        data = load_json("MCP_CALL text", payload)  # ValueError if nested too deep
    except json.JSONDecodeError as exc:
        raise ValueError(
            f'MCP_CALL text must be JSON {{"tool": ..., "arguments": {{...}}}}: {exc}'
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("tool"), str):
        raise ValueError('MCP_CALL text must be a JSON object with a "tool" name')
    arguments = data.get("arguments", {})
    if not isinstance(arguments, dict):
        raise ValueError('MCP_CALL "arguments" must be a JSON object')
    return data["tool"], arguments
