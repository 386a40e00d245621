"""Touch dispatch: a touch goes to the top-most view under it that takes touches, as
Android's ``dispatchTouchEvent`` offers it to the children under the point top-most first. A
view that neither handles touch nor scrolls (a label, a card with no click handler) lets the
touch through to what lies under it; a view that handles it, or blocks touches, keeps it."""

from __future__ import annotations

from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.ui.view import MATCH, FrameLayout, View, hit_path, walk
from mobile_gym.sim.ui.widgets import Button, TextView
from tests.sim.conftest import open_app

DISPLAY = Display()
SCREEN = Rect(0, 0, DISPLAY.width, DISPLAY.height)


def _laid_out(*children: View) -> FrameLayout:
    root = FrameLayout(children=children, width=MATCH, height=MATCH)
    root.layout(DISPLAY, SCREEN, SCREEN)
    return root


def _centre(view: View) -> tuple[float, float]:
    return (view.visible.left + view.visible.right) / 2, (
        view.visible.top + view.visible.bottom
    ) / 2


def test_a_plain_label_on_top_passes_the_touch_to_the_button_under_it() -> None:
    button = Button("Under", on_click=lambda: None, height=MATCH)
    label = TextView("Over", height=MATCH)
    root = _laid_out(button, label)
    path = hit_path(root, *_centre(label))
    assert path == [root, button]


def test_a_clickable_or_blocking_view_on_top_keeps_the_touch() -> None:
    under = Button("Under", on_click=lambda: None, height=MATCH)
    for over in (
        Button("Over", on_click=lambda: None, height=MATCH),
        TextView("Sheet", blocks_touch=True, height=MATCH),
        FrameLayout(children=[TextView("Card")], height=MATCH, on_click=lambda: None),
    ):
        root = _laid_out(under, over)
        assert hit_path(root, *_centre(over))[-1] is over


def test_a_card_whose_child_is_clickable_gives_the_touch_to_that_child() -> None:
    inner = Button("Inner", on_click=lambda: None)
    card = FrameLayout(children=[inner], height=MATCH)
    root = _laid_out(Button("Under", on_click=lambda: None, height=MATCH), card)
    assert hit_path(root, *_centre(inner)) == [root, card, inner]


def test_where_nothing_takes_the_touch_the_path_reaches_the_top_most_leaf() -> None:
    bottom, top = TextView("Bottom", height=MATCH), TextView("Top", height=MATCH)
    root = _laid_out(bottom, top)
    assert hit_path(root, *_centre(top)) == [root, top]
    assert hit_path(root, -5, -5) == []


def test_a_tap_on_the_plain_part_of_the_maps_search_card_reaches_the_map(driver: Driver) -> None:
    """The card around Maps' search field is no button (only its field, icons and chips
    are): a tap on its margin reaches the map under it, as on a phone, where it stopped
    at the card and did nothing."""
    open_app(driver, "Maps")
    phone = driver.device
    (root,) = [w for w in phone.windows() if any(v.id == "map" for v in walk(w))]
    field = next(v for v in walk(root) if v.id == "search_box")
    card = next(v for v in walk(root) if field in v.children)  # the field's rounded row
    column = next(v for v in walk(root) if card in v.children)  # the card with its chips
    x, y = column.visible.left + 4, column.visible.top + 4  # its padding, over the map
    assert not card.visible.contains(x, y)
    assert hit_path(root, x, y)[-1].id in ("map", "map_pin")
