"""The XPath fast path (``mobile_gym.tasks.xpath_fast`` over ``hierarchy.nodes``) gives exactly
what lxml gives over the XML dump, on real screens; anything outside its subset is left to lxml."""

from __future__ import annotations

from typing import Any

import pytest
from lxml import etree

from mobile_gym import actions
from mobile_gym.device.sim import SimDevice
from mobile_gym.geometry import Rect
from mobile_gym.hierarchy import ATTRIBUTES, Node, attribute, dump, parse
from mobile_gym.sim import Phone
from mobile_gym.sim.display import Display
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.keyboard import IME_PACKAGE
from mobile_gym.sim.system.launcher import LAUNCHER
from mobile_gym.sim.ui.hierarchy import nodes
from mobile_gym.sim.ui.view import Column, FrameLayout, LinearLayout, View
from mobile_gym.sim.ui.widgets import EditText, TextView
from mobile_gym.tasks import schema as s
from mobile_gym.tasks.signals import AgentRecord, Observer, SignalProbe
from mobile_gym.tasks.xpath_fast import FastXPath, compile_xpath
from mobile_gym.tasks.xpath_regex import compile_task_xpath
from tests.sim.conftest import open_drawer
from tests.tasks.tasktools import SETTINGS, centre, make_env

NOTES = "com.simplemobiletools.notes.pro"
TRICKY = 'it\'s "quoted" & <b>\nline 2 Zoë ✓'
"""Typed into a note: quotes, ampersand, angle brackets, a newline, non-ASCII."""


class Screen:
    """One moment of the phone: its dump (parsed by lxml) and its nodes, taken together."""

    def __init__(self, name: str, windows: list[View], xml: str) -> None:
        self.name = name
        self.root = etree.fromstring(xml.encode("utf-8"))
        self.nodes = nodes(windows)

    def __repr__(self) -> str:
        return self.name


def _take(name: str, phone: Phone) -> Screen:
    return Screen(name, phone.windows(), phone.hierarchy_xml())


class _Hidden(FrameLayout):
    """Not an accessibility node: its children are dumped as its parent's."""

    in_hierarchy = False


def _synthetic() -> Screen:
    """A hand-built tree with values that need escaping, an id holding ``:``, a view that is
    not a node, a nested package and a view with no visible part."""
    d = Display()
    root = LinearLayout(
        package="x.y",
        children=[
            TextView("it's", id="apostrophe"),
            TextView('say "hi"', id="quote", desc="a & b <c> d"),
            TextView("line1\nline2\r\tend", id="android:id/ws"),
            TextView("a\x01b\x1fc", desc="ctl\x00", on_click=lambda: None),
            _Hidden(
                width=-1,
                children=[TextView("inside", id="inner"), TextView("", on_click=lambda: None)],
            ),
            Column(TextView("Zoë ✓ 😀", id="uni"), package="other.pkg"),
            TextView("zero", width=0),
            TextView("", desc="", id="empty"),
            EditText("secret", input_type="password", on_change=print, on_focus=print, id="pw"),
            EditText("", hint="Name", on_change=print, on_focus=print, focused=True),
            TextView("Tab", selected=True, on_click=lambda: None),
            TextView("Off", enabled=False, on_click=lambda: None),
        ],
    )
    screen = Rect(0, 0, d.width, d.height)
    root.layout(d, screen, screen)
    return Screen("synthetic", [root], dump(nodes([root])))


def _screens() -> list[Screen]:
    out = [_synthetic()]
    phone = Phone(seed=0)
    driver = Driver(phone)
    out.append(_take("home", phone))
    open_drawer(driver)
    out.append(_take("drawer", phone))
    driver.tap(text="Settings")
    out.append(_take("settings", phone))
    driver.tap(id="display")
    out.append(_take("settings display", phone))
    driver.tap(id="dark_theme_switch")
    out.append(_take("settings display, dark", phone))
    phone.start_activity(SETTINGS, ".Settings$NetworkDashboardActivity")
    out.append(_take("settings network, dark", phone))

    phone = Phone(seed=11)
    driver = Driver(phone)
    driver.tap(desc="Contacts")
    out.append(_take("contacts list", phone))
    # records are read later than they are taken (once per UI change): those taken before
    # a scroll, or in the middle of one, must still read their own moment
    x, y = phone.display.width / 2, phone.display.height * 0.7
    phone.touch(x, y)
    for step in range(1, 6):
        phone.touch(x, y - step * 60)
    out.append(_take("contacts list mid-drag", phone))
    phone.lift()
    phone.wait(500)
    out.append(_take("contacts list scrolled", phone))
    driver.tap(id="item_contact_name")
    out.append(_take("contact detail", phone))
    driver.tap(desc="Edit")
    driver.tap(id="contact_number")
    assert driver.exists(package=IME_PACKAGE)
    out.append(_take("contact editor with keyboard", phone))
    driver.key("BACK")
    driver.key("BACK")
    driver.key("BACK")
    driver.tap(desc="Search")
    driver.type_into("an", id="search_query")
    out.append(_take("contacts search", phone))

    phone = Phone(seed=0)
    driver = Driver(phone)
    driver.tap(content_desc="Notes", package=LAUNCHER)
    out.append(_take("notes list", phone))
    driver.tap(id="fab")
    assert driver.exists(resource_id="android:id/alertTitle")
    out.append(_take("notes new-note dialog", phone))
    driver.type_into("Tricky", id="note_title_input")
    driver.tap(resource_id="android:id/button1")
    driver.type_into(TRICKY, id="text_view")
    out.append(_take("note with tricky text", phone))
    return out


SCREENS = _screens()

SUBSET = [
    "//node",
    "count(//node)",
    "//node[@clickable='true']",
    '//node[@clickable="true"]',
    "//node[@clickable!='true']",
    "//node[@NAF='true']",
    "//node[@NAF!='true']",
    "//node[@NAF]",
    "//node[not(@NAF)]",
    "//node[@text='Settings']",
    "//node[@text='Network & internet']",
    "//node[@text='Wi-Fi' or @text='Network & internet']",
    "//node[contains(@text, 'e')]",
    "//node[contains(@text,'an')]",
    "//node[contains(@text, '')]",
    "//node[starts-with(@resource-id, 'com.android.settings:id/')]",
    "//node[starts-with(@text, 'S')]",
    "//node[@checkable='true' and @checked='true']",
    "//node[@checkable='true' and @checked='false']",
    "//node[@checkable='true' or @scrollable='true']",
    "//node[not(@enabled='true')]",
    "//node[(@clickable='true' or @long-clickable='true') and not(@text='')]",
    "//node[@class='android.widget.Switch'][@checked='true']",
    "//node[@class='android.widget.TextView'][contains(@text, 'a')][@clickable='false']",
    "count(//node[@class='android.widget.TextView'])",
    "count(//node[@text!=''])",
    "count(//node[contains(@bounds, '[0,')])",
    "count(//node[@resource-id=''])",
    "//node[@package='com.android.systemui']",
    f"//node[@package='{IME_PACKAGE}']",
    "//node[@index='0']",
    "//node[@index='3']",
    "//node[@focused='true']",
    "//node[@focusable='true']",
    "//node[@password='true']",
    "//node[@scrollable='true']",
    "//node[@selected='true']",
    "//node[@bounds='[0,0][1080,2400]']",
    "//node[@content-desc='Navigate up']",
    '//node[@content-desc="Search"]',
    "//node[@resource-id='com.simplemobiletools.contacts.pro:id/item_contact_name']",
    "count(//node[@resource-id='com.simplemobiletools.contacts.pro:id/item_contact_name'])",
    f"//node[@resource-id='{NOTES}:id/note_item']",
    f"//node[@resource-id='{NOTES}:id/text_view'][contains(@text, 'quoted')]",
    "//node[@resource-id='android:id/alertTitle' and @text='New note']",
    "//node[@resource-id='android:id/ws']",
    "//node[@resource-id='x.y:id/apostrophe']",
    "//node[@resource-id='other.pkg:id/uni']",
    # missing attributes: an empty node-set
    "//node[@foo]",
    "//node[@foo='']",
    "//node[@foo!='x']",
    "//node[not(@foo='x')]",
    "//node[contains(@foo, '')]",
    "//node[starts-with(@foo, '')]",
    "//node[contains(@foo, 'x')]",
    "//node[@and='x' or @or]",
    # literals and booleans
    "//node['']",
    "//node['x']",
    "//node[true()]",
    "//node[false()]",
    "//node[not(false())]",
    "//node['a'='a']",
    "//node['a'!='a']",
    "//node['Settings'=@text]",
    "//node['x'!=@text]",
    "//node[contains('abc', @text)]",
    "//node[starts-with(@content-desc, @text)]",
    "//node[@text=@content-desc]",
    "//node[@text!=@content-desc]",
    "//node[@text=@foo]",
    "//node[@foo!=@text]",
    "//node[@checked=true()]",
    "//node[@NAF=false()]",
    "//node[@NAF!=true()]",
    "//node[contains(@text, 'a')=false()]",
    "//node[true()=(@text='Settings')]",
    "//node['x'=true()]",
    "//node[''=true()]",
    # precedence, nesting, whitespace
    "//node[@foo='x' or @clickable='true' and @enabled='false']",
    "//node[(@foo='x' or @clickable='true') and @enabled='false']",
    "//node[not(not(@clickable='true'))]",
    "//node[(((@clickable='true')))]",
    " // node [ @ text = 'Settings' ] ",
    "//node[\n@text='Settings'\tor @text = 'Display'\r]",
    "count( //node )",
    # top level booleans
    "boolean(//node[@text='Settings'])",
    "not(//node[@text='Settings'])",
    "not(//node)",
    "boolean(//node[@foo])",
    "count(//node[@clickable='true']) > 5",
    "count(//node) = 0",
    "count(//node)!=0",
    "count(//node[@text='x'])<1",
    "count(//node) >= 3",
    "count(//node) <= 1000",
    "count(//node[@checkable='true']) = 3",
    # the tricky values, unescaped
    '//node[@text="it\'s"]',
    "//node[@text='say \"hi\"']",
    "//node[@content-desc='a & b <c> d']",
    "//node[@text='line1\nline2\r\tend']",
    "//node[contains(@text, '\t')]",
    "//node[contains(@text, '\n')]",
    "//node[@text='abc']",
    "//node[@content-desc='ctl']",
    "//node[@text='Zoë ✓ 😀']",
    "//node[contains(@text, '😀')]",
    "//node[@text='inside' and @index='4']",
    "//node[@text='zero']",
    '//node[starts-with(@text, "it\'s ") and contains(@text, \'"quoted" & <b>\nline 2 Zoë ✓\')]',
    "//node[contains(@text, '&') and contains(@text, '<b>')]",
    # string functions: translate (text in any case), concat, normalize-space
    "//node[translate(@text, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')='settings']",
    "//node[contains(translate(@text, 'SETING', 'seting'), 'setting')]",
    "count(//node[contains(translate(@text, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), 'a')]) > 2",
    "//node[translate(@text, 'abcdefghijklmnopqrstuvwxyz', 'AB')=@text]",  # letters past 'b' go
    "//node[translate(@text, 'eee', 'xyz')!=translate(@text, 'e', 'x')]",  # the first place counts
    "//node[translate(@text, 'ëo😀', 'eO')=@content-desc]",
    "//node[translate(@text, '', '')!=@text]",
    "//node[translate(@foo, 'a', 'b')='']",  # a missing attribute is the empty string
    "//node[@foo=translate(@text, 'a', 'b')]",
    "//node[@foo!=translate(@text, 'a', 'b')]",
    "//node[translate(@text, 'a', 'b')=@foo]",
    "//node[translate(@text, 'S', 's')!=@content-desc]",
    "//node[translate(@text, 'ABC', 'abc')]",
    "//node[translate(@text, 'a', 'b')=true()]",
    "//node[translate('Zoë', 'ë', 'e')='Zoe']",
    "//node[translate(@content-desc, translate(@text, 'x', 'y'), @text)=@content-desc]",
    "//node[concat(@text, '|', @content-desc)='|']",
    "//node[@text=concat('Set', 'tings')]",
    "//node[concat(@text, @text, @text)=@text]",
    "//node[starts-with(@resource-id, concat(@package, ':id/'))]",
    "//node[contains(concat(@foo, @text), 'ing')]",
    "//node[normalize-space(@text)!=@text]",
    "//node[normalize-space(@text)='line1 line2 end']",
    "//node[normalize-space(@foo)='']",
    "//node[normalize-space('  a \t b ')='a b']",
    "//node[not(normalize-space(@text))]",
    "//node[contains(normalize-space(@text), 'quoted\" & <b> line')]",
    "//node[translate(normalize-space(@text), ' ', '_')='line1_line2_end']",
    "//node[@scrollable='true']//node[translate(@text, 'W', 'w')='wi-Fi']",
    # further steps: children and descendants of what the steps before select
    "//node/node",
    "//node[@clickable='true']/node",
    "//node//node",
    "//node/node/node",
    "//node//node//node//node",
    "count(//node/node)",
    "count(//node//node)",
    "count(//node[@scrollable='true']/node) > 2",
    "//node[@scrollable='true']/node[@clickable='true']",
    "count(//node[@scrollable='true']//node[@clickable='true'])",
    "//node[@scrollable='true']//node[contains(@text, 'a')][@clickable='false']",
    "//node[@package='com.android.systemui']/node",
    f"//node[@package='{IME_PACKAGE}']/node/node[@text='q']",
    "count(//node[contains(@resource-id, 'keyboard_view')]//node[@clickable='true'])",
    "//node[@class='android.widget.FrameLayout']//node[@text='Settings']",
    "//node[@index='0']/node[@index='0']/node[@index='0']",
    "//node[@text='Settings']/node",
    "boolean(//node[@package='x.y']//node[@resource-id='x.y:id/inner'])",
    "not(//node[@package='x.y']/node[@resource-id='x.y:id/inner'])",
    "//node[@package='x.y']/node[@text='']",
    "//node[@package='other.pkg']/node[@resource-id='other.pkg:id/uni']",
    "//node[not(@NAF)]//node[@focused='true']",
    f"//node[@resource-id='{NOTES}:id/notes_list']/node",
    f"count(//node[starts-with(@resource-id, '{NOTES}')]//node)",
    " // node [ @scrollable = 'true' ] / node // node ",
]

REGEX_SUBSET = [
    "//node[re:test(@text, '^Set')]",
    "//node[re:test(@text, 'settings', 'i')]",
    "//node[re:test(@text, 'settings', 'gi')]",
    "//node[re:test(@text, '\\bWi-?Fi\\b') and @clickable='false']",
    "//node[re:test(@class, 'Switch$') or re:test(@text, '^D')]",
    "count(//node[re:test(@package, '^com\\.android\\.')]) > 3",
    "//node[not(re:test(@text, '.'))]",
    "//node[re:test(@foo, '^$')]",  # a missing attribute reads as ''
    "//node[re:test('Settings', 'S')]",
    "//node[re:test(@text, '\"quoted\" & <b>\\nline')]",
    "//node[re:test(@text, '(?s)quoted.*Zoë')]",
    "//node[re:test(@text, 'a{2,}|Zo[eë]')]",
    "//node[@scrollable='true']//node[re:test(@text, '^[A-Z]')]",
    "//node[re:test(translate(@text, 'SETING', 'seting'), '^set')]",
    "//node/node[re:test(@text, 'a')]",
]
"""``re:test`` calls the fast path runs itself."""

UNSUPPORTED = [
    "/hierarchy/node",
    "//node/*",
    "//node/..",
    "//node[@text='Settings']/following::node",
    "//node//node[1]",
    "//node[@text='Settings']/node()",
    "//hierarchy",
    "//*",
    "//*[@text='Settings']",
    "//node[1]",
    "//node[last()]",
    "//node[position()=1]",
    "//node[@text='Settings'][1]",
    "(//node)[1]",
    "//node[@index=0]",
    "//node[@index>0]",
    "//node[@index<'3']",
    "//node[text()]",
    "//node()",
    "//node[string-length(@text)>3]",
    "//node[normalize-space()='Settings']",
    "//node[normalize-space(@text, 'a')='Settings']",
    "//node[translate(@text, 'a')='x']",
    "//node[concat(@text)='x']",
    "//node[concat(@text, true())='x']",
    "//node[string(@text)='x']",
    "//node[contains(@text)]",
    "//node[contains(@text, 'a', 'b')]",
    "//node[not()]",
    "//node[@text='a' = 'b']",
    "//node | //hierarchy",
    "string(//node/@text)",
    "//node/@text",
    "count(//node) + 1",
    "count(//node) = 3.5",
    "count(//node) = '3'",
    "3 = count(//node)",
    "sum(//node/@index)",
    "//node[@*='x']",
    "descendant::node",
    "//node[ancestor::node]",
    "//node[.//node]",
    "//node[-1]",
    "//node[contains(@text, true())]",
    "boolean(@text)",
    "not(@text='x')",
    "true()",
    "'x'",
    "//node[re:test(@text, concat('a', 'b'))]",
    "//node[re:test(@text, @text)]",
    "//node[re:test(@text, 'a', @text)]",
    "//node[re:test(@text)]",
]

MALFORMED = [
    "//node[@text=",
    "//node[",
    "//node[@text='x'",
    "count(//node",
    "//node]]",
    "",
    "//node[@text=='x']",
    "//node[@]",
    "//node[@text='x' and]",
    "//node[@text=\"x']",
]


def _lxml(expression: str, screen: Screen) -> Any:
    return compile_task_xpath(expression)(screen.root)


def _as_fast(result: Any) -> Any:
    """lxml's result as the fast path gives it (a node list: its length)."""
    return len(result) if isinstance(result, list) else result


def _compiled(expression: str) -> FastXPath:
    compiled = compile_xpath(expression)
    assert compiled is not None, expression
    return compiled


# the nodes are the dump ----------------------------------------------------------------
@pytest.mark.parametrize("screen", SCREENS, ids=repr)
def test_nodes_have_exactly_the_attributes_of_the_dump(screen: Screen) -> None:
    elements = list(screen.root.iter("node"))
    assert len(screen.nodes) == len(elements) > 0
    for node, element in zip(screen.nodes, elements, strict=True):
        for name in {*element.attrib, *ATTRIBUTES, "foo", "NAF"}:
            assert attribute(name)(node) == element.get(name), (name, element)


@pytest.mark.parametrize("screen", SCREENS, ids=repr)
def test_the_dump_parses_back_into_the_same_nodes(screen: Screen) -> None:
    xml = etree.tostring(screen.root, encoding="unicode")
    assert parse(xml) == screen.nodes
    assert parse(dump(screen.nodes)) == screen.nodes


def test_the_tricky_values_reach_both_forms() -> None:
    synthetic, note = SCREENS[0], SCREENS[-1]
    assert synthetic.root.find(".//node[@text='abc']") is not None  # control characters dropped
    assert sum(node.text == TRICKY for node in note.nodes) == 1
    assert [n.get("text") for n in note.root.iter("node")].count(TRICKY) == 1


def test_sim_device_gives_the_nodes_of_its_dump() -> None:
    device = SimDevice()
    device.reset(0)
    device.start(SETTINGS, None)
    found = device.nodes()
    root = etree.fromstring(device.hierarchy_xml().encode("utf-8"))
    assert [node.text for node in found] == [n.get("text") for n in root.iter("node")]
    assert parse(device.hierarchy_xml()) == found


# the fast path is lxml -----------------------------------------------------------------------
@pytest.mark.parametrize("expression", SUBSET)
def test_fast_path_gives_what_lxml_gives(expression: str) -> None:
    compiled = _compiled(expression)
    assert (
        compiled.kind
        == {list: "nodes", float: "number", bool: "boolean"}[type(_lxml(expression, SCREENS[0]))]
    )
    for screen in SCREENS:
        expected = _as_fast(_lxml(expression, screen))
        got = compiled.result(screen.nodes)
        assert type(got) is type(expected), screen
        assert got == expected, screen


def test_the_subset_selects_something_somewhere() -> None:
    """The comparisons above are not vacuous: most expressions select nodes (or are true) on
    some screen, and give different results on different screens."""
    somewhere = varies = 0
    for expression in SUBSET:
        results = [_as_fast(_lxml(expression, screen)) for screen in SCREENS]
        somewhere += any(results)
        varies += len(set(results)) > 1
    assert somewhere > len(SUBSET) * 0.8
    assert varies > len(SUBSET) * 0.6


@pytest.mark.parametrize("expression", REGEX_SUBSET)
def test_fast_path_runs_re_test_as_lxml_does(expression: str) -> None:
    compiled = _compiled(expression)
    results = []
    for screen in SCREENS:
        expected = _as_fast(_lxml(expression, screen))
        assert compiled.result(screen.nodes) == expected, screen
        results.append(expected)
    assert any(results), "selects nothing anywhere"


def test_lxmls_own_regex_functions_are_off() -> None:
    # EXSLT's re:match and re:replace (Python's re, no time limit) are not registered
    with pytest.raises(etree.XPathEvalError):
        _lxml("//node[re:match(@text, 'S')]", SCREENS[0])


@pytest.mark.parametrize("expression", UNSUPPORTED)
def test_outside_the_subset_is_left_to_lxml(expression: str) -> None:
    compile_task_xpath(expression)  # valid XPath
    assert compile_xpath(expression) is None


@pytest.mark.parametrize("expression", MALFORMED)
def test_malformed_xpath_raises_value_error_with_lxmls_message(expression: str) -> None:
    with pytest.raises(etree.XPathSyntaxError) as lxml_error:
        etree.XPath(expression)
    with pytest.raises(ValueError) as caught:
        compile_xpath(expression)
    assert str(caught.value) == f"invalid XPath {expression!r}: {lxml_error.value}"
    with pytest.raises(ValueError) as from_probe:
        SignalProbe("bad", s.XPathSignal(xpath=expression))
    assert (
        str(from_probe.value) == f"signal 'bad': invalid XPath {expression!r}: {lxml_error.value}"
    )


# signals judge alike either way ---------------------------------------------------------------
class _XmlOnly:
    """A device whose nodes are parsed from its XML (as over ADB)."""

    def __init__(self, screen: Screen) -> None:
        self.xml = etree.tostring(screen.root, encoding="unicode")

    def hierarchy_xml(self) -> str:
        return self.xml

    def nodes(self) -> tuple[Node, ...]:
        return parse(self.xml)


class _NodesOnly:
    """A device whose XML must not be read."""

    def __init__(self, screen: Screen) -> None:
        self._nodes = screen.nodes

    def nodes(self) -> tuple[Node, ...]:
        return self._nodes

    def hierarchy_xml(self) -> str:
        raise AssertionError("the fast path read the XML")


def _observers(screen: Screen) -> tuple[Observer, Observer]:
    agent = AgentRecord()
    return (
        Observer(_NodesOnly(screen), agent, 0),  # type: ignore[arg-type]
        Observer(_XmlOnly(screen), agent, 0),  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("expression", SUBSET)
def test_signal_values_match_lxml_with_and_without_count(expression: str) -> None:
    counts = [None, 0, 1, 2, 3, 7]
    probes = [SignalProbe("x", s.XPathSignal(xpath=expression, count=c)) for c in counts]
    assert all(p._fast is not None for p in probes)
    for screen in SCREENS:
        fast, slow = _observers(screen)
        for probe in probes:
            assert probe.evaluate(fast) == probe.evaluate(slow), (screen, probe.spec.count)


@pytest.mark.parametrize("screen", SCREENS, ids=repr)
def test_screen_texts_match_lxml(screen: Screen) -> None:
    fast, slow = _observers(screen)
    assert fast.texts() == slow.texts()


def test_unsupported_xpath_reads_the_xml_even_when_records_exist() -> None:
    screen = SCREENS[3]  # settings
    probe = SignalProbe("x", s.XPathSignal(xpath="//node[@text='Settings']/following::node"))
    assert probe._fast is None
    fast, slow = _observers(screen)
    with pytest.raises(AssertionError, match="read the XML"):
        probe.evaluate(fast)
    assert isinstance(probe.evaluate(slow), bool)


# in the env -------------------------------------------------------------------------------------
def test_env_judges_xpath_signals_without_dumping(monkeypatch: pytest.MonkeyPatch) -> None:
    wifi = f"{SETTINGS}:id/wifi_switch"
    env = make_env(
        signals={
            "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
            "switch_off": {"xpath": f"//node[@resource-id='{wifi}' and @checked='false']"},
            "switches": {"xpath": "count(//node[@class='android.widget.Switch'])", "count": 3},
            "wifi_named": {  # in any case, as search tasks compare text
                "xpath": "//node[translate(@text, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',"
                " 'abcdefghijklmnopqrstuvwxyz')='wi-fi']"
            },
        },
        events=[
            {"id": "off", "when": "switch_off", "reward": 0.5},
            {"id": "three", "when": "switches", "reward": 0.25},  # holds at reset: not paid
            {"id": "named", "when": "wifi_named", "reward": 0.125},  # likewise
            {"id": "done", "when": "wifi_off", "reward": 1.0, "end": "success"},
        ],
    )

    def no_dump(self: SimDevice) -> str:
        raise AssertionError("dumped")

    with monkeypatch.context() as barred:
        barred.setattr(SimDevice, "hierarchy_xml", no_dump)
        _, info = env.reset(seed=0)
    assert info["events"] == ["three", "named"]
    x, y = centre(env, id="wifi_switch")  # aimed by the dump
    with monkeypatch.context() as barred:
        barred.setattr(SimDevice, "hierarchy_xml", no_dump)
        _, reward, terminated, _, info = actions.play(env, actions.click(x, y))
    assert info["events"] == ["off", "done"]
    assert terminated and reward == pytest.approx(1.5)


@pytest.mark.parametrize(
    ("argument", "text"),
    [
        ("number('a')", "NaN"),
        ("1 div 0", "Infinity"),
        ("2.5", "2.5"),
        ("3", "3"),
        ("true()", "true"),
        ("//node[@text='Settings']", "Settings"),  # a node: its string value
        ("//node[@text='Settings']/@text", "Settings"),
        ("//node[@text='No such text']/@text", ""),
    ],
)
def test_re_test_reads_its_argument_as_xpaths_string(argument: str, text: str) -> None:
    exact = compile_task_xpath(f"re:test({argument}, '^{text}$')")
    other = compile_task_xpath(f"re:test({argument}, '^{text}.$')")
    root = etree.fromstring('<hierarchy><node text="Settings">Settings</node></hierarchy>')
    assert exact(root) is True and other(root) is False
