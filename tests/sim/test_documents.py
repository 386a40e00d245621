"""Generated documents: every kind renders to a PDF whose text reads back with pypdf, the
same fields give the same bytes, wrong fields are refused with every problem named, and a
task's ``setup.documents`` places them on the simulated phone and, over ADB, on a device."""

from __future__ import annotations

import io

import numpy as np
import pypdf
import pytest

from mobile_gym.device.adb import AdbDevice
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.documents import DocumentError, check_fields, render_document
from mobile_gym.tasks.episode import Episode
from mobile_gym.tasks.schema import TaskFileError
from tests.device.conftest import QUICK, SERIAL
from tests.tasks.tasktools import make_env, spec

INVOICE = {
    "number": "INV-9",
    "date": "2025-09-01",
    "due_date": "2025-09-30",
    "seller": {"name": "Brightline Digital", "address": ["88 Market Street"]},
    "customer": {"name": "Global Enterprises", "email": "accounting@globalent.com"},
    "items": [
        {"description": "Consulting Services", "quantity": 250, "unit": "hours", "unit_price": 120},
        {"description": "3rd Party API", "quantity": 12, "unit": "months", "unit_price": 500},
    ],
    "tax_rate": 10,
    "terms": ["Late payment: 1.5% per 30 days."],
}
KINDS = {
    "invoice": INVOICE,
    "paper": {
        "title": "A Study of Things",
        "authors": ["Ada Lovelace", "Alan Turing"],
        "abstract": "We study things.",
        "sections": [
            {
                "heading": "Results",
                "text": "Scores follow.",
                "table": {"columns": ["Model", "Score"], "rows": [["A", 74.8], ["B", 72.9]]},
                "figure": {"caption": "Scores by model", "values": [74.8, 72.9]},
            }
        ],
        "contributors": [{"heading": "Core Contributors", "generate": 5}],
    },
    "ticket": {"event": "Train to Lyon", "date": "2025-11-07", "code": "TR12345", "price": 59},
    "menu": {
        "restaurant": "Casa Luna",
        "sections": [{"name": "Mains", "items": [{"name": "Paella", "price": 18.5}]}],
    },
    "text": {"title": "Jane Doe", "paragraphs": ["Ten years of mobile development."]},
}
EXPECTED = {
    "invoice": [
        "Consulting Services 250 hours $120.00 $30,000.00",
        "Subtotal $36,000.00",
        "Tax (10%) $3,600.00",
        "Total due $39,600.00",
    ],
    "paper": ["A Study of Things", "Ada Lovelace, Alan Turing", "1 Results", "B 72.9"],
    "ticket": ["Train to Lyon", "Booking code TR12345", "Price $59.00"],
    "menu": ["Casa Luna", "Paella .......... $18.50"],
    "text": ["Jane Doe", "Ten years of mobile development."],
}


def text_of(data: bytes) -> tuple[str, int]:
    """The PDF's text and how many pictures it holds."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    return "\n".join(p.extract_text() for p in reader.pages), sum(
        len(p.images) for p in reader.pages
    )


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_renders_text_that_reads_back(kind: str) -> None:
    data = render_document(kind, KINDS[kind])
    assert data.startswith(b"%PDF-")
    text, pictures = text_of(data)
    for line in EXPECTED[kind]:
        assert line in text, (kind, line)
    if kind != "text":
        assert pictures >= 1


def test_the_same_fields_give_the_same_bytes() -> None:
    first = render_document("invoice", INVOICE)
    render_document("invoice", {**INVOICE, "number": "INV-10"})
    assert render_document("invoice", dict(INVOICE)) == first
    assert render_document("invoice", {**INVOICE, "number": "INV-10"}) != first


def test_a_paper_of_the_arxiv_library_takes_its_title_and_abstract() -> None:
    text, _ = text_of(render_document("paper", {"arxiv": "2512.19432"}))
    assert "MobileWorld: Benchmarking Autonomous Mobile Agents" in text
    assert "Comparison with existing benchmarks" in text
    with pytest.raises(DocumentError, match=r"no paper '0000\.00000'"):
        render_document("paper", {"arxiv": "0000.00000"})


def test_a_table_can_show_its_first_rows_only() -> None:
    table = {"columns": ["Benchmark"], "rows": [["MMLU"], ["GPQA"], ["AIME"]], "rows_shown": 2}
    text, _ = text_of(
        render_document("paper", {"title": "T", "sections": [{"heading": "H", "table": table}]})
    )
    assert "GPQA" in text and "AIME" not in text


def test_text_outside_latin_letters_is_written_with_a_unicode_font() -> None:
    text, _ = text_of(render_document("text", {"paragraphs": ["Curriculum vitæ — Zoë Ωmega"]}))
    assert "Zoë Ωmega" in text


def test_chinese_text_is_written_with_the_cjk_font() -> None:
    text, _ = text_of(
        render_document("text", {"title": "简历", "paragraphs": ["张伟，软件工程师"]})
    )
    assert "简历" in text and "张伟，软件工程师" in text


@pytest.mark.parametrize(
    ("kind", "fields", "problem"),
    [
        ("receipt", {}, "unknown document kind 'receipt'"),
        ("invoice", {**INVOICE, "items": []}, "fields.items: List should have at least 1 item"),
        ("invoice", {**INVOICE, "color": "red"}, "fields.color: Extra inputs are not permitted"),
        ("ticket", {"event": "x", "date": "d"}, "fields.code: Field required"),
        ("paper", {"authors": ["A"]}, "a paper needs a title"),
        (
            "paper",
            {
                "title": "T",
                "sections": [{"heading": "H", "table": {"columns": ["a"], "rows": [[1, 2]]}}],
            },
            "row 0 has 2 cells for 1 columns",
        ),
    ],
)
def test_wrong_fields_are_refused_with_their_problem(kind: str, fields: dict, problem: str) -> None:
    with pytest.raises(DocumentError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        check_fields(kind, fields)


def documents_task(documents: list[dict]) -> dict:
    return {
        "parameters": {"hours": {"range": [10, 20]}},
        "setup": {"documents": documents},
    }


def test_setup_documents_are_written_with_parameters_filled_in() -> None:
    fields = {
        **INVOICE,
        "items": [{"description": "Work", "quantity": "{hours}", "unit_price": 100}],
    }
    env = make_env(
        **documents_task(
            [{"path": "/sdcard/Download/inv.pdf", "kind": "invoice", "fields": fields}]
        )
    )
    env.reset(seed=3)
    hours = env.episode.values["hours"]
    text, _ = text_of(env.device.read_file("/sdcard/Download/inv.pdf"))
    assert f"Work {hours} $100.00 ${hours * 100:,.2f}" in text
    env.close()


def test_setup_documents_with_unknown_kinds_or_fields_are_refused_at_load() -> None:
    with pytest.raises(TaskFileError, match="unknown document kind 'receipt'"):
        spec(**documents_task([{"path": "/sdcard/a.pdf", "kind": "receipt"}]))
    with pytest.raises(TaskFileError, match=r"has no fields \['colour'\]"):
        spec(
            **documents_task(
                [{"path": "/sdcard/a.pdf", "kind": "invoice", "fields": {"colour": 1}}]
            )
        )
    with pytest.raises(TaskFileError, match=r"setup\.documents\.0\.path"):
        spec(**documents_task([{"path": "relative.pdf", "kind": "text"}]))


def test_setup_documents_with_bad_values_are_refused_when_filled_in() -> None:
    fields = {
        **INVOICE,
        "items": [{"description": "Work", "quantity": "many {hours}", "unit_price": 1}],
    }
    env = make_env(
        **documents_task([{"path": "/sdcard/a.pdf", "kind": "invoice", "fields": fields}])
    )
    with pytest.raises(TaskFileError, match=r"documents\.0.*fields\.items\.0\.quantity"):
        env.reset(seed=0)
    env.close()


def test_a_device_gets_the_document_pushed_over_adb() -> None:
    task = spec(
        **documents_task(
            [{"path": "/sdcard/Download/cv.pdf", "kind": "text", "fields": KINDS["text"]}]
        )
    )
    with AdbServer(devices=1, seed=0) as server:
        device = AdbDevice(SERIAL, port=server.port, retry=QUICK)
        try:
            Episode(task, device, np.random.default_rng(0))
            pushed = server.phone(SERIAL).read_file("/sdcard/Download/cv.pdf")
        finally:
            device.close()
    assert pushed == render_document("text", KINDS["text"])
