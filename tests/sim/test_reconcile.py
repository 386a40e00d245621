"""A screen built again keeps the views it repeats: their layout and hierarchy nodes stay."""

from __future__ import annotations

from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.reconcile import LAYOUT, PAINT, SAME, reconcile
from mobile_gym.sim.ui.scroll import RecyclerView
from mobile_gym.sim.ui.view import Column, View
from mobile_gym.sim.ui.widgets import Switch, TextView

D = Display()
SCREEN = Rect(0, 0, D.width, D.height)


def page(wifi: bool, clicked: list[str], title: str = "Network", data: str = "On") -> View:
    return Column(
        TextView(title, id="title", on_click=lambda: clicked.append(title)),
        Switch("Wi-Fi", id="wifi", checked=wifi, on_change=lambda _: clicked.append("wifi")),
        TextView(data, id="data"),
    )


def laid_out(view: View) -> View:
    view.layout(D, SCREEN, SCREEN)
    return view


def test_an_equal_tree_is_kept_whole_with_the_new_handlers() -> None:
    clicked: list[str] = []
    old = laid_out(page(True, clicked, "Network"))
    title = old.children[0]
    gone: list[Rect] = []
    kept, change = reconcile(old, page(True, clicked, "Network"), gone)
    assert kept is old and kept.children[0] is title and gone == [] and change == SAME
    assert not kept.needs_layout  # nothing to lay out again
    title.click()
    assert clicked == ["Network"]


def test_a_changed_view_replaces_its_place_only() -> None:
    old = laid_out(page(True, [], data="On"))
    title, switch, data = old.children
    gone: list[Rect] = []
    kept, change = reconcile(old, page(True, [], data="Off, roaming"), gone)
    assert kept is old and kept.children[0] is title and kept.children[1] is switch
    assert change == LAYOUT
    new_data = kept.children[2]
    assert new_data is not data and new_data.text == "Off, roaming"
    assert gone == [data.visible]  # where the old text showed must be painted again
    assert kept.needs_layout and new_data.clip is None  # laid out again; the rest is not
    laid_out(kept)
    assert title.bounds == kept.children[0].bounds


def test_a_view_changed_in_its_looks_only_takes_the_old_ones_layout() -> None:
    old = laid_out(page(True, []))
    title, switch, data = old.children
    old.relaid = switch.relaid = False  # its changes were taken
    gone: list[Rect] = []
    kept, change = reconcile(old, page(False, []), gone)
    assert kept is old and kept.children[0] is title and kept.children[2] is data
    assert change == PAINT
    new_switch = kept.children[1]
    assert new_switch is not switch and not new_switch.checked
    assert (new_switch.bounds, new_switch.visible, new_switch.measured) == (
        switch.bounds,
        switch.visible,
        switch.measured,
    )
    assert not kept.needs_layout and not new_switch.needs_layout  # nothing moves
    assert gone == []  # the new switch paints over the old one's place
    assert kept.relaid and new_switch.relaid  # the way to the change, to repaint it


def test_a_text_colour_is_a_paint_property_but_its_size_is_not() -> None:
    old = laid_out(Column(TextView("Total", color="primary", size=14)))
    recoloured, change = reconcile(old, Column(TextView("Total", color="danger", size=14)), [])
    assert not recoloured.needs_layout and change == PAINT
    resized, change = reconcile(old, Column(TextView("Total", color="primary", size=20)), [])
    assert resized.needs_layout and change == LAYOUT


def test_a_handler_set_or_unset_is_a_change_but_a_new_handler_is_not() -> None:
    old = laid_out(TextView("Save", on_click=lambda: None))
    assert reconcile(old, TextView("Save", on_click=lambda: print("other")), []) == (old, SAME)
    assert reconcile(old, TextView("Save"), [])[0] is not old  # no longer clickable


def test_views_of_another_class_and_extra_children_are_replaced() -> None:
    old = laid_out(Column(TextView("a"), TextView("b"), TextView("c")))
    gone: list[Rect] = []
    kept, change = reconcile(old, Column(TextView("a"), View(height=10)), gone)
    assert kept is old and len(kept.children) == 2 and change == LAYOUT
    assert isinstance(kept.children[1], View) and not isinstance(kept.children[1], TextView)
    assert len(gone) == 2  # "b" replaced, "c" gone


def test_a_recycled_list_kept_makes_its_rows_with_the_new_render_function() -> None:
    made: list[str] = []

    def rows(label: str) -> RecyclerView:
        def render(index: int, item: object) -> View:
            made.append(label)
            return TextView(f"{label} {item}", id="row")

        return RecyclerView(items=list(range(5)), item_height=40, render_item=render)

    old = laid_out(rows("first"))
    assert made == ["first"] * 5
    assert not old.stale
    kept, change = reconcile(old, rows("second"), [])
    # kept where it stands, with the rows it made, but stale: laid out again in place (as
    # the screen does after a scroll), it makes its rows with the new render function
    assert kept is old and change == SAME and kept.stale and not kept.needs_layout
    assert made == ["first"] * 5 and kept.children[0].text == "first 0"
    kept.relayout(D)
    assert made[5:] == ["second"] * 5 and not kept.stale
    assert [row.text for row in kept.children][:2] == ["second 0", "second 1"]


def test_a_first_build_is_all_new() -> None:
    new = Column(TextView("a"))
    assert reconcile(None, new, []) == (new, LAYOUT)
