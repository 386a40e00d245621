"""ElementActions: the agent acts on the numbered elements of the screen (Set-of-Marks).

An action names a verb and an element index from ``mobile_gym.wrappers.elements`` (the
numbering the views ``TextObservation``, ``HtmlObservation`` and ``SetOfMarks`` show). The wrapper turns
it into a ``Command`` at the element's centre and plays it through ``run_command``, the one
touch mapping every action wrapper shares.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from mobile_gym.actions import StepResult
from mobile_gym.checks import check_flag, check_int, check_number, check_text, shown
from mobile_gym.commands import Command, CommandError, refuse, run_command
from mobile_gym.spaces import TEXT_LENGTH, UnicodeText
from mobile_gym.wrappers.elements import Element, env_elements
from mobile_gym.wrappers.recorded import RecordedArgs
from mobile_gym.wrappers.step_cap import refuse_cap_inside

VERBS = ("click", "long_press", "scroll_down", "scroll_up", "back", "home")
"""The verbs of the RL form, by index of the action's first component."""
TEXT_VERBS = (*VERBS, "type")
"""The verbs of the Dict form (``with_text=True``): ``type`` is the last."""
_UNTARGETED = ("back", "home")
_CANNOT = {
    "click": "cannot be clicked",
    "long_press": "cannot be long-pressed",
    "type": "is not a text field",
}


def _chosen_verbs(verbs: Sequence[str] | None, known: tuple[str, ...]) -> tuple[str, ...]:
    """``verbs`` checked against ``known`` (all of ``known`` when None); ValueError names
    the unknown or repeated ones."""
    if verbs is None:
        return known
    if isinstance(verbs, str) or not isinstance(verbs, Sequence):
        raise ValueError(f"verbs must be a sequence of verb names, got {shown(verbs)}")
    chosen = tuple(verbs)
    unknown = [v for v in chosen if v not in known]
    if unknown or not chosen or len(set(chosen)) != len(chosen):
        raise ValueError(
            f"verbs must be distinct names from {', '.join(known)}, got {shown(list(chosen))}"
        )
    return chosen


@functools.lru_cache(maxsize=4096)
def element_verbs(element: Element) -> tuple[str, ...]:
    """The verbs that may target ``element``.

    The scroll verbs may target any element (see ``ElementActions``); ``back`` and ``home``
    target none.
    """
    verbs = []
    if element.clickable or element.checkable or element.editable:
        verbs.append("click")
    if element.long_clickable:
        verbs.append("long_press")
    verbs += ["scroll_down", "scroll_up"]
    if element.editable:
        verbs.append("type")
    return tuple(verbs)


def describe(element: Element) -> dict[str, Any]:
    """An element as ``info["elements"]`` lists it: ``bounds`` in screen pixels, right and
    bottom exclusive, and ``verbs`` as tuples (immutable, so Python's cycle collector stops
    tracking them once it has seen them: it has less to walk when many envs are kept)."""
    return {
        "index": element.index,
        "tag": element.tag,
        "label": element.label,
        "bounds": tuple(element.bounds),
        "verbs": element_verbs(element),
    }


class ElementActions(gym.Wrapper, RecordedArgs):
    """Act on the screen's numbered elements: click, long press, scroll, type, back, home.

    Description:
        Each action is one agent-level action (one step of a ``StepCap`` kept outermost).
        Touches go to the element's centre through ``run_command``: ``click`` and
        ``long_press`` touch it; ``type`` clicks it and then types ``text``;
        ``scroll_down`` / ``scroll_up`` show content further down / up in the element if it
        is scrollable, else in the nearest scrollable element that holds it, else on the
        whole screen (a drag through the screen's centre: on the home screen ``scroll_down``
        opens the app drawer, as a swipe up does); ``back`` and ``home`` press those keys
        and ignore the index. The elements are those of ``screen_elements`` on the screen
        the agent last observed, recomputed after every reset and step.

    Action Space:
        ``with_text=False`` (RL): ``MultiDiscrete([6, max_elements])``, (verb, index) with
        verbs ``VERBS`` = click, long_press, scroll_down, scroll_up, back, home.
        ``with_text=True`` (LLM agents): ``Dict(verb: Discrete(7), index:
        Discrete(max_elements), text: UnicodeText(text_length))`` with verbs
        ``TEXT_VERBS`` (``VERBS`` then ``type``); ``verb`` may also be given by name,
        ``index`` may be left out for back and home, ``text`` is read only by ``type``.

    Action Masks:
        ``action_masks()`` (for sb3-contrib's MaskablePPO; also through
        ``env.get_wrapper_attr("action_masks")``) is the verb mask followed by the index
        mask, booleans of length ``len(verbs) + max_elements``. A verb is valid if some
        element on screen supports it (back and home always); an index is valid if an
        element has it. The two parts are independent, so a valid verb may still not suit
        a valid index (clicking a list that is only scrollable): such an action is invalid.

    Observation:
        That of the wrapped env. ``info["elements"]`` lists the elements now on screen as
        dicts (index, tag, label, bounds, verbs; the last two are tuples).

    Rewards:
        Those of the touch steps of the action, summed. An invalid action (unknown verb,
        index not on screen, a verb the element does not support, ``type`` with empty
        text, malformed action) waits one frame, sets ``info["action_error"]`` to a
        message for the agent, and has ``invalid_penalty`` subtracted from its reward.

    Termination:
        That of the wrapped env.

    Args:
        env: the env to act on, without a ``StepCap`` below this wrapper (a cap below it
            would count touch steps, not agent actions).
        max_elements: how many elements an action can address; elements numbered beyond
            it are out of reach.
        with_text: the Dict form with a ``type`` verb and a ``text`` field (True or False).
        text_length: the longest ``text`` of the Dict form (a positive integer).
        invalid_penalty: subtracted from the reward of an invalid action (0 by default; a
            finite number, not below 0).
        verbs: the verbs the agent may use, in this order (a subset of ``VERBS``, or of
            ``TEXT_VERBS`` with ``with_text``); all of them by default. Fewer verbs make a
            smaller action space, e.g. ``("click", "back")`` for tasks that only need taps.
    """

    def __init__(
        self,
        env: gym.Env,
        max_elements: int = 64,
        with_text: bool = False,
        text_length: int = TEXT_LENGTH,
        invalid_penalty: float = 0.0,
        verbs: Sequence[str] | None = None,
    ) -> None:
        RecordedArgs.__init__(
            self,
            max_elements=max_elements,
            with_text=with_text,
            text_length=text_length,
            invalid_penalty=invalid_penalty,
            verbs=verbs,
        )
        refuse_cap_inside(env, type(self).__name__)
        super().__init__(env)
        self.max_elements = check_int("max_elements", max_elements, low=1)
        self.with_text = check_flag("with_text", with_text)
        self.text_length = check_int("text_length", text_length, low=1)
        self.invalid_penalty = check_number("invalid_penalty", invalid_penalty, low=0.0)
        self.verbs = _chosen_verbs(verbs, TEXT_VERBS if self.with_text else VERBS)
        if self.with_text:
            self.action_space = gym.spaces.Dict(
                {
                    "verb": gym.spaces.Discrete(len(self.verbs)),
                    "index": gym.spaces.Discrete(self.max_elements),
                    "text": UnicodeText(self.text_length),
                }
            )
        else:
            self.action_space = gym.spaces.MultiDiscrete([len(self.verbs), self.max_elements])
        self.elements: list[Element] = []

    # gymnasium API -----------------------------------------------------------------------
    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        observation, info = self.env.reset(**kwargs)
        self._refresh(info)
        return observation, info

    def step(self, action: Any) -> StepResult:
        try:
            command = self.command(action)
        except CommandError as exc:
            observation, reward, terminated, truncated, info = refuse(self.env, str(exc))
            reward -= self.invalid_penalty
        else:
            observation, reward, terminated, truncated, info = run_command(self.env, command)
        self._refresh(info)
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The verb mask, then the index mask (see the class docstring)."""
        reachable = self.elements[: self.max_elements]
        supported = {verb for element in reachable for verb in element_verbs(element)}
        verbs = np.array(
            [verb in supported or verb in _UNTARGETED for verb in self.verbs], dtype=bool
        )
        indices = np.zeros(self.max_elements, dtype=bool)
        # with no element on screen index 0 stays selectable, so back and home can be chosen
        indices[: max(len(reachable), 1)] = True
        return np.concatenate([verbs, indices])

    # actions to commands ------------------------------------------------------------------
    def command(self, action: Any) -> Command:
        """The command for ``action`` on the current elements; CommandError if invalid."""
        verb, index, text = self._parse(action)
        if verb == "back":
            return Command("key", key="BACK")
        if verb == "home":
            return Command("key", key="HOME")
        element = self._element(index)
        if verb in ("scroll_down", "scroll_up"):
            target = self._scroll_target(element)
            direction = verb.removeprefix("scroll_")
            if target is None:
                return Command("scroll", 0.5, 0.5, direction=direction)
            return Command("scroll", *self._centre(target), direction=direction)
        if verb not in element_verbs(element):
            raise CommandError(f"element {_name(element)} {_CANNOT[verb]}")
        if verb == "type":  # its text, the one field the agent gives, is checked here
            typing = Command("type", *self._centre(element), text=text)
            typing.check()
            return typing
        return Command(verb, *self._centre(element))

    def _parse(self, action: Any) -> tuple[str, Any, str]:
        if self.with_text:
            if not isinstance(action, Mapping):
                raise CommandError(
                    f"an action is a dict with verb, index and text, got {type(action).__name__}"
                )
            verb, index, text = action.get("verb"), action.get("index"), action.get("text", "")
            if isinstance(verb, str):
                if verb not in self.verbs:
                    raise CommandError(
                        f"unknown verb {shown(verb)}; verbs: {', '.join(self.verbs)}"
                    )
            else:
                verb = self.verbs[self._integer(verb, "verb", len(self.verbs))]
            if verb != "type":
                return verb, index, ""
            try:
                return verb, index, check_text(verb, text, self.text_length)
            except ValueError as exc:
                raise CommandError(str(exc)) from None
        flags = isinstance(action, list | tuple) and any(
            isinstance(value, bool | np.bool_) for value in action
        )  # (an array of them would read True as 1)
        try:
            values = np.asarray(action).reshape(-1)
        except (TypeError, ValueError):
            values = np.zeros(0)
        if flags or values.dtype == np.bool_ or values.shape != (2,):
            raise CommandError("an action is two integers: (verb, element index)")
        verb = self.verbs[self._integer(values[0], "verb", len(self.verbs))]
        return verb, values[1], ""

    def _integer(self, value: Any, what: str, bound: int | None) -> int:
        """``value`` as an int (in [0, bound) unless bound is None), or CommandError."""
        if isinstance(value, np.ndarray) and value.shape == ():
            value = value[()]
        if isinstance(value, np.generic):
            value = value.item()
        if isinstance(value, float) and value.is_integer():  # RL libraries may hand floats
            value = int(value)
        try:
            number = check_int(what, value)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if bound is not None and not 0 <= number < bound:
            names = f" ({', '.join(self.verbs)})" if what == "verb" else ""
            raise CommandError(f"{what} must be in 0..{bound - 1}{names}, got {shown(number)}")
        return number

    def _element(self, index: Any) -> Element:
        reachable = self.elements[: self.max_elements]
        if index is None:
            raise CommandError("this verb needs an element index")
        number = self._integer(index, "element index", None)
        if self.max_elements <= number < len(self.elements):
            raise CommandError(
                f"element {number} is beyond reach (max_elements is {self.max_elements})"
            )
        if not 0 <= number < len(reachable):
            have = f"0..{len(reachable) - 1}" if reachable else "none"
            raise CommandError(f"no element {shown(number)} on this screen (elements: {have})")
        return reachable[number]

    def _scroll_target(self, element: Element) -> Element | None:
        """The element itself if scrollable, else the smallest scrollable holding it."""
        if element.scrollable:
            return element
        holders = [
            e
            for e in self.elements
            if e.scrollable
            and e.bounds.intersect(element.bounds) == element.bounds
            and e is not element
        ]
        return min(holders, key=lambda e: e.bounds.width * e.bounds.height, default=None)

    def _centre(self, element: Element) -> tuple[float, float]:
        return element.centre(self.env.unwrapped.device.size)

    def _refresh(self, info: dict[str, Any]) -> None:
        """Recompute the elements from the screen as it is now, and list them in ``info``."""
        self.elements = env_elements(self.env)
        info["elements"] = [describe(e) for e in self.elements[: self.max_elements]]


def _name(element: Element) -> str:
    return f'{element.index} ({element.tag} "{element.label}")'
