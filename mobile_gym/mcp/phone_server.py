"""The simulated phone served to MCP hosts: ``mobile-gym serve-mcp``.

``build_phone_server`` makes an ``MCPServer`` (the MCP SDK's) holding one ``MobileEnv``.
Until ``start_task`` is called the phone runs no task (``FREE_PHONE``: the home screen,
nothing judged, no step cap); ``start_task`` resets the env on a shipped task, and from
then on every acting tool is one agent step of that task's episode.

Tools:
    Looking: ``screenshot`` (a PNG of the screen), ``ui_tree`` (the uiautomator XML, or the
    element list of the ``text`` observation preset with each numbered element's tap point).
    Acting (pixels of the full-size screen): ``tap``, ``long_press``, ``swipe``,
    ``type_text``, ``key``, ``open_app``; telling: ``answer``, ``ask_user``, ``finish``
    (STATUS); ``call_tool``: a call of one of the running task's own MCP tools (a task with
    ``tools``, such as MobileWorld's MCP tasks; ``task_status`` lists them), its result in
    the outcome's ``tool_call``. Each returns the step's outcome (``StepOutcome``) as JSON
    text and structured content.
    Tasks: ``list_tasks``, ``start_task``, ``task_status`` (``TaskStatus``).

Gestures are the env's own (``mobile_gym.commands`` and ``mobile_gym.actions``). A bad
argument (a point off the screen, an unknown key, task, tool or app of the app drawer,
acting after the episode ended) is an MCP tool error (``is_error``) that takes no step,
never a crash. The tools run one at a time.
"""

from __future__ import annotations

import contextlib
import math
import pathlib
import socket
import threading
from collections.abc import Callable
from typing import Any, Literal

from mcp.server.mcpserver import Image, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from typing_extensions import TypedDict

from mobile_gym import actions
from mobile_gym.actions import StepResult
from mobile_gym.checks import check_int, check_number
from mobile_gym.commands import Command, CommandError, run_command
from mobile_gym.device.base import Device
from mobile_gym.env import TOOL_CALL, MobileEnv
from mobile_gym.mcp.servers.common import new_server
from mobile_gym.names import unknown_name
from mobile_gym.tasks.loader import resolve_task, shipped_tasks
from mobile_gym.tasks.schema import TaskFileError, TaskSpec
from mobile_gym.timing import DRAG_FRAMES, FRAME_MS

SERVER_NAME = "mobile-gym-phone"
FREE_PHONE = TaskSpec.model_validate(
    {
        "id": "phone.free",
        "title": "The phone with no task",
        "apps": ["com.android.launcher3"],
        "min_steps": 1,
        "max_steps": "none",
        "instruction": {"template": "No task is running: call start_task to begin one."},
        "signals": {"declared": {"status": "complete"}},
        "events": [{"id": "declared", "when": "declared", "end": "success"}],
        "solution": [{"status": "complete"}],
    }
)
"""What the phone runs before ``start_task``: the home screen, nothing to do."""
MAX_SWIPE_MS = 10_000
"""The longest swipe one call may ask for."""
_INSTRUCTIONS = (
    "A simulated Android phone. Call start_task (list_tasks names the tasks), look with "
    "screenshot or ui_tree, act with tap, swipe, type_text, key and open_app (pixels of the "
    "full-size screen), call the task's own tools with call_tool (task_status lists them), "
    "and see task_status for the reward and success."
)


class StepOutcome(TypedDict):
    """What one acting tool did to the episode."""

    reward: float
    total_reward: float
    instruction: str
    new_instructions: list[str]
    events: list[str]
    success: bool
    failure: bool
    ended: bool
    steps: int
    step_cap: int | None
    action_error: str | None
    user_reply: Any
    tool_call: Any
    """A ``call_tool`` step's call and result (``info["tool_call"]``: tool, arguments,
    result, is_error, structured); None for other steps."""


class TaskStatus(TypedDict):
    """Where the episode stands."""

    task_id: str | None
    title: str | None
    seed: int
    instruction: str
    instructions_released: list[str]
    total_reward: float
    steps: int
    step_cap: int | None
    success: bool
    failure: bool
    ended: bool
    error: str | None
    screen_width: int
    screen_height: int
    tools: list[dict[str, Any]]
    """The task's own MCP tools (name, description, input_schema), called with
    ``call_tool``; empty for a task without tools."""


class TaskSummary(TypedDict):
    """One task of ``list_tasks``."""

    id: str
    title: str
    suite: str
    apps: list[str]
    min_steps: int
    step_cap: int | None


class PhoneSession:
    """One ``MobileEnv`` and the tally of its episode, as the tools drive it.

    Args:
        device: the phone (``MobileEnv``'s ``device``: a fresh simulated phone by default).
        tasks: the tasks ``start_task`` may start, by id (the shipped ones by default).
    """

    def __init__(
        self, device: Device | str | None = None, tasks: dict[str, TaskSpec] | None = None
    ) -> None:
        self.env = MobileEnv(FREE_PHONE, device=device)
        self.tasks = dict(shipped_tasks() if tasks is None else tasks)
        self.lock = threading.Lock()
        self.start(FREE_PHONE, 0)

    @property
    def started(self) -> bool:
        """Whether a task runs (not the free phone)."""
        return self.env.task is not FREE_PHONE

    def start(self, spec: TaskSpec, seed: int) -> TaskStatus:
        """Reset the env on ``spec`` with ``seed``; the tally starts again. ValueError,
        before anything changes, for a task written for another screen than the phone's."""
        self.env.refuse_another_screen(spec)
        self.env.task = spec
        _, info = self.env.reset(seed=seed)
        self.seed = seed
        self.steps = 0
        self.total_reward = 0.0
        self.released: list[str] = list(info["instructions"][1:])
        self.tools: list[dict[str, Any]] = list(info.get("tools") or [])
        self.success = self.failure = self.ended = False
        self.cap = spec.step_cap()
        return self.status()

    def status(self) -> TaskStatus:
        width, height = self.env.device.size
        return {
            "task_id": self.env.task.id if self.started else None,
            "title": self.env.task.title if self.started else None,
            "seed": self.seed,
            "instruction": self.env.instruction,
            "instructions_released": list(self.released),
            "total_reward": self.total_reward,
            "steps": self.steps,
            "step_cap": self.cap,
            "success": self.success,
            "failure": self.failure,
            "ended": self.ended,
            "error": self.env.error,
            "screen_width": width,
            "screen_height": height,
            "tools": list(self.tools),
        }

    def act(self, run: Callable[[MobileEnv], StepResult]) -> StepOutcome:
        """One agent step: ``run`` plays it on the env; the tally takes its outcome."""
        if self.ended:
            raise ToolError(
                "the episode has ended (see task_status); call start_task to begin another"
            )
        observation, reward, terminated, truncated, info = run(self.env)
        self.steps += 1
        if not terminated and self.cap is not None and self.steps >= self.cap:
            # the cap ends it (a device fault met judging the end ends it as any fault does)
            _, reward, terminated, truncated, info = self.env.cut_off(
                (observation, reward, terminated, truncated, info)
            )
        self.total_reward += reward
        self.released += info["instructions"]
        self.success, self.failure = bool(info["success"]), bool(info["failure"])
        self.ended = bool(terminated or truncated)
        reply = info.get("user_reply")
        return {
            "reward": reward,
            "total_reward": self.total_reward,
            "instruction": self.env.instruction,
            "new_instructions": list(info["instructions"]),
            "events": list(info["events"]),
            "success": self.success,
            "failure": self.failure,
            "ended": self.ended,
            "steps": self.steps,
            "step_cap": self.cap,
            "action_error": info["action_error"] or info.get("error"),
            "user_reply": info.get("ask_user_response") if reply is None else reply,
            "tool_call": info.get(TOOL_CALL),
        }

    def command(self, command: Command) -> StepOutcome:
        """Carry out an agent-level command; one that fails its checks is a tool error."""
        try:
            command.check()
        except CommandError as exc:
            raise ToolError(str(exc)) from None
        return self.act(lambda env: run_command(env, command))

    def point(self, x: float, y: float) -> tuple[float, float]:
        """Pixel (x, y) of the full-size screen, normalised; off the screen is a tool error."""
        width, height = self.env.device.size
        try:
            px = check_number("x", x, 0, width - 1)
            py = check_number("y", y, 0, height - 1)
        except ValueError as exc:
            raise ToolError(f"{exc} (the screen is {width} x {height} pixels)") from None
        return px / (width - 1), py / (height - 1)

    def app_label(self, name: str) -> str:
        """The label of the app ``name`` (a label or a package) in a simulated phone's app
        drawer; a name no app there has is a tool error (the launcher itself and the
        servers an app talks to have no icon). Another device's names pass."""
        phone = getattr(self.env.device, "phone", None)
        if phone is None:
            return name
        apps = phone.launcher_apps()
        wanted = name.strip().casefold()
        for app in apps:
            if wanted in (app.package.casefold(), app.label.casefold()):
                return app.label
        labels = sorted(app.label for app in apps)
        raise ToolError(f"no app named {name!r} in the app drawer; apps: {', '.join(labels)}")

    def tool_name(self, name: str) -> str:
        """``name`` if the running task has that MCP tool; otherwise a tool error naming
        the task's tools (or saying it has none)."""
        names = [tool["name"] for tool in self.tools]
        if name in names:
            return name
        if not names:
            raise ToolError(
                "the running task has no MCP tools (task_status lists a task's tools)"
                if self.started
                else "no task is running: call start_task first"
            )
        raise ToolError(unknown_name("tool", name, names, "task_status"))

    def find_task(self, task_id: str) -> TaskSpec:
        if task_id in self.tasks:
            return self.tasks[task_id]
        raise ToolError(unknown_name("task", task_id, self.tasks, "list_tasks"))


def build_phone_server(
    task: str | pathlib.Path | TaskSpec | None = None,
    seed: int = 0,
    device: Device | str | None = None,
) -> MCPServer:
    """An MCP server driving one phone (see the module docstring for its tools).

    Args:
        task: a task to start at once (a shipped id, a task YAML file or a ``TaskSpec``;
            ``start_task`` may start it again by its id); None: the free phone.
        seed: the seed of that first task.
        device: the phone (``MobileEnv``'s ``device``; a fresh simulated phone by default).
    """
    tasks = dict(shipped_tasks())
    spec = None if task is None else task if isinstance(task, TaskSpec) else resolve_task(task)
    if spec is not None:
        tasks[spec.id] = spec
    session = PhoneSession(device, tasks)
    if spec is not None:
        session.start(spec, check_int("seed", seed, 0))
    server = new_server(SERVER_NAME, _INSTRUCTIONS)
    for register in (_looking_tools, _gesture_tools, _telling_tools, _task_tools):
        register(server, session)
    return server


def _looking_tools(server: MCPServer, session: PhoneSession) -> None:
    @server.tool()
    def screenshot(scale: float = 1.0) -> Image:
        """The screen now as a PNG (``scale`` 1.0: full size, 1080 x 2400 by default)."""
        from mobile_gym.eval.observations import png_bytes

        try:
            check_number("scale", scale, 0.05, 1.0)
        except ValueError as exc:
            raise ToolError(str(exc)) from None
        with session.lock:
            return Image(data=png_bytes(session.env.device.screenshot(scale)), format="png")

    @server.tool()
    def ui_tree(format: Literal["elements", "xml"] = "elements") -> str:
        """The screen's views: ``elements`` lists the numbered elements and visible text
        as the text observation does, each element with its tap point in pixels;
        ``xml`` is the uiautomator dump."""
        with session.lock:
            xml = session.env.device.hierarchy_xml()
        return xml if format == "xml" else element_list(xml)


def element_list(xml: str) -> str:
    """The ``text`` observation's lines of a dump, a numbered element's tap point (its
    centre, in pixels) after it: ``[3] button "Save" (action_save) @ (540, 1200)``."""
    from mobile_gym.wrappers.views import text_line, visible_elements

    lines = []
    for element in visible_elements(xml):
        line = text_line(element)
        if element.index is not None:
            x, y = element.bounds.center
            line += f" @ ({round(x)}, {round(y)})"
        lines.append(line)
    return "\n".join(lines)


def _gesture_tools(server: MCPServer, session: PhoneSession) -> None:
    @server.tool()
    def tap(x: float, y: float) -> StepOutcome:
        """Tap the screen at pixel (x, y)."""
        with session.lock:
            return session.command(Command("click", *session.point(x, y)))

    @server.tool()
    def long_press(x: float, y: float) -> StepOutcome:
        """Press and hold at pixel (x, y)."""
        with session.lock:
            return session.command(Command("long_press", *session.point(x, y)))

    @server.tool()
    def swipe(
        x1: float, y1: float, x2: float, y2: float, duration_ms: int = DRAG_FRAMES * FRAME_MS
    ) -> StepOutcome:
        """Drag the finger from pixel (x1, y1) to (x2, y2) in ``duration_ms`` (swipe up from
        the bottom half of the home screen to open the app drawer)."""
        try:
            ms = check_int("duration_ms", duration_ms, 2 * FRAME_MS, MAX_SWIPE_MS)
        except ValueError as exc:
            raise ToolError(str(exc)) from None
        with session.lock:
            start, end = session.point(x1, y1), session.point(x2, y2)
            frames = math.ceil(ms / FRAME_MS)
            gesture = actions.drag(*start, *end, frames)
            return session.act(lambda env: actions.play(env, gesture))

    @server.tool()
    def type_text(text: str, x: float | None = None, y: float | None = None) -> StepOutcome:
        """Type ``text`` into the focused field, or tap the field at pixel (x, y) first."""
        with session.lock:
            if x is None and y is None:
                return session.command(Command("type", text=text))
            if x is None or y is None:
                raise ToolError("give both x and y, or neither")
            return session.command(Command("type", *session.point(x, y), text=text))

    @server.tool()
    def key(name: str) -> StepOutcome:
        """Press a key: BACK, HOME, ENTER, APP_SWITCH, DEL, VOLUME_UP, ... (Android names,
        with or without ``KEYCODE_``)."""
        with session.lock:
            return session.command(Command("key", key=name))

    @server.tool()
    def open_app(name: str) -> StepOutcome:
        """Open an app from the app drawer, by its label (``Settings``) or package
        (``com.android.settings``)."""
        with session.lock:
            return session.command(Command("open_app", app=session.app_label(name)))


def _telling_tools(server: MCPServer, session: PhoneSession) -> None:
    @server.tool()
    def answer(text: str) -> StepOutcome:
        """Give the answer the task asks for."""
        with session.lock:
            return session.command(Command("answer", text=text))

    @server.tool()
    def ask_user(question: str) -> StepOutcome:
        """Ask the user a question; the reply is the outcome's ``user_reply``."""
        with session.lock:
            return session.command(Command("ask_user", text=question))

    @server.tool()
    def finish(status: Literal["complete", "infeasible"] = "complete") -> StepOutcome:
        """Declare the task done (``complete``) or impossible (``infeasible``): it ends."""
        with session.lock:
            if not session.started:
                raise ToolError("no task is running: call start_task first")
            return session.command(Command("status", text=status))

    @server.tool()
    def call_tool(name: str, arguments: dict[str, Any] | None = None) -> StepOutcome:
        """Call one of the running task's own MCP tools (``task_status`` lists them, with
        the schema of their arguments); the outcome's ``tool_call`` holds its result."""
        with session.lock:
            tool = session.tool_name(name)
            return session.command(Command("mcp_call", tool=tool, arguments=arguments or {}))


def _task_tools(server: MCPServer, session: PhoneSession) -> None:
    @server.tool()
    def list_tasks(suite: str | None = None) -> list[TaskSummary]:
        """The tasks start_task can start, all or one suite's."""
        specs = list(session.tasks.values())
        if suite is not None:
            suites = {spec.suite for spec in specs}
            if suite not in suites:
                raise ToolError(unknown_name("suite", suite, suites, "list_tasks"))
            specs = [spec for spec in specs if spec.suite == suite]
        return [_summary(spec) for spec in specs]

    @server.tool()
    def start_task(task_id: str, seed: int = 0) -> TaskStatus:
        """Reset the phone on a task (``seed`` draws its parameters; 0 takes the original
        benchmark's); returns its instruction and status."""
        spec = session.find_task(task_id)
        try:
            check_int("seed", seed, 0, 2**31 - 1)
        except ValueError as exc:
            raise ToolError(str(exc)) from None
        with session.lock:
            try:
                return session.start(spec, seed)
            except TaskFileError as exc:
                raise ToolError("\n".join(exc.problems)) from None
            except ValueError as exc:  # a task written for another screen
                raise ToolError(str(exc)) from None

    @server.tool()
    def task_status() -> TaskStatus:
        """The instruction, the instructions released so far, the reward so far, the steps
        taken against the cap, and whether the episode succeeded, failed or ended."""
        with session.lock:
            return session.status()


def _summary(spec: TaskSpec) -> TaskSummary:
    return {
        "id": spec.id,
        "title": spec.title,
        "suite": spec.suite,
        "apps": list(spec.apps),
        "min_steps": spec.min_steps,
        "step_cap": spec.step_cap(),
    }


# transports --------------------------------------------------------------------------------
def http_url(host: str, port: int) -> str:
    """The streamable HTTP endpoint of a server on ``host:port``."""
    return f"http://{f'[{host}]' if ':' in host else host}:{port}/mcp"


def serve_http(
    server: MCPServer, host: str, port: int, announce: Callable[[str], None] = print
) -> None:
    """Serve ``server`` over streamable HTTP on ``host:port`` (0 picks a free port) until
    interrupted (SIGINT ends it cleanly); ``announce`` gets the endpoint's URL once it listens. OSError if the
    address cannot be bound."""
    import anyio
    import uvicorn

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.create_server((host, port), family=family)
    app = server.streamable_http_app(host=host)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    announce(f"Serving the phone over MCP at {http_url(host, listener.getsockname()[1])}")
    with contextlib.suppress(KeyboardInterrupt):  # the server re-raises the Ctrl-C it handled
        anyio.run(lambda: uvicorn.Server(config).serve(sockets=[listener]))
