"""Prometheus metrics, served at ``GET /metrics`` in the text exposition format.

* ``showdown_http_requests_total`` and ``showdown_http_request_duration_seconds`` (a histogram): every answer, by
  method, route template (``/v1/variants/{variant_id}``, never the path itself, so that clients cannot grow the
  number of series; ``<unmatched>`` for a path no route matches) and status;
* ``showdown_showdowns_total``: showdowns that passed the schema and went to adjudication (single, batch items
  and pictures), by variant: a catalog id, or ``rules`` for a client-defined variant;
* ``showdown_hand_evaluations_total``: hand evaluations, by variant, the same way;
* ``showdown_refusals_total``: answers refused for a budget or limit, by kind: ``body-bytes`` (413),
  ``combinations`` (the per-request work budget), ``rules`` (a limit of client-defined rules), or the
  request field over its documented size (``players``, ``showdowns``, ``board``...). Batch items refused inside
  a 200 answer are not counted.

Under gunicorn, every worker is a process with its own counters: with ``PROMETHEUS_MULTIPROC_DIR`` set (an
empty, writable directory, created and emptied by ``service/gunicorn_conf.py`` at start) they write them to
files there and ``/metrics`` adds up every worker's, prometheus_client's multiprocess mode. Unset, ``/metrics``
answers for the process that serves it: right for one process (``WEB_CONCURRENCY=1``, tests), a sample
otherwise. The endpoint is for the operator's scraper, so it is not part of the public contract (``openapi.yaml``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any, Final

from flask import Blueprint, Flask, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

from service.request_facts import RequestFacts
from service.schemas.requests import (
    BatchRequestSchema,
    EvaluateRequestSchema,
    PlayerHandSchema,
    PlayerSchema,
    PotSchema,
    ShowdownRequestSchema,
)

__all__ = [
    "MULTIPROC_ENV",
    "UNMATCHED_ROUTE",
    "init_metrics",
    "mark_worker_dead",
    "observe",
    "prepare_multiprocess_directory",
    "refusal_kinds",
    "route_label",
]

MULTIPROC_ENV: Final = "PROMETHEUS_MULTIPROC_DIR"
UNMATCHED_ROUTE: Final = "<unmatched>"
_METHODS: Final = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
#: Showdowns take about a millisecond; a batch or a picture up to seconds.
_BUCKETS: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: The request fields a size limit can refuse, as refusal kinds.
_FIELD_KINDS: Final = frozenset(
    name for schema in (ShowdownRequestSchema, EvaluateRequestSchema, BatchRequestSchema, PlayerSchema,
                        PlayerHandSchema, PotSchema)
    for name in schema().fields)

REQUESTS: Final = Counter("showdown_http_requests", "Answers, by method, route template and status.",
                          ["method", "route", "status"])
LATENCY: Final = Histogram("showdown_http_request_duration_seconds",
                           "Time from the request's arrival in the app to its answer, by method, route template "
                           "and status.", ["method", "route", "status"], buckets=_BUCKETS)
SHOWDOWNS: Final = Counter("showdown_showdowns", "Showdowns that passed the schema and went to adjudication, by "
                           "variant id (\"rules\" for a client-defined variant).", ["variant"])
EVALUATIONS: Final = Counter("showdown_hand_evaluations", "Hand evaluations that passed the schema, by variant id "
                             "(\"rules\" for a client-defined variant).", ["variant"])
REFUSALS: Final = Counter("showdown_refusals", "Answers refused for a budget or a limit (413, or a 422 with "
                          "`over-limit` problems), by kind of limit.", ["kind"])

blp = Blueprint("metrics", __name__)


@cache  # the app's routes: a few dozen rules
def route_label(rule: str | None) -> str:
    """The route template as OpenAPI writes it (``/v1/variants/{variant_id}``), or ``<unmatched>``."""
    if rule is None:
        return UNMATCHED_ROUTE
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


def refusal_kinds(status: int, errors: Iterable[object]) -> set[str]:
    """The kinds of limit an answer was refused for: ``body-bytes`` for a 413; for a 422, one kind per
    ``over-limit`` problem in ``errors`` (the problem document's list)."""
    if status == 413:
        return {"body-bytes"}
    kinds: set[str] = set()
    for error in errors:
        if not isinstance(error, dict) or error.get("code") != "over-limit":
            continue
        pointer = str(error.get("pointer", ""))
        tokens = [token for token in pointer.split("/")[1:] if not token.isdigit()]
        if not tokens:
            kinds.add("combinations")
        elif tokens[0] == "rules":
            kinds.add("rules")
        else:
            kinds.add(tokens[-1] if tokens[-1] in _FIELD_KINDS else "other")
    return kinds


# Each series' child, looked up once: ``labels`` takes a lock and checks its values on every call. The labels are
# bounded (methods, route templates, statuses; catalog ids and "rules"), and so are these caches.
@cache
def _answer_series(method: str, route: str, status: int) -> tuple[Any, Any]:
    return REQUESTS.labels(method, route, str(status)), LATENCY.labels(method, route, str(status))


@cache
def _variant_series(kind: str, variant: str) -> Any:
    return (SHOWDOWNS if kind == "showdown" else EVALUATIONS).labels(variant)


def observe(response: Response, facts: RequestFacts) -> None:
    """Count ``response``, the answer to the request of ``facts`` (one of the hooks of :mod:`service.answer_hooks`)."""
    method = facts.method if facts.method in _METHODS else "other"
    answers, latency = _answer_series(method, route_label(facts.rule), response.status_code)
    answers.inc()
    if facts.elapsed is not None:
        latency.observe(facts.elapsed)
    for noted in facts.noted:
        _variant_series(noted.kind, noted.variant).inc()
    if response.status_code in (413, 422):
        body = response.get_json(force=True, silent=True) if response.status_code == 422 else None
        errors = body.get("errors", []) if isinstance(body, dict) else []
        for kind in refusal_kinds(response.status_code, errors if isinstance(errors, list) else []):
            REFUSALS.labels(kind).inc()


@blp.route("/metrics", methods=["GET"])
def metrics() -> Response:
    """The metrics of every worker (multiprocess mode) or of this process."""
    if os.environ.get(MULTIPROC_ENV):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        text = generate_latest(registry)
    else:
        text = generate_latest(REGISTRY)
    return Response(text, mimetype=None, content_type=CONTENT_TYPE_LATEST)


def init_metrics(app: Flask) -> None:
    """Serve ``GET /metrics`` (every answer is counted by :func:`observe`)."""
    directory = os.environ.get(MULTIPROC_ENV)
    if directory:
        Path(directory).mkdir(parents=True, exist_ok=True)
    app.register_blueprint(blp)


# --- gunicorn hooks (service/gunicorn_conf.py) ---------------------------------------------------------------


def prepare_multiprocess_directory() -> None:
    """Before the workers start: create ``PROMETHEUS_MULTIPROC_DIR`` and remove a previous run's metric files
    (``*.db``: their counts would be added to this run's). Nothing else in the directory is touched."""
    directory = os.environ.get(MULTIPROC_ENV)
    if not directory:
        return
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    for entry in path.glob("*.db"):
        if entry.is_file():
            entry.unlink()


def mark_worker_dead(pid: int) -> None:
    """After a worker exits: drop its live-gauge files (its counters stay, so totals never go down)."""
    if os.environ.get(MULTIPROC_ENV):
        multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]
