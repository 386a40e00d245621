"""Invoices: parties, line items, totals, due date and payment terms (late fees).

The totals are computed from the line items as a billing program would: each line's
amount is its quantity times its unit price, the tax is ``tax_rate`` percent of the
subtotal and the total is the subtotal plus the tax. ``terms`` are printed as they are.
"""

from __future__ import annotations

from pydantic import Field

from mobile_gym.sim.documents import pictures
from mobile_gym.sim.documents.fields import Fields, money, number
from mobile_gym.sim.documents.writer import DocumentWriter


class Party(Fields):
    """Who issues or receives the invoice."""

    name: str
    address: list[str] = Field(default_factory=list)
    email: str = ""
    phone: str = ""


class LineItem(Fields):
    """One billed line: ``quantity`` ``unit`` at ``unit_price``."""

    description: str
    quantity: float = Field(gt=0)
    unit: str = ""
    unit_price: float = Field(ge=0)

    @property
    def amount(self) -> float:
        return round(self.quantity * self.unit_price, 2)


class InvoiceFields(Fields):
    """An invoice (``kind: invoice``)."""

    number: str
    date: str
    due_date: str
    seller: Party
    customer: Party
    items: list[LineItem] = Field(min_length=1)
    tax_rate: float = Field(0, ge=0, le=100)
    """Percent of the subtotal."""
    currency: str = "$"
    terms: list[str] = Field(default_factory=list)
    notes: str = ""

    @property
    def subtotal(self) -> float:
        return round(sum(item.amount for item in self.items), 2)

    @property
    def tax(self) -> float:
        return round(self.subtotal * self.tax_rate / 100, 2)

    @property
    def total(self) -> float:
        return round(self.subtotal + self.tax, 2)


def write_invoice(fields: InvoiceFields) -> bytes:
    cur = fields.currency
    doc = DocumentWriter(f"Invoice {fields.number}", footer=fields.seller.name)
    doc.picture(pictures.logo(fields.seller.name), 22)
    doc.title(f"INVOICE {fields.number}")
    doc.lines([f"Invoice date: {fields.date}", f"Due date: {fields.due_date}"], bold=True)
    for label, party in (("From", fields.seller), ("Bill to", fields.customer)):
        doc.heading(label, size=11)
        doc.lines([party.name, *party.address, *(x for x in (party.email, party.phone) if x)])
    doc.heading("Services")
    rows = [
        [
            item.description,
            number(item.quantity) + (f" {item.unit}" if item.unit else ""),
            money(item.unit_price, cur),
            money(item.amount, cur),
        ]
        for item in fields.items
    ]
    doc.table(["Description", "Quantity", "Unit price", "Amount"], rows, [2.4, 1.2, 1.2, 1.3])
    totals = [["Subtotal", money(fields.subtotal, cur)]]
    if fields.tax_rate:
        totals.append([f"Tax ({number(fields.tax_rate)}%)", money(fields.tax, cur)])
    totals.append(["Total due", money(fields.total, cur)])
    doc.table(["Summary", "Amount"], totals, [3, 1])
    if fields.terms:
        doc.heading("Payment terms")
        for term in fields.terms:
            doc.paragraph(term)
    if fields.notes:
        doc.heading("Notes")
        doc.paragraph(fields.notes)
    return doc.output()
