"""The Maps app, driven through raw input only (taps, text, keys, swipes); outcomes read
from its database, logcat, the view hierarchy and the maps MCP server."""

from __future__ import annotations

import time

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.maps import PACKAGE
from mobile_gym.sim.apps.maps.names import DIRECTIONS, MAIN, PLACE, SAVED_LIST
from mobile_gym.sim.apps.sms_messenger import PACKAGE as SMS
from mobile_gym.sim.apps.sms_messenger import THREAD
from mobile_gym.sim.driver import Driver
from tests.mcp.test_servers import answer
from tests.sim.conftest import statements_while_rebuilt, views_made


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=0)


@pytest.fixture
def d(phone: Phone) -> Driver:
    """A driver with Maps started on its map, as the launcher starts it."""
    phone.start_activity(PACKAGE, MAIN)
    return Driver(phone)


def app_log(phone: Phone) -> list[str]:
    marker = " I Maps: "
    return [line.split(marker, 1)[1] for line in phone.logcat_lines()[0] if marker in line]


def search(d: Driver, query: str) -> None:
    d.type_into(query, id="search_box")
    d.key("ENTER")


def text(d: Driver, id: str) -> str:
    return d.find(id=id).text


def test_a_search_with_one_result_opens_the_place_page(phone: Phone, d: Driver) -> None:
    search(d, "Alibaba Hangzhou headquarters Binjiang")
    assert phone.foreground == (PACKAGE, PLACE)
    assert text(d, "place_title") == "Alibaba Hangzhou Headquarters"
    assert text(d, "place_phone") == "+86 571 85022088"
    assert text(d, "place_rating") == "4.5 ★ (812)"
    assert "699 Wangshang Rd" in text(d, "place_address")
    assert text(d, "place_hours") == "Hours: 09:00–18:00"
    assert app_log(phone)[:2] == [
        "Search: Alibaba Hangzhou headquarters Binjiang",
        "Open place: Alibaba Hangzhou Headquarters",
    ]


def test_a_nearby_search_lists_pins_and_rows_nearest_first(phone: Phone, d: Driver) -> None:
    search(d, "restaurants near Harvard Square Hotel")
    rows = [n.text for n in d.find_all(id="result_title")]
    assert rows == ["Brattle Noodle Bar", "Crimson Diner", "Garden Street Trattoria"]
    pins = [n.desc for n in d.find_all(id="map_pin")]
    assert set(rows) <= set(pins)
    d.tap(desc="Crimson Diner", id="map_pin")
    assert (phone.foreground, text(d, "place_title")) == ((PACKAGE, PLACE), "Crimson Diner")
    d.key("BACK")
    d.tap(text="Garden Street Trattoria", id="result_title")
    assert text(d, "place_title") == "Garden Street Trattoria"


def test_part_of_a_chinese_name_finds_its_places(phone: Phone, d: Driver) -> None:
    search(d, "瑞幸")  # Chinese is written without spaces: a word is found inside a name
    rows = [n.text for n in d.find_all(id="result_title")]
    assert rows and all(row.startswith("瑞幸咖啡") for row in rows)


def test_an_empty_search_toasts_and_an_unknown_one_finds_nothing(phone: Phone, d: Driver) -> None:
    d.tap(id="search_box")
    d.key("ENTER")
    assert d.exists(text="Type a place to search")
    search(d, "zzqx qwv")
    assert d.exists(id="empty_results") and not d.exists(id="result_item")
    d.key("BACK")
    assert not d.exists(id="results_sheet")


def test_walking_directions_match_the_maps_server(phone: Phone, d: Driver) -> None:
    search(d, "110 Mt Auburn St")
    d.tap(id="directions_button")
    assert phone.foreground == (PACKAGE, DIRECTIONS)
    d.type_into("MIT Stata Center", id="directions_origin")
    d.key("ENTER")
    d.tap(desc="Walking")
    assert (text(d, "route_duration"), text(d, "route_distance")) == ("43 min", "3.4 km")
    steps = [n.text for n in d.find_all(id="route_step")]
    assert steps[1] == "Turn onto Massachusetts Avenue for 2.8 km"
    walk = answer(
        "amap",
        "maps_direction_walking",
        origin="-71.090600,42.361600",
        destination="-71.120800,42.372600",
    )["paths"][0]
    assert (walk["distance"], walk["duration"]) == ("3354", "2580")
    assert app_log(phone)[-1] == (
        "Directions: MIT Stata Center -> Harvard Square Hotel mode=walking "
        "distance=3354 duration=2580"
    )


def test_driving_between_cities_follows_the_highways(phone: Phone, d: Driver) -> None:
    search(d, "Miami")
    d.tap(id="directions_button")
    d.type_into("Orlando", id="directions_origin")
    d.key("ENTER")
    assert (text(d, "route_duration"), text(d, "route_distance")) == ("3 hr 30 min", "378 km")
    assert text(d, "route_via") == "via Florida's Turnpike"
    d.tap(id="swap_directions")
    assert d.find(id="directions_origin").text == "Miami"
    assert text(d, "route_distance") == "378 km"
    d.type_into("Nowhere Special", id="directions_destination")
    assert text(d, "route_error") == "Can't find Nowhere Special"


def test_saving_a_place_to_a_list_and_finding_it_there(phone: Phone, d: Driver) -> None:
    search(d, "Eiffel Tower")
    d.tap(id="save_button")
    d.tap(text="Want to go")
    rows = phone.database(PACKAGE, "maps").execute("SELECT list, place FROM saved").fetchall()
    assert [tuple(r) for r in rows] == [("Want to go", "Eiffel Tower")]
    assert text(d, "save_button") == "" and d.find(id="save_button").desc == "Saved"
    d.key("BACK")
    d.tap(id="saved_button")
    d.tap(text="Want to go")
    assert phone.foreground == (PACKAGE, SAVED_LIST)
    assert [n.text for n in d.find_all(id="title")] == ["Eiffel Tower"]
    d.tap(text="Eiffel Tower")
    d.tap(id="save_button")
    d.tap(text="✓ Want to go")
    assert phone.database(PACKAGE, "maps").execute("SELECT COUNT(*) FROM saved").fetchone()[0] == 0


def test_a_new_list_is_created_from_the_saved_screen(phone: Phone, d: Driver) -> None:
    d.tap(id="saved_button")
    d.tap(text="New list")
    d.type_into("Paris trip", id="list_name")
    d.key("ENTER")
    assert d.exists(text="Paris trip", id="title")
    assert "List created: Paris trip" in app_log(phone)


def test_sharing_a_place_by_text_message(phone: Phone, d: Driver) -> None:
    search(d, "Eiffel Tower")
    link = text(d, "place_link")
    assert link.startswith("https://maps.app.goo.gl/")
    d.tap(id="share_button")
    d.tap(text="Messages", id="share_target_label")
    assert phone.foreground[0] == SMS
    d.type_into("5551234567", id="new_conversation_address")
    d.key("ENTER")
    assert phone.foreground == (SMS, THREAD)
    d.tap(desc="Send")
    body = phone.database(SMS, "messages").execute("SELECT body FROM messages ORDER BY id DESC")
    assert (
        body.fetchone()[0]
        == f"Eiffel Tower, Champ de Mars, 5 Av. Anatole France, 75007 Paris, France {link}"
    )


def test_zoom_buttons_double_tap_and_swipes_move_the_map(phone: Phone, d: Driver) -> None:
    d.tap(id="zoom_out")
    d.tap(id="zoom_out")
    assert app_log(phone)[-1] == "Zoom: 13"
    assert "Harvard Square Hotel" in [n.desc for n in d.find_all(id="map_pin")]
    pin = d.find(desc="Harvard Square Hotel")
    before = pin.bounds
    w, h = phone.display.width, phone.display.height
    d.send_all(ev.drag(w * 0.2, h * 0.5, w * 0.7, h * 0.5))
    after = d.find(desc="Harvard Square Hotel").bounds
    assert after[0] > before[0] and after[1] == before[1]
    d.tap(id="zoom_in")
    x, y = w / 2, h / 2
    d.send_all(ev.tap(x, y))
    d.send_all(ev.tap(x, y))
    assert app_log(phone)[-1] == "Zoom: 15"
    d.tap(id="my_location")
    assert not d.exists(desc="Harvard Square Hotel")


def test_transit_directions_list_their_legs(phone: Phone, d: Driver) -> None:
    search(d, "Louvre Museum")
    d.tap(id="directions_button")
    d.type_into("Eiffel Tower", id="directions_origin")
    d.key("ENTER")
    d.tap(desc="Transit")
    assert d.find(id="route_step").text.startswith("Bus: stop near the start")


def test_the_map_screen_dump_is_quick(phone: Phone, d: Driver) -> None:
    search(d, "restaurants near Harvard Square Hotel")
    phone.hierarchy_xml()
    begin = time.perf_counter()
    for _ in range(20):
        phone.invalidate()
        phone.hierarchy_xml()
    assert (time.perf_counter() - begin) / 20 < 0.005


def test_a_route_shared_by_mail_opens_gmail_with_it(phone: Phone, d: Driver) -> None:
    search(d, "Miami")
    d.tap(id="directions_button")
    d.type_into("Orlando", id="directions_origin")
    d.key("ENTER")
    d.tap(id="share_route")
    assert d.find(id="share_title").text == "Share Orlando to Miami"
    d.tap(text="Gmail", id="share_target_label")
    assert phone.foreground == ("com.gmailclone", ".ComposeActivity")
    body = d.find(id="compose_body").text
    assert body.startswith(
        "Orlando to Miami: 3 hr 30 min (378 km) driving https://maps.app.goo.gl/"
    )
    driving = answer(
        "amap",
        "maps_distance",
        origins="-81.379200,28.538300",
        destination="-80.191800,25.761700",
        type="1",
    )["results"][0]
    assert (driving["distance"], driving["duration"]) == ("378000", "12600")


def test_your_location_follows_the_preference(phone: Phone) -> None:
    conn = phone.database(PACKAGE, "maps")
    conn.execute("UPDATE preferences SET value = 'Eiffel Tower' WHERE key = 'my_location'")
    conn.commit()
    phone.start_activity(PACKAGE, MAIN)
    d = Driver(phone)
    pins = {n.desc for n in d.find_all(id="map_pin")}
    assert "Café de l'Alma" in pins and "Harvard Square Hotel" not in pins
    search(d, "Louvre Museum")
    d.tap(id="directions_button")
    d.tap(desc="Walking")
    assert d.find(id="directions_origin").text == "Your location"
    assert text(d, "route_distance") == "3.4 km"


def test_panning_back_paints_from_the_cached_street_layer(phone: Phone, d: Driver) -> None:
    from mobile_gym.sim.apps.maps import mapview

    search(d, "Alibaba Hangzhou headquarters Binjiang")
    d.key("BACK")
    mapview._LAYERS.clear()
    phone.screenshot()
    w, h = phone.display.width, phone.display.height
    for start, end in ((0.2, 0.7), (0.7, 0.2), (0.2, 0.7), (0.7, 0.2)):
        d.send_all(ev.drag(w * start, h * 0.5, w * end, h * 0.5))
        phone.screenshot()
    assert len(mapview._LAYERS) == 2  # two viewports seen, each projected once


# long lists ----------------------------------------------------------------------------------
def add_lists(phone: Phone, count: int) -> None:
    """``count`` lists made after the default ones (listed after them)."""
    phone.database(PACKAGE, "maps").executemany(
        "INSERT INTO lists (name, created) VALUES (?, ?)",
        [(f"Trip {i:03d}", 100 + i) for i in range(count)],
    )


def test_a_long_saved_screen_makes_and_reads_only_the_lists_in_view(
    phone: Phone, d: Driver
) -> None:
    add_lists(phone, 400)
    db = phone.database(PACKAGE, "maps")
    db.execute("INSERT INTO saved (list, place, saved_at) VALUES ('Trip 399', 'Eiffel Tower', 1)")
    d.tap(id="saved_button")
    titles = [n.text for n in d.find_all(id="title")]
    assert titles[:4] == ["Favorites", "Want to go", "Starred places", "Trip 000"]
    assert views_made(phone, "saved_list") < 30  # only the rows in view are made
    assert not [s for s in statements_while_rebuilt(phone, db) if "FROM lists" in s]
    d.scroll_to(max_scrolls=150, id="title", text="New list")
    assert [n.text for n in d.find_all(id="title")][-2:] == ["Trip 399", "New list"]
    assert [n.text for n in d.find_all(id="summary")][-1] == "1 place"
    db.execute("INSERT INTO saved (list, place, saved_at) VALUES ('Trip 399', 'Louvre Museum', 2)")
    assert [n.text for n in d.find_all(id="summary")][-1] == "2 places"  # at once
    d.tap(text="New list")
    d.type_into("Zoo day", id="list_name")
    d.key("ENTER")
    assert [n.text for n in d.find_all(id="title")][-2:] == ["Zoo day", "New list"]


def test_a_long_list_of_places_is_read_once_until_it_changes(phone: Phone, d: Driver) -> None:
    from mobile_gym.sim.apps.maps import world

    known = sorted(world.places())[:100]
    db = phone.database(PACKAGE, "maps")
    db.executemany(
        "INSERT INTO saved (list, place, saved_at) VALUES ('Want to go', ?, ?)",
        [(name, i) for i, name in enumerate([*known, "A place no map knows"])],
    )
    d.tap(id="saved_button")
    d.tap(text="Want to go")
    assert [n.text for n in d.find_all(id="title")][:2] == [known[-1], known[-2]]
    assert views_made(phone, "saved_place") < 20
    assert not [s for s in statements_while_rebuilt(phone, db) if "FROM saved" in s]
    db.execute("DELETE FROM saved WHERE place = ?", (known[-1],))
    assert [n.text for n in d.find_all(id="title")][:2] == [known[-2], known[-3]]  # at once
    node = d.scroll_to(max_scrolls=40, id="title", text=known[0])
    assert node.text == known[0]  # the oldest; the place no map knows is left out


def test_a_place_page_reads_the_lists_once_until_they_change(phone: Phone, d: Driver) -> None:
    add_lists(phone, 300)
    db = phone.database(PACKAGE, "maps")
    search(d, "Eiffel Tower")
    assert d.exists(id="save_button")
    assert not [s for s in statements_while_rebuilt(phone, db) if "FROM lists" in s]
    db.execute("INSERT INTO lists (name, created) VALUES ('Another trip', 1000)")
    d.tap(id="save_button")
    names = [n.text for n in d.find_all(id="title")]
    assert names[:4] == ["Favorites", "Want to go", "Starred places", "Trip 000"]
    d.tap(text="Favorites")
    d.tap(id="save_button")
    assert d.find_all(id="title")[0].text == "✓ Favorites"
