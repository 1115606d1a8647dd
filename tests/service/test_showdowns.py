"""``POST /v1/showdowns``: the answer's shape (contract, "POST /v1/showdowns response") and every 422 rule."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

import service.budget
from evaluator import MAX_PLAYERS
from tests.service.conftest import codes, holdem, one_app_per_module, pointers, problem

app = one_app_per_module()


def post(client: FlaskClient, body: Any) -> Any:
    return client.post("/v1/showdowns", json=body)


# --- Answers ------------------------------------------------------------------------------------------------


def test_showdown_answers_the_contract_shape(client: FlaskClient) -> None:
    response = post(client, holdem())
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    answer = response.get_json()
    assert list(answer) == ["variant", "options", "players", "pots", "payouts", "summary", "wild"]
    assert answer["variant"] == "texas-holdem"
    ann = answer["players"][0]
    assert ann["id"] == "ann" and ann["folded"] is False
    high = ann["hands"]["high"]
    assert high["category"] == "full-house"
    assert high["description"]
    assert sorted(high["cards"]) == sorted(["Ah", "Ad", "Ac", "Kd", "Ks"])
    assert high["hole"] == ["Ah", "Ad"]
    assert high["up"] == []
    assert high["board"] == ["Ac", "Kd", "Ks"]  # flat board: the cards used, in deal order
    assert high["board_group"] is None
    assert high["wilds"] == []
    assert high["qualifies"] is True and high["reason"] is None
    assert high["strength"] > answer["players"][1]["hands"]["high"]["strength"]
    award = {"share": "high", "amount": 300, "winners": ["ann"], "payouts": {"ann": 300}, "odd_chips": [],
             "note": None}
    assert answer["pots"] == [{"amount": 300, "eligible": ["ann", "bob", "cy"], "awards": [award],
                               "carried_over": 0, "owes": {}}]
    assert answer["payouts"] == {"ann": 300, "bob": 0, "cy": 0}
    assert answer["summary"].startswith("ann wins 300")


def test_variant_alias_is_answered_with_the_variant_id(client: FlaskClient) -> None:
    assert post(client, holdem(variant="HOLDEM")).get_json()["variant"] == "texas-holdem"


def test_cards_are_read_in_any_case_and_with_10_and_written_canonically(client: FlaskClient) -> None:
    body = holdem(board=["ac", "KD", "ks", "7h", "10c"])
    body["players"][0]["hole"] = ["aH", "ad"]
    answer = post(client, body).get_json()
    assert sorted(answer["players"][0]["hands"]["high"]["cards"]) == ["Ac", "Ad", "Ah", "Kd", "Ks"]
    assert answer["players"][2]["hands"]["high"]["board"] == ["Ac", "Kd", "Ks", "Tc"]


def test_resolved_options_include_the_defaults(client: FlaskClient) -> None:
    body = holdem(variant="fred-potato-poker")
    assert post(client, body).get_json()["options"] == {"split": "high"}
    body["options"] = {"split": "high-low"}
    answer = post(client, body).get_json()
    assert answer["options"] == {"split": "high-low"}
    assert set(answer["players"][0]["hands"]) == {"high", "low"}


def test_a_hand_that_does_not_qualify_is_listed_with_its_reason(client: FlaskClient) -> None:
    body = holdem(variant="omaha-hi-lo-8", board=["Ac", "Kd", "Ks", "Qh", "Jc"])
    body["players"] = [{"id": "ann", "hole": ["Ah", "Ad", "2s", "3s"]},
                       {"id": "bob", "hole": ["Qs", "Qd", "9c", "8c"]}]
    answer = post(client, body).get_json()
    low = answer["players"][0]["hands"]["low"]
    assert low["qualifies"] is False and "does not qualify" in low["reason"]
    assert len(low["cards"]) == 5  # the best low it could make, shown with why it does not count
    assert answer["pots"][0]["awards"][0]["note"] == "no qualifying low: high takes the whole pot"


def test_a_player_without_a_hand_gets_the_entry_with_null_fields(client: FlaskClient) -> None:
    body = holdem()
    body["players"][2]["folded"] = True
    high = post(client, body).get_json()["players"][2]["hands"]["high"]
    assert high == {"category": None, "description": None, "cards": [], "hole": [], "up": [], "board": [],
                    "board_group": None, "wilds": [], "qualifies": False, "reason": "folded", "strength": []}


def test_folded_player_is_listed_with_zero_payout(client: FlaskClient) -> None:
    body = holdem()
    body["players"][0]["folded"] = True
    answer = post(client, body).get_json()
    ann = answer["players"][0]
    assert ann["folded"] is True and ann["hands"]["high"]["reason"] == "folded"
    assert answer["payouts"] == {"ann": 0, "bob": 300, "cy": 0}


def test_contributions_build_side_pots_and_conserve_chips(client: FlaskClient) -> None:
    body = holdem(pot=None, contributions={"ann": 50, "bob": 200, "cy": 200})
    del body["pot"]
    answer = post(client, body).get_json()
    assert [(p["amount"], p["eligible"]) for p in answer["pots"]] == [(150, ["ann", "bob", "cy"]),
                                                                    (300, ["bob", "cy"])]
    assert answer["payouts"] == {"ann": 150, "bob": 300, "cy": 0}
    assert sum(answer["payouts"].values()) == 450


def test_explicit_pots_are_divided_and_odd_chips_explained(client: FlaskClient) -> None:
    body = holdem(board=["Ac", "Kd", "Ks", "Kh", "Kc"])  # the board plays: everyone ties
    body["players"][0]["hole"] = ["2h", "3d"]
    del body["pot"]
    body["pots"] = [{"amount": 301, "eligible": ["ann", "bob", "cy"]},
                    {"amount": 11, "eligible": ["bob", "cy"]}]
    answer = post(client, body).get_json()
    main, side = answer["pots"]
    assert main["awards"][0]["payouts"] == {"ann": 101, "bob": 100, "cy": 100}
    assert main["awards"][0]["odd_chips"] == [{"player": "ann", "chips": 1,
                                               "reason": "to the first winner clockwise from the button"}]
    assert side["awards"][0]["payouts"] == {"bob": 6, "cy": 5}
    assert sum(answer["payouts"].values()) == 312


# --- 422: the schema and the rules --------------------------------------------------------------------------


def test_bad_card_is_422_quoting_the_input_at_its_pointer(client: FlaskClient) -> None:
    body = holdem()
    body["players"][1]["hole"] = ["Qs", "Zz"]
    found = pointers(problem(post(client, body), 422))
    assert found == {"/players/1/hole/1": found["/players/1/hole/1"]}
    assert "'Zz'" in found["/players/1/hole/1"]


def test_every_problem_is_listed_at_once(client: FlaskClient) -> None:
    body = holdem(board=["Ac", "Kd", "Ks", "7h", 7], pot=-1, extra=True)
    body["players"][0] = {"id": "", "hole": ["Ah", "Xx"], "folded": "yes"}
    found = codes(problem(post(client, body), 422))
    assert found == {
        "/board/4": "bad-card",
        "/players/0/id": "length",
        "/players/0/hole/1": "bad-card",
        "/players/0/folded": "type",
        "/pot": "range",
        "/extra": "unknown-field",
    }


def test_every_rule_problem_is_listed_at_once(client: FlaskClient) -> None:
    body = holdem(board=["Ac", "Kd", "Ks", "7h"])
    body["players"][1]["hole"] = ["Ac", "X1"]
    body["players"][2]["hole"] = ["9c"]
    body = problem(post(client, body), 422)
    assert body["type"].endswith("/invalid-showdown")
    assert codes(body) == {"/board": "wrong-card-count", "/players/1/hole/0": "duplicate-card",
                           "/players/1/hole/1": "card-not-in-deck", "/players/2/hole": "wrong-card-count"}


def test_duplicate_card_is_422_with_pointers_to_both_places(client: FlaskClient) -> None:
    body = holdem()
    body["players"][1]["hole"] = ["Ks", "Qd"]
    errors = problem(post(client, body), 422)["errors"]
    assert errors == [{"pointer": "/players/1/hole/0", "code": "duplicate-card",
                       "detail": "duplicate card Ks (also at /board/2)"}]


def test_cards_may_be_written_with_suit_symbols_and_are_answered_in_letters(client: FlaskClient) -> None:
    body = holdem(board=["A\u2663", "K\u2666", "K\u2660\ufe0f", "7\u2661", "10\u2667"])
    body["players"][0]["hole"] = ["A\u2665", "A\u2662"]
    answer = post(client, body).get_json()
    assert sorted(answer["players"][0]["hands"]["high"]["cards"]) == ["Ac", "Ad", "Ah", "Kd", "Ks"]
    assert answer["players"][2]["hands"]["high"]["board"] == ["Ac", "Kd", "Ks", "Tc"]


@pytest.mark.parametrize("typed", ["Texas Hold'em", "texas_holdem", "TEXAS HOLDEM", "Texas Hold\u2019em"])
def test_a_variant_is_found_whatever_the_case_spaces_underscores_and_apostrophes(client: FlaskClient,
                                                                                  typed: str) -> None:
    assert post(client, holdem(variant=typed)).get_json()["variant"] == "texas-holdem"


def test_an_unknown_variant_suggests_the_closest_ids(client: FlaskClient) -> None:
    detail = problem(post(client, holdem(variant="texas-holdum")), 422)["errors"][0]["detail"]
    assert "did you mean 'texas-holdem'" in detail
    assert "did you mean" in problem(client.get("/v1/variants/badugee"), 404)["detail"]
    assert "did you mean" not in problem(post(client, holdem(variant="zzzzzz")), 422)["errors"][0]["detail"]


def test_a_true_false_option_takes_json_booleans_as_well_as_the_strings(client: FlaskClient) -> None:
    def chosen(value: object) -> Any:
        body = holdem(variant="manila", board=["Ac", "Kd", "Ks", "7h", "8c"], options={"short_deck_ace_low": value})
        body["players"] = [{"id": "ann", "hole": ["Ah", "Ad"]}, {"id": "bob", "hole": ["Qs", "Qd"]}]
        return post(client, body).get_json()
    assert chosen(True)["options"] == chosen("true")["options"] == {"short_deck_ace_low": "true"}
    assert chosen(False)["options"] == {"short_deck_ace_low": "false"}
    assert codes(chosen(1)) == {"/options/short_deck_ace_low": "type"}


def test_card_outside_the_deck_is_422(client: FlaskClient) -> None:
    body = holdem(variant="royal-holdem", board=["Ac", "Kd", "Ks", "Th", "Jc"])
    body["players"] = [{"id": "ann", "hole": ["Ah", "2d"]}, {"id": "bob", "hole": ["Qs", "Qd"]}]
    assert codes(problem(post(client, body), 422)) == {"/players/0/hole/1": "card-not-in-deck"}


def test_unknown_variant_is_422_at_variant(client: FlaskClient) -> None:
    body = problem(post(client, holdem(variant="texas-holdout")), 422)
    assert codes(body) == {"/variant": "unknown-variant"}
    assert "'texas-holdout'" in body["errors"][0]["detail"]


def test_missing_variant_is_422(client: FlaskClient) -> None:
    body = holdem()
    del body["variant"]
    assert codes(problem(post(client, body), 422)) == {"/variant": "required"}


def test_rules_that_define_no_hand_are_422_at_rules_hands(client: FlaskClient) -> None:
    body = holdem(rules={"id": "my-game"})
    del body["variant"]
    found = pointers(problem(post(client, body), 422))
    assert list(found) == ["/rules/hands"]


def test_unknown_option_is_422(client: FlaskClient) -> None:
    found = codes(problem(post(client, holdem(options={"wild": "deuces"})), 422))
    assert found == {"/options/wild": "unknown-option"}


def test_bad_option_value_is_422_listing_the_allowed_values(client: FlaskClient) -> None:
    body = problem(post(client, holdem(variant="fred-potato-poker", options={"split": "low"})), 422)
    assert codes(body) == {"/options/split": "bad-option-value"}
    assert "high, high-low" in body["errors"][0]["detail"]


def test_board_object_is_422_for_a_flat_board(client: FlaskClient) -> None:
    found = pointers(problem(post(client, holdem(board={"1": "Ac", "2": "Kd"})), 422))
    assert list(found) == ["/board"]
    assert "flat board: send an array" in found["/board"]


def test_declaration_is_422_when_the_variant_has_none(client: FlaskClient) -> None:
    body = holdem()
    body["players"][1]["declare"] = "high"
    found = pointers(problem(post(client, body), 422))
    assert found == {"/players/1/declare": "Texas Hold'em has no declaration: remove declare"}


def test_events_are_422_naming_each_unknown_event(client: FlaskClient) -> None:
    found = codes(problem(post(client, holdem(events={"dealt_up": [], "trigger": 3})), 422))
    assert found == {"/events/dealt_up": "unknown-event", "/events/trigger": "unknown-event"}


def test_empty_events_are_accepted(client: FlaskClient) -> None:
    assert post(client, holdem(events={})).status_code == 200


def test_money_is_given_at_most_once(client: FlaskClient) -> None:
    found = codes(problem(post(client, holdem(contributions={"ann": 1}, pots=[])), 422))
    assert found == {"/pots": "money", "/contributions": "money"}


def test_pot_eligibility_naming_an_unknown_player_is_422(client: FlaskClient) -> None:
    body = holdem(pots=[{"amount": 100, "eligible": ["ann", "zed"]}])
    del body["pot"]
    assert codes(problem(post(client, body), 422)) == {"/pots/0/eligible/1": "unknown-player"}


def test_player_listed_twice_in_a_pot_is_422(client: FlaskClient) -> None:
    body = holdem(pots=[{"amount": 100, "eligible": ["ann", "bob", "ann"]}])
    del body["pot"]
    assert codes(problem(post(client, body), 422)) == {"/pots/0/eligible/2": "duplicate-player"}


def test_duplicate_player_id_is_422(client: FlaskClient) -> None:
    body = holdem()
    body["players"][2]["id"] = "ann"
    assert codes(problem(post(client, body), 422)) == {"/players/2/id": "duplicate-player"}


def test_chips_are_integers_from_zero_to_the_cap(client: FlaskClient) -> None:
    for bad, code in ((10**12 + 1, "range"), (-1, "range"), ("100", "type"), (1.5, "type"), (True, "type")):
        assert codes(problem(post(client, holdem(pot=bad)), 422)) == {"/pot": code}, bad
    assert post(client, holdem(pot=10**12)).status_code == 200


def test_more_players_than_the_limit_is_422_over_limit(client: FlaskClient) -> None:
    body = holdem(players=[{"id": f"p{i}", "hole": []} for i in range(MAX_PLAYERS + 1)])
    assert codes(problem(post(client, body), 422)) == {"/players": "over-limit"}


def test_no_players_is_422(client: FlaskClient) -> None:
    assert codes(problem(post(client, holdem(players=[])), 422)) == {"/players": "length"}


def test_too_many_players_for_the_variant_is_a_rule_problem(client: FlaskClient) -> None:
    body = holdem(variant="royal-holdem", players=[{"id": f"p{i}", "hole": []} for i in range(7)])
    assert codes(problem(post(client, body), 422))["/players"] == "seats"


def test_over_the_combination_limit_is_422_over_limit(client: FlaskClient,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # No catalog deal comes near the real limit; lower it to see the answer (3 players x 21 combinations).
    monkeypatch.setattr(service.budget, "MAX_WORK_PER_REQUEST", 50)
    body = problem(post(client, holdem()), 422)
    assert body["type"].endswith("/over-limit")
    assert codes(body) == {"": "over-limit"}


def test_pointer_tokens_are_escaped(client: FlaskClient) -> None:
    body = holdem(contributions={"a/b": 5, "c~d": -1})
    del body["pot"]
    found = codes(problem(post(client, body), 422))
    assert found == {"/contributions/c~0d": "range"}
    found = codes(problem(post(client, {**body, "contributions": {"a/b": 5, "ann": 5, "bob": 5, "cy": 5}}), 422))
    assert found == {"/contributions/a~1b": "unknown-player"}


def test_non_object_body_is_422_at_the_root(client: FlaskClient) -> None:
    assert codes(problem(post(client, [holdem()]), 422)) == {"": "type"}
