"""The three families' metrics against hand-computed examples, and their empty and
degenerate cases."""

from __future__ import annotations

import pytest

from mobile_gym import metrics
from mobile_gym.agents import TokenUsage
from mobile_gym.eval.records import EpisodeRecord


def record(task_id: str, **fields) -> EpisodeRecord:
    values = {
        "seed": 0,
        "agent": "test",
        "suite": "s",
        "apps": ["A"],
        "category": "gui",
        "difficulty": "easy",
        "min_steps": 1,
        "step_cap": 2,
        "instruction": "",
        "steps": 1,
        "success": False,
    }
    values.update(fields)
    return EpisodeRecord(task_id=task_id, **values)


# Five episodes worked by hand (see each metric's test for the arithmetic).
EPISODES = [
    record("a", apps=["A"], success=True, steps=4, min_steps=2, latency_s=2.0,
           tokens_reported=100, tokens_estimated=80, late_stop=True, total_reward=1.0),
    record("b", apps=["A"], success=True, steps=3, min_steps=3, latency_s=1.0,
           tokens_estimated=50, category="interact", asks=2, total_reward=1.2,
           difficulty="medium"),
    record("c", apps=["B"], steps=10, min_steps=5, latency_s=3.0, tokens_estimated=40,
           early_stop=True, category="interact", total_reward=0.2, difficulty="medium"),
    record("d", apps=["B"], steps=6, min_steps=3, category="mcp", mcp_calls=3, asks=1,
           difficulty="hard", suite="t"),
    record("e", apps=["B"], steps=2, min_steps=1, tokens_estimated=10, asks=1),
]  # fmt: skip


def test_agent_bench_metrics_by_hand() -> None:
    m = metrics.agent_bench(EPISODES)
    assert m.episodes == 5
    assert (m.sr.hits, m.sr.n, m.sr.value) == (2, 5, 0.4)
    assert m.se == pytest.approx((4 / 2 + 3 / 3) / 2)  # successful episodes only: 1.5
    assert m.latency_s == pytest.approx(6.0 / 25)  # seconds / decisions over all episodes
    assert m.tokens == pytest.approx((100 + 50 + 40 + 0 + 10) / 5)  # reported, else estimated
    assert m.tokens_reported == pytest.approx(100)
    assert m.tokens_estimated == pytest.approx((80 + 50 + 40 + 0 + 10) / 5)
    assert m.fn_rate == pytest.approx(1 / 3)  # early stops / failed episodes
    assert m.fp_rate == pytest.approx(1 / 2)  # late stops / successful episodes
    assert m.errors == 0


def test_mobile_world_metrics_by_hand() -> None:
    m = metrics.mobile_world(EPISODES)
    assert m.sr.value == 0.4
    assert {k: (r.hits, r.n) for k, r in m.sr_by_category.items()} == {
        "gui": (1, 2),
        "interact": (1, 2),
        "mcp": (0, 1),
    }
    assert m.ave_steps == pytest.approx(25 / 5)  # all episodes, failed included
    assert m.ave_queries == pytest.approx((2 + 0) / 2)  # asks over interaction episodes
    # q = success / asks per interaction episode (b: 1/2, c: no ask so 0), over the two
    # interaction episodes plus the two others in which the agent asked (d, e)
    assert m.uiq == pytest.approx(0.5 / 4)
    assert m.ave_mcp_calls == pytest.approx(3 / 1)


def test_a_task_tagged_interaction_and_mcp_is_filed_under_mcp_and_counted_as_both() -> None:
    both = record("f", category="mcp", tags=["interact", "mcp"], success=True, asks=2,
                  mcp_calls=1, steps=5)  # fmt: skip
    m = metrics.mobile_world([*EPISODES, both])
    assert {k: (r.hits, r.n) for k, r in m.sr_by_category.items()}["mcp"] == (1, 2)
    assert m.ave_queries == pytest.approx((2 + 0 + 2) / 3)  # b, c and f
    # b 1/2, c 0, f 1/2 over the three interaction episodes and the two others asking (d, e)
    assert m.uiq == pytest.approx(1.0 / 5)
    assert m.ave_mcp_calls == pytest.approx((3 + 1) / 2)  # d and f


def test_error_episodes_say_nothing_of_ui_quality() -> None:
    asked = record("i", category="interact", success=True, asks=1)
    broken = record("j", category="interact", asks=1, error="device: gone")
    m = metrics.mobile_world([asked, broken])
    assert m.ave_queries == pytest.approx(1.0) and m.uiq == pytest.approx(1.0)
    assert metrics.mobile_world([broken]).uiq is None  # nothing finished: no figure, not 0


def test_records_without_tags_take_their_category_for_them() -> None:
    assert record("g", category="interact").kinds == {"interact"}
    assert record("h", category="mcp", tags=["interact", "mcp"]).kinds == {"interact", "mcp"}


def test_mobile_env_metrics_by_hand() -> None:
    m = metrics.mobile_env(EPISODES)
    assert m.average_reward == pytest.approx((1.0 + 1.2 + 0.2) / 5)
    assert m.reward_per_step == pytest.approx((1.0 / 4 + 1.2 / 3 + 0.2 / 10 + 0 + 0) / 5)
    assert m.sr.value == 0.4
    assert m.by_type == {}  # no task has a type


def test_mobile_env_metrics_per_task_type() -> None:
    typed = [
        record("n1", task_type="cross_page", success=True, steps=3, total_reward=2.0),
        record("n2", task_type="cross_page", steps=15, total_reward=1.0),
        record("q1", task_type="qa", success=True, steps=4, total_reward=1.0),
        record("q2", task_type="qa", steps=0, total_reward=0.0),  # stopped before acting
        record("x", steps=2),  # a task without a type
    ]
    m = metrics.mobile_env(typed)
    assert sorted(m.by_type) == ["cross_page", "qa"]
    cross, qa = m.by_type["cross_page"], m.by_type["qa"]
    assert (cross.episodes, cross.sr.hits, cross.average_reward) == (2, 1, 1.5)
    assert cross.reward_per_step == pytest.approx((2 / 3 + 1 / 15) / 2)
    assert qa.reward_per_step == pytest.approx(1 / 4)  # the episode without steps left out
    assert cross.by_type == {} and m.episodes == 5
    assert sorted(metrics.breakdown(typed, "type")) == ["cross_page", "qa", "untyped"]


def test_wilson_interval_known_values() -> None:
    low, high = metrics.wilson(2, 5)
    assert (low, high) == (pytest.approx(0.1176, abs=1e-4), pytest.approx(0.7693, abs=1e-4))
    assert metrics.wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert metrics.wilson(10, 10) == (pytest.approx(0.7225, abs=1e-4), pytest.approx(1.0))
    assert metrics.wilson(0, 0) is None
    with pytest.raises(ValueError, match=r"hits must be in 0\.\.n"):
        metrics.wilson(3, 2)


def test_wilson_interval_reaches_0_and_1_exactly() -> None:
    for n in range(1, 50):  # 4 of 4 once gave 0.9999999999999999
        assert metrics.wilson(n, n)[1] == 1.0  # type: ignore[index]
        assert metrics.wilson(0, n)[0] == 0.0  # type: ignore[index]
    assert metrics.Rate(4, 4).to_json()["high"] == 1.0


def test_no_episodes_gives_nothing_to_average() -> None:
    bench, world, env = (
        metrics.agent_bench([]),
        metrics.mobile_world([]),
        metrics.mobile_env([]),
    )
    assert bench.episodes == 0 and bench.sr.value is None and bench.sr.interval is None
    assert (bench.se, bench.latency_s, bench.tokens, bench.fn_rate, bench.fp_rate) == (None,) * 5
    assert (world.ave_steps, world.ave_queries, world.uiq, world.ave_mcp_calls) == (None,) * 4
    assert world.sr_by_category == {}
    assert env.average_reward is None and env.reward_per_step is None


def test_no_successes_leaves_se_and_fp_undefined() -> None:
    failed = [r for r in EPISODES if not r.success]
    m = metrics.agent_bench(failed)
    assert m.sr.value == 0.0 and m.se is None and m.fp_rate is None
    assert m.fn_rate == pytest.approx(1 / 3)


def test_no_failures_leaves_fn_undefined() -> None:
    succeeded = [r for r in EPISODES if r.success]
    m = metrics.agent_bench(succeeded)
    assert m.sr.value == 1.0 and m.fn_rate is None and m.fp_rate == pytest.approx(1 / 2)


def test_no_interaction_tasks() -> None:
    gui_only = [r for r in EPISODES if r.category == "gui"]
    m = metrics.mobile_world(gui_only)
    assert m.ave_queries is None and m.ave_mcp_calls is None
    # e asked although the task needed no user: UIQ has that in its denominator only
    assert m.uiq == 0.0
    quiet = [record("x", success=True)]
    assert metrics.mobile_world(quiet).uiq is None


def test_breakdowns_group_every_episode() -> None:
    by_app = metrics.breakdown(EPISODES, "app")
    assert {k: (v.sr.hits, v.episodes) for k, v in by_app.items()} == {"A": (2, 2), "B": (0, 3)}
    by_difficulty = metrics.breakdown(EPISODES, "difficulty")
    assert {k: v.episodes for k, v in by_difficulty.items()} == {
        "easy": 2,
        "hard": 1,
        "medium": 2,
    }
    assert set(metrics.breakdown(EPISODES, "suite")) == {"s", "t"}
    with pytest.raises(ValueError, match="unknown breakdown 'colour'"):
        metrics.breakdown(EPISODES, "colour")


def test_report_is_json_with_every_family() -> None:
    import json

    document = json.loads(json.dumps(metrics.report(EPISODES)))
    assert document["mobile_agent_bench"]["sr"] == {
        "value": 0.4,
        "hits": 2,
        "n": 5,
        "low": pytest.approx(0.1176, abs=1e-4),
        "high": pytest.approx(0.7693, abs=1e-4),
    }
    assert document["mobile_world"]["uiq"] == pytest.approx(0.125)
    assert set(document["breakdowns"]) == set(metrics.BREAKDOWNS)


def test_gpt4v_token_estimates() -> None:
    assert metrics.text_tokens(0) == 0
    assert metrics.text_tokens(9) == 3  # ceil(9 / 4)
    assert metrics.image_tokens(1024, 1024) == 765  # 768 x 768: 4 tiles
    assert metrics.image_tokens(2048, 4096) == 1105  # 1024 x 2048, then 768 x 1536: 6 tiles
    assert metrics.image_tokens(1080, 2400) == 1445  # 768 x 1707: 2 x 4 tiles
    assert metrics.image_tokens(100, 100) == 255  # small images are not scaled up
    usage = TokenUsage(input_chars=10, output_chars=3, images=((1024, 1024),))
    assert metrics.estimate_tokens(usage) == 3 + 1 + 765
    assert metrics.estimate_tokens(None) == 0
    with pytest.raises(ValueError, match="positive size"):
        metrics.image_tokens(0, 10)


def test_mobileagentbench_token_estimates_fit_images_into_1024_px() -> None:
    assert metrics.image_tokens_1024(1080, 2400) == 425  # 460 x 1024: 1 x 2 tiles
    assert metrics.image_tokens_1024(2400, 1080) == 425
    assert metrics.image_tokens_1024(1024, 1024) == 765  # not scaled: 2 x 2 tiles
    assert metrics.image_tokens_1024(1025, 513) == 425  # 1024 x 512: 2 x 1 tiles
    assert metrics.image_tokens_1024(100, 100) == 255
    usage = TokenUsage(input_chars=10, output_chars=3, images=((1080, 2400),))
    assert metrics.estimate_tokens(usage, metrics.image_tokens_1024) == 3 + 1 + 425
    with pytest.raises(ValueError, match="positive size"):
        metrics.image_tokens_1024(10, 0)
    by_hand = [
        record("a", tokens_estimated=1445, tokens_estimated_1024=425),
        record("b", tokens_estimated=2890, tokens_estimated_1024=850, tokens_reported=100),
    ]
    bench = metrics.agent_bench(by_hand)
    assert bench.tokens_estimated == 2167.5
    assert bench.tokens_1024 == (425 + 100) / 2  # a reported count wins, as for tokens


def test_latency_is_per_decision_a_status_that_is_no_step_included() -> None:
    records = [
        record("a", steps=3, decisions=4, latency_s=2.0),
        record("b", steps=2, latency_s=1.0),  # written before decisions were kept
    ]
    assert metrics.agent_bench(records).latency_s == 3.0 / 6


def test_reported_tokens_are_input_plus_output_else_the_total() -> None:
    assert TokenUsage(input_tokens=7, output_tokens=5).reported == 12
    assert TokenUsage(input_tokens=7, output_tokens=5, total_tokens=13).reported == 12
    assert TokenUsage(total_tokens=500).reported == 500
    # one half alone is not the decision's count: the decision is estimated whole
    assert TokenUsage(input_tokens=7).reported is None
    assert TokenUsage(output_tokens=7, input_chars=4000).reported is None
    assert TokenUsage(input_chars=40).reported is None


def test_errors_are_left_out_of_every_mean_per_episode() -> None:
    outage = {"error": "LLMUnavailableError: HTTP 503", "steps": 0, "tokens_estimated": 0}
    errors = [
        record("x", **outage, tags=["interact", "mcp"]),
        record("y", **outage, category="mcp"),
    ]
    with_errors = [*EPISODES, *errors]
    bench, world, env = (
        metrics.agent_bench(with_errors),
        metrics.mobile_world(with_errors),
        metrics.mobile_env(with_errors),
    )
    assert (bench.episodes, bench.errors, bench.sr.n, bench.sr_finished.n) == (7, 2, 7, 5)
    assert bench.tokens == pytest.approx((100 + 50 + 40 + 0 + 10) / 5)
    assert bench.tokens_estimated == pytest.approx((80 + 50 + 40 + 0 + 10) / 5)
    assert bench.tokens_1024 == pytest.approx(100 / 5)  # no 1024-px estimates in EPISODES
    assert world.ave_steps == pytest.approx(25 / 5)
    assert world.ave_queries == pytest.approx((2 + 0) / 2)  # b and c, not x
    assert world.ave_mcp_calls == pytest.approx(3 / 1)  # d, not x or y
    assert env.average_reward == pytest.approx((1.0 + 1.2 + 0.2) / 5)
    # an error that took steps says nothing of the reward per step either
    stepped = record("z", error="device: gone", steps=4, total_reward=0.0)
    assert metrics.mobile_env([*EPISODES, stepped]).reward_per_step == pytest.approx(
        metrics.mobile_env(EPISODES).reward_per_step
    )
    # success rates still count each error as a failure
    assert (world.sr.hits, world.sr.n) == (2, 7)
    assert world.sr_by_category["mcp"].n == 2


def test_a_run_of_errors_only_has_no_means() -> None:
    errors = [record(str(n), error="device: gone", steps=n, tokens_estimated=9) for n in range(3)]
    bench, world, env = (
        metrics.agent_bench(errors),
        metrics.mobile_world(errors),
        metrics.mobile_env(errors),
    )
    assert (bench.tokens, bench.tokens_estimated, bench.tokens_1024) == (None, None, None)
    assert (world.ave_steps, env.average_reward, env.reward_per_step) == (None, None, None)
    assert bench.sr.value == 0.0 and bench.sr_finished.n == 0


def test_tokens_of_a_record_count_every_decision() -> None:
    partial = record("p", tokens_reported=700, tokens_estimated=3000, tokens_estimated_1024=1000,
                     tokens_counted=2700, tokens_counted_1024=1366)  # fmt: skip
    assert (partial.tokens, partial.tokens_1024) == (2700, 1366)
    older = record("o", tokens_reported=700, tokens_estimated=3000, tokens_estimated_1024=1000)
    assert (older.tokens, older.tokens_1024) == (700, 700)  # written before they were kept
    bench = metrics.agent_bench([partial, older])
    assert (bench.tokens, bench.tokens_1024) == ((2700 + 700) / 2, (1366 + 700) / 2)
    assert bench.tokens_reported == 700
