"""A mutation fuzz of ``rules`` (issue 10): rules built over the rules schema and every catalog record's rules with
mutations, posted to every endpoint that takes rules, are answered 200 or 422, never 500.

The suite runs a short, derandomized version (the same cases on every run, so CI is reproducible); ``make stress``
runs 10,000 random cases (stress/rules_fuzz.py). Each 500 these found is pinned by an ``@example``.
"""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings

from service import create_app
from tests.service.conftest import TestConfig
from tests.service.rules_fuzzing import Call, catalog_mutations, check, schema_requests

_CLIENT = create_app(TestConfig).test_client()
#: Settings of the short runs: the same cases on every run, no example database, no time limit per case.
SHORT = settings(derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
_EMPTY_DEAL = {"board": [], "players": [{"id": "a", "hole": ["Ah", "Ad"]}, {"id": "b", "hole": ["Kh", "Kd"]}],
               "pot": 100}


@settings(SHORT, max_examples=600)
@given(catalog_mutations())
@example(("/v1/showdowns", {**_EMPTY_DEAL, "rules": {"board": "x", "hands": [{"ranking": "HIGH"}]}}))
@example(("/v1/showdowns", {**_EMPTY_DEAL, "rules": {"board": {"kind": "layout", "positions": [{"name": "A"}],
                                                               "groups": [{"name": "g", "positions": [["A"]]}]},
                                                     "hands": [{"ranking": "HIGH"}]}}))
def test_mutated_catalog_rules_are_answered_200_or_422(call: Call) -> None:
    check(_CLIENT, call)


@settings(SHORT, max_examples=400)
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
