"""The offline MCP tool servers, called through the SDK's own client.

Most tests talk to a server object over in-memory streams with the full initialize handshake
(``mode="legacy"``), so every call is a real JSON-RPC exchange; one test starts a server as a
subprocess over stdio. Expected values that MobileWorld's task files hard-code are repeated
here literally, so the fixtures cannot drift from them.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from collections.abc import Sequence
from typing import Any

import anyio
import psutil
import pytest
from mcp import Client, StdioServerParameters
from mcp.client._memory import InMemoryTransport
from mcp.types import CallToolResult

from mobile_gym.mcp.servers import SERVERS, build_server
from mobile_gym.mcp.servers.data import FIXTURES_DIR, load_fixture

TOOLS = {
    "amap": {
        "maps_weather",
        "maps_geo",
        "maps_regeocode",
        "maps_text_search",
        "maps_around_search",
        "maps_search_detail",
        "maps_distance",
        "maps_direction_walking",
        "maps_direction_bicycling",
        "maps_direction_driving",
        "maps_direction_transit_integrated",
    },
    "gitHub": {
        "list_issues",
        "search_issues",
        "get_issue",
        "list_commits",
        "search_users",
        "search_repositories",
        "get_file_contents",
    },
    "arXiv": {"search_arxiv", "get_recent_ai_papers", "read_paper"},
    "stockstar": {
        "stk_eval_filter_by_roe_3y",
        "stk_eval_filter_by_div_rate",
        "miotech_esg_rating",
        "chindices_esg_rating",
    },
    "jina": {"read_url"},
}

# The 40 MCP tasks of MobileWorld's catalog (<folder>/<file>).
MCP_TASKS = [
    "calendar/add_business_trip_with_cafe",
    "calendar/add_business_trip_with_cafe_ask_user",
    "gmail/compare_esg_ratings_email",
    "gmail/estimate_bike_route",
    "gmail/plan_route_task",
    "map/check_distance_mcp",
    "map/check_distance_mcp_2",
    "map/download_poi_images_mcp",
    "messages/compare_apartments_distance_sms",
    "messages/fact_check_lemon_water_sms",
    "messages/plan_commute_route_sms",
    "messages/plan_cycling_route_sms",
    "messages/plan_driving_route_sms",
    "messages/plan_taxi_route_sms",
    "messages/search_benchmark_tasks_sms",
    "messages/search_github_issues_sms",
    "messages/search_pharmacy_task",
    "messages/send_arxiv_papers_sms",
    "messages/send_high_dividend_stocks_sms",
    "messages/send_location_address_sms",
    "messages/send_stock_esg_rating_sms",
    "messages/send_weather_sms",
    "messages/send_webpage_audio_count_sms",
    "work/calculate_walking_route_email",
    "work/download_readme_task",
    "work/extract_benchmark_comparison_email",
    "work/extract_multilingual_scores_email",
    "work/extract_pipeline_stages_email",
    "work/extract_trajectory_environments_email",
    "work/extract_webpage_links_email",
    "work/get_arxiv_paper_email",
    "work/get_issue_email_task",
    "work/list_github_issues_email",
    "work/list_recent_commits_email",
    "work/mattermost_meeting_planning",
    "work/parse_reading_group_paper_email",
    "work/search_mllm_papers_email",
    "work/search_python_repos_email",
    "work/search_rust_users_task",
    "work/stock_candidate_list",
]

Call = tuple[str, dict[str, Any]]


def call_all(server: str, calls: Sequence[Call]) -> list[CallToolResult]:
    """Run ``calls`` in order on one in-memory session with ``server``."""

    async def session() -> list[CallToolResult]:
        transport = InMemoryTransport(build_server(server))
        async with Client(transport, mode="legacy") as client:
            return [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(session)


def text(result: CallToolResult) -> str:
    assert not result.is_error, result.content
    assert len(result.content) == 1
    return result.content[0].text


def answer(server: str, tool: str, **args: Any) -> Any:
    """The parsed JSON result of one successful call."""
    return json.loads(text(call_all(server, [(tool, args)])[0]))


def error(server: str, tool: str, **args: Any) -> str:
    """The message of one call that must fail."""
    result = call_all(server, [(tool, args)])[0]
    assert result.is_error, result.content
    return result.content[0].text


# --- registry and fixtures ----------------------------------------------------------------


def test_every_server_lists_its_tools_without_prefix() -> None:
    async def listing(name: str) -> set[str]:
        async with Client(InMemoryTransport(build_server(name)), mode="legacy") as client:
            return {tool.name for tool in (await client.list_tools()).tools}

    assert set(SERVERS) == set(TOOLS)
    for name, expected in TOOLS.items():
        assert anyio.run(listing, name) == expected


def test_every_server_logs_warnings_only_and_tells_its_version() -> None:
    """The SDK's default (INFO) would print a line per refused tool call to the console."""
    from mobile_gym import __version__

    servers = {name: build_server(name) for name in SERVERS}
    assert {name: s.settings.log_level for name, s in servers.items()} == dict.fromkeys(
        SERVERS, "WARNING"
    )
    assert {s.version for s in servers.values()} == {__version__}


def test_unknown_server_name_is_refused_with_the_known_names() -> None:
    with pytest.raises(ValueError, match="amap, gitHub, arXiv, stockstar, jina"):
        build_server("maps")


def test_fixtures_name_the_tasks_they_serve_and_cover_every_mcp_task() -> None:
    served: set[str] = set()
    for path in sorted(FIXTURES_DIR.glob("*.yaml")):
        for section, entries in load_fixture(path.stem).items():
            if not isinstance(entries, list):
                continue
            for entry in entries:
                assert isinstance(entry.get("tasks"), list), (path.name, section, entry)
                served.update(entry["tasks"])
    assert served <= set(MCP_TASKS), served - set(MCP_TASKS)
    assert set(MCP_TASKS) == served


def test_load_fixture_returns_a_private_copy() -> None:
    first = load_fixture("stockstar")
    first["stocks"].clear()
    assert load_fixture("stockstar")["stocks"]
    with pytest.raises(ValueError, match="known fixtures"):
        load_fixture("nowhere")


# --- amap ---------------------------------------------------------------------------------


def geocode(*names: str) -> dict[str, str]:
    results = call_all("amap", [("maps_geo", {"address": name}) for name in names])
    return {
        n: json.loads(text(r))["results"][0]["location"]
        for n, r in zip(names, results, strict=True)
    }


def test_check_distance_answer_is_the_originals_157_254_km() -> None:
    points = geocode("杭州东站", "MANNER COFFEE(建国西路店)")
    assert points["杭州东站"] == "120.212600,30.290851"
    result = answer(
        "amap",
        "maps_distance",
        origins=points["杭州东站"],
        destination=points["MANNER COFFEE(建国西路店)"],
    )
    assert abs(float(result["results"][0]["distance"]) / 1000 - 157.254) < 0.1


def test_distance_takes_several_origins_and_a_route_type() -> None:
    many = answer(
        "amap",
        "maps_distance",
        origins="120.212600,30.290851|121.454925,31.229622",
        destination="121.459870,31.210977",
    )["results"]
    assert [r["origin_id"] for r in many] == ["1", "2"]
    assert int(many[1]["distance"]) < 2500 < int(many[0]["distance"])
    walked = answer(
        "amap",
        "maps_distance",
        origins="121.478940,31.236420",
        destination="121.490317,31.241701",
        type="3",
    )["results"][0]
    assert walked == {"origin_id": "1", "dest_id": "1", "distance": "1320", "duration": "1080"}
    assert "type must be" in error(
        "amap", "maps_distance", origins="1,2", destination="1,2", type="9"
    )
    assert "longitude,latitude" in error("amap", "maps_distance", origins="杭州", destination="1,2")


CYCLING = {  # the original plan_cycling_route_sms EXPECTED_DISTANCES
    ("杭州东站", "杭州保俶塔"): 6577,
    ("杭州东站", "雷峰塔"): 6577,
    ("杭州东站", "杭州杨公堤"): 11893,
    ("杭州东站", "杭州奥林匹克体育中心主体育场"): 12052,
    ("杭州保俶塔", "雷峰塔"): 1,
    ("杭州保俶塔", "杭州杨公堤"): 10498,
    ("杭州保俶塔", "杭州奥林匹克体育中心主体育场"): 5728,
    ("雷峰塔", "杭州杨公堤"): 10498,
    ("雷峰塔", "杭州奥林匹克体育中心主体育场"): 5923,
    ("杭州杨公堤", "杭州奥林匹克体育中心主体育场"): 16352,
}


def test_cycling_distances_match_the_original_in_both_directions() -> None:
    names = sorted({name for pair in CYCLING for name in pair})
    points = geocode(*names)
    assert points["杭州保俶塔"] == points["雷峰塔"] == "120.209903,30.246566"
    calls = []
    for a, b in CYCLING:
        calls.append(("maps_direction_bicycling", {"origin": points[a], "destination": points[b]}))
        calls.append(("maps_direction_bicycling", {"origin": points[b], "destination": points[a]}))
    results = [json.loads(text(r)) for r in call_all("amap", calls)]
    served = [int(r["paths"][0]["distance"]) for r in results]
    # Both pagodas share a coordinate, so their legs to the stadium have one length.
    expected = {**CYCLING, ("雷峰塔", "杭州奥林匹克体育中心主体育场"): 5728}
    assert served == [d for d in expected.values() for _ in range(2)]
    assert all(int(r["paths"][0]["duration"]) > 0 for r in results)
    loop = [
        "杭州东站",
        "杭州保俶塔",
        "杭州奥林匹克体育中心主体育场",
        "雷峰塔",
        "杭州杨公堤",
        "杭州东站",
    ]
    legs = [expected.get(leg) or expected[leg[::-1]] for leg in itertools.pairwise(loop)]
    assert all(3000 <= leg <= 15000 for leg in legs) and 20000 <= sum(legs) <= 42000


def driving_table(names: list[str]) -> dict[tuple[str, str], int]:
    points = geocode(*names)
    pairs = list(itertools.permutations(names, 2))
    calls = [
        ("maps_direction_driving", {"origin": points[a], "destination": points[b]})
        for a, b in pairs
    ]
    results = call_all("amap", calls)
    return {
        p: int(json.loads(text(r))["paths"][0]["distance"])
        for p, r in zip(pairs, results, strict=True)
    }


def test_driving_shortest_route_is_the_originals() -> None:
    start, end = "南京市玄武区龙蟠路100号", "江苏省苏州市姑苏区苏站路27号"
    spots = ["南京夫子庙", "中山陵", "无锡鼋头渚风景区", "无锡灵山大佛", "苏州拙政园"]
    table = driving_table([start, *spots, end])
    routes = [[start, *order, end] for order in itertools.permutations(spots, 3)]
    best = min(routes, key=lambda r: sum(table[leg] for leg in itertools.pairwise(r)))
    assert best == [start, "无锡鼋头渚风景区", "无锡灵山大佛", "苏州拙政园", end]
    legs = [table[leg] for leg in itertools.pairwise(best)]
    assert legs == [181346, 11190, 44674, 3961] and sum(legs) == 241171
    assert geocode("中山陵")["中山陵"] == "113.528326,22.446988"


def test_taxi_shortest_route_is_the_originals() -> None:
    start, end = "成都双流国际机场T2航站楼", "成都市锦江区春熙路南段8号"
    table = driving_table([start, "宽窄巷子", "锦里古街", end])
    routes = [[start, *order, end] for order in itertools.permutations(["宽窄巷子", "锦里古街"])]
    best = min(routes, key=lambda r: sum(table[leg] for leg in itertools.pairwise(r)))
    assert best == [start, "锦里古街", "宽窄巷子", end]
    assert [table[leg] for leg in itertools.pairwise(best)] == [19126, 3243285, 3229707]


def test_commute_transit_plan_matches_the_originals_walking_and_transit() -> None:
    points = geocode("上海市徐汇区漕溪北路41号", "上海市浦东新区世纪大道100号")
    result = answer(
        "amap",
        "maps_direction_transit_integrated",
        origin=points["上海市徐汇区漕溪北路41号"],
        destination=points["上海市浦东新区世纪大道100号"],
        city="上海",
    )
    fast = [t for t in result["transits"] if int(t["duration"]) < 50 * 60]
    best = min(fast, key=lambda t: int(t["walking_distance"]))
    assert best["walking_distance"] == "780" and best["transit_distance"] == "10340"
    steps = [
        step["instruction"]
        for segment in best["segments"]
        if "walking" in segment
        for step in segment["walking"]["steps"]
    ]
    assert steps == [
        "步行24米向右前方行走",
        "步行21米左转",
        "步行15米",
        "步行64米到达徐家汇",
        "步行245米左转",
        "步行30米右转",
        "沿西藏中路步行21米到达人民广场(广东路)",
        "沿世纪大道辅路步行285米左转",
        "步行75米",
    ]
    walk = answer(
        "amap",
        "maps_direction_walking",
        origin=points["上海市徐汇区漕溪北路41号"],
        destination=geocode("徐家汇")["徐家汇"],
    )
    assert walk["paths"][0]["distance"] == "124" and len(walk["paths"][0]["steps"]) == 4
    assert "unknown city" in error(
        "amap", "maps_direction_transit_integrated", origin="1,2", destination="1,2", city="火星"
    )


def test_unstored_pairs_get_a_computed_route_longer_than_the_straight_line() -> None:
    origin, destination = "120.155070,30.274084", "120.165245,30.275563"
    straight = int(
        answer("amap", "maps_distance", origins=origin, destination=destination)["results"][0][
            "distance"
        ]
    )
    path = answer("amap", "maps_direction_walking", origin=origin, destination=destination)
    assert (
        int(path["paths"][0]["distance"]) == round(straight * 1.25)
        or abs(int(path["paths"][0]["distance"]) - straight * 1.25) <= 1
    )
    assert "destination" in error("amap", "maps_direction_driving", origin=origin, destination="x")


def test_weather_by_city_and_date() -> None:
    full = answer("amap", "maps_weather", city="杭州")
    assert full["city"] == "杭州市" and len(full["forecasts"]) == 4
    assert full["forecasts"][0]["date"] == "2025-10-16"
    day = answer("amap", "maps_weather", city="330100", date="2025-10-17")["forecasts"]
    assert day == [full["forecasts"][1]]
    assert "no weather for city" in error("amap", "maps_weather", city="Atlantis")
    assert "no forecast" in error("amap", "maps_weather", city="杭州市", date="2030-01-01")


def test_around_search_finds_pharmacies_nearest_first() -> None:
    found = answer(
        "amap",
        "maps_around_search",
        location="120.026208,30.279212",
        radius="3000",
        keywords="药店",
    )
    names = [poi["name"] for poi in found["pois"]]
    assert names[:2] == ["海王星辰(西溪诚园店)", "老百姓大药房(五常大道店)"]
    assert set(names) == {
        "海王星辰(西溪诚园店)",
        "老百姓大药房(五常大道店)",
        "九州大药房(文一西路店)",
        "益丰大药房(仓前店)",
    }
    distances = [int(poi["distance"]) for poi in found["pois"]]
    assert distances == sorted(distances) and distances[-1] <= 3000
    narrow = answer(
        "amap", "maps_around_search", location="120.026208,30.279212", radius=500, keywords="药店"
    )
    assert narrow["pois"] == []
    assert "radius" in error("amap", "maps_around_search", location="120,30", radius="0")
    assert "radius" in error("amap", "maps_around_search", location="120,30", radius="far")


def test_text_search_detail_and_reverse_geocode() -> None:
    pois = answer("amap", "maps_text_search", keywords="咖啡", city="上海")["pois"]
    names = {poi["name"] for poi in pois}
    assert "星巴克(国家会展中心店)" in names and "瑞幸咖啡(国展中心北广场店)" in names
    assert all(not name.startswith("瑞幸咖啡(文三路") for name in names)  # only Shanghai
    lake = answer("amap", "maps_text_search", keywords="西湖风景名胜区")["pois"][0]
    detail = answer("amap", "maps_search_detail", id=lake["id"])
    assert detail["name"] == "西湖风景名胜区" and len(detail["photos"]) == 3
    assert detail["photos"][0]["url"].startswith("https://store.is.autonavi.com/showpic/")
    assert "unknown POI id" in error("amap", "maps_search_detail", id="B0NOPE")
    address = answer("amap", "maps_regeocode", location="120.165245,30.275563")
    assert address["formatted_address"] == "浙江省杭州市拱墅区中山北路西湖文化广场"
    assert "no known address" in error("amap", "maps_regeocode", location="0,0")
    assert "no place or address" in error("amap", "maps_geo", address="亚特兰蒂斯大街1号")


# --- gitHub -------------------------------------------------------------------------------


def test_search_issues_finds_the_turnoffwifi_issues() -> None:
    found = answer(
        "gitHub", "search_issues", q="repo:google-research/android_world is:issue TurnOffWifi"
    )
    urls = sorted(item["html_url"] for item in found["items"])
    base = "https://github.com/google-research/android_world/issues/"
    assert urls == [base + "12", base + "27", base + "41"] and found["total_count"] == 3
    only_open = answer(
        "gitHub", "search_issues", q="repo:google-research/android_world is:open turnoffwifi"
    )
    assert {item["number"] for item in only_open["items"]} == {27, 41}
    assert answer("gitHub", "search_issues", q="is:pr TurnOffWifi")["total_count"] == 0
    assert "unsupported search qualifier" in error("gitHub", "search_issues", q="milestone:v2 wifi")


def test_list_and_get_issues() -> None:
    issues = answer(
        "gitHub", "list_issues", owner="google-research", repo="android_world", state="open"
    )
    assert issues and all(issue["state"] == "open" for issue in issues)
    created = [issue["created_at"] for issue in issues]
    assert created == sorted(created, reverse=True)
    every = answer(
        "gitHub", "list_issues", owner="google-research", repo="android_world", state="all"
    )
    assert len(every) > len(issues)
    issue = answer(
        "gitHub", "get_issue", owner="google-research", repo="android_world", issue_number=30
    )
    assert issue["title"] == "Markor tasks leave files behind after tear-down"
    assert "state must be" in error(
        "gitHub", "list_issues", owner="google-research", repo="android_world", state="merged"
    )
    assert "not found" in error(
        "gitHub", "list_issues", owner="nobody", repo="nothing", state="open"
    )
    assert "not found" in error(
        "gitHub", "get_issue", owner="google-research", repo="android_world", issue_number=404
    )


def test_list_commits_pages_newest_first() -> None:
    first = answer("gitHub", "list_commits", owner="google-research", repo="android_world", page=1)
    second = answer("gitHub", "list_commits", owner="google-research", repo="android_world", page=2)
    assert len(first) == 30 and len(second) == 5
    dates = [c["commit"]["author"]["date"] for c in first + second]
    assert dates == sorted(dates, reverse=True)
    top = first[0]
    assert top["author"]["login"] == "crawles"
    assert top["commit"]["message"] == "Fix flaky Wi-Fi state check in system tasks"
    assert "per_page" in error(
        "gitHub", "list_commits", owner="google-research", repo="android_world", per_page=0
    )


def test_search_users_and_repositories() -> None:
    users = answer(
        "gitHub", "search_users", q="language:rust", per_page=5, sort="followers", order="desc"
    )
    logins = [user["login"] for user in users["items"]]
    assert logins == ["dtolnay", "BurntSushi", "alexcrichton", "matklad", "jonhoo"]
    assert users["total_count"] == 10
    big = answer("gitHub", "search_users", q="language:rust followers:>6000")
    assert [u["login"] for u in big["items"]] == [
        "dtolnay",
        "BurntSushi",
        "alexcrichton",
        "matklad",
    ]
    assert "followers:" in error("gitHub", "search_users", q="followers:lots")
    repos = answer("gitHub", "search_repositories", query="language:python", per_page=5, page=1)
    stars = [repo["stargazers_count"] for repo in repos["items"]]
    assert len(stars) == 5 and stars == sorted(stars, reverse=True)
    assert repos["items"][0]["full_name"] == "huggingface/transformers"
    bench = answer("gitHub", "search_repositories", query="benchmark topic:android")
    assert {r["full_name"] for r in bench["items"]} >= {"google-research/android_world"}
    assert "sort must be" in error("gitHub", "search_repositories", query="python", sort="size")


def test_get_file_contents_reads_the_readme() -> None:
    readme = answer(
        "gitHub",
        "get_file_contents",
        owner="google-research",
        repo="android_world",
        path="README.md",
    )
    assert readme["content"].startswith("# AndroidWorld")
    assert readme["size"] == len(readme["content"].encode())
    assert "not found" in error(
        "gitHub", "get_file_contents", owner="google-research", repo="android_world", path="NOPE.md"
    )


# --- arXiv --------------------------------------------------------------------------------

ARXIV_ENTRY = re.compile(r"\*\*(.*?)\*\*\s+ID:\s+(\d+\.\d+)")


def test_search_arxiv_ranks_titles_first_and_obeys_max_results() -> None:
    (result,) = call_all(
        "arXiv", [("search_arxiv", {"query": "multimodal large language model", "max_results": 4})]
    )
    found = ARXIV_ENTRY.findall(text(result))
    assert len(found) == 4 and found[0] == (
        "A Survey on Multimodal Large Language Models",
        "2306.13549",
    )
    (by_id,) = call_all("arXiv", [("search_arxiv", {"query": "arXiv:1706.03762v2"})])
    assert ARXIV_ENTRY.findall(text(by_id)) == [("Attention Is All You Need", "1706.03762")]
    (none,) = call_all("arXiv", [("search_arxiv", {"query": "zzzz qqqq"})])
    assert text(none).startswith("Found 0 papers")
    assert "max_results" in error("arXiv", "search_arxiv", query="agents", max_results=51)
    assert "query" in error("arXiv", "search_arxiv", query="  ")


def test_recent_ai_papers_listing_parses_like_arxiv_html() -> None:
    (result,) = call_all("arXiv", [("get_recent_ai_papers", {"max_results": 5})])
    page = text(result)
    entries = re.split(r"<dt>\s*<a name=", page)[1:]
    ids = [re.search(r"arXiv:(\d+\.\d+)", entry).group(1) for entry in entries]
    titles = [
        re.search(
            r"<div class='list-title mathjax'><span class='descriptor'>Title:</span>\s*(.*?)\s*</div>",
            entry,
        ).group(1)
        for entry in entries
    ]
    assert ids == ["2510.13412", "2510.13398", "2510.13355", "2510.13301", "2510.13287"]
    assert titles[0] == "Self-Correcting Tool Use for Long-Horizon Mobile Agents"
    assert "max_results" in error("arXiv", "get_recent_ai_papers", max_results=0)


def test_read_paper_gives_sections() -> None:
    (result,) = call_all("arXiv", [("read_paper", {"paper_id": "2510.11204"})])
    body = text(result)
    assert body.startswith("# DocFlow") and "## Pipeline" in body
    for stage in ("Layout Parsing", "Evidence Retrieval", "Chain Reasoning", "Answer Verification"):
        assert stage in body
    assert "not found" in error("arXiv", "read_paper", paper_id="0000.00000")


# --- stockstar ----------------------------------------------------------------------------


def test_roe_screen_then_esg_rating_gives_the_task_answer() -> None:
    stocks = answer("stockstar", "stk_eval_filter_by_roe_3y", filter_value=15.0, filter_type=1)
    assert all(stock["value"] > 15 for stock in stocks)
    first = min(stocks, key=lambda stock: stock["security_code"])
    rating = answer("stockstar", "miotech_esg_rating", security_code=first["security_code"])
    assert f"{first['security_code']}:{rating['esg_rate']}" == "000333:AA"
    assert rating["security_name"] == "美的集团" and rating["security_id"] == "000333.SZ"


def test_every_filter_type_compares_as_documented() -> None:
    values = {
        kind: [
            s["value"]
            for s in answer(
                "stockstar", "stk_eval_filter_by_div_rate", filter_type=kind, filter_value=10.4
            )
        ]
        for kind in range(1, 6)
    }
    assert all(v > 10.4 for v in values[1]) and all(v >= 10.4 for v in values[2])
    assert all(v < 10.4 for v in values[3]) and all(v <= 10.4 for v in values[4])
    assert values[5] == [10.4] and len(values[2]) == len(values[1]) + 1
    high = answer("stockstar", "stk_eval_filter_by_div_rate", filter_type=1, filter_value=10)
    assert sorted(s["security_code"] for s in high) == ["600188", "600256", "601225"]
    assert "filter_type must be" in error(
        "stockstar", "stk_eval_filter_by_roe_3y", filter_value=10, filter_type=6
    )
    assert error("stockstar", "stk_eval_filter_by_div_rate", filter_type="many", filter_value=1)


def test_esg_rating_accepts_a_market_suffix_and_refuses_unknown_codes() -> None:
    assert answer("stockstar", "miotech_esg_rating", security_code="600519.SH")["esg_rate"] == "A"
    assert "six digits" in error("stockstar", "miotech_esg_rating", security_code="Moutai")
    assert "no ESG rating" in error("stockstar", "miotech_esg_rating", security_code="999999")


def test_the_two_providers_disagree_on_600000() -> None:
    miotech = answer("stockstar", "miotech_esg_rating", security_code="600000")
    chindices = answer("stockstar", "chindices_esg_rating", security_code="600000.SH")
    assert (miotech["security_name"], chindices["security_name"]) == ("浦发银行", "浦发银行")
    assert (miotech["esg_rate"], chindices["esg_rate"]) == ("BB", "A")
    assert "no ESG rating" in error("stockstar", "chindices_esg_rating", security_code="999999")
    assert "six digits" in error("stockstar", "chindices_esg_rating", security_code="SPDB")


# --- jina ---------------------------------------------------------------------------------


def test_read_url_returns_the_page_as_markdown() -> None:
    (result,) = call_all("jina", [("read_url", {"url": "http://www.arxiv.org/abs/2308.10175/"})])
    page = text(result)
    assert page.startswith("Title: [2308.10175] BAVS")
    content = page.split("Markdown Content:\n", 1)[1]
    assert len(re.findall("audio", content, re.IGNORECASE)) == 28
    for word in ("BAVS", "visual", "segmentation"):
        assert word in content
    assert "HTTP 404" in error("jina", "read_url", url="https://example.com/missing")
    assert "http(s)" in error("jina", "read_url", url="ftp://arxiv.org/abs/2308.10175")


# --- stdio --------------------------------------------------------------------------------


def test_maps_server_runs_over_stdio_and_exits_when_the_client_closes() -> None:
    params = StdioServerParameters(command=sys.executable, args=["-m", SERVERS["amap"]])

    before = set(psutil.Process().children(recursive=True))  # other tests' processes

    async def session() -> tuple[set[str], dict[str, Any], list[psutil.Process]]:
        async with Client(params, mode="legacy") as client:
            spawned = [p for p in psutil.Process().children(recursive=True) if p not in before]
            names = {tool.name for tool in (await client.list_tools()).tools}
            result = await client.call_tool("maps_geo", {"address": "杭州东站"})
            return names, json.loads(text(result)), spawned

    names, geo, spawned = anyio.run(session)
    assert names == TOOLS["amap"]
    assert geo["results"][0]["location"] == "120.212600,30.290851"
    assert spawned
    _, alive = psutil.wait_procs(spawned, timeout=10)
    assert not alive
