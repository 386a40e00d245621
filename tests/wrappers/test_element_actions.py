"""ElementActions: numbered elements, their verbs, masks, and invalid actions."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.env import MobileEnv
from mobile_gym.sim.apps import DEFAULT_APPS
from mobile_gym.wrappers.element_actions import TEXT_VERBS, VERBS, ElementActions
from mobile_gym.wrappers.elements import screen_elements
from mobile_gym.wrappers.step_cap import StepCap
from tests.tasks.tasktools import CONTACTS, spec

CLICK, LONG_PRESS, SCROLL_DOWN, SCROLL_UP, BACK, HOME = range(6)
NAV_LABELS = ["Back", "Home", "Overview"]
# the home screen shows the dock's apps in install order; the drawer every app by label
HOME_LABELS = [app.label for app in DEFAULT_APPS if app.dock and app.in_launcher] + NAV_LABELS
DRAWER_LABELS = [
    "Search apps",
    "apps_list_view",
    *sorted((app.label for app in DEFAULT_APPS if app.in_launcher), key=str.lower),
    *NAV_LABELS,
]


def element_env(task: Any = "settings.wifi_off", **kwargs: Any) -> ElementActions:
    return ElementActions(MobileEnv(task), **kwargs)


def labels(info: dict[str, Any]) -> list[str]:
    return [e["label"] for e in info["elements"]]


def find(info: dict[str, Any], label: str | None = None, tag: str | None = None) -> int:
    """The index of the only element with ``label`` (and ``tag``)."""
    hits = [
        e["index"]
        for e in info["elements"]
        if (label is None or e["label"] == label) and (tag is None or e["tag"] == tag)
    ]
    assert len(hits) == 1, (label, tag, info["elements"])
    return hits[0]


def state(env: gym.Env) -> tuple[Any, ...]:
    device = env.unwrapped.device
    return device.foreground(), device.hierarchy_xml(), device.screenshot(0.25).tobytes()


# numbering ---------------------------------------------------------------------------------
def test_elements_follow_the_documented_numbering_on_several_screens() -> None:
    env = element_env()
    _, info = env.reset(seed=0)
    assert labels(info) == HOME_LABELS
    _, _, _, _, info = env.step((SCROLL_DOWN, 0))  # nothing scrollable on home: the screen
    assert labels(info) == DRAWER_LABELS
    _, _, _, _, info = env.step((CLICK, find(info, "Settings")))
    assert labels(info)[0] == "recycler_view" and labels(info)[-3:] == NAV_LABELS
    assert labels(info)[1].startswith("Network & internet")
    for screen in range(3):
        xml = env.unwrapped.device.hierarchy_xml()
        assert [e["index"] for e in info["elements"]] == list(range(len(info["elements"])))
        assert [e["label"] for e in info["elements"]] == [e.label for e in screen_elements(xml)]
        assert [e["bounds"] for e in info["elements"]] == [
            tuple(e.bounds) for e in screen_elements(xml)
        ]
        if screen == 0:
            _, _, _, _, info = env.step((CLICK, 1))
            assert labels(info)[0] == "Navigate up"
        elif screen == 1:
            _, _, _, _, info = env.step((BACK, 0))
            assert labels(info)[1].startswith("Network & internet")


def test_numbering_is_stable_across_resets_and_idle_steps() -> None:
    first, second = element_env("contacts.star_named"), element_env("contacts.star_named")
    _, info1 = first.reset(seed=3)
    _, info2 = second.reset(seed=3)
    _, _, _, _, info1 = first.step((CLICK, find(info1, "Contacts")))
    _, _, _, _, info2 = second.step((CLICK, find(info2, "Contacts")))
    assert info1["elements"] == info2["elements"]
    assert labels(info1)[:4] == ["Search", "Filter", "More options", "contacts_list"]
    _, _, _, _, after = first.step((CLICK, 999))  # an invalid action only waits a frame
    assert after["elements"] == info1["elements"]
    rows = [e for e in info1["elements"] if e["tag"] == "button" and e["bounds"][2] == 1080]
    tops = [e["bounds"][1] for e in rows]
    assert tops == sorted(tops)  # list rows in document (screen) order


# effects on the phone ----------------------------------------------------------------------
def test_solves_wifi_off_in_min_steps() -> None:
    base = gym.make("MobileGym/settings.wifi_off-v0", max_steps="none")
    env = StepCap(ElementActions(base), 4)
    _, info = env.reset(seed=0)
    _, _, terminated, _, info = env.step((SCROLL_DOWN, 0))
    assert "Settings" in labels(info) and not terminated
    _, reward, _, _, info = env.step((CLICK, find(info, "Settings")))
    assert reward == pytest.approx(0.2)
    network = next(e["index"] for e in info["elements"] if e["label"].startswith("Network"))
    _, _, _, _, info = env.step((CLICK, network))
    _, reward, terminated, truncated, info = env.step((CLICK, find(info, "Wi-Fi", "switch")))
    assert terminated and not truncated and info["success"] and reward == pytest.approx(1.0)
    assert info["agent_steps"] == 4 and info["action_error"] is None
    assert env.unwrapped.device.get_setting("global", "wifi_on") == "0"


def test_creates_a_contact_with_typed_text_in_min_steps() -> None:
    env = StepCap(element_env("contacts.create_named", with_text=True), 6)
    _, info = env.reset(seed=1)
    first, last, phone = (env.unwrapped.episode.values[k] for k in ("first", "last", "phone"))
    _, _, _, _, info = env.step({"verb": "click", "index": find(info, "Contacts")})
    _, _, _, _, info = env.step({"verb": "click", "index": find(info, "Create new contact")})
    for hint, value in (("First name", first), ("Last name", last), ("Phone", phone)):
        _, _, _, _, info = env.step({"verb": "type", "index": find(info, hint), "text": value})
        assert info["action_error"] is None
        assert value in labels(info)
    _, reward, terminated, _, info = env.step(
        {"verb": TEXT_VERBS.index("click"), "index": find(info, "Save")}
    )
    assert terminated and info["success"] and reward == pytest.approx(1.0)
    rows = env.unwrapped.device.query(
        CONTACTS,
        "contacts",
        "SELECT phone FROM contacts WHERE first_name = ? AND last_name = ?",
        [first, last],
    )
    assert rows == [(phone,)]


def test_stars_a_contact_through_search_in_min_steps() -> None:
    env = StepCap(element_env("contacts.star_named", with_text=True), 5)
    _, info = env.reset(seed=2)
    name = f"{env.unwrapped.episode.values['first']} {env.unwrapped.episode.values['last']}"
    _, _, _, _, info = env.step({"verb": "click", "index": find(info, "Contacts")})
    _, _, _, _, info = env.step({"verb": "click", "index": find(info, "Search")})
    field = next(e["index"] for e in info["elements"] if e["tag"] == "input")
    _, _, _, _, info = env.step({"verb": "type", "index": field, "text": name})
    _, _, _, _, info = env.step({"verb": "click", "index": find(info, name, "button")})
    _, reward, terminated, _, info = env.step(
        {"verb": "click", "index": find(info, "Add to favorites")}
    )
    assert terminated and info["success"] and reward == pytest.approx(1.0)


def test_long_press_opens_the_row_menu_and_scrolls_move_the_list() -> None:
    env = element_env("contacts.star_named")
    _, info = env.reset(seed=0)
    _, _, _, _, info = env.step((CLICK, find(info, "Contacts")))
    before = labels(info)
    assert "Delete" not in before
    _, _, _, _, info = env.step((SCROLL_DOWN, find(info, "contacts_list")))
    scrolled = labels(info)
    assert scrolled != before and info["action_error"] is None
    first_row = before.index("contacts_list") + 1
    _, _, _, _, info = env.step((SCROLL_UP, first_row + 2))  # a row: its list scrolls
    assert labels(info) == before
    _, _, _, _, info = env.step((LONG_PRESS, first_row))
    assert {"Edit", "Delete"} <= set(labels(info))
    _, _, _, _, info = env.step((BACK, 0))
    assert labels(info) == before
    _, _, _, _, info = env.step((HOME, 12345))  # the index of back and home is ignored
    assert info["action_error"] is None and labels(info) == HOME_LABELS


# masks -------------------------------------------------------------------------------------
def test_action_masks_shape_and_content() -> None:
    slots = 32  # more than the app drawer's icons
    env = StepCap(element_env(max_elements=slots), 10)
    env.reset(seed=0)
    masks = env.get_wrapper_attr("action_masks")()
    assert masks.dtype == bool and masks.shape == (len(VERBS) + slots,)
    verbs, indices = masks[: len(VERBS)], masks[len(VERBS) :]
    # home: clickable icons and buttons, nothing long-clickable
    assert verbs.tolist() == [True, False, True, True, True, True]
    assert indices.tolist() == [True] * len(HOME_LABELS) + [False] * (slots - len(HOME_LABELS))
    env.step((SCROLL_DOWN, 0))
    masks = env.get_wrapper_attr("action_masks")()
    assert masks[LONG_PRESS]  # the search box is long-clickable
    assert masks[len(VERBS) :].sum() == len(DRAWER_LABELS)
    text_env = element_env(with_text=True)
    text_env.reset(seed=0)
    assert text_env.action_masks().shape == (len(TEXT_VERBS) + 64,)
    assert not text_env.action_masks()[TEXT_VERBS.index("type")]  # no text field on home


def test_elements_beyond_max_elements_are_out_of_reach() -> None:
    env = element_env("contacts.star_named", max_elements=4)
    _, info = env.reset(seed=0)
    _, _, _, _, info = env.step((CLICK, 0))
    assert len(info["elements"]) == 4 and env.action_masks()[len(VERBS) :].all()
    _, _, _, _, info = env.step((CLICK, 4))
    assert info["action_error"] == "element 4 is beyond reach (max_elements is 4)"


def test_sb3_contrib_reads_the_masks() -> None:
    utils = pytest.importorskip("sb3_contrib.common.maskable.utils")
    env = element_env()
    env.reset(seed=0)
    masks = utils.get_action_masks(env)
    assert masks.shape == (len(VERBS) + 64,) and masks.dtype == bool


# invalid actions ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "message"),
    [
        ((CLICK, 99), f"no element 99 on this screen (elements: 0..{len(HOME_LABELS) - 1})"),
        ((CLICK, -1), "no element -1"),
        ((7, 0), "verb must be in 0..5"),
        ((CLICK, 0.5), "element index must be an integer"),
        ((LONG_PRESS, 0), 'element 0 (p "Contacts") cannot be long-pressed'),
        ((CLICK, 0, 1), "two integers"),
        ("click 3", "two integers"),
        (None, "two integers"),
        ((True, 0), "two integers"),  # not verb 1
        ([CLICK, np.True_], "two integers"),
        (np.array([True, False]), "two integers"),
    ],
)
def test_invalid_actions_only_wait_and_say_why(action: Any, message: str) -> None:
    env = element_env(invalid_penalty=0.25)
    env.reset(seed=0)
    before = state(env)
    _, reward, terminated, truncated, info = env.step(action)
    assert message in info["action_error"]
    assert reward == -0.25 and not terminated and not truncated
    assert state(env) == before


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"verb": "swipe", "index": 0}, "unknown verb 'swipe'"),
        ({"verb": "type", "index": 0, "text": 5}, "type needs a text string"),
        ({"verb": "type", "index": 0, "text": "hi"}, "is not a text field"),
        ({"verb": "type", "index": 0, "text": "x" * 4097}, "4096 characters, not one of 4,097"),
        ({"verb": "click", "index": 10**30}, "no element 1000000000000000000000000000000"),
        ({"verb": "click"}, "needs an element index"),
        ({"verb": True, "index": 0}, "verb must be an integer"),
        ((CLICK, 0), "a dict with verb, index and text"),
    ],
)
def test_invalid_text_form_actions(action: Any, message: str) -> None:
    env = element_env(with_text=True)
    env.reset(seed=0)
    before = state(env)
    _, reward, _, _, info = env.step(action)
    assert message in info["action_error"] and reward == 0.0
    assert state(env) == before


def test_typing_empty_text_into_a_field_is_invalid() -> None:
    env = element_env("contacts.create_named", with_text=True, invalid_penalty=0.25)
    _, info = env.reset(seed=1)
    _, _, _, _, info = env.step({"verb": "click", "index": find(info, "Contacts")})
    _, _, _, _, info = env.step({"verb": "click", "index": find(info, "Create new contact")})
    before = state(env)
    field = find(info, "First name")
    _, reward, terminated, _, info = env.step({"verb": "type", "index": field, "text": ""})
    assert info["action_error"] == "type needs text to type"
    assert reward == -0.25 and not terminated
    assert state(env) == before  # not even the tap on the field


def test_typing_into_a_field_under_a_dialog_says_the_tap_missed_it() -> None:
    """The Gallery's search field stays listed under its "Filter media" dialog, as a node of
    the window beneath; the tap of a ``type`` on it lands on the dialog's scrim, which
    closes the dialog, so no field takes focus and nothing is typed: the error says so in
    the agent's terms (a tap, no field in focus), not those of the touch-level TEXT step."""
    env = element_env("mab.gallery_filter_by_images_and_videos", with_text=True)
    _, info = env.reset(seed=0)
    _, _, _, _, info = env.step({"verb": "click", "index": find(info, "Filter media")})
    assert {"Images", "Videos", "OK"} <= set(labels(info))
    field = find(info, "Search folders", "input")
    _, _, _, _, info = env.step({"verb": "type", "index": field, "text": "Camera"})
    error = info["action_error"]
    assert error.startswith("type: the tap at (0.373, 0.065) put no text field in focus")
    assert "nothing was typed" in error and "TEXT" not in error
    assert "OK" not in labels(info)  # the tap closed the dialog
    assert [e["label"] for e in info["elements"] if e["tag"] == "input"] == ["Search folders"]


def test_a_verb_the_element_does_not_support_is_invalid() -> None:
    env = element_env()
    env.reset(seed=0)
    _, _, _, _, info = env.step((SCROLL_DOWN, 0))
    _, _, _, _, info = env.step((CLICK, find(info, "apps_list_view")))
    assert info["action_error"] == 'element 1 (scroll "apps_list_view") cannot be clicked'


def test_construction_checks() -> None:
    with pytest.raises(ValueError, match="StepCap outermost"):
        ElementActions(StepCap(MobileEnv("settings.wifi_off"), 4))
    with pytest.raises(ValueError, match="max_elements"):
        element_env(max_elements=0)
    assert element_env().action_space == gym.spaces.MultiDiscrete([6, 64])
    space = element_env(with_text=True, max_elements=8).action_space
    assert set(space.keys()) == {"verb", "index", "text"} and space["index"].n == 8


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"with_text": "no"}, "with_text must be True or False, got 'no'"),
        ({"with_text": 1}, "with_text must be True or False, got 1"),
        ({"text_length": "5", "with_text": True}, "text_length must be a positive integer"),
        ({"text_length": 0, "with_text": True}, "text_length must be a positive integer"),
        ({"invalid_penalty": float("nan")}, "invalid_penalty must be a finite number of at"),
        ({"invalid_penalty": "0.1"}, "invalid_penalty must be a finite number of at least 0"),
        ({"invalid_penalty": -1.0}, "invalid_penalty must be a finite number of at least 0"),
        ({"max_elements": 2.0}, "max_elements must be a positive integer"),
    ],
)
def test_options_are_checked_at_construction(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        element_env(**options)
    with pytest.raises(ValueError, match=message):
        gym.make("MobileGym/settings.wifi_off-v0", action_space="element", action_options=options)


def test_a_chosen_set_of_verbs_makes_a_smaller_action_space() -> None:
    env = element_env(verbs=("click", "back"), max_elements=16)
    assert env.action_space == gym.spaces.MultiDiscrete([2, 16])
    _, info = env.reset(seed=0)
    assert env.action_masks()[:2].tolist() == [True, True]
    _, _, _, _, info = env.step((1, 0))  # verb 1 is now back
    assert info["action_error"] is None and env.unwrapped.device.foreground()[0] != ""
    _, _, _, _, info = env.step((2, 0))
    assert info["action_error"] == "verb must be in 0..1 (click, back), got 2"
    text = element_env(with_text=True, verbs=("type", "click"))
    assert text.verbs == ("type", "click")
    with pytest.raises(ValueError, match="verbs must be distinct names from click, long_press"):
        element_env(verbs=("click", "type"))  # type needs with_text
    with pytest.raises(ValueError, match="verbs must be distinct names"):
        element_env(verbs=("click", "click"))
    with pytest.raises(ValueError, match="verbs must be distinct names"):
        element_env(verbs=())
    with pytest.raises(ValueError, match="verbs must be a sequence of verb names, got 'click'"):
        element_env(verbs="click")
    made = gym.make(
        "MobileGym/settings.wifi_off-v0",
        action_space="element",
        action_options={"verbs": ["click"]},
    )
    assert made.action_space == gym.spaces.MultiDiscrete([1, 64])


# random actions ----------------------------------------------------------------------------
NETWORK_TASK = spec()  # Wi-Fi off, starting on the Network page


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(
        st.tuples(
            st.one_of(st.integers(-2, 8), st.sampled_from(TEXT_VERBS), st.none(), st.floats()),
            st.one_of(st.integers(-3, 70), st.none(), st.floats(), st.text(max_size=3)),
            st.one_of(st.text(max_size=12), st.integers(), st.none()),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_random_actions_never_crash_or_claim_false_success(
    actions: list[tuple[Any, Any, Any]],
) -> None:
    for with_text in (False, True):
        env = ElementActions(MobileEnv(NETWORK_TASK), with_text=with_text, invalid_penalty=0.5)
        env.reset(seed=0)
        for verb, index, text in actions:
            action: Any = (
                {"verb": verb, "index": index, "text": text} if with_text else (verb, index)
            )
            before = state(env)
            _, reward, terminated, _, info = env.step(action)
            wifi = env.unwrapped.device.get_setting("global", "wifi_on")
            assert info["success"] == (wifi == "0")
            assert terminated == info["success"]
            assert len(env.action_masks()) == len(env.verbs) + 64
            error = info["action_error"]
            assert error is None or isinstance(error, str)
            if reward < 0:  # rejected by the wrapper: nothing happened
                assert error and state(env) == before
            if terminated:
                break
