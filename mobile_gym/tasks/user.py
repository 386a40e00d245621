"""The simulated user: the phone's owner, answering the agent's ASK_USER from the task's
``user`` block (``mobile_gym.tasks.schema.UserKnowledge``).

``SimulatedUser`` is deterministic. A question is read as words (case-folded, punctuation
dropped, ``Kevin's`` read as ``kevin``, a simple plural as its singular, each Chinese
character a word of its own) and matched against the aliases of every slot: the facts, the
preferences, the correction (its own aliases and words that ask whether the instruction is
right: ``correct``, ``mistake``...) and today's date. An alias matches where its words
stand together in the question, in order; a match inside a longer alias's match of another
slot does not count (``email password`` is not ``email``), and a one-word alias that is a
function word (``FUNCTION_WORDS``: ``am``, ``which``) counts only right after a number
(``7 am``), so "What am I missing?" asks for no time. A slot whose aliases name its owner
(``Kevin's number``) is not told when the question's sentence that asks for it names only
other owners (``Grace's number``, ``your number``) and neither the slot's owner (its first
name: "Kevin is not among your contacts, what is the number of Kevin?" and "I can't find
Kevin in your contacts. What is his number?" ask for Kevin's) nor one of its full names, its
aliases of several words that hold its owner's name (``Kevin Zhang's email`` asks for
Kevin's, ``Grace Zhang's email`` does not); a possessive alias of a full name answers to
the first name too (``Sam Smith's number`` to ``Sam's number``). A generic question
(``GENERIC_ALIASES``: "Is there any more information?", "Could you clarify the task?",
"Anything else I should know?") is answered with every slot but today's date, as
MobileWorld's user answers from all of a task's relevant information. Every matched slot
is answered, in the block's order, each always in the same words; a question that matches
none gets ``REFUSAL``. Nothing is ever made up.

``make_user_factory`` picks the user an env gives its episodes: ``simulated`` (this one) or
``llm`` (a chat model, ``mobile_gym.tasks.llm_user``). ``check_user_battery`` plays
questions to any responder and lists the replies that differ from those expected.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol

from mobile_gym.tasks.schema import CORRECTION_SLOT, TODAY_SLOT, UserKnowledge, UserSlot

REFUSAL = "Sorry, I can't help with that."
"""The reply to a question the user cannot answer from what the task says."""

INSTRUCTION_ALIASES = (
    "instruction",
    "correct",
    "incorrect",
    "right",
    "wrong",
    "mistake",
    "typo",
    "sure",
    "confirm",
    "accurate",
    "对吗",
    "对不对",
    "是不是",
    "没错吧",
    "正确",
    "准确",
    "确认",
    "有误",
    "错误",
    "写错",
    "搞错",
    "弄错",
)
"""Words of a question about whether the instruction is right: the correction answers it."""

TODAY_ALIASES = (
    "today",
    "current date",
    "what day is it",
    "date is it",
    "今天几号",
    "今天是几号",
    "今天日期",
    "今天的日期",
    "今天是哪天",
    "今天是哪一天",
    "今天哪天",
    "今天星期几",
    "今天是星期几",
    "几月几号",
    "几月几日",
    "当前日期",
)
"""Words of a question about today's date (English and Chinese)."""

GENERIC_ALIASES = (
    "more information",
    "more info",
    "additional information",
    "additional info",
    "further information",
    "extra information",
    "other information",
    "any information",
    "more detail",
    "additional detail",
    "further detail",
    "other detail",
    "any detail",
    "what detail",
    "clarify",
    "clarification",
    "anything else",
    "what else",
    "更多信息",
    "其他信息",
    "补充信息",
    "额外信息",
    "更多细节",
    "还有什么",
    "还有其他",
    "澄清",
    "补充说明",
    "还需要知道",
)
"""Words of a generic question about the task (what else the user can say): every slot but
today's date answers it, as MobileWorld's user answers from all of the task's relevant
information."""

FUNCTION_WORDS = frozenset(["am", "which"])
"""Words that as a one-word alias ask nothing alone ("What am I missing?", "Which one?"):
such an alias counts only right after a number (``7 am``)."""

USERS = ("simulated", "llm")
"""The users an env can give its episodes (``make_user_factory``)."""

_POSSESSIVE = re.compile(r"(?<!\w)(\w+)['\u2019]s\b")
"""A possessive ``'s`` and the word before it, read from the word's start only: tried
inside a word as well, a question of one long word took time growing with its square."""
_APOSTROPHE = re.compile(r"['\u2019]")
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
"""Chinese characters, as a range of a regex character class."""
_WORD = re.compile(f"[{HAN}]|[^\\W_{HAN}]+")
"""A word: a run of letters and digits, or one Chinese character (Chinese is written
without spaces, so an alias matches where its characters stand together)."""
_NOT_OWNERS = frozenset(
    [
        "it",
        "that",
        "what",
        "there",
        "here",
        "he",
        "she",
        "who",
        "where",
        "how",
        "when",
        "why",
        "let",
        "this",
    ]
)
"""Words before ``'s`` that shorten ``is`` or ``us`` rather than name an owner."""
_SELF = "\x00self"
"""The owner ``my`` / ``your`` name: the user themself (no word of a question)."""


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith("es") and word[:-2].endswith(("sh", "ch", "x", "ss")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def words(text: str) -> tuple[str, ...]:
    """The words of ``text`` as questions and aliases are matched: case-folded, without
    punctuation, possessive ``'s`` dropped, simple plurals made singular."""
    text = _APOSTROPHE.sub("", _POSSESSIVE.sub(r"\1", text.casefold()))
    return tuple(_singular(word) for word in _WORD.findall(text))


def owners(text: str) -> frozenset[str]:
    """Whom ``text`` names as an owner: the words before a possessive ``'s`` (``Kevin's``
    gives ``kevin``), and the user for ``my`` and ``your``."""
    folded = text.casefold()
    named = {_singular(m) for m in _POSSESSIVE.findall(folded) if m not in _NOT_OWNERS}
    if {"my", "your", "yours", "mine"} & set(_WORD.findall(folded)):
        named.add(_SELF)
    return frozenset(named)


@dataclass(frozen=True)
class Slot:
    """One thing the user can tell: its name, its aliases as words, the owners they name,
    the reply, the value, and the aliases that are its owner's full name."""

    name: str
    aliases: tuple[tuple[str, ...], ...]
    owners: frozenset[str]
    reply: str
    value: str
    full_names: tuple[tuple[str, ...], ...] = ()


def _slot(name: str, aliases: Iterable[str], reply: str, value: str) -> Slot:
    aliases = list(aliases)
    named = frozenset(owner for alias in aliases for owner in owners(alias))
    worded = [w for w in map(words, aliases) if w]
    full_names = _full_names(aliases, named)
    by_first = _by_first_name(aliases, full_names)
    named |= {first for first, *_ in full_names if by_first}
    aliases_worded = tuple(dict.fromkeys([*worded, *by_first]))
    return Slot(name, aliases_worded, named, reply, value, full_names)


def _by_first_name(
    aliases: Iterable[str], full_names: tuple[tuple[str, ...], ...]
) -> list[tuple[str, ...]]:
    """The possessive aliases of a person named in full, said with their first name alone
    (``Sam Smith's number`` also as ``Sam's number``)."""
    shortened = []
    for alias in aliases:
        if not owners(alias):
            continue
        alias_words = words(alias)
        for full_name in full_names:
            for start, end in _spans(full_name, alias_words):
                shortened.append((*alias_words[:start], full_name[0], *alias_words[end:]))
    return shortened


def _full_names(aliases: Iterable[str], named: frozenset[str]) -> tuple[tuple[str, ...], ...]:
    """The aliases (as words) that are an owner's full name: several words, one of them an
    owner in ``named``, and no possessive (``Kevin Zhang``, not ``Kevin's email``)."""
    return tuple(
        alias_words
        for alias in aliases
        if not owners(alias) and len(alias_words := words(alias)) > 1 and named & set(alias_words)
    )


def reply_of(fact: UserSlot) -> str:
    """What the user says of a fact or preference: its ``reply``, else its first alias, a
    colon and its value."""
    return fact.reply or f"{fact.aliases[0][:1].upper()}{fact.aliases[0][1:]}: {fact.value}"


def slots(knowledge: UserKnowledge) -> list[Slot]:
    """The slots of a (filled) user block, in the order their replies are given."""
    found = [
        _slot(fact.name, fact.aliases, reply_of(fact), fact.value)
        for fact in (*knowledge.facts, *knowledge.preferences)
    ]
    correction = knowledge.correction
    if correction is not None:
        aliases = [*correction.aliases, *INSTRUCTION_ALIASES]
        found.append(_slot(CORRECTION_SLOT, aliases, correction.text, correction.text))
    if knowledge.today:
        found.append(
            _slot(TODAY_SLOT, TODAY_ALIASES, f"Today is {knowledge.today}.", knowledge.today)
        )
    return found


def _spans(alias: tuple[str, ...], question: tuple[str, ...]) -> list[tuple[int, int]]:
    n = len(alias)
    return [(i, i + n) for i in range(len(question) - n + 1) if question[i : i + n] == alias]


def _alias_spans(alias: tuple[str, ...], question: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where ``alias`` matches in ``question``: anywhere, but for a lone function word
    (``FUNCTION_WORDS``), which counts only right after a number."""
    found = _spans(alias, question)
    if len(alias) == 1 and alias[0] in FUNCTION_WORDS:
        return [(s, e) for s, e in found if s and question[s - 1].isdigit()]
    return found


def _about_someone_else(slot: Slot, named: frozenset[str], asked: tuple[str, ...]) -> bool:
    """Whether a sentence (its words ``asked``, the owners it names ``named``) asks about
    owners other than ``slot``'s: it names owners, none of them the slot's, and names the
    slot's owner in no other way (its first name, or one of its full names)."""
    if not named or not slot.owners or named & slot.owners:
        return False
    return not (slot.owners & set(asked) or any(_spans(name, asked) for name in slot.full_names))


_GENERIC = tuple(words(alias) for alias in GENERIC_ALIASES)


def _generic(question: str) -> bool:
    """Whether ``question`` asks generically about the task (``GENERIC_ALIASES``)."""
    asked = words(question)
    return any(_spans(alias, asked) for alias in _GENERIC)


_CLAUSE_END = re.compile(r"[?!;\u3002\uff1f\uff01\uff1b]|\.(?=\s|$)")
"""Where a sentence of a question ends: the owners it names are its own."""


def matched_slots(found: Sequence[Slot], question: str) -> list[Slot]:
    """The slots ``question`` asks about (see the module docstring), in ``found``'s order."""
    if _generic(question):
        return [slot for slot in found if slot.name != TODAY_SLOT]
    spans: dict[str, list[tuple[int, int]]] = {}
    start = 0  # where the sentence's words begin among the question's
    for sentence in _CLAUSE_END.split(question):
        asked = words(sentence)
        named = owners(sentence)
        for slot in found:
            if _about_someone_else(slot, named, asked):
                continue
            hits = [
                (start + s, start + e)
                for alias in slot.aliases
                for s, e in _alias_spans(alias, asked)
            ]
            spans.setdefault(slot.name, []).extend(hits)
        start += len(asked) + 1  # (no alias spans two sentences)
    spans = {name: hits for name, hits in spans.items() if hits}

    def inside_another(name: str, span: tuple[int, int]) -> bool:
        start, end = span
        return any(
            other != name and s <= start and end <= e and (s, e) != span
            for other, theirs in spans.items()
            for s, e in theirs
        )

    return [
        slot
        for slot in found
        if slot.name in spans and not all(inside_another(slot.name, sp) for sp in spans[slot.name])
    ]


class User(Protocol):
    """What an env asks of a user: replies, the correction volunteered at its step, and
    the slots told so far (for ``told`` signals)."""

    revealed: list[str]

    def reply(self, question: str) -> str: ...

    def volunteer(self, step: int) -> str | None: ...


UserFactory = Callable[[UserKnowledge, str], User]
"""Makes an episode's user from the filled user block and the episode's instruction."""


class SimulatedUser:
    """The deterministic user (see the module docstring).

    Args:
        knowledge: the task's user block, its templates filled in.
        goal: the instruction the user gave (unused: the rules need only the block).
    """

    def __init__(self, knowledge: UserKnowledge, goal: str = "") -> None:
        self.knowledge = knowledge
        self.goal = goal
        self.revealed: list[str] = []
        """The slots told so far, in the order first told."""
        self.history: list[tuple[str, str]] = []
        """Every question and its reply."""

    @cached_property
    def slots(self) -> list[Slot]:
        """What the user can tell (``slots``), worked out when a question first needs it:
        most episodes ask nothing, and an episode starts without reading every alias."""
        return slots(self.knowledge)

    def reply(self, question: str) -> str:
        """The reply to ``question``: every matched slot's words, or ``REFUSAL``."""
        found = matched_slots(self.slots, question)
        self._tell(slot.name for slot in found)
        answer = " ".join(slot.reply for slot in found) or REFUSAL
        self.history.append((question, answer))
        return answer

    def volunteer(self, step: int) -> str | None:
        """The correction, unasked, once ``step`` agent steps are done if it says ``at_step:
        step`` and was not told already; else None."""
        correction = self.knowledge.correction
        if correction is None or correction.at_step != step or CORRECTION_SLOT in self.revealed:
            return None
        self._tell([CORRECTION_SLOT])
        return correction.text

    def _tell(self, names: Iterable[str]) -> None:
        self.revealed += [name for name in names if name not in self.revealed]


def make_user_factory(
    kind: str = "simulated", options: dict[str, Any] | None = None
) -> UserFactory:
    """The factory of users ``kind`` names (``USERS``): ``simulated`` takes no options,
    ``llm`` takes those of ``mobile_gym.tasks.llm_user.llm_user_factory`` (``model``,
    ``base_url``, ``api_key``, ...). ValueError for an unknown kind or option."""
    options = dict(options or {})
    if kind == "simulated":
        if options:
            raise ValueError(f"the simulated user takes no options, got {sorted(options)}")
        return SimulatedUser
    if kind == "llm":
        from mobile_gym.tasks.llm_user import llm_user_factory  # the LLM client on demand

        valid = list(inspect.signature(llm_user_factory).parameters)
        unknown = [name for name in options if name not in valid]
        if unknown:
            raise ValueError(
                f"unknown option {unknown[0]!r} for the llm user; valid options: {', '.join(valid)}"
            )
        return llm_user_factory(**options)
    raise ValueError(f"unknown user {kind!r}; choose one of: {', '.join(USERS)}")


def check_user_battery(
    responder: Callable[[str], str], cases: Sequence[tuple[str, str]]
) -> list[str]:
    """Ask ``responder`` each question of ``cases`` in order (follow-ups after the questions
    they follow) and list, one line each, the replies that differ from the expected ones;
    an empty list when every reply is as expected."""
    wrong = []
    for question, expected in cases:
        got = responder(question)
        if got != expected:
            wrong.append(f"{question!r}: expected {expected!r}, got {got!r}")
    return wrong
