"""The App Launcher app through raw input: the grid, launching, selection (rename, remove),
adding apps, sorting, the column count, search, hidden app names and the settings."""

from __future__ import annotations

import pytest

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.hierarchy import Node
from mobile_gym.sim import Phone
from mobile_gym.sim.apps.app_launcher.app import MAIN, PACKAGE, SETTINGS
from mobile_gym.sim.apps.app_launcher.data import FIRST_RUN_LEFT_OUT
from mobile_gym.sim.driver import Driver, find_all
from mobile_gym.tasks.schema import SolutionStep
from mobile_gym.tasks.solution import step_actions
from tests.sim.conftest import statements_while_rebuilt, views_made

DB = "app_launcher"
NOTES = "com.simplemobiletools.notes.pro"


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=3)
    phone.start_activity(PACKAGE)
    return phone


def _rows(phone: Phone) -> list[dict]:
    rows = phone.database(PACKAGE, DB).execute("SELECT * FROM launchers ORDER BY position, id")
    return [dict(row) for row in rows]


def _labels(driver: Driver) -> list[str]:
    return [node.text for node in driver.find_all(id="launcher_label")]


def _cells(driver: Driver) -> list[Node]:
    return driver.find_all(id="launcher_holder")


def _logged(phone: Phone) -> list[str]:
    return [
        line.split(" AppLauncher: ", 1)[1]
        for line in phone.logcat_lines()[0]
        if " AppLauncher: " in line
    ]


def _installed(phone: Phone) -> set[str]:
    return {a.package for a in phone.launcher_apps() if a.package != PACKAGE}


def _seeded(phone: Phone) -> set[str]:
    """The installed apps a first run puts in the grid (Chrome, Camera, wikiHow come later)."""
    return _installed(phone) - FIRST_RUN_LEFT_OUT


def _menu(driver: Driver, item: str) -> None:
    driver.tap(desc="More options")
    driver.tap(text=item)


def _by_title(rows: list[dict]) -> list[str]:
    return sorted((r["title"] for r in rows), key=str.lower)


def _pref(phone: Phone, key: str) -> str | None:
    row = phone.database(PACKAGE, DB).execute("SELECT value FROM preferences WHERE key = ?", (key,))
    found = row.fetchone()
    return None if found is None else found[0]


def test_seeded_grid_holds_the_installed_apps_by_title(phone: Phone, driver: Driver) -> None:
    rows = _rows(phone)
    assert [r["position"] for r in rows] == list(range(len(rows)))
    assert {r["package"] for r in rows} == _seeded(phone)
    assert {r["title"] for r in rows} == {phone.apps[r["package"]].label for r in rows}
    assert _labels(driver) == _by_title(rows)
    cells = _cells(driver)
    assert len({c.bounds.top for c in cells[:4]}) == 1  # four columns by default
    if len(cells) > 4:
        assert cells[4].bounds.top > cells[0].bounds.top
    assert [r["package"] for r in _rows(Phone(seed=4))] != [r["package"] for r in rows]


def test_a_tap_opens_the_app(phone: Phone, driver: Driver) -> None:
    target = next(r for r in _rows(phone) if r["package"] in phone.apps)
    driver.tap(text=target["title"], id="launcher_label")
    assert phone.foreground[0] == target["package"]
    assert f"Launching: package={target['package']} title={target['title']}" in _logged(phone)
    driver.key("BACK")
    phone.launch(PACKAGE)
    assert phone.foreground == (PACKAGE, MAIN)


def test_rename_keeps_the_app_and_needs_a_title(phone: Phone, driver: Driver) -> None:
    target = _rows(phone)[0]
    driver.long_press(text=target["title"], id="launcher_label")
    assert driver.find(id="toolbar_title").text == f"1 / {len(_rows(phone))}"
    assert [c.selected for c in _cells(driver)].count(True) == 1
    driver.tap(desc="Rename")
    assert driver.find(id="edit_launcher_title").text == target["title"]  # the hint
    driver.tap(text="OK")
    assert driver.exists(text="Title cannot be empty")
    driver.type_into("Daily tool", id="edit_launcher_title")
    driver.tap(text="OK")
    renamed = _rows(phone)[0]
    assert (renamed["title"], renamed["package"]) == ("Daily tool", target["package"])
    assert "Daily tool" in _labels(driver)
    assert not driver.exists(id="cab_close")
    assert f"Launcher renamed: package={target['package']} title=Daily tool" in _logged(phone)


def test_remove_asks_first(phone: Phone, driver: Driver) -> None:
    rows = _rows(phone)
    driver.long_press(text=rows[1]["title"], id="launcher_label")
    driver.tap(text=rows[2]["title"], id="launcher_label")  # adds to the selection
    driver.tap(text=rows[1]["title"], id="launcher_label")  # and takes it out again
    assert driver.find(id="toolbar_title").text == f"1 / {len(rows)}"
    driver.tap(desc="Remove")
    assert driver.find(id="alertTitle").text == "Remove item?"
    driver.tap(text="Cancel")
    assert len(_rows(phone)) == len(rows)
    driver.tap(desc="Remove")
    driver.tap(text="Remove")
    assert [r["id"] for r in _rows(phone)] == [r["id"] for r in rows if r["id"] != rows[2]["id"]]
    assert driver.exists(text="1 item removed")
    assert rows[2]["title"] not in _labels(driver)


def test_select_all_then_remove_empties_the_grid(phone: Phone, driver: Driver) -> None:
    driver.long_press(id="launcher_label")
    _menu(driver, "Select all")
    total = len(_rows(phone))
    assert driver.find(id="toolbar_title").text == f"{total} / {total}"
    driver.tap(desc="Remove")
    driver.tap(text="Remove")
    assert _rows(phone) == []
    assert driver.find(id="launchers_placeholder").text == "No items found"


def test_add_apps_lists_the_missing_ones(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Add apps")
    assert {b.text for b in driver.find_all(id="add_app_item")} == {"Camera", "Chrome", "wikiHow"}
    driver.tap(text="Cancel")
    gone = _rows(phone)[:2]
    phone.database(PACKAGE, DB).execute(
        "DELETE FROM launchers WHERE id IN (?, ?)", (gone[0]["id"], gone[1]["id"])
    )
    rows = _rows(phone)
    missing = _installed(phone) - {r["package"] for r in rows}
    assert missing == {r["package"] for r in gone} | FIRST_RUN_LEFT_OUT
    driver.tap(desc="Add apps")
    boxes = driver.find_all(id="add_app_item")
    labels = {phone.apps[p].label for p in missing}
    assert {b.text for b in boxes} == labels
    driver.tap(text=boxes[-1].text, id="add_app_item")
    driver.tap(text=boxes[0].text, id="add_app_item")
    driver.tap(text="OK")
    added = _rows(phone)[len(rows) :]
    assert sorted(r["title"] for r in added) == sorted([boxes[0].text, boxes[-1].text])
    assert [r["title"] for r in added] == [boxes[0].text, boxes[-1].text]  # the dialog's order
    assert f"Launcher added: package={added[0]['package']} title={added[0]['title']}" in (
        _logged(phone)
    )
    driver.tap(desc="Add apps")
    for box in driver.find_all(id="add_app_item"):
        driver.tap(text=box.text, id="add_app_item")
    driver.tap(text="OK")
    driver.tap(desc="Add apps")
    assert driver.exists(text="All apps are already in the list")


def test_sort_by_title_and_order(phone: Phone, driver: Driver) -> None:
    rows = _rows(phone)
    driver.tap(desc="Sort by")
    assert driver.find(id="sorting_dialog_radio_title").checked
    assert driver.find(id="sorting_dialog_radio_ascending").checked
    driver.tap(id="sorting_dialog_radio_descending")
    driver.tap(text="Cancel")  # nothing changes
    assert _labels(driver) == _by_title(rows)
    assert _pref(phone, "order") is None
    driver.tap(desc="Sort by")
    assert driver.find(id="sorting_dialog_radio_ascending").checked
    driver.tap(id="sorting_dialog_radio_descending")
    driver.tap(text="OK")
    assert _labels(driver) == _by_title(rows)[::-1]
    assert _pref(phone, "order") == "desc"
    driver.tap(desc="Sort by")
    driver.tap(id="sorting_dialog_radio_custom")
    assert not driver.exists(id="sorting_dialog_radio_descending")  # custom has no direction
    driver.tap(text="OK")
    assert _labels(driver) == [r["title"] for r in rows]
    assert (_pref(phone, "sort"), _pref(phone, "order")) == ("custom", "asc")
    assert "Preference changed: sort=custom" in _logged(phone)


def test_column_count_changes_the_grid_within_bounds(phone: Phone, driver: Driver) -> None:
    def per_row() -> int:
        cells = _cells(driver)
        return sum(1 for c in cells if c.bounds.top == cells[0].bounds.top)

    _menu(driver, "Increase column count")
    assert per_row() == min(5, len(_rows(phone)))
    for _ in range(3):
        _menu(driver, "Increase column count")
    assert per_row() == min(6, len(_rows(phone)))
    for _ in range(8):
        _menu(driver, "Reduce column count")
    assert per_row() == 1
    value = phone.database(PACKAGE, DB).execute(
        "SELECT value FROM preferences WHERE key = 'column_count'"
    )
    assert value.fetchone()[0] == "1"


def test_search_filters_by_title(phone: Phone, driver: Driver) -> None:
    rows = _rows(phone)
    target = rows[-1]["title"]
    driver.tap(desc="Search")
    driver.type_into(target[:4].lower(), id="search_query")
    assert target in _labels(driver)
    assert all(target[:4].lower() in label.lower() for label in _labels(driver))
    driver.type_into("qqqq", id="search_query")
    assert driver.find(id="launchers_placeholder").text == "No items match your search"
    driver.key("BACK")
    driver.key("BACK")
    assert _labels(driver) == _by_title(rows)


def test_an_item_for_an_app_that_is_gone_says_so(phone: Phone, driver: Driver) -> None:
    phone.database(PACKAGE, DB).execute(
        "INSERT INTO launchers(title, package, position) VALUES ('Old game', 'com.example.gone', 99)"
    )
    driver.tap(text="Old game", id="launcher_label")
    assert driver.exists(text="App not found")
    assert phone.foreground == (PACKAGE, MAIN)


def test_notes_cell_opens_notes(phone: Phone, driver: Driver) -> None:
    driver.tap(text="Notes", id="launcher_label")
    assert phone.foreground == (NOTES, ".activities.MainActivity")


def test_the_open_app_task_fails_on_the_wrong_app() -> None:
    env = MobileEnv("simpletools.app_launcher.open_app")
    env.reset(seed=5)
    target = env.episode.values["app"]
    xml = env.device.hierarchy_xml()
    wrong = next(n.text for n in find_all(xml, id="launcher_label") if n.text != target)
    step = SolutionStep.model_validate({"click": {"id": "launcher_label", "text": wrong}})
    _, _, terminated, _, info = actions.play(env, step_actions(step, xml, env.device.size))
    assert terminated and info["failure"] and not info["success"]
    assert "opened_wrong_app" in info["events"]


def test_toggle_app_name_hides_and_shows_the_labels(phone: Phone, driver: Driver) -> None:
    count = len(_cells(driver))
    driver.tap(desc="Toggle app name")
    assert _labels(driver) == [] and len(_cells(driver)) == count
    assert _pref(phone, "show_app_name") == "0"
    driver.tap(desc="Toggle app name")
    assert len(_labels(driver)) == count
    assert "Preference changed: show_app_name=1" in _logged(phone)


def test_the_launcher_closes_itself_on_launch_unless_told_not_to(
    phone: Phone, driver: Driver
) -> None:
    driver.tap(text="Notes", id="launcher_label")
    assert PACKAGE not in phone.recent_packages()
    phone.launch(PACKAGE)
    driver.tap(desc="More options")
    driver.tap(text="Settings", id="title")
    assert phone.foreground == (PACKAGE, SETTINGS)
    switch = driver.find(id="settings_close_app")
    assert switch.checked and switch.text == "Close this app at launching a different one"
    driver.tap(id="settings_close_app")
    assert not driver.find(id="settings_close_app").checked
    assert _pref(phone, "close_app") == "0"
    driver.tap(desc="Navigate up")
    driver.tap(text="Notes", id="launcher_label")
    assert PACKAGE in phone.recent_packages()


def test_about_opens_the_faq_and_the_contributors(phone: Phone, driver: Driver) -> None:
    _menu(driver, "About")
    assert driver.find(id="about_app_name").text == "Simple App Launcher"
    driver.tap(id="about_faq")
    assert driver.find(id="toolbar_title").text == "Frequently asked questions"
    driver.key("BACK")
    driver.tap(id="about_contributors")
    assert driver.exists(id="contributor_name")


def test_a_long_grid_makes_the_cells_in_view_and_reads_its_items_once(
    phone: Phone, driver: Driver
) -> None:
    db = phone.database(PACKAGE, DB)
    db.executemany(
        "INSERT INTO launchers(title, package, position) VALUES (?, ?, ?)",
        [(f"Zz app {i:04d}", f"com.example.app{i}", 100 + i) for i in range(1000)],
    )
    assert _labels(driver)[0] == _by_title(_rows(phone))[0]
    assert views_made(phone, "launcher_holder") < 40  # of more than 1,000
    statements = statements_while_rebuilt(phone, db)  # nothing changed: the items are kept
    assert not [s for s in statements if "FROM launchers" in s]  # nor the Add apps dialog's
    db.execute(
        "INSERT INTO launchers(title, package, position) VALUES ('Aaa first', 'com.a.first', 0)"
    )
    assert _labels(driver)[0] == "Aaa first"  # a new item shows at once
    driver.scroll_to(text="Zz app 0060", id="launcher_label")  # lines made as they show
    assert views_made(phone, "launcher_holder") < 40
    driver.tap(desc="Search")
    driver.type_into("app 0998", id="search_query")
    assert _labels(driver) == ["Zz app 0998"]
    db.execute(
        "UPDATE launchers SET title = 'Zz app 0998 new' WHERE package = 'com.example.app998'"
    )
    assert _labels(driver) == ["Zz app 0998 new"]  # the search matches the changed items
    driver.key("BACK")
    driver.key("BACK")
    driver.tap(desc="Add apps")  # the dialog reads what is missing as it opens
    assert {b.text for b in driver.find_all(id="add_app_item")} == {"Camera", "Chrome", "wikiHow"}
