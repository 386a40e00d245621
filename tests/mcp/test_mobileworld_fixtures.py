"""The fixture facts that the ``mobileworld`` suite's messages and calendar tasks read: each
task's answer must follow from the offline servers alone."""

from __future__ import annotations

import re

import pytest

from mobile_gym.mcp.servers.data import fixture
from tests.mcp.test_servers import answer, call_all, text

HONGQIAO = "121.323774,31.193241"


def page_content(url: str) -> str:
    """The Markdown of one page, as the reader serves it."""
    (result,) = call_all("jina", [("read_url", {"url": url})])
    return text(result).split("Markdown Content:\n", 1)[1]


def test_every_recorded_audio_count_matches_its_page() -> None:
    counted = [page for page in fixture("jina")["pages"] if "audio_mentions" in page]
    assert len(counted) == 2
    for page in counted:
        content = page_content(page["url"])
        assert len(re.findall("audio", content, re.IGNORECASE)) == page["audio_mentions"]
        assert all(word in content for word in ("BAVS", "visual", "segmentation"))


def test_the_project_page_named_by_the_audio_task_is_served() -> None:
    content = page_content("https://yenanliu.github.io/AVSS.github.io/")
    assert len(re.findall("audio", content, re.IGNORECASE)) == 28


def test_the_lemon_page_rates_the_cancer_claim_false() -> None:
    content = page_content("https://www.wellnessfacts.org/lemon-water-claims")
    claim = re.search(r"prevents\s+cancer\.\"\*\* — (\w+)", content)
    assert claim is not None and claim.group(1) == "False"
    assert "six common claims" in content


def test_two_pharmacies_lie_within_500_m_of_the_inn() -> None:
    (inn,) = answer("amap", "maps_geo", address="西溪园区亲橙客栈")["results"]
    found = answer(
        "amap", "maps_around_search", location=inn["location"], radius="500", keywords="药店"
    )
    assert {poi["name"] for poi in found["pois"]} == {
        "九州大药房(文一西路店)",
        "老百姓大药房(五常大道店)",
    }
    assert all(int(poi["distance"]) <= 500 for poi in found["pois"])


@pytest.mark.parametrize("keywords", ["景点", "旅游景点", "景区"])
def test_three_sights_lie_within_10_km_of_hongqiao_station(keywords: str) -> None:
    found = answer(
        "amap", "maps_around_search", location=HONGQIAO, radius="10000", keywords=keywords
    )
    assert [poi["name"] for poi in found["pois"]] == ["上海动物园", "七宝古镇", "长风公园"]
    cafes = answer("amap", "maps_around_search", location=HONGQIAO, radius="10000", keywords="咖啡")
    assert not {poi["name"] for poi in cafes["pois"]} & {"上海动物园", "七宝古镇", "长风公园"}


def test_the_office_geocodes_by_its_short_name_and_the_nearer_flat_is_xixi() -> None:
    (office,) = answer("amap", "maps_geo", address="阿里西溪园区")["results"]
    origins = "120.017214,30.273985|120.031652,30.372860"
    results = answer(
        "amap", "maps_distance", origins=origins, destination=office["location"], type="1"
    )["results"]
    assert [int(r["distance"]) for r in results] == [1650, 14320]
