"""Client-defined variants: a ``rules`` object in the shape of ``GET /v1/variants/{id}``'s ``rules`` adjudicates as
the record it describes, and bad rules are a 422 listing every problem under ``/rules`` (the shape read before,
``cards``/``pot_division``..., still works). Every catalog record as rules: tests/service/test_rules_catalog.py."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

import pytest
from flask.testing import FlaskClient

from evaluator import all_variants, describe_variant
from evaluator.mechanisms import Declare, High, HighLow
from evaluator.rankings import HIGH, Ranking
from evaluator.rankings.base import Described, Key
from evaluator.variant import Variant
from service.schemas.rules import LIMITS
from service.schemas.rules_kinds import rankings
from tests.service.conftest import one_app_per_module

app = one_app_per_module()


def _holdem_rules() -> dict[str, Any]:
    return {"deck": "52", "hole": {"min": 2, "max": 2}, "board": {"count": {"min": 5, "max": 5}},
            "hands": [{"name": "high", "ranking": "HIGH", "formation": {}}]}


def _layout_rules(positions: list[Any], groups: list[Any] | None = None, **hand: Any) -> dict[str, Any]:
    return {**_holdem_rules(), "board": {"layout": {"positions": positions, "groups": groups or []}},
            "hands": [{"name": "high", "ranking": "HIGH", "formation": {}, **hand}]}


def _at(name: str, x: int = 0) -> dict[str, Any]:
    return {"name": name, "x": x, "y": 0}


BODY = {"board": ["2c", "7d", "9h", "Js", "3s"], "players": [{"id": "a", "hole": ["Ah", "Ad"]},
                                                            {"id": "b", "hole": ["Kc", "Kd"]}], "pot": 100}


def _problems(client: FlaskClient, rules: Any) -> dict[str, str]:
    response = client.post("/v1/showdowns", json={**BODY, "rules": rules})
    assert response.status_code == 422, response.get_data(as_text=True)
    return {e["pointer"]: e["detail"] for e in response.get_json()["errors"]}


def test_minimal_rules_are_enough_for_a_home_game(client: FlaskClient) -> None:
    answer = client.post("/v1/showdowns", json={**BODY, "rules": _holdem_rules()}).get_json()
    assert answer["payouts"] == {"a": 100, "b": 0}
    assert answer["variant"] == "custom"


def test_a_catalog_game_with_one_line_changed_plays_the_house_rule(client: FlaskClient) -> None:
    """The README's example: Hold'em's rules with deuces wild."""
    rules = client.get("/v1/variants/texas-holdem").get_json()["rules"]
    body = {**BODY, "players": [{"id": "a", "hole": ["Ah", "Ad"]}, {"id": "b", "hole": ["2h", "Kd"]}]}
    plain = client.post("/v1/showdowns", json={**body, "rules": rules}).get_json()
    wild = client.post("/v1/showdowns", json={**body, "rules": {**rules, "wilds": [
        {"kind": "fixed-ranks", "ranks": [0]}]}}).get_json()
    assert plain["payouts"] == {"a": 100, "b": 0}
    assert wild["payouts"] == {"a": 0, "b": 100}  # the deuce makes jacks full... of a wild kind
    assert wild["players"][1]["hands"]["high"]["wilds"]


def test_every_problem_in_rules_is_listed_with_its_pointer(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "deck": "53", "seats": {"min": 2, "max": 200},
             "hands": [{"name": "high", "ranking": "HIGH", "formation": {}, "qualifier": {"kind": "low"}}],
             "division": {"kind": "spots"}, "wilds": [{"kind": "mystery"}]}
    pointers = set(_problems(client, rules))
    assert {"/rules/deck", "/rules/seats/max", "/rules/hands/0/qualifier/max_value", "/rules/division/kind",
            "/rules/wilds/0/kind"} <= pointers


def test_an_unknown_field_is_a_problem_at_its_pointer(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "HIGH", "formation": {}, "colour": "red"}]}
    assert "/rules/hands/0/colour" in _problems(client, rules)


def test_rules_cannot_deal_jokers_they_cannot_make_wild(client: FlaskClient) -> None:
    body = {**BODY, "players": [{"id": "a", "hole": ["X1", "Ad"]}, {"id": "b", "hole": ["Kc", "Kd"]}]}
    response = client.post("/v1/showdowns", json={**body, "rules": {**_holdem_rules(), "deck": "52+1"}})
    assert response.status_code == 422
    assert "/rules/deck" in {e["pointer"] for e in response.get_json()["errors"]}


def test_rules_with_jokers_made_wild_play_them(client: FlaskClient) -> None:
    body = {**BODY, "players": [{"id": "a", "hole": ["X1", "2d"]}, {"id": "b", "hole": ["Kc", "Kd"]}]}
    rules = {**_holdem_rules(), "deck": "52+1", "wilds": [{"kind": "jokers", "description": "The joker is wild"}]}
    answer = client.post("/v1/showdowns", json={**body, "rules": rules}).get_json()
    assert answer["payouts"] == {"a": 100, "b": 0}


def test_a_formation_names_only_card_sources_the_rules_deal(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "HIGH", "formation": {
        "picks": [{"limits": {"hole+breaker": {"min": 2, "max": 2}}}]}}]}
    assert "/rules/hands/0/formation/picks/0/limits/hole+breaker" in _problems(client, rules)


def test_a_layout_group_must_name_real_positions(client: FlaskClient) -> None:
    rules = _layout_rules([_at("N"), _at("C", 1)], [{"name": "line", "positions": ["N", "S"]}])
    assert "/rules/board/layout/groups/0/positions/1" in _problems(client, rules)


def test_rules_over_the_documented_size_limits_are_refused(client: FlaskClient) -> None:
    rules = _layout_rules([_at(f"p{i}", i) for i in range(LIMITS["Layout.positions"] + 1)])
    response = client.post("/v1/showdowns", json={**BODY, "rules": rules})
    assert response.status_code == 422
    assert [e["code"] for e in response.get_json()["errors"]] == ["over-limit"]


def test_variant_and_rules_together_is_refused(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns", json={**BODY, "variant": "texas-holdem", "rules": _holdem_rules()})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/rules"


def test_an_option_value_that_breaks_the_record_is_a_problem_at_the_value(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "options": [{"name": "low", "description": "a low half", "default": "no", "values": {
        "no": {}, "yes": {"division": {"kind": "high-low"}}}}]}
    assert _problems(client, rules) == {
        "/rules/options/0/values/yes/division/split_hands/1": "no hand 'low': one of high"}


# --- The shape read before issue 11 ------------------------------------------------------------------------------


def _old_holdem_rules() -> dict[str, Any]:
    return {"deck": {"id": "52"}, "cards": {"hole": {"min": 2, "max": 2}}, "board": {"kind": "flat",
            "count": {"min": 5, "max": 5}}, "hands": [{"name": "high", "ranking": "HIGH"}]}


def test_the_shape_read_before_still_plays_a_home_game(client: FlaskClient) -> None:
    answer = client.post("/v1/showdowns", json={**BODY, "rules": _old_holdem_rules()}).get_json()
    assert answer["payouts"] == {"a": 100, "b": 0}


def _described_only(v: Variant) -> bool:
    """Records whose old document says everything the old shape could send."""
    document = describe_variant(v)
    return not (document["wild_cards"] or document["events"] or document["options"] or v.not_showdown
                or v.table is not None or v.hole_sets or v.live_groups or v.mechanisms or v.player_facts
                or v.division not in (High(), HighLow(), Declare())
                or any(h.all_from or not h.uses_wilds for h in v.hands))


@pytest.mark.parametrize("variant", [v for v in all_variants() if _described_only(v)], ids=lambda v: v.id)
def test_an_old_shape_document_still_adjudicates_like_its_id(client: FlaskClient, variant: Variant) -> None:
    document = describe_variant(variant)
    example = document.pop("example")
    by_rules = client.post("/v1/showdowns", json={**{k: v for k, v in example.items() if k != "variant"},
                                                   "rules": document})
    by_id = client.post("/v1/showdowns", json=example)
    assert by_rules.status_code == by_id.status_code == 200, by_rules.get_data(as_text=True)
    assert by_rules.get_json() == by_id.get_json()


def test_an_old_shape_document_with_wild_cards_in_words_points_to_the_rules(client: FlaskClient) -> None:
    document = describe_variant(all_variants()[0]) | {"wild_cards": ["Deuces are wild"]}
    assert "/rules/wild_cards" in _problems(client, document)


# --- Regressions: rules that were a 500 (issue 10) -------------------------------------------------------------


def test_a_place_with_problems_of_its_own_and_inside_it_lists_both(client: FlaskClient) -> None:
    found = _problems(client, {**_holdem_rules(), "board": {"layout": "x", "count": {"min": -1}}})
    assert found["/rules/board/layout"] == "expected a JSON object"
    assert "/rules/board/count/min" in found


@pytest.mark.parametrize("member", [["N"], {"name": "N"}, 7, None, "", "N" * 17])
def test_a_group_position_that_is_not_a_name_is_a_problem_at_its_pointer(client: FlaskClient, member: Any) -> None:
    rules = _layout_rules([_at("N"), _at("C", 1)], [{"name": "line", "positions": ["N", member]}])
    assert "/rules/board/layout/groups/0/positions/1" in _problems(client, rules)


@pytest.mark.parametrize("ranking", [["HIGH"], {"HIGH": 1}, 1])
def test_a_ranking_that_is_not_a_name_is_a_problem_and_is_not_quoted(client: FlaskClient, ranking: Any) -> None:
    found = _problems(client, {**_holdem_rules(), "hands": [{"name": "high", "ranking": ranking, "formation": {}}]})
    assert found["/rules/hands/0/ranking"].startswith("expected a ranking's name")


@pytest.mark.parametrize(("value", "pointer"), [
    (json.dumps(list(range(20_000))), "/rules/deck"),  # huge: its type is checked, it is not walked
    ("[" * 900 + '"HIGH"' + "]" * 900, "/rules"),  # deep: over the nesting limit (deeper JSON is refused parsed)
])
def test_a_huge_or_deep_value_costs_one_short_problem(client: FlaskClient, value: str, pointer: str) -> None:
    rules = json.dumps(_holdem_rules())[:-1] + f', "deck": {value}}}'
    body = json.dumps(BODY)[:-1] + f', "rules": {rules}}}'
    response = client.post("/v1/showdowns", data=body, content_type="application/json")
    assert response.status_code == 422, response.get_data(as_text=True)
    assert len(response.data) < 2000  # the value is not quoted back
    assert [e["pointer"] for e in response.get_json()["errors"]] == [pointer]


def test_a_long_card_source_is_pointed_at_by_its_pick_not_quoted(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "HIGH",
                                           "formation": {"picks": [{"limits": {"hole" * 5000: {"min": 1}}}]}}]}
    found = _problems(client, rules)
    assert list(found) == ["/rules/hands/0/formation/picks/0/limits"]
    assert len(found["/rules/hands/0/formation/picks/0/limits"]) < 100


def test_a_card_source_with_a_slash_is_one_pointer_token(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "HIGH",
                                           "formation": {"picks": [{"limits": {"ho/le~": {"min": 1}}}]}}]}
    assert "/rules/hands/0/formation/picks/0/limits/ho~1le~0" in _problems(client, rules)


def test_optional_must_be_a_boolean(client: FlaskClient) -> None:
    rules = _layout_rules([{**_at("N"), "optional": "no"}])
    assert "/rules/board/layout/positions/0/optional" in _problems(client, rules)


@pytest.mark.parametrize(("ranking", "category"), [("BADUGI", "high-card"), ("LOW-A5", "flush"), ("GUTS3", "two-pair")])
def test_a_high_qualifier_names_a_category_of_its_ranking(client: FlaskClient, ranking: str, category: str) -> None:
    """Found by the rules fuzz: the category was looked up among the ranking's own and was a KeyError (a 500)."""
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": ranking, "formation": {},
                                           "qualifier": {"kind": "high", "min_category": category}}]}
    assert "/rules/hands/0/qualifier/min_category" in _problems(client, rules)


def test_a_ranking_too_large_to_read_its_categories_cannot_have_a_high_qualifier(client: FlaskClient) -> None:
    """Reading TELESINA-7PLUS-SUITS's categories means describing 12.5 million keys (24 s of CPU)."""
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "TELESINA-7PLUS-SUITS", "formation": {},
                                           "qualifier": {"kind": "high", "min_category": "pair"}}]}
    assert "/rules/hands/0/qualifier" in _problems(client, rules)


def test_a_high_qualifier_of_a_category_the_ranking_has_is_applied(client: FlaskClient) -> None:
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "HIGH", "formation": {},
                                           "qualifier": {"kind": "high", "min_category": "three-of-a-kind"}}]}
    answer = client.post("/v1/showdowns", json={**BODY, "rules": rules}).get_json()
    assert answer["players"][0]["hands"]["high"]["qualifies"] is False  # a pair of aces is not trips


def test_a_group_names_each_position_once(client: FlaskClient) -> None:
    """Found by the rules fuzz: a group listing a position four times used its card four times in one hand (an
    index error in the RUNS ranking, a 500)."""
    group = {"name": "g", "positions": ["N", "N"]}
    rules = _layout_rules([_at("N")], [group], ranking="RUNS", formation={"groups": [group]})
    found = _problems(client, rules)
    assert {"/rules/board/layout/groups/0/positions/1", "/rules/hands/0/formation/groups/0/positions/1"} <= set(found)


# --- The last resort: rules that pass every check and still break the engine ---------------------------------------


class _Broken(Ranking):
    """A ranking that fails as an engine bug would (registered for one test only)."""

    name, size, title = "BROKEN", 5, "fails"

    @property
    def keys(self) -> Sequence[Key]:
        return HIGH.keys

    def evaluate_many(self, hands: Any) -> Any:
        raise KeyError("engine")

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        return HIGH.describe(score, cards)


def test_rules_that_still_break_the_engine_are_a_logged_422_at_rules(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setitem(cast(dict[str, Ranking], rankings()), "BROKEN", _Broken())
    rules = {**_holdem_rules(), "hands": [{"name": "high", "ranking": "BROKEN", "formation": {}}]}
    response = client.post("/v1/showdowns", json={**BODY, "rules": rules})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert [(e["pointer"], e["code"]) for e in response.get_json()["errors"]] == [("/rules", "unplayable-rules")]
    assert "client rules the engine cannot play" in caplog.text


@pytest.mark.parametrize("depth", [30, 200])
def test_options_nested_in_option_values_past_the_depth_limit_are_one_problem(client: FlaskClient, depth: int) -> None:
    """An option's values may hold options: read recursively, a deep document exhausted the stack (a 500)."""
    inner: dict[str, Any] = {}
    for _ in range(depth):
        inner = {"options": [{"name": "o", "description": "d", "default": "a", "values": {"a": inner}}]}
    response = client.post("/v1/showdowns", json={**BODY, "rules": {**_holdem_rules(), **inner}})
    assert response.status_code == 422, response.get_data(as_text=True)[:300]
    assert [(e["pointer"], e["code"]) for e in response.get_json()["errors"]] == [("/rules", "over-limit")]
