"""What every kind of generated document shares: strict field models and money formatting."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Fields(BaseModel):
    """The fields of one kind of document: unknown names and wrong types are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


def money(amount: float, currency: str = "$") -> str:
    """``amount`` with thousands separators and cents: ``$104,417.70``."""
    sign = "-" if amount < 0 else ""
    return f"{sign}{currency}{abs(amount):,.2f}"


def number(value: float) -> str:
    """A quantity as written on a document: ``250`` or ``1.5``."""
    return f"{value:g}" if value != int(value) else f"{int(value)}"
