"""The columns of an exported dataset: one row per agent action, with the screen the agent
saw before it (``mobile-gym export``).

``COLUMNS`` is the one description: the Arrow schema (``arrow_schema``) and the dataset
card's schema table are both made from it. The screenshot is stored as the Hugging Face
``Image`` feature stores one in Parquet (a struct of PNG ``bytes`` and a ``path``, here
null), and the Parquet schema says so in its ``huggingface`` metadata, so
``datasets.load_dataset("parquet", ...)`` reads it back as images; pyarrow alone reads the
PNG bytes.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple


class Column(NamedTuple):
    """One column: its name, its type as the card shows it, and what it holds."""

    name: str
    type: str
    description: str


ELEMENT_FIELDS: tuple[Column, ...] = (
    Column("index", "int32", "the element's number on this screen (from 0)"),
    Column("bounds", "int32[4]", "left, top, right, bottom in screen pixels"),
    Column("class", "string", "the Android class (android.widget.Button, ...)"),
    Column("text", "string", "its text (a row without text of its own: the texts inside it)"),
    Column("desc", "string", "its content description"),
    Column("resource_id", "string", "its resource id (package:id/name)"),
    Column("clickable", "bool", ""),
    Column("long_clickable", "bool", ""),
    Column("checkable", "bool", ""),
    Column("checked", "bool", ""),
    Column("scrollable", "bool", ""),
    Column("editable", "bool", "a text field"),
    Column("focused", "bool", ""),
)
"""The fields of one element of the ``elements`` column (``mobile_gym.wrappers.elements``)."""

COLUMNS: tuple[Column, ...] = (
    Column("task_id", "string", "the task (a template: its seeds instantiate it)"),
    Column("suite", "string", "the task's suite"),
    Column("seed", "int64", "the episode's seed"),
    Column("step", "int32", "the action's number in the episode, from 1"),
    Column("instruction", "string", "the instruction in force when the agent acted"),
    Column("screenshot", "image (PNG)", "the screen the agent saw before acting"),
    Column("screen_width", "int32", "the phone's screen width in pixels (x of actions)"),
    Column("screen_height", "int32", "the phone's screen height in pixels (y of actions)"),
    Column("view_hierarchy", "string", "that screen's view hierarchy (uiautomator dump XML)"),
    Column(
        "elements",
        "list<struct>",
        "that screen's numbered elements (Set-of-Marks order): "
        + ", ".join(field.name for field in ELEMENT_FIELDS),
    ),
    Column(
        "ask_user_response",
        "string",
        "what the user said after the previous action (its reply to ask_user, or unasked); "
        "'' for nothing",
    ),
    Column(
        "tool_call",
        "string",
        "the result of the MCP tool the previous action called (its text); '' for none",
    ),
    Column(
        "action",
        "string",
        "the action as a JSON action (AndroidWorld / MobileWorld); null: a model's reply "
        "that was no readable action",
    ),
    Column("action_type", "string", "the JSON action's action_type (null: no action)"),
    Column(
        "element_index",
        "int32",
        "the element the action points at (an index the screen has; a point: the element "
        "centred there, else the smallest that contains it; null: none)",
    ),
    Column(
        "command",
        "string",
        "the action as mobile-gym recorded it, as JSON (a Command, or a model's reply)",
    ),
    Column("action_error", "string", "why the env refused the action (null: it did not)"),
    Column("reward", "float64", "the reward of this step"),
    Column("done", "bool", "the episode's last step"),
    Column("success", "bool", "whether the episode succeeded"),
)
"""Every column of a row, in order."""


def arrow_schema() -> Any:
    """The Parquet schema of ``COLUMNS`` (a ``pyarrow.Schema``), with the ``huggingface``
    metadata that makes ``datasets`` read ``screenshot`` as an ``Image``."""
    import pyarrow as pa

    element = pa.struct(
        [
            ("index", pa.int32()),
            ("bounds", pa.list_(pa.int32(), 4)),
            *((field.name, pa.string()) for field in ELEMENT_FIELDS[2:6]),
            *((field.name, pa.bool_()) for field in ELEMENT_FIELDS[6:]),
        ]
    )
    types = {
        "string": pa.string(),
        "int64": pa.int64(),
        "int32": pa.int32(),
        "float64": pa.float64(),
        "bool": pa.bool_(),
        "image (PNG)": pa.struct([("bytes", pa.binary()), ("path", pa.string())]),
        "list<struct>": pa.list_(element),
    }
    metadata = {"info": {"features": {"screenshot": {"_type": "Image"}}}}
    return pa.schema(
        [(column.name, types[column.type]) for column in COLUMNS],
        metadata={"huggingface": json.dumps(metadata)},
    )
