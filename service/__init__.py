"""The showdown HTTP service: Flask + flask-smorest over the pure :mod:`evaluator` library.

``create_app`` builds the app (gunicorn serves ``service.wsgi:app``)::

    from service import create_app
    app = create_app()

Its ``wsgi_app`` is the raw route of ``POST /v1/showdowns`` (:mod:`service.raw_showdown`), in front of Flask's own.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from service.access_log import init_access_log
from service.answer_hooks import init_answer_hooks
from service.api import Api, spec_options
from service.config import Config
from service.headers import init_headers
from service.metrics import init_metrics
from service.raw_showdown import install_raw_showdown
from service.readiness import ServiceState, warm_up
from service.views import API_BLUEPRINTS, docs, table

__all__ = ["create_app"]


class _JsonProvider(DefaultJSONProvider):
    sort_keys = False  # answers keep the documented field order


def _merged(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in extra.items():
        merged[key] = _merged(merged[key], value) if isinstance(value, dict) and isinstance(
            merged.get(key), dict) else value
    return merged


def create_app(config: type | None = None) -> Flask:
    """The application, configured from ``config`` (default :class:`service.config.Config`)."""
    app = Flask(__name__, static_folder=None)
    # No redirects built from the Host header: "/v1//variants" is a 404, not a 308 to "http://<Host>/v1/variants".
    app.url_map.merge_slashes = False
    app.json = _JsonProvider(app)
    app.config.from_object(config or Config)
    overrides = app.config.get("API_SPEC_OPTIONS") or {}
    app.config["API_SPEC_OPTIONS"] = _merged(spec_options(app.config), overrides)
    init_answer_hooks(app)
    init_headers(app)  # (after the answer hooks: CORS's headers come first)
    api = Api(app)
    for blueprint in API_BLUEPRINTS:
        api.register_blueprint(blueprint)
    app.register_blueprint(docs.blp)
    app.register_blueprint(table.blp)  # GET /, /table: the page over the API
    init_metrics(app)  # GET /metrics
    init_access_log(app)
    state = ServiceState(api=api)
    app.extensions["showdown"] = state
    warm_up()
    state.ready = True
    install_raw_showdown(app)
    return app
