"""What the page's form controls hold, and sending a form.

A control's value lives in the main screen's state while its page is shown (forgotten on
the next page): text fields under ``field:web:<n>`` (``n`` the control's index in the
page), check boxes under ``web:check:<n>``, a radio group under
``web:radio:<form>:<name>`` and a select under ``web:select:<n>``; until changed each holds
what the HTML gives it.
"""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.chrome import navigation
from mobile_gym.sim.apps.chrome.document import TEXT_INPUTS, Control, Document

BUTTONS = ("submit", "button", "reset")


def field_key(control: Control) -> str:
    return f"web:{control.index}"


def text_of(ctx: AppContext, control: Control) -> str:
    return ctx.field(field_key(control), control.value)


def checked(ctx: AppContext, control: Control) -> bool:
    return ctx.get(f"web:check:{control.index}", control.checked)


def set_checked(ctx: AppContext, control: Control, value: bool) -> None:
    ctx.set(f"web:check:{control.index}", value)


def _group(control: Control) -> str:
    return f"web:radio:{control.form}:{control.name}"


def radio_value(ctx: AppContext, doc: Document, control: Control) -> str:
    """The value chosen in ``control``'s radio group."""
    first = next(
        (
            c.value
            for c in doc.controls
            if c.kind == "radio" and c.form == control.form and c.name == control.name and c.checked
        ),
        "",
    )
    return ctx.get(_group(control), first)


def choose_radio(ctx: AppContext, control: Control) -> None:
    ctx.set(_group(control), control.value)


def selected(ctx: AppContext, control: Control) -> str:
    return ctx.get(f"web:select:{control.index}", control.value)


def select(ctx: AppContext, control: Control, value: str) -> None:
    ctx.set(f"web:select:{control.index}", value)


def fields(
    ctx: AppContext, doc: Document, form: int, submitter: Control | None
) -> list[tuple[str, str]]:
    """The (name, value) pairs form ``form`` sends, in document order."""
    out: list[tuple[str, str]] = []
    for control in doc.controls:
        if control.form != form or not control.name:
            continue
        kind = control.kind
        if kind in TEXT_INPUTS or kind == "textarea":
            out.append((control.name, text_of(ctx, control)))
        elif kind == "hidden":
            out.append((control.name, control.value))
        elif kind == "checkbox":
            if checked(ctx, control):
                out.append((control.name, control.value))
        elif kind == "radio":
            if radio_value(ctx, doc, control) == control.value:
                out.append((control.name, control.value))
        elif kind == "select":
            out.append((control.name, selected(ctx, control)))
        elif control is submitter:
            out.append((control.name, control.value))
    return out


def send(ctx: AppContext, doc: Document, control: Control) -> None:
    """Submit the form ``control`` belongs to (``control`` pressed, or ENTER in it)."""
    if control.form < 0:
        return
    form = doc.forms[control.form]
    submitter = control if control.kind == "submit" else None
    navigation.submit(ctx, form.action, form.method, fields(ctx, doc, control.form, submitter))


def press(ctx: AppContext, doc: Document, control: Control) -> None:
    """What a tap on a button does: submit sends its form, reset empties it."""
    if control.kind == "submit":
        send(ctx, doc, control)
    elif control.kind == "reset":
        prefixes = ("field:web:", "web:check:", "web:select:", f"web:radio:{control.form}:")
        for key in [k for k in ctx.screen.state if k.startswith(prefixes)]:
            ctx.pop(key)
