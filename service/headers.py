"""The headers every answer carries: security headers, caching, and CORS for browser front-ends.

:func:`secure`, one of the hooks every answer of the app goes through (:mod:`service.answer_hooks`), errors
included, sets:

* ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``;
* ``Content-Security-Policy``: for SVG pictures ``default-src 'none'; style-src 'unsafe-inline'`` (a picture
  opened on its own runs nothing and loads nothing); for the ``/docs`` page, inline styles only (it loads
  nothing either, see :mod:`service.docs_page`); for the table (``/``, ``/table`` and its files,
  :mod:`service.views.table`) scripts, styles, pictures and API calls from its own origin only, no inline script or
  style; for everything else (JSON, PNG) ``default-src 'none';
  frame-ancestors 'none'``;
* ``Cache-Control``: ``public, max-age=3600`` on successful answers of the catalog (``/v1/variants``, one
  variant, a layout picture), which change only with a new release; ``public, max-age=300`` on the contract
  (``/openapi.json``, ``/docs``) and on the table's files; ``no-store`` on everything else: showdowns,
  evaluations, renders, probes and every error.

The ``Server`` header is gunicorn's business: :mod:`service.worker` names it ``showdown``, and answers
gunicorn makes itself carry :data:`SECURITY_HEADERS` too.

CORS is off unless ``SHOWDOWN_CORS_ORIGINS`` lists origins (see :mod:`service.config`); then flask-cors
answers preflights (``OPTIONS``) and adds ``Access-Control-Allow-Origin`` for those origins only, without
credentials (the API has no cookies or authentication), exposing ``X-Request-ID`` and ``Retry-After``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from flask import Flask, Response
from flask_cors import CORS

from service.request_id import REQUEST_ID_HEADER

__all__ = [
    "CATALOG_CACHE_CONTROL",
    "CATALOG_ENDPOINTS",
    "CONTRACT_CACHE_CONTROL",
    "CONTRACT_ENDPOINTS",
    "DEFAULT_CSP",
    "DOCS_CSP",
    "SECURITY_HEADERS",
    "SVG_CSP",
    "TABLE_CSP",
    "TABLE_ENDPOINTS",
    "cors_enabled",
    "init_headers",
    "secure",
]

#: On every answer, gunicorn's own included.
SECURITY_HEADERS: Final[Mapping[str, str]] = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
}
DEFAULT_CSP: Final = SECURITY_HEADERS["Content-Security-Policy"]
SVG_CSP: Final = "default-src 'none'; style-src 'unsafe-inline'"
DOCS_CSP: Final = ("default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; "
                   "form-action 'none'; frame-ancestors 'none'")
#: The table's page: its own files and the API on its own origin; a picture it fetched is shown from a blob: URL.
TABLE_CSP: Final = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
                    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

#: The catalog's endpoints (Flask endpoint names): the same answer for everyone until the next release.
CATALOG_ENDPOINTS: Final = frozenset({"variants.list_variants", "variants.get_variant", "render.variant_layout"})
CATALOG_CACHE_CONTROL: Final = "public, max-age=3600"
#: The contract and its page.
#: The table's page and its files (``service/views/table.py``).
TABLE_ENDPOINTS: Final = frozenset({"table.table_page", "table.table_file"})
CONTRACT_ENDPOINTS: Final = frozenset({"api-docs.openapi_json", "docs.docs_page"}) | TABLE_ENDPOINTS
CONTRACT_CACHE_CONTROL: Final = "public, max-age=300"
_EXPOSED: Final = (REQUEST_ID_HEADER, "Retry-After")


def _cache_control(status: int, method: str, endpoint: str | None) -> str:
    if status == 200 and method in ("GET", "HEAD"):
        if endpoint in CATALOG_ENDPOINTS:
            return CATALOG_CACHE_CONTROL
        if endpoint in CONTRACT_ENDPOINTS:
            return CONTRACT_CACHE_CONTROL
    return "no-store"


def secure(response: Response, method: str, endpoint: str | None) -> None:
    """Set the security and caching headers of ``response``, the answer to a ``method`` request served by
    ``endpoint`` (None: no route matched)."""
    headers = response.headers
    for name, value in SECURITY_HEADERS.items():
        headers.setdefault(name, value)
    mimetype = response.mimetype
    if endpoint in TABLE_ENDPOINTS:
        headers["Content-Security-Policy"] = TABLE_CSP
    elif mimetype == "image/svg+xml":
        headers["Content-Security-Policy"] = SVG_CSP
    elif mimetype == "text/html":
        headers["Content-Security-Policy"] = DOCS_CSP
    headers["Cache-Control"] = _cache_control(response.status_code, method, endpoint)


def cors_enabled(app: Flask) -> bool:
    """Whether ``app`` answers CORS (``SHOWDOWN_CORS_ORIGINS`` names origins): flask-cors then adds its headers to
    every answer, after the app's own hooks."""
    return bool(app.config.get("SHOWDOWN_CORS_ORIGINS"))


def init_headers(app: Flask) -> None:
    """Register CORS when ``SHOWDOWN_CORS_ORIGINS`` names origins. (Call it after :func:`service.answer_hooks.
    init_answer_hooks`: Flask runs the hooks registered last first, so that CORS's headers come before ours, as
    they always have.)"""
    if cors_enabled(app):
        origins: tuple[str, ...] = tuple(app.config["SHOWDOWN_CORS_ORIGINS"])
        CORS(app, origins=list(origins), methods=["GET", "POST", "OPTIONS"],
             allow_headers=["Content-Type", REQUEST_ID_HEADER], expose_headers=list(_EXPOSED),
             supports_credentials=False, max_age=600)
