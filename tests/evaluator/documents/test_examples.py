"""Each catalog example exercises its variant's defining rule (issue 15: "the Baseball example never exercises its
face-up-4 rule"): every hand the variant scores is held by somebody (Chicago's high spade in the hole), a wild card
is played in a wild game, and Baseball's example shows a face-up 4 with the extra card it buys."""

from __future__ import annotations

import pytest

from evaluator import adjudicate, example_request, variant_named
from evaluator.catalog import all_variants
from evaluator.documents.examples import _exercises
from evaluator.mechanisms import Breaker
from evaluator.values.cards import parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.variant import Variant

JUDGED = [v for v in all_variants() if v.not_showdown is None and v.find(Breaker) is None]


@pytest.mark.parametrize("variant", JUDGED, ids=lambda v: v.id)
def test_every_example_holds_every_hand_its_variant_scores_and_plays_its_wild_cards(variant: Variant) -> None:
    assert _exercises(variant, example_request(variant))


def test_the_chicago_example_has_a_spade_in_the_hole_that_wins_half_the_pot() -> None:
    body = example_request(variant_named("chicago"))
    seats = tuple(Seat(id=p["id"], hole=parse_cards(p["hole"]), up=parse_cards(p.get("up", [])))
                  for p in body["players"])
    result = adjudicate(variant_named("chicago"), Deal(seats=seats, board=parse_cards(body.get("board", [])),
                                                       pot=body["pot"]))
    spade = [share for pot in result.pots for share in pot.shares if share.name == "high_spade"]
    assert spade and spade[0].amount == body["pot"] // 2


@pytest.mark.parametrize(("variant", "rank"), [("baseball", "4"), ("baseball-national-league", "7")])
def test_the_baseball_example_shows_a_face_up_card_that_buys_an_extra_one(variant: str, rank: str) -> None:
    game = variant_named(variant)
    for player in example_request(game)["players"]:
        extra = sum(card[0] == rank for card in player["up"])
        assert len(player["up"]) == game.up.min + extra
    assert any(card[0] == rank for card in example_request(game)["players"][0]["up"])
