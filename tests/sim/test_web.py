"""The offline web: fetching pages of every site, the search engine and bad URLs."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from mobile_gym.mcp.servers.data import fixture
from mobile_gym.sim import Phone
from mobile_gym.sim.web import Request, fetch
from mobile_gym.sim.web.sites import documents, registry
from mobile_gym.sim.web.sites.weather import forecast


def get(phone: Phone, url: str) -> str:
    response = fetch(phone, Request(url))
    assert response.status == 200, (url, response.html[:200])
    return response.html


def links(html: str) -> list[str]:
    return re.findall(r'<a href="([^"]+)"', html)


@pytest.mark.parametrize(
    "url",
    [
        "https://nowhere.invalid/page",
        "",
        "   ",
        "http://[::1",
        "https://",
        "javascript:alert(1)",
        "https://github.com:99999/",
        "ftp://exa mple.com",
    ],
)
def test_unknown_hosts_and_bad_urls_get_the_unreachable_page(phone: Phone, url: str) -> None:
    response = fetch(phone, Request(url))
    assert response.status == 404
    assert "This site can't be reached" in response.html


def test_a_known_host_answers_404_for_a_path_it_does_not_serve(phone: Phone) -> None:
    response = fetch(phone, Request("https://github.com/google-research/android_world/nope"))
    assert response.status == 404 and "not found" in response.html


def test_every_link_on_every_indexed_page_resolves(phone: Phone) -> None:
    hosts = set(registry())
    read_by_tools = {page["url"] for page in fixture("jina")["pages"]}
    for doc in documents():
        if doc.url in read_by_tools:  # their links go anywhere on the web
            continue
        html = get(phone, doc.url)
        assert "<title>" in html
        for href in links(html):
            host = re.sub(r"^https?://(www\.)?", "", href).split("/")[0]
            if host in hosts and "/showpic/" not in href:
                assert fetch(phone, Request(href)).status == 200, (doc.url, href)


def test_github_pages_tell_the_tool_servers_facts(phone: Phone) -> None:
    repo = get(phone, "github.com/google-research/android_world")
    assert "<b>1,290</b> stars" in repo and "<b>38</b> contributors" in repo
    assert "116 hand-crafted tasks" in repo  # the README
    open_issues = get(phone, "https://github.com/google-research/android_world/issues")
    expected = [
        i["title"]
        for i in fixture("github")["issues"]
        if i["repo"] == "google-research/android_world" and i["state"] == "open"
    ]
    for title in expected:
        assert title.replace("'", "&#x27;") in open_issues
    assert "Document the minimum adb version" not in open_issues  # closed
    commits = get(phone, "https://github.com/google-research/android_world/commits")
    order = [commits.index(m) for m in ("Fix flaky Wi-Fi", "Add API 34 settings", "Update README")]
    assert order == sorted(order)
    issue = get(phone, "https://github.com/google-research/android_world/issues/242")
    assert "How to submit the pull request?" in issue


def test_arxiv_serves_abstracts_text_and_search(phone: Phone) -> None:
    abstract = get(phone, "https://arxiv.org/abs/2006.11239v2")
    for word in ("Langevin", "9.46", "3.17", "LSUN", "256"):
        assert word in abstract
    paper = get(phone, "arxiv.org/html/2508.15144")
    assert "<td>UI-TARS-72B</td><td>71.0</td><td>66.2</td><td>62.9</td><td>66.7</td>" in paper
    pdf = fetch(phone, Request("https://arxiv.org/pdf/2006.11239v2"))
    assert (pdf.status, pdf.content_type) == (200, "application/pdf")
    assert pdf.html.encode("latin-1").startswith(b"%PDF-")
    found = get(phone, "https://arxiv.org/search?query=Qwen3-VL")
    assert links(found)[0] == "https://arxiv.org/abs/2511.21631"
    assert fetch(phone, Request("https://arxiv.org/abs/9999.99999")).status == 404


def test_weather_agrees_with_the_map_tools_and_is_frozen_elsewhere() -> None:
    day = forecast("Beijing", dt.date(2025, 10, 16))
    assert (day.high, day.low, day.sky) == (17, 9, "Sunny")  # amap.yaml's 北京市
    later = forecast("Beijing", dt.date(2026, 1, 20))
    assert later == forecast("Beijing", dt.date(2026, 1, 20))
    assert -6 <= later.high <= 8 and later.low < later.high


def test_the_weather_page_starts_at_the_phones_today() -> None:
    phone = Phone(seed=0, start_time=dt.datetime(2025, 10, 16, 9, 30))
    html = get(phone, "https://www.weather.com/weather/beijing")
    assert "<h2>Today: Sunny</h2><p>High 17°C · Low 9°C</p>" in html
    assert "<td>Tomorrow</td><td>Fri 2025-10-17</td><td>Partly cloudy</td><td>17°</td>" in html
    chinese = get(phone, "https://weather.com/weather?city=%E5%8C%97%E4%BA%AC")
    assert "Beijing Weather" in chinese
    assert fetch(phone, Request("https://weather.com/weather/Atlantis")).status == 404


def test_search_ranks_deterministically_and_shows_cards() -> None:
    phone = Phone(seed=0, start_time=dt.datetime(2025, 10, 16, 9, 30))
    html = get(phone, "https://www.google.com/search?q=2025+Nobel+Prize+in+Economics")
    first = links(html)[0]
    assert first == "https://www.nobelprize.org/prizes/economic-sciences/2025/summary/"
    assert get(phone, first).count("Joel Mokyr") == 1
    again = get(phone, "https://www.google.com/search?q=2025+Nobel+Prize+in+Economics")
    assert again == html
    weather = get(phone, "https://www.google.com/search?q=Beijing+highest+temperature+today")
    assert "<h2>Weather in Beijing</h2><p>Today: Sunny</p><p>High 17°C" in weather
    rate = get(phone, "https://www.google.com/search?q=USD+to+RMB+exchange+rate")
    assert "7.1186 Chinese Yuan" in rate
    nothing = get(phone, "https://www.google.com/search?q=zzqqxx")
    assert "did not match any documents" in nothing


def test_search_reaches_the_pages_tasks_read(phone: Phone) -> None:
    cases = {
        "UF academic calendar spring 2026": "https://catalog.ufl.edu/UGRD/dates-deadlines/2025-2026/",
        "android_world github": "https://github.com/google-research/android_world",
        "gui agent news": "https://news.example.com/2025/10/14/gui-agents-phone-benchmark",
        "ddpm denoising diffusion": "https://arxiv.org/abs/2006.11239",
    }
    for query, url in cases.items():
        html = get(phone, f"https://www.google.com/search?q={query.replace(' ', '+')}")
        assert url in links(html)[:3], query


def test_a_flight_booking_is_stored_on_the_server() -> None:
    phone = Phone(seed=0, start_time=dt.datetime(2025, 10, 16, 9, 30))
    found = get(
        phone, "https://travel.example.com/flights?from=shanghai&to=Beijing&date=2025-10-20"
    )
    book = next(href for href in links(found) if "/flights/book" in href)
    form = get(phone, book.replace("&amp;", "&"))
    assert 'name="flight"' in form and 'method="post"' in form
    fields = (("flight", "1"), ("date", "2025-10-20"), ("name", ""), ("email", "a@b.co"))
    refused = fetch(phone, Request("https://travel.example.com/flights/book", "POST", fields))
    assert "full name" in refused.html
    fields = (("flight", "1"), ("date", "2025-10-20"), ("name", "Ann Lee"), ("email", "Ann@B.co"))
    done = fetch(phone, Request("https://travel.example.com/flights/book", "POST", fields))
    assert "Booking confirmed" in done.html
    db = phone.storage.database("server.travel", "server")
    rows = db.execute("SELECT kind, item_id, date, name, email FROM bookings").fetchall()
    assert [tuple(r) for r in rows] == [("flight", 1, "2025-10-20", "Ann Lee", "ann@b.co")]
    mine = get(phone, "https://travel.example.com/bookings?email=ann@b.co")
    assert "flight on 2025-10-20 for Ann Lee" in mine


def test_a_hotel_in_the_past_or_for_too_many_nights_is_refused() -> None:
    phone = Phone(seed=0, start_time=dt.datetime(2025, 10, 16, 9, 30))
    past = get(phone, "https://travel.example.com/hotels?city=Hangzhou&checkin=2025-10-01")
    assert "check-in from today" in past
    long = get(phone, "https://travel.example.com/hotels?city=Hangzhou&nights=99")
    assert "check-in from today" in long
    fields = (("hotel", "3"), ("checkin", "2025-10-18"), ("nights", "2"))
    fields += (("name", "Bo Chen"), ("email", "bo@example.com"), ("seats", "1"))
    done = fetch(phone, Request("https://travel.example.com/hotels/book", "POST", fields))
    assert "West Lake Pavilion Hotel, Hangzhou: 2 night(s) from 2025-10-18, $316" in done.html
    db = phone.storage.database("server.travel", "server")
    assert db.execute("SELECT nights FROM bookings WHERE kind = 'hotel'").fetchone()[0] == 2
