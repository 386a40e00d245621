r"""Task parameters drawn from the episode's seed, and ``{name}`` templates filled with them.

Templates are plain text with ``{name}`` fields only: no attribute access, indexing or
format specs, so a task file can never reach into Python objects. ``{{`` and ``}}`` are
literal braces, and a regex repetition such as ``\d{3}``, ``{2,5}`` or ``{,5}`` is kept as
written.
"""

from __future__ import annotations

import datetime as dt
import glob
import re
import string
from collections.abc import Callable, Collection
from functools import partial
from typing import Any

import numpy as np
import regex
from pydantic import ValidationError

from mobile_gym.tasks.arithmetic import ExpressionError, evaluate
from mobile_gym.tasks.schema import (
    FILLED,
    ChoiceParam,
    ComputedParam,
    DateParam,
    GeneratedParam,
    RangeParam,
    TaskFileError,
    TaskSpec,
    field_path,
)

MAX_REDRAWS = 1000
"""How often a parameter with ``unlike`` is drawn again before the task file is refused."""

FIRST_NAMES = (
    "Amara",
    "Bruno",
    "Chiara",
    "Dmitri",
    "Elena",
    "Farid",
    "Greta",
    "Hiro",
    "Ines",
    "Jonas",
    "Kavya",
    "Lars",
    "Mei",
    "Nadia",
    "Omar",
    "Paula",
    "Quentin",
    "Rosa",
    "Sven",
    "Tara",
    "Umar",
    "Vera",
    "Wen",
    "Ximena",
    "Yusuf",
    "Zoe",
)
LAST_NAMES = (
    "Abbott",
    "Bergstrom",
    "Castillo",
    "Dewan",
    "Eriksen",
    "Fontaine",
    "Gallo",
    "Haddad",
    "Ivanova",
    "Jensen",
    "Kowalski",
    "Lindqvist",
    "Moreau",
    "Nakamura",
    "Okafor",
    "Petrov",
    "Quinn",
    "Rahman",
    "Silva",
    "Takahashi",
    "Udeh",
    "Varga",
    "Weber",
    "Xu",
    "Yilmaz",
    "Zhou",
)
WORDS = (
    "apple",
    "bridge",
    "candle",
    "desert",
    "engine",
    "forest",
    "garden",
    "harbor",
    "island",
    "jacket",
    "kettle",
    "lantern",
    "meadow",
    "nickel",
    "orbit",
    "pepper",
    "quartz",
    "river",
    "saddle",
    "tunnel",
    "umbrella",
    "valley",
    "window",
    "yogurt",
    "zephyr",
)
TITLES = (
    "Packing list",
    "Book ideas",
    "Garden plan",
    "Trip budget",
    "Recipe notes",
    "Gift ideas",
    "Reading log",
    "Chores",
    "Project tasks",
    "Movie night",
)


def draw_parameters(
    specs: dict[str, Any],
    rng: np.random.Generator,
    label: str = "<task>",
    originals: bool = False,
) -> dict[str, Any]:
    """One value per parameter, in file order, from ``rng`` (deterministic for a seed).

    Computed and date parameters read the parameters above them; a drawn parameter with
    ``unlike`` is drawn again until it differs from each parameter named there. With
    ``originals``, a drawn parameter that gives its ``original`` value takes it instead.

    Raises:
        TaskFileError: a parameter that cannot be drawn, named with ``label`` (the task's
            file and id) and its field path.
    """
    values: dict[str, Any] = {}
    for name, spec in specs.items():
        where = f"{label}: parameters.{name}"
        if isinstance(spec, ComputedParam):
            try:
                values[name] = evaluate(fill(spec.compute, values, where))
            except ExpressionError as exc:
                raise TaskFileError(f"{where}: {exc}") from None
        elif isinstance(spec, DateParam):
            values[name] = _date(spec, values, where)
        else:
            for name_ in spec.unlike:
                if name_ not in values:
                    raise TaskFileError(f"{where}: unlike names unknown parameter {name_!r}")
            if originals and spec.original is not None:
                if any(spec.original == values[other] for other in spec.unlike):
                    raise TaskFileError(f"{where}: the original value equals one of {spec.unlike}")
                values[name] = spec.original
                continue
            for _ in range(MAX_REDRAWS):
                value = _draw(spec, rng)
                if all(value != values[other] for other in spec.unlike):
                    break
            else:
                raise TaskFileError(f"{where}: no value unlike {spec.unlike} was drawn")
            values[name] = value
    return values


def _draw(spec: ChoiceParam | RangeParam | GeneratedParam, rng: np.random.Generator) -> Any:
    if isinstance(spec, ChoiceParam):
        return spec.choice[int(rng.integers(len(spec.choice)))]
    if isinstance(spec, RangeParam):
        return int(rng.integers(spec.range[0], spec.range[1] + 1))
    return _generate(spec.generate, rng)


def _date(spec: DateParam, values: dict[str, Any], where: str) -> str | int:
    start_text = fill(spec.date, values, where)
    try:
        start = dt.date.fromisoformat(start_text)
        days = _whole_number(fill_any(spec.add_days, values, where))
    except (ValueError, TypeError) as exc:
        raise TaskFileError(f"{where}: {exc}") from None
    try:
        day = start + dt.timedelta(days=days)
    except OverflowError:
        raise TaskFileError(
            f"{where}: {start_text} plus {days} days is out of range (years 1 to 9999)"
        ) from None
    if spec.format == "epoch_ms":
        return int(dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp() * 1000)
    try:
        return day.strftime(spec.format)
    except ValueError as exc:
        raise TaskFileError(f"{where}: format {spec.format!r}: {exc}") from None


def _whole_number(value: Any) -> int:
    """``value`` as an int: an int, or text of one (``add_days: "{days}"``)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"add_days must be a whole number, got {value!r}")
    return int(value)


def _generate(kind: str, rng: np.random.Generator) -> str:
    pick = lambda options: options[int(rng.integers(len(options)))]  # noqa: E731
    if kind == "first_name":
        return pick(FIRST_NAMES)
    if kind == "last_name":
        return pick(LAST_NAMES)
    if kind == "phone":
        return f"+1 555-{int(rng.integers(100, 1000))}-{int(rng.integers(1000, 10000))}"
    if kind == "word":
        return pick(WORDS)
    if kind == "title":
        return f"{pick(TITLES)} {int(rng.integers(2, 100))}"
    return f"{pick(WORDS).capitalize()} {pick(WORDS)} {pick(WORDS)}."


_FORMATTER = string.Formatter()
_QUANTIFIER = re.compile(r"\d+|\d*,\d*")
"""What stands between the braces of a regex repetition: ``{3}``, ``{2,}``, ``{2,5}``, ``{,5}``."""


LATE_FIELDS = ("reply", "tool")
"""Heads of the solution's fields that only a step of the episode can fill in
(``{reply.SLOT}``, ``{tool.PATH}``: ``mobile_gym.tasks.solution``)."""


def fill(
    template: str, values: dict[str, Any], where: str = "template", late: Collection[str] = ()
) -> str:
    """``template`` with each ``{name}`` replaced; ``{{`` and ``}}`` are literal braces. A
    dotted field whose head is in ``late`` (``{reply.phone}``) is kept as it is, for later."""
    out = []
    try:
        parsed = list(_FORMATTER.parse(template))
    except ValueError as exc:
        raise TaskFileError(f"{where}: malformed template {template!r}: {exc}") from None
    for literal, field, spec, conversion in parsed:
        out.append(literal)
        if field is None:
            continue
        if _QUANTIFIER.fullmatch(field) and not spec and not conversion:
            out.append("{" + field + "}")  # a regex repetition such as \d{3} or {2,5}, not a field
            continue
        if "." in field and field.split(".", 1)[0] in late and not spec and not conversion:
            out.append("{" + field + "}")
            continue
        if spec or conversion or not field.isidentifier():
            shown = field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            raise TaskFileError(f"{where}: only plain {{name}} fields are allowed, got {{{shown}}}")
        if field not in values:
            raise TaskFileError(f"{where}: unknown parameter {{{field}}}")
        out.append(str(values[field]))
    return "".join(out)


def fill_pattern(template: str, values: dict[str, Any], where: str = "pattern") -> str:
    """``template``, a regular expression, filled as ``fill`` does, each value standing
    for its text (escaped): ``{total}`` of 106.3 matches ``106.3`` and not ``10613``, and a
    name such as ``C++ club`` matches itself."""
    return fill(template, {name: regex.escape(str(value)) for name, value in values.items()}, where)


def fill_glob(template: str, values: dict[str, Any], where: str = "glob") -> str:
    """``template``, a file glob, filled as ``fill`` does, each value standing for its text
    (its ``*``, ``?`` and ``[`` escaped): a file name ``report[1].txt`` names that file,
    and ``a*.txt`` no other."""
    return fill(template, {name: glob.escape(str(value)) for name, value in values.items()}, where)


def fill_any(value: Any, values: dict[str, Any], where: str, late: Collection[str] = ()) -> Any:
    """Fill templates inside strings, lists and mappings; an exact ``"{name}"`` keeps the
    parameter's type (an int stays an int). ``late``: as for ``fill``."""
    if isinstance(value, str):
        if (
            value.startswith("{")
            and value.endswith("}")
            and value[1:-1].isidentifier()
            and value[1:-1] in values
        ):
            return values[value[1:-1]]
        return fill(value, values, where, late)
    if isinstance(value, list):
        return [fill_any(v, values, where, late) for v in value]
    if isinstance(value, dict):
        return {k: fill_any(v, values, where, late) for k, v in value.items()}
    return value


def fill_model(model: Any, values: dict[str, Any], where: str, late: Collection[str] = ()) -> Any:
    """``model`` (a part of a task: a signal, the setup, a solution step) with its ``{name}``
    fields filled with ``values`` (``late`` ones kept, see ``fill``); in a regular expression
    or a file glob each value stands for its text (``fill_pattern``, ``fill_glob``).
    TaskFileError, each line naming ``where``, if a template is malformed or the result is
    invalid."""
    dumped = model.model_dump(by_alias=True, exclude_defaults=True)
    fillers: dict[str, Callable[..., str]] = {name: fill_pattern for name in model.regex_fields()}
    fillers.update((name, fill_glob) for name in model.glob_fields())
    escaped = {name: dumped.pop(name) for name in fillers if name in dumped}
    data = fill_any(dumped, values, where, late)
    for name, value in escaped.items():  # one text, a list (globs) or a mapping (regexes)
        data[name] = _each_text(value, partial(fillers[name], values=values, where=where))
    try:
        return type(model).model_validate(data, context=FILLED)
    except ValidationError as exc:
        raise TaskFileError(
            [
                f"{where}: after filling in parameters: "
                f"{field_path(e['loc']) or '(value)'}: {e['msg']}"
                for e in exc.errors()
            ]
        ) from None


def _each_text(value: Any, fill_text: Callable[[str], str]) -> Any:
    """``value`` (a text, a list of texts or a mapping of them) with ``fill_text`` applied to
    each text."""
    if isinstance(value, dict):
        return {key: fill_text(text) for key, text in value.items()}
    if isinstance(value, list):
        return [fill_text(text) for text in value]
    return fill_text(value)


def template_problems(spec: TaskSpec, values: dict[str, Any]) -> list[str]:
    """What filling ``spec``'s templates with ``values`` finds wrong (an unknown parameter,
    a malformed field), one line per template field: what an episode would fill in, checked
    when the file is loaded."""
    parts: list[tuple[str, Any]] = [
        ("instruction.template", spec.instruction.template),
        *((f"instruction.paraphrases.{i}", p) for i, p in enumerate(spec.instruction.paraphrases)),
        *((f"events.{e.id}.instruction", e.instruction) for e in spec.events if e.instruction),
        *((f"signals.{name}", signal) for name, signal in spec.signals.items()),
        ("setup", spec.setup),
        *((("user", spec.user),) if spec.user is not None else ()),
        *((f"solution.{i}", step) for i, step in enumerate(spec.solution)),
    ]
    problems = []
    for where, part in parts:
        if not isinstance(part, str):
            part = part.model_dump(by_alias=True, exclude_defaults=True)
        late = LATE_FIELDS if where.startswith("solution.") else ()
        try:
            fill_any(part, values, f"{spec.label}: {where}", late)
        except TaskFileError as exc:
            problems += exc.problems
    return problems
