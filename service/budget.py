"""The work budget around one request: its cost counted up front (a 422 when over), then the engine's own charges
and deadline while it runs (:mod:`evaluator.values.budget`).

Views wrap their call to the library in :func:`request_budget`, given the request's cost from
:mod:`evaluator.engine.cost`; a batch adds up every item's cost first, so no item is adjudicated when the whole is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import Any

from flask import current_app

from evaluator import DEADLINE_SECONDS, GUARD_FACTOR, MAX_WORK_PER_REQUEST, over_budget, work_budget

__all__ = ["budget_within", "deadline_seconds", "request_budget"]


def deadline_seconds(config: Mapping[str, Any]) -> float:
    """The deadline of one request in an app of this ``config`` (``SHOWDOWN_DEADLINE_SECONDS``)."""
    seconds: float = config.get("SHOWDOWN_DEADLINE_SECONDS", DEADLINE_SECONDS)
    return seconds


def budget_within(cost: int, seconds: float) -> AbstractContextManager[object]:
    """Refuse a request costing over the budget before any work; otherwise the context to run it in: the engine's
    running guard and a deadline ``seconds`` away. (A plain function returning the engine's context, not a generator
    of its own around it: one layer less per request.)"""
    if cost > MAX_WORK_PER_REQUEST:
        raise over_budget(cost)
    return work_budget(GUARD_FACTOR * MAX_WORK_PER_REQUEST, seconds)


def request_budget(cost: int) -> AbstractContextManager[object]:
    """:func:`budget_within` the current app's deadline."""
    return budget_within(cost, deadline_seconds(current_app.config))
