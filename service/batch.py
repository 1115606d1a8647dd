"""``POST /v1/showdowns/batch``: each item validated and adjudicated on its own; a bad item gets its own
problem (the one ``POST /v1/showdowns`` would answer) and the others go on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from marshmallow import ValidationError

from evaluator import ShowdownError, ShowdownResult, adjudicate
from service.errors import Problem, showdown_problem, validation_problem
from service.schemas.requests import ShowdownCall, ShowdownRequestSchema

__all__ = ["BatchItem", "adjudicate_each"]


@dataclass(frozen=True, slots=True)
class BatchItem:
    index: int
    status: int
    result: ShowdownResult | None = None
    problem: dict[str, Any] | None = None


def _one(index: int, item: Any, schema: ShowdownRequestSchema) -> BatchItem:
    problem: Problem
    try:
        call: ShowdownCall = schema.load(item)
        return BatchItem(index=index, status=200, result=adjudicate(call.variant, call.deal, call.options))
    except ValidationError as exc:
        problem = validation_problem(exc.messages, schema)
    except ShowdownError as exc:
        problem = showdown_problem(exc)
    return BatchItem(index=index, status=problem.code, problem=problem.body())


def adjudicate_each(items: Sequence[Any]) -> dict[str, list[BatchItem]]:
    """Every item's answer, in order."""
    schema = ShowdownRequestSchema()
    return {"results": [_one(index, item, schema) for index, item in enumerate(items)]}
