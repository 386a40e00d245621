"""mobile-gym's per-app cost rows for ``benchmarks/peers.py``: the hierarchy dump and the
paint on each app's heaviest screen, a reset on each app, and a scroll on a long Contacts list.

**Heaviest screen of an app.** Every shipped task's reference solution is played by the
oracle (``mobile_gym.agents.oracle.OracleAgent``, gesture actions) from ``reset(seed=0)``;
the screens it passes through are the one after the reset and the one after each solution
step. A screen counts for an app when the task names the app and the app is in the
foreground; its weight is the number of ``<node>``s in its dump. An app's heaviest screen
is its screen with the most nodes (the first met, in sorted task order, on a tie). It is
opened again for timing by playing the same steps, and its node count checked.

**Dump.** As ``common.projection_ms``: ``phone.invalidate(anew=True)`` then
``phone.hierarchy_xml()``: the app's window built, laid out and written from nothing, as
when the app opens the screen (what a step that opens it pays for its dump); the system's
windows (status and navigation bars, keyboard) stay as they are then.

**Paint.** On the same screen, two figures of a full-size (1080 x 2400) screenshot:
``repaint``, after ``phone.invalidate(repaint=True)`` (every pixel painted again, as
``common.projection_ms`` measures the Contacts list), and ``move``, after a drag that moves
the screen's content (a scroll of a list or a page, a pan of the map: a drag of 600 px
down the middle of the screen, then one back up, in turn), where only what changed needs
painting.

**Map view and web page.** The two screens painted from data rather than from widgets are
measured on their own, on a phone of seed 0 (``view_workloads``): Maps after a tap on the
"Restaurants" chip (the streets, the pins of the places found, the results sheet), panned
by a swipe to the left and one back; and Chrome on the arXiv site's HTML version of a paper
(text and tables), scrolled by the move's drags. Each has a dump and a move row.

**Reset.** ``env.reset()`` without a seed (so a new device seed, new seeded content, each
time) of the element-action, text-observation env of one task per app (``suite.task_per_app``),
in rounds; and of every shipped task, one after another (``every_task_resets``: the fastest
of a few per task), whose median, p90 and slowest task are given.

**Scroll.** A task defined here opens Contacts on its list, whose database holds exactly
``count`` contacts (the task's setup rows, inserted before the first observation). The agent
scrolls the list down and up in turn (element actions on the list, text observation): every
step shows other rows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import gymnasium as gym
import numpy as np
from rounds import Workload, cycling, gym_step, timed

from mobile_gym.agents.oracle import OracleAgent
from mobile_gym.registration import make_env
from mobile_gym.sim import Phone
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.input import InputEvent, drag
from mobile_gym.tasks.loader import shipped_tasks
from mobile_gym.tasks.schema import TaskSpec, parse_task
from mobile_gym.wrappers.element_actions import VERBS

SEED = 0
CONTACTS = "com.simplemobiletools.contacts.pro"
SCROLL_COUNTS = (20, 200, 2000)
MIDDLE_X, DRAG_TOP, DRAG_LENGTH = 540, 1000, 600
"""The move's drag: 600 px along the middle of the 1080 x 2400 screen."""
PAN_Y = 700
"""The height of the map view's swipes (above the results sheet)."""
MAPS, CHROME = "com.google.android.apps.maps", "com.android.chrome"
PAPER_PAGE = "arxiv.org/html/2508.15144"
SETTLE_MS = 500
_PREFIXES = {"com", "android", "simplemobiletools", "pro"}


@dataclass(frozen=True)
class Screen:
    """A screen of ``app`` reached by playing ``steps`` steps of ``task``'s reference
    solution from ``reset(seed=SEED)``; its dump has ``nodes`` nodes."""

    app: str
    task: str
    steps: int
    nodes: int


def app_name(package: str) -> str:
    """A short name for an app's package (``com.simplemobiletools.notes.pro``: ``notes``)."""
    return ".".join(p for p in package.split(".") if p not in _PREFIXES) or package


def _oracle_env(task_id: str) -> tuple[gym.Env, int, Callable[[], bool]]:
    """``task_id``'s env (gesture actions, text observation, no step cap) reset with
    ``SEED``, the number of steps of its reference solution, and a function that plays the
    next one and says whether the episode ended."""
    env = make_env(task_id, max_steps="none", action_space="gesture", observation="text")
    agent = OracleAgent()
    agent.attach(env)
    observation, info = env.reset(seed=SEED)
    agent.reset(env.unwrapped.instruction, info, seed=SEED)
    state = [observation, info]

    def play() -> bool:
        observation, _, terminated, truncated, info = env.step(agent.act(*state))
        state[:] = [observation, info]
        return bool(terminated or truncated)

    return env, len(env.unwrapped.episode.solution()), play


def _nodes(env: gym.Env) -> int:
    return env.unwrapped.device.hierarchy_xml().count("<node ")


def heaviest_screens(task_ids: list[str] | None = None) -> dict[str, Screen]:
    """Each app's heaviest screen (see the module docstring) over the reference solutions
    of every shipped task (or of ``task_ids``), by package, sorted."""
    best: dict[str, Screen] = {}
    tasks = shipped_tasks()
    for task_id in sorted(tasks if task_ids is None else task_ids):
        apps = tasks[task_id].apps
        env, steps, play = _oracle_env(task_id)
        try:
            for played in range(steps + 1):
                app = env.unwrapped.device.foreground()[0]
                if app in apps:
                    nodes = _nodes(env)
                    if app not in best or nodes > best[app].nodes:
                        best[app] = Screen(app, task_id, played, nodes)
                if played == steps or play():
                    break
        finally:
            env.close()
    return dict(sorted(best.items()))


def open_screen(screen: Screen) -> gym.Env:
    """An env showing ``screen`` (its steps played again); RuntimeError if it differs."""
    env, _, play = _oracle_env(screen.task)
    for _ in range(screen.steps):
        play()
    found = (env.unwrapped.device.foreground()[0], _nodes(env))
    if found != (screen.app, screen.nodes):
        env.close()
        raise RuntimeError(f"{screen} came out as {found} when played again")
    return env


def dump_workload(screen: Screen) -> Workload:
    """The view-hierarchy dump of ``screen`` shown anew (``Phone.invalidate(anew=True)``)."""
    env = open_screen(screen)
    phone = env.unwrapped.device.phone

    def dump() -> None:
        phone.invalidate(anew=True)
        phone.hierarchy_xml()

    name = app_name(screen.app)
    return Workload(f"dump_{name}", f"dump, {name}", "dumps", lambda n: timed(dump, n), env.close)


def repaint_workload(screen: Screen) -> Workload:
    """A full-size screenshot of ``screen`` with every pixel painted again."""
    env = open_screen(screen)
    phone = env.unwrapped.device.phone

    def repaint() -> None:
        phone.invalidate(repaint=True)
        phone.screenshot(1.0)

    name = app_name(screen.app)
    return Workload(
        f"repaint_{name}", f"repaint, {name}", "paints", lambda n: timed(repaint, n), env.close
    )


def move_workload(screen: Screen) -> Workload:
    """A drag that moves ``screen``'s content (down, then back up, in turn), then a
    full-size screenshot: the paint of a scroll or a pan."""
    env = open_screen(screen)
    phone = env.unwrapped.device.phone
    x, top, bottom = MIDDLE_X, DRAG_TOP, DRAG_TOP + DRAG_LENGTH
    drags = [drag(x, bottom, x, top), drag(x, top, x, bottom)]

    def move(events: list[InputEvent]) -> bool:
        phone.send_all(events)
        phone.screenshot(1.0)
        return False

    name = app_name(screen.app)
    return Workload(
        f"move_{name}",
        f"move, {name}",
        "moves",
        cycling(move, lambda: None, drags),
        env.close,
        granule=len(drags),
    )


def _phone_dump(phone: Phone, name: str, label: str) -> Workload:
    def dump() -> None:
        phone.invalidate(anew=True)
        phone.hierarchy_xml()

    return Workload(f"dump_{name}", f"dump, {label}", "dumps", lambda n: timed(dump, n))


def _phone_move(phone: Phone, name: str, label: str, drags: list[list[InputEvent]]) -> Workload:
    def move(events: list[InputEvent]) -> bool:
        phone.send_all(events)
        phone.screenshot(1.0)
        return False

    return Workload(
        f"move_{name}",
        f"move, {label}",
        "moves",
        cycling(move, lambda: None, drags),
        granule=len(drags),
    )


def map_view() -> Phone:
    """A phone showing Maps' map with the restaurants around the user pinned."""
    phone = Phone(seed=SEED)
    phone.launch(MAPS)
    phone.wait(SETTLE_MS)
    Driver(phone).tap(text="Restaurants", id="category_chip")
    if phone.hierarchy_xml().count("map_pin") < 2:
        raise RuntimeError("the map view shows fewer than two pins")
    return phone


def web_page() -> Phone:
    """A phone showing Chrome on a long page of the offline web (a paper's HTML version)."""
    phone = Phone(seed=SEED)
    phone.launch(CHROME)
    phone.wait(SETTLE_MS)
    driver = Driver(phone)
    driver.type_into(PAPER_PAGE, id="url_bar")
    driver.key("ENTER")
    if "android.webkit.WebView" not in phone.hierarchy_xml():
        raise RuntimeError(f"Chrome did not show {PAPER_PAGE}")
    return phone


def view_workloads() -> list[Workload]:
    """The dump and the move of the map view (panned by swipes) and of the web page
    (scrolled by drags)."""
    x, top, bottom = MIDDLE_X, DRAG_TOP, DRAG_TOP + DRAG_LENGTH
    scrolls = [drag(x, bottom, x, top), drag(x, top, x, bottom)]
    pans = [drag(900, PAN_Y, 180, PAN_Y), drag(180, PAN_Y, 900, PAN_Y)]
    on_map, on_page = map_view(), web_page()
    return [
        _phone_dump(on_map, "map_view", "map view"),
        _phone_move(on_map, "map_view", "map view", pans),
        _phone_dump(on_page, "web_page", "web page"),
        _phone_move(on_page, "web_page", "web page", scrolls),
    ]


def reset_workload(app: str, task_id: str) -> Workload:
    """``env.reset()`` with a new seed each time, of ``task_id``'s element / text env."""
    env = make_env(task_id, action_space="element", observation="text")
    env.reset(seed=SEED)
    name = app_name(app)
    return Workload(
        f"reset_{name}", f"reset, {name}", "resets", lambda n: timed(env.reset, n), env.close
    )


RESET_REPEATS = 5
"""Timed resets of each task for the every-task reset figures (the fastest one counts)."""


def every_task_resets(
    task_ids: list[str] | None = None, repeats: int = RESET_REPEATS
) -> tuple[dict[str, float], dict[str, Any]]:
    """Resets with a new seed (``env.reset()``: new seeded content each time) of the element /
    text env of every shipped task (or of ``task_ids``), one task after another: the fastest
    of ``repeats`` per task, after two resets untimed (the first of a process meets what it
    makes once, such as a font read). The median, p90 and max over the tasks (ms); and the
    slowest task and the number of tasks."""
    fastest: dict[str, float] = {}
    for task_id in sorted(shipped_tasks() if task_ids is None else task_ids):
        env = make_env(task_id, action_space="element", observation="text")
        try:
            env.reset(seed=SEED)
            env.reset()
            fastest[task_id] = min(timed(env.reset, 1).wall for _ in range(repeats)) * 1000
        finally:
            env.close()
    if not fastest:
        raise ValueError("no task to reset")
    slowest = max(fastest, key=fastest.__getitem__)
    p50, p90 = np.percentile(list(fastest.values()), [50, 90])
    costs = {
        "reset_tasks_p50_ms": float(p50),
        "reset_tasks_p90_ms": float(p90),
        "reset_tasks_max_ms": fastest[slowest],
    }
    return costs, {"reset_tasks": len(fastest), "reset_tasks_max_task": slowest}


def contacts_task(count: int) -> TaskSpec:
    """A task started on the Contacts list, with exactly ``count`` contacts, never done."""
    rows = [
        {"id": i + 1, "first_name": "Contact", "last_name": f"{i:05d}", "phone": f"555{i:07d}"}
        for i in range(count)
    ]
    data: dict[str, Any] = {
        "id": f"bench.contacts_{count}",
        "title": f"Scroll through {count} contacts",
        "suite": "bench",
        "apps": [CONTACTS],
        "min_steps": 1,
        "setup": {
            "database": [
                {
                    "package": CONTACTS,
                    "database": "contacts",
                    "table": "contacts",
                    "rows": rows,
                    "clear": True,
                }
            ],
            "start": {"package": CONTACTS},
        },
        "instruction": {"template": "Scroll through the contacts."},
        "signals": {"never": {"foreground": CONTACTS, "activity": ".NoSuchActivity"}},
        "events": [{"id": "done", "when": "never", "end": "success"}],
        "solution": [{"wait": 50}],
    }
    return parse_task(data, f"benchmarks/apps.py (contacts_task({count}))")


def scroll_workload(count: int) -> Workload:
    """Element actions scrolling the Contacts list of ``count`` contacts down, then up,
    with the text observation; checked to change the observation every step."""
    env = make_env(
        contacts_task(count), max_steps="none", action_space="element", observation="text"
    )
    observation, info = env.reset(seed=SEED)
    index = next(e["index"] for e in info["elements"] if e["tag"] == "scroll")
    sequence = [np.array([VERBS.index(v), index]) for v in ("scroll_down", "scroll_up")]
    for action in sequence:
        following, *_ = env.step(action)
        if following == observation:
            raise RuntimeError(f"a scroll of {count} contacts left the observation unchanged")
        observation = following
    return Workload(
        f"scroll_{count}",
        f"scroll on Contacts, {count:,} contacts",
        "scrolls",
        cycling(gym_step(env), env.reset, sequence),
        env.close,
        granule=len(sequence),
    )
