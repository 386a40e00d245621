"""Material-style icons drawn as simple vector shapes, addressed by name."""

from __future__ import annotations

import math
from collections.abc import Callable

from mobile_gym.geometry import Rect
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.theme import Color

Painter = Callable[[Canvas, float, float, float, Color], None]
"""Draws an icon centred at (cx, cy) with half-size h."""

_PAINTERS: dict[str, Painter] = {}


def _icon(name: str) -> Callable[[Painter], Painter]:
    def register(painter: Painter) -> Painter:
        _PAINTERS[name] = painter
        return painter

    return register


def _w(h: float) -> int:
    return max(2, round(h / 6))


@_icon("back")
def _back(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line([(x + h * 0.7, y), (x - h * 0.7, y)], col, _w(h))
    c.line([(x - h * 0.1, y - h * 0.6), (x - h * 0.7, y), (x - h * 0.1, y + h * 0.6)], col, _w(h))


@_icon("forward")
def _forward(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line([(x - h * 0.3, y - h * 0.6), (x + h * 0.3, y), (x - h * 0.3, y + h * 0.6)], col, _w(h))


@_icon("expand_more")
def _expand_more(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line([(x - h * 0.6, y - h * 0.3), (x, y + h * 0.3), (x + h * 0.6, y - h * 0.3)], col, _w(h))


@_icon("expand_less")
def _expand_less(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line([(x - h * 0.6, y + h * 0.3), (x, y - h * 0.3), (x + h * 0.6, y + h * 0.3)], col, _w(h))


@_icon("triangle_back")
def _triangle_back(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line(
        [(x + h * 0.5, y - h * 0.6), (x - h * 0.5, y), (x + h * 0.5, y + h * 0.6)], col, _w(h), True
    )


@_icon("home")
def _home(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x, y, h * 0.6, col, _w(h))


@_icon("house")
def _house(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line(
        [
            (x - h * 0.55, y - h * 0.05),
            (x - h * 0.55, y + h * 0.7),
            (x + h * 0.55, y + h * 0.7),
            (x + h * 0.55, y - h * 0.05),
        ],
        col,
        _w(h),
    )
    c.line([(x - h * 0.8, y + h * 0.1), (x, y - h * 0.7), (x + h * 0.8, y + h * 0.1)], col, _w(h))


@_icon("recents")
def _recents(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.frame(
        Rect(round(x - h * 0.55), round(y - h * 0.55), round(x + h * 0.55), round(y + h * 0.55)),
        col,
        _w(h),
    )


@_icon("add")
def _add(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line([(x - h * 0.7, y), (x + h * 0.7, y)], col, _w(h))
    c.line([(x, y - h * 0.7), (x, y + h * 0.7)], col, _w(h))


@_icon("close")
def _close(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    d = h * 0.55
    c.line([(x - d, y - d), (x + d, y + d)], col, _w(h))
    c.line([(x - d, y + d), (x + d, y - d)], col, _w(h))


@_icon("check")
def _check(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line([(x - h * 0.7, y), (x - h * 0.2, y + h * 0.5), (x + h * 0.7, y - h * 0.5)], col, _w(h))


@_icon("search")
def _search(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x - h * 0.15, y - h * 0.15, h * 0.45, col, _w(h))
    c.line([(x + h * 0.2, y + h * 0.2), (x + h * 0.7, y + h * 0.7)], col, _w(h))


@_icon("delete")
def _delete(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.rect(
        Rect(round(x - h * 0.45), round(y - h * 0.4), round(x + h * 0.45), round(y + h * 0.75)),
        col,
        2,
    )
    c.rect(
        Rect(round(x - h * 0.7), round(y - h * 0.65), round(x + h * 0.7), round(y - h * 0.5)), col
    )


@_icon("edit")
def _edit(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line([(x - h * 0.6, y + h * 0.6), (x + h * 0.5, y - h * 0.5)], col, max(3, round(h / 3)))
    c.polygon(
        [(x - h * 0.75, y + h * 0.75), (x - h * 0.7, y + h * 0.4), (x - h * 0.4, y + h * 0.7)], col
    )


@_icon("more")
def _more(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for dy in (-0.55, 0.0, 0.55):
        c.circle(x, y + dy * h, h * 0.13, col)


@_icon("menu")
def _menu(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for dy in (-0.5, 0.0, 0.5):
        c.line([(x - h * 0.7, y + dy * h), (x + h * 0.7, y + dy * h)], col, _w(h))


@_icon("person")
def _person(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x, y - h * 0.3, h * 0.32, col)
    c.polygon(
        [
            (x - h * 0.7, y + h * 0.75),
            (x - h * 0.45, y + h * 0.15),
            (x + h * 0.45, y + h * 0.15),
            (x + h * 0.7, y + h * 0.75),
        ],
        col,
    )


@_icon("note")
def _note(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.frame(
        Rect(round(x - h * 0.55), round(y - h * 0.7), round(x + h * 0.55), round(y + h * 0.7)),
        col,
        _w(h),
    )
    for dy in (-0.3, 0.0, 0.3):
        c.line([(x - h * 0.3, y + dy * h), (x + h * 0.3, y + dy * h)], col, max(1, _w(h) // 2))


@_icon("settings")
def _settings(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for i in range(8):
        a = i * math.pi / 4
        c.line(
            [(x, y), (x + math.cos(a) * h * 0.75, y + math.sin(a) * h * 0.75)],
            col,
            max(3, round(h / 4)),
        )
    c.circle(x, y, h * 0.5, col)


@_icon("wifi")
def _wifi(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.polygon(
        [
            (x, y + h * 0.7),
            (x - h * 0.85, y - h * 0.3),
            (x - h * 0.3, y - h * 0.6),
            (x + h * 0.3, y - h * 0.6),
            (x + h * 0.85, y - h * 0.3),
        ],
        col,
    )


@_icon("bluetooth")
def _bluetooth(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    pts = [
        (x - h * 0.45, y - h * 0.35),
        (x + h * 0.4, y + h * 0.4),
        (x, y + h * 0.75),
        (x, y - h * 0.75),
        (x + h * 0.4, y - h * 0.4),
        (x - h * 0.45, y + h * 0.35),
    ]
    c.line(pts, col, _w(h))


@_icon("airplane")
def _airplane(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line([(x, y - h * 0.8), (x, y + h * 0.6)], col, max(3, round(h / 4)))
    c.polygon([(x, y - h * 0.2), (x + h * 0.8, y + h * 0.2), (x - h * 0.8, y + h * 0.2)], col)
    c.polygon([(x, y + h * 0.4), (x + h * 0.35, y + h * 0.7), (x - h * 0.35, y + h * 0.7)], col)


@_icon("battery")
def _battery(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.frame(
        Rect(round(x - h * 0.4), round(y - h * 0.7), round(x + h * 0.4), round(y + h * 0.8)),
        col,
        _w(h),
    )
    c.rect(
        Rect(round(x - h * 0.15), round(y - h * 0.85), round(x + h * 0.15), round(y - h * 0.7)), col
    )


@_icon("moon")
def _moon(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x, y, h * 0.65, col, _w(h))
    c.circle(x + h * 0.3, y - h * 0.25, h * 0.4, col)


@_icon("brightness")
def _brightness(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x, y, h * 0.35, col)
    for i in range(8):
        a = i * math.pi / 4
        c.line(
            [
                (x + math.cos(a) * h * 0.55, y + math.sin(a) * h * 0.55),
                (x + math.cos(a) * h * 0.8, y + math.sin(a) * h * 0.8),
            ],
            col,
            _w(h),
        )


@_icon("info")
def _info(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x, y, h * 0.75, col, _w(h))
    c.line([(x, y - h * 0.1), (x, y + h * 0.4)], col, _w(h))
    c.circle(x, y - h * 0.35, h * 0.08, col)


@_icon("phone")
def _phone(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line(
        [
            (x - h * 0.5, y - h * 0.6),
            (x - h * 0.6, y - h * 0.1),
            (x + h * 0.1, y + h * 0.6),
            (x + h * 0.6, y + h * 0.5),
        ],
        col,
        max(3, round(h / 3)),
    )


@_icon("email")
def _email(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.frame(
        Rect(round(x - h * 0.75), round(y - h * 0.5), round(x + h * 0.75), round(y + h * 0.5)),
        col,
        _w(h),
    )
    c.line([(x - h * 0.75, y - h * 0.5), (x, y + h * 0.1), (x + h * 0.75, y - h * 0.5)], col, _w(h))


@_icon("apps")
def _apps(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for dx in (-0.5, 0.0, 0.5):
        for dy in (-0.5, 0.0, 0.5):
            c.circle(x + dx * h, y + dy * h, h * 0.13, col)


@_icon("backspace")
def _backspace(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line(
        [
            (x - h * 0.8, y),
            (x - h * 0.35, y - h * 0.5),
            (x + h * 0.8, y - h * 0.5),
            (x + h * 0.8, y + h * 0.5),
            (x - h * 0.35, y + h * 0.5),
        ],
        col,
        _w(h),
        True,
    )
    _close(c, x + h * 0.2, y, h * 0.45, col)


@_icon("shift")
def _shift(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line(
        [
            (x, y - h * 0.7),
            (x + h * 0.7, y),
            (x + h * 0.3, y),
            (x + h * 0.3, y + h * 0.6),
            (x - h * 0.3, y + h * 0.6),
            (x - h * 0.3, y),
            (x - h * 0.7, y),
        ],
        col,
        _w(h),
        True,
    )


@_icon("enter")
def _enter(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line(
        [(x + h * 0.6, y - h * 0.6), (x + h * 0.6, y + h * 0.2), (x - h * 0.6, y + h * 0.2)],
        col,
        _w(h),
    )
    c.line(
        [(x - h * 0.2, y - h * 0.2), (x - h * 0.6, y + h * 0.2), (x - h * 0.2, y + h * 0.6)],
        col,
        _w(h),
    )


@_icon("star")
def _star(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    pts = []
    for i in range(10):
        r = h * (0.8 if i % 2 == 0 else 0.35)
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((x + math.cos(a) * r, y + math.sin(a) * r))
    c.polygon(pts, col)


@_icon("message")
def _message(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.rect(
        Rect(round(x - h * 0.75), round(y - h * 0.65), round(x + h * 0.75), round(y + h * 0.4)),
        col,
        round(h * 0.2),
    )
    c.polygon(
        [(x - h * 0.5, y + h * 0.3), (x - h * 0.5, y + h * 0.8), (x - h * 0.05, y + h * 0.3)], col
    )


@_icon("send")
def _send(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.polygon(
        [
            (x - h * 0.7, y - h * 0.7),
            (x + h * 0.8, y),
            (x - h * 0.7, y + h * 0.7),
            (x - h * 0.45, y),
        ],
        col,
    )


@_icon("lock")
def _lock(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x, y - h * 0.25, h * 0.38, col, _w(h))
    c.rect(
        Rect(round(x - h * 0.6), round(y - h * 0.15), round(x + h * 0.6), round(y + h * 0.75)),
        col,
        round(h * 0.1),
    )


@_icon("people")
def _people(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for dx, scale in ((-0.35, 0.8), (0.35, 0.8)):
        _person(c, x + dx * h, y + h * 0.1, h * scale * 0.75, col)


@_icon("archive")
def _archive(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.rect(
        Rect(round(x - h * 0.75), round(y - h * 0.7), round(x + h * 0.75), round(y - h * 0.35)), col
    )
    c.frame(
        Rect(round(x - h * 0.6), round(y - h * 0.35), round(x + h * 0.6), round(y + h * 0.7)),
        col,
        _w(h),
    )
    c.line([(x - h * 0.25, y), (x + h * 0.25, y)], col, _w(h))


@_icon("checklist")
def _checklist(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for dy in (-0.5, 0.0, 0.5):
        c.line(
            [
                (x - h * 0.75, y + dy * h),
                (x - h * 0.55, y + (dy + 0.15) * h),
                (x - h * 0.3, y + (dy - 0.2) * h),
            ],
            col,
            _w(h),
        )
        c.line([(x - h * 0.05, y + dy * h), (x + h * 0.75, y + dy * h)], col, _w(h))


@_icon("folder")
def _folder(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.polygon(
        [
            (x - h * 0.8, y - h * 0.6),
            (x - h * 0.25, y - h * 0.6),
            (x - h * 0.1, y - h * 0.42),
            (x + h * 0.8, y - h * 0.42),
            (x + h * 0.8, y + h * 0.62),
            (x - h * 0.8, y + h * 0.62),
        ],
        col,
    )


@_icon("file")
def _file(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    fold = h * 0.35
    outline = [
        (x - h * 0.55, y - h * 0.75),
        (x + h * 0.55 - fold, y - h * 0.75),
        (x + h * 0.55, y - h * 0.75 + fold),
        (x + h * 0.55, y + h * 0.75),
        (x - h * 0.55, y + h * 0.75),
    ]
    c.line(outline, col, _w(h), True)
    c.line(
        [
            (x + h * 0.55 - fold, y - h * 0.75),
            (x + h * 0.55 - fold, y - h * 0.75 + fold),
            (x + h * 0.55, y - h * 0.75 + fold),
        ],
        col,
        _w(h),
    )


@_icon("image")
def _image(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.frame(
        Rect(round(x - h * 0.75), round(y - h * 0.65), round(x + h * 0.75), round(y + h * 0.65)),
        col,
        _w(h),
    )
    c.polygon(
        [(x - h * 0.6, y + h * 0.5), (x - h * 0.15, y - h * 0.15), (x + h * 0.25, y + h * 0.5)], col
    )
    c.circle(x + h * 0.35, y - h * 0.25, h * 0.14, col)


@_icon("music")
def _music(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x - h * 0.3, y + h * 0.45, h * 0.28, col)
    c.line(
        [(x - h * 0.05, y + h * 0.45), (x - h * 0.05, y - h * 0.75), (x + h * 0.55, y - h * 0.5)],
        col,
        _w(h),
    )


@_icon("play")
def _play(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.polygon([(x - h * 0.45, y - h * 0.7), (x + h * 0.65, y), (x - h * 0.45, y + h * 0.7)], col)


@_icon("pause")
def _pause(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for dx in (-0.35, 0.35):
        c.rect(
            Rect(
                round(x + (dx - 0.15) * h),
                round(y - h * 0.65),
                round(x + (dx + 0.15) * h),
                round(y + h * 0.65),
            ),
            col,
        )


@_icon("skip_next")
def _skip_next(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.polygon([(x - h * 0.6, y - h * 0.6), (x + h * 0.3, y), (x - h * 0.6, y + h * 0.6)], col)
    c.rect(
        Rect(round(x + h * 0.35), round(y - h * 0.6), round(x + h * 0.6), round(y + h * 0.6)), col
    )


@_icon("skip_previous")
def _skip_previous(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.polygon([(x + h * 0.6, y - h * 0.6), (x - h * 0.3, y), (x + h * 0.6, y + h * 0.6)], col)
    c.rect(
        Rect(round(x - h * 0.6), round(y - h * 0.6), round(x - h * 0.35), round(y + h * 0.6)), col
    )


@_icon("shuffle")
def _shuffle(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line(
        [
            (x - h * 0.75, y - h * 0.5),
            (x - h * 0.2, y - h * 0.5),
            (x + h * 0.3, y + h * 0.5),
            (x + h * 0.75, y + h * 0.5),
        ],
        col,
        _w(h),
    )
    c.line(
        [
            (x - h * 0.75, y + h * 0.5),
            (x - h * 0.2, y + h * 0.5),
            (x + h * 0.3, y - h * 0.5),
            (x + h * 0.75, y - h * 0.5),
        ],
        col,
        _w(h),
    )
    for dy in (-0.5, 0.5):
        c.polygon(
            [
                (x + h * 0.85, y + dy * h),
                (x + h * 0.55, y + (dy - 0.22) * h),
                (x + h * 0.55, y + (dy + 0.22) * h),
            ],
            col,
        )


@_icon("repeat")
def _repeat(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line(
        [(x - h * 0.7, y + h * 0.1), (x - h * 0.7, y - h * 0.4), (x + h * 0.55, y - h * 0.4)],
        col,
        _w(h),
    )
    c.line(
        [(x + h * 0.7, y - h * 0.1), (x + h * 0.7, y + h * 0.4), (x - h * 0.55, y + h * 0.4)],
        col,
        _w(h),
    )
    c.polygon(
        [(x + h * 0.8, y - h * 0.4), (x + h * 0.45, y - h * 0.65), (x + h * 0.45, y - h * 0.15)],
        col,
    )
    c.polygon(
        [(x - h * 0.8, y + h * 0.4), (x - h * 0.45, y + h * 0.15), (x - h * 0.45, y + h * 0.65)],
        col,
    )


@_icon("playlist")
def _playlist(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for dy, right in ((-0.55, 0.6), (-0.15, 0.6), (0.25, 0.05)):
        c.line([(x - h * 0.75, y + dy * h), (x + right * h, y + dy * h)], col, _w(h))
    c.polygon(
        [(x + h * 0.25, y + h * 0.05), (x + h * 0.8, y + h * 0.4), (x + h * 0.25, y + h * 0.75)],
        col,
    )


@_icon("album")
def _album(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x, y, h * 0.75, col, _w(h))
    c.circle(x, y, h * 0.18, col)


@_icon("select_all")
def _select_all(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.frame(
        Rect(round(x - h * 0.75), round(y - h * 0.75), round(x + h * 0.75), round(y + h * 0.75)),
        col,
        max(1, _w(h) // 2),
    )
    c.line([(x - h * 0.4, y), (x - h * 0.1, y + h * 0.3), (x + h * 0.45, y - h * 0.3)], col, _w(h))


@_icon("copy")
def _copy(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.frame(
        Rect(round(x - h * 0.3), round(y - h * 0.45), round(x + h * 0.7), round(y + h * 0.75)),
        col,
        _w(h),
    )
    c.line(
        [(x - h * 0.7, y + h * 0.45), (x - h * 0.7, y - h * 0.75), (x + h * 0.3, y - h * 0.75)],
        col,
        _w(h),
    )


@_icon("calculator")
def _calculator(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.frame(
        Rect(round(x - h * 0.65), round(y - h * 0.8), round(x + h * 0.65), round(y + h * 0.8)),
        col,
        _w(h),
        round(h * 0.15),
    )
    c.rect(
        Rect(round(x - h * 0.4), round(y - h * 0.55), round(x + h * 0.4), round(y - h * 0.25)), col
    )
    for dx in (-0.3, 0.0, 0.3):
        for dy in (0.05, 0.35):
            c.circle(x + dx * h, y + dy * h + h * 0.1, h * 0.09, col)


@_icon("mic")
def _mic(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.rect(
        Rect(round(x - h * 0.28), round(y - h * 0.8), round(x + h * 0.28), round(y + h * 0.2)),
        col,
        round(h * 0.28),
    )
    c.line([(x - h * 0.55, y - h * 0.1), (x - h * 0.5, y + h * 0.2), (x, y + h * 0.5)], col, _w(h))
    c.line([(x + h * 0.55, y - h * 0.1), (x + h * 0.5, y + h * 0.2), (x, y + h * 0.5)], col, _w(h))
    c.line([(x, y + h * 0.5), (x, y + h * 0.8)], col, _w(h))


@_icon("stop")
def _stop(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.rect(
        Rect(round(x - h * 0.55), round(y - h * 0.55), round(x + h * 0.55), round(y + h * 0.55)),
        col,
        round(h * 0.08),
    )


@_icon("calendar")
def _calendar(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.frame(
        Rect(round(x - h * 0.7), round(y - h * 0.55), round(x + h * 0.7), round(y + h * 0.75)),
        col,
        _w(h),
    )
    c.rect(
        Rect(round(x - h * 0.7), round(y - h * 0.55), round(x + h * 0.7), round(y - h * 0.2)), col
    )
    for dx in (-0.35, 0.35):
        c.line([(x + dx * h, y - h * 0.8), (x + dx * h, y - h * 0.45)], col, _w(h))
    c.rect(
        Rect(round(x + h * 0.1), round(y + h * 0.15), round(x + h * 0.45), round(y + h * 0.5)), col
    )


@_icon("restore")
def _restore(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    arc = [
        (x + math.cos(a) * h * 0.6, y + math.sin(a) * h * 0.6)
        for a in (math.pi * (0.75 + i / 8) for i in range(13))
    ]
    c.line(arc, col, _w(h))
    tip = arc[0]
    c.polygon(
        [(tip[0] - h * 0.35, tip[1]), (tip[0] + h * 0.2, tip[1]), (tip[0], tip[1] - h * 0.4)], col
    )
    c.line([(x, y - h * 0.3), (x, y), (x + h * 0.25, y + h * 0.2)], col, max(1, _w(h) // 2))


@_icon("reply")
def _reply(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.polygon(
        [(x - h * 0.8, y - h * 0.2), (x - h * 0.1, y - h * 0.75), (x - h * 0.1, y + h * 0.35)], col
    )
    c.line(
        [(x - h * 0.2, y - h * 0.2), (x + h * 0.4, y - h * 0.1), (x + h * 0.7, y + h * 0.6)],
        col,
        _w(h),
    )


@_icon("bookmark")
def _bookmark(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.polygon(
        [
            (x - h * 0.5, y - h * 0.8),
            (x + h * 0.5, y - h * 0.8),
            (x + h * 0.5, y + h * 0.8),
            (x, y + h * 0.35),
            (x - h * 0.5, y + h * 0.8),
        ],
        col,
    )


@_icon("bell")
def _bell(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.polygon(
        [
            (x - h * 0.5, y + h * 0.4),
            (x - h * 0.45, y - h * 0.3),
            (x, y - h * 0.7),
            (x + h * 0.45, y - h * 0.3),
            (x + h * 0.5, y + h * 0.4),
            (x + h * 0.75, y + h * 0.55),
            (x - h * 0.75, y + h * 0.55),
        ],
        col,
    )
    c.circle(x, y + h * 0.75, h * 0.18, col)


@_icon("download")
def _download(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line([(x, y - h * 0.75), (x, y + h * 0.25)], col, _w(h))
    c.line(
        [(x - h * 0.45, y - h * 0.15), (x, y + h * 0.3), (x + h * 0.45, y - h * 0.15)], col, _w(h)
    )
    c.line([(x - h * 0.7, y + h * 0.7), (x + h * 0.7, y + h * 0.7)], col, _w(h))


@_icon("attach")
def _attach(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line(
        [
            (x + h * 0.3, y - h * 0.3),
            (x + h * 0.3, y + h * 0.5),
            (x, y + h * 0.8),
            (x - h * 0.3, y + h * 0.5),
            (x - h * 0.3, y - h * 0.6),
            (x - h * 0.1, y - h * 0.8),
            (x + h * 0.1, y - h * 0.6),
            (x + h * 0.1, y + h * 0.3),
        ],
        col,
        max(1, _w(h) // 2 + 1),
    )


@_icon("remove")
def _remove(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.line([(x - h * 0.7, y), (x + h * 0.7, y)], col, _w(h))


def _dial(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    """A round clock face with its hands at ten past, centred on ``x``, ``y``."""
    c.circle(x, y, h * 0.7, col, _w(h))
    c.line([(x, y - h * 0.4), (x, y), (x + h * 0.3, y + h * 0.15)], col, max(1, _w(h) // 2))


@_icon("clock")
def _clock(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    _dial(c, x, y, h, col)


@_icon("alarm")
def _alarm(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    _dial(c, x, y + h * 0.1, h * 0.9, col)
    for side in (-1, 1):
        c.line(
            [(x + side * h * 0.85, y - h * 0.45), (x + side * h * 0.45, y - h * 0.85)], col, _w(h)
        )


@_icon("hourglass")
def _hourglass(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    top, bottom, half = y - h * 0.75, y + h * 0.75, h * 0.5
    c.line([(x - half, top), (x + half, top)], col, _w(h))
    c.line([(x - half, bottom), (x + half, bottom)], col, _w(h))
    c.polygon([(x - half, top), (x + half, top), (x, y)], col)
    c.polygon([(x - half, bottom), (x + half, bottom), (x, y)], col)


@_icon("stopwatch")
def _stopwatch(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    _dial(c, x, y + h * 0.15, h * 0.85, col)
    c.line([(x - h * 0.2, y - h * 0.8), (x + h * 0.2, y - h * 0.8)], col, _w(h))


@_icon("share")
def _share(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    left, top, bottom = (x - h * 0.6, y), (x + h * 0.55, y - h * 0.6), (x + h * 0.55, y + h * 0.6)
    c.line([top, left, bottom], col, _w(h))
    for px, py in (left, top, bottom):
        c.circle(px, py, h * 0.25, col)


@_icon("view_grid")
def _view_grid(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for dx in (-1, 1):
        for dy in (-1, 1):
            cx, cy, r = x + dx * h * 0.4, y + dy * h * 0.4, h * 0.3
            c.rect(Rect(round(cx - r), round(cy - r), round(cx + r), round(cy + r)), col)


@_icon("view_list")
def _view_list(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for dy in (-0.55, 0.0, 0.55):
        c.circle(x - h * 0.6, y + dy * h, h * 0.12, col)
        c.line([(x - h * 0.3, y + dy * h), (x + h * 0.7, y + dy * h)], col, _w(h))


@_icon("place")
def _place(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x, y - h * 0.3, h * 0.5, col)
    c.polygon([(x - h * 0.45, y - h * 0.15), (x + h * 0.45, y - h * 0.15), (x, y + h * 0.85)], col)


@_icon("directions")
def _directions(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.polygon([(x, y - h * 0.9), (x + h * 0.9, y), (x, y + h * 0.9), (x - h * 0.9, y)], col)


@_icon("my_location")
def _my_location(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x, y, h * 0.6, col, _w(h))
    c.circle(x, y, h * 0.25, col)
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        c.line([(x + dx * h * 0.6, y + dy * h * 0.6), (x + dx * h, y + dy * h)], col, _w(h))


@_icon("car")
def _car(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    body = Rect(round(x - h * 0.8), round(y - h * 0.2), round(x + h * 0.8), round(y + h * 0.45))
    c.rect(body, col, radius=max(1, round(h * 0.15)))
    c.polygon(
        [
            (x - h * 0.55, y - h * 0.2),
            (x - h * 0.35, y - h * 0.65),
            (x + h * 0.35, y - h * 0.65),
            (x + h * 0.55, y - h * 0.2),
        ],
        col,
    )
    for side in (-1, 1):
        c.circle(x + side * h * 0.45, y + h * 0.5, h * 0.2, col)


@_icon("walk")
def _walk(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    c.circle(x + h * 0.1, y - h * 0.7, h * 0.18, col)
    c.line([(x + h * 0.05, y - h * 0.45), (x - h * 0.1, y + h * 0.15)], col, _w(h))
    c.line([(x - h * 0.1, y + h * 0.15), (x - h * 0.45, y + h * 0.85)], col, _w(h))
    c.line([(x - h * 0.1, y + h * 0.15), (x + h * 0.3, y + h * 0.85)], col, _w(h))
    c.line(
        [(x - h * 0.45, y - h * 0.05), (x + h * 0.02, y - h * 0.35), (x + h * 0.4, y)], col, _w(h)
    )


@_icon("bike")
def _bike(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for side in (-1, 1):
        c.circle(x + side * h * 0.5, y + h * 0.3, h * 0.38, col, _w(h))
    c.line(
        [(x - h * 0.5, y + h * 0.3), (x - h * 0.1, y - h * 0.4), (x + h * 0.5, y + h * 0.3)],
        col,
        _w(h),
    )


@_icon("swap")
def _swap(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    for side in (-1, 1):
        sx = x + side * h * 0.35
        c.line([(sx, y - h * 0.75), (sx, y + h * 0.75)], col, _w(h))
        tip = y - side * h * 0.75
        c.line(
            [(sx - h * 0.3, tip + side * h * 0.3), (sx, tip), (sx + h * 0.3, tip + side * h * 0.3)],
            col,
            _w(h),
        )


@_icon("bus")
def _bus(c: Canvas, x: float, y: float, h: float, col: Color) -> None:
    body = Rect(round(x - h * 0.6), round(y - h * 0.8), round(x + h * 0.6), round(y + h * 0.6))
    c.frame(body, col, _w(h), radius=max(1, round(h * 0.2)))
    c.line([(x - h * 0.6, y), (x + h * 0.6, y)], col, _w(h))
    for side in (-1, 1):
        c.circle(x + side * h * 0.35, y + h * 0.8, h * 0.15, col)


ICON_NAMES: frozenset[str] = frozenset(_PAINTERS)


def check_icon(name: str) -> str:
    """Return ``name`` if it is a known icon, else raise ValueError naming the choices."""
    if name not in _PAINTERS:
        raise ValueError(f"unknown icon {name!r}; known icons: {', '.join(sorted(_PAINTERS))}")
    return name


def draw_icon(canvas: Canvas, name: str, rect: Rect, color: Color) -> None:
    """Paint icon ``name`` centred in ``rect``, filling about 60 % of its shorter side."""
    cx, cy = (rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2
    half = min(rect.width, rect.height) * 0.3
    _PAINTERS[name](canvas, cx, cy, half, color)
