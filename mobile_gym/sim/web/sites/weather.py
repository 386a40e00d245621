"""weather.com: a frozen forecast by city and date, seven days from the phone's today.

``forecast(city, date)`` is the one source: for the cities and dates the Amap tool server
forecasts (``mobile_gym/mcp/fixtures/amap.yaml``) it gives the same highs, lows and skies;
for every other date it derives them from the city's monthly climate and a checksum of city
and date, so a city's weather on a date never changes. Pages: ``/`` (a city search form),
``/weather/<city>`` (today and the next six days; ``?date=YYYY-MM-DD`` starts elsewhere) and
``/weather?city=`` (the form's target). Cities are matched by English or Chinese name, any
case.
"""

from __future__ import annotations

import datetime as dt
import zlib
from dataclasses import dataclass
from functools import cache
from urllib.parse import quote, unquote_plus

from mobile_gym.mcp.servers.data import fixture
from mobile_gym.sim.web.html import esc, link, table
from mobile_gym.sim.web.server import Response, Visit
from mobile_gym.sim.web.sites import Document, Site

HOST = "weather.com"
WEB = f"https://www.{HOST}"
DAYS = 7

CLIMATE: dict[str, tuple[str, tuple[int, ...], int]] = {
    "Beijing": ("北京市", (2, 6, 13, 21, 27, 31, 31, 30, 26, 19, 10, 4), 11),
    "Shanghai": ("上海市", (8, 10, 14, 20, 25, 28, 32, 32, 28, 23, 17, 11), 7),
    "Hangzhou": ("杭州市", (8, 11, 15, 22, 27, 29, 34, 33, 28, 23, 17, 11), 8),
    "Nanjing": ("南京市", (7, 10, 15, 21, 26, 29, 32, 32, 27, 22, 16, 9), 8),
    "Suzhou": ("苏州市", (8, 10, 14, 20, 25, 28, 32, 32, 28, 23, 17, 11), 7),
    "Guangzhou": ("广州市", (18, 19, 22, 26, 30, 32, 33, 33, 32, 29, 25, 20), 7),
    "Shenzhen": ("深圳市", (19, 20, 22, 26, 29, 31, 32, 32, 31, 29, 25, 21), 6),
    "Chengdu": ("成都市", (10, 12, 17, 22, 26, 28, 30, 30, 25, 21, 16, 11), 7),
    "Wuhan": ("武汉市", (8, 11, 16, 22, 27, 30, 33, 33, 28, 23, 16, 10), 8),
    "Xi'an": ("西安市", (5, 9, 15, 21, 27, 32, 33, 31, 26, 19, 12, 6), 10),
    "Hong Kong": ("香港", (19, 19, 22, 25, 29, 31, 32, 32, 31, 28, 24, 20), 5),
    "Tokyo": ("东京", (10, 10, 13, 18, 23, 25, 29, 31, 27, 22, 17, 12), 7),
    "New York": ("纽约", (4, 5, 10, 16, 22, 27, 29, 28, 24, 18, 12, 6), 8),
    "London": ("伦敦", (8, 9, 11, 14, 17, 20, 23, 22, 19, 15, 11, 8), 6),
    "Paris": ("巴黎", (7, 9, 13, 16, 20, 23, 26, 25, 21, 16, 11, 8), 7),
    "San Francisco": ("旧金山", (14, 16, 17, 18, 19, 21, 21, 22, 23, 21, 17, 14), 7),
    "Gainesville": ("盖恩斯维尔", (19, 21, 24, 27, 30, 32, 33, 33, 31, 28, 24, 20), 11),
}
"""English name -> (Chinese name, average high of each month in °C, typical day-night gap)."""

SKIES = ("Sunny", "Partly cloudy", "Cloudy", "Overcast", "Light rain", "Showers", "Sunny")
AMAP_SKIES = {
    "晴": "Sunny",
    "多云": "Partly cloudy",
    "阴": "Overcast",
    "小雨": "Light rain",
    "中雨": "Rain",
    "大雨": "Heavy rain",
    "阵雨": "Showers",
    "雷阵雨": "Thunderstorms",
    "阵雨转晴": "Showers, then sunny",
}


@dataclass(frozen=True)
class Forecast:
    """One city's weather on one date (temperatures in °C)."""

    city: str
    date: dt.date
    high: int
    low: int
    sky: str


def city_named(name: str) -> str | None:
    """The English name of the city called ``name`` (English or Chinese, any case), or None."""
    wanted = name.strip().lower().replace("-", " ")
    for english, (chinese, _, _) in CLIMATE.items():
        if wanted in (english.lower(), chinese, chinese.removesuffix("市")):
            return english
    return None


@cache
def _amap() -> dict[tuple[str, str], dict[str, str]]:
    return {
        (entry["city"], day["date"]): day
        for entry in fixture("amap").get("weather", [])
        for day in entry["forecasts"]
    }


def forecast(city: str, date: dt.date) -> Forecast:
    """The frozen weather of the known city ``city`` (English name) on ``date``."""
    chinese, highs, gap = CLIMATE[city]
    known = _amap().get((chinese, date.isoformat()))
    if known is not None:
        sky = AMAP_SKIES.get(known["dayweather"], "Cloudy")
        return Forecast(city, date, int(known["daytemp"]), int(known["nighttemp"]), sky)
    check = zlib.crc32(f"{city}|{date.isoformat()}".encode())
    high = highs[date.month - 1] + check % 7 - 3
    low = high - gap + (check >> 8) % 3 - 1
    return Forecast(city, date, high, low, SKIES[(check >> 16) % len(SKIES)])


def _form(city: str = "") -> str:
    return (
        f'<form action="{WEB}/weather" method="get"><input type="search" name="city" '
        f'value="{esc(city)}" placeholder="Search city"><input type="submit" value="Search">'
        "</form>"
    )


def _city_page(visit: Visit, city: str) -> Response:
    today = visit.phone.clock.now.date()
    try:
        start = dt.date.fromisoformat(visit.arg("date")) if visit.arg("date") else today
    except ValueError:
        start = today
    days = [forecast(city, start + dt.timedelta(days=n)) for n in range(DAYS)]
    now = days[0]
    label = "Today" if start == today else start.strftime("%a %b %d")
    rows = [
        (
            "Today" if f.date == today else "Tomorrow" if f.date == today + dt.timedelta(1) else "",
            f.date.strftime("%a %Y-%m-%d"),
            f.sky,
            f"{f.high}°",
            f"{f.low}°",
        )
        for f in days
    ]
    body = (
        f"<h1>{esc(city)} Weather</h1>{_form()}<h2>{label}: {now.sky}</h2>"
        f"<p>High {now.high}°C · Low {now.low}°C</p><h3>7-Day Forecast</h3>"
        f"{table(('', 'Date', 'Sky', 'High', 'Low'), rows)}"
    )
    return visit.answer(f"{city} Weather Forecast | weather.com", body)


def handle(visit: Visit) -> Response:
    """Answer a page of weather.com."""
    parts = [p for p in visit.path.split("/") if p]
    if not parts:
        cities = "".join(f"<li>{link(f'{WEB}/weather/{quote(c)}', c)}</li>" for c in CLIMATE)
        return visit.answer("weather.com", f"<h1>The Weather</h1>{_form()}<ul>{cities}</ul>")
    if parts[0] == "weather":
        name = visit.arg("city") if len(parts) == 1 else unquote_plus(" ".join(parts[1:]))
        city = city_named(name)
        if city is not None:
            return _city_page(visit, city)
        return visit.answer(
            "City not found | weather.com",
            f"<h1>No city called {esc(name)}</h1>{_form(name)}",
            404,
        )
    return visit.not_found()


def documents() -> list[Document]:
    """One forecast page per city."""
    return [
        Document(
            f"{WEB}/weather/{quote(city)}",
            f"{city} Weather Forecast | weather.com",
            f"{city} {chinese} 天气 weather forecast today tomorrow 7-day high low temperature",
        )
        for city, (chinese, _, _) in CLIMATE.items()
    ]


SITE = Site((HOST,), handle, documents)
