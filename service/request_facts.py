"""What the access log and the metrics know of a request besides its URL: when it arrived in the app, and what it
turned out to be about (the variant of each showdown and hand evaluation it asks for, noted while its body is
decoded)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final, Literal

from flask import Flask, g, has_request_context

__all__ = ["RULES", "NotedVariant", "arrived", "note_variant", "noted_variants", "seconds_since_arrival"]

#: The label of a client-defined variant (a request's ``rules``): never the client's own id, which is free text.
RULES: Final = "rules"


@dataclass(frozen=True, slots=True)
class NotedVariant:
    kind: Literal["showdown", "evaluation"]
    variant: str  # a catalog id, or RULES


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
