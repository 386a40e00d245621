"""The offline web: the sites the phone's browser reaches, served inside the process.

``fetch(phone, Request(url))`` answers a page as HTML in the subset the browser renders; a
form's submission is a ``Request`` with ``method="POST"`` and its fields in ``form``.
"""

from mobile_gym.sim.web.server import Request, Response, fetch

__all__ = ["Request", "Response", "fetch"]
