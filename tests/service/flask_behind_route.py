"""The service's app without its raw route: Flask answers every request, ``POST /v1/showdowns`` included. Served by
gunicorn beside the service itself (``tests/service/test_raw_showdown_gunicorn.py``) to compare the two over HTTP."""

from __future__ import annotations

from service.raw_showdown import RawShowdownRoute
from service.wsgi import app as _service

__all__ = ["app"]

_route = _service.wsgi_app
assert isinstance(_route, RawShowdownRoute)
app = _route.flask
