"""Generated documents: PDFs made from a kind and its fields, for task setups and seeds.

Kinds: ``invoice`` (``InvoiceFields``), ``paper`` (``PaperFields``; ``arxiv: ID`` takes a
paper of the offline arXiv library), ``ticket`` (``TicketFields``), ``menu``
(``MenuFields``), ``text`` (``TextFields``: given paragraphs, for letters, resumes and
notes) and ``zip`` (``ZipFields``: a zip archive of text files, not a PDF). Each PDF has
text pages and an embedded picture drawn from its fields (a logo, a chart, a dish, a
barcode). ``render_document`` checks the fields (a
``DocumentError`` names every problem) and returns the PDF's bytes, the same bytes for the
same fields; documents made lately are kept, so resetting a task costs nothing the
second time.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import ValidationError

from mobile_gym.caches import LRUCache
from mobile_gym.sim.documents.archive import ZipFields, write_zip
from mobile_gym.sim.documents.fields import Fields, money
from mobile_gym.sim.documents.invoice import InvoiceFields, write_invoice
from mobile_gym.sim.documents.paper import PaperFields, write_paper
from mobile_gym.sim.documents.simple import (
    MenuFields,
    TextFields,
    TicketFields,
    write_menu,
    write_text,
    write_ticket,
)

KINDS: dict[str, tuple[type[Fields], Callable[[Any], bytes]]] = {
    "invoice": (InvoiceFields, write_invoice),
    "paper": (PaperFields, write_paper),
    "ticket": (TicketFields, write_ticket),
    "menu": (MenuFields, write_menu),
    "text": (TextFields, write_text),
    "zip": (ZipFields, write_zip),
}
"""Each kind's field model and writer."""


class DocumentError(ValueError):
    """Fields a document of its kind cannot be made from; one line per problem."""


def check_fields(kind: str, fields: Mapping[str, Any]) -> Fields:
    """The fields of a ``kind`` document, checked; DocumentError names every problem."""
    if kind not in KINDS:
        raise DocumentError(f"unknown document kind {kind!r}; known kinds: {', '.join(KINDS)}")
    model = KINDS[kind][0]
    try:
        return model.model_validate(dict(fields))
    except ValidationError as exc:
        problems = [
            f"fields.{'.'.join(map(str, e['loc'])) or '(value)'}: {e['msg']}" for e in exc.errors()
        ]
        raise DocumentError("; ".join(problems)) from None


def field_names(kind: str) -> set[str]:
    """The top-level field names a ``kind`` document takes."""
    if kind not in KINDS:
        raise DocumentError(f"unknown document kind {kind!r}; known kinds: {', '.join(KINDS)}")
    return set(KINDS[kind][0].model_fields)


def _render(key: str) -> bytes:
    kind, fields = json.loads(key)
    checked = check_fields(kind, fields)
    return KINDS[kind][1](checked)


_MADE: LRUCache[str, bytes] = LRUCache(64)
"""Documents made lately, by kind and fields."""


def render_document(kind: str, fields: Mapping[str, Any]) -> bytes:
    """The PDF bytes of a ``kind`` document with ``fields`` (DocumentError if they are wrong)."""
    check_fields(kind, fields)
    key = json.dumps([kind, fields], sort_keys=True, default=str)
    return _MADE.get(key, _render)


__all__ = [
    "KINDS",
    "DocumentError",
    "InvoiceFields",
    "MenuFields",
    "PaperFields",
    "TextFields",
    "TicketFields",
    "ZipFields",
    "check_fields",
    "field_names",
    "money",
    "render_document",
]
