"""Answers a chat can paste (contract: "`summary` is one or two plain sentences a chat bot can post as they are";
"`odd_chips` says who received an indivisible remainder and why"; "The response must report, for every wild card
used, the card it stood for", reference 2.3).

The summary is in plain words (no internal share names, no ranking codes), says "scoops" for a whole split pot in one
sentence, does not repeat itself, and ends with the wild cards in force and why; the answer's ``wild`` object says the
same as data; every odd chip is listed with the rule that placed it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from evaluator import Variant, all_variants, example_request
from tests.service.conftest import one_app_per_module

app = one_app_per_module()

OMAHA_8: dict[str, Any] = {"variant": "omaha-hi-lo-8", "board": ["3h", "4d", "8s", "Kc", "Kd"], "pot": 101,
                           "players": [{"id": "ann", "hole": ["As", "2d", "Qh", "Jc"]},
                                       {"id": "bob", "hole": ["Ks", "Qd", "9h", "9c"]}]}
_CODE = re.compile(r"\b[A-Z]{2,}-[A-Z0-9]+\b|_")


def post(client: FlaskClient, body: Any) -> Any:
    response = client.post("/v1/showdowns", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_split_pot_names_the_low_once_and_lists_the_odd_chip_that_went_to_high(client: FlaskClient) -> None:
    answer = post(client, OMAHA_8)
    assert answer["summary"] == "bob wins 51 with three kings, kickers Q-8; ann wins 50 with 8-4-3-2-A low."
    high, low = answer["pots"][0]["awards"]
    assert high["odd_chips"] == [{"player": "bob", "chips": 1, "reason": "the odd chip of splitting the pot between "
                                                                          "its shares goes to high, by rule"}]
    assert low["odd_chips"] == []


def test_one_player_winning_both_halves_scoops_in_one_sentence(client: FlaskClient) -> None:
    body = {**OMAHA_8, "pot": 100, "players": [{"id": "ann", "hole": ["As", "2d", "Ks", "Jc"]},
                                                {"id": "bob", "hole": ["Qs", "Qd", "9h", "9c"]}]}
    assert post(client, body)["summary"] == "ann scoops 100 with three kings, kickers A-8 and 8-4-3-2-A low."


def test_high_scoops_when_no_low_qualifies_and_the_summary_says_why(client: FlaskClient) -> None:
    body = {**OMAHA_8, "board": ["Th", "Jd", "8s", "Kc", "Kd"], "pot": 100}
    assert post(client, body)["summary"] == "ann scoops 100 with straight, ace high: no qualifying low."


def test_chicago_names_the_high_spade_in_words_and_lists_its_odd_chip(client: FlaskClient) -> None:
    body = {"variant": "chicago", "pot": 201,
            "players": [{"id": "ann", "hole": ["8h", "6d", "As"], "up": ["2c", "4s", "3s", "Kh"]},
                        {"id": "bob", "hole": ["4d", "4h", "9c"], "up": ["Qh", "Ks", "Jc", "Qd"]}]}
    answer = post(client, body)
    assert answer["summary"] == ("bob wins 101 with two pair, queens and fours, king kicker; ann wins 100 (high "
                                 "spade) with highest spade in the hole: ace of spades.")
    high = answer["pots"][0]["awards"][0]
    assert [(o["player"], o["chips"]) for o in high["odd_chips"]] == [("bob", 1)]
    assert answer["players"][1]["hands"]["high_spade"]["reason"] == "no high spade hand"


def test_follow_the_queen_states_the_wild_rank_and_why(client: FlaskClient) -> None:
    body = {"variant": "follow-the-queen", "pot": 100,
            "players": [{"id": "ann", "hole": ["As", "Ah", "6h"], "up": ["Jh", "7d", "5h", "6d"]},
                        {"id": "bob", "hole": ["Kd", "Ks", "2d"], "up": ["Kh", "3c", "Qh", "8s"]}],
            "events": {"up_order": ["Jh", "Kh", "7d", "3c", "5h", "Qh", "6d", "8s"]}}
    answer = post(client, body)
    assert answer["summary"].endswith(". Sixes are wild: the card after the last face-up queen.")
    assert answer["summary"].startswith("ann wins 100 with four aces")
    assert answer["wild"] == {"ranks": ["6"], "cards": {"ann": ["6h", "6d"], "bob": []},
                              "reasons": ["Sixes are wild: the card after the last face-up queen"]}


def test_a_game_without_wild_cards_answers_wild_null(client: FlaskClient) -> None:
    assert post(client, {**OMAHA_8})["wild"] is None


@pytest.mark.parametrize("variant", [v for v in all_variants() if v.not_showdown is None], ids=lambda v: v.id)
def test_no_internal_name_reaches_the_summary_the_notes_or_the_reasons(client: FlaskClient, variant: Variant) -> None:
    answer = post(client, example_request(variant))
    texts = [answer["summary"], *(a["note"] or "" for p in answer["pots"] for a in p["awards"]),
             *(h["reason"] or "" for p in answer["players"] for h in p["hands"].values()),
             *(o["reason"] for p in answer["pots"] for a in p["awards"] for o in a["odd_chips"])]
    ids = {p["id"] for p in answer["players"]}
    for text in texts:
        for player in ids:  # player ids are the client's own words
            text = text.replace(player, "")
        assert not _CODE.search(text), text
    if variant.wilds:
        assert answer["wild"]["reasons"] and answer["summary"].endswith(answer["wild"]["reasons"][-1] + ".")


def test_a_substitute_is_an_unseen_card_when_one_of_equal_value_would_do(client: FlaskClient) -> None:
    body = {"variant": "baseball", "pot": 100,
            "players": [{"id": "ann", "hole": ["3h", "Qd", "Jc"], "up": ["Kh", "Th", "8c", "7d"]},
                        {"id": "bob", "hole": ["2c", "2d", "5c"], "up": ["As", "6h", "8d", "Jd"]}]}
    answer = post(client, body)
    high = answer["players"][0]["hands"]["high"]
    assert high["wilds"] == [{"card": "3h", "as": "Ah"}]  # not the As bob shows
    assert "Ah" in high["cards"] and answer["summary"].startswith("ann wins 100 with straight, ace high (3h as Ah)")


def test_a_substitute_a_flush_needs_stays_even_when_somebody_shows_it(client: FlaskClient) -> None:
    body = {"variant": "baseball", "pot": 100,
            "players": [{"id": "ann", "hole": ["3c", "Qh", "Jh"], "up": ["Kh", "6h", "8c", "7d"]},
                        {"id": "bob", "hole": ["2c", "2d", "5c"], "up": ["Ah", "6s", "8d", "Jd"]}]}
    high = post(client, body)["players"][0]["hands"]["high"]
    assert high["category"] == "flush" and high["wilds"] == [{"card": "3c", "as": "Ah"}]


def test_the_picture_marks_each_wild_card_with_what_it_became(client: FlaskClient) -> None:
    body = {"variant": "follow-the-queen", "pot": 100,
            "players": [{"id": "ann", "hole": ["As", "Ah", "6h"], "up": ["Jh", "7d", "5h", "6d"]},
                        {"id": "bob", "hole": ["Kd", "Ks", "6c"], "up": ["Kh", "3c", "Qh", "8s"]}],
            "events": {"up_order": ["Jh", "Kh", "7d", "3c", "5h", "Qh", "6d", "8s"]}}
    svg = client.post("/v1/showdowns/render?format=svg", json=body).get_data(as_text=True)
    marked = dict(re.findall(r'data-card="(\w\w)" data-wild="([^"]+)"', svg))
    assert marked == {"6h": "as Ac", "6d": "as Ad", "6c": "as Kc"}  # bob's six made his four kings
    assert "(wild, as Ad)" in svg


def test_the_picture_names_shares_in_words(client: FlaskClient) -> None:
    body = {"variant": "chicago", "pot": 200,
            "players": [{"id": "ann", "hole": ["8h", "6d", "As"], "up": ["2c", "4s", "3s", "Kh"]},
                        {"id": "bob", "hole": ["4d", "4h", "9c"], "up": ["Qh", "Ks", "Jc", "Qd"]}]}
    svg = client.post("/v1/showdowns/render?format=svg", json=body).get_data(as_text=True)
    shown = " ".join(re.findall(r">([^<]*)</(?:text|title)>", svg))  # what a person reads (data-* are for code)
    assert "high spade: " in shown and "(high spade)" in shown
    assert "high_spade" not in shown and "HIGH-SPADE" not in shown
