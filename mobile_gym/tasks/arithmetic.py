"""Safe arithmetic for computed task parameters: numbers and operators, nothing else.

The expression is parsed with :mod:`ast` and only number literals, ``+ - * / // %``, unary
signs, parentheses and the functions ``round abs min max`` are evaluated; anything else
(names, attributes, calls to other functions, strings, powers) is refused, so a task file
can never run code. Expressions are short and shallow, every value is a finite number of
at most ``MAX_MAGNITUDE``, ``round`` takes at most ``MAX_ROUND_DIGITS`` digits, and each
function takes the arguments it can: whatever an expression holds, evaluating it is quick
and ends in a number or an ``ExpressionError``.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable

MAX_LENGTH = 1000
"""The longest expression, in characters."""
MAX_DEPTH = 50
"""The deepest nesting of operations in an expression."""
MAX_MAGNITUDE = 10**18
"""The largest magnitude of any value along the way (a 64-bit integer's range)."""
MAX_ROUND_DIGITS = 18
"""The most digits ``round`` takes either way (``round(x, 18)``, ``round(x, -18)``): no more
than a value within ``MAX_MAGNITUDE`` has, and rounding an integer to a million digits
would take seconds."""

_BINARY: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_UNARY: dict[type[ast.unaryop], Callable[[float], float]] = {
    ast.UAdd: operator.pos,
    ast.USub: operator.neg,
}
_FUNCTIONS: dict[str, tuple[Callable[..., float], int, int | None]] = {
    "round": (round, 1, 2),
    "abs": (abs, 1, 1),
    "min": (min, 2, None),
    "max": (max, 2, None),
}
"""Each function, with the fewest and most arguments it takes (None: any number)."""


class ExpressionError(ValueError):
    """An expression that is not plain arithmetic, or that cannot be evaluated."""


def evaluate(expression: str) -> int | float:
    """The value of ``expression``; an integral result is returned as an int."""
    if len(expression) > MAX_LENGTH:
        raise ExpressionError(f"expression is longer than {MAX_LENGTH} characters")
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except (SyntaxError, RecursionError, MemoryError):
        raise ExpressionError(f"not an arithmetic expression: {expression!r}") from None
    if _depth(tree.body) > MAX_DEPTH:
        raise ExpressionError(f"expression is nested more than {MAX_DEPTH} levels deep")
    try:
        value = _value(tree.body)
    except ZeroDivisionError:
        raise ExpressionError(f"division by zero in {expression!r}") from None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _depth(node: ast.AST) -> int:
    """How deep ``node``'s operations nest (counted without recursion)."""
    deepest = 0
    stack = [(node, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return deepest


def _value(node: ast.AST) -> int | float:
    return _checked(_compute(node), node)


def _compute(node: ast.AST) -> int | float:
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        return _BINARY[type(node.op)](_value(node.left), _value(node.right))
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _UNARY[type(node.op)](_value(node.operand))
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _FUNCTIONS
        and not node.keywords
    ):
        function, fewest, most = _FUNCTIONS[node.func.id]
        args = [_value(arg) for arg in node.args]
        if len(args) < fewest or (most is not None and len(args) > most):
            takes = (
                f"{fewest} or more"
                if most is None
                else f"exactly {most}"
                if most == fewest
                else f"{fewest} to {most}"
            )
            raise ExpressionError(
                f"{node.func.id}() takes {takes} arguments, got {len(args)}: {ast.unparse(node)!r}"
            )
        if node.func.id == "round" and len(args) == 2:
            _check_digits(args[1], node)
        return function(*args)
    raise ExpressionError(
        f"only numbers, + - * / // %, parentheses and round/abs/min/max are allowed, got {ast.unparse(node)!r}"
    )


def _check_digits(digits: int | float, node: ast.AST) -> None:
    """Refuse ``round``'s ``digits`` unless a whole number within ``MAX_ROUND_DIGITS``."""
    if not isinstance(digits, int) or abs(digits) > MAX_ROUND_DIGITS:
        raise ExpressionError(
            f"round()'s digits must be a whole number from -{MAX_ROUND_DIGITS} to "
            f"{MAX_ROUND_DIGITS}: {ast.unparse(node)!r}"
        )


def _checked(value: int | float, node: ast.AST) -> int | float:
    """``value`` if it is a finite number of at most ``MAX_MAGNITUDE``."""
    if (isinstance(value, float) and not math.isfinite(value)) or abs(value) > MAX_MAGNITUDE:
        raise ExpressionError(
            f"{ast.unparse(node)!r} is out of range (values must stay within ±{MAX_MAGNITUDE:.0e})"
        )
    return value
