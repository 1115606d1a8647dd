"""The access log: one JSON object per answer, on its own line on stdout (gunicorn's own access log is off).

Each line has ``time`` (UTC, ISO 8601), ``request_id`` (the ``X-Request-ID`` answered), ``method``, ``path``
(as the client sent it, decoded), ``route`` (the template, ``/v1/variants/{variant_id}``), ``status``,
``duration_ms`` (from the request's arrival in the app to its answer) and, when the request names one,
``variant``: the catalog id (or ``rules``) of a showdown or hand evaluation, or the variant of the path as
given; a batch naming several has ``variants``. Client text is escaped by the JSON encoder, so a line is always
one JSON document whatever the path holds::

    {"time": "2026-11-25T10:02:03.123Z", "request_id": "a1b2", "method": "POST", "path": "/v1/showdowns",
     "route": "/v1/showdowns", "status": 200, "duration_ms": 1.042, "variant": "texas-holdem"}
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any, Final

from flask import Flask, Response, g, request, request_started

from service.metrics import route_label
from service.request_facts import arrived, noted_variants, seconds_since_arrival
from service.request_id import REQUEST_ID_HEADER, request_id_of

__all__ = ["ACCESS_LOGGER", "access_record", "init_access_log"]

#: The logger of the access log; its records' messages are the JSON lines.
ACCESS_LOGGER: Final = "showdown.access"
#: Longest path (or path variant) logged, in characters: a line stays well under 4096 bytes even with every
#: character escaped, so that each worker's line reaches a shared stdout pipe in one atomic write.
_MAX_TEXT: Final = 512


class _StdoutHandler(logging.Handler):
    """Writes each record to the current ``sys.stdout`` and flushes (a line reaches the collector at once)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            stream = sys.stdout
            stream.write(self.format(record) + "\n")
            stream.flush()
        except Exception:  # logging must never break an answer
            self.handleError(record)


def _logger() -> logging.Logger:
    logger = logging.getLogger(ACCESS_LOGGER)
    if not any(isinstance(handler, _StdoutHandler) for handler in logger.handlers):
        logger.addHandler(_StdoutHandler())
    logger.setLevel(logging.INFO)
    logger.propagate = False  # not again through the root logger's handlers
    return logger


def access_record(response: Response) -> dict[str, Any]:
    """The access-log fields of the current request and its ``response``."""
    current = request._get_current_object()  # type: ignore[attr-defined]  # (the proxies cost per access)
    facts = g._get_current_object()
    if "request_id" not in facts:  # an answer made before any request hook ran (service.request_id does the same)
        facts.request_id = request_id_of(current.headers.get(REQUEST_ID_HEADER))
    elapsed = seconds_since_arrival()
    rule = current.url_rule
    record: dict[str, Any] = {
        "time": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "request_id": facts.request_id,
        "method": current.method[:16],
        "path": current.path[:_MAX_TEXT],
        "route": route_label(None if rule is None else rule.rule),
        "status": response.status_code,
        "duration_ms": None if elapsed is None else round(elapsed * 1000, 3),
    }
    variants = list(dict.fromkeys(noted.variant for noted in noted_variants()))
    path_variant = (current.view_args or {}).get("variant_id")
    if not variants and isinstance(path_variant, str):
        variants = [path_variant[:_MAX_TEXT]]
    if len(variants) == 1:
        record["variant"] = variants[0]
    elif variants:
        record["variants"] = variants
    return record


_ACCESS: Final = logging.getLogger(ACCESS_LOGGER)


def _log(response: Response) -> Response:
    _ACCESS.info(json.dumps(access_record(response), ensure_ascii=True))
    return response


def init_access_log(app: Flask) -> None:
    """Log every answer of ``app``."""
    _logger()
    request_started.connect(arrived, app)
    app.after_request(_log)
