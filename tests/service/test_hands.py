"""``POST /v1/hands/evaluate``: one player's best hand(s), optionally with every legal combination."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.service.conftest import codes, one_app_per_module, problem

app = one_app_per_module()

EVALUATE = "/v1/hands/evaluate"
OMAHA: dict[str, Any] = {"variant": "omaha", "hole": ["As", "Kd", "Qh", "Jc"],
                         "board": ["Ah", "Td", "7s", "2c", "Kc"]}


def test_evaluate_answers_the_best_hand_of_each_kind(client: FlaskClient) -> None:
    response = client.post("/v1/hands/evaluate", json=OMAHA)
    assert response.status_code == 200
    answer = response.get_json()
    assert list(answer) == ["variant", "options", "hands"]  # no combinations unless asked
    high = answer["hands"]["high"]
    assert high["category"] == "straight"
    assert len(high["hole"]) == 2 and len(high["board"]) == 3  # Omaha: exactly two hole cards


def test_list_combinations_lists_every_legal_combination_best_first(client: FlaskClient) -> None:
    answer = client.post("/v1/hands/evaluate", json={**OMAHA, "list_combinations": True}).get_json()
    listed = answer["combinations"]["high"]
    assert len(listed) == 6 * 10  # C(4,2) hole pairs x C(5,3) board triples
    assert listed[0] == answer["hands"]["high"]
    strengths = [c["strength"] for c in listed]
    assert strengths == sorted(strengths, reverse=True)


def test_high_low_variant_answers_both_hands(client: FlaskClient) -> None:
    body = {**OMAHA, "variant": "omaha-hi-lo-8", "hole": ["As", "2d", "Qh", "Jc"],
            "board": ["3h", "4d", "8s", "Kc", "Kd"]}
    hands = client.post("/v1/hands/evaluate", json=body).get_json()["hands"]
    assert set(hands) == {"high", "low"}
    assert hands["low"]["qualifies"] is True


def test_evaluate_checks_the_variant_rules_with_pointers_into_this_body(client: FlaskClient) -> None:
    body = {**OMAHA, "hole": ["As", "Kd", "Qh"], "board": ["As", "Td", "7s", "2c", "Kc"]}
    found = codes(problem(client.post("/v1/hands/evaluate", json=body), 422))
    assert found == {"/hole": "wrong-card-count", "/hole/0": "duplicate-card"}


def test_evaluate_validates_the_schema(client: FlaskClient) -> None:
    body = {"variant": "omaha", "hole": ["As", "Kd", "Qh", "1c"], "list_combinations": "yes", "players": []}
    found = codes(problem(client.post("/v1/hands/evaluate", json=body), 422))
    assert found == {"/hole/3": "bad-card", "/list_combinations": "type", "/players": "unknown-field"}


def test_evaluate_checks_options(client: FlaskClient) -> None:
    body = {**OMAHA, "variant": "boise", "hole": ["As", "Kd", "Qh", "Jc", "9d"],
            "options": {"qualifiers": "maybe"}}
    found = codes(problem(client.post("/v1/hands/evaluate", json=body), 422))
    assert found == {"/options/qualifiers": "bad-option-value"}


def test_client_defined_rules_evaluate_a_hand_too(client: FlaskClient) -> None:
    rules = {"id": "mine", "cards": {"hole": {"min": 5, "max": 5}}, "hands": [{"name": "high", "ranking": "HIGH"}]}
    answer = client.post("/v1/hands/evaluate", json={"rules": rules, "hole": ["As", "Ad", "Ks", "Kd", "2c"]})
    assert answer.status_code == 200
    assert answer.get_json()["hands"]["high"]["category"] == "two-pair"


def test_rules_without_a_hand_are_422_at_rules_hands(client: FlaskClient) -> None:
    body = {"rules": {"id": "mine"}, "hole": ["As", "Kd"]}
    assert codes(problem(client.post("/v1/hands/evaluate", json=body), 422)) == {"/rules/hands": "required"}


def test_a_declaration_game_evaluates_both_ways_without_a_declaration(client: FlaskClient) -> None:
    answer = client.post(EVALUATE, json={"variant": "ponsi", "board": ["Kh", "9h", "5h", "2c", "Kd"],
                                         "hole": ["Ah", "Qs", "3c", "4d", "5s"]})
    assert answer.status_code == 200, answer.get_json()
    hands = answer.get_json()["hands"]
    assert (hands["high"]["category"], hands["low"]["description"]) == ("straight", "5-4-3-2-A low")


def test_double_trouble_evaluates_one_of_a_players_hands_as_its_entrant(client: FlaskClient) -> None:
    board = ["Kh", "9h", "5h", "2c", "Kd"]
    three = client.post(EVALUATE, json={"variant": "double-trouble", "board": board, "hole": ["Ah", "Qs", "3c"]})
    two = client.post(EVALUATE, json={"variant": "double-trouble", "board": board, "hole": ["Ah", "Qs"]})
    assert three.status_code == two.status_code == 200
    assert three.get_json()["hands"]["high"]["hole"] == ["Ah", "Qs"]  # two of its three cards, three board cards
    assert three.get_json()["hands"]["low"]["description"] == "9-5-3-2-A low"
    assert two.get_json()["hands"]["high"]["description"] == "Pair of kings, kickers A-Q-9"


def test_tic_tac_toe_with_posts_evaluates_the_true_best_hand_with_nothing_declared(client: FlaskClient) -> None:
    board = {"8": "Ah", "1": "Kh", "5": "Qh", "4": "2c", "9": "7d", "2": "9s", "7": "3c", "3": "5d", "6": "Jc"}
    answer = client.post(EVALUATE, json={"variant": "tic-tac-toe-posts", "board": board, "hole": ["Jh", "Th"]})
    assert answer.status_code == 200
    assert answer.get_json()["hands"]["high"]["description"] == "Royal flush"
