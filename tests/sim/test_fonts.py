"""The phone's fonts: every character an app or a task shows is drawn as a real glyph (never
the missing-glyph box), weights are real, one line box serves the whole fallback chain, CJK
text wraps, and the same text gives the same pixels in any process."""

from __future__ import annotations

import ast
import hashlib
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from mobile_gym.sim.ui.fonts import (
    BOLD,
    MEDIUM,
    REGULAR,
    Face,
    chain,
    face,
    font_index,
    invisible,
)

ROOT = Path(__file__).resolve().parents[2]
LATIN = "é ñ Ü – — ß ø Æ ë ï ö ä ç Ł"
MATH = "× ÷ √ − ± ≤ ≥ ≠ ∞ π ° ½"
SYMBOLS = "★ ☆ ✓ ✔ • … ← → ↑ ↓ ♥ ⚙ ▶ ▲ ▼ ● ○ ■ □ € £ ¥ © ® ™ ‰ №"
CHINESE = ["设置", "联系人", "日历", "明天上午九点", "提醒我开会，好吗？"]
NO_GLYPH = "\U0010fffd"
"""A private-use character no font of the chain has: it draws the missing-glyph box."""


def _visible(text: str) -> list[str]:
    return [c for c in dict.fromkeys(text) if not c.isspace()]


def _notdef(index: int, size_px: int, weight: int) -> np.ndarray:
    """The missing-glyph box of font ``index`` of the chain, cropped to its ink."""
    font = chain()[index].load(size_px, weight)
    left, top, right, bottom = font.getbbox(NO_GLYPH, anchor="ls")
    image = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(image).text((-left, -top), NO_GLYPH, font=font, fill=255, anchor="ls")
    return np.asarray(image)


def assert_real_glyphs(text: str, size_px: int = 42, weight: int = REGULAR) -> None:
    """Each visible character of ``text`` is in a font's cmap and draws ink that is not the
    missing-glyph box of that font."""
    f = Face(size_px, weight)
    for char in _visible(text):
        index = font_index(char)
        assert index is not None, f"no font has {char!r} (U+{ord(char):04X})"
        glyph = f.glyph(char)
        assert glyph.mask.any(), f"{char!r} draws nothing"
        notdef = _notdef(index, f.size_px, weight)
        assert glyph.mask.shape != notdef.shape or not np.array_equal(glyph.mask, notdef), (
            f"{char!r} (U+{ord(char):04X}) draws the missing-glyph box"
        )


def test_the_missing_glyph_check_catches_the_box() -> None:
    assert font_index(NO_GLYPH) is None
    with pytest.raises(AssertionError, match="no font has"):
        assert_real_glyphs(NO_GLYPH)
    notdef = _notdef(0, 42, REGULAR)
    assert np.array_equal(Face(42).glyph(NO_GLYPH).mask, notdef)


@pytest.mark.parametrize("weight", [REGULAR, BOLD])
@pytest.mark.parametrize("size_px", [10, 42])
@pytest.mark.parametrize("text", [LATIN, MATH, SYMBOLS, *CHINESE], ids=str)
def test_characters_draw_real_glyphs(text: str, size_px: int, weight: int) -> None:
    assert_real_glyphs(text, size_px, weight)


def test_latin_and_math_come_from_roboto_and_chinese_from_noto_cjk() -> None:
    assert chain()[0].path.name.startswith("Roboto")
    assert {font_index(c) for c in _visible(LATIN + "×÷√−")} == {0}
    cjk = {font_index(c) for c in _visible("".join(CHINESE)) if ord(c) > 0x3000}
    assert len(cjk) == 1
    assert "CJK" in chain()[cjk.pop()].path.name


def _shown_strings() -> set[str]:
    """String literals of the simulator's code (apps, system UI, widgets) and the text of the
    task configs: what a screen can show."""
    found: set[str] = set()
    for path in (ROOT / "mobile_gym" / "sim").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    for path in (ROOT / "configs").rglob("*.yaml"):
        found.add(path.read_text(encoding="utf-8"))
    return found


def test_every_character_the_apps_and_tasks_show_has_a_glyph() -> None:
    chars = {
        c
        for s in _shown_strings()
        for c in s
        if ord(c) > 0x7E and c.isprintable() and not invisible(c)  # joiners, selectors
    }
    assert "×" in chars and "√" in chars  # the calculator's signs are among them
    assert_real_glyphs("".join(sorted(chars)))


def test_joiners_and_variation_selectors_take_no_room() -> None:
    f = face(42)
    for char in "\u200d\ufe0f\u200b\u2060":
        glyph = f.glyph(char)
        assert glyph.advance == 0 and glyph.mask.size == 0
    assert f.measure("a\u200db") == f.measure("ab")


def _ink(mask: np.ndarray) -> int:
    return int(mask.astype(np.int64).sum())


@pytest.mark.parametrize("text", ["09:30", "Contacts", "设置"])
def test_weights_are_real_faces(text: str) -> None:
    regular, medium, bold = (face(42, weight=w).mask(text) for w in (REGULAR, MEDIUM, BOLD))
    assert _ink(regular) < _ink(medium) < _ink(bold)
    assert face(42, True) is face(42, weight=BOLD)
    assert face(42) is face(42, False, REGULAR)


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size_px", [8, 10, 28, 42, 64])
def test_one_line_box_for_the_whole_chain(size_px: int, bold: bool) -> None:
    f = face(size_px, bold)
    text = "Ag 设置 × ★ → é"
    assert f.mask(text).shape[0] == f.line_height
    assert 0 < f.ascent < f.line_height
    for char in _visible(text):
        glyph = f.glyph(char)
        h = glyph.mask.shape[0]
        assert glyph.top >= 0 and glyph.top + h <= f.line_height, char  # nothing is cut off


def test_cjk_sits_on_the_latin_baseline() -> None:
    f = face(42)
    base = f.glyph("H").top + f.glyph("H").mask.shape[0]  # H ends on the baseline
    bottom = f.glyph("上").top + f.glyph("上").mask.shape[0]
    assert abs(bottom - base) <= 0.15 * f.size_px  # ideographs dip a little below it


def test_chinese_wraps_between_characters() -> None:
    f = face(42)
    text = "明天上午九点提醒我给张三打电话，然后去超市买牛奶和面包。"
    width = f.measure("明天上午九点") + 1
    lines = f.wrap(text, width, 10)
    assert len(lines) > 3
    assert "".join(lines) == text  # no character lost, no ellipsis
    assert all(f.measure(line) <= width for line in lines)
    assert not any(line[0] in "，。" for line in lines)  # punctuation stays with its text


def test_mixed_latin_and_chinese_wrap_at_spaces_and_characters() -> None:
    f = face(42)
    lines = f.wrap("Call 张三 at 9 明天上午", f.measure("Call 张三 at"), 5)
    assert lines[0] == "Call 张三 at"
    assert "".join(lines).replace(" ", "") == "Call张三at9明天上午"


def test_latin_wraps_at_spaces_and_breaks_only_words_too_long_for_a_line() -> None:
    f = face(42)
    width = f.measure("tomorrow at nine")
    assert f.wrap("Remind me tomorrow at nine", width, 5) == ["Remind me", "tomorrow at nine"]
    word = "supercalifragilisticexpialidocious"
    lines = f.wrap(f"call {word} now", width, 5)
    assert lines[0] == "call" and lines[-1] == "now"
    assert len(lines) > 3 and "".join(lines[1:-1]) == word  # it starts a line and fills it
    assert all(f.measure(line) <= width for line in lines)


def test_wrap_keeps_to_max_lines_with_an_ellipsis() -> None:
    f = face(42)
    lines = f.wrap("设置" * 40, f.measure("设置设置"), 2)
    assert len(lines) == 2 and lines[-1].endswith("…")


def _greedy_lines(f: Face, text: str, max_width: float, max_lines: int) -> list[str]:
    """The line breaking ``Face.wrap`` must give, each candidate line measured whole: a
    piece joins the line when the whole line with it still fits."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for separator, piece in f._pieces(paragraph, max_width):
            candidate = piece if not current else current + separator + piece
            if current and f.measure(candidate) > max_width:
                lines.append(current)
                current = piece
            else:
                current = candidate
            if len(lines) > max_lines:
                break
        lines.append(current)
        if len(lines) > max_lines:
            break
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = f.fit(lines[-1] + "…", max_width)
    return [f.fit(line, max_width) for line in lines]


def test_wrap_adds_up_line_widths_to_the_lines_measured_whole() -> None:
    rng = random.Random(7)
    words = [
        *("the", "a", "of", "to", "and", "in", "is", "it", "you", "call", "me", "at", "nine"),
        "tomorrow",
        "supercalifragilisticexpialidocious",
        "well-known",
        "(maybe)",
        "end.",
        "",
        *CHINESE,
        "明天上午九点提醒我给张三打电话，然后去超市买牛奶和面包。",
        "Ünïcödé",
        "×÷√",
    ]
    for size_px, weight in ((9, REGULAR), (42, REGULAR), (42, BOLD)):
        f = Face(size_px, weight)
        for _ in range(150):
            text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 40)))
            if rng.random() < 0.3:
                text = text.replace(" ", "\n", rng.randint(1, 3))
            width = rng.uniform(0.5, 30) * size_px
            max_lines = rng.randint(1, 12)
            wrapped = f.wrapped(text, width, max_lines)
            assert [line for line, _ in wrapped] == _greedy_lines(f, text, width, max_lines), (
                text,
                width,
                max_lines,
            )
            # the widths added up piece by piece are those of the lines measured whole
            assert [w for _, w in wrapped] == [f.measure(line) for line, _ in wrapped]
            assert f.fitted(text, width) == (f.fit(text, width), f.measure(f.fit(text, width)))


DIGEST = """
import hashlib, sys
from mobile_gym.sim.ui.fonts import Face
h = hashlib.sha256()
for size, weight in ((9, 400), (42, 400), (42, 700)):
    h.update(Face(size, weight).mask(sys.argv[1]).tobytes())
print(h.hexdigest())
"""
SAMPLE = "Héllo 09:30 × ÷ √ 设置 联系人 ★ ✓ → ⚙"


def test_same_text_same_pixels_in_a_fresh_process() -> None:
    h = hashlib.sha256()
    for size, weight in ((9, REGULAR), (42, REGULAR), (42, BOLD)):
        h.update(Face(size, weight).mask(SAMPLE).tobytes())
    out = subprocess.run(
        [sys.executable, "-c", DIGEST, SAMPLE], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == h.hexdigest()


def test_ink_right_is_where_the_drawn_string_s_ink_ends() -> None:
    rng = random.Random(11)
    # with glyphs whose ink runs past their advance (ï ſ Ƈ Ư: the mask's right edge cuts
    # it) or lies wholly left of the pen (combining marks, which a string may start with)
    chars = "fjTyWAV.,'|_ijlïſƇƯ" + "".join(CHINESE) + "é ñ Ü ß ★ ✓ → ⚙ 😀 \u0300\u0301\u20dd\u200d"
    for size_px, weight in ((5, REGULAR), (9, BOLD), (13, REGULAR), (42, REGULAR), (42, BOLD)):
        f = Face(size_px, weight)
        for _ in range(300):
            text = "".join(rng.choice(chars) for _ in range(rng.randint(0, 12)))
            columns = np.flatnonzero(f.mask(text).any(axis=0))
            assert f.ink_right(text) == (int(columns[-1]) + 1 if columns.size else 0), text
