"""Requests and responses of the offline web, and the one entry point that answers them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone


@dataclass(frozen=True)
class Request:
    """A page asked for: its absolute URL (``https://host/path?query``), the method and, for
    a form's POST, its fields in the form's order."""

    url: str
    method: Literal["GET", "POST"] = "GET"
    form: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Response:
    """A page answered: the URL it ends at (after redirects), the HTTP status and the HTML."""

    url: str
    status: int
    html: str


def fetch(phone: Phone, request: Request) -> Response:
    """Answer ``request`` from the sites on the phone's offline web."""
    return Response(
        request.url,
        404,
        "<html><head><title>Site not found</title></head><body>"
        "<h1>This site can't be reached</h1></body></html>",
    )
