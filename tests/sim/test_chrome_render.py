"""Chrome's renderer: the HTML subset read into blocks, broken into lines, and a long page
that costs what its lines on screen cost."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone, web
from mobile_gym.sim.apps.chrome import webview
from mobile_gym.sim.apps.chrome.document import Run, parse
from mobile_gym.sim.apps.chrome.layout import lines
from mobile_gym.sim.display import Display
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app
from tests.sim.test_chrome_browser import Web, go, page_title

BASE = "https://site.example.com/dir/page.html"


def test_text_runs_keep_links_absolute_and_bold_and_collapse_space() -> None:
    doc = parse(
        "<html><head><title> My  page </title><script>var x = 1;</script></head><body>"
        "<p>Hello\n   <b>big</b> <a href='other.html'>world</a>!</p></body></html>",
        BASE,
    )
    assert doc.title == "My page"
    (block,) = doc.blocks
    assert block.kind == "text"
    assert block.runs == (
        Run("Hello "),
        Run("big", bold=True),
        Run(" "),
        Run("world", "https://site.example.com/dir/other.html"),
        Run("!"),
    )


def test_blocks_cover_the_subset_in_reading_order() -> None:
    doc = parse(
        "<h1 id='top'>Title</h1><ol><li>first</li><li>second</li></ol><hr>"
        "<img src='/a.png' alt='An A'><table><tr><th>K</th><th>V</th></tr>"
        "<tr><td>a</td><td><a href='/x'>1</a></td></tr></table><div>end<br>line</div>",
        BASE,
    )
    kinds = [b.kind for b in doc.blocks if b.kind != "gap"]
    assert kinds == ["text", "text", "text", "rule", "image", "row", "row", "text", "text"]
    heading, first, second = [b for b in doc.blocks if b.kind == "text"][:3]
    assert (heading.size, heading.html_id) == (22, "top")
    assert (first.prefix, second.prefix) == ("1.", "2.")
    image = next(b for b in doc.blocks if b.kind == "image")
    assert (image.src, image.alt) == ("https://site.example.com/a.png", "An A")
    rows = [b for b in doc.blocks if b.kind == "row"]
    assert rows[0].header and not rows[1].header
    assert rows[1].cells[1] == (Run("1", "https://site.example.com/x"),)


def test_forms_and_their_controls() -> None:
    doc = parse(
        "<form action='/go' method='POST'><input name=q value='hi'>"
        "<input type=hidden name=h value=1><textarea name=t>note</textarea>"
        "<select name=s><option>A</option><option value=b selected>B</option></select>"
        "<input type=email name=e><input type=weird name=w><button>Go</button></form>",
        BASE,
    )
    (form,) = doc.forms
    assert (form.action, form.method) == ("https://site.example.com/go", "POST")
    kinds = [(c.kind, c.name, c.value) for c in doc.controls]
    assert kinds == [
        ("text", "q", "hi"),
        ("hidden", "h", "1"),
        ("textarea", "t", "note"),
        ("select", "s", "b"),
        ("email", "e", ""),
        ("text", "w", ""),
        ("submit", "", ""),
    ]
    shown = [b.control.kind for b in doc.blocks if b.control is not None]
    assert "hidden" not in shown


@pytest.mark.parametrize(
    "html",
    [
        "",
        "   ",
        "<<<>>>",
        "\x00",
        "<p>unclosed <b>bold",
        "<a href='http://[bad'>x</a><img src='//['>",
    ],
)
def test_odd_html_parses(html: str) -> None:
    parse(html, BASE)


def test_long_text_wraps_into_lines_no_wider_than_the_page() -> None:
    d = Display()
    words = " ".join(f"word{i}" for i in range(120))
    page = lines(f"<p>{words}</p>", BASE, d)
    assert len(page) > 5
    assert " ".join(line.text for line in page) == words
    assert all(line.first == (i == 0) for i, line in enumerate(page))


def test_a_word_longer_than_the_page_is_cut_across_lines() -> None:
    word = "https://example.com/" + "x" * 300
    page = lines(f"<p>See {word}</p>", BASE, Display())
    assert len(page) > 2
    assert "".join(line.text for line in page) == f"See{word}"


HOTELS = (
    "<table><tr><th>Hotel</th><th>Address</th><th>Price</th><th></th></tr>"
    "<tr><td>Kunming Business Hotel (4\u2605)</td><td>20 Station Rd</td>"
    "<td>$121 a night</td><td><a href='/book?h=2'>Book</a></td></tr>"
    "<tr><td>Old Town Lodge</td><td>8 Market St</td><td>$63 a night</td>"
    "<td><a href='/book?h=1'>Book</a></td></tr></table>"
)


def _cell_texts(page: tuple, block: int) -> list[str]:
    """Each cell's text of table row ``block``, its lines joined."""
    rows = [line for line in page if line.block == block]
    columns = zip(*(line.cells for line in rows), strict=True)
    return [" ".join("".join(r.text for r in part) for part in c if part) for c in columns]


def test_a_table_shares_the_width_by_content_and_wraps_what_does_not_fit() -> None:
    """As a browser lays out a table: no cell is cut short; a row takes as many lines as
    its tallest cell; a column with more to show is wider; the columns fill the row."""
    d = Display()
    page = lines(HOTELS, BASE, d)
    blocks = sorted({line.block for line in page})
    assert _cell_texts(page, blocks[1]) == [
        "Kunming Business Hotel (4\u2605)",
        "20 Station Rd",
        "$121 a night",
        "Book",
    ]
    assert _cell_texts(page, blocks[2])[0] == "Old Town Lodge"
    first_row = [line for line in page if line.block == blocks[1]]
    assert len(first_row) == 2 and [line.first for line in first_row] == [True, False]
    hotel, address, price, book = first_row[0].widths
    assert hotel > address > book and price > book
    assert sum(first_row[0].widths) == d.width - d.dp(2 * 16 + 2 * 8)


def test_a_table_that_fits_is_not_wrapped() -> None:
    page = lines(
        "<table><tr><td>Model</td><td>Easy</td></tr><tr><td>GPT-4o</td><td>48.2</td></tr></table>",
        BASE,
        Display(),
    )
    assert len(page) == 2  # one line per row
    assert [line.cells[0][0].text for line in page] == ["Model", "GPT-4o"]


LONG = "https://long.example.com/"
LONG_HTML = (
    "<title>Long</title>"
    + "".join(
        f"<p>Paragraph {i} says something rather long about item {i}.</p>" for i in range(200)
    )
    + "<table>"
    + "".join(f"<tr><td>Row {i}</td><td>{i}</td></tr>" for i in range(50))
    + "</table><p id='last'>The end.</p>"
)


def test_a_long_page_makes_only_the_lines_on_screen(
    phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web, "fetch", Web({LONG: LONG_HTML}).fetch)
    made: list[int] = []
    render = webview.render_line

    def counting(*args, **kwargs):
        made.append(1)
        return render(*args, **kwargs)

    monkeypatch.setattr(webview, "render_line", counting)
    driver = Driver(phone)
    open_app(driver, "Chrome")
    go(driver, LONG)
    assert page_title(driver) == "Long"
    assert 0 < len(made) < 40
    nodes = len(driver.find_all(package="com.android.chrome"))
    assert nodes < 80
    driver.scroll_to(max_scrolls=200, resource_id="last")
    assert driver.exists(text="The end.")
    assert not driver.exists(text="Paragraph 0 says something rather long about item 0.")
