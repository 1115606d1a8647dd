"""``POST /v1/equities``: odds mid-hand over HTTP, the library's answer encoded, and problems for bad input."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from evaluator import parse_cards, variant_named
from evaluator.engine.equity import Spot, equities
from evaluator.values.deal import Deal, Seat
from service import create_app
from tests.service.conftest import TestConfig, problem

FLOP = {"variant": "texas-holdem", "board": ["Kd", "7c", "2h"],
        "players": [{"id": "ann", "hole": ["Ah", "Kh"]}, {"id": "bob", "hole": ["Qs", "Qc"]}], "pot": 200}


def _post(client: FlaskClient, body: dict[str, Any]) -> Any:
    response = client.post("/v1/equities", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def _adds_up(answer: dict[str, Any]) -> None:
    total = sum(p["expected"] for p in answer["players"]) + answer["carried_over"]
    assert total == pytest.approx(answer["money_in"], rel=1e-12)


def test_a_flop_is_answered_exactly_over_its_990_runouts(client: FlaskClient) -> None:
    answer = _post(client, FLOP)
    spot = Spot(deal=Deal(seats=(Seat(id="ann"), Seat(id="bob")), pot=200), board=parse_cards("Kd7c2h"),
                hole=(parse_cards("AhKh"), parse_cards("QsQc")), up=((), ()))
    library = equities(variant_named("texas-holdem"), spot)
    assert (answer["method"], answer["runouts"], answer["unknown_cards"], answer["seed"]) == ("exact", 990, 2, None)
    assert [p["expected"] for p in answer["players"]] == [p.chips / 990 for p in library.players]
    ann = answer["players"][0]
    assert ann["standard_error"] is None and ann["interval"] is None
    assert ann["pots"][0]["shares"][0]["share"] == "high"
    assert ann["pots"][0]["shares"][0]["win"] + ann["pots"][0]["shares"][0]["tie"] <= 1
    percent = round(100 * ann["equity"])
    assert answer["summary"] == f"ann {percent}%, bob {100 - percent}% (exact, 990 runouts)"
    _adds_up(answer)


def test_unknown_hole_cards_are_sampled_with_a_seed_that_repeats_the_answer(client: FlaskClient) -> None:
    body = {**FLOP, "players": [{"id": "ann", "hole": ["Ah", "Kh"]}, {"id": "bob", "hole": [None, None]}],
            "method": "monte-carlo", "samples": 2000, "seed": 11}
    first, again = _post(client, body), _post(client, body)
    assert first == again
    assert (first["method"], first["runouts"], first["seed"]) == ("monte-carlo", 2000, 11)
    ann = first["players"][0]
    low, high = ann["interval"]
    assert low < ann["expected"] < high and ann["standard_error"] > 0
    assert re.fullmatch(r"ann \d+%, bob \d+% \(Monte Carlo, 2,000 samples, \u00b1\d+\.\d%\)", first["summary"])
    unseeded = _post(client, {k: v for k, v in body.items() if k != "seed"})
    assert isinstance(unseeded["seed"], int)
    _adds_up(first)


def test_a_layout_with_positions_left_out_deals_them(client: FlaskClient) -> None:
    dead = ["2h", "2s", "3h", "3s", "4h", "4d", "5h", "7c", "7d", "7h", "7s", "8c", "8d", "8h", "8s", "9c", "9h",
            "9s", "Tc"]
    body = {"variant": "iron-cross", "board": {"1": "Ks", "4": "Kc", "5": "As"}, "dead_cards": dead,
            "players": [{"id": "ann", "hole": ["6s", "4s", "6d", "2c", "5s"]},
                        {"id": "bob", "hole": ["Jh", "5c", "9d", "Qs", "Ad"]}], "pot": 300}
    answer = _post(client, body)
    assert (answer["method"], answer["unknown_cards"]) == ("exact", 2)
    assert answer["runouts"] == 20 * 19  # positions 2 and 3 are distinct places: ordered pairs of the 20 left
    _adds_up(answer)


def test_omaha_hi_lo_side_pots_are_answered_per_pot_and_share(client: FlaskClient) -> None:
    body = {"variant": "omaha-hi-lo-8", "board": ["2s", "7d", "9c"],
            "players": [{"id": "ann", "hole": ["Ah", "Kh", "2c", "3d"]},
                        {"id": "bob", "hole": ["Qs", "Qc", "4d", "5d"]},
                        {"id": "cy", "hole": ["Jh", "Th", "9s", "8s"]}],
            "contributions": {"ann": 50, "bob": 100, "cy": 100}}
    answer = _post(client, body)
    assert answer["pots"] == [{"amount": 150, "eligible": ["ann", "bob", "cy"]},
                              {"amount": 100, "eligible": ["bob", "cy"]}]
    ann, bob = answer["players"][0], answer["players"][1]
    assert [p["pot"] for p in ann["pots"]] == [0] and [p["pot"] for p in bob["pots"]] == [0, 1]
    assert {s["share"] for s in ann["pots"][0]["shares"]} >= {"high", "low"}
    _adds_up(answer)


def test_follow_the_queen_with_an_up_card_to_come(client: FlaskClient) -> None:
    body = {"variant": "follow-the-queen", "dead_cards": ["2c", "2d", "2h", "2s", "3c", "3d", "3h", "3s", "4c", "4d"],
            "players": [{"id": "ann", "hole": ["Ah", "Ad", "9c"], "up": ["Qs", "7c", "9d", None]},
                        {"id": "bob", "hole": ["8s", "8d", "3c"], "up": ["Kc", "8h", "Qd", "7h"]}], "pot": 200}
    body["dead_cards"] = [c for c in body["dead_cards"] if c != "3c"]
    answer = _post(client, body)
    assert answer["method"] == "exact" and answer["unknown_cards"] == 1
    _adds_up(answer)


@pytest.mark.parametrize(("change", "pointer", "code"), [
    ({"board": ["Kd", "7c", "zz"]}, "/board/2", "bad-card"),
    ({"dead_cards": [None]}, "/dead_cards/0", "bad-card"),
    ({"dead_cards": ["Kd"]}, "/dead_cards/0", "duplicate-card"),
    ({"board": ["Kd", "7c", "Ah"]}, "/players/0/hole/0", "duplicate-card"),
    ({"method": "guess"}, "/method", "choice"),
    ({"samples": 10, "precision": 0.01}, "/precision", "samples-and-precision"),
    ({"samples": 0}, "/samples", "range"),
])
def test_bad_input_is_a_problem_at_its_pointer(client: FlaskClient, change: dict[str, Any], pointer: str,
                                               code: str) -> None:
    body = problem(client.post("/v1/equities", json={**FLOP, **change}), 422)
    assert any(e["pointer"] == pointer and e["code"] == code for e in body["errors"]), body


def test_exact_odds_over_the_budget_are_refused_before_any_runout(client: FlaskClient) -> None:
    players = [{"id": f"p{i}", "hole": [None, None]} for i in range(6)]
    body = problem(client.post("/v1/equities", json={"variant": "texas-holdem", "players": players, "pot": 60,
                                                     "method": "exact"}), 422)
    assert body["errors"][0]["code"] == "over-limit" and "exact odds" in body["detail"]


def test_runouts_past_the_deadline_are_a_503() -> None:
    class Hurried(TestConfig):
        SHOWDOWN_DEADLINE_SECONDS = 0.0

    client = create_app(Hurried).test_client()
    body = {**FLOP, "players": [{"id": "ann", "hole": ["Ah", "Kh"]}, {"id": "bob", "hole": [None, None]}]}
    response = client.post("/v1/equities", json=body)
    problem(response, 503)
    assert response.headers["Retry-After"]


def test_the_picture_draws_each_players_share_as_a_bar(client: FlaskClient) -> None:
    from evaluator.engine.equity import equities as library_equities
    from service.render.equity_scene import TRACK_W, equity_scene
    from service.render.scene import Group, Rect

    spot = Spot(deal=Deal(seats=(Seat(id="ann"), Seat(id="bob")), pot=200), board=parse_cards("Kd7c2h"),
                hole=(parse_cards("AhKh"), parse_cards("QsQc")), up=((), ()))
    result = library_equities(variant_named("texas-holdem"), spot)
    rows = [item for item in equity_scene(result).items if isinstance(item, Group) and item.role == "equity"]
    widths = [[i for i in row.items if isinstance(i, Rect)][1].w for row in rows]
    assert widths == pytest.approx([TRACK_W * p.chips / result.runouts / 200 for p in result.players])
    svg = client.post("/v1/equities/render", json=FLOP)
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert b'data-player="ann"' in svg.data and b"(exact, 990 runouts)" in svg.data
    png = client.post("/v1/equities/render?format=png", json=FLOP)
    assert png.status_code == 200 and png.mimetype == "image/png" and png.data.startswith(b"\x89PNG")
    problem(client.post("/v1/equities/render?format=gif", json=FLOP), 400)
    problem(client.post("/v1/equities/render", json={**FLOP, "dead_cards": ["Kd"]}), 422)


def test_runouts_that_void_the_deal_are_left_out_and_counted(client: FlaskClient) -> None:
    # Black Mariah: the queen of spades dealt face up voids the deal; ann's last up card is the Qs or the 2c
    players = [{"id": "ann", "hole": ["Qd", "8h"], "up": ["Ac", "Qc", "9c", None]},
               {"id": "bob", "hole": ["4s", "7d"], "up": ["Ks", "4c", "Jh", "8d"]},
               {"id": "cy", "hole": ["5c", "7s"], "up": ["3d", "Th", "6s", "7c"]}]
    used = {"6h", "Qd", "8h", "Ac", "Qc", "9c", "4s", "7d", "Ks", "4c", "Jh", "8d", "5c", "7s", "3d", "Th", "6s",
            "7c"}
    dead = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in used | {"Qs", "2c"}]
    answer = _post(client, {"variant": "black-mariah", "board": ["6h"], "players": players, "pot": 300,
                            "dead_cards": dead})
    assert (answer["runouts"], answer["void_runouts"]) == (1, 1)
    _adds_up(answer)
    every = problem(client.post("/v1/equities", json={"variant": "black-mariah", "board": ["6h"], "players": players,
                                                      "pot": 300, "dead_cards": [*dead, "2c"]}), 422)
    assert every["errors"][0]["code"] == "void-deal"


def test_client_rules_for_holdem_give_the_catalog_holdems_odds(client: FlaskClient) -> None:
    rules = {"deck": {"id": "52"}, "cards": {"hole": {"min": 2, "max": 2}},
             "board": {"kind": "flat", "count": {"min": 5, "max": 5}}, "hands": [{"name": "high", "ranking": "HIGH"}]}
    body = {key: value for key, value in FLOP.items() if key != "variant"}
    home = _post(client, {**body, "rules": rules})
    catalog = _post(client, FLOP)
    assert home["variant"] == "custom" and home["runouts"] == catalog["runouts"] == 990
    assert home["players"] == catalog["players"]


# --- no chips in: the shares as fractions; unknown cards written `?` ---------------------------------------------


def _without_money(body: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in body.items() if k not in ("pot", "pots", "contributions", "dead")}


def test_with_no_chips_in_each_players_equity_is_his_fraction_of_the_pot(client: FlaskClient) -> None:
    with_chips = _post(client, FLOP)
    without = _post(client, _without_money(FLOP))
    assert [p["equity"] for p in without["players"]] == pytest.approx([p["equity"] for p in with_chips["players"]],
                                                                       rel=1e-12)
    assert all(p["expected"] is None for p in without["players"])
    assert all(s["expected"] is None for p in without["players"] for pot in p["pots"] for s in pot["shares"])
    assert (without["money_in"], without["pots"][0]["amount"], without["carried_over"]) == (0, 0, None)
    assert sum(p["equity"] for p in without["players"]) + without["carried_over_equity"] == pytest.approx(1)
    assert without["summary"] == with_chips["summary"]


def test_aces_against_kings_preflop_with_no_chips_win_about_eighty_one_percent(client: FlaskClient) -> None:
    answer = _post(client, {"variant": "texas-holdem", "players": [{"id": "ann", "hole": ["Ah", "Ad"]},
                                                                   {"id": "bob", "hole": ["Ks", "Kc"]}]})
    ann, bob = answer["players"]
    assert 0.80 < ann["equity"] < 0.83 and ann["equity"] + bob["equity"] == pytest.approx(1)
    assert answer["summary"].startswith(f"ann {ann['equity']:.0%}, bob {bob['equity']:.0%} (exact, 1,712,304 ")


def test_with_no_chips_in_a_three_way_tie_splits_the_pot_in_exact_thirds(client: FlaskClient) -> None:
    body = {"variant": "texas-holdem", "board": ["As", "Ks", "Qs", "Js", "Ts"], "method": "monte-carlo",
            "samples": 200, "seed": 1, "players": [{"id": p, "hole": [None, None]} for p in ("ann", "bob", "cy")]}
    answer = _post(client, body)
    assert [p["equity"] for p in answer["players"]] == [1 / 3, 1 / 3, 1 / 3]


def test_monte_carlo_with_no_chips_gives_the_interval_of_the_equity(client: FlaskClient) -> None:
    body = {**_without_money(FLOP), "method": "monte-carlo", "samples": 2000, "seed": 3}
    for player in _post(client, body)["players"]:
        low, high = player["interval"]
        assert 0 <= low < player["equity"] < high <= 1 and 0 < player["standard_error"] < 0.05


@pytest.mark.parametrize("unknown", ["?", "??", " ? "])
def test_an_unknown_card_may_be_written_as_question_marks_as_null_is(client: FlaskClient, unknown: str) -> None:
    def spot(card: str | None) -> dict[str, Any]:
        return {**FLOP, "board": ["Kd", "7c", "2h", card], "seed": 5, "players": [
            {"id": "ann", "hole": ["Ah", card]}, {"id": "bob", "hole": ["Qs", "Qc"]}]}
    assert _post(client, spot(unknown)) == _post(client, spot(None))


def test_a_card_that_is_not_one_says_how_to_write_an_unknown_card(client: FlaskClient) -> None:
    body = {**FLOP, "players": [{"id": "ann", "hole": ["Ah", "????"]}, {"id": "bob", "hole": ["Qs", "Zz"]}]}
    found = problem(client.post("/v1/equities", json=body), 422)
    details = {e["pointer"]: e["detail"] for e in found["errors"]}
    assert "two items, '??' and '??'" in details["/players/0/hole/1"]
    assert "for a card not known yet write null, '?' or '??'" in details["/players/1/hole/1"]


def test_a_showdown_refuses_an_unknown_card_and_points_to_the_odds(client: FlaskClient) -> None:
    body = {"variant": "texas-holdem", "board": ["Kd", "7c", "2h", "3s", "4s"], "pot": 10,
            "players": [{"id": "ann", "hole": ["Ah", "?"]}, {"id": "bob", "hole": ["Qs", "Qc"]}]}
    found = problem(client.post("/v1/showdowns", json=body), 422)
    assert [e["pointer"] for e in found["errors"]] == ["/players/0/hole/1"]
    assert "POST /v1/equities" in found["errors"][0]["detail"]
