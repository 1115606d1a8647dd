"""Partial deals in ``POST /v1/hands/evaluate`` (issue 15): a flop, a turn or fewer up cards answer the best hand so
far where the formation can make one, say which cards are still to come, and are still checked for everything
else (too many cards, duplicates)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.service.conftest import one_app_per_module, problem

app = one_app_per_module()


def _evaluate(client: FlaskClient, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/v1/hands/evaluate", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = response.get_json()
    return answer


def test_a_holdem_flop_answers_the_best_hand_so_far_and_two_board_cards_to_come(client: FlaskClient) -> None:
    answer = _evaluate(client, {"variant": "texas-holdem", "hole": ["Ah", "Kh"], "board": ["Kd", "7c", "2h"]})
    assert answer["hands"]["high"]["description"] == "Pair of kings, kickers A-7-2"
    assert answer["to_come"] == {"up": 0, "board": 2, "positions": []}


def test_an_omaha_turn_plays_exactly_two_hole_and_three_board_cards_already(client: FlaskClient) -> None:
    answer = _evaluate(client, {"variant": "omaha-hi-lo-8", "hole": ["Ah", "2h", "Kd", "Qc"],
                                "board": ["Ks", "7c", "3h", "4s"]})
    assert sorted(answer["hands"]["high"]["hole"]) == ["Ah", "Kd"]
    assert answer["hands"]["low"]["description"] == "7-4-3-2-A low"
    assert answer["to_come"]["board"] == 1


def test_before_the_flop_there_is_no_hand_yet_and_the_reason_says_what_is_to_come(client: FlaskClient) -> None:
    answer = _evaluate(client, {"variant": "texas-holdem", "hole": ["Ah", "Kh"]})
    high = answer["hands"]["high"]
    assert high["category"] is None and high["reason"] == "no hand yet: 5 board cards to come"


def test_a_layout_with_empty_positions_names_them(client: FlaskClient) -> None:
    answer = _evaluate(client, {"variant": "iron-cross", "hole": ["Ah", "Ad", "Kc", "Qs", "2c"],
                                "board": {"1": "Kd", "2": "7c", "3": "2h"}})
    assert answer["to_come"]["positions"] == ["4", "5"]
    assert answer["hands"]["high"]["category"] == "two-pair"


def test_a_whole_deal_has_no_to_come(client: FlaskClient) -> None:
    answer = _evaluate(client, {"variant": "texas-holdem", "hole": ["Ah", "Kh"],
                                "board": ["Kd", "7c", "2h", "9s", "2d"]})
    assert "to_come" not in answer


def test_a_partial_deal_is_still_checked_for_too_many_and_duplicate_cards(client: FlaskClient) -> None:
    body = problem(client.post("/v1/hands/evaluate", json={"variant": "texas-holdem", "hole": ["Ah", "Kh", "Qh"],
                                                            "board": ["Ah", "7c"]}), 422)
    assert {e["code"] for e in body["errors"]} == {"wrong-card-count", "duplicate-card"}


def test_fifth_street_in_stud_answers_the_best_five_and_the_up_cards_to_come(client: FlaskClient) -> None:
    answer = _evaluate(client, {"variant": "seven-card-stud", "hole": ["Ah", "Ad"], "up": ["Kc", "Ks", "2d"]})
    assert answer["hands"]["high"]["description"] == "Two pair, aces and kings, two kicker"
    assert answer["to_come"]["up"] == 1


def test_hole_cards_are_dealt_whole_so_too_few_is_still_a_problem(client: FlaskClient) -> None:
    body = problem(client.post("/v1/hands/evaluate", json={"variant": "omaha", "hole": ["Ah", "Kh", "Qh"],
                                                            "board": ["2c", "7c", "9d"]}), 422)
    assert {e["pointer"]: e["code"] for e in body["errors"]} == {"/hole": "wrong-card-count"}
