"""One tree, two projections: the view hierarchy's bounds are exactly where nodes are drawn."""

from __future__ import annotations

import re

import numpy as np
import pytest

from mobile_gym.geometry import EMPTY, Rect
from mobile_gym.hierarchy import XML_HEADER, parse_bounds
from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import View, paint, walk
from tests.sim.conftest import open_app, open_drawer

ATTRIBUTE_ORDER = [
    "index",
    "text",
    "resource-id",
    "class",
    "package",
    "content-desc",
    "checkable",
    "checked",
    "clickable",
    "enabled",
    "focusable",
    "focused",
    "scrollable",
    "long-clickable",
    "password",
    "selected",
    "bounds",
]


def _render(phone: Phone) -> np.ndarray:
    canvas = Canvas(phone.display.width, phone.display.height, 1.0, phone.theme.background)
    for window in phone.windows():
        paint(window, canvas, phone.theme, phone.display)
    return canvas.image


def _screens(phone: Phone, sample: Phone):
    """A tour of screens: home, drawer, settings pages, a keyboard, a dialog-free form, a list."""
    yield "home", phone
    driver = Driver(phone)
    open_drawer(driver)
    yield "drawer", phone
    driver.tap(text="Settings")
    yield "settings", phone
    driver.tap(id="display")
    yield "display", phone
    s = Driver(sample)
    open_app(s, "Sample")
    s.scroll("down", fraction=0.37)
    yield "scrolled list", sample
    s.tap(desc="Form")
    s.type_into("Ada", id="name")
    yield "form with keyboard", sample


def _leaves_with_ink(root: View) -> list[View]:
    return [
        n
        for n in walk(root)
        if not n.children
        and n.visible is not EMPTY
        and (n.display_text or getattr(n, "icon", None))
    ]


def test_every_leaf_is_drawn_inside_its_dumped_bounds(phone: Phone, sample: Phone) -> None:
    checked = 0
    for name, device in _screens(phone, sample):
        base = _render(device)
        assert np.array_equal(base, device.screenshot()), name
        xml = device.hierarchy_xml()
        for window in device.windows():
            for node in _leaves_with_ink(window):
                saved = node.visible
                node.visible = EMPTY
                try:
                    without = _render(device)
                finally:
                    node.visible = saved
                changed = np.argwhere(np.any(base != without, axis=2))
                if not changed.size:
                    assert saved != node.bounds, f"{name}: {node!r} draws nothing"
                    continue  # only a sliver of it is scrolled into view
                (y0, x0), (y1, x1) = changed.min(axis=0), changed.max(axis=0)
                box = Rect(int(x0), int(y0), int(x1) + 1, int(y1) + 1)
                assert box.intersect(saved) == box, (
                    f"{name}: {node!r} drawn at {box} outside {saved}"
                )
                assert f'bounds="{saved.bounds_string()}"' in xml
                checked += 1
    assert checked > 100


def test_backgrounds_fill_exactly_their_bounds(phone: Phone) -> None:
    driver = Driver(phone)
    open_app(driver, "Settings")
    driver.tap(id="display")
    shot = phone.screenshot()
    toolbar = driver.find(id="toolbar").bounds
    colour = np.array(phone.theme.surface)
    inside = shot[toolbar.top, toolbar.left + 1]
    assert np.array_equal(inside, colour)
    assert np.array_equal(shot[toolbar.bottom - 1, toolbar.right - 1], colour)
    assert not np.array_equal(shot[toolbar.bottom, toolbar.left + 1], colour)
    assert not np.array_equal(shot[toolbar.top - 1, toolbar.left + 1], colour)


def test_dump_format_matches_uiautomator(phone: Phone) -> None:
    driver = Driver(phone)
    open_drawer(driver)
    xml = phone.hierarchy_xml()
    assert xml.startswith(XML_HEADER + '<hierarchy rotation="0"><node ')
    assert xml.endswith("</hierarchy>")
    assert "\n" not in xml
    for tag in re.findall(r"<node [^>]*?/?>", xml):
        names = re.findall(r' ([a-z-]+|NAF)="', tag)
        if names[0] == "NAF":
            names = names[1:]
        assert names == ATTRIBUTE_ORDER
    ids = re.findall(r'resource-id="([^"]+)"', xml)
    assert ids and all(re.fullmatch(r"[\w.]+:id/\w+", i) for i in ids)
    assert 'resource-id="com.android.launcher3:id/apps_list_view"' in xml


def test_naf_marks_clickable_nodes_without_text_or_description() -> None:
    from mobile_gym.hierarchy import dump
    from mobile_gym.sim.display import Display
    from mobile_gym.sim.ui.hierarchy import nodes

    bare = View(on_click=lambda: None, width=100, height=100)
    named = View(on_click=lambda: None, width=100, height=100, desc="Add")
    root = View(children=[bare, named], package="x.y")
    root.layout(Display(), Rect(0, 0, 1080, 2400), Rect(0, 0, 1080, 2400))
    bare.layout(Display(), Rect(0, 0, 100, 100), Rect(0, 0, 1080, 2400))
    named.layout(Display(), Rect(0, 100, 100, 200), Rect(0, 0, 1080, 2400))
    xml = dump(nodes([root]))
    assert xml.count('NAF="true"') == 1
    assert '<node NAF="true" index="0" text=""' in xml


def test_only_visible_nodes_are_dumped_with_clipped_bounds(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    rows = driver.find(id="rows").bounds
    driver.scroll("down", fraction=0.3)
    nodes = driver.find_all(id="row")
    assert all(n.bounds.intersect(rows) == n.bounds for n in nodes)
    assert nodes[0].bounds.top == rows.top  # the first row is cut by the list's top edge
    shown = [int(n.text.split()[1]) for n in driver.find_all(text="Row *")]
    assert shown == list(range(shown[0], shown[0] + len(shown)))
    assert shown[0] > 0 and len(shown) < 100


def test_dumped_bounds_stay_on_screen_for_every_profile() -> None:
    for profile in ("pixel_7", "small_phone", "tablet_10", "nexus_5"):
        p = Phone(display=profile)
        open_drawer(Driver(p))
        screen = Rect(0, 0, p.display.width, p.display.height)
        for node in Driver(p).find_all():
            assert node.bounds.intersect(screen) == node.bounds, (profile, node)
        shot = p.screenshot()
        assert shot.shape == (p.display.height, p.display.width, 3)
        nav = Driver(p).find(desc="Home").bounds
        assert nav.bottom == p.display.height


@pytest.mark.parametrize("scale", [0.25, 0.5])
def test_reduced_screenshots_are_the_same_picture(phone: Phone, scale: float) -> None:
    import cv2

    open_drawer(Driver(phone))
    full = phone.screenshot().astype(np.float32)
    small = phone.screenshot(scale).astype(np.float32)
    assert small.shape == (round(2400 * scale), round(1080 * scale), 3)
    shrunk = cv2.resize(full, (small.shape[1], small.shape[0]), interpolation=cv2.INTER_AREA)
    assert np.abs(shrunk - small).mean() < 6.0


def test_parse_bounds_rejects_garbage() -> None:
    assert parse_bounds("[1,2][3,4]") == Rect(1, 2, 3, 4)
    with pytest.raises(ValueError, match="malformed bounds"):
        parse_bounds("[1,2][3]")
    assert ev.tap(1, 2)[-1] == ev.Lift()


def test_a_screen_shown_anew_is_the_screen_it_was(phone: Phone) -> None:
    """``invalidate(anew=True)`` keeps nothing of the app's window: every view of it is
    made, laid out, dumped and painted anew, and the projections come out as they were;
    the system's windows stay as they are. The views made stay in use when nothing
    changes after it."""
    open_app(Driver(phone), "Contacts")
    app, *system = _by_window(phone)
    xml, nodes, pixels = phone.hierarchy_xml(), phone.nodes(), phone.screenshot(0.5).copy()
    phone.invalidate(anew=True)
    new_app, *new_system = _by_window(phone)
    assert new_app and not {id(v) for v in app} & {id(v) for v in new_app}
    assert [[id(v) for v in w] for w in new_system] == [[id(v) for v in w] for w in system]
    assert phone.nodes() is not nodes and phone.nodes() == nodes
    assert phone.hierarchy_xml() == xml
    assert np.array_equal(phone.screenshot(0.5), pixels)
    phone.invalidate()  # built again: what comes out the same is kept
    assert [[id(v) for v in w] for w in _by_window(phone)] == [
        [id(v) for v in w] for w in [new_app, *new_system]
    ]


def _by_window(phone: Phone) -> list[list[View]]:
    """The views of the app's window, then those of each system window (held, so that
    their ids stay theirs)."""
    windows = phone.windows()
    app = next(w for w in windows if w.package == "com.simplemobiletools.contacts.pro")
    return [list(walk(app)), *(list(walk(w)) for w in windows if w is not app)]


def test_a_list_dropped_with_its_window_is_not_kept_up_to_date() -> None:
    """The scrolling containers of a window shown anew are dropped with it: a scroll of the
    list marks the new one stale, never the one no longer shown (nothing it read is still
    watched)."""
    phone = Phone(seed=0)
    driver = Driver(phone)
    driver.tap(desc="Contacts")
    old = [v for w in phone.windows() for v in walk(w) if isinstance(v, ScrollView)]
    assert old
    phone.invalidate(anew=True)
    phone.hierarchy_xml()
    driver.scroll("down")
    new = [v for w in phone.windows() for v in walk(w) if isinstance(v, ScrollView)]
    assert new and not {id(v) for v in old} & {id(v) for v in new}
    assert [v.offset for v in new] != [0] * len(new)  # the new list scrolled
    assert not any(v.stale for v in old)
