"""The post box at the bottom of a channel or thread: attach files from the phone's
storage, type, send."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost import data, drafts
from mobile_gym.sim.ui.scroll import END
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

ATTACHED = "attachments"
"""The screen state holding the paths of the files picked for the next post."""


def attached(ctx: AppContext) -> list[str]:
    return list(ctx.get(ATTACHED, []))


def composer(
    ctx: AppContext,
    hint: str,
    on_send: Callable[[str, tuple[str, ...]], None],
    *,
    channel_id: int,
    root_id: int = 0,
) -> View:
    """The files picked so far (each removable), the attach button, the message field
    (``post_input``, holding the channel's or thread's draft until edited) and the send
    button, enabled once there is text or a file."""
    files = attached(ctx)
    kept = drafts.draft(ctx, channel_id, root_id)
    text = ctx.field(drafts.FIELD, kept)
    ready = bool(text.strip() or files)

    def send() -> None:
        if ready:
            on_send(text.strip(), tuple(files))
            ctx.set_field(drafts.FIELD, "")
            drafts.keep(ctx, channel_id, root_id)
            ctx.pop(ATTACHED)
            ctx.scroll_to("posts", END)

    def remove(path: str) -> Callable[[], None]:
        return lambda: ctx.set(ATTACHED, [f for f in attached(ctx) if f != path])

    rows: list[View] = [
        Row(
            ImageView("file", size=20, margin=(16, 0, 8, 0)),
            TextView(path.rsplit("/", 1)[-1], id="attachment_name", size=14, width=0, weight=1),
            ImageButton(
                "close",
                desc=f"Remove {path.rsplit('/', 1)[-1]}",
                id="remove_attachment",
                on_click=remove(path),
                size=40,
            ),
            id="pending_attachment",
        )
        for path in files
    ]
    rows.append(
        Row(
            ImageButton(
                "file",
                desc="Attach file",
                id="attach_file",
                on_click=lambda: ctx.open(data.ATTACH),
            ),
            ctx.edit(
                drafts.FIELD,
                default=kept,
                hint=hint,
                id="post_input",
                input_type="multiline",
                max_lines=5,
                width=MATCH,
                weight=1,
            ),
            ImageButton(
                "send",
                desc="Send",
                id="send_action",
                on_click=send if ready else None,
                tint="primary" if ready else "hint",
                enabled=ready,
            ),
            padding=(0, 4),
        )
    )
    return Column(*rows, id="post_draft", width=MATCH, background="surface")
