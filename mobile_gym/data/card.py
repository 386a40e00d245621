"""The dataset card of an export: ``README.md`` in the Hugging Face dataset-card style (YAML
front matter, then Markdown): what the dataset holds, how it was made, its splits (their
sizes and tasks), its schema, its licence and how to load it.

The card holds no clock time: the same run exported the same way gives the same card.
"""

from __future__ import annotations

from collections.abc import Iterable

import yaml

from mobile_gym import __version__
from mobile_gym.data.export import ExportSummary
from mobile_gym.data.provenance import Made
from mobile_gym.data.schema import COLUMNS, ELEMENT_FIELDS
from mobile_gym.tasks.loader import resolve_task
from mobile_gym.tasks.schema import TaskFileError

LICENSE = "cc-by-4.0"
"""The licence of the generated data: the project states none for its code or data, so
the data an export generates is released under Creative Commons Attribution 4.0."""
LICENSE_NOTE = (
    "mobile-gym states no licence of its own (neither pyproject.toml nor its README names "
    "one), and no licence for the data it generates. This generated dataset is therefore "
    "released under **Creative Commons Attribution 4.0 International (CC-BY-4.0)**, the "
    "choice mobile-gym's exporter makes for generated data. Every screen, text and name in "
    "it was rendered by mobile-gym's simulated phone from its seeded, generated content."
)


def dataset_card(summary: ExportSummary, made: list[Made]) -> str:
    """The card of ``summary``'s dataset; ``made`` lists the commands that made its run."""
    front = {
        "license": LICENSE,
        "pretty_name": _title(summary),
        "language": _languages(summary),
        "tags": ["gui-agents", "android", "mobile-gym", "demonstrations", "screenshots"],
        "size_categories": [_size_category(summary.rows)],
        **({"configs": [_config(summary)]} if summary.format == "parquet" else {}),
        "dataset_info": {
            "splits": [
                {"name": s.name, "num_examples": s.rows, "num_bytes": s.bytes}
                for s in summary.splits
                if s.rows
            ]
        },
    }
    header = yaml.safe_dump(front, sort_keys=False, allow_unicode=True, width=100)
    parts = [
        f"---\n{header}---\n",
        f"# {_title(summary)}\n",
        _about(summary),
        _made(summary, made),
        _splits(summary),
        _schema(),
        _loading(summary),
        f"## Licence\n\n{LICENSE_NOTE}\n",
    ]
    return "\n".join(parts)


def _title(summary: ExportSummary) -> str:
    agents = ", ".join(sorted({r.agent for r in summary.records}))
    return f"mobile-gym {agents} demonstrations ({', '.join(_suites(summary))})"


def _suites(summary: ExportSummary) -> list[str]:
    return sorted({record.suite for record in summary.records})


def _languages(summary: ExportSummary) -> list[str]:
    """The languages of the exported tasks' instructions (``TaskSpec.language``); a task
    that is not shipped counts as English, a task's default."""
    languages: set[str] = set()
    for task_id in {record.task_id for record in summary.records}:
        try:
            languages.add(resolve_task(task_id).language)
        except TaskFileError:
            languages.add("en")
    return sorted(languages)


def _size_category(rows: int) -> str:
    for limit, name in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K")):
        if rows < limit:
            return name
    return "100K<n<1M" if rows < 1_000_000 else "n>1M"


def _config(summary: ExportSummary) -> dict[str, object]:
    files = [{"split": s.name, "path": s.files[0]} for s in summary.splits if s.files]
    return {"config_name": "default", "data_files": files}


def _about(summary: ExportSummary) -> str:
    records = summary.records
    successes = sum(record.success for record in records)
    return (
        "## What is in it\n\n"
        "Step-level demonstrations of Android GUI tasks on mobile-gym's simulated phone: one "
        "row per agent action, with the screenshot and the view hierarchy (uiautomator dump "
        "XML) of the screen the agent saw before acting, the screen's numbered elements "
        "(Set-of-Marks order), the instruction in force, what the user said and the MCP tool "
        "returned after the previous action, and the action as an AndroidWorld / "
        "MobileWorld JSON action (`click`, `input_text`, `scroll`, `navigate_back`, `status`, "
        "`ask_user`, `mcp`, ...) with the element it points at.\n\n"
        f"- {summary.rows} steps from {len(records)} episodes of "
        f"{len({r.task_id for r in records})} tasks; {successes} of the episodes succeeded.\n"
        f"- Suites: {', '.join(_suites(summary))}.\n"
        f"- Seeds: {_seed_ranges(r.seed for r in records)} (each task is a template its "
        "seed instantiates: names, dates and content differ from seed to seed).\n"
        f"- Agent: {', '.join(sorted({r.agent for r in records}))}.\n"
        f"- Screenshots: {_image_note(summary)}.\n"
    )


def _image_note(summary: ExportSummary) -> str:
    sizes = ", ".join(f"{w} x {h}" for w, h in sorted(summary.image_sizes)) or "none"
    how = "resized with `--image-size`" if summary.image_size else "as the run saved them"
    return (
        f"PNG, {sizes} pixels ({how}); action coordinates are in the phone's pixels "
        "(`screen_width` x `screen_height`)"
    )


def _made(summary: ExportSummary, made: list[Made]) -> str:
    lines = ["## How it was made\n"]
    if made:
        lines.append("The run folder was filled by:\n")
        lines += [f"- `{m.command}` (mobile-gym {m.version})" for m in made]
    else:
        lines.append(
            "The run folder was not made by `mobile-gym generate` (it has no generate.json); "
            "its episodes are listed above."
        )
    lines += [
        "",
        f"and exported with mobile-gym {__version__} by `mobile-gym export {summary.run} "
        f"--format {summary.format}"
        + (
            f" --image-size {summary.image_size[0]}x{summary.image_size[1]}"
            if summary.image_size
            else ""
        )
        + f" --split {','.join(f'{s.ratio:g}' for s in summary.splits)}`.",
        "",
        "Episodes that ended in an infrastructure error are left out. Every episode runs on "
        "a phone seeded by its seed, with a virtual clock: the oracle (each task's reference "
        "solution) makes the same data from the same command.",
        "",
    ]
    return "\n".join(lines)


def _splits(summary: ExportSummary) -> str:
    lines = [
        "## Splits\n",
        "By task: every episode of a task is in one split, so no task id is in two. A task's "
        "split is fixed by the SHA-256 of its id against the ratios.\n",
        "| split | ratio | tasks | episodes | steps | bytes |",
        "|---|---|---|---|---|---|",
    ]
    lines += [
        f"| {s.name} | {s.ratio:g} | {len(s.tasks)} | {s.episodes} | {s.rows} | {s.bytes} |"
        for s in summary.splits
    ]
    lines.append("")
    for split in summary.splits:
        tasks = ", ".join(f"`{task}`" for task in split.tasks) or "none"
        lines.append(f"- **{split.name}** tasks: {tasks}")
    lines.append("")
    return "\n".join(lines)


def _schema() -> str:
    lines = ["## Schema\n", "| column | type | description |", "|---|---|---|"]
    lines += [f"| `{c.name}` | {c.type} | {c.description} |" for c in COLUMNS]
    lines += ["", "Each item of `elements`:", "", "| field | type | description |", "|---|---|---|"]
    lines += [f"| `{c.name}` | {c.type} | {c.description} |" for c in ELEMENT_FIELDS]
    lines += [
        "",
        "`action` is one JSON object: `action_type` and its fields (`text`, `direction`, "
        "`app_name`, `goal_status`, `action_name` and `action_json` for `mcp`). An action "
        "with a point has `x` and `y` (the phone's pixels) and, when the point is a "
        "numbered element's centre, its `index`. Two fields go beyond AndroidWorld's schema: "
        "a scroll's `span` (how far the finger moves, a fraction of the screen) and a wait's "
        "`ms` (its length in milliseconds), when the action set them. `element_index` is "
        "the element the action points at: the one its `index` names when the screen has "
        "it, else the one centred on its point, else the smallest containing the point; "
        "null for none. mobile-gym's `JsonActions` wrapper reads every action back "
        "(`parse_json_action`, `index` first) to do what was done.",
        "",
    ]
    return "\n".join(lines)


def _loading(summary: ExportSummary) -> str:
    if summary.format == "hf":
        code = 'from datasets import load_from_disk\n\ndataset = load_from_disk("path/to/this/folder")\n'
        note = ""
    else:
        files = "".join(
            f'        "{s.name}": "path/to/this/folder/{s.files[0]}",\n'
            for s in summary.splits
            if s.files
        )
        code = (
            "from datasets import load_dataset\n\n"
            f'dataset = load_dataset(\n    "parquet",\n    data_files={{\n{files}    }},\n)\n'
        )
        note = "\nWith pyarrow alone, `screenshot` is a struct whose `bytes` are the PNG.\n"
    first = next((s.name for s in summary.splits if s.rows), "train")
    code += f'row = dataset["{first}"][0]  # row["screenshot"] is a PIL image\n'
    return f"## How to load it\n\n```python\n{code}```\n{note}"


def _seed_ranges(seeds: Iterable[int]) -> str:
    """Seeds as ranges: ``0-9, 20``."""
    ordered = sorted(set(seeds))
    ranges: list[str] = []
    start = previous = ordered[0] if ordered else 0
    for seed in [*ordered[1:], None]:
        if seed is not None and seed == previous + 1:
            previous = seed
            continue
        ranges.append(str(start) if start == previous else f"{start}-{previous}")
        if seed is not None:
            start = previous = seed
    return ", ".join(ranges) if ordered else "none"
