"""A mutation fuzz of ``rules`` (issue 10): rules built over the rules schema and every catalog record's rules with
mutations, posted to every endpoint that takes rules, are answered 200 or 422, never 500.

The suite runs a short, derandomized version (the same cases on every run, so CI is reproducible): 200 and 150
cases, 600 and 400 under ``SHOWDOWN_DEEP=1`` (both tests are marked ``slow``: ``stress/deep_tests.py`` in ``make
stress`` runs them so); ``make stress`` also runs 10,000 random cases (stress/rules_fuzz.py). Each 500 these found is
pinned by an ``@example``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings

from evaluator import describe_variant, example_request, variant_named
from service import create_app
from tests.samples import samples
from tests.service.conftest import TestConfig
from tests.service.rules_fuzzing import Call, catalog_mutations, catalog_swaps, check, schema_requests

pytestmark = pytest.mark.slow  # property samples reduced in make test, in full under make stress

_CLIENT = create_app(TestConfig).test_client()
#: Settings of the short runs: the same cases on every run, no example database, no time limit per case.
SHORT = settings(derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
_EMPTY_DEAL = {"board": [], "players": [{"id": "a", "hole": ["Ah", "Ad"]}, {"id": "b", "hole": ["Kh", "Kd"]}],
               "pot": 100}


@pytest.mark.slow
@settings(SHORT, max_examples=samples(200, 600))
@given(catalog_mutations())
@example(("/v1/showdowns", {**_EMPTY_DEAL, "rules": {"board": "x", "hands": [{"ranking": "HIGH"}]}}))
@example(("/v1/showdowns", {**_EMPTY_DEAL, "rules": {"board": {"kind": "layout", "positions": [{"name": "A"}],
                                                               "groups": [{"name": "g", "positions": [["A"]]}]},
                                                     "hands": [{"ranking": "HIGH"}]}}))
@example(("/v1/showdowns", {  # a board position the layout lacks: the work budget's costing was a KeyError
    **{k: v for k, v in example_request(variant_named("cucamonga")).items() if k != "variant"},
    "rules": {**describe_variant(variant_named("cucamonga")), "board": {
        **describe_variant(variant_named("cucamonga"))["board"],
        "positions": [p for p in describe_variant(variant_named("cucamonga"))["board"]["positions"]
                      if p["name"] != "T2"]}}}))
def test_mutated_catalog_rules_are_answered_200_or_422(call: Call) -> None:
    check(_CLIENT, call)


@pytest.mark.parametrize("path", ["/v1/showdowns", "/v1/showdowns/render", "/v1/hands/evaluate"])
def test_a_board_position_the_layout_lacks_is_a_422_on_every_endpoint(path: str) -> None:
    """Found by the long rules fuzz: the work budget costed the board before the deal was checked, and a position
    outside the layout had no segment (a KeyError, a 500)."""
    body = example_request(variant_named("cucamonga"))
    body["board"]["ZZ"] = body["board"].pop("T2")
    if path == "/v1/hands/evaluate":
        body = {"variant": "cucamonga", "hole": body["players"][0]["hole"], "board": body["board"]}
    response = _CLIENT.post(path, json=body)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert "/board/ZZ" in {e["pointer"] for e in response.get_json()["errors"]}


@pytest.mark.slow
@settings(SHORT, max_examples=samples(150, 400))
@given(schema_requests())
@example(("/v1/showdowns", {**_EMPTY_DEAL, "rules": {  # a category BADUGI does not have: was a KeyError
    "cards": {"hole": {"min": 2, "max": 2}},
    "hands": [{"name": "h0", "ranking": "BADUGI", "qualifier": {"kind": "high", "min_category": "high-card"}}]}}))
@example(("/v1/showdowns", {  # a group naming a position four times: its card used four times, an IndexError
    "board": {"N": "Kc"}, "players": [{"id": "a", "up": ["2d"]}, {"id": "b", "up": ["2h"]}], "pot": 0,
    "rules": {"cards": {"hole": {"min": 0, "max": 0}, "up": {"min": 1, "max": 1}},
              "board": {"kind": "layout", "positions": [{"name": "N"}]},
              "hands": [{"name": "h0", "ranking": "RUNS", "formation": {"groups": [{"name": "g0", "positions": [
                  "N", "N", "N", "N"]}]}}]}}))
def test_rules_over_the_rules_schema_are_answered_200_or_422(call: Call) -> None:
    check(_CLIENT, call)


@settings(SHORT, max_examples=samples(75, 300))
@given(catalog_swaps())
def test_records_with_fields_of_other_records_are_answered_200_or_422(call: Call) -> None:
    """Found by swapping fields between records (issue 11): wild cards with a ranking that cannot score them, a
    ranking of more cards than a player holds, wild sets with picks, option names twice were each a 500."""
    check(_CLIENT, call)
