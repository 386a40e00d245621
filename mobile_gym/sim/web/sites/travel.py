"""travel.example.com: search flights and hotels and book them with the traveller's details.

Pages: ``/`` (a flight search form and a hotel search form), ``/flights?from=&to=&date=``
(the day's flights on the route, cheapest first), ``/flights/book?flight=&date=`` (the
passenger form; POSTed, it books), ``/hotels?city=&checkin=&nights=`` (cheapest first),
``/hotels/book?hotel=&checkin=&nights=`` (the guest form; POSTed, it books) and
``/bookings?email=`` (the bookings made with an address). A booking is a row of the
``server.travel`` backend's ``bookings`` table (``mobile_gym.sim.web.travel_server``); a
form with a missing name, a malformed e-mail address, an unknown flight or hotel, or a date
that is not ``YYYY-MM-DD`` on or after the phone's today is shown again with what is wrong.
"""

from __future__ import annotations

import datetime as dt
import sqlite3

from mobile_gym.sim.apps.backend import SERVER_DATABASE
from mobile_gym.sim.web.html import esc, link
from mobile_gym.sim.web.server import Response, Visit
from mobile_gym.sim.web.sites import Document, Site
from mobile_gym.sim.web.travel_server import SERVER

HOST = "travel.example.com"
WEB = f"https://{HOST}"
MAX_NIGHTS = 30
MAX_SEATS = 9


def _db(visit: Visit) -> sqlite3.Connection:
    return visit.phone.storage.database(SERVER, SERVER_DATABASE)


def _today(visit: Visit) -> dt.date:
    return visit.phone.clock.now.date()


def _date(visit: Visit, name: str) -> dt.date | None:
    """The field ``name`` as a date on or after today; today when empty; None when invalid."""
    text = visit.arg(name)
    if not text:
        return _today(visit)
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        return None
    return day if day >= _today(visit) else None


def _number(visit: Visit, name: str, default: int, top: int) -> int | None:
    try:
        value = int(visit.arg(name, str(default)))
    except ValueError:
        return None
    return value if 1 <= value <= top else None


def _forms(visit: Visit) -> str:
    today = _today(visit).isoformat()
    return (
        f'<h2>Flights</h2><form action="{WEB}/flights" method="get">'
        '<input type="text" name="from" placeholder="From">'
        '<input type="text" name="to" placeholder="To">'
        f'<input type="date" name="date" value="{today}">'
        '<input type="submit" value="Search flights"></form>'
        f'<h2>Hotels</h2><form action="{WEB}/hotels" method="get">'
        '<input type="text" name="city" placeholder="City">'
        f'<input type="date" name="checkin" value="{today}">'
        '<input type="number" name="nights" value="1">'
        '<input type="submit" value="Search hotels"></form>'
    )


def _home(visit: Visit) -> Response:
    body = f"<h1>Travel</h1><p>Flights and hotels at the best price.</p>{_forms(visit)}"
    body += f"<p>{link(f'{WEB}/bookings', 'My bookings')}</p>"
    return visit.answer("Travel - flights and hotels", body)


def _problem(visit: Visit, text: str) -> Response:
    return visit.answer("Travel - check your search", f"<p><b>{esc(text)}</b></p>{_forms(visit)}")


def _found(header: tuple[str, ...], rows: str, empty: str) -> str:
    """A results table of the rows (already HTML), or ``empty`` when there are none."""
    if not rows:
        return f"<p>{esc(empty)}</p>"
    return "<table><tr>" + "".join(f"<th>{h}</th>" for h in header) + f"</tr>{rows}</table>"


def _flights(visit: Visit) -> Response:
    origin, destination, day = visit.arg("from"), visit.arg("to"), _date(visit, "date")
    if day is None:
        return _problem(visit, "Choose a date from today on, as YYYY-MM-DD.")
    rows = _db(visit).execute(
        "SELECT id, number, airline, depart, arrive, price FROM flights "
        "WHERE lower(origin) = lower(?) AND lower(destination) = lower(?) ORDER BY price, id",
        (origin, destination),
    )
    items = "".join(
        f"<tr><td>{esc(number)} {esc(airline)}</td><td>{depart} - {arrive}</td><td>${price}</td>"
        f"<td>{link(f'{WEB}/flights/book?flight={fid}&date={day}', 'Book')}</td></tr>"
        for fid, number, airline, depart, arrive, price in rows
    )
    found = _found(("Flight", "Time", "Price", ""), items, "No flights found for this route.")
    title = f"{origin} to {destination}, {day.strftime('%a %b %d %Y')}"
    return visit.answer(f"Flights {title} - Travel", f"<h1>{esc(title)}</h1>{found}")


def _hotels(visit: Visit) -> Response:
    city, day = visit.arg("city"), _date(visit, "checkin")
    nights = _number(visit, "nights", 1, MAX_NIGHTS)
    if day is None or nights is None:
        return _problem(visit, f"Choose a check-in from today on and 1 to {MAX_NIGHTS} nights.")
    rows = _db(visit).execute(
        "SELECT id, name, stars, price, address FROM hotels WHERE lower(city) = lower(?) "
        "ORDER BY price, id",
        (city,),
    )
    items = "".join(
        f"<tr><td>{esc(name)} ({stars}★)</td><td>{esc(address)}</td><td>${price} a night</td>"
        f"<td>{link(f'{WEB}/hotels/book?hotel={hid}&checkin={day}&nights={nights}', 'Book')}"
        "</td></tr>"
        for hid, name, stars, price, address in rows
    )
    found = _found(("Hotel", "Address", "Price", ""), items, "No hotels found in this city.")
    title = f"Hotels in {city}, {nights} night(s) from {day.isoformat()}"
    return visit.answer(f"{title} - Travel", f"<h1>{esc(title)}</h1>{found}")


def _details_form(action: str, hidden: dict[str, object], error: str, visit: Visit) -> str:
    fields = "".join(
        f'<input type="hidden" name="{name}" value="{esc(value)}">'
        for name, value in hidden.items()
    )
    shown = f"<p><b>{esc(error)}</b></p>" if error else ""
    return (
        f'{shown}<form action="{WEB}{action}" method="post">{fields}'
        f'<input type="text" name="name" value="{esc(visit.form.get("name", ""))}" '
        'placeholder="Full name">'
        f'<input type="email" name="email" value="{esc(visit.form.get("email", ""))}" '
        'placeholder="E-mail">'
        f'<input type="text" name="phone" value="{esc(visit.form.get("phone", ""))}" '
        'placeholder="Phone">'
        f'<input type="number" name="seats" value="{esc(visit.form.get("seats", "1"))}">'
        '<input type="submit" value="Confirm booking"></form>'
    )


def _details_error(visit: Visit) -> str:
    if not visit.arg("name"):
        return "Enter the traveller's full name."
    email = visit.arg("email")
    if "@" not in email or "." not in email.split("@")[-1] or " " in email:
        return "Enter a valid e-mail address."
    if _number(visit, "seats", 1, MAX_SEATS) is None:
        return f"Book 1 to {MAX_SEATS} travellers or rooms."
    return ""


def _book(visit: Visit, kind: str, item_id: int, day: dt.date, nights: int) -> tuple[str, int]:
    db = _db(visit)
    number = db.execute("SELECT COUNT(*) FROM bookings").fetchone()[0] + 1
    reference = f"{kind[0].upper()}{day.strftime('%y%m%d')}{item_id:03d}{number:03d}"
    created = visit.phone.clock.epoch_ms
    seats = _number(visit, "seats", 1, MAX_SEATS) or 1
    db.execute(
        "INSERT INTO bookings(reference, kind, item_id, date, nights, name, email, phone, seats,"
        " created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            reference,
            kind,
            item_id,
            day.isoformat(),
            nights,
            visit.arg("name"),
            visit.arg("email").lower(),
            visit.arg("phone"),
            seats,
            created,
        ),
    )
    return reference, seats


def _booking(
    visit: Visit,
    what: tuple[str, int, dt.date, int],
    summary: str,
    hidden: dict[str, object],
    heading: str,
) -> Response:
    """The details form of ``what`` (kind, item, date, nights) or, POSTed valid, the booking
    made and confirmed."""
    kind = what[0]
    error = _details_error(visit) if visit.request.method == "POST" else ""
    if visit.request.method == "POST" and not error:
        reference, seats = _book(visit, *what)
        who = "passenger(s):" if kind == "flight" else "room(s) for"
        body = (
            f"<h1>Booking confirmed</h1><p>Reference <b>{reference}</b></p><p>{esc(summary)}</p>"
            f"<p>{seats} {who} {esc(visit.arg('name'))}, {esc(visit.arg('email'))}</p>"
        )
        return visit.answer("Booking confirmed - Travel", body)
    form = _details_form(f"/{kind}s/book", hidden, error, visit)
    return visit.answer(f"{heading} - Travel", f"<h1>{heading}</h1><p>{esc(summary)}</p>{form}")


def _book_flight(visit: Visit) -> Response:
    day = _date(visit, "date")
    row = (
        _db(visit)
        .execute(
            "SELECT id, number, airline, origin, destination, depart, price FROM flights WHERE id = ?",
            (visit.arg("flight"),),
        )
        .fetchone()
    )
    if row is None or day is None:
        return _problem(visit, "This flight cannot be booked; search again.")
    fid, number, airline, origin, destination, depart, price = row
    summary = f"{number} {airline}: {origin} to {destination}, {day.isoformat()} {depart}, ${price}"
    hidden = {"flight": fid, "date": day}
    return _booking(visit, ("flight", fid, day, 0), summary, hidden, "Passenger details")


def _book_hotel(visit: Visit) -> Response:
    day, nights = _date(visit, "checkin"), _number(visit, "nights", 1, MAX_NIGHTS)
    row = (
        _db(visit)
        .execute("SELECT id, name, city, price FROM hotels WHERE id = ?", (visit.arg("hotel"),))
        .fetchone()
    )
    if row is None or day is None or nights is None:
        return _problem(visit, "This hotel cannot be booked; search again.")
    hid, name, city, price = row
    summary = f"{name}, {city}: {nights} night(s) from {day.isoformat()}, ${price * nights}"
    hidden = {"hotel": hid, "checkin": day, "nights": nights}
    return _booking(visit, ("hotel", hid, day, nights), summary, hidden, "Guest details")


def _bookings(visit: Visit) -> Response:
    email = visit.arg("email").lower()
    rows = _db(visit).execute(
        "SELECT reference, kind, date, nights, name FROM bookings WHERE email = ? ORDER BY id",
        (email,),
    )
    items = "".join(
        f"<li><b>{ref}</b> {kind} on {day}{f', {nights} night(s)' if nights else ''} for "
        f"{esc(name)}</li>"
        for ref, kind, day, nights, name in rows
    )
    form = (
        f'<form action="{WEB}/bookings" method="get"><input type="email" name="email" '
        f'value="{esc(email)}" placeholder="E-mail"><input type="submit" value="Find"></form>'
    )
    empty = "<p>No bookings.</p>" if email and not items else ""
    return visit.answer(
        "My bookings - Travel", f"<h1>My bookings</h1>{form}{empty}<ul>{items}</ul>"
    )


def handle(visit: Visit) -> Response:
    """Answer a page of the travel site."""
    path = visit.path.rstrip("/") or "/"
    pages = {
        "/": _home,
        "/flights": _flights,
        "/flights/book": _book_flight,
        "/hotels": _hotels,
        "/hotels/book": _book_hotel,
        "/bookings": _bookings,
    }
    page = pages.get(path)
    return page(visit) if page is not None else visit.not_found()


def documents() -> list[Document]:
    """The home page."""
    return [
        Document(
            f"{WEB}/",
            "Travel - cheap flights and hotels, book online",
            "Search and book flights and hotels: Shanghai, Beijing, Hangzhou, Guangzhou, Tokyo. "
            "Cheap flight tickets and hotel deals, airline booking, travel.",
        )
    ]


SITE = Site((HOST,), handle, documents)
