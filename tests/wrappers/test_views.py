"""TextObservation, HtmlObservation and SetOfMarks: the screen described in words and marked in pixels."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import lxml.html
import numpy as np
import pytest

from mobile_gym.env import MobileEnv
from mobile_gym.geometry import Rect
from mobile_gym.wrappers import views
from mobile_gym.wrappers.element_actions import ElementActions
from mobile_gym.wrappers.elements import Element, screen_elements
from mobile_gym.wrappers.views import PALETTE, HtmlObservation, SetOfMarks, TextObservation
from tests.tasks.tasktools import CONTACTS, spec

CLICK = 0
WIFI_OFF = "MobileGym/settings.wifi_off-v0"
TRICKY = {"first_name": 'Zoë "Z" &', "last_name": "<Ærø> 李'", "phone": "+1 555-0100"}
CONTACTS_TASK = spec(
    apps=[CONTACTS],
    setup={
        "database": [
            {
                "package": CONTACTS,
                "database": "contacts",
                "table": "contacts",
                "clear": True,
                "rows": [TRICKY, {"first_name": "Ada", "last_name": "Lovelace", "phone": "1"}],
            }
        ],
        "start": {"package": CONTACTS, "activity": ".activities.MainActivity"},
    },
)


def contacts(view: type[gym.ObservationWrapper], **kwargs: Any) -> gym.Env:
    return view(ElementActions(MobileEnv(CONTACTS_TASK)), **kwargs)


def on_network_page(env: gym.Env) -> tuple[dict[str, Any], dict[str, Any]]:
    """From home, through the drawer and Settings to the Network page."""
    env.reset(seed=0)
    _, _, _, _, info = env.step((2, 0))  # scroll_down on home opens the drawer
    settings = next(e["index"] for e in info["elements"] if e["label"] == "Settings")
    env.step((CLICK, settings))
    observation, _, _, _, info = env.step((CLICK, 1))
    return observation, info


# TextObservation ----------------------------------------------------------------------------------
def test_text_view_lists_numbered_elements_and_visible_text() -> None:
    env = contacts(TextObservation)
    observation, info = env.reset(seed=0)
    assert set(observation) == {"instruction", "screen_text"}
    assert env.observation_space.contains(observation)
    assert observation["instruction"] == "Turn off Wi-Fi."
    lines = observation["screen_text"].split("\n")
    assert lines[:5] == ["09:30", "Wi-Fi signal full.", "Battery 85 percent.", "85%", "Contacts"]
    assert '[0] button "Search" (action_search)' in lines
    assert '[1] button "Filter" (action_filter)' in lines
    assert '[2] button "More options"' in lines
    assert '[3] scroll "contacts_list"' in lines
    assert '[4] button "Ada Lovelace" (item_contact_frame)' in lines
    assert '[5] button "Zoë \\"Z\\" & <Ærø> 李\'" (item_contact_frame)' in lines
    assert "Ada Lovelace" not in lines  # the row already says it
    numbered = [line for line in lines if line.startswith("[")]
    assert [line.split("]")[0][1:] for line in numbered] == [
        str(e["index"]) for e in info["elements"]
    ]


def _element(index: int | None, bounds: Rect, text: str) -> Element:
    return Element(index, bounds, "android.widget.TextView", text, "", "", *(False,) * 7)


def _left_out(elements: list[Element]) -> list[Element]:
    """The texts a description leaves out, found directly: those a numbered element says
    (its label holds theirs) and holds (its bounds hold theirs), whichever it is."""
    numbered = [e for e in elements if e.index is not None]
    return [
        text
        for text in elements
        if text.index is None
        and any(
            text.label in e.label and e.bounds.intersect(text.bounds) == text.bounds
            for e in numbered
        )
    ]


def test_a_text_is_left_out_when_any_numbered_element_says_it_and_holds_it() -> None:
    """Texts inside a row that says them are left out, whether or not the row is the
    numbered element met just before them (a checkbox in the row may come between, or the
    holder may come after); a text that no holder says is kept. Random screens of nested
    boxes and short labels, against a direct search of every numbered element."""
    rng = np.random.default_rng(7)
    words = ["a", "b", "ab", "ba", "abc", "c"]
    for _ in range(300):
        elements = []
        index = 0
        for _ in range(int(rng.integers(1, 16))):
            left, top = (int(v) for v in rng.integers(0, 8, 2) * 100)
            width, height = (int(v) for v in rng.integers(1, 5, 2) * 100)
            numbered = bool(rng.random() < 0.4)
            label = " ".join(rng.choice(words, int(rng.integers(1, 3))))
            elements.append(
                _element(
                    index if numbered else None, Rect(left, top, left + width, top + height), label
                )
            )
            index += numbered
        written = [views._labelled(e, e) for e in elements]
        left_out = _left_out(elements)
        assert views._shown(elements, written) == [e for e in elements if e not in left_out]
    row = _element(0, Rect(0, 0, 1000, 200), "Ada Lovelace")
    box = _element(1, Rect(900, 50, 1000, 150), "")
    inside = _element(None, Rect(10, 10, 500, 100), "Ada")
    outside = _element(None, Rect(10, 300, 500, 400), "Ada")
    elements = [row, box, inside, outside]
    shown = views._shown(elements, [views._labelled(e, e) for e in elements])
    assert shown == [row, box, outside]  # the row holds "Ada"; the box met since does not


def test_text_view_shows_switch_state_and_keeps_the_screen_on_request() -> None:
    env = TextObservation(ElementActions(MobileEnv("settings.wifi_off")), keep_screen=True)
    observation, _ = on_network_page(env)
    assert set(observation) == {"instruction", "screen_text", "screen"}
    assert observation["screen"].shape == (600, 270, 3)
    assert '[2] switch "Wi-Fi" (wifi_switch) checked' in observation["screen_text"]
    assert (
        '[3] switch "Airplane mode" (airplane_mode_switch) unchecked'
        in (observation["screen_text"])
    )
    assert "Network & internet" in observation["screen_text"].split("\n")


# HtmlObservation ----------------------------------------------------------------------------------
def test_html_view_escapes_quotes_ampersands_and_keeps_unicode() -> None:
    env = contacts(HtmlObservation)
    observation, _ = env.reset(seed=0)
    assert set(observation) == {"instruction", "html"}
    assert env.observation_space.contains(observation)
    lines = observation["html"].split("\n")
    assert '<button id=0 desc="Search"></button>' in lines
    assert "<div id=3 scrollable>contacts_list</div>" in lines
    assert "<button id=5>Zoë &quot;Z&quot; &amp; &lt;Ærø&gt; 李&#x27;</button>" in lines
    assert "<p>Contacts</p>" in lines and "<p>85%</p>" in lines
    assert '<img desc="Battery 85 percent.">' in lines
    assert '"Z"' not in observation["html"] and "<Ærø>" not in observation["html"]


def test_html_view_inputs_switches_and_escaped_text() -> None:
    env = HtmlObservation(ElementActions(MobileEnv("settings.wifi_off")))
    observation, _ = on_network_page(env)
    lines = observation["html"].split("\n")
    assert "<switch id=2 checked>Wi-Fi</switch>" in lines
    assert "<p>Network &amp; internet</p>" in lines
    edit = HtmlObservation(ElementActions(MobileEnv(CONTACTS_TASK), with_text=True))
    edit.reset(seed=0)
    edit.step({"verb": "click", "index": 0})  # search
    observation, _, _, _, info = edit.step({"verb": "type", "index": 1, "text": 'a "&" b'})
    assert info["action_error"] is None
    assert any(
        line.startswith("<input id=1 focused") and line.endswith('value="a &quot;&amp;&quot; b">')
        for line in observation["html"].split("\n")
    ), observation["html"]


def test_html_view_keeps_line_breaks_of_attributes_apart_from_typed_markup() -> None:
    text = "Mum: planter\nx<br>y"
    field = Element(4, Rect(0, 0, 10, 10), "android.widget.EditText", text, "", "", *(False,) * 5,
                    True, False)  # fmt: skip
    line = views.html_line(field)
    assert line == '<input id=4 value="Mum: planter&#10;x&lt;br&gt;y">'
    (parsed,) = lxml.html.fragment_fromstring(line, create_parent=True).iter("input")
    assert parsed.get("value") == text
    paragraph = views.html_line(field._replace(index=None, cls="android.widget.TextView"))
    assert paragraph == "<p>Mum: planter<br>x&lt;br&gt;y</p>"


def test_views_show_a_selected_element() -> None:
    tab = Element(7, Rect(0, 0, 10, 10), "android.widget.Button", "Home", "", "tab_home",
                  True, *(False,) * 6, selected=True)  # fmt: skip
    assert views.text_line(tab) == '[7] button "Home" (tab_home) selected'
    assert views.html_line(tab) == "<button id=7 selected>Home</button>"
    assert views.text_line(tab._replace(selected=False)) == '[7] button "Home" (tab_home)'


def test_the_current_tab_reads_selected_from_the_hierarchy() -> None:
    env = MobileEnv("mw.mastodon.mastodon_add_bookmark")
    env.reset(seed=0)
    env.device.start("org.joinmastodon.android.mastodon", None)
    lines = [views.text_line(e) for e in screen_elements(env.device.hierarchy_xml())]
    home = [line for line in lines if "(tab_home)" in line]
    assert len(home) == 1 and home[0].endswith(" selected"), lines
    assert not any(line.endswith(" selected") for line in lines if "(tab_search)" in line)


# SetOfMarks --------------------------------------------------------------------------------
def boxes(env: gym.Env, shape: tuple[int, ...]) -> list[tuple[int, int, int, int, int]]:
    """(index, x0, y0, x1, y1) of each element's box in the pixels (inclusive) of an observed
    screen of ``shape``, scaled from the device's along each axis and cut to the screen."""
    width, height = env.unwrapped.device.size
    x_scale, y_scale = shape[1] / width, shape[0] / height
    out = []
    for e in screen_elements(env.unwrapped.device.hierarchy_xml()):
        left, top, right, bottom = e.bounds
        x0, y0 = round(left * x_scale), round(top * y_scale)
        x1, y1 = round(right * x_scale) - 1, round(bottom * y_scale) - 1
        out.append((e.index, x0, y0, min(x1, shape[1] - 1), min(y1, shape[0] - 1)))
    return out


def assert_marked_in_boxes(env: gym.Env, marked: np.ndarray, plain: np.ndarray) -> None:
    """``marked`` is ``plain`` but inside the element boxes, and the last-drawn element's
    box (the navigation bar's Overview, in the bottom-right corner) has its colour on its
    outer ring, on the screen's last row and column, and on its label tab."""
    assert marked.shape == plain.shape and marked.dtype == np.uint8
    inside = np.zeros(plain.shape[:2], dtype=bool)
    marks = boxes(env, plain.shape)
    for _, x0, y0, x1, y1 in marks:
        inside[y0 : y1 + 1, x0 : x1 + 1] = True
    assert (marked[~inside] == plain[~inside]).all()
    assert (~inside).sum() > 0.05 * inside.size  # a real area was compared
    index, x0, y0, x1, y1 = marks[-1]
    color = PALETTE[index % len(PALETTE)]
    assert (y1, x1) == (plain.shape[0] - 1, plain.shape[1] - 1)
    assert tuple(marked[y1, (x0 + x1) // 2]) == color
    assert tuple(marked[(y0 + y1) // 2, x1]) == color
    assert tuple(marked[y0, x0]) == color


@pytest.mark.parametrize("scale", [0.25, 0.5])
@pytest.mark.parametrize("screen", ["home", "contacts"])
def test_set_of_marks_draws_boxes_exactly_at_element_bounds(scale: float, screen: str) -> None:
    env = SetOfMarks(ElementActions(MobileEnv(CONTACTS_TASK, screen_scale=scale)))
    observation, _ = env.reset(seed=0)
    if screen == "home":
        observation, *_ = env.step((5, 0))  # home
    assert env.observation_space == env.env.observation_space
    assert env.observation_space.contains(observation)
    plain = env.unwrapped.device.screenshot(scale)
    marked = observation["screen"]
    assert marked.shape == plain.shape and marked.dtype == np.uint8
    inside = np.zeros(plain.shape[:2], dtype=bool)
    marks = boxes(env, plain.shape)
    assert len(marks) >= 5
    for index, x0, y0, x1, y1 in marks:
        inside[y0 : y1 + 1, x0 : x1 + 1] = True
        ring = np.concatenate(
            [marked[y0, x0 : x1 + 1], marked[y1, x0 : x1 + 1], marked[y0:y1, x0], marked[y0:y1, x1]]
        )
        plain_ring = np.concatenate(
            [plain[y0, x0 : x1 + 1], plain[y1, x0 : x1 + 1], plain[y0:y1, x0], plain[y0:y1, x1]]
        )
        assert (ring != plain_ring).any(axis=1).mean() > 0.9, index
    # the last-drawn element's outer ring and label tab are its colour
    index, x0, y0, x1, y1 = marks[-1]
    assert tuple(marked[y1, (x0 + x1) // 2]) == PALETTE[index % len(PALETTE)]
    assert tuple(marked[(y0 + y1) // 2, x1]) == PALETTE[index % len(PALETTE)]
    assert (marked[~inside] == plain[~inside]).all()
    assert (~inside).sum() > 0.05 * inside.size  # a real area was compared


@pytest.mark.parametrize(
    "scale", [0.05, 0.0506, 0.0514, 0.0542, 0.0626, 0.0635, 0.1007, 0.2006, 0.3333, 1.0]
)
def test_set_of_marks_fits_the_screen_at_every_scale(scale: float) -> None:
    """The screen's height and width round apart from the scale: marks follow each axis."""
    env = gym.make(WIFI_OFF, observation="som", screen_scale=scale)
    observation, _ = env.reset(seed=0)
    assert env.observation_space.contains(observation)
    assert_marked_in_boxes(env, observation["screen"], env.unwrapped.device.screenshot(scale))


def test_set_of_marks_over_a_resized_screen() -> None:
    env = SetOfMarks(gym.make(WIFI_OFF, observation="rl_pixels"))
    observation, _ = env.reset(seed=0)
    assert env.observation_space.contains(observation)
    plain, _ = gym.make(WIFI_OFF, observation="rl_pixels").reset(seed=0)
    assert observation["screen"].shape == (128, 64, 3)
    assert (observation["instruction"] == plain["instruction"]).all()
    assert_marked_in_boxes(env, observation["screen"], plain["screen"])


def test_set_of_marks_skips_an_element_off_the_screen() -> None:
    env = SetOfMarks(MobileEnv(CONTACTS_TASK))
    screen = np.zeros((600, 270, 3), np.uint8)
    below = _element(0, Rect(0, 2400, 1080, 2600), "below")
    env._mark(screen, below, (0.25, 0.25))
    assert not screen.any()
    across = _element(1, Rect(-100, 2300, 1200, 2600), "across")
    env._mark(screen, across, (0.25, 0.25))
    assert tuple(screen[-1, 135]) == tuple(screen[575, 0]) == PALETTE[1]
    assert not screen[:575].any()


def test_set_of_marks_refuses_an_env_without_a_screen() -> None:
    with pytest.raises(ValueError, match="SetOfMarks observes the screen, but the wrapped env"):
        SetOfMarks(gym.make(WIFI_OFF, observation="text"))
    env = SetOfMarks(
        gym.make(WIFI_OFF, observation="text", observation_options={"keep_screen": True})
    )
    observation, _ = env.reset(seed=0)
    assert env.observation_space.contains(observation)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"line_px": "3"}, "line_px must be an integer in 1..1080, got '3'"),
        ({"line_px": None}, "line_px must be an integer in 1..1080, got None"),
        ({"line_px": 2.0}, "line_px must be an integer in 1..1080, got 2.0"),
        ({"line_px": 0}, "line_px must be an integer in 1..1080, got 0"),
        ({"line_px": 10**6}, "line_px must be an integer in 1..1080, got 1000000"),
        ({"label_px": float("nan")}, "label_px must be an integer in 1..1080, got nan"),
        ({"label_px": -40}, "label_px must be an integer in 1..1080, got -40"),
        ({"label_px": 10**5}, "label_px must be an integer in 1..1080, got 100000"),
        ({"label_px": True}, "label_px must be an integer in 1..1080, got True"),
    ],
)
def test_set_of_marks_options_are_checked_against_the_screen(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError) as raised:
        SetOfMarks(MobileEnv(CONTACTS_TASK), **options)
    assert str(raised.value) == message


def test_set_of_marks_draws_with_options_as_large_as_the_screen_allows() -> None:
    env = SetOfMarks(MobileEnv(CONTACTS_TASK), line_px=1080, label_px=1080)
    observation, _ = env.reset(seed=0)
    assert env.observation_space.contains(observation)
    assert (observation["screen"] != env.unwrapped.device.screenshot(0.25)).any()


def test_set_of_marks_leaves_the_env_screen_untouched_and_composes() -> None:
    env = TextObservation(SetOfMarks(ElementActions(MobileEnv(CONTACTS_TASK))), keep_screen=True)
    observation, _ = env.reset(seed=0)
    plain = env.unwrapped.device.screenshot(0.25)
    assert not plain.flags.writeable or (plain != observation["screen"]).any()
    assert (observation["screen"] != plain).any()
    assert observation["screen_text"].startswith("09:30")
