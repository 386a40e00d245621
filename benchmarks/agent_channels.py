"""What an MCP tool call and a question to the simulated user cost an agent, beside a tap.

One env on a task that has both a ``user`` block and the maps tool server; each round times
one agent action of each kind through ``actions.play`` on the base env, as an agent's step
pays for it: a tap on the home screen, an ``ASK_USER`` answered by the deterministic user,
and an ``MCP_CALL`` (``amap_maps_weather``) through the real protocol, over the in-process
transport and over stdio (a server subprocess). Prints the median and p90 of each, and the
ratio of each median to the tap's; writes them to ``out/bench/agent_channels.json``.

    .venv/bin/python benchmarks/agent_channels.py [--rounds 200] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.tasks.schema import parse_task

SETTINGS = "com.android.settings"


def task(transport: str) -> dict[str, Any]:
    """A task with a user who knows one fact and the maps server (it never ends by itself)."""
    return {
        "id": "bench.agent_channels",
        "title": "Ask the user and call a tool",
        "apps": [SETTINGS],
        "min_steps": 1,
        "max_steps": "none",
        "tools": {"servers": ["amap"], "transport": transport},
        "user": {"facts": [{"name": "city", "aliases": ["city", "home town"], "value": "杭州"}]},
        "instruction": {"template": "Find out the weather where I live."},
        "signals": {"never": {"answer": "no such answer"}},
        "events": [{"id": "done", "when": "never", "end": "success"}],
        "solution": [{"answer": "no such answer"}],
    }


def timed(env: MobileEnv, action: list[actions.TouchAction], rounds: int) -> list[float]:
    """Seconds of each of ``rounds`` plays of ``action`` (after one to warm up)."""
    actions.play(env, action)  # the first call warms caches and, for a tool, the server
    out = []
    for _ in range(rounds):
        start = time.perf_counter()
        actions.play(env, action)
        out.append(time.perf_counter() - start)
    return out


def measure(rounds: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {}
    for transport in ("memory", "stdio"):
        env = MobileEnv(parse_task(task(transport), "bench"))
        env.reset(seed=0)
        if transport == "memory":
            figures["tap (home screen)"] = timed(env, actions.click(0.5, 0.5), rounds)
            question = actions.ask_user("Which city do you live in?")
            figures["ask_user (simulated user)"] = timed(env, question, rounds)
        call = actions.mcp_call("amap_maps_weather", {"city": "杭州"})
        figures[f"mcp_call ({transport})"] = timed(env, call, rounds)
        env.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--json", type=Path, default=Path("out/bench/agent_channels.json"))
    args = parser.parse_args()
    figures = measure(args.rounds)
    base = statistics.median(figures["tap (home screen)"])
    rows = {}
    print(f"{'action':28} {'median ms':>10} {'p90 ms':>8} {'x tap':>7}")
    for name, times in figures.items():
        median = statistics.median(times)
        p90 = statistics.quantiles(times, n=10)[-1]
        rows[name] = {"median_ms": 1000 * median, "p90_ms": 1000 * p90, "x_tap": median / base}
        print(f"{name:28} {1000 * median:10.3f} {1000 * p90:8.3f} {median / base:7.1f}")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"rounds": args.rounds, "rows": rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
