"""The examples of the OpenAPI document: a real request (the catalog's own Texas Hold'em example) and the
answer the service gives to it."""

from __future__ import annotations

from functools import cache
from typing import Any

from marshmallow import ValidationError

from evaluator import (
    MAX_WORK_PER_REQUEST,
    Variant,
    adjudicate,
    evaluate_hand,
    example_request,
    parse_cards,
    showdown_cost,
    variant_named,
)
from service.schemas.requests import ShowdownCall, ShowdownRequestSchema
from service.schemas.responses import HandEvaluationSchema, ShowdownResponseSchema

__all__ = ["evaluate_example", "showdown_example", "work_document"]


@cache
def showdown_example() -> tuple[dict[str, Any], dict[str, Any]]:
    """``POST /v1/showdowns``: the request and its answer."""
    request = example_request(variant_named("texas-holdem"))
    call: ShowdownCall = ShowdownRequestSchema().load(request)
    answer: dict[str, Any] = ShowdownResponseSchema().dump(adjudicate(call.variant, call.deal, call.options))
    return request, answer


@cache
def evaluate_example() -> tuple[dict[str, Any], dict[str, Any]]:
    """``POST /v1/hands/evaluate``: an Omaha hand and its answer."""
    request: dict[str, Any] = {"variant": "omaha", "hole": ["As", "Kd", "Qh", "Jc"],
                               "board": ["Ah", "Td", "7s", "2c", "Kc"]}
    answer: dict[str, Any] = HandEvaluationSchema().dump(evaluate_hand(
        variant_named("omaha"), hole=parse_cards(request["hole"]), board=parse_cards(request["board"])))
    return request, answer


@cache
def work_document(variant: Variant) -> dict[str, Any]:
    """The work budget as a variant's document states it: the budget per request, and what the variant's own
    example costs (None for a variant whose example is not a showdown the service adjudicates). Catalog records
    only: the catalog is finite, so the cache is too."""
    request = example_request(variant)
    cost: int | None = None
    if request is not None and not variant.not_showdown:
        try:
            call: ShowdownCall = ShowdownRequestSchema().load(request)
            cost = showdown_cost(call.variant, call.deal, call.options)
        except ValidationError:
            cost = None
    return {"budget": MAX_WORK_PER_REQUEST, "example_cost": cost}
