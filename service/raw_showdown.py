"""``POST /v1/showdowns`` served by a WSGI route in front of the Flask app, without Flask's per-request machinery
(its request and app contexts, URL matching, hook dispatch, the view's response conversion): the hot path.

The route takes only the requests it can answer exactly as Flask would answer them, and that answer is a 200: a
``POST`` to exactly ``/v1/showdowns``, ``Content-Type`` exactly ``application/json``, a ``Content-Length`` within the
limit, neither ``Transfer-Encoding`` nor ``Content-Encoding``, a body that arrives whole, that orjson decodes and that
the fast reader vouches for (:func:`service.schemas.fast_showdown.read_showdown_call`), and whose adjudication
succeeds. It answers with the functions Flask's path calls: :func:`service.views.showdowns.showdown_answer` (the cost,
the work budget and the deadline, the library, the answer's body), :func:`service.encoding.json_data` and
:class:`service.encoding.JsonAnswer`, :func:`service.answer_hooks.finish_answer` (the access-log line, the metrics, the
headers), and starts the answer with the status and headers Werkzeug's WSGI call of that response would start it
with: the same bytes, the same headers in the same order.

Every other request goes to the Flask app unchanged (``OPTIONS``, ``HEAD``, other paths and methods, other media
types, a body too large, unreadable, not JSON or not vouched for), with the body the route read handed back in
``wsgi.input`` (and, for a body that could not be read, what stopped it). When the library gave its verdict on the
call (a :class:`evaluator.ShowdownError`: a broken poker rule, over the budget, past the deadline), the route hands it
along too (:data:`service.views.showdowns.VERDICT`), so that Flask answers it without adjudicating the same call
again (a request past its deadline is not run twice).

The route stands in for Flask only where nothing else changes Flask's answers: :func:`install_raw_showdown` puts it
in front of an app whose per-request hooks are :mod:`service.answer_hooks`' alone, with Flask's own request and
response classes, whose URL map it can bind as Flask binds it, and not when CORS is on (flask-cors adds its headers to
every answer). Each request is routed by Flask's own URL map: the route serves it only when Flask would run
:func:`service.views.showdowns.serve_showdown` for it. ``tests/service/test_raw_showdown.py`` compares the route and
Flask, byte for byte, header for header, log line for log line, and metric for metric.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterable
from typing import Any, Final

import orjson
from flask import Flask, Request, Response
from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import HTTPException
from werkzeug.routing import Rule

from evaluator import ShowdownError
from service.answer_hooks import finish_answer, only_answer_hooks
from service.body import read_length
from service.budget import deadline_seconds
from service.encoding import JsonAnswer, json_data
from service.headers import cors_enabled
from service.request_facts import NotedVariant, RequestFacts
from service.request_id import request_id_of
from service.schemas.fast_showdown import read_showdown_call
from service.views.showdowns import VERDICT, serve_showdown, showdown_answer

__all__ = ["PATH", "RawShowdownRoute", "install_raw_showdown"]

#: The one path the route serves.
PATH: Final = "/v1/showdowns"
_JSON: Final = "application/json"

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class _Replay(io.BytesIO):
    """A body as far as the route read it, then what stopped it: the same exception, raised again."""

    def __init__(self, data: bytes, error: Exception) -> None:
        super().__init__(data)
        self._error = error

    def read(self, size: int | None = -1) -> bytes:
        chunk = super().read(size)
        if not chunk and size != 0:
            raise self._error
        return chunk


class RawShowdownRoute:
    """The WSGI application: ``POST /v1/showdowns`` by the route, anything else by :attr:`flask` (the Flask app's own
    ``wsgi_app``)."""

    def __init__(self, app: Flask, flask: WsgiApp) -> None:
        self.app = app
        self.flask = flask

    def _rule(self, environ: dict[str, Any]) -> Rule | None:
        """The rule Flask routes the request to, as Flask finds it (its URL map bound to the request as
        ``Flask.create_url_adapter`` binds it for an app without ``SERVER_NAME`` and subdomain matching: the Host, a
        WebSocket upgrade...), when its view is :func:`service.views.showdowns.serve_showdown`."""
        url_map = self.app.url_map
        try:
            rule, _ = url_map.bind_to_environ(environ, subdomain=url_map.default_subdomain or "").match(
                return_rule=True)
        except HTTPException:  # (Flask answers it)
            return None
        found: Rule = rule
        return found if self.app.view_functions.get(found.endpoint) is serve_showdown else None

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if (environ.get("PATH_INFO") != PATH or environ.get("REQUEST_METHOD") != "POST"
                or environ.get("CONTENT_TYPE") != _JSON
                or "HTTP_TRANSFER_ENCODING" in environ or "HTTP_CONTENT_ENCODING" in environ):
            return self.flask(environ, start_response)
        arrived = time.perf_counter()
        config = self.app.config
        length = environ.get("CONTENT_LENGTH")
        limit: int | None = config["MAX_CONTENT_LENGTH"]
        if not (length and length.isascii() and length.isdigit()) or (limit is not None and int(length) > limit):
            return self.flask(environ, start_response)  # (Flask reads what the route does not, and answers a 413)
        rule = self._rule(environ)
        if rule is None:
            return self.flask(environ, start_response)
        size = int(length)
        data, error = read_length(environ["wsgi.input"], size)
        if error is not None:
            environ["wsgi.input"] = _Replay(data, error)
            return self.flask(environ, start_response)
        if len(data) < size:
            return self._flask(environ, start_response, data)
        try:
            call = read_showdown_call(orjson.loads(data))
        except orjson.JSONDecodeError:
            call = None
        if call is None:
            return self._flask(environ, start_response, data)
        try:
            body = showdown_answer(call, deadline_seconds(config))
        except ShowdownError as verdict:
            environ[VERDICT] = verdict
            return self._flask(environ, start_response, data)
        except Exception:  # a bug: Flask meets it again, and answers (and logs) it as it answers any
            return self._flask(environ, start_response, data)
        try:
            response = JsonAnswer(json_data(body, self.app.json))
            finish_answer(response, RequestFacts(
                method="POST", path=PATH, rule=rule.rule, endpoint=rule.endpoint,
                request_id=request_id_of(environ.get("HTTP_X_REQUEST_ID")), elapsed=time.perf_counter() - arrived,
                noted=(NotedVariant("showdown", call.variant.id),)))
        except Exception:  # a bug in a hook: Flask's hooks meet it too, and Flask answers its 500
            return self._flask(environ, start_response, data)
        # What Werkzeug's WSGI call of the response (``response(environ, start_response)``, Flask's last step) starts
        # and sends for a 200 with its Content-Length and no Location: these very headers and bytes, without the
        # copy of the headers and the closing iterator it builds to find that out (about 8 µs).
        start_response(response.status, response.headers.to_wsgi_list())
        return response.response  # type: ignore[return-value]  # (JsonAnswer's: one bytes item)

    def _flask(self, environ: dict[str, Any], start_response: StartResponse, data: bytes) -> Iterable[bytes]:
        environ["wsgi.input"] = io.BytesIO(data)
        return self.flask(environ, start_response)


def _binds_as_flask(app: Flask) -> bool:
    """Whether :meth:`RawShowdownRoute._rule` binds the URL map of ``app`` as Flask binds it: no ``SERVER_NAME``, no
    ``TRUSTED_HOSTS``, no host or subdomain matching."""
    return (app.config.get("TRUSTED_HOSTS") is None and app.config.get("SERVER_NAME") is None
            and not app.url_map.host_matching and not app.subdomain_matching)


def install_raw_showdown(app: Flask) -> bool:
    """Put the route in front of ``app`` (as its ``wsgi_app``) if the route answers as ``app`` would; whether it
    did."""
    if (cors_enabled(app) or not only_answer_hooks(app) or not _binds_as_flask(app)
            or app.response_class is not Response or app.request_class is not Request
            or type(app.session_interface) is not SecureCookieSessionInterface
            or isinstance(app.wsgi_app, RawShowdownRoute)):
        return False
    app.wsgi_app = RawShowdownRoute(app, app.wsgi_app)  # type: ignore[method-assign]  # (Flask's middleware idiom)
    return True
