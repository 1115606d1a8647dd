"""The work budget over HTTP (issue 10): the whole request (every player, hand, batch item and listed row) is
costed before anything is enumerated; over the budget is a 422 naming the budget and the cost; a request past its
deadline is a 503 problem with Retry-After; refused requests leave nothing in the caches."""

from __future__ import annotations

from math import comb
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from marshmallow import ValidationError

from evaluator import ShowdownError, adjudicate, all_variants, example_request
from evaluator.engine.cost import showdown_cost
from evaluator.formation import _GROUPED, _PATTERNS
from evaluator.values.budget import GUARD_FACTOR, MAX_WORK_PER_REQUEST, work_budget
from evaluator.values.cards import RANKS, SUITS
from evaluator.variant import Variant
from service import create_app
from service.schemas import ShowdownRequestSchema
from tests.service.conftest import TestConfig, holdem, problem

DECK = [r + s for r in RANKS for s in SUITS]


def _rules(hands: int) -> dict[str, Any]:
    """A home game whose hands are any five of up to 31 hole cards, ``hands`` times over."""
    return {"deck": {"id": "52"}, "cards": {"hole": {"min": 0, "max": 31}},
            "board": {"kind": "flat", "count": {"min": 0, "max": 0}},
            "hands": [{"name": f"h{i}", "ranking": "HIGH"} for i in range(hands)]}


def test_four_hands_over_31_hole_cards_are_refused_before_any_enumeration(client: FlaskClient) -> None:
    cached = (_PATTERNS.currsize, _GROUPED.currsize)
    body = problem(client.post("/v1/hands/evaluate", json={"rules": _rules(4), "hole": DECK[:31],
                                                            "list_combinations": True}), 422)
    assert body["type"].endswith("/over-limit")
    assert body["errors"][0]["code"] == "over-limit"
    assert f"{MAX_WORK_PER_REQUEST:,}" in body["detail"] and "1,399,288" in body["detail"]
    assert (_PATTERNS.currsize, _GROUPED.currsize) == cached


def test_a_batch_is_costed_as_a_whole_before_any_item_is_adjudicated(client: FlaskClient) -> None:
    # Each item alone is within the budget (3 hands x C(22,5) combinations); three together are not.
    item = {"rules": _rules(3), "players": [{"id": "a", "hole": DECK[:22]}, {"id": "b", "hole": DECK[22:27]}],
            "pot": 10}
    cost = 3 * (comb(22, 5) + 1)
    assert cost <= MAX_WORK_PER_REQUEST < 3 * cost
    alone = client.post("/v1/showdowns", json=item)
    assert alone.status_code == 200, alone.get_data(as_text=True)
    cached = (_PATTERNS.currsize, _GROUPED.currsize)
    body = problem(client.post("/v1/showdowns/batch", json={"showdowns": [item, {**item, "pot": 20}, item]}), 422)
    assert body["errors"][0]["code"] == "over-limit" and f"{3 * cost:,}" in body["detail"]
    assert (_PATTERNS.currsize, _GROUPED.currsize) == cached


def test_a_request_past_its_deadline_is_a_503_problem_with_retry_after(app: Flask, client: FlaskClient) -> None:
    app.config["SHOWDOWN_DEADLINE_SECONDS"] = 0.0
    response = client.post("/v1/showdowns", json=holdem())
    body = problem(response, 503)
    assert body["type"].endswith("/deadline-exceeded")
    assert response.headers["Retry-After"] == "1"


def test_a_batch_past_its_deadline_is_abandoned_as_a_whole(app: Flask, client: FlaskClient) -> None:
    app.config["SHOWDOWN_DEADLINE_SECONDS"] = 0.0
    problem(client.post("/v1/showdowns/batch", json={"showdowns": [holdem(), holdem()]}), 503)


def test_list_combinations_is_paginated_with_the_total(client: FlaskClient) -> None:
    request = {"variant": "omaha", "hole": ["Ah", "Ad", "Kc", "Kd"], "board": ["Ac", "5d", "7h", "8c", "3s"],
               "list_combinations": True}
    first = client.post("/v1/hands/evaluate", json=request).get_json()
    assert first["combinations_total"] == {"high": 60} and len(first["combinations"]["high"]) == 60
    page = client.post("/v1/hands/evaluate", json={**request, "offset": 58, "limit": 5}).get_json()
    assert page["combinations"]["high"] == first["combinations"]["high"][58:]
    default = client.post("/v1/hands/evaluate", json={"rules": _rules(1), "hole": DECK[:10],
                                                      "list_combinations": True}).get_json()
    assert default["combinations_total"] == {"h0": 252} and len(default["combinations"]["h0"]) == 100


@pytest.mark.parametrize(("field", "value"), [("limit", 0), ("limit", 1001), ("offset", -1), ("limit", "5")])
def test_a_page_outside_its_bounds_is_a_422(client: FlaskClient, field: str, value: object) -> None:
    request = {"variant": "omaha", "hole": ["Ah", "Ad", "Kc", "Kd"], "board": ["Ac", "5d", "7h", "8c", "3s"],
               "list_combinations": True, field: value}
    assert problem(client.post("/v1/hands/evaluate", json=request), 422)["errors"][0]["pointer"] == f"/{field}"


def _runnable(variant: Variant) -> bool:
    return example_request(variant) is not None and not variant.not_showdown


@pytest.fixture(scope="module")
def catalog_app() -> Flask:
    """One app for the catalog check below, which only reads its configuration."""
    return create_app(TestConfig)


@pytest.mark.parametrize("variant", [v for v in all_variants() if _runnable(v)], ids=lambda v: v.id)
def test_every_catalog_example_is_within_the_budget_and_the_guard_of_its_estimate(catalog_app: Flask,
                                                                                 variant: Variant) -> None:
    """Every catalog game's example is accepted, and its search never spends past the running guard (a few games
    search again per board group or per pot, which the guard's multiple allows)."""
    with catalog_app.app_context():
        try:
            call = ShowdownRequestSchema().load(example_request(variant))
        except ValidationError as exc:
            pytest.fail(f"the example does not load: {exc.messages}")
        cost = showdown_cost(call.variant, call.deal, call.options)
        assert 0 < cost <= MAX_WORK_PER_REQUEST
        with work_budget() as budget:
            try:
                adjudicate(call.variant, call.deal, call.options)
            except ShowdownError as exc:
                assert exc.code != "over-limit"
        assert budget.spent <= GUARD_FACTOR * cost
