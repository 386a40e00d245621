"""Safe arithmetic for computed task parameters: numbers and operators, nothing else.

The expression is parsed with :mod:`ast` and only number literals, ``+ - * / // %``, unary
signs, parentheses and the functions ``round abs min max`` are evaluated; anything else
(names, attributes, calls to other functions, strings, powers) is refused, so a task file
can never run code.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable

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
_FUNCTIONS: dict[str, Callable[..., float]] = {"round": round, "abs": abs, "min": min, "max": max}


class ExpressionError(ValueError):
    """An expression that is not plain arithmetic, or that cannot be evaluated."""


def evaluate(expression: str) -> int | float:
    """The value of ``expression``; an integral result is returned as an int."""
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError:
        raise ExpressionError(f"not an arithmetic expression: {expression!r}") from None
    try:
        value = _value(tree.body)
    except ZeroDivisionError:
        raise ExpressionError(f"division by zero in {expression!r}") from None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _value(node: ast.AST) -> int | float:
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
        and node.args
    ):
        return _FUNCTIONS[node.func.id](*(_value(arg) for arg in node.args))
    raise ExpressionError(
        f"only numbers, + - * / // %, parentheses and round/abs/min/max are allowed, got {ast.unparse(node)!r}"
    )
