"""Task parameters: drawn from the seed, and filled into ``{name}`` templates."""

from __future__ import annotations

import re

import numpy as np
import pytest

from mobile_gym.tasks import params
from mobile_gym.tasks.params import draw_parameters, fill, fill_any
from mobile_gym.tasks.schema import TaskFileError, parse_task
from tests.tasks.tasktools import BASE_TASK, make_env, task_data

PARAMETERS = {
    "colour": {"choice": ["red", "green", "blue", "yellow", "violet"]},
    "count": {"range": [1, 1000]},
    "first": {"generate": "first_name"},
    "last": {"generate": "last_name"},
    "phone": {"generate": "phone"},
    "word": {"generate": "word"},
    "title": {"generate": "title"},
    "sentence": {"generate": "sentence"},
}


def specs(parameters: dict = PARAMETERS) -> dict:
    return parse_task(task_data(parameters=parameters)).parameters


def draw(seed: int, parameters: dict = PARAMETERS) -> dict:
    return draw_parameters(specs(parameters), np.random.default_rng(seed))


def test_same_seed_same_values() -> None:
    assert draw(7) == draw(7)
    assert draw(123456) == draw(123456)


def test_different_seeds_give_different_values() -> None:
    draws = [draw(seed) for seed in range(20)]
    for name in PARAMETERS:
        assert len({repr(d[name]) for d in draws}) > 1, name
    assert len({repr(d) for d in draws}) == 20


def test_values_come_in_file_order() -> None:
    assert list(draw(0)) == list(PARAMETERS)


def test_choice_picks_listed_values_of_any_type() -> None:
    options = ["a", 2, 3.5, True, None]
    seen = [draw(seed, {"x": {"choice": options}})["x"] for seed in range(60)]
    assert all(any(v is o or (v == o and type(v) is type(o)) for o in options) for v in seen)
    assert {repr(v) for v in seen} == {repr(o) for o in options}


def test_range_is_inclusive_and_integer() -> None:
    seen = [draw(seed, {"n": {"range": [3, 5]}})["n"] for seed in range(60)]
    assert set(seen) == {3, 4, 5}
    assert all(type(v) is int for v in seen)
    assert draw(0, {"n": {"range": [9, 9]}})["n"] == 9


def test_generated_values_have_their_shapes() -> None:
    for seed in range(20):
        values = draw(seed)
        assert values["first"] in params.FIRST_NAMES
        assert values["last"] in params.LAST_NAMES
        assert values["word"] in params.WORDS
        assert re.fullmatch(r"\+1 555-\d{3}-\d{4}", values["phone"])
        title, number = values["title"].rsplit(" ", 1)
        assert title in params.TITLES and 2 <= int(number) <= 99
        words = values["sentence"].rstrip(".").split(" ")
        assert values["sentence"].endswith(".") and len(words) == 3
        assert words[0][0].isupper() and words[0].lower() in params.WORDS


def test_unknown_generator_is_a_schema_error() -> None:
    with pytest.raises(TaskFileError, match=r"parameters\.x\.generate: "):
        parse_task(task_data(parameters={"x": {"generate": "email"}}), "inline")


def test_episode_parameters_follow_the_env_seed() -> None:
    overrides = {
        "parameters": {"who": {"generate": "first_name"}, "n": {"range": [1, 10**6]}},
        "instruction": {"template": "Call {who} {n} times."},
    }
    first, second = make_env(**overrides), make_env(**overrides)
    first.reset(seed=3)
    second.reset(seed=3)
    assert first.episode.values == second.episode.values
    assert first.instruction == second.instruction
    assert first.instruction == "Call {who} {n} times.".format(**first.episode.values)
    second.reset(seed=4)
    assert second.episode.values != first.episode.values


def test_paraphrases_are_drawn_from_the_seed() -> None:
    options = ["Turn off Wi-Fi.", "Switch Wi-Fi off.", "Disable Wi-Fi.", "No more Wi-Fi."]
    env = make_env(instruction={"template": options[0], "paraphrases": options[1:]})
    seen = []
    for seed in range(30):
        obs, info = env.reset(seed=seed)
        seen.append(obs["instruction"])
        assert info["instruction"] == obs["instruction"]
    assert set(seen) == set(options)
    env.reset(seed=11)
    again = env.instruction
    env.reset(seed=11)
    assert env.instruction == again


def test_seed_0_takes_the_templates_wording_and_draws_the_rest_as_before() -> None:
    """Seed 0 plays the reproduced benchmark's own task: its instruction is the template
    (the original's wording), not a paraphrase; what else the seed draws stays as drawn."""
    options = ["Turn off Wi-Fi.", "Switch Wi-Fi off.", "Disable Wi-Fi.", "No more Wi-Fi."]
    parameters = {"n": {"range": [1, 10**6]}}
    paraphrased = make_env(
        parameters=parameters, instruction={"template": "{n} " + options[0], "paraphrases": []}
    )
    env = make_env(
        parameters=parameters,
        instruction={
            "template": "{n} " + options[0],
            "paraphrases": [f"{{n}} {o}" for o in options[1:]],
        },
    )
    for _ in range(3):
        observation, _ = env.reset(seed=0)
        assert observation["instruction"] == paraphrased.reset(seed=0)[0]["instruction"]
    assert env.episode.values == paraphrased.episode.values


# templates ---------------------------------------------------------------------------------
def test_fill_replaces_names() -> None:
    assert fill("Call {who} at {n}.", {"who": "Mei", "n": 5}) == "Call Mei at 5."
    assert fill("no fields", {}) == "no fields"
    assert fill("{a}{a}", {"a": "x"}) == "xx"


def test_fill_keeps_doubled_braces_literal() -> None:
    assert fill("{{who}} is {who}", {"who": "Mei"}) == "{who} is Mei"
    assert fill(r"\d{{3}}-{n}}}", {"n": 7}) == r"\d{3}-7}"


def test_fill_keeps_regex_repetitions_as_written() -> None:
    assert fill(r"^\d{3}-{n}$", {"n": 7}) == r"^\d{3}-7$"
    assert fill("a{2,5}b{1,}{n}", {"n": "x"}) == "a{2,5}b{1,}x"


@pytest.mark.parametrize("template", ["{a.b}", "{x!r}", "{x:>4}", "{a[0]}", "{0!r}", "{}"])
def test_fill_rejects_anything_but_a_plain_name(template: str) -> None:
    with pytest.raises(TaskFileError, match="only plain"):
        fill(template, {"a": "v", "x": 1}, "somewhere")


def test_fill_rejects_unknown_names_and_single_braces() -> None:
    with pytest.raises(TaskFileError, match=r"^here: unknown parameter \{who\}"):
        fill("{who}", {}, "here")
    with pytest.raises(TaskFileError, match="malformed template"):
        fill("a } b", {}, "here")


def test_exact_field_keeps_the_parameter_type() -> None:
    values = {"n": 42, "flag": True, "names": ["a", "b"], "word": "kettle"}
    assert fill_any("{n}", values, "w") == 42
    assert fill_any("{flag}", values, "w") is True
    assert fill_any("{names}", values, "w") == ["a", "b"]
    assert fill_any("{n} items", values, "w") == "42 items"
    assert fill_any(" {n}", values, "w") == " 42"
    assert fill_any("{{n}}", values, "w") == "{n}"


def test_fill_any_walks_lists_and_mappings() -> None:
    values = {"n": 3, "who": "Mei"}
    data = {"rows": [{"title": "{who}'s list", "count": "{n}"}], "flag": False, "x": 1.5}
    assert fill_any(data, values, "w") == {
        "rows": [{"title": "Mei's list", "count": 3}],
        "flag": False,
        "x": 1.5,
    }


def test_exact_numeric_parameter_reaches_the_database_as_a_number() -> None:
    """An exact ``"{n}"`` in setup rows keeps the int, so an SQL signal can compare numbers."""
    signal = {
        "sql": "SELECT typeof(created), created FROM notes WHERE title = ?",
        "package": "com.simplemobiletools.notes.pro",
        "database": "notes",
        "params": ["{title}"],
        "expect": [["integer", "{n}"]],
    }
    env = make_env(
        parameters={"n": {"range": [10, 99]}, "title": {"generate": "title"}},
        setup={
            "database": [
                {
                    "package": "com.simplemobiletools.notes.pro",
                    "database": "notes",
                    "table": "notes",
                    "rows": [{"title": "{title}", "created": "{n}", "modified": 0}],
                }
            ]
        },
        signals={"wifi_off": BASE_TASK["signals"]["wifi_off"], "stored": signal},
        events=[*BASE_TASK["events"], {"id": "stored", "when": "stored"}],
    )
    env.reset(seed=5)
    assert env.episode.board.values == {"wifi_off": False, "stored": True}


def draw_from(parameters: dict, seed: int = 0) -> dict:
    return draw(seed, parameters)


def test_computed_parameters_do_arithmetic_over_earlier_ones() -> None:
    values = draw_from(
        {
            "a": {"range": [18, 18]},
            "b": {"range": [24, 24]},
            "total": {"compute": "{a} + ({b} * 3) - (9 / 3)"},
            "half": {"compute": "{a} / 4"},
            "rounded": {"compute": "round({a} / 7, 2)"},
        }
    )
    assert values["total"] == 87 and isinstance(values["total"], int)
    assert values["half"] == 4.5
    assert values["rounded"] == 2.57


def test_round_takes_digits_up_to_its_bound_either_way() -> None:
    values = draw_from(
        {
            "a": {"range": [7, 7]},
            "tiny": {"compute": "round({a} / 3, 18)"},
            "none": {"compute": "round({a}, -18)"},
        }
    )
    assert values["tiny"] == round(7 / 3, 18) and values["none"] == 0


@pytest.mark.parametrize(
    ("expression", "problem"),
    [
        ("__import__('os')", "only numbers"),
        ("2 ** 64", "only numbers"),
        ("{a} / 0", "division by zero"),
        ("1 +", "not an arithmetic expression"),
        ("'ab' * 3", "only numbers"),
        ("round({a}, 0.5)", "whole number"),
        ("round({a}, -1000000)", "from -18 to 18"),
        ("round({a}, 19)", "from -18 to 18"),
    ],
)
def test_computed_parameters_refuse_anything_but_arithmetic(expression: str, problem: str) -> None:
    with pytest.raises(TaskFileError, match=rf"parameters\.x: .*{problem}"):
        draw_from({"a": {"range": [1, 1]}, "x": {"compute": expression}})


def test_date_parameters_offset_and_format() -> None:
    values = draw_from(
        {
            "days": {"range": [10, 10]},
            "when": {"date": "2024-06-03", "add_days": "{days}", "format": "%B %d"},
            "iso": {"date": "2024-06-03", "add_days": "{days}"},
            "ms": {"date": "{iso}", "format": "epoch_ms"},
        }
    )
    assert values["when"] == "June 13"
    assert values["iso"] == "2024-06-13"
    assert values["ms"] == 1718236800000


def test_unlike_draws_again_until_the_values_differ() -> None:
    for seed in range(30):
        values = draw_from(
            {"a": {"range": [1, 2]}, "b": {"range": [1, 2], "unlike": ["a"]}}, seed=seed
        )
        assert values["a"] != values["b"]
    with pytest.raises(TaskFileError, match="no value unlike"):
        draw_from({"a": {"range": [1, 1]}, "b": {"range": [1, 1], "unlike": ["a"]}})
    with pytest.raises(TaskFileError, match="unknown parameter 'zz'"):
        draw_from({"b": {"range": [1, 1], "unlike": ["zz"]}})
