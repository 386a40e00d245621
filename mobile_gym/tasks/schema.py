"""The task file format: a pydantic schema for the YAML files under ``configs/tasks/``.

A task file is data only: no field is ever executed. Errors name the file, the field path
and the problem (``TaskFileError``), one line per problem.

Checked when a file is loaded: the fixed limits (``mobile_gym.tasks.limits``), UTF-8 and
YAML, every field's type and value (finite numbers, read-only SQL, known signals and
events, ``after`` without cycles), and the parameters, drawn once as a dry run. Checked
when an episode starts (``mobile_gym.tasks.episode``): the templates filled in, regexes
and XPaths, and the setup as the device applies it.
"""

from __future__ import annotations

import datetime as dt
import math
import pathlib
import re
from collections.abc import Sequence
from typing import Annotated, Any, Literal, Union

import numpy as np
import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    PrivateAttr,
    Strict,
    Tag,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from mobile_gym.device.task_sql import (
    MAX_ATTACHED,
    RESERVED_SCHEMAS,
    QueryRefused,
    check_reads_only,
)
from mobile_gym.mcp.servers import SERVERS
from mobile_gym.sim.driver import selector_problem
from mobile_gym.sim.keys import key_name
from mobile_gym.tasks.arithmetic import MAX_MAGNITUDE
from mobile_gym.tasks.limits import MAX_FILE_BYTES, LimitError, read_yaml, shape_problem

ID_PATTERN = r"^[a-z0-9_]+(\.[a-z0-9_]+)+$"
RULES = ("original", "strict")
"""Episode rules: ``original`` as the benchmark's own harness runs a task (its cap quirks),
``strict`` with exact caps; both latch success and judge with the same checks."""
NAME_PATTERN = r"^[a-z_][a-z0-9_]*$"
FILLED = {"filled": True}
"""The validation context of a part of a task whose ``{name}`` fields were filled in for an
episode: what can only be judged on the device (a query's reads) is left to the device."""


WholeNumber = Annotated[int, Strict()]
"""An integer as the file writes it: ``true``, ``2.0`` or ``"2"`` is none (pydantic would
read them as 1 and 2)."""
Number = Annotated[float, Strict()]
"""A number as the file writes it, whole or not: ``true`` or ``"0.5"`` is none."""
_KIND = "kind:"
"""What marks a tagged union's option (``_tagged``) in pydantic's error locations: no field
of the file, so ``field_path`` leaves it out."""


def _tagged(*options: tuple[str, type]) -> Any:
    """A union told apart by which of its marker keys a mapping has (``xpath``, ``sql``...),
    so that a mistake is reported against the one type it was meant to be."""
    keys = [key for key, _ in options]

    def pick(value: Any) -> str | None:
        if isinstance(value, str):
            found = ["name"] if "name" in keys else []
        elif isinstance(value, dict):
            found = [k for k in keys if k in value]
            found = found if len(found) == 1 else []
        else:  # a model made already (validating a spec again); anything else is no option
            found = [k for k, cls in options if isinstance(cls, type) and isinstance(value, cls)]
        return f"{_KIND}{found[0]}" if found else None

    union = tuple(Annotated[cls, Tag(f"{_KIND}{key}")] for key, cls in options)
    names = ", ".join(k for k in keys if k != "name")
    expected = f"exactly one of the keys {names}"
    return Annotated[
        Union[union],  # noqa: UP007 - built from a tuple of options
        Discriminator(
            pick,
            custom_error_type="unknown_kind",
            custom_error_message=(
                f"must be a signal name or a mapping with {expected}"
                if "name" in keys
                else f"must be a mapping with {expected}"
            ),
        ),
    ]


class TaskFileError(ValueError):
    """A task file that cannot be used.

    Args:
        problems: one line per problem, each naming the file, the field path and the
            problem (``file: field.path: problem``); a string is split into its lines.
    """

    def __init__(self, problems: str | Sequence[str]) -> None:
        lines = problems.splitlines() if isinstance(problems, str) else list(problems)
        self.problems: list[str] = lines or ["(no details)"]
        super().__init__("\n".join(self.problems))


class _FieldsError(ValueError):
    """Problems a model validator found, each at its own ``path`` under the model (reported
    there, not at the model itself)."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__("; ".join(message for _, message in problems))
        self.problems = problems


def _field_error(path: str, message: str) -> _FieldsError:
    return _FieldsError([(path, message)])


class _Model(BaseModel):
    # numbers must be finite: a NaN reward or threshold would judge nothing
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    def regex_fields(self) -> tuple[str, ...]:
        """The names of its fields that hold a regular expression, or a mapping of them
        (a parameter filled into one stands for its text: ``params.fill_pattern``)."""
        return ()

    def glob_fields(self) -> tuple[str, ...]:
        """The names of its fields that hold a file glob, or a list of them (a parameter
        filled into one stands for its text: ``params.fill_glob``)."""
        return ()

    def regexes(self) -> list[str]:
        """Every regular expression its ``regex_fields`` hold."""
        found: list[str] = []
        for name in self.regex_fields():
            value = getattr(self, name)
            found.extend(value.values() if isinstance(value, dict) else [value])
        return found


# parameters ---------------------------------------------------------------------------------
class _DrawnParam(_Model):
    unlike: list[Annotated[str, Field(pattern=NAME_PATTERN)]] = Field(default_factory=list)
    """Earlier parameters this one must differ from (drawn again until it does)."""
    original: str | int | float | None = None
    """The value the reproduced benchmark's task uses, taken instead of a draw in the
    episodes of seed 0 (other seeds draw equivalent values)."""


class ChoiceParam(_DrawnParam):
    """One of the listed values."""

    choice: list[Any] = Field(min_length=1)


class RangeParam(_DrawnParam):
    """An integer in [low, high] (inclusive)."""

    range: tuple[WholeNumber, WholeNumber]

    @field_validator("range")
    @classmethod
    def _ordered(cls, value: tuple[int, int]) -> tuple[int, int]:
        if value[0] > value[1]:
            raise ValueError(f"range low {value[0]} is above high {value[1]}")
        if not -MAX_MAGNITUDE <= value[0] <= value[1] <= MAX_MAGNITUDE:  # 64-bit draws
            raise ValueError(f"range bounds must lie within ±{MAX_MAGNITUDE:.0e}, got {value}")
        return value


class GeneratedParam(_DrawnParam):
    """A generated value: a first or last name, a phone number, a word, or a note title."""

    generate: Literal["first_name", "last_name", "phone", "word", "title", "sentence"]


class ComputedParam(_Model):
    """Arithmetic over earlier parameters: ``"{a} + {b} * 3"`` (numbers, ``+ - * / // %``,
    parentheses, ``round abs min max``); an integral result is an int."""

    compute: str


class DateParam(_Model):
    """A date ``add_days`` after ``date`` (ISO; both may use earlier parameters), written
    with ``format`` (strftime, or ``epoch_ms`` for milliseconds since 1970 UTC)."""

    date: str
    add_days: WholeNumber | str = 0
    format: str = "%Y-%m-%d"


Parameter = _tagged(
    ("choice", ChoiceParam),
    ("range", RangeParam),
    ("generate", GeneratedParam),
    ("compute", ComputedParam),
    ("date", DateParam),
)


# setup --------------------------------------------------------------------------------------
class SettingValue(_Model):
    namespace: Literal["global", "system", "secure"]
    key: str
    value: str | int | float | bool


def _storable(value: Any) -> Any:
    if isinstance(value, int) and not -(2**63) <= value < 2**63:
        raise ValueError(f"{value:.3g} is past SQLite's integers (64 bits, signed)")
    return value


SqlValue = Annotated[str | int | float | bool | None, BeforeValidator(_storable)]
"""A value SQLite stores as it is: a row's column, a query's parameter."""


class DatabaseRows(_Model):
    """Rows inserted into an app database table (values may use ``{param}``)."""

    package: str
    database: str
    table: str = Field(pattern=NAME_PATTERN)
    rows: list[dict[str, SqlValue]] = Field(default_factory=list)
    clear: bool = False
    """Delete the table's rows first."""


def _date_time(value: str | None) -> str | None:
    if value is not None and "{" not in value:  # a template is checked once filled
        try:
            dt.datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(
                f"modified must be an ISO date and time (2024-06-03T09:30), got {value!r}"
            ) from None
    return value


ModifiedTime = Annotated[str | None, AfterValidator(_date_time)]
"""When a setup file was last modified: an ISO date and time on the phone's clock (UTC),
which may use ``{param}``; None leaves the time the writing gave it."""


class FileContent(_Model):
    """A text file written to ``path`` on the phone (pushed over ADB on a device), last
    modified at ``modified`` when given (``touch -d`` after the push on a device)."""

    # a number parameter filled in (``"{code}"`` keeps its int type) is the text it reads as
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)

    path: str
    text: str
    modified: ModifiedTime = None


class DocumentFile(_Model):
    """A generated PDF written to ``path`` on the phone (pushed over ADB on a device).

    ``kind`` is one of ``mobile_gym.sim.documents.KINDS``: ``invoice``, ``paper``,
    ``ticket``, ``menu``, ``text`` or ``zip`` (a zip archive, ``fields: {files: [{name:
    notes/a.txt, text: ...}]}``); ``fields`` are that kind's fields (see its model in
    ``mobile_gym.sim.documents``), whose values may use ``{param}``::

        documents:
          - path: /sdcard/Download/invoice.pdf
            kind: invoice
            fields: {number: INV-7, date: "2024-03-01", due_date: "2024-03-31",
                     seller: {name: Brightline}, customer: {name: Acme},
                     items: [{description: Consulting, quantity: "{hours}", unit_price: 120}]}
          - path: /sdcard/Documents/cv.pdf
            kind: text
            fields: {title: Jane Doe, paragraphs: ["Ten years of ...", "Skills: ..."]}

    The field names are checked when the file is loaded, their values once the parameters
    are filled in (when the episode starts)."""

    path: str = Field(pattern=r"^/[^\x00]*[^/]$")
    kind: str
    fields: dict[str, Any] = Field(default_factory=dict)
    modified: ModifiedTime = None
    """When the file was last modified, as ``FileContent.modified``."""

    @model_validator(mode="after")
    def _known(self, info: ValidationInfo) -> DocumentFile:
        from mobile_gym.sim.documents import DocumentError, check_fields, field_names

        try:
            if info.context == FILLED:
                check_fields(self.kind, self.fields)
            else:
                unknown = sorted(set(self.fields) - field_names(self.kind))
                if unknown:
                    known = ", ".join(sorted(field_names(self.kind)))
                    raise DocumentError(
                        f"a {self.kind} document has no fields {unknown}; its fields: {known}"
                    )
        except DocumentError as exc:
            raise ValueError(str(exc)) from None
        return self


class StartScreen(_Model):
    """The app (and activity) the episode starts in."""

    # a number parameter filled in (``"{code}"`` keeps its int type) is the text it reads as
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)

    package: str
    activity: str | None = None


RemovedFiles = Annotated[str, Field(pattern=r"^/[^\x00]*[^/]$")]
"""An absolute glob of files to delete (``*``, ``?`` and ``[...]`` within one path segment,
``**`` alone as a segment for any number of folders: ``mobile_gym.device.paths``)."""


class ScreenNeed(_Model):
    """The screen a task's checks are written for, where they hold on it alone (they read
    values of that display, such as its display-size densities): ``width`` x ``height``
    pixels at ``dpi``."""

    width: WholeNumber = Field(ge=1)
    height: WholeNumber = Field(ge=1)
    dpi: WholeNumber = Field(ge=1)

    def fits(self, width: int, height: int, dpi: int) -> bool:
        """Whether a screen of ``width`` x ``height`` pixels at ``dpi`` is this one."""
        return (self.width, self.height, self.dpi) == (width, height, dpi)

    def __str__(self) -> str:
        return f"{self.width} x {self.height} px at {self.dpi} dpi"


class Setup(_Model):
    clear_data: list[str] = Field(default_factory=list)
    """Packages whose data is wiped first (``pm clear``: stopped, databases and files
    recreated empty), as MobileAgentBench does before every task."""
    time: str | None = None
    """Date and time, ISO 8601 (``2024-06-03T09:30``)."""
    settings: list[SettingValue] = Field(default_factory=list)
    database: list[DatabaseRows] = Field(default_factory=list)
    remove: list[RemovedFiles] = Field(default_factory=list)
    """Files deleted before ``files`` are written, each an absolute glob
    (``/sdcard/Download/*``): the phone's own seeded files, where the original's phone image
    has none there. Folders stay."""
    files: list[FileContent] = Field(default_factory=list)
    documents: list[DocumentFile] = Field(default_factory=list)
    """Generated PDFs (invoices, papers, tickets, menus, text), written after ``files``."""
    start: StartScreen | None = None

    def glob_fields(self) -> tuple[str, ...]:
        return ("remove",)


# signals ------------------------------------------------------------------------------------
class XPathSignal(_Model):
    """An XPath 1.0 query over the uiautomator XML; true when it selects a node (or, with
    ``count``, exactly that many).

    EXSLT's ``re:test(string, 'pattern')`` (and ``re:test(string, 'pattern', 'i')``, ignoring
    case) is available, the prefix ``re`` bound to ``http://exslt.org/regular-expressions``:
    true when the pattern (Python's syntax) matches somewhere in the string, as ``regex``
    matching does, with its time limit (``//node[re:test(@text, '\\b(cc|cream)\\b')]``).
    """

    xpath: str
    count: WholeNumber | None = Field(None, ge=0)


class TextSignal(_Model):
    """Text visible on screen (the ``text`` and ``content-desc`` of visible nodes); with
    ``rect``, only the nodes whose centre lies inside that part of the screen.

    ``fuzzy`` and ``difflib`` match when a text's similarity to ``screen_text`` (0 to 1,
    both case-folded with runs of whitespace as one space) is at least ``threshold``:
    ``fuzzy`` scores twice the longest common subsequence over the total length
    (rapidfuzz's ``fuzz.ratio`` / 100, Mobile-Env's FUZZ), ``difflib`` scores the blocks
    difflib's ``SequenceMatcher`` matches (Mobile-Env's DIFFLIB; lower for reordered words)."""

    screen_text: str = Field(min_length=1)
    match: Literal["exact", "contains", "regex", "fuzzy", "difflib"] = "contains"
    threshold: Number = Field(0.85, ge=0, le=1)
    rect: tuple[Number, Number, Number, Number] | None = None
    """Normalised ``[left, top, right, bottom]`` (0 to 1 of the screen's width and height),
    as Mobile-Env's text events give the region to read."""
    # a number parameter filled in (``"{code}"`` keeps its int type) is the text it reads as
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)

    @field_validator("rect")
    @classmethod
    def _inside_screen(
        cls, value: tuple[float, float, float, float] | None
    ) -> tuple[float, float, float, float] | None:
        if value is not None:
            left, top, right, bottom = value
            if not (0 <= left < right <= 1 and 0 <= top < bottom <= 1):
                raise ValueError(
                    "rect must be [left, top, right, bottom] with 0 <= left < right <= 1"
                    f" and 0 <= top < bottom <= 1, got {list(value)}"
                )
        return value

    def regex_fields(self) -> tuple[str, ...]:
        return ("screen_text",) if self.match == "regex" else ()


class LogcatSignal(_Model):
    """A logcat line written during the episode, matching ``regex`` (optionally by tag)."""

    logcat: str = Field(min_length=1)
    tag: str | None = None

    def regex_fields(self) -> tuple[str, ...]:
        return ("logcat",)


class ForegroundSignal(_Model):
    """The app (and optionally the activity) in front."""

    foreground: str
    activity: str | None = None


class SettingSignal(_Model):
    """A settings value compared with ``equals`` / ``not_equals`` or a number range."""

    # a number parameter filled in (``"{code}"`` keeps its int type) is the text it reads as
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)

    setting: str
    """``namespace/key``, e.g. ``global/wifi_on``."""
    equals: str | None = None
    not_equals: str | None = None
    at_least: Number | None = None
    at_most: Number | None = None

    @field_validator("setting")
    @classmethod
    def _namespaced(cls, value: str) -> str:
        namespace, _, key = value.partition("/")
        if namespace not in ("global", "system", "secure") or not key:
            raise ValueError("must be 'global/KEY', 'system/KEY' or 'secure/KEY'")
        return value

    @model_validator(mode="after")
    def _compared(self) -> SettingSignal:
        if (self.equals, self.not_equals, self.at_least, self.at_most) == (None,) * 4:
            raise ValueError(
                "a setting signal needs equals, not_equals, at_least or at_most "
                "(without one it would always hold)"
            )
        at_least, at_most = self.at_least, self.at_most
        if at_least is not None and at_most is not None and at_least > at_most:
            raise ValueError(f"at_least {at_least} is above at_most {at_most}")
        return self


class AttachedDatabase(_Model):
    """Another app's database that an ``sql`` signal reads beside its own."""

    package: str
    database: str


def _schema_names(value: dict[str, AttachedDatabase]) -> dict[str, AttachedDatabase]:
    taken = sorted(name for name in value if name in RESERVED_SCHEMAS)
    if taken:
        raise ValueError(f"{', '.join(taken)}: SQLite's own schema names; choose another")
    return value


class SqlSignal(_Model):
    """A read-only query over an app database; true when its rows equal ``expect``.

    SQLite itself judges the query (``mobile_gym.device.task_sql``): one statement that
    only reads, as compiling it here tells, and again on the app's database whenever it
    runs. ``attach`` names other apps' databases the query reads as well, each under its
    name (``server.invites``): a check that matches what one app sent against what another
    made."""

    attach: Annotated[
        dict[Annotated[str, Field(pattern=NAME_PATTERN)], AttachedDatabase],
        Field(max_length=MAX_ATTACHED),
        AfterValidator(_schema_names),
    ] = Field(default_factory=dict)
    """(Given before ``sql``, whose check reads these names.)"""
    sql: str
    package: str
    database: str
    params: list[SqlValue] = Field(default_factory=list)
    expect: list[list[SqlValue]]

    @field_validator("sql")
    @classmethod
    def _read_only(cls, value: str, info: ValidationInfo) -> str:
        if info.context == FILLED:  # judged on the app's database when it runs
            return value
        try:
            check_reads_only(value, attached=info.data.get("attach", {}))
        except QueryRefused as exc:
            raise ValueError(str(exc)) from None
        return value


class ContentSignal(_Model):
    """Rows of a content provider (``content://sms/sent``), as ``adb shell content query``
    finds them on a device and the simulated phone's providers (``sim.system.providers``)
    find them here: true when the rows ``where`` keeps (an SQL condition over the
    provider's columns) equal ``expect``, or, without ``expect``, number ``min_rows`` or
    more. Values are compared as the text ``content query`` prints (``NULL``: null).
    Settings have a signal of their own (``setting``)."""

    # a number parameter filled in (``"{code}"`` keeps its int type) is the text it reads as
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)

    content: str = Field(pattern=r"^content://[A-Za-z0-9_.]+(/[^\s]*)?$")
    projection: list[Annotated[str, Field(pattern=NAME_PATTERN)]] = Field(default_factory=list)
    where: str | None = None
    expect: list[list[SqlValue]] | None = None
    min_rows: WholeNumber = Field(1, ge=1)

    @field_validator("content")
    @classmethod
    def _not_settings(cls, value: str) -> str:
        if value.removeprefix("content://").partition("/")[0] == "settings":
            raise ValueError("read settings with a 'setting' signal (global/KEY, ...)")
        return value

    @model_validator(mode="after")
    def _shaped(self) -> ContentSignal:
        if self.expect is not None and self.projection:
            widths = {len(row) for row in self.expect}
            if widths - {len(self.projection)}:
                raise ValueError(f"rows of expect must have {len(self.projection)} values")
        if self.expect is not None and not self.projection:
            raise ValueError("expect needs a projection: the columns its rows hold")
        return self


class FileSignal(_Model):
    """Files on the phone whose paths match ``file`` (an absolute glob: ``*``, ``?`` and
    ``[...]`` within one path segment, ``/sdcard/DCIM/Camera/*.jpg``; ``**`` alone as a
    segment for any number of folders, ``/sdcard/**/report.pdf``) and, with
    ``contains``, whose text holds it (case ignored), and with ``entries``, that are zip
    archives whose files are exactly those named (by name: the folders inside the archive
    that hold them do not count): true when their number is at least ``min_count`` (1) and
    at most ``max_count``."""

    # a number parameter filled in (``"{code}"`` keeps its int type) is the text it reads as
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)

    file: str = Field(pattern=r"^/[^\x00]*$")
    contains: str | None = Field(None, min_length=1)
    entries: list[Annotated[str, Field(min_length=1, pattern=r"^[^/\x00]+$")]] | None = Field(
        None, min_length=1
    )
    min_count: WholeNumber = Field(1, ge=0)
    max_count: WholeNumber | None = Field(None, ge=0)

    def glob_fields(self) -> tuple[str, ...]:
        return ("file",)

    @model_validator(mode="after")
    def _counts(self) -> FileSignal:
        if self.max_count is not None and self.max_count < self.min_count:
            raise ValueError("max_count is below min_count")
        if self.max_count is None and self.min_count == 0:
            raise ValueError("min_count 0 without a max_count would always hold")
        return self


class AnswerSignal(_Model):
    """The agent's ANSWER compared with ``answer``. With ``match: number`` the answer must
    state one value: every number in it (``The code is 4821.``) is that one value, within
    ``tolerance``; an answer that lists candidates (``4821 or 1284``, ``between 14 and 20``)
    does not match. ``fuzzy`` and ``difflib`` compare similarity with ``threshold``, as
    ``TextSignal`` does. In every mode an answer that denies (``Not 8``, ``It isn't AAA``)
    does not match, unless ``answer`` is itself a denial."""

    answer: str = Field(min_length=1)
    match: Literal["exact", "contains", "regex", "fuzzy", "difflib", "number"] = "exact"
    threshold: Number = Field(0.85, ge=0, le=1)
    tolerance: Number = Field(0.0, ge=0)
    # a number parameter filled in (``"{code}"`` keeps its int type) is the text it reads as
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)

    @model_validator(mode="after")
    def _a_number_to_match(self) -> AnswerSignal:
        if self.match == "number" and "{" not in self.answer:  # a template: checked filled
            try:
                number = float(self.answer)
            except ValueError:
                number = math.nan
            if not math.isfinite(number):
                raise _field_error(
                    "answer", f"match: number needs a finite number, got {self.answer!r}"
                )
        return self

    def regex_fields(self) -> tuple[str, ...]:
        return ("answer",) if self.match == "regex" else ()


class StatusSignal(_Model):
    """The agent declared the task ``complete`` or ``infeasible``."""

    status: Literal["complete", "infeasible"]


class AskUserSignal(_Model):
    """The agent asked the user (optionally, a question matching ``regex``)."""

    ask_user: str = ".*"

    def regex_fields(self) -> tuple[str, ...]:
        return ("ask_user",)


class McpSignal(_Model):
    """The agent called MCP tool ``mcp_call`` and the tool answered: a failed call (the tool
    answered an error, or no such tool was offered) does not count. Each argument named in
    ``arguments`` must match: equal its value (a number and its digits are one value: ``3``
    and ``"3"``), or with ``match: regex`` hold a match of the regular expression given as
    its value in its text (a number's as JSON writes it; an argument the call leaves out
    reads as ''; ``(?i)`` ignores case)."""

    mcp_call: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    match: Literal["exact", "regex"] = "exact"

    @model_validator(mode="after")
    def _patterns_are_text(self) -> McpSignal:
        if self.match == "regex":
            for name, pattern in self.arguments.items():
                if not isinstance(pattern, str):
                    raise _field_error(
                        "arguments", f"match: regex needs a regex for {name!r}, got {pattern!r}"
                    )
        return self

    def regex_fields(self) -> tuple[str, ...]:
        return ("arguments",) if self.match == "regex" else ()


class ToldSignal(_Model):
    """The user told the agent what the slot ``told`` of the task's ``user`` block holds
    (a fact's or preference's name, ``correction`` or ``today``)."""

    told: str = Field(pattern=NAME_PATTERN)


Signal = _tagged(
    ("xpath", XPathSignal),
    ("screen_text", TextSignal),
    ("logcat", LogcatSignal),
    ("foreground", ForegroundSignal),
    ("setting", SettingSignal),
    ("sql", SqlSignal),
    ("content", ContentSignal),
    ("file", FileSignal),
    ("answer", AnswerSignal),
    ("status", StatusSignal),
    ("ask_user", AskUserSignal),
    ("mcp_call", McpSignal),
    ("told", ToldSignal),
)


# events -------------------------------------------------------------------------------------
class AllOf(_Model):
    all: list[Condition] = Field(min_length=1)


class AnyOf(_Model):
    any: list[Condition] = Field(min_length=1)


class InOrder(_Model):
    """True once its parts have held one after another, in this order: each counts once it
    holds on or after the step the part before it counted on (parts that hold together
    count at once, in their order)."""

    order: list[Condition] = Field(min_length=1)


class Not(_Model):
    not_: Condition = Field(alias="not")
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


Condition = _tagged(
    ("name", Annotated[str, Field(pattern=NAME_PATTERN)]),
    ("all", AllOf),
    ("any", AnyOf),
    ("order", InOrder),
    ("not", Not),
)
AllOf.model_rebuild()
AnyOf.model_rebuild()
InOrder.model_rebuild()
Not.model_rebuild()


class Event(_Model):
    """A node of the event tree: when ``when`` holds (after the events in ``after``), it
    grants ``reward``, delivers ``instruction`` and may end the episode."""

    id: str = Field(pattern=NAME_PATTERN)
    when: Condition
    after: list[str] = Field(default_factory=list)
    reward: Number = 0.0
    instruction: str | None = None
    end: Literal["success", "failure"] | None = None
    repeat: Literal["once", "always"] = "once"


# solution -----------------------------------------------------------------------------------
def _matchable(selector: dict[str, str]) -> dict[str, str]:
    problem = selector_problem(selector)
    if problem:
        raise ValueError(problem)
    return selector


Selector = Annotated[dict[str, str], AfterValidator(_matchable)]
"""Which node a solution step acts on: node attributes and the values they must have."""
"""Attributes a node must have: ``text``, ``id``, ``desc``, ``class``, ... (``*`` suffix: prefix)."""


class TypeInto(_Model):
    """Click the field ``into`` selects, then type ``text`` (Mobile-Env's INPUT); without
    ``into``, type into the field that has the focus (a field tapped by an earlier step)."""

    text: str
    into: Selector | None = None
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)


class ToolCallStep(_Model):
    """An MCP tool call of the reference solution: the tool's name and its arguments."""

    tool: str = Field(min_length=1)
    arguments: dict[str, Any] = Field(default_factory=dict)


def _android_key(key: str) -> str:
    key_name(key)  # ValueError naming the key when no Android key has that name
    return key


AndroidKey = Annotated[str, AfterValidator(_android_key)]
"""A key by its Android name (``BACK``, ``KEYCODE_ENTER``, ``enter``) or code (``"66"``)."""


class SolutionStep(_Model):
    """One agent-level action of the reference solution, addressed by selector.

    ``ask_user`` asks the simulated user and ``mcp_call`` calls a tool; later steps may use
    what came back: ``{reply.SLOT}`` is the value of the user's slot SLOT (once the user has
    told it) and ``{tool.PATH}`` a value of the last tool result (its JSON, ``PATH`` as
    dotted keys and list indexes: ``{tool.route.paths.0.duration}``; ``{tool.text}``: the
    result's text)."""

    click: Selector | None = None
    long_press: Selector | None = None
    type: TypeInto | None = None
    scroll: Literal["up", "down"] | None = None
    swipe: Literal["up", "down", "left", "right"] | None = None
    key: AndroidKey | None = None
    answer: str | None = None
    status: Literal["complete", "infeasible"] | None = None
    wait: WholeNumber | None = Field(None, ge=0)
    ask_user: str | None = Field(None, min_length=1)
    mcp_call: ToolCallStep | None = None
    at: tuple[Annotated[Number, Field(ge=0, le=1)], Annotated[Number, Field(ge=0, le=1)]] | None = (
        None
    )
    """Where a click or long press touches its node: fractions of the node's width and
    height from its top-left corner (default its centre, ``[0.5, 0.5]``): the end of a
    slider, say."""
    # a number parameter filled in (``answer: "{code}"``) is the text it reads as
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)

    @model_validator(mode="after")
    def _one_action(self) -> SolutionStep:
        given = [
            name
            for name in type(self).model_fields
            if name != "at" and getattr(self, name) is not None
        ]
        if len(given) != 1:
            raise ValueError(f"a step is exactly one action, got {given or 'none'}")
        if self.at is not None and given[0] not in ("click", "long_press"):
            raise ValueError("'at' places a click or a long press on its node")
        return self


# the simulated user -------------------------------------------------------------------------
CORRECTION_SLOT = "correction"
TODAY_SLOT = "today"
"""The slot names of the user's correction and date (``ToldSignal``), kept from facts."""


def _worded(alias: str) -> str:
    if not any(c.isalnum() for c in alias):
        raise ValueError(f"an alias needs a word (a letter or digit), got {alias!r}")
    return alias


Alias = Annotated[str, AfterValidator(_worded)]
"""Words a question about a slot may use (``Kevin's number``); matched whole, in order."""


class UserSlot(_Model):
    """Something the user knows (a fact) or likes (a preference): told when a question
    uses one of its ``aliases``."""

    name: str = Field(pattern=NAME_PATTERN)
    aliases: list[Alias] = Field(min_length=1)
    value: str
    reply: str | None = None
    """The user's words when asked (default: the first alias, a colon and the value)."""
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)


class UserCorrection(_Model):
    """What the user says when asked whether the instruction is right (it was wrong on
    purpose), or about the details it corrects (``aliases``); with ``at_step``, said
    unasked after that many agent steps."""

    text: str = Field(min_length=1)
    aliases: list[Alias] = Field(default_factory=list)
    at_step: WholeNumber | None = Field(None, ge=1)


class UserKnowledge(_Model):
    """The task's ``user`` block: what the user answers the agent's ASK_USER from."""

    facts: list[UserSlot] = Field(default_factory=list)
    preferences: list[UserSlot] = Field(default_factory=list)
    correction: UserCorrection | None = None
    today: str | None = None
    """The user's date (ISO, ``2025-10-16``), told when asked what day it is (default: the
    date of the task's ``setup.time``, where it sets the clock)."""

    @field_validator("today")
    @classmethod
    def _iso_date(cls, value: str | None) -> str | None:
        if value is not None and "{" not in value:  # a template is checked once filled
            try:
                dt.date.fromisoformat(value)
            except ValueError:
                raise ValueError(f"today must be an ISO date (2025-10-16), got {value!r}") from None
        return value

    @model_validator(mode="after")
    def _distinct_slots(self) -> UserKnowledge:
        problems: list[tuple[str, str]] = []
        seen: set[str] = set()
        for kind in ("facts", "preferences"):
            for i, slot in enumerate(getattr(self, kind)):
                if slot.name in (CORRECTION_SLOT, TODAY_SLOT):
                    problems.append((f"{kind}.{i}.name", f"{slot.name!r} is a reserved slot name"))
                elif slot.name in seen:
                    problems.append((f"{kind}.{i}.name", f"slot {slot.name!r} is given twice"))
                seen.add(slot.name)
        if problems:
            raise _FieldsError(problems)
        return self

    @property
    def has_information(self) -> bool:
        """Whether the user knows more of the task than the date (a fact, a preference or a
        correction): what makes its task an interaction task (``TaskSpec.tags``)."""
        return bool(self.facts or self.preferences or self.correction)

    def slot_names(self) -> list[str]:
        """The names a ``told`` signal may take: the facts, preferences, and ``correction``
        and ``today`` when given."""
        return [
            *(slot.name for slot in (*self.facts, *self.preferences)),
            *([CORRECTION_SLOT] if self.correction else []),
            *([TODAY_SLOT] if self.today else []),
        ]


SUITES_WITH_A_USER = ("mobileworld",)
"""The suites whose every task has a user, as every MobileWorld task has: a task without a
``user`` block gets one who knows nothing (every question refused, as MobileWorld's user
answers from its default "No more task-related information can be provided."), so that
every task of the suite observes ``ask_user_response`` and none tells by its observation
whether it is an interaction task."""


def _date_of(time: str | None) -> str | None:
    """The ISO date of a ``setup.time`` (None without one, or for one that is no ISO date
    and time: the episode reports it when it sets the clock)."""
    try:
        return dt.datetime.fromisoformat(time).date().isoformat() if time else None
    except ValueError:
        return None


# MCP tools ------------------------------------------------------------------------------------
class ToolAccess(_Model):
    """The task's ``tools`` block: the MCP tool servers (``mobile_gym.mcp.hub.known_servers``)
    whose tools the agent may call, and how they are reached. Written as a list of server
    names (``tools: [amap, gitHub]``) or as ``{servers: [...], transport: stdio}``."""

    servers: list[str] = Field(min_length=1)
    transport: Literal["memory", "stdio"] = "memory"
    """``memory``: the servers run in the env's process; ``stdio``: one process each."""

    @model_validator(mode="before")
    @classmethod
    def _a_list_of_servers(cls, data: Any) -> Any:
        return {"servers": data} if isinstance(data, list) else data

    @model_validator(mode="after")
    def _known_servers(self) -> ToolAccess:
        known = SERVERS
        problems = [
            (f"servers.{i}", f"unknown MCP server {name!r}; known servers: {', '.join(known)}")
            for i, name in enumerate(self.servers)
            if name not in known
        ]
        problems += [
            (f"servers.{i}", f"MCP server {name!r} is given twice")
            for i, name in enumerate(self.servers)
            if name in self.servers[:i]
        ]
        if problems:
            raise _FieldsError(problems)
        return self

    def offers(self, tool: str) -> bool:
        """Whether ``tool`` is named as the agent's client names these servers' tools
        (``<server>_<tool>``: ``arXiv_search_arxiv``)."""
        return any(tool.startswith(f"{server}_") for server in self.servers)


# the task -----------------------------------------------------------------------------------
_PACKAGE = re.compile(r"[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+")


def _package_name(name: str) -> str:
    if not _PACKAGE.fullmatch(name):
        raise ValueError(
            f"{name!r} is no Android package name (words of letters, digits and _ joined by"
            " dots, each starting with a letter: com.simplemobiletools.contacts.pro)"
        )
    return name


PackageName = Annotated[str, AfterValidator(_package_name)]
"""An app by its package name. Any package may be named (a task for a device over ADB runs
that device's apps); ``mobile-gym list apps`` shows the simulated phone's."""


class Instruction(_Model):
    template: str
    paraphrases: list[str] = Field(default_factory=list)


class EpisodeRules(_Model):
    """How the episode is judged (the benchmarks disagree; each is a choice here)."""

    success: Literal["latched", "final"] = "latched"
    """``latched``: reached at any moment counts; ``final``: judged when the episode ends."""
    require_status: bool = False
    """The agent must declare STATUS complete to get credit (AndroidWorld)."""
    end_on_success: bool = True
    """End the episode as soon as the task succeeds; otherwise the agent acts on until it
    declares STATUS or hits the cap (MobileAgentBench, which then records a late stop)."""
    status_counts: bool = True
    """STATUS is an agent action: it counts toward the step cap and the steps of SE. False
    as in MobileAgentBench, where an agent stops by ending its loop: STATUS then ends the
    episode without counting as a step."""
    typing_tap_counts: bool = False
    """A TYPE that taps its field first (gesture ``type`` at a point, ``TYPE(i, "text")``,
    JSON ``input_text`` with an index or a point) counts as two actions, the tap and the
    typing, toward the step cap and the steps of SE (``info["task_actions"]``): as in
    MobileAgentBench, whose agent taps a field and types into it in two actions and whose
    minimum steps count both."""
    answer_ends: bool = False
    """ANSWER ends the episode, as in MobileWorld (whose ``answer`` action is the last); by
    default an answer is recorded and the agent acts on."""
    original_extra_steps: WholeNumber = Field(0, ge=0)
    """Actions the original harness allows past the cap under ``rules="original"``
    (MobileAgentBench stops only once ``current_step > max_steps``: one more); ``strict``
    rules cap at ``max_steps`` exactly."""


class TaskSpec(_Model):
    """A task file."""

    _source: str = PrivateAttr(default="<task>")

    id: str = Field(pattern=ID_PATTERN)
    title: str
    suite: str = "starter"
    apps: list[PackageName] = Field(min_length=1)
    category: Literal["gui", "interact", "mcp"] = "gui"
    """The task's primary category; a task that asks the user and calls tools is ``mcp``
    (``tags`` keeps both)."""
    difficulty: Literal["easy", "medium", "hard"] | None = None
    task_type: str | None = Field(None, pattern=NAME_PATTERN)
    """The task's type within its benchmark, for per-type results (Mobile-Env's WikiHow
    set: ``cross_page``, ``in_page``, ``qa``)."""
    language: Literal["en", "zh"] = "en"
    """The language of the instruction (MobileWorld has English and Chinese tasks)."""
    min_steps: WholeNumber = Field(ge=1)
    max_steps: Literal["2x_min", "none"] | WholeNumber = "2x_min"
    episode: EpisodeRules = EpisodeRules()
    stop_after_finish: bool = False
    origin: str | None = None
    """The original benchmark task this file reproduces: its repository and file
    (``MobileAgentBench/mobile-agent-bench:src/mobile_agent_benchmark/tasks/x.py``)."""
    original_min_steps: WholeNumber | None = Field(None, ge=1)
    """The original's ``min_steps``, when it differs from or justifies ``min_steps``."""
    original_max_steps: WholeNumber | None = Field(None, ge=1)
    """The original's ``max_steps`` (its step cap)."""
    min_steps_note: str | None = None
    """Why ``min_steps`` differs from ``original_min_steps``."""
    setup: Setup = Setup()
    parameters: dict[Annotated[str, Field(pattern=NAME_PATTERN)], Parameter] = Field(
        default_factory=dict
    )
    instruction: Instruction
    user: UserKnowledge | None = Field(None, validate_default=True)
    """What the simulated user knows, answering ASK_USER (``mobile_gym.tasks.user``); a task
    of ``SUITES_WITH_A_USER`` without one gets a user who knows nothing, and a user without
    ``today`` gets the date of ``setup.time``."""
    tools: ToolAccess | None = None
    """The MCP tool servers the agent may call (MCP_CALL); without it no tool is available."""
    signals: dict[Annotated[str, Field(pattern=NAME_PATTERN)], Signal]
    events: list[Event] = Field(min_length=1)
    solution: list[SolutionStep] = Field(min_length=1)
    screen: ScreenNeed | None = None
    """The screen the task's checks are written for, when they hold on that screen alone
    (None: any). The simulated phone at another display refuses the task at reset, and
    ``mobile-gym eval --display`` leaves it out."""

    @field_validator("max_steps", mode="before")
    @classmethod
    def _a_cap(cls, value: Any) -> Any:
        """One message for every wrong cap (not one per kind of value it could be)."""
        if value in ("2x_min", "none") or (type(value) is int and value >= 1):
            return value
        raise ValueError(f"max_steps must be a positive integer, '2x_min' or 'none', got {value!r}")

    @field_validator("user")
    @classmethod
    def _the_user(cls, user: UserKnowledge | None, info: ValidationInfo) -> UserKnowledge | None:
        """A user for every task of ``SUITES_WITH_A_USER``, and today's date from the clock
        the setup sets when the block gives none."""
        if user is None and info.data.get("suite") in SUITES_WITH_A_USER:
            user = UserKnowledge()
        setup = info.data.get("setup")
        today = _date_of(setup.time) if setup is not None else None
        if user is not None and user.today is None and today is not None:
            user = user.model_copy(update={"today": today})
        return user

    @model_validator(mode="after")
    def _references(self) -> TaskSpec:
        problems: list[tuple[str, str]] = []
        event_ids = [e.id for e in self.events]
        seen: set[str] = set()
        for i, event_id in enumerate(event_ids):
            if event_id in seen:
                problems.append((f"events.{i}.id", f"event id {event_id!r} is used more than once"))
            seen.add(event_id)
        problems += self._signal_problems()
        for i, event in enumerate(self.events):
            for prerequisite in event.after:
                if prerequisite not in seen:
                    problems.append(
                        (
                            f"events.{i}.after",
                            f"event {event.id!r} comes after unknown event {prerequisite!r}",
                        )
                    )
        cycle = _after_cycle({e.id: [p for p in e.after if p in seen] for e in self.events})
        if cycle:
            problems.append(
                (
                    f"events.{event_ids.index(cycle[0])}.after",
                    "events come after each other in a cycle, so none of them can ever fire: "
                    + " -> ".join(repr(event_id) for event_id in cycle),
                )
            )
        problems += self._tool_problems()
        if not any(e.end == "success" for e in self.events):
            problems.append(("events", "no event ends the episode as success"))
        originals = ("original_min_steps", "original_max_steps", "min_steps_note")
        for name in originals:
            if getattr(self, name) is not None and self.origin is None:
                problems.append((name, f"{name} is given without origin"))
        if (
            self.original_min_steps is not None
            and self.original_min_steps != self.min_steps
            and not self.min_steps_note
        ):
            problems.append(
                (
                    "min_steps_note",
                    f"min_steps {self.min_steps} differs from original_min_steps "
                    f"{self.original_min_steps}: say why in min_steps_note",
                )
            )
        if problems:
            raise _FieldsError(problems)
        return self

    def _signal_problems(self) -> list[tuple[str, str]]:
        """Signals the events name that the task does not define, signals no event uses
        (never read, so never checked: a misspelt name in a condition?), and ``told``
        signals of slots the user block lacks."""
        problems = [
            (f"events.{i}.when", f"event {event.id!r} uses unknown signal {name!r}")
            for i, event in enumerate(self.events)
            for name in _signal_names(event.when)
            if name not in self.signals
        ]
        used = {name for event in self.events for name in _signal_names(event.when)}
        problems += [
            (f"signals.{name}", f"signal {name!r} is used by no event, so it judges nothing")
            for name in self.signals
            if name not in used
        ]
        slots = self.user.slot_names() if self.user else []
        problems += [
            (
                f"signals.{name}.told",
                f"{signal.told!r} is no slot of the user block"
                f" (slots: {', '.join(slots) or 'none'})",
            )
            for name, signal in self.signals.items()
            if isinstance(signal, ToldSignal) and signal.told not in slots
        ]
        return problems

    def _tool_problems(self) -> list[tuple[str, str]]:
        """MCP tool calls the task judges or plays that no server of its ``tools`` block
        offers (an agent calling them is only told the tool is not available)."""
        if self.tools is None:
            offered = "the task has no tools block"
        else:
            prefixes = ", ".join(f"{server}_" for server in self.tools.servers)
            offered = f"the tools of its servers are named {prefixes}..."
        calls = [
            (f"signals.{name}.mcp_call", signal.mcp_call)
            for name, signal in self.signals.items()
            if isinstance(signal, McpSignal)
        ] + [
            (f"solution.{i}.mcp_call.tool", step.mcp_call.tool)
            for i, step in enumerate(self.solution)
            if step.mcp_call is not None
        ]
        problems = [
            (where, f"MCP tool {tool!r} is not offered to the agent: {offered}")
            for where, tool in calls
            if self.tools is None or not self.tools.offers(tool)
        ]
        if self.category == "mcp" and self.tools is None:
            problems.append(("category", "category 'mcp' needs a tools block"))
        return problems

    @property
    def source(self) -> str:
        """Where the task came from (its file), for error messages."""
        return self._source

    @property
    def label(self) -> str:
        """How errors name the task: its file and id, or its id when it has no file."""
        return self.id if self._source == "<task>" else f"{self._source} ({self.id})"

    @property
    def tags(self) -> list[str]:
        """The task's kinds, as MobileWorld tags its tasks: its category, ``interact`` when its
        simulated user knows something of the task (``UserKnowledge.has_information``: not the
        user every task of ``SUITES_WITH_A_USER`` gets) and ``mcp`` when it has tool servers
        (sorted)."""
        tags = {self.category}
        if self.user is not None and self.user.has_information:
            tags.add("interact")
        if self.tools is not None:
            tags.add("mcp")
        return sorted(tags)

    @property
    def level(self) -> str:
        """Difficulty, given or by minimum steps (easy <= 3 < medium <= 6 < hard)."""
        if self.difficulty:
            return self.difficulty
        return "easy" if self.min_steps <= 3 else "medium" if self.min_steps <= 6 else "hard"

    def counts(self, step: SolutionStep) -> bool:
        """Whether ``step`` counts as an agent step (toward ``min_steps``, the cap and SE):
        every step but STATUS when ``episode.status_counts`` is False."""
        return step.status is None or self.episode.status_counts

    def step_cap(self, rules: str = "original") -> int | None:
        """The agent-level step cap this task asks for under ``rules`` (``RULES``):
        ``original`` allows the original harness's ``original_extra_steps`` past
        ``max_steps``, ``strict`` caps at ``max_steps`` exactly."""
        if rules not in RULES:
            raise ValueError(f"rules must be one of {', '.join(RULES)}, got {rules!r}")
        if self.max_steps == "none":
            return None
        cap = 2 * self.min_steps if self.max_steps == "2x_min" else self.max_steps
        return cap + (self.episode.original_extra_steps if rules == "original" else 0)


def _after_cycle(after: dict[str, list[str]]) -> list[str] | None:
    """A cycle of ``after`` references (``[a, b, a]``: a comes after b, b after a), or None.

    The events that can fire once their prerequisites have are peeled off until none is
    left; any left over wait on a cycle, found by following prerequisites among them.
    """
    waiting = {event: len(set(before)) for event, before in after.items()}
    unblocks: dict[str, list[str]] = {}
    for event, before in after.items():
        for prerequisite in set(before):
            unblocks.setdefault(prerequisite, []).append(event)
    ready = [event for event, count in waiting.items() if not count]
    while ready:
        done = ready.pop()
        del waiting[done]
        for event in unblocks.get(done, ()):
            waiting[event] -= 1
            if not waiting[event]:
                ready.append(event)
    if not waiting:
        return None
    path = [next(iter(waiting))]
    at = {path[0]: 0}
    while True:
        step = next(p for p in after[path[-1]] if p in waiting)
        if step in at:
            return [*path[at[step] :], step]
        at[step] = len(path)
        path.append(step)


def _signal_names(condition: Condition) -> list[str]:
    if isinstance(condition, str):
        return [condition]
    if isinstance(condition, Not):
        return _signal_names(condition.not_)
    parts = (
        condition.all
        if isinstance(condition, AllOf)
        else condition.any
        if isinstance(condition, AnyOf)
        else condition.order
    )
    return [name for part in parts for name in _signal_names(part)]


def parse_task(data: Any, source: str = "<task>") -> TaskSpec:
    """Validate task data, and fill its templates with parameters drawn once (a dry run,
    seed 0, and the originals where given): each must fill, and the signals they make must
    compile (an XPath or a regex that does not is reported here, not in an episode).

    Raises:
        TaskFileError: one line per problem, each naming ``source``, the field path and
            the problem.
    """
    if not isinstance(data, dict):
        raise TaskFileError(f"{source}: a task file must be a mapping, got {type(data).__name__}")
    too_big = shape_problem(data)
    if too_big:
        raise TaskFileError(f"{source}: (top level): {too_big}")
    try:
        spec = TaskSpec.model_validate(data)
    except ValidationError as exc:
        raise TaskFileError(_problems(exc, source)) from None
    spec._source = source
    from mobile_gym.tasks.params import draw_parameters, template_problems  # they build on this
    from mobile_gym.tasks.signals import signal_problems

    drawn = [draw_parameters(spec.parameters, np.random.default_rng(0), spec.label)]
    if any(getattr(p, "original", None) is not None for p in spec.parameters.values()):
        drawn.append(draw_parameters(spec.parameters, np.random.default_rng(0), spec.label, True))
    problems = [problem for values in drawn for problem in template_problems(spec, values)]
    if not problems:  # the templates fill: the signals they make must compile
        problems = list(dict.fromkeys(p for values in drawn for p in signal_problems(spec, values)))
    if problems:
        raise TaskFileError(problems)
    return spec


def field_path(loc: Sequence[int | str]) -> str:
    """The dotted path in the task file of a pydantic error location (``signals.x.sql``;
    the kind of a signal, parameter or condition is no field of its own)."""
    return ".".join(str(p) for p in loc if not (isinstance(p, str) and p.startswith(_KIND)))


def _problems(exc: ValidationError, source: str) -> list[str]:
    """One line per validation error: the source, the field path and the problem."""
    problems = []
    for error in exc.errors():
        path = field_path(error["loc"])
        cause = error.get("ctx", {}).get("error")
        found = (
            [(".".join(p for p in (path, where) if p), text) for where, text in cause.problems]
            if isinstance(cause, _FieldsError)
            else [(path, error["msg"].removeprefix("Value error, "))]
        )
        problems += [f"{source}: {where or '(top level)'}: {text}" for where, text in found]
    return problems


def load_task_file(path: str | pathlib.Path) -> TaskSpec:
    """Read and validate one YAML task file (within ``mobile_gym.tasks.limits``)."""
    path = pathlib.Path(path)
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)  # one byte more tells it is too big
        data = read_yaml(raw)
    except FileNotFoundError:
        raise TaskFileError(f"{path}: no such task file") from None
    except OSError as exc:
        raise TaskFileError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise TaskFileError(
            f"{path}: not UTF-8 text: byte {raw[exc.start]:#04x} at offset {exc.start}"
        ) from None
    except LimitError as exc:
        raise TaskFileError(f"{path}: {exc}") from None
    except yaml.YAMLError as exc:
        raise TaskFileError(f"{path}: not valid YAML: {' '.join(str(exc).split())}") from None
    except ValueError as exc:  # a value YAML could not make: a date 2024-13-45, a huge int
        raise TaskFileError(f"{path}: not valid YAML: {exc}") from None
    return parse_task(data, str(path))
