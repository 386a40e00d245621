"""Mobile-Env's agent interface: leaf elements as HTML, ``<action>CLICK(3)</action>`` replies."""

from __future__ import annotations

import re
from typing import Any

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.actions import base_action
from mobile_gym.hierarchy import parse
from mobile_gym.spaces import ActionType, UnicodeText
from mobile_gym.wrappers import MobileEnvActions, MobileEnvHtml, StepCap
from mobile_gym.wrappers.mobile_env_interface import (
    MobileEnvActionError,
    leaf_elements,
    mobile_env_html,
    parse_mobile_env_action,
)

WIFI = "MobileGym/settings.wifi_off-v0"
NOTES = "MobileGym/notes.read_code-v0"

NETWORK_PAGE = [
    '<p class="clock" id="0" clickable="false" long-clickable="false">09:30</p>',
    '<div id="1" clickable="false" long-clickable="false"></div>',
    '<img class="wifi signal" alt="Wi-Fi signal full." id="2" clickable="false"'
    ' long-clickable="false">',
    '<img class="battery" alt="Battery 85 percent." id="3" clickable="false"'
    ' long-clickable="false">',
    '<p class="battery percentage view" id="4" clickable="false" long-clickable="false">85%</p>',
    '<button alt="Navigate up" id="5" clickable="true" long-clickable="false"></button>',
    '<p class="toolbar title" id="6" clickable="false" long-clickable="false">'
    "Network &amp; internet</p>",
    '<div class="wifi switch" id="7" clickable="true" long-clickable="false">Wi-Fi</div>',
    '<p class="wifi summary" id="8" clickable="false" long-clickable="false">'
    "Connected to AndroidWifi</p>",
    '<div class="airplane mode switch" id="9" clickable="true" long-clickable="false">'
    "Airplane mode</div>",
    '<div class="mobile data switch" id="10" clickable="true" long-clickable="false">'
    "Mobile data</div>",
    '<button class="back" alt="Back" id="11" clickable="true" long-clickable="false"></button>',
    '<button class="home" alt="Home" id="12" clickable="true" long-clickable="false"></button>',
    '<button class="recent apps" alt="Overview" id="13" clickable="true"'
    ' long-clickable="false"></button>',
]


def make(env_id: str = WIFI, **kwargs: Any) -> gym.Env:
    return gym.make(env_id, action_space="mobile_env", observation="mobile_env_html", **kwargs)


def element_id(html: str, fragment: str) -> int:
    """The id of the first line of ``html`` holding ``fragment``."""
    for line in html.splitlines():
        if fragment in line:
            return int(re.search(r' id="(\d+)"', line).group(1))  # type: ignore[union-attr]
    raise AssertionError(f"{fragment!r} not on the screen:\n{html}")


def act(env: gym.Env, call: str) -> tuple[Any, float, bool, bool, dict[str, Any]]:
    return env.step(f"<think>the next step</think><action>{call}</action>")


def click(env: gym.Env, observation: dict[str, Any], fragment: str) -> tuple[Any, ...]:
    return act(env, f"CLICK({element_id(observation['html'], fragment)})")


def open_network_page(env: gym.Env) -> dict[str, Any]:
    observation, _ = env.reset(seed=0)
    observation, *_ = act(env, 'SCROLL("DOWN")')  # the finger moves up: the app drawer
    observation, *_ = click(env, observation, ">Settings<")
    observation, *_ = click(env, observation, ">Network &amp; internet<")
    return observation


# the HTML -----------------------------------------------------------------------------------
def test_the_network_page_line_by_line() -> None:
    observation = open_network_page(make())
    assert observation["html"].splitlines() == NETWORK_PAGE
    assert observation["instruction"]


def test_a_text_field_is_an_input_with_its_value() -> None:
    env = make()
    env.reset(seed=0)
    observation, *_ = act(env, 'SCROLL("DOWN")')
    assert observation["html"].splitlines()[5] == (
        '<input class="search box" value="Search apps" type="text" id="5" clickable="true"'
        ' long-clickable="true">'
    )


def node(cls: str, bounds: str, inner: str = "", **attributes: str) -> str:
    attrs = {"text": "", "resource-id": "", "content-desc": "", "clickable": "false"}
    attrs.update({k.replace("_", "-"): v for k, v in attributes.items()})
    attrs.setdefault("long-clickable", "false")
    written = " ".join(f'{k}="{v}"' for k, v in attrs.items())
    opened = f'<node class="{cls}" {written} enabled="true" bounds="{bounds}"'
    return f"{opened}>{inner}</node>" if inner else f"{opened} />"


def test_every_kind_of_leaf_and_only_leaves() -> None:
    row = "".join(
        [
            node("android.widget.ImageView", "[0,0][10,10]", content_desc="Photo", text="cat"),
            node("android.widget.ImageView", "[0,0][10,10]", text="only text"),
            node("com.app.BottomNavigationItemIconView", "[0,0][10,10]"),
            node("androidx.appcompat.view.menu.ActionMenuItemView", "[0,0][10,10]", text="Add"),
            node("android.widget.EditText", "[0,0][10,10]", resource_id="pkg:id/search_src"),
            node("android.widget.TextView", "[0,0][10,10]", text="two&#10;lines &lt;b&gt;"),
            node("android.widget.TextView", "[5,5][5,9]", text="empty bounds"),
            node("android.widget.CheckBox", "[0,10][10,20]", long_clickable="true"),
        ]
    )
    xml = (
        "<hierarchy>"
        + node("android.widget.FrameLayout", "[0,0][100,100]", row, clickable="true")
        + node("android.widget.Button", "[0,20][50,40]", text="Say &quot;hi&quot;")
        + "</hierarchy>"
    )
    assert mobile_env_html(leaf_elements(parse(xml))).splitlines() == [
        '<img alt="Photo: cat" id="0" clickable="true" long-clickable="false">',
        '<img alt="only text" id="1" clickable="true" long-clickable="false">',
        '<img id="2" clickable="true" long-clickable="false">',
        '<button id="3" clickable="true" long-clickable="false">Add</button>',
        '<input class="search src" type="text" id="4" clickable="true" long-clickable="false">',
        '<p id="5" clickable="true" long-clickable="false">two&#10;lines &lt;b&gt;</p>',
        '<div id="6" clickable="true" long-clickable="true"></div>',
        '<button id="7" clickable="false" long-clickable="false">Say "hi"</button>',
    ]


def test_ids_number_the_leaves_the_actions_address() -> None:
    env = make()
    observation, _ = env.reset(seed=0)
    lines = observation["html"].splitlines()
    assert [element_id(line, "id=") for line in lines] == list(range(len(lines)))
    wrapper = env
    while not isinstance(wrapper, MobileEnvActions):
        wrapper = wrapper.env  # type: ignore[assignment]
    leaves = wrapper.elements()
    assert [leaf.index for leaf in leaves] == list(range(len(lines)))
    assert leaves == list(leaf_elements(parse(env.unwrapped.device.hierarchy_xml())))


# the presets --------------------------------------------------------------------------------
@pytest.mark.filterwarnings("ignore:.*different from the unwrapped version")
def test_the_presets_build_and_pass_the_env_checker() -> None:
    env = make(max_steps=20)
    assert isinstance(env.action_space, UnicodeText)
    assert set(env.observation_space.spaces) == {"instruction", "html"}  # type: ignore[attr-defined]
    chain, inner = [], env
    while isinstance(inner, gym.Wrapper):
        chain.append(type(inner))
        inner = inner.env
    assert chain.index(StepCap) < chain.index(MobileEnvHtml) < chain.index(MobileEnvActions)
    check_env(env, skip_render_check=True)


def test_keep_screen_keeps_the_screenshot() -> None:
    env = make(observation_options={"keep_screen": True})
    observation, _ = env.reset(seed=0)
    assert set(observation) == {"instruction", "html", "screen"}


# the actions --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("reply", "written", "name"),
    [
        ("<action>CLICK(3)</action>", "CLICK(3)", "TAP"),
        ("<think>hmm</think>\n<action> LONG_CLICK(2) </action>", "LONG_CLICK(2)", "LONG_TAP"),
        ("<action>LONGCLICK(2)</action>", "LONG_CLICK(2)", "LONG_TAP"),
        ("<action>INPUT(1, 'hello')</action>", 'INPUT(1, "hello")', "TYPE"),
        ('<action>SCROLL("UP")</action>', 'SCROLL("UP")', "SCROLL"),
        ("<action>scroll('left')</action>", 'SCROLL("LEFT")', "SCROLL"),
        ("<action>GOBACK()</action>", "GOBACK()", "GOBACK"),
        ('<action>ANSWER("42")', 'ANSWER("42")', "ANSWER"),
        ("<action>DO_NOTHING()</action>", "DO_NOTHING()", "WAIT"),
        ("<action>NOTHING()</action>", "DO_NOTHING()", "WAIT"),
    ],
)
def test_every_call(reply: str, written: str, name: str) -> None:
    action = parse_mobile_env_action(reply)
    assert (str(action), action.name) == (written, name)


def test_the_wifi_task_solved_by_clicking_leaves() -> None:
    env = make()
    observation = open_network_page(env)
    switch = element_id(observation["html"], ">Wi-Fi<")
    assert switch == 7
    observation, reward, terminated, truncated, info = act(env, f"CLICK({switch})")
    assert (reward, terminated, truncated) == (1.0, True, False)
    assert info["parsed_action"] == "CLICK(7)"
    assert info["invalid_action"] is False
    assert info["action_error"] is None


class Recorder(gym.Wrapper):
    """Keeps the touch-level actions that reach the env."""

    def __init__(self, env: gym.Env) -> None:
        super().__init__(env)
        self.sent: list[dict[str, Any]] = []

    def step(self, action: dict[str, Any]) -> Any:
        self.sent.append(action)
        return self.env.step(action)


def test_input_types_into_the_field_and_presses_enter() -> None:
    recorder = Recorder(gym.make(WIFI).unwrapped)
    env = MobileEnvHtml(MobileEnvActions(recorder))
    env.reset(seed=0)
    observation, *_ = act(env, 'SCROLL("DOWN")')
    field = element_id(observation["html"], "<input")
    recorder.sent.clear()
    observation, _, _, _, info = act(env, f'INPUT({field}, "Notes")')
    assert info["parsed_action"] == f'INPUT({field}, "Notes")'
    assert info["action_error"] is None
    assert 'class="search box" value="Notes"' in observation["html"]
    kinds = [int(action["action_type"]) for action in recorder.sent]
    assert kinds[0] == ActionType.TOUCH and kinds[-2:] == [ActionType.TEXT, ActionType.KEY]
    assert recorder.sent[-2]["text"] == "Notes"
    assert recorder.sent[-1]["key"] == base_action(ActionType.KEY, key="ENTER")["key"]


def test_scroll_and_goback() -> None:
    env = make()
    observation, _ = env.reset(seed=0)
    assert "Search apps" not in observation["html"]
    observation, _, _, _, info = act(env, 'SCROLL("DOWN")')
    assert "Search apps" in observation["html"] and info["action_error"] is None
    observation, *_ = click(env, observation, ">Settings<")
    assert ">Network &amp; internet<" in observation["html"]
    observation, _, _, _, info = act(env, "GOBACK()")
    assert ">Network &amp; internet<" not in observation["html"]
    assert info["action_error"] is None


def test_answer_reaches_the_answer_signal() -> None:
    env = make(NOTES)
    observation, _ = env.reset(seed=0)
    place = re.search(r'"Locker at the ([^"]+)"', observation["instruction"])
    assert place is not None
    observation, *_ = click(env, observation, 'alt="Notes"')
    observation, *_ = click(env, observation, f">Locker at the {place.group(1)}<")
    code = re.search(r"Door code: (\d{4})", observation["html"])
    assert code is not None
    _, reward, terminated, _, info = act(env, f'ANSWER("The door code is {code.group(1)}.")')
    assert terminated and reward >= 1.0
    assert info["parsed_action"] == f'ANSWER("The door code is {code.group(1)}.")'


@pytest.mark.parametrize(
    ("reply", "says"),
    [
        ("CLICK(3)", "no <action>"),
        ("<think>CLICK(3)</think>", "no <action>"),
        ("<action></action>", "holds no call"),
        ("<action>CLICK(3</action>", "not a call"),
        ("<action>CLICK</action>", "not a call"),
        ("<action>os.system('ls')</action>", "not a call"),
        ("<action>TAP(3)</action>", "unknown function 'TAP'"),
        ("<action>CLICK()</action>", "CLICK takes 1 argument"),
        ("<action>CLICK(1, 2)</action>", "CLICK takes 1 argument"),
        ("<action>CLICK(id=1)</action>", "CLICK takes 1 argument"),
        ("<action>CLICK('3')</action>", "id must be an element id"),
        ("<action>CLICK(True)</action>", "id must be an element id"),
        ("<action>CLICK(-1)</action>", "element ids start at 0"),
        ("<action>CLICK(x)</action>", "id must be a literal"),
        ("<action>CLICK(999)</action>", "element 999 does not exist"),
        ("<action>INPUT(5)</action>", "INPUT takes 2 argument"),
        ("<action>INPUT(5, 7)</action>", "text must be a string"),
        ('<action>INPUT(1, "")</action>', "type needs text to type"),
        ('<action>ANSWER(" ")</action>', "answer needs text (not only spaces)"),
        ('<action>SCROLL("SIDEWAYS")</action>', "direction must be"),
        ("<action>SCROLL(1)</action>", "direction must be a string"),
        ("<action>GOBACK(1)</action>", "GOBACK takes 0 argument"),
        ("<action>ANSWER()</action>", "ANSWER takes 1 argument"),
        ("<action>CLICK(" + "(" * 500 + "1" + ")" * 500 + ")</action>", ""),
        ("<action>CLICK(" + "9" * 5000 + ")</action>", ""),
    ],
)
def test_malformed_actions_wait_a_frame_and_say_why(reply: str, says: str) -> None:
    env = make()
    observation, _ = env.reset(seed=0)
    before = env.unwrapped.device.hierarchy_xml()
    after, _, terminated, truncated, info = env.step(reply)
    assert says in info["action_error"]
    assert info["action_error"].startswith("invalid action: ")
    assert "<action>CALL</action>" in info["action_error"]
    assert info["invalid_action"] is True and info["parsed_action"] is None
    assert (terminated, truncated) == (False, False)
    assert after["html"] == observation["html"]
    assert env.unwrapped.device.hierarchy_xml() == before


def test_a_non_string_reply_is_refused_too() -> None:
    with pytest.raises(MobileEnvActionError):
        parse_mobile_env_action(3)  # type: ignore[arg-type]
