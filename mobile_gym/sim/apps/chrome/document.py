"""A web page read into blocks: the HTML subset the browser renders, parsed once per page.

``parse(html, url)`` walks the page's elements (lxml) and keeps what the browser shows, in
document order: text blocks made of inline runs (bold, links with their absolute URLs),
headings, list items with their markers, table rows, images, rules and form controls, and
the page's forms. Scripts, styles and the head are skipped; white space collapses as in
HTML. Pages are parsed once each (``document`` keeps the last few by their HTML).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urljoin

import lxml.html
from lxml import etree

from mobile_gym.caches import LRUCache

BODY_SIZE = 15
HEADING_SIZES = {"h1": 22, "h2": 20, "h3": 18, "h4": 16, "h5": BODY_SIZE, "h6": BODY_SIZE}
"""Text size (sp) of each heading level (bold); body text is ``BODY_SIZE``."""
TEXT_INPUTS = ("text", "search", "password", "email", "number", "date", "tel", "url")
_BLOCKS = frozenset(
    [
        "p",
        "div",
        "section",
        "article",
        "header",
        "footer",
        "main",
        "nav",
        "aside",
        "blockquote",
        "pre",
        "center",
        "dl",
        "dt",
        "dd",
        "figure",
        "figcaption",
        "address",
        "body",
        "html",
    ]
)
_SKIPPED = frozenset(["head", "script", "style", "noscript", "template", "title", "iframe", "svg"])
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Run:
    """A piece of inline text: its words, the link it belongs to (absolute URL) and boldness."""

    text: str
    href: str | None = None
    bold: bool = False


@dataclass(frozen=True)
class Control:
    """A form control: ``kind`` is an input type (``text``, ``checkbox``, ``submit``...),
    ``select`` or ``textarea``; ``form`` the index of its form (-1: none)."""

    index: int
    kind: str
    form: int
    name: str = ""
    value: str = ""
    label: str = ""
    html_id: str = ""
    placeholder: str = ""
    checked: bool = False
    options: tuple[tuple[str, str], ...] = ()
    """A select's (value, label) options."""


@dataclass(frozen=True)
class Form:
    """A form: where it submits to (absolute URL) and how (``GET`` or ``POST``)."""

    action: str
    method: str


@dataclass(frozen=True)
class Block:
    """One block of the page in reading order.

    ``kind``: ``text`` (``runs``, at ``size`` sp, after the list marker ``prefix``),
    ``image`` (``src`` absolute, ``alt``), ``rule``, ``row`` (a table row: ``cells`` of runs,
    ``header`` cells bold), ``control`` (``control``) or ``gap`` (space between blocks).
    """

    kind: str
    runs: tuple[Run, ...] = ()
    size: int = BODY_SIZE
    indent: int = 0
    prefix: str = ""
    html_id: str = ""
    src: str = ""
    alt: str = ""
    cells: tuple[tuple[Run, ...], ...] = ()
    header: bool = False
    control: Control | None = None


@dataclass(frozen=True)
class Document:
    """A parsed page: its title, blocks, forms and every control (hidden ones included)."""

    title: str
    url: str
    blocks: tuple[Block, ...]
    forms: tuple[Form, ...]
    controls: tuple[Control, ...]


def resolve(base: str, link: str) -> str:
    """``link`` made absolute against the page at ``base`` (kept as written when malformed:
    following it then shows the error page)."""
    try:
        return urljoin(base, link.strip())
    except ValueError:
        return link


def collapse(text: str) -> str:
    """``text`` with runs of white space made one space, as HTML shows it."""
    return _SPACE.sub(" ", text)


@dataclass
class _Reader:
    """The state of one walk over a page's elements."""

    url: str
    blocks: list[Block] = field(default_factory=list)
    forms: list[Form] = field(default_factory=list)
    controls: list[Control] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    lists: list[list[int | None]] = field(default_factory=list)
    """Open lists, innermost last: the next item number (None for a bulleted list)."""
    prefix: str = ""
    html_id: str = ""
    form: int = -1

    # blocks -------------------------------------------------------------------------------
    def flush(self, size: int = BODY_SIZE) -> None:
        """End the text being gathered as a block (nothing if it is only white space)."""
        runs = _trimmed(self.runs)
        self.runs = []
        if runs:
            indent = 16 * len(self.lists)
            self.blocks.append(Block("text", runs, size, indent, self.prefix, html_id=self.html_id))
            self.prefix = ""
            self.html_id = ""

    def gap(self) -> None:
        if self.blocks and self.blocks[-1].kind != "gap":
            self.blocks.append(Block("gap"))

    def add_control(self, control: Control, shown: bool = True) -> None:
        self.controls.append(control)
        if shown:
            self.flush()
            self.blocks.append(Block("control", control=control, indent=16 * len(self.lists)))

    def control(self, el: etree._Element, kind: str, **values: object) -> Control:
        return Control(
            index=len(self.controls),
            kind=kind,
            form=self.form,
            name=el.get("name", ""),
            html_id=el.get("id", ""),
            **values,  # type: ignore[arg-type]
        )

    # the walk -----------------------------------------------------------------------------
    def text(self, text: str | None, href: str | None, bold: bool) -> None:
        if text:
            self.runs.append(Run(collapse(text), href, bold))

    def walk(self, el: etree._Element, href: str | None = None, bold: bool = False) -> None:
        tag = el.tag if isinstance(el.tag, str) else ""
        if tag in _SKIPPED or not tag:
            return
        handler = _HANDLERS.get(tag)
        if handler is not None:
            handler(self, el, href, bold)
            return
        if tag in ("b", "strong", "th"):
            bold = True
        if tag == "a" and el.get("href"):
            href = resolve(self.url, el.get("href", ""))
        block = tag in _BLOCKS
        if block:
            self.flush()
            if el.get("id"):
                self.html_id = el.get("id", "")
        self.children(el, href, bold)
        if block:
            self.flush()
            if tag == "p" and not self.lists:
                self.gap()

    def children(self, el: etree._Element, href: str | None, bold: bool) -> None:
        self.text(el.text, href, bold)
        for child in el:
            self.walk(child, href, bold)
            self.text(child.tail, href, bold)


def _trimmed(runs: list[Run]) -> tuple[Run, ...]:
    """``runs`` without the white space at either end, empty runs dropped."""
    text = "".join(run.text for run in runs)
    if not text.strip():
        return ()
    out = [run for run in runs if run.text]
    first, last = out[0], out[-1]
    out[0] = Run(first.text.lstrip(), first.href, first.bold)
    out[-1] = Run(out[-1].text.rstrip(), last.href, last.bold)
    return tuple(run for run in out if run.text)


def _heading(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    reader.flush()
    reader.gap()
    reader.html_id = el.get("id", "")
    reader.children(el, href, True)
    reader.flush(HEADING_SIZES[el.tag])
    reader.gap()


def _break(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    reader.flush()


def _rule(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    reader.flush()
    reader.blocks.append(Block("rule"))


def _image(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    reader.flush()
    src = el.get("src", "")
    if src and not src.startswith(("data:", "/sdcard/", "/storage/")):
        src = resolve(reader.url, src)
    reader.blocks.append(
        Block("image", src=src, alt=collapse(el.get("alt", "")).strip(), html_id=el.get("id", ""))
    )


def _list(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    reader.flush()
    reader.lists.append([1 if el.tag == "ol" else None])
    reader.children(el, href, bold)
    reader.flush()
    reader.lists.pop()
    if not reader.lists:
        reader.gap()


def _item(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    reader.flush()
    counter = reader.lists[-1] if reader.lists else [None]
    if counter[0] is None:
        reader.prefix = "\u2022"
    else:
        reader.prefix = f"{counter[0]}."
        counter[0] += 1
    reader.html_id = el.get("id", "")
    reader.children(el, href, bold)
    reader.flush()


def _cell_runs(reader: _Reader, cell: etree._Element, bold: bool) -> tuple[Run, ...]:
    inner = _Reader(reader.url)
    inner.children(cell, None, bold or cell.tag == "th")
    return _trimmed(inner.runs)


def _table(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    reader.flush()
    reader.gap()
    caption = el.find("caption")
    if caption is not None:
        reader.children(caption, href, True)
        reader.flush()
    for row in el.iter("tr"):
        cells = [cell for cell in row if cell.tag in ("td", "th")]
        if not cells:
            continue
        header = all(cell.tag == "th" for cell in cells)
        reader.blocks.append(
            Block(
                "row",
                cells=tuple(_cell_runs(reader, cell, bold) for cell in cells),
                header=header,
                html_id=row.get("id", ""),
            )
        )
    reader.gap()


def _form(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    reader.flush()
    method = el.get("method", "get").upper()
    action = resolve(reader.url, el.get("action", "")) if el.get("action") else reader.url
    reader.forms.append(Form(action, "POST" if method == "POST" else "GET"))
    outer, reader.form = reader.form, len(reader.forms) - 1
    reader.children(el, href, bold)
    reader.flush()
    reader.form = outer
    reader.gap()


def _input(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    kind = el.get("type", "text").lower()
    value = el.get("value", "")
    if kind == "hidden":
        reader.add_control(reader.control(el, kind, value=value), shown=False)
    elif kind in ("checkbox", "radio"):
        label = _label_of(el) or value
        control = reader.control(
            el, kind, value=value or "on", label=label, checked=el.get("checked") is not None
        )
        reader.add_control(control)
    elif kind in ("submit", "button", "reset"):
        reader.add_control(reader.control(el, kind, value=value, label=value or "Submit"))
    else:
        kind = kind if kind in TEXT_INPUTS else "text"
        placeholder = el.get("placeholder", "") or el.get("aria-label", "")
        reader.add_control(reader.control(el, kind, value=value, placeholder=placeholder))


def _label_of(el: etree._Element) -> str:
    """The text of the label around a check box or radio button, if any."""
    for parent in el.iterancestors("label"):
        return collapse(parent.text_content()).strip()
    return ""


def _label(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    """A label holding a check box or radio button becomes the control's text alone."""
    choice = [i for i in el.iter("input") if i.get("type", "").lower() in ("checkbox", "radio")]
    if choice:
        for control in choice:
            _input(reader, control, href, bold)
        return
    reader.children(el, href, bold)


def _select(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    options, value = [], ""
    for option in el.iter("option"):
        label = collapse(option.text_content()).strip()
        options.append((option.get("value", label), label))
        if option.get("selected") is not None and not value:
            value = options[-1][0]
    value = value or (options[0][0] if options else "")
    reader.add_control(reader.control(el, "select", value=value, options=tuple(options)))


def _textarea(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    control = reader.control(
        el, "textarea", value=el.text or "", placeholder=el.get("placeholder", "")
    )
    reader.add_control(control)


def _button(reader: _Reader, el: etree._Element, href: str | None, bold: bool) -> None:
    kind = el.get("type", "submit").lower()
    label = collapse(el.text_content()).strip() or "Submit"
    reader.add_control(reader.control(el, kind, value=el.get("value", ""), label=label))


_HANDLERS = {
    **{tag: _heading for tag in HEADING_SIZES},
    "br": _break,
    "hr": _rule,
    "img": _image,
    "ul": _list,
    "ol": _list,
    "li": _item,
    "table": _table,
    "form": _form,
    "input": _input,
    "label": _label,
    "select": _select,
    "textarea": _textarea,
    "button": _button,
}


def parse(html: str, url: str) -> Document:
    """Read ``html``, the page at ``url``, into a ``Document``."""
    try:
        root = lxml.html.document_fromstring(html or "<html></html>")
    except (etree.ParserError, ValueError):
        root = lxml.html.document_fromstring("<html></html>")
    title_el = root.find(".//title")
    title = collapse(title_el.text_content()).strip() if title_el is not None else ""
    reader = _Reader(url)
    body = root.find("body")
    reader.walk(body if body is not None else root)
    reader.flush()
    blocks = reader.blocks
    while blocks and blocks[-1].kind == "gap":
        blocks.pop()
    return Document(title, url, tuple(blocks), tuple(reader.forms), tuple(reader.controls))


_DOCUMENTS: LRUCache[tuple[str, str], Document] = LRUCache(16)
"""Pages parsed lately, by (HTML, URL): a page is parsed once per load, not per build."""


def document(html: str, url: str) -> Document:
    """The parsed page ``html`` at ``url`` (parsed on first ask)."""
    return _DOCUMENTS.get((html, url), lambda key: parse(*key))
