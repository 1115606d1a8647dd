"""Request shapes the rules reference documents (section 2.6, "Event and per-player fields shared by many entries"):
``players[].extra`` (Hearts Poker's extra card), ``players[].hands`` as lists of cards (Double-Edge Trim-Saw's two
sets; the four-hole form still works), and ``events.wild_ranks`` in every game whose wild cards come from play ("the
wild ranks at showdown, stated outright: Chameleon, any game where the client prefers to state them")."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from evaluator import all_variants
from tests.service.conftest import codes, one_app_per_module, problem

app = one_app_per_module()

TRIM_SAW: dict[str, Any] = {"variant": "double-edge-trim-saw", "board": ["Kd", "7c", "3h", "9s", "Jd"], "pot": 100,
                            "players": [{"id": "ann", "hole": ["Ah", "Kh", "Qd", "Qc"]},
                                        {"id": "bob", "hole": ["Ks", "Kc", "8d", "8h"]}]}


def post(client: FlaskClient, body: Any) -> Any:
    return client.post("/v1/showdowns", json=body)


def test_hearts_poker_reads_the_extra_card_as_players_extra(client: FlaskClient) -> None:
    body: dict[str, Any] = {"variant": "hearts-poker", "board": ["Kd", "7c", "2h"], "pot": 100,
                            "players": [{"id": "ann", "hole": ["Jd", "5h"], "extra": ["7s"]},
                                        {"id": "bob", "hole": ["Qc", "Jc"]}]}
    answer = post(client, body).get_json()
    assert answer["players"][0]["hands"]["high"]["description"].startswith("Pair of sevens")
    assert answer["players"][0]["hands"]["high"]["up"] == ["7s"]
    body["players"][0]["extra"] = []  # the jack of diamonds holder must get his extra card
    assert "/players/0/up" in codes(problem(post(client, body), 422))


def test_trim_saw_sets_may_be_sent_as_hands_lists_or_as_four_hole_cards(client: FlaskClient) -> None:
    as_hole = post(client, TRIM_SAW).get_json()
    as_sets = {**TRIM_SAW, "players": [{"id": "ann", "hands": [["Ah", "Kh"], ["Qd", "Qc"]]},
                                       {"id": "bob", "hands": [["Ks", "Kc"], ["8d", "8h"]]}]}
    answer = post(client, as_sets).get_json()
    assert answer["players"] == as_hole["players"] and answer["payouts"] == as_hole["payouts"]


def test_trim_saw_sets_must_hold_two_cards_each(client: FlaskClient) -> None:
    body = {**TRIM_SAW, "players": [{"id": "ann", "hands": [["Ah", "Kh", "Qd"], ["Qc"]]},
                                    {"id": "bob", "hole": ["Ks", "Kc", "8d", "8h"]}]}
    assert codes(problem(post(client, body), 422)) == {"/players/0/hands": "wrong-card-count"}


FROM_PLAY = [v for v in all_variants() if any(getattr(r, "from_play", ()) for r in v.wilds)]


def test_the_games_whose_wild_cards_come_from_play_are_found() -> None:
    ids = {v.id for v in FROM_PLAY}
    assert {"follow-the-queen", "smack-my-bitch-up", "sex-in-the-middle-east", "spokane-open-wild",
            "five-card-roll-your-own"} <= ids


@pytest.mark.parametrize("variant", FROM_PLAY, ids=lambda v: v.id)
def test_every_game_whose_wild_cards_come_from_play_reads_stated_wild_ranks(client: FlaskClient,
                                                                             variant: Any) -> None:
    document = client.get(f"/v1/variants/{variant.id}").get_json()
    events = {e["name"]: e for e in document["events"]}
    assert events["wild_ranks"]["required"] is False
    example = document["example"]
    stated = {**example, "events": {**{k: v for k, v in example.get("events", {}).items()
                                       if k not in {n for r in variant.wilds for n in getattr(r, "from_play", ())}},
                                    "wild_ranks": ["K"]}}
    answer = post(client, stated).get_json()
    assert answer["wild"]["ranks"] == ["K"], answer
    assert answer["summary"].endswith("Kings are wild at showdown, as the play left them.")


def test_follow_the_queen_needs_no_face_up_order_when_the_wild_ranks_are_stated(client: FlaskClient) -> None:
    body = {"variant": "follow-the-queen", "pot": 100, "events": {"wild_ranks": ["6"]},
            "players": [{"id": "ann", "hole": ["As", "Ah", "6h"], "up": ["Jh", "7d", "5h", "6d"]},
                        {"id": "bob", "hole": ["Kd", "Ks", "2d"], "up": ["Kh", "3c", "Qh", "8s"]}]}
    answer = post(client, body).get_json()
    assert answer["players"][0]["hands"]["high"]["category"] == "four-of-a-kind"
    assert answer["payouts"] == {"ann": 100, "bob": 0}
    del body["events"]
    assert codes(problem(post(client, body), 422)) == {"/events/up_order": "missing-event"}
