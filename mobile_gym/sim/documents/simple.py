"""Short documents: plain text (letters, resumes, notes), event tickets and menus."""

from __future__ import annotations

from pydantic import Field

from mobile_gym.sim.documents import pictures
from mobile_gym.sim.documents.fields import Fields, money
from mobile_gym.sim.documents.writer import DocumentWriter


class TextSection(Fields):
    """A heading and the paragraphs under it."""

    heading: str
    paragraphs: list[str] = Field(default_factory=list)


class TextFields(Fields):
    """Text (``kind: text``): a title, paragraphs, optional headed sections and a picture."""

    title: str = ""
    paragraphs: list[str] = Field(default_factory=list)
    sections: list[TextSection] = Field(default_factory=list)
    picture: str = ""
    """A caption: draws a chart picture with it under the text."""


class TicketFields(Fields):
    """A ticket (``kind: ticket``): an event or a trip, its date, seat and booking code."""

    event: str
    date: str
    time: str = ""
    venue: str = ""
    holder: str = ""
    seat: str = ""
    price: float | None = Field(None, ge=0)
    currency: str = "$"
    code: str
    notes: list[str] = Field(default_factory=list)


class MenuItem(Fields):
    """A dish and its price."""

    name: str
    price: float = Field(ge=0)
    description: str = ""


class MenuSection(Fields):
    """A part of the menu (starters, mains...) and its dishes."""

    name: str
    items: list[MenuItem] = Field(min_length=1)


class MenuFields(Fields):
    """A restaurant menu (``kind: menu``): sections of dishes with prices."""

    restaurant: str
    sections: list[MenuSection] = Field(min_length=1)
    currency: str = "$"
    notes: list[str] = Field(default_factory=list)


def write_text(fields: TextFields) -> bytes:
    doc = DocumentWriter(fields.title or "Document")
    if fields.title:
        doc.title(fields.title)
    for text in fields.paragraphs:
        doc.paragraph(text)
    for section in fields.sections:
        doc.heading(section.heading)
        for text in section.paragraphs:
            doc.paragraph(text)
    if fields.picture:
        doc.picture(pictures.bar_chart([4, 7, 5, 9, 6], fields.picture), 100, fields.picture)
    return doc.output()


def write_ticket(fields: TicketFields) -> bytes:
    doc = DocumentWriter(f"Ticket {fields.code}", footer=fields.event)
    doc.title(fields.event)
    rows = [
        ["Date", fields.date],
        ["Time", fields.time],
        ["Venue", fields.venue],
        ["Passenger / holder", fields.holder],
        ["Seat", fields.seat],
        ["Price", "" if fields.price is None else money(fields.price, fields.currency)],
        ["Booking code", fields.code],
    ]
    doc.table(["Ticket", "Details"], [row for row in rows if row[1]], [1, 2])
    doc.picture(pictures.barcode(fields.code), 90, f"Booking code {fields.code}")
    for note in fields.notes:
        doc.paragraph(note, size=9.5)
    return doc.output()


def write_menu(fields: MenuFields) -> bytes:
    doc = DocumentWriter(f"{fields.restaurant} menu", footer=fields.restaurant)
    doc.title(fields.restaurant)
    first = fields.sections[0].items[0].name
    doc.picture(pictures.dish(first), 70, first)
    for section in fields.sections:
        doc.heading(section.name)
        for item in section.items:
            doc.paragraph(f"{item.name} .......... {money(item.price, fields.currency)}", bold=True)
            if item.description:
                doc.paragraph(item.description, size=9.5)
    for note in fields.notes:
        doc.paragraph(note, size=9)
    return doc.output()
