"""What the access log and the metrics know of a request besides its URL: when it arrived in the app, and what it
turned out to be about (the variant of each showdown and hand evaluation it asks for, noted while its body is
decoded); and :class:`RequestFacts`, all that the hooks every answer goes through on its way out
(:mod:`service.answer_hooks`) read of its request, whichever path served it."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from flask import Flask, g, has_request_context

__all__ = ["RULES", "NotedVariant", "RequestFacts", "arrived", "note_variant", "noted_variants",
           "seconds_since_arrival"]

#: The label of a client-defined variant (a request's ``rules``): never the client's own id, which is free text.
RULES: Final = "rules"


@dataclass(frozen=True, slots=True)
class NotedVariant:
    kind: Literal["showdown", "evaluation"]
    variant: str  # a catalog id, or RULES


@dataclass(frozen=True, slots=True)
class RequestFacts:
    """One request as the hooks on the way out see it: Flask's request and ``g`` for the answers Flask makes
    (:func:`service.answer_hooks.flask_request_facts`), or what the raw route of ``POST /v1/showdowns`` knows
    (:mod:`service.raw_showdown`)."""

    method: str
    path: str  # as the client sent it, decoded
    rule: str | None  # the matched route's rule (``/v1/variants/<variant_id>``), None when no route matched
    endpoint: str | None  # the matched route's endpoint (``showdowns.adjudicate_showdown``)
    request_id: str  # the X-Request-ID answered
    elapsed: float | None  # seconds from the request's arrival in the app to its answer (None: not measured)
    noted: Sequence[NotedVariant]  # what note_variant noted, in order
    path_variant: object = None  # the variant named in the path (the ``variant_id`` view argument), if any


def note_variant(kind: Literal["showdown", "evaluation"], variant: str) -> None:
    """Note that the request asks for a showdown or a hand evaluation of ``variant`` (a catalog id or
    :data:`RULES`); outside a request (the start-up warm-up) nothing is noted."""
    if has_request_context():
        g.setdefault("noted_variants", []).append(NotedVariant(kind, variant))


def noted_variants() -> list[NotedVariant]:
    """What :func:`note_variant` noted during the current request, in order."""
    noted: list[NotedVariant] = g.get("noted_variants", [])
    return noted


def arrived(sender: Flask, **extra: object) -> None:
    """Receiver of Flask's ``request_started`` signal: the request has arrived in the app."""
    g.arrived = time.perf_counter()


def seconds_since_arrival() -> float | None:
    """Seconds since the current request arrived in the app, or None if :func:`arrived` was not connected."""
    began: float | None = g.get("arrived")
    return None if began is None else time.perf_counter() - began
