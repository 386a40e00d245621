"""The offline web: the sites the phone's browser reaches, served inside the process.

``fetch(phone, Request(url))`` answers a page as HTML in the subset the browser renders (a
file, such as a PDF, with its ``content_type`` and its bytes as ``latin-1`` text); a form's
submission is a ``Request`` with ``method="POST"`` and its fields in ``form``.

Everything is frozen and deterministic; a page that shows "today" reads the phone's clock.
The sites (``sites/``, registered by host in ``sites.registry``):

- ``google.com`` (also ``bing.com``, ``baidu.com``): the search engine over every site's
  pages, with weather and exchange-rate cards (``sites/search.py``);
- ``github.com``: repositories, README, issues, commits, releases, stars and contributors,
  from the GitHub tool server's fixture (``sites/github.py``);
- ``arxiv.org``: abstracts, the papers as PDFs and as text, listing and search, from the arXiv tool
  server's fixture and a few more papers (``sites/arxiv.py``);
- ``weather.com``: a frozen forecast by city and date, agreeing with the Amap tools
  (``sites/weather.py``);
- ``travel.example.com``: flights and hotels searched and booked through forms; bookings
  are rows of the ``server.travel`` backend (``sites/travel.py``, ``travel_server.py``);
- single articles (news, nobelprize.org, a university calendar, a recipe, exchange rates, a
  coffee chain's history) and the pages the web-reader tool server reads
  (``sites/articles.py``, ``content.py``).

An unknown host gets Chrome's "This site can't be reached" page with status 404.
"""

from mobile_gym.sim.web.server import Request, Response, fetch

__all__ = ["Request", "Response", "fetch"]
