"""One episode of a task: parameters drawn, instruction chosen, device set up, and the
signals and events that judge it.

What a task file asks of the episode that cannot be done (a template naming no parameter,
an invalid regex, a setup row for a table the app lacks, a start screen that is not
installed) is a ``TaskFileError`` naming the file and the field; a device that fails is a
``DeviceError``, as anywhere else.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import sqlite3
from collections.abc import Collection, Iterable, Iterator
from functools import partial
from typing import Any

import numpy as np

from mobile_gym.device.base import Device
from mobile_gym.sim.documents import render_document
from mobile_gym.spaces import TEXT_LENGTH
from mobile_gym.tasks import schema as s
from mobile_gym.tasks.events import EventTree, Firing
from mobile_gym.tasks.params import (
    LATE_FIELDS,
    draw_parameters,
    fill,
    fill_model,
)
from mobile_gym.tasks.signals import AgentRecord, Observer, SignalBoard, SignalProbe
from mobile_gym.tasks.user import SimulatedUser, User, UserFactory


class Episode:
    """A task instantiated from ``rng`` on ``device`` (which this sets up); with
    ``originals``, parameters that give the reproduced benchmark's ``original`` value take
    it and the instruction is the template's wording, not a paraphrase (the episodes of
    seed 0). A task with a ``user`` block gets a user that ``users`` makes (the
    deterministic ``SimulatedUser`` by default)."""

    def __init__(
        self,
        spec: s.TaskSpec,
        device: Device,
        rng: np.random.Generator,
        originals: bool = False,
        users: UserFactory = SimulatedUser,
    ) -> None:
        self.spec = spec
        self.device = device
        self.label = label = spec.label
        """How errors name the task (read once: the spec makes it each time)."""
        self.values = draw_parameters(spec.parameters, rng, label, originals)
        options = [spec.instruction.template, *spec.instruction.paraphrases]
        drawn = int(rng.integers(len(options)))  # (drawn at seed 0 too: the draws after stay)
        wording = spec.instruction.template if originals else options[drawn]
        self.instruction = self._observable(
            fill(wording, self.values, f"{label}: instruction"), "instruction"
        )
        self.agent = AgentRecord()
        self.user: User | None = None
        """Who answers ASK_USER (None: the task has no ``user`` block)."""
        self.knowledge: s.UserKnowledge | None = None
        """The task's ``user`` block with parameters filled in."""
        if spec.user is not None:
            self.knowledge = self._filled(spec.user, "user")
            self.user = users(self.knowledge, self.instruction)
        self._refuse_missing(spec.apps, "apps")
        self._setup()
        _, log_start = device.logcat(1 << 62)
        probes = []
        for name, signal in spec.signals.items():
            filled = self._filled(signal, f"signals.{name}")
            if isinstance(filled, s.ForegroundSignal):
                self._refuse_missing([filled.foreground], f"signals.{name}")
            with self._blame(f"signals.{name}"):  # an invalid XPath or regex
                probes.append(SignalProbe(name, filled, label))
        sources = frozenset(probe.source for probe in probes) - {"agent"}
        self.observer = Observer(device, self.agent, log_start, sources)
        self.board = SignalBoard(probes, self.observer)
        instructions = {
            e.id: self._observable(
                fill(e.instruction, self.values, f"{label}: events.{e.id}.instruction"),
                f"events.{e.id}.instruction",
            )
            for e in spec.events
            if e.instruction
        }
        self.tree = EventTree(spec.events, instructions)
        self.success_reached = False
        self.failed = False

    def _observable(self, text: str, where: str) -> str:
        """``text`` (an instruction, filled in) if the observation can hold it; otherwise
        TaskFileError naming ``where``."""
        if len(text) > TEXT_LENGTH:
            raise s.TaskFileError(
                f"{self.label}: {where}: {len(text):,} characters filled in, more than the"
                f" {TEXT_LENGTH:,} an observation's instruction holds"
            )
        return text

    def _filled(self, model: Any, where: str, late: Collection[str] = ()) -> Any:
        """``model`` with its ``{name}`` fields filled (``params.fill_model``; ``late`` ones
        kept); TaskFileError naming the task and ``where`` if the result is invalid."""
        return fill_model(model, self.values, f"{self.label}: {where}", late)

    @contextlib.contextmanager
    def _blame(self, where: str) -> Iterator[None]:
        """Report what the task file's field ``where`` asked that could not be done (a
        ValueError or SQLite error of the device or the signal) as a TaskFileError."""
        try:
            yield
        except s.TaskFileError:
            raise
        except sqlite3.IntegrityError as exc:
            raise s.TaskFileError(
                f"{self.label}: {where}: {exc} (rows the phone holds already: an earlier"
                " episode's, on a device not restored between episodes?)"
            ) from None
        except (ValueError, sqlite3.Error) as exc:
            raise s.TaskFileError(f"{self.label}: {where}: {exc}") from None

    def _refuse_missing(self, packages: Iterable[str], where: str) -> None:
        """TaskFileError if the device lacks an app of ``packages`` (named by the task's
        field ``where``): such a task could never be done on it (a misspelt package name,
        or a task for another phone)."""
        missing = [package for package in packages if not self.device.has_app(package)]
        if missing:
            raise s.TaskFileError(
                f"{self.label}: {where}: the device has no app {', '.join(missing)}"
                " (`mobile-gym list apps` lists the simulated phone's)"
            )

    def _setup(self) -> None:
        setup: s.Setup = self._filled(self.spec.setup, "setup")
        device = self.device
        for package in setup.clear_data:
            with self._blame("setup.clear_data"):
                device.clear_app(package)
        if setup.time:
            with self._blame("setup.time"):
                device.set_time(dt.datetime.fromisoformat(setup.time))
        for i, item in enumerate(setup.settings):
            with self._blame(f"setup.settings.{i}"):
                device.put_setting(
                    item.namespace,
                    item.key,
                    str(int(item.value)) if isinstance(item.value, bool) else str(item.value),
                )
        for i, block in enumerate(setup.database):
            with self._blame(f"setup.database.{i}"):
                device.insert_rows(
                    block.package, block.database, block.table, block.rows, block.clear
                )
        for i, pattern in enumerate(setup.remove):
            with self._blame(f"setup.remove.{i}"):
                for path in device.find_files(pattern):
                    device.delete_file(path)
        for i, file in enumerate(setup.files):
            with self._blame(f"setup.files.{i}"):
                device.write_file(file.path, file.text.encode("utf-8"))
                if file.modified:
                    device.set_modified(file.path, dt.datetime.fromisoformat(file.modified))
        for i, document in enumerate(setup.documents):
            with self._blame(f"setup.documents.{i}"):
                # made when first read: a document takes tens of milliseconds to make
                device.write_file_later(
                    document.path,
                    partial(render_document, document.kind, document.fields),
                    dt.datetime.fromisoformat(document.modified) if document.modified else None,
                )
        if setup.start is not None:
            with self._blame("setup.start"):
                device.start(setup.start.package, setup.start.activity)

    def ask(self, question: str) -> str | None:
        """The user's reply to ``question`` (None when the task has no user); records the
        question and the slots told."""
        self.agent.questions.append(question)
        if self.user is None:
            return None
        return self._heard(self.user, self.user.reply(question))

    def volunteer(self, step: int) -> str | None:
        """What the user says unasked once ``step`` agent steps are done (its correction
        with ``at_step``), else None."""
        if self.user is None:
            return None
        said = self.user.volunteer(step)
        return None if said is None else self._heard(self.user, said)

    def _heard(self, user: User, said: str) -> str:
        """``said``, having recorded the slots ``user`` told so far in the agent's record."""
        self.agent.told += [name for name in user.revealed if name not in self.agent.told]
        self.agent.touch()
        return said

    def judge(self) -> Firing:
        """Evaluate signals (those whose source changed) and the event tree."""
        return self.judge_if_changed() or Firing()

    def judge_if_changed(self) -> Firing | None:
        """As ``judge``, but None when nothing changed since the last judging (no source,
        and the event tree settled): no condition can have changed, so nothing fires."""
        if not self.board.begin_step() and self.tree.settled:
            return None
        firing = self.tree.step(self.board.value, self.board)
        self.success_reached |= firing.success
        self.failed |= firing.failure
        return firing

    def success_holds_now(self) -> bool:
        """Whether a success event's condition holds in the current state (final judging)."""
        self.board.begin_step()
        return self.tree.success_holds(self.board.value, self.board)

    def told_values(self) -> dict[str, str]:
        """What the user has told so far: each revealed slot's value (a correction: its
        text; ``today``: the date)."""
        known = self.knowledge
        if known is None or self.user is None:
            return {}
        values = {slot.name: slot.value for slot in (*known.facts, *known.preferences)}
        if known.correction is not None:
            values[s.CORRECTION_SLOT] = known.correction.text
        if known.today is not None:
            values[s.TODAY_SLOT] = known.today
        return {name: values[name] for name in self.user.revealed if name in values}

    def solution(self) -> list[s.SolutionStep]:
        """The reference solution with parameters filled in; ``{reply.SLOT}`` and
        ``{tool.PATH}`` are left for ``solution.bind_step`` to fill as the episode goes."""
        return [
            self._filled(step, f"solution.{i}", LATE_FIELDS)
            for i, step in enumerate(self.spec.solution)
        ]
