"""``POST /v1/showdowns/batch``: each item validated and adjudicated on its own; a bad item gets its own
problem (the one ``POST /v1/showdowns`` would answer) and the others go on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from marshmallow import ValidationError

from evaluator import DeadlineExceeded, ShowdownError, ShowdownResult, adjudicate, showdown_cost
from service.budget import request_budget
from service.errors import Problem, showdown_problem, validation_problem
from service.schemas.requests import ShowdownCall, ShowdownRequestSchema

__all__ = ["BatchItem", "adjudicate_each"]


@dataclass(frozen=True, slots=True)
class BatchItem:
    index: int
    status: int
    result: ShowdownResult | None = None
    problem: dict[str, Any] | None = None


def _failed(index: int, problem: Problem) -> BatchItem:
    return BatchItem(index=index, status=problem.code, problem=problem.body())


def _loaded(index: int, item: Any, schema: ShowdownRequestSchema) -> ShowdownCall | BatchItem:
    try:
        call: ShowdownCall = schema.load(item)
    except ValidationError as exc:
        return _failed(index, validation_problem(exc.messages, schema))
    return call


def _one(index: int, call: ShowdownCall) -> BatchItem:
    try:
        return BatchItem(index=index, status=200, result=adjudicate(call.variant, call.deal, call.options))
    except DeadlineExceeded:
        raise  # the whole batch is abandoned: 503
    except ShowdownError as exc:
        return _failed(index, showdown_problem(exc))


def adjudicate_each(items: Sequence[Any]) -> dict[str, list[BatchItem]]:
    """Every item's answer, in order. Every item is loaded and costed first: a batch whose items together cost
    over the work budget is refused as a whole (422) before any is adjudicated."""
    schema = ShowdownRequestSchema()
    loaded = [_loaded(index, item, schema) for index, item in enumerate(items)]
    cost = sum(showdown_cost(c.variant, c.deal, c.options) for c in loaded if isinstance(c, ShowdownCall))
    with request_budget(cost):
        return {"results": [c if isinstance(c, BatchItem) else _one(index, c) for index, c in enumerate(loaded)]}
