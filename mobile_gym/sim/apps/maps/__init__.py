"""Maps (``com.google.android.apps.maps``): Google Maps over a frozen world.

The places are those of the maps fixture (``mobile_gym/mcp/fixtures/amap.yaml``), the
ones the ``amap`` MCP server answers from; routes come from the same function as the
server's (``mobile_gym.mcp.servers.maps.route_between``: a stored route, else the fixture's
street graph, ``mobile_gym.mcp.servers.streets``, else an estimate), so the app and the
server report the same distance and duration for a pair of places.

Database ``maps``: ``preferences(key, value)`` (``my_location``: the name of the place
standing for "Your location", "MIT Stata Center" by default); ``lists(name, created)``
(seeded "Favorites", "Want to go", "Starred places"); ``saved(id, list, place, saved_at)``
(``saved_at`` in ms on the virtual clock); ``history(id, query, at)``.

Logcat (tag ``Maps``): ``Search: <query>``, ``Open place: <name>``, ``Zoom: <level>``,
``Directions: <origin> -> <destination> mode=<mode> distance=<m> duration=<s>`` (on a mode
change, a swap or ENTER in a field), ``Saved: <place> to <list>``, ``Removed: <place> from
<list>``, ``List created: <name>``, ``Share: <text>``, ``Call: <number>``.
Toasts: "Type a place to search", "No results found", "Saved to <list>", "Removed from
<list>", "Calling <number>".

Activities:
    ``com.google.android.maps.MapsActivity``: the map (``map``, desc "Google Map": streets
    and pins ``map_pin`` whose content-desc is the place's name), ``search_box`` (hint
    "Search here"; ENTER searches: names, categories, "restaurants near <place>"),
    ``search_button`` / ``clear_search``, ``category_chip`` ("Restaurants", "Coffee",
    "Hotels", "Museums"), ``zoom_in``, ``zoom_out``, ``my_location`` ("Your location"),
    ``saved_button`` ("Saved"). Results: ``results_sheet`` with ``results_title`` and
    ``results_list`` of ``result_item`` rows (``result_title``, ``result_subtitle``:
    rating, category, address); a search with one result opens its place. Swipes pan the
    map by a third of the screen; a double tap zooms in on the point tapped; BACK clears
    the results. Pinching needs two fingers, which the phone's input does not carry.
    ``.PlaceActivity`` (arg ``name``): ``place_map``, ``place_title``, ``place_rating``
    ("4.7 ★ (1,234)"), ``place_category``, ``directions_button``, ``save_button`` ("Save"
    or "Saved": a menu of the lists, ticked where saved; choosing one saves or removes),
    ``share_button``, ``call_button``, ``place_address``, ``place_hours``, ``place_phone``,
    ``place_link`` (``https://maps.app.goo.gl/...``).
    ``.DirectionsActivity`` (args ``destination``, optional ``origin``, ``mode``): see
    ``directions``.
    ``.SavedActivity``: ``saved_list`` rows and ``new_list``. ``.SavedListActivity`` (arg
    ``list``): ``saved_place`` rows.
    Share (place or route): ``share_sheet``, see ``share``.
"""

from mobile_gym.sim.apps.maps.app import MapsApp
from mobile_gym.sim.apps.maps.names import PACKAGE

__all__ = ["PACKAGE", "MapsApp"]
