"""Changes to the Contacts database, each logged (tag ``Contacts``) as the app reports it."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.contacts.data import contact, full_name

FIELDS = (
    "first_name",
    "last_name",
    "phone",
    "email",
    "address",
    "company",
    "job_position",
    "nickname",
    "notes",
)
"""The text columns the editor writes."""
LABELS = ("phone_label", "email_label")
"""The label columns the editor writes (the types of the number and the email)."""
EMPTY_GROUP = "Group name cannot be empty"
DUPLICATE_GROUP = "A group with that name already exists"


def save_contact(ctx: AppContext, contact_id: int | None, values: dict[str, str]) -> int:
    """Insert (``contact_id`` None) or update a contact from ``values`` of ``FIELDS`` and
    ``LABELS``."""
    db = ctx.db()
    written = FIELDS + LABELS
    if contact_id is None:
        columns = ", ".join(written)
        marks = ", ".join(f":{key}" for key in written)
        cursor = db.execute(
            f"INSERT INTO contacts({columns}, created) VALUES ({marks}, :created)",
            {**values, "created": ctx.phone.clock.epoch_ms},
        )
        contact_id = int(cursor.lastrowid or 0)
    else:
        sets = ", ".join(f"{key} = :{key}" for key in written)
        db.execute(f"UPDATE contacts SET {sets} WHERE id = :id", {**values, "id": contact_id})
    name = f"{values['first_name']} {values['last_name']}".strip()
    ctx.log(f"Contact saved: id={contact_id} name={name}")
    ctx.toast("Contact saved")
    return contact_id


def delete_contact(ctx: AppContext, contact_id: int | None) -> None:
    row = contact(ctx, contact_id)
    if row is None:
        return
    db = ctx.db()
    db.execute("DELETE FROM contacts WHERE id = ?", (contact_id,))
    db.execute("DELETE FROM group_members WHERE contact_id = ?", (contact_id,))
    ctx.log(f"Contact deleted: id={contact_id} name={full_name(row)}")
    ctx.toast("Contact deleted")


def set_starred(ctx: AppContext, contact_id: int, starred: bool) -> None:
    ctx.db().execute("UPDATE contacts SET starred = ? WHERE id = ?", (int(starred), contact_id))
    ctx.log(f"Contact {'starred' if starred else 'unstarred'}: id={contact_id}")


def set_favorites(ctx: AppContext, chosen: set[int]) -> None:
    """Star exactly the contacts in ``chosen``, logging each one that changes."""
    for contact_id, starred in ctx.db().execute("SELECT id, starred FROM contacts").fetchall():
        if bool(starred) != (contact_id in chosen):
            set_starred(ctx, contact_id, contact_id in chosen)


def group_title_error(ctx: AppContext, title: str, group_id: int = 0) -> str | None:
    """Why ``title`` cannot name a group (other than ``group_id``), or None if it can."""
    if not title:
        return EMPTY_GROUP
    taken = ctx.db().execute(
        "SELECT 1 FROM groups WHERE title = ? COLLATE NOCASE AND id != ?", (title, group_id)
    )
    return DUPLICATE_GROUP if taken.fetchone() else None


def create_group(ctx: AppContext, title: str) -> int:
    cursor = ctx.db().execute("INSERT INTO groups(title) VALUES (?)", (title,))
    group_id = int(cursor.lastrowid or 0)
    ctx.log(f"Group created: id={group_id} title={title}")
    return group_id


def rename_group(ctx: AppContext, group_id: int, title: str) -> None:
    ctx.db().execute("UPDATE groups SET title = ? WHERE id = ?", (title, group_id))
    ctx.log(f"Group renamed: id={group_id} title={title}")


def delete_group(ctx: AppContext, group_id: int, title: str) -> None:
    db = ctx.db()
    db.execute("DELETE FROM groups WHERE id = ?", (group_id,))
    db.execute("DELETE FROM group_members WHERE group_id = ?", (group_id,))
    ctx.log(f"Group deleted: id={group_id} title={title}")


def set_members(ctx: AppContext, group_id: int, chosen: set[int]) -> None:
    """Make ``chosen`` the group's members, logging each contact added or removed."""
    db = ctx.db()
    rows = db.execute("SELECT contact_id FROM group_members WHERE group_id = ?", (group_id,))
    now = {contact_id for (contact_id,) in rows}
    for contact_id in sorted(chosen - now):
        db.execute(
            "INSERT INTO group_members(group_id, contact_id) VALUES (?, ?)", (group_id, contact_id)
        )
        ctx.log(f"Contact added to group: id={contact_id} group={group_id}")
    for contact_id in sorted(now - chosen):
        db.execute(
            "DELETE FROM group_members WHERE group_id = ? AND contact_id = ?",
            (group_id, contact_id),
        )
        ctx.log(f"Contact removed from group: id={contact_id} group={group_id}")
