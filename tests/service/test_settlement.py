"""``POST /v1/showdowns`` settling the hands a real table produces (issue 15): pots nobody contests, hands without
chips, every player's contributions with the uncalled part returned, dead money from live players, the button."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from evaluator import Variant, all_variants
from evaluator.documents.examples import example_request
from tests.service.conftest import codes, holdem, one_app_per_module, problem

app = one_app_per_module()


def post(client: FlaskClient, body: Any) -> Any:
    return client.post("/v1/showdowns", json=body)


def answer(client: FlaskClient, body: Any) -> dict[str, Any]:
    response = post(client, body)
    assert response.status_code == 200, response.get_data(as_text=True)
    found: dict[str, Any] = response.get_json()
    return found


def without_money(**overrides: Any) -> dict[str, Any]:
    body = holdem(**overrides)
    body.pop("pot", None)
    return body


def everyone_folds_to(**money: Any) -> dict[str, Any]:
    """A hold'em hand that ended before the flop: ann and cy folded (no cards sent), bob mucked (none either)."""
    return {"variant": "texas-holdem", "players": [{"id": "ann", "folded": True}, {"id": "bob"},
                                                   {"id": "cy", "folded": True}], **money}


# --- uncontested pots ---------------------------------------------------------------------------------------


def test_a_pot_everyone_else_folded_goes_to_the_last_player_with_no_cards_shown(client: FlaskClient) -> None:
    found = answer(client, everyone_folds_to(pot=150))
    assert found["payouts"] == {"ann": 0, "bob": 150, "cy": 0}
    award = found["pots"][0]["awards"][0]
    assert (award["amount"], award["winners"], award["note"]) == (150, ["bob"], "uncontested")
    bob = found["players"][1]["hands"]["high"]
    assert bob["qualifies"] is False and bob["reason"].startswith("not shown") and bob["cards"] == []
    assert found["summary"] == "bob wins 150 uncontested."


def test_a_winner_who_shows_on_an_unfinished_board_is_still_not_ranked(client: FlaskClient) -> None:
    body = everyone_folds_to(pot=90, board=["Kd", "7c", "2h"])
    body["players"][1]["hole"] = ["Ah", "Kh"]
    found = answer(client, body)
    assert found["payouts"]["bob"] == 90
    assert found["players"][1]["hands"]["high"]["reason"].startswith("not shown")


def test_a_winner_who_shows_a_whole_hand_uncontested_has_it_ranked(client: FlaskClient) -> None:
    body = everyone_folds_to(pot=90, board=["Kd", "7c", "2h", "9s", "2d"])
    body["players"][1]["hole"] = ["Ah", "Kh"]
    found = answer(client, body)
    assert found["players"][1]["hands"]["high"]["category"] == "two-pair"
    assert found["summary"] == "bob wins 90 uncontested."


def test_cards_sent_by_an_uncontested_player_are_still_checked(client: FlaskClient) -> None:
    body = everyone_folds_to(pot=90, board=["Kd", "7c", "2h"])
    body["players"][1]["hole"] = ["Kd", "Kh", "Qs"]
    assert codes(problem(post(client, body), 422)) == {"/players/1/hole": "wrong-card-count",
                                                       "/players/1/hole/0": "duplicate-card"}


def test_players_who_contest_a_pot_still_need_their_cards(client: FlaskClient) -> None:
    """ann is all in: the main pot is contested by ann and bob (cy folded later), so both show; the side pot only
    bob may win."""
    body = without_money(contributions={"ann": 50, "bob": 200, "cy": 150})
    body["players"][2] = {"id": "cy", "folded": True}
    body["players"][1]["hole"] = []
    assert codes(problem(post(client, body), 422)) == {"/players/1/hole": "wrong-card-count"}


def test_a_declaration_is_not_needed_from_a_player_nobody_contests(client: FlaskClient) -> None:
    body = {"variant": "oxford-stud", "options": {"declare": "true"}, "pot": 40,
            "players": [{"id": "ann", "folded": True}, {"id": "bob"}]}
    assert answer(client, body)["payouts"] == {"ann": 0, "bob": 40}


def test_a_stud_hand_can_end_on_third_street(client: FlaskClient) -> None:
    body = {"variant": "seven-card-stud", "contributions": {"ann": 5, "bob": 25},
            "players": [{"id": "ann", "folded": True, "up": ["Kc"]}, {"id": "bob", "hole": ["2c", "2d"],
                                                                       "up": ["Ah"]}]}
    found = answer(client, body)
    assert found["payouts"] == {"ann": 0, "bob": 30}
    assert found["returned"] == {"bob": 20}


# --- money optional -----------------------------------------------------------------------------------------


def test_without_money_every_share_still_names_its_winners(client: FlaskClient) -> None:
    found = answer(client, without_money())
    assert found["pots"] == [{"amount": 0, "eligible": ["ann", "bob", "cy"], "awards": [
        {"share": "high", "amount": 0, "winners": ["ann"], "payouts": {"ann": 0}, "odd_chips": [], "note": None}],
        "carried_over": 0, "owes": {}}]
    assert found["payouts"] == {"ann": 0, "bob": 0, "cy": 0}
    assert found["summary"] == "ann wins with full house, aces full of kings."


def test_a_pot_of_zero_and_contributions_of_zero_rank_the_hands_the_same(client: FlaskClient) -> None:
    free = answer(client, without_money())
    for money in ({"pot": 0}, {"contributions": {"ann": 0, "bob": 0, "cy": 0}},
                  {"pots": [{"amount": 0, "eligible": ["ann", "bob", "cy"]}]}):
        assert answer(client, without_money(**money)) == free, money


def test_without_money_a_tie_and_a_split_pot_are_named(client: FlaskClient) -> None:
    found = answer(client, without_money(board=["Ac", "Kd", "Ks", "Kh", "Kc"]))
    assert found["pots"][0]["awards"][0]["winners"] == ["ann", "bob", "cy"]
    assert found["summary"] == "ann, bob and cy tie with four kings, ace kicker."
    hi_lo = {"variant": "omaha-hi-lo-8", "board": ["2c", "5d", "8h", "Ks", "Qc"],
             "players": [{"id": "ann", "hole": ["Ah", "3d", "Kd", "Jc"]},
                         {"id": "bob", "hole": ["Kh", "Kc", "9s", "9d"]}]}
    found = answer(client, hi_lo)
    assert [(a["share"], a["winners"]) for a in found["pots"][0]["awards"]] == [("high", ["bob"]),
                                                                               ("low", ["ann"])]
    assert found["summary"] == "bob wins with three kings, kickers Q-8; ann wins with 8-5-3-2-A low."


def test_without_money_a_pot_nobody_wins_says_so(client: FlaskClient) -> None:
    """Riding Ramone: the lowest hand must also beat the boot; here nobody does, for no chips as for chips."""
    body = {"variant": "riding-ramone", "events": {"boot": ["2c", "3d", "4h"]},
            "players": [{"id": "ann", "hole": ["Kc", "Qd", "Jh", "9s", "8c"]},
                        {"id": "bob", "hole": ["Ks", "Qh", "Jd", "Tc", "9d"]}]}
    found = answer(client, body)
    assert found["pots"][0]["awards"] == [] and found["summary"] == "Nobody wins."


# --- contributions ------------------------------------------------------------------------------------------


def test_every_player_must_be_named_in_contributions(client: FlaskClient) -> None:
    body = without_money(contributions={"ann": 100})
    body["players"][2]["folded"] = True
    assert codes(problem(post(client, body), 422)) == {"/contributions/bob": "missing-contribution",
                                                       "/contributions/cy": "missing-contribution"}


def test_the_uncalled_part_of_the_largest_contribution_goes_back_and_is_shown(client: FlaskClient) -> None:
    """bob bet 300, ann called all in for 100 and cy folded after 40: 200 nobody called is bob's again."""
    body = without_money(contributions={"ann": 100, "bob": 300, "cy": 40})
    body["players"][2]["folded"] = True
    found = answer(client, body)
    assert found["returned"] == {"bob": 200}
    assert [(p["amount"], p["eligible"]) for p in found["pots"]] == [(240, ["ann", "bob"])]
    assert found["payouts"] == {"ann": 240, "bob": 200, "cy": 0}
    assert sum(found["payouts"].values()) == 440
    assert found["summary"] == "ann wins 240 with full house, aces full of kings. 200 uncalled chips go back to bob."


def test_returned_is_absent_when_every_chip_was_called(client: FlaskClient) -> None:
    assert "returned" not in answer(client, without_money(contributions={"ann": 100, "bob": 100, "cy": 100}))


# --- dead money ---------------------------------------------------------------------------------------------


def test_a_big_blind_ante_is_contested_by_everyone_and_a_chop_is_even(client: FlaskClient) -> None:
    """Issue 15's PLO hand: both play the same straight; the big blind's 100,000 ante is in the main pot."""
    body = {"variant": "omaha", "board": ["Kd", "Qc", "Jh", "4s", "3d"],
            "players": [{"id": "ann", "hole": ["Ah", "Th", "5c", "6c"]},
                        {"id": "bob", "hole": ["As", "Ts", "7d", "8d"]}],
            "contributions": {"ann": 100_000, "bob": 100_000}, "dead": {"bob": 100_000}}
    found = answer(client, body)
    assert found["payouts"] == {"ann": 150_000, "bob": 150_000}
    assert [(p["amount"], p["eligible"]) for p in found["pots"]] == [(300_000, ["ann", "bob"])]


def test_dead_money_needs_contributions_and_real_players(client: FlaskClient) -> None:
    assert codes(problem(post(client, holdem(dead={"ann": 5})), 422)) == {"/dead": "dead-without-contributions"}
    body = without_money(contributions={"ann": 5, "bob": 5, "cy": 5}, dead={"zed": 5, "ann": -1})
    assert codes(problem(post(client, body), 422)) == {"/dead/ann": "range"}
    body["dead"] = {"zed": 5}
    assert codes(problem(post(client, body), 422)) == {"/dead/zed": "unknown-player"}


# --- the button ---------------------------------------------------------------------------------------------


def test_odd_chips_count_from_the_player_after_the_button(client: FlaskClient) -> None:
    body = holdem(board=["Ac", "Kd", "Ks", "Kh", "Kc"], pot=301)  # the board plays: everyone ties
    award = answer(client, body)["pots"][0]["awards"][0]
    assert award["odd_chips"][0]["player"] == "ann"  # no button: cy, listed last, has it
    award = answer(client, {**body, "button": "ann"})["pots"][0]["awards"][0]
    assert award["payouts"] == {"bob": 101, "cy": 100, "ann": 100}
    assert award["odd_chips"] == [{"player": "bob", "chips": 1,
                                   "reason": "to the first winner clockwise from the button"}]
    found = answer(client, {**body, "button": "ann"})
    assert [p["id"] for p in found["players"]] == ["ann", "bob", "cy"]  # the list stays in seat order


def test_a_button_that_is_not_a_player_is_422(client: FlaskClient) -> None:
    assert codes(problem(post(client, holdem(button="zed")), 422)) == {"/button": "unknown-player"}


# --- every catalog game --------------------------------------------------------------------------------------

#: Every game whose winner may muck when everyone else folded: not Guts (a lone player's hand still decides
#: whether he takes the pot, when he is the dealer), nor the games of several hands per player (a player's own
#: hands contest each other).
MUCKING_GAMES = [v for v in all_variants() if v.not_showdown is None and v.division.kind != "guts"
                 and "hands" not in v.reads]


@pytest.mark.parametrize("variant", MUCKING_GAMES, ids=[v.id for v in MUCKING_GAMES])
def test_in_every_game_the_last_player_in_wins_without_cards_board_or_events(client: FlaskClient,
                                                                            variant: Variant) -> None:
    """Uncontested pots (issue 15): whatever the game, when everyone else folded the last player wins every chip
    with no cards from anyone, no board and no play-time events (they only rank hands), and his hands are
    answered as not shown."""
    example = example_request(variant)
    first = example["players"][0]["id"]
    players = [{"id": first}] + [{"id": f"out{i}", "folded": True} for i in range(len(example["players"]) - 1)]
    body = {"variant": variant.id, "players": players, "contributions": {p["id"]: 7 for p in players}}
    found = answer(client, body)
    assert found["payouts"] == {p["id"]: 7 * len(players) if p["id"] == first else 0 for p in players}
    assert all(h["reason"].startswith("not shown") for h in found["players"][0]["hands"].values())


# --- run it N times ------------------------------------------------------------------------------------------


def all_in_on_the_flop(**overrides: Any) -> dict[str, Any]:
    return {"variant": "texas-holdem", "board": ["Kd", "7c", "2h"],
            "players": [{"id": "ann", "hole": ["Ah", "Kh"]}, {"id": "bob", "hole": ["Qs", "Qc"]}],
            "contributions": {"ann": 100, "bob": 100}, **overrides}


def test_run_it_twice_settles_each_half_on_its_own_board(client: FlaskClient) -> None:
    found = answer(client, all_in_on_the_flop(runs=[["9s", "2d"], ["Qd", "3c"]]))
    assert found["payouts"] == {"ann": 100, "bob": 100}
    first, second = found["runs"]
    assert first["board"] == ["Kd", "7c", "2h", "9s", "2d"] and second["board"] == ["Kd", "7c", "2h", "Qd", "3c"]
    assert first["payouts"] == {"ann": 100, "bob": 0} and second["payouts"] == {"ann": 0, "bob": 100}
    assert second["players"][1]["hands"]["high"]["category"] == "three-of-a-kind"
    assert [(a["share"], a["amount"], a["payouts"]) for a in found["pots"][0]["awards"]] == [
        ("high", 200, {"ann": 100, "bob": 100})]
    assert found["summary"].startswith("Run 1: ann wins 100") and "Run 2: bob wins 100" in found["summary"]


def test_a_pot_that_does_not_divide_gives_the_first_runs_one_chip_more(client: FlaskClient) -> None:
    """202 in three runs: 68, 67 and 67; ann wins the first two runs, bob the third."""
    body = all_in_on_the_flop(contributions={"ann": 101, "bob": 101}, runs=[["9s", "2d"], ["8s", "Kc"],
                                                                            ["Qd", "3c"]])
    found = answer(client, body)
    assert [run["pots"][0]["amount"] for run in found["runs"]] == [68, 67, 67]
    assert found["payouts"] == {"ann": 135, "bob": 67}


def test_a_run_card_already_dealt_or_a_short_run_points_into_runs(client: FlaskClient) -> None:
    body = all_in_on_the_flop(runs=[["9s", "Kd"], ["Qd"]])
    assert codes(problem(post(client, body), 422)) == {"/runs/0/1": "duplicate-card", "/runs/1": "wrong-card-count"}


def test_two_runs_may_show_the_same_card(client: FlaskClient) -> None:
    found = answer(client, all_in_on_the_flop(runs=[["9s", "2d"], ["9s", "3c"]]))
    assert found["payouts"] == {"ann": 200, "bob": 0}


def test_runs_need_a_board_and_two_to_four_of_them(client: FlaskClient) -> None:
    draw = {"variant": "five-card-draw", "players": [{"id": "ann", "hole": ["Ah", "Kh", "2c", "3c", "4c"]},
                                                     {"id": "bob", "hole": ["Qs", "Qc", "Qd", "3d", "4d"]}]}
    assert codes(problem(post(client, {**draw, "runs": [[], []]}), 422)) == {"/runs": "no-board"}
    assert codes(problem(post(client, all_in_on_the_flop(runs=[["9s", "2d"]])), 422)) == {"/runs": "length"}


def test_a_layout_game_runs_the_missing_positions(client: FlaskClient) -> None:
    """Iron Cross (any five of the hole cards and one line, 1-5-3 or 4-5-2): the centre and the horizontal arm are
    shared, each run deals the vertical arm. Run 1 (Ks, Kc) gives ann three kings; run 2 (Qh, 4s) bob three
    queens, over ann's pair of queens (the horizontal line 7s 2d 6c helps nobody)."""
    body = {"variant": "iron-cross", "board": {"5": "2d", "4": "7s", "2": "6c"},
            "players": [{"id": "ann", "hole": ["Ah", "Kh", "Qd", "Jc", "9h"]},
                        {"id": "bob", "hole": ["Qs", "Qc", "8d", "8h", "3c"]}],
            "pot": 100, "runs": [{"1": "Ks", "3": "Kc"}, {"1": "Qh", "3": "4s"}]}
    found = answer(client, body)
    assert [run["board"] for run in found["runs"]] == [{"5": "2d", "4": "7s", "2": "6c", "1": "Ks", "3": "Kc"},
                                                      {"5": "2d", "4": "7s", "2": "6c", "1": "Qh", "3": "4s"}]
    assert [run["pots"][0]["awards"][0]["winners"] for run in found["runs"]] == [["ann"], ["bob"]]
    assert found["payouts"] == {"ann": 50, "bob": 50}
    again = {**body, "runs": [{"1": "Ks", "4": "3h"}, ["Qh", "4s"]]}
    assert codes(problem(post(client, again), 422)) == {"/runs/0/4": "position-dealt", "/runs/0": "missing-position",
                                                        "/runs/1": "layout-board"}


def test_runs_in_the_wrong_shape_say_which_shape_the_board_takes(client: FlaskClient) -> None:
    flat = all_in_on_the_flop(board={"1": "Kd"}, runs=[["9s", "2d"], ["Qd", "3c"]])
    assert codes(problem(post(client, flat), 422)) == {"/board": "flat-board"}
    flat = all_in_on_the_flop(runs=[{"4": "9s"}, ["Qd", "3c"]])
    assert codes(problem(post(client, flat), 422)) == {"/runs/0": "flat-board"}
    cross = {"variant": "iron-cross", "board": ["2d"], "pot": 10, "runs": [{"1": "Ks"}, {"1": "Qh"}],
             "players": [{"id": "ann", "hole": ["Ah", "Kh", "Qd", "Jc", "9h"]},
                         {"id": "bob", "hole": ["Qs", "Qc", "8d", "8h", "3c"]}]}
    assert codes(problem(post(client, cross), 422)) == {"/board": "layout-board"}


def test_a_layout_game_may_deal_every_position_in_the_runs(client: FlaskClient) -> None:
    cross = {"variant": "iron-cross", "pot": 10, "runs": [{"5": "2d", "4": "7s", "2": "6c", "1": "Ks", "3": "Kc"},
                                                         {"5": "2d", "4": "7s", "2": "6c", "1": "Kc", "3": "Ks"}],
             "players": [{"id": "ann", "hole": ["Ah", "Kh", "Qd", "Jc", "9h"]},
                         {"id": "bob", "hole": ["Qs", "Qc", "8d", "8h", "3c"]}]}
    assert answer(client, cross)["payouts"] == {"ann": 10, "bob": 0}
    cross["runs"][1]["3"] = "Qs"
    assert codes(problem(post(client, cross), 422)) == {"/players/1/hole/0": "duplicate-card"}


def test_a_hand_run_twice_is_drawn_on_its_first_runs_board_with_every_runs_summary(client: FlaskClient) -> None:
    response = client.post("/v1/showdowns/render", json=all_in_on_the_flop(runs=[["9s", "2d"], ["Qd", "3c"]]))
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    svg = response.get_data(as_text=True)
    assert "Run 1: ann wins" in svg and "Run 2:" in svg  # the summary, wrapped over lines
    assert ">9<" in svg and ">3<" not in svg  # the first run's turn card, not the second's river
