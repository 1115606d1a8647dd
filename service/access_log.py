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

from flask import Flask, Response

from service.metrics import route_label
from service.request_facts import RequestFacts

__all__ = ["ACCESS_LOGGER", "access_record", "init_access_log", "log_access"]

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


def access_record(response: Response, facts: RequestFacts) -> dict[str, Any]:
    """The access-log fields of ``response``, the answer to the request of ``facts``."""
    record: dict[str, Any] = {
        "time": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "request_id": facts.request_id,
        "method": facts.method[:16],
        "path": facts.path[:_MAX_TEXT],
        "route": route_label(facts.rule),
        "status": response.status_code,
        "duration_ms": None if facts.elapsed is None else round(facts.elapsed * 1000, 3),
    }
    variants = list(dict.fromkeys(noted.variant for noted in facts.noted))
    if not variants and isinstance(facts.path_variant, str):
        variants = [facts.path_variant[:_MAX_TEXT]]
    if len(variants) == 1:
        record["variant"] = variants[0]
    elif variants:
        record["variants"] = variants
    return record


_ACCESS: Final = logging.getLogger(ACCESS_LOGGER)


def log_access(response: Response, facts: RequestFacts) -> None:
    """Write the access-log line of ``response`` (one of the hooks of :mod:`service.answer_hooks`)."""
    _ACCESS.info(json.dumps(access_record(response, facts), ensure_ascii=True))


def init_access_log(app: Flask) -> None:
    """Send the access log to stdout (every answer is logged by :func:`log_access`)."""
    _logger()
