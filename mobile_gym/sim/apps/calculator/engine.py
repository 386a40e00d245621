"""The calculator's keypad logic and its exact arithmetic, free of any UI.

The display holds at most one pending operation, as Simple Calculator's does: a left
operand, an operator and a right operand. Pressing a second operator first works out the
pending one, so a chain of keys is evaluated from left to right (``2 + 3 × 4`` gives 20), and
there are no parentheses. An operand may carry a root prefix (``√16``). Numbers are exact
fractions while they are computed; results are rounded to ``MAX_DECIMALS`` places.

Keys: ``0``-``9``, ``.``, ``+``, ``-``, ``×``, ``÷``, ``^`` (power), ``√`` (root of the operand
being typed), ``%`` (``a + b%`` adds b percent of a, ``a - b%`` takes it away; ``a × b%`` is
b percent of a; ``a ÷ b%`` and ``a ^ b%`` divide by / raise to b / 100; ``a%`` alone is
a / 100; all worked out at once), ``=``, ``C`` (delete the last character) and ``AC`` (clear
everything). Division by zero, roots of negative numbers, an operator with nothing after it
and results of 10^15 or more are refused with an error (``CalculationError`` messages).
"""

from __future__ import annotations

import decimal
import math
import re
from dataclasses import dataclass, replace
from fractions import Fraction

OPERATORS = ("+", "-", "×", "÷", "^")
DIGITS = tuple("0123456789")
KEYS = (*DIGITS, ".", *OPERATORS, "√", "%", "=", "C", "AC")
MAX_DIGITS = 15
"""Longest number one operand may hold (digits only)."""
MAX_DECIMALS = 10
LIMIT = Fraction(10) ** 15
"""Results this large or larger are refused."""

DIVIDE_BY_ZERO = "Cannot divide by zero"
INVALID = "Invalid formula"
TOO_LARGE = "Value is too large"

_SPLIT = re.compile(r"^(√?-?[0-9.]*)([-+×÷^]?)(√?[0-9.]*)$")
_PRECISION = 40


class CalculationError(ValueError):
    """A formula the calculator refuses; the message is what the app shows."""


@dataclass(frozen=True)
class Display:
    """What the calculator shows: the formula being typed and the last calculation.

    ``left``, ``op`` and ``right`` make up the input shown in the result field (plain
    numbers, no grouping); ``formula`` is the calculation shown above it; ``done`` is set
    right after a result, when a digit starts a new number. ``exact`` keeps the unrounded
    value of a result in ``left`` (a fraction, ``"2/3"``) so that chained calculations
    stay exact; it goes as soon as ``left`` is edited.
    """

    left: str = "0"
    op: str = ""
    right: str = ""
    formula: str = ""
    done: bool = False
    exact: str = ""

    @property
    def input(self) -> str:
        return self.left + self.op + self.right


@dataclass(frozen=True)
class Calculation:
    """A calculation carried out: the formula and its result, as plain text."""

    formula: str
    result: str


@dataclass(frozen=True)
class KeyResult:
    """What one key press did: the new display, and the calculation or error it caused."""

    display: Display
    calculation: Calculation | None = None
    error: str | None = None


def press(display: Display, key: str) -> KeyResult:
    """The effect of pressing ``key`` (one of ``KEYS``) on ``display``."""
    if key in DIGITS or key == ".":
        return KeyResult(_type(display, key))
    if key in OPERATORS:
        return _operator(display, key)
    if key == "√":
        return KeyResult(_root(display))
    if key == "%":
        return _percent(display)
    if key == "=":
        return _equals(display)
    if key == "C":
        return KeyResult(_delete_last(display))
    if key == "AC":
        return KeyResult(Display())
    raise ValueError(f"unknown calculator key {key!r}; keys: {' '.join(KEYS)}")


# typing -------------------------------------------------------------------------------------
def _complete(operand: str) -> bool:
    """Whether ``operand`` holds a number (not just a root sign, a minus or nothing)."""
    return any(c.isdigit() for c in operand)


def _append(operand: str, key: str) -> str:
    root = "√" if operand.startswith("√") else ""
    body = operand[len(root) :]
    sign = "-" if body.startswith("-") else ""
    number = body[len(sign) :]
    if key == ".":
        if "." in number:
            return operand
        number = (number or "0") + "."
    else:
        if sum(c.isdigit() for c in number) >= MAX_DIGITS:
            return operand
        number = key if number == "0" else number + key
    return root + sign + number


def _type(display: Display, key: str) -> Display:
    if display.done:
        display = Display(formula=display.formula)
    if display.op:
        return replace(display, right=_append(display.right, key))
    return replace(display, left=_append(display.left, key), exact="")


def _root(display: Display) -> Display:
    if display.done:
        display = replace(display, done=False)
    if display.op:
        if display.right.startswith("√"):
            return display
        return replace(display, right="√" + display.right)
    if display.left.startswith("√"):
        return display
    root = "√" + ("" if display.left == "0" else display.left)
    return replace(display, left=root, exact="")


def _operator(display: Display, op: str) -> KeyResult:
    if display.op and _complete(display.right):
        outcome = _calculate(display, display.input, display.op, display.right)
        if outcome.error is not None:
            return outcome
        return replace(outcome, display=replace(outcome.display, op=op, done=False))
    if display.op:
        if display.right:
            return KeyResult(display)
        return KeyResult(replace(display, op=op))
    if not _complete(display.left):
        return KeyResult(display)
    return KeyResult(replace(display, left=display.left.rstrip("."), op=op, done=False))


def _percent(display: Display) -> KeyResult:
    if display.op and _complete(display.right):
        formula = display.input + "%"
        return _calculate(display, formula, display.op, display.right, percent=True)
    if not display.op and _complete(display.left):
        return _calculate(display, display.left + "%", "÷", "100")
    return KeyResult(display)


def _equals(display: Display) -> KeyResult:
    if display.op:
        if not _complete(display.right):
            return KeyResult(display, error=INVALID)
        return _calculate(display, display.input, display.op, display.right)
    if not _complete(display.left):
        return KeyResult(display, error=INVALID)
    if display.left.startswith("√"):
        return _calculate(display, display.left, "+", "0")
    return KeyResult(display)


def restore(text: str, formula: str = "") -> Display:
    """The display showing the input ``text`` (``12×4``) under ``formula``; text the keypad
    could not have typed shows as 0."""
    match = _SPLIT.match(text)
    left, op, right = match.groups() if match else ("0", "", "")
    if not op and left in ("", "-"):
        left = "0"
    return Display(left, op, right, formula)


def _delete_last(display: Display) -> Display:
    return restore(display.input[:-1], display.formula)


def _calculate(
    display: Display, formula: str, op: str, right: str, *, percent: bool = False
) -> KeyResult:
    """Work out the left operand ``op right`` (``right`` a percentage with ``percent``); the
    display then shows the result and ``formula``. An error leaves the display as it was."""
    try:
        a = Fraction(display.exact) if display.exact else value(display.left)
        b = value(right)
        if percent:
            a, op, b = _as_percentage(a, op, b)
        exact = apply(a, op, b)
    except CalculationError as exc:
        return KeyResult(display, error=str(exc))
    result = format_number(exact)
    kept = "" if exact == Fraction(result) else str(exact)
    done = Display(left=result, formula=formula, done=True, exact=kept)
    return KeyResult(done, Calculation(formula, result))


# arithmetic ---------------------------------------------------------------------------------
def value(operand: str) -> Fraction:
    """The exact value of an operand (``12.5``, ``-3``, ``√16``)."""
    root = operand.startswith("√")
    number = operand[1:] if root else operand
    if not _complete(number):
        raise CalculationError(INVALID)
    exact = Fraction(number.rstrip("."))
    return square_root(exact) if root else exact


def _as_percentage(a: Fraction, op: str, b: Fraction) -> tuple[Fraction, str, Fraction]:
    """``a op b%`` as a plain operation."""
    share = b / 100
    if op in ("+", "-"):
        return a, op, a * share
    if op == "×":
        return a, "×", share
    return a, op, share


def apply(a: Fraction, op: str, b: Fraction) -> Fraction:
    """``a op b`` exactly; CalculationError for a division by zero or a result too large."""
    if op == "+":
        result = a + b
    elif op == "-":
        result = a - b
    elif op == "×":
        result = a * b
    elif op == "÷":
        if b == 0:
            raise CalculationError(DIVIDE_BY_ZERO)
        result = a / b
    elif op == "^":
        result = power(a, b)
    else:
        raise ValueError(f"unknown operator {op!r}")
    if abs(result) >= LIMIT:
        raise CalculationError(TOO_LARGE)
    return _bounded(result)


EXACT_BITS = 1024
"""The most bits a result's numerator or denominator keeps exactly (about 300 digits): past
them it is kept to 40 significant digits, as a calculator's memory does, so a long chain of
operations (or a power such as 1.01 ^ 3000) cannot grow a number without end."""


def _bounded(x: Fraction) -> Fraction:
    """``x``, or ``x`` to 40 significant digits where it holds more than ``EXACT_BITS``."""
    if max(x.numerator.bit_length(), x.denominator.bit_length()) <= EXACT_BITS:
        return x
    with decimal.localcontext(decimal.Context(prec=_PRECISION)):
        return Fraction(_decimal(x))


def power(base: Fraction, exponent: Fraction) -> Fraction:
    """``base ^ exponent``: exact for whole exponents whose result holds at most
    ``EXACT_BITS``, else to 40 significant digits."""
    if base == 0:
        if exponent < 0:
            raise CalculationError(DIVIDE_BY_ZERO)
        return Fraction(0) if exponent else Fraction(1)
    magnitude = float(exponent) * math.log10(abs(base))
    if magnitude > math.log10(LIMIT):
        raise CalculationError(TOO_LARGE)
    if magnitude < -(MAX_DECIMALS + 5):
        return Fraction(0)
    whole = exponent.denominator == 1
    bits = max(base.numerator.bit_length(), base.denominator.bit_length())
    if whole and abs(exponent) * bits <= EXACT_BITS:
        return base ** int(exponent)
    if base < 0 and not whole:
        raise CalculationError(INVALID)
    with decimal.localcontext(decimal.Context(prec=_PRECISION)):
        return Fraction(_decimal(base) ** _decimal(exponent))


def square_root(x: Fraction) -> Fraction:
    """The square root of ``x``: exact for squares of fractions, else to 40 digits."""
    if x < 0:
        raise CalculationError(INVALID)
    top, bottom = math.isqrt(x.numerator), math.isqrt(x.denominator)
    if top * top == x.numerator and bottom * bottom == x.denominator:
        return Fraction(top, bottom)
    with decimal.localcontext(decimal.Context(prec=_PRECISION)):
        return Fraction(_decimal(x).sqrt())


def _decimal(x: Fraction) -> decimal.Decimal:
    return decimal.Decimal(x.numerator) / decimal.Decimal(x.denominator)


def format_number(x: Fraction) -> str:
    """``x`` rounded half away from zero to ``MAX_DECIMALS`` places, as plain text."""
    scale = 10**MAX_DECIMALS
    units = math.floor(abs(x) * scale + Fraction(1, 2))
    whole, fraction = divmod(units, scale)
    text = str(whole)
    if fraction:
        text += "." + f"{fraction:0{MAX_DECIMALS}d}".rstrip("0")
    return "-" + text if x < 0 and units else text


def grouped(text: str) -> str:
    """``text`` with thousands separators in the whole part of every number in it."""
    return re.sub(r"(?<![\d.])\d{4,}", lambda m: f"{int(m.group()):,}", text)
