"""What a fresh process loads: ``import mobile_gym`` registers every shipped task without
loading their files, and the slow optional imports (the MCP SDK, fpdf2, pypdf) wait until a
task needs them."""

from __future__ import annotations

import json
import subprocess
import sys

from mobile_gym.tasks import loader

_PROBE = """
import json, sys
import gymnasium as gym
import mobile_gym
from mobile_gym.tasks import loader

found = {"loaded_at_import": loader._shipped_file.cache_info().currsize}
found["imported_at_import"] = sorted(m for m in ("mcp", "fpdf", "pypdf") if m in sys.modules)
gym.make("MobileGym/mab.note_add-v0").close()
found["loaded_by_make"] = loader._shipped_file.cache_info().currsize
loader.resolve_task("mcp.driving_time_sms")  # a task with MCP tools, validated
found["sdk_after_validating_tools"] = "mcp" in sys.modules
env = gym.make("MobileGym/maps.walking_minutes-v0")
env.reset(seed=0)
from mobile_gym.sim.apps.maps import world
world.route("walking", *[p.point for p in list(world.places().values())[:2]])
found["sdk_after_maps"] = "mcp" in sys.modules
env.close()
from mobile_gym.sim.documents import render_document
pdf = render_document("text", {"title": "A", "sections": [{"heading": "B", "paragraphs": ["C"]}]})
found["fpdf_after_a_document"] = "fpdf" in sys.modules
found["pypdf_before_reading_one"] = "pypdf" in sys.modules
from mobile_gym.sim.apps.docreader.pdf import read_pdf
found["read_pages"] = len(read_pdf(pdf).pages)
found["pypdf_after_reading_one"] = "pypdf" in sys.modules
found["registered"] = sum(1 for k in gym.envs.registration.registry if k.startswith("MobileGym/"))
print(json.dumps(found))
"""


def test_import_registers_every_task_and_loads_only_what_is_used() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=300, check=True
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found == {
        "loaded_at_import": 0,
        "imported_at_import": [],
        "loaded_by_make": 1,
        "sdk_after_validating_tools": False,
        "sdk_after_maps": False,
        "fpdf_after_a_document": True,
        "pypdf_before_reading_one": False,
        "read_pages": 1,
        "pypdf_after_reading_one": True,
        "registered": len(loader.shipped_task_files()) + 1,  # and MobileGym/Task-v0
    }
