"""Right answers to WikiHow questions in the forms people write them: after a label
("Author: <name>"), in quotes, or naming the article in the lead-in ('The credited author of
"<title>" is <name>.', 'The first step in "<title>" is to <step>'); the same forms with a
wrong answer or another article's title fail."""

from __future__ import annotations

import pytest

from mobile_gym.tasks import shipped_tasks
from mobile_gym.tasks.schema import TaskSpec
from tests.tasks.near_misses import play_near_miss

AUTHOR_QUESTION = "wikihow.qa.brew_oolong_tea_every_morning"
CREDENTIAL_QUESTION = "wikihow.qa.do_a_plank_for_beginners"
"""An author question whose author has a credential after the name ("Marcus Ellison, DPT")."""
FIRST_STEP_QUESTION = "wikihow.qa.use_an_ab_wheel_easily"
"""A question for the first step, whose headline holds a number ("about 30 minutes")."""
OTHER_TITLE = "How to Cook Rice"
OTHER_AUTHOR = "James Sears"


def _spec(task_id: str) -> TaskSpec:
    return shipped_tasks()[task_id]


def _title(task_id: str) -> str:
    """The title of the article the question asks about (as its instruction quotes it)."""
    spec = _spec(task_id)
    return spec.instruction.template.split('"')[1]


def _answered(task_id: str, answer: str) -> bool:
    """Whether answering ``answer`` on ``task_id`` (seed 0) succeeds."""
    return play_near_miss(task_id, [{"answer": answer}], seed=0)[-1]["success"] is True


def _author_answer(task_id: str, wording: str) -> str:
    name = _spec(task_id).solution[-1].answer
    assert name is not None
    first, last = name.partition(", ")[0].split()
    return wording.format(
        name=name, first=first, last=last, title=_title(task_id), other=OTHER_AUTHOR
    )


@pytest.mark.parametrize(
    "wording",
    [
        "Author: {name}",
        "author: {name}.",
        "Answer: {name}",
        "Name: {name}",
        '"{name}"',
        '"{name}."',
        "\u201c{name}\u201d",
        "'{name}'",
        "**{name}**",
        'The credited author of "{title}" is {name}.',
        "The author of {title} is {name}",
        'The author of "{title}": {name}',
        '"{title}" was written by {name}.',
        '{name} is the author of "{title}".',
        'Answer: The article was co-authored by "{name}".',
    ],
)
@pytest.mark.parametrize("task_id", [AUTHOR_QUESTION, CREDENTIAL_QUESTION])
def test_an_author_answer_with_a_label_quotes_or_the_title_succeeds(
    task_id: str, wording: str
) -> None:
    """The author's name after a label, in quotes, or in a sentence naming the article
    answers an author question."""
    assert _title(task_id).startswith("How to ")
    assert _answered(task_id, _author_answer(task_id, wording))


@pytest.mark.parametrize(
    "wording",
    [
        "Author: {other}",
        "Author: {first}",
        '"{last}"',
        "Author: {name} or {other}",
        'Not "{name}"',
        '"{name}" and "{other}"',
        'The credited author of "{title}" is {other}.',
        f'The credited author of "{OTHER_TITLE}" is {{name}}.',
        f'{{name}} is the author of "{OTHER_TITLE}".',
        'The credited author of "{title}" is not {name}.',
        "Answer: it is not {name}",
    ],
)
@pytest.mark.parametrize("task_id", [AUTHOR_QUESTION, CREDENTIAL_QUESTION])
def test_an_author_answer_in_those_forms_naming_someone_else_fails(
    task_id: str, wording: str
) -> None:
    """Another author, a part of the name, candidates, a negation or another article's
    title in the same forms does not answer an author question."""
    assert not _answered(task_id, _author_answer(task_id, wording))


@pytest.mark.parametrize(
    ("task_id", "wording", "right"),
    [
        (CREDENTIAL_QUESTION, "Dr. {first} {last}", True),
        (CREDENTIAL_QUESTION, "dr {first} {last}, DPT", True),
        (CREDENTIAL_QUESTION, 'The author of "{title}" is Dr. {first} {last}.', True),
        (CREDENTIAL_QUESTION, "Dr. {other}", False),
        (CREDENTIAL_QUESTION, "Dr. {last}", False),
        (AUTHOR_QUESTION, "Dr. {name}", False),  # no doctorate: not a doctor
    ],
)
def test_a_doctor_is_named_with_the_title(task_id: str, wording: str, right: bool) -> None:
    """An author whose credential is a doctorate ("Marcus Ellison, DPT") is "Dr. Marcus
    Ellison" too; no one else is made a doctor."""
    assert "," not in _spec(AUTHOR_QUESTION).solution[-1].answer  # (no credential)
    assert _answered(task_id, _author_answer(task_id, wording)) is right


def _step_answer(wording: str) -> str:
    step = _spec(FIRST_STEP_QUESTION).solution[-1].answer
    assert step is not None and "30" in step, f"{FIRST_STEP_QUESTION}: its headline holds no 30"
    lower = step[0].lower() + step[1:]
    return wording.format(
        step=step,
        lower=lower,
        other=lower.replace("30", "3"),
        title=_title(FIRST_STEP_QUESTION),
    )


@pytest.mark.parametrize(
    "wording",
    [
        'The first step in "{title}" is to {lower}',
        "The first step in {title} is to {lower}",
        "The first step of the article is to {lower}",
        'The very first thing to do in "{title}" is to {lower}',
        "Answer: {step}",
        "First step: {lower}",
        '"{step}"',
        "**{step}**",
        'Answer: The first step in "{title}" is to {lower}',
    ],
)
def test_a_first_step_with_a_label_quotes_or_the_title_succeeds(wording: str) -> None:
    """The first step's headline after a label, in quotes, or after a lead-in naming the
    article answers a first-step question."""
    assert _answered(FIRST_STEP_QUESTION, _step_answer(wording))


@pytest.mark.parametrize(
    "wording",
    [
        'The first step in "{title}" is to {other}',
        "Answer: {other}",
        'The second step in "{title}" is to {lower}',
        f'The first step in "{OTHER_TITLE}" is to {{lower}}',
        'The first step in "{title}" is not to {lower}',
        'The first step in "{title}" is to {lower} Then rest.',
    ],
)
def test_a_first_step_in_those_forms_that_is_wrong_fails(wording: str) -> None:
    """Another number, another step, another article's title, a negation or more than the
    step in the same forms does not answer a first-step question."""
    assert not _answered(FIRST_STEP_QUESTION, _step_answer(wording))
