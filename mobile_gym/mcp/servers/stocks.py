"""Offline StockStar (证券之星) MCP server ``stockstar``: stock screens and ESG ratings.

Answers only from ``fixtures/stockstar.yaml``; the client sees each tool as
``stockstar_<tool>``.

Tools (arguments -> result JSON):

- ``stk_eval_filter_by_roe_3y(filter_value, filter_type)`` -> list of ``{"security_code",
  "security_name", "security_id", "security_market", "value"}`` for the stocks whose
  three-year average ROE (%) compares to ``filter_value`` as ``filter_type`` says (1 ``>``,
  2 ``>=``, 3 ``<``, 4 ``<=``, 5 ``=``), highest value first; ``[]`` when none does.
- ``stk_eval_filter_by_div_rate(filter_type, filter_value)`` -> the same for the dividend
  yield (%).
- ``miotech_esg_rating(security_code)`` -> ``{"security_code", "security_name",
  "security_id", "esg_rate", "enddate"}`` (MioTech, 妙盈科技: AAA..CCC);
  ``security_code`` is six digits, optionally with an ``.SH`` / ``.SZ`` suffix.
- ``chindices_esg_rating(security_code)`` -> the same for the Chindices (华证指数) rating
  (AAA..C).

Errors (``isError`` results): ``filter_type`` outside 1..5, a security code that is not six
digits or not in the fixture.

Run over stdio: ``python -m mobile_gym.mcp.servers.stocks``.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import MCPServer

from mobile_gym.mcp.servers.common import as_json, new_server, tool_error
from mobile_gym.mcp.servers.data import fixture

NAME = "stockstar"
COMPARISONS: dict[int, Callable[[float, float], bool]] = {
    1: operator.gt,
    2: operator.ge,
    3: operator.lt,
    4: operator.le,
    5: operator.eq,
}
CODE = re.compile(r"^(\d{6})(?:\.(SH|SZ))?$", re.IGNORECASE)


def _stocks() -> list[dict[str, Any]]:
    return fixture("stockstar")["stocks"]


def _security_id(stock: dict[str, Any]) -> str:
    return f"{stock['security_code']}.{stock['security_market']}"


def screen(field: str, filter_type: int, filter_value: float) -> list[dict[str, Any]]:
    """The stocks whose ``field`` passes the comparison, as the filter tools return them."""
    compare = COMPARISONS.get(filter_type)
    if compare is None:
        raise tool_error(
            f"filter_type must be 1 (>), 2 (>=), 3 (<), 4 (<=) or 5 (=), got {filter_type}"
        )
    hits = [s for s in _stocks() if compare(float(s[field]), float(filter_value))]
    hits.sort(key=lambda s: (-float(s[field]), s["security_code"]))
    return [
        {
            "security_code": s["security_code"],
            "security_name": s["security_name"],
            "security_id": _security_id(s),
            "security_market": s["security_market"],
            "value": s[field],
        }
        for s in hits
    ]


def esg_rating(security_code: str, field: str) -> dict[str, Any]:
    """One stock's ESG rating held in ``field``, as the rating tools return it."""
    match = CODE.match(security_code.strip())
    if match is None:
        raise tool_error(f"security_code must be six digits like 600519, got {security_code!r}")
    for stock in _stocks():
        if stock["security_code"] == match.group(1):
            return {
                "security_code": stock["security_code"],
                "security_name": stock["security_name"],
                "security_id": _security_id(stock),
                "esg_rate": stock[field],
                "enddate": fixture("stockstar")["rating_date"],
            }
    raise tool_error(f"no ESG rating for security code {security_code!r}")


def build() -> MCPServer:
    """A fresh ``stockstar`` server object answering from the fixture."""
    server = new_server(NAME, "Offline StockStar tools over a frozen fixture market.")

    @server.tool(structured_output=False)
    def stk_eval_filter_by_roe_3y(filter_value: float, filter_type: int) -> str:
        """Stocks by 3-year average ROE (%); filter_type 1 >, 2 >=, 3 <, 4 <=, 5 =."""
        return as_json(screen("roe_3y", filter_type, filter_value))

    @server.tool(structured_output=False)
    def stk_eval_filter_by_div_rate(filter_type: int, filter_value: float) -> str:
        """Stocks by dividend yield (%); filter_type 1 >, 2 >=, 3 <, 4 <=, 5 =."""
        return as_json(screen("div_rate", filter_type, filter_value))

    @server.tool(structured_output=False)
    def miotech_esg_rating(security_code: str) -> str:
        """MioTech (妙盈科技) ESG rating (AAA..CCC) of one stock by its six-digit code."""
        return as_json(esg_rating(security_code, "esg_rate"))

    @server.tool(structured_output=False)
    def chindices_esg_rating(security_code: str) -> str:
        """Chindices (华证指数) ESG rating (AAA..C) of one stock by its six-digit code."""
        return as_json(esg_rating(security_code, "chindices_esg_rate"))

    return server


def main() -> None:
    """Serve ``stockstar`` over stdio."""
    build().run("stdio")


if __name__ == "__main__":
    main()
