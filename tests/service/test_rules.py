"""Client-defined variants: a ``rules`` object in the shape of ``GET /v1/variants/{id}`` adjudicates like the record
it describes, and bad rules are a 422 listing every problem under ``/rules``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from evaluator import all_variants, describe_variant
from evaluator.mechanisms import Declare, High, HighLow
from evaluator.rules_codec import MAX_POSITIONS
from evaluator.variant import Variant
from tests.service.conftest import one_app_per_module

app = one_app_per_module()


def _expressible(v: Variant) -> bool:
    """Records made only of what rules can say (no wild cards, events, options or special mechanisms)."""
    return not (v.wilds or v.events or v.options or v.not_showdown or v.table_cards != "none" or v.hole_sets
                or v.live_groups or v.choice_cards or v.sequence_wilds or v.mechanisms
                or v.division not in (High(), HighLow(), Declare())
                or any(h.all_from or not h.uses_wilds for h in v.hands))


EXPRESSIBLE = [v for v in all_variants() if _expressible(v)]


@pytest.mark.parametrize("variant", EXPRESSIBLE, ids=lambda v: v.id)
def test_a_catalog_record_sent_as_rules_adjudicates_exactly_like_its_id(client: FlaskClient, variant: Variant) -> None:
    document = describe_variant(variant)
    example = document.pop("example")
    by_rules = client.post("/v1/showdowns", json={**{k: v for k, v in example.items() if k != "variant"},
                                                   "rules": document})
    by_id = client.post("/v1/showdowns", json=example)
    assert by_rules.status_code == by_id.status_code == 200, by_rules.get_data(as_text=True)
    assert by_rules.get_json() == by_id.get_json()


def _holdem_rules() -> dict[str, Any]:
    return {"deck": {"id": "52"}, "cards": {"hole": {"min": 2, "max": 2}}, "board": {"kind": "flat",
            "count": {"min": 5, "max": 5}}, "hands": [{"name": "high", "ranking": "HIGH"}]}


BODY = {"board": ["2c", "7d", "9h", "Js", "3s"], "players": [{"id": "a", "hole": ["Ah", "Ad"]},
                                                            {"id": "b", "hole": ["Kc", "Kd"]}], "pot": 100}


def test_minimal_rules_are_enough_for_a_home_game(client: FlaskClient) -> None:
    answer = client.post("/v1/showdowns", json={**BODY, "rules": _holdem_rules()}).get_json()
    assert answer["payouts"] == {"a": 100, "b": 0}
    assert answer["variant"] == "custom"


def test_every_problem_in_rules_is_listed_with_its_pointer(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "deck": {"id": "53"}, "seats": {"min": 2, "max": 200},
             "hands": [{"name": "high", "ranking": "HIGH", "qualifier": {"kind": "low"}}],
             "pot_division": {"kind": "spots"}}
    response = client.post("/v1/showdowns", json={**BODY, "rules": rules})
    assert response.status_code == 422
    pointers = {e["pointer"] for e in response.get_json()["errors"]}
    assert {"/rules/deck/id", "/rules/seats/max", "/rules/hands/0/qualifier/max_value",
            "/rules/pot_division/kind"} <= pointers


def test_rules_cannot_deal_jokers_they_cannot_make_wild(client: FlaskClient) -> None:
    body = {**BODY, "players": [{"id": "a", "hole": ["X1", "Ad"]}, {"id": "b", "hole": ["Kc", "Kd"]}]}
    response = client.post("/v1/showdowns", json={**body, "rules": {**_holdem_rules(), "deck": {"id": "52+1"}}})
    assert response.status_code == 422
    assert "/rules/deck/id" in {e["pointer"] for e in response.get_json()["errors"]}


def test_a_formation_names_only_card_sources_rules_can_define(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "HIGH",
                                           "formation": {"picks": [{"hole+breaker": {"min": 2, "max": 2}}]}}]}
    response = client.post("/v1/showdowns", json={**BODY, "rules": rules})
    assert response.status_code == 422
    assert "/rules/hands/0/formation/picks/0/hole+breaker" in {e["pointer"] for e in response.get_json()["errors"]}


def test_a_layout_group_must_name_real_positions(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "board": {"kind": "layout", "positions": [{"name": "N"}, {"name": "C"}],
                                          "groups": [{"name": "line", "positions": ["N", "S"]}]}}
    response = client.post("/v1/showdowns", json={**BODY, "rules": rules})
    assert response.status_code == 422
    assert "/rules/board/groups/0/positions/1" in {e["pointer"] for e in response.get_json()["errors"]}


def test_rules_over_the_documented_size_limits_are_refused(client: FlaskClient) -> None:
    positions = [{"name": f"p{i}"} for i in range(MAX_POSITIONS + 1)]
    rules = {**_holdem_rules(), "board": {"kind": "layout", "positions": positions}}
    response = client.post("/v1/showdowns", json={**BODY, "rules": rules})
    assert response.status_code == 422
    assert any(e["code"] == "over-limit" for e in response.get_json()["errors"])


def test_variant_and_rules_together_is_refused(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns", json={**BODY, "variant": "texas-holdem", "rules": _holdem_rules()})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/rules"


# --- Regressions: rules that were a 500 (issue 10) -------------------------------------------------------------


def _problems(client: FlaskClient, rules: Any) -> dict[str, str]:
    response = client.post("/v1/showdowns", json={**BODY, "rules": rules})
    assert response.status_code == 422, response.get_data(as_text=True)
    return {e["pointer"]: e["detail"] for e in response.get_json()["errors"]}


def test_a_place_with_problems_of_its_own_and_inside_it_lists_both(client: FlaskClient) -> None:
    """``/rules/board`` is not an object and ``/rules/board/kind`` is missing: two problems under one prefix."""
    found = _problems(client, {"board": "x", "hands": [{"ranking": "HIGH"}]})
    assert found["/rules/board"] == "expected an object"
    assert "/rules/board/kind" in found


@pytest.mark.parametrize("member", [["N"], {"name": "N"}, 7, None, "", "N" * 17])
def test_a_group_position_that_is_not_a_name_is_a_problem_at_its_pointer(client: FlaskClient, member: Any) -> None:
    rules = {**_holdem_rules(), "board": {"kind": "layout", "positions": [{"name": "N"}, {"name": "C"}],
                                          "groups": [{"name": "line", "positions": ["N", member]}]}}
    assert "/rules/board/groups/0/positions/1" in _problems(client, rules)


@pytest.mark.parametrize("ranking", [["HIGH"], {"HIGH": 1}, 1, None])
def test_a_ranking_that_is_not_a_name_is_a_problem_and_is_not_quoted(client: FlaskClient, ranking: Any) -> None:
    found = _problems(client, {**_holdem_rules(), "hands": [{"name": "high", "ranking": ranking}]})
    assert found["/rules/hands/0/ranking"].startswith("expected a ranking's name")


def test_a_huge_or_deep_value_costs_one_short_problem(client: FlaskClient) -> None:
    """The reader checks a value's type and never walks or quotes it (deeper JSON is refused when parsed)."""
    deep = "[" * 900 + '"HIGH"' + "]" * 900
    huge = json.dumps(list(range(20_000)))
    rules = json.dumps(_holdem_rules())[:-1] + f', "deck": {{"id": {huge}}}, "hands": [{{"ranking": {deep}}}]}}'
    body = json.dumps(BODY)[:-1] + f', "rules": {rules}}}'
    response = client.post("/v1/showdowns", data=body, content_type="application/json")
    assert response.status_code == 422, response.get_data(as_text=True)
    assert len(response.data) < 2000  # neither value is quoted back
    assert {"/rules/deck/id", "/rules/hands/0/ranking"} <= {e["pointer"] for e in response.get_json()["errors"]}


def test_a_long_card_source_is_pointed_at_by_its_pick_not_quoted(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "HIGH",
                                           "formation": {"picks": [{"hole" * 5000: {"min": 1}}]}}]}
    found = _problems(client, rules)
    assert list(found) == ["/rules/hands/0/formation/picks/0"]
    assert len(found["/rules/hands/0/formation/picks/0"]) < 100


def test_a_card_source_with_a_slash_is_one_pointer_token(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "HIGH",
                                           "formation": {"picks": [{"ho/le~": {"min": 1}}]}}]}
    assert "/rules/hands/0/formation/picks/0/ho~1le~0" in _problems(client, rules)


def test_optional_must_be_a_boolean(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "board": {"kind": "layout", "positions": [{"name": "N", "optional": "no"}]}}
    assert "/rules/board/positions/0/optional" in _problems(client, rules)


@pytest.mark.parametrize(("ranking", "category"), [("BADUGI", "high-card"), ("LOW-A5", "flush"), ("GUTS3", "two-pair")])
def test_a_high_qualifier_names_a_category_of_its_ranking(client: FlaskClient, ranking: str, category: str) -> None:
    """Found by the rules fuzz: the category was looked up among the ranking's own and was a KeyError (a 500)."""
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": ranking,
                                           "qualifier": {"kind": "high", "min_category": category}}]}
    assert "/rules/hands/0/qualifier/min_category" in _problems(client, rules)


def test_a_ranking_too_large_to_read_its_categories_cannot_have_a_high_qualifier(client: FlaskClient) -> None:
    """Reading TELESINA-7PLUS-SUITS's categories means describing 12.5 million keys (24 s of CPU)."""
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "TELESINA-7PLUS-SUITS",
                                           "qualifier": {"kind": "high", "min_category": "pair"}}]}
    assert "/rules/hands/0/qualifier/kind" in _problems(client, rules)


def test_a_high_qualifier_of_a_category_the_ranking_has_is_applied(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "HIGH",
                                           "qualifier": {"kind": "high", "min_category": "three-of-a-kind"}}]}
    answer = client.post("/v1/showdowns", json={**BODY, "rules": rules}).get_json()
    assert answer["players"][0]["hands"]["high"]["qualifies"] is False  # a pair of aces is not trips


def test_a_group_names_each_position_once(client: FlaskClient) -> None:
    """Found by the rules fuzz: a group listing a position four times used its card four times in one hand (an
    index error in the RUNS ranking, a 500)."""
    group = {"name": "g", "positions": ["N", "N"]}
    rules = {**_holdem_rules(), "board": {"kind": "layout", "positions": [{"name": "N"}], "groups": [group]},
             "hands": [{"name": "high", "ranking": "RUNS", "formation": {"groups": [group]}}]}
    found = _problems(client, rules)
    assert {"/rules/board/groups/0/positions/1", "/rules/hands/0/formation/groups/0/positions/1"} <= set(found)
