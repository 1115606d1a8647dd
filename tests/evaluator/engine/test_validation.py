"""Seat limits only where the rules state one; otherwise the deck decides, draws included (issue 15: "Badugi refuses
9 players though the deck allows them and no rule sets a limit").

Reference examples of stated limits: Royal Hold'em "up to 6 players", Boise "up to 9 players", Southern Deuce
"players 2-4", Island Pineapple "3-7 players".
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from marshmallow import ValidationError

from evaluator import adjudicate, example_request, variant_named
from evaluator.catalog import all_variants
from evaluator.engine.validation import _collected, _plainly_fine
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, PlayerHand, Seat
from evaluator.values.errors import InvalidShowdown
from evaluator.values.limits import MAX_PLAYERS
from evaluator.variant import Variant
from service.schemas.requests import ShowdownRequestSchema
from tests.samples import samples


def _deal(players: int, per_player: int, board: int = 0) -> Deal:
    cards = [Card(c) for c in range(52)]
    seats = tuple(Seat(id=f"p{i}", hole=tuple(cards[i * per_player:(i + 1) * per_player])) for i in range(players))
    return Deal(seats=seats, board=tuple(cards[52 - board:]), pot=100)


def test_badugi_seats_nine_players_because_no_rule_sets_a_limit() -> None:
    result = adjudicate(variant_named("badugi"), _deal(9, 4))
    assert sum(result.payouts.values()) == 100
    assert variant_named("badugi").seating.max == min(MAX_PLAYERS, 52 // 4)


def test_a_draw_game_seats_as_many_players_as_the_deck_deals_final_hands() -> None:
    assert variant_named("five-card-draw").seating.max == 52 // 5
    with pytest.raises(InvalidShowdown) as caught:
        adjudicate(variant_named("five-card-draw"), _deal(11, 4))
    assert any(p.code == "seats" for p in caught.value.problems)


@pytest.mark.parametrize(("variant", "most"), [("royal-holdem", 6), ("boise", 9), ("southern-deuce-holdem", 4),
                                               ("island-pineapple", 7), ("cucamonga", 11)])
def test_a_limit_the_rules_state_is_kept(variant: str, most: int) -> None:
    game = variant_named(variant)
    assert game.seats is not None and game.seating.max == most



# The quick pass (``_plainly_fine``) against the problem collection it stands in for (``_collected``).

def _calls() -> list[Any]:
    """Every catalog variant's example at its fewest and most seats, as the service loads them."""
    calls = []
    for variant in all_variants():
        if variant.not_showdown is not None:
            continue
        for players in sorted({variant.seating.min, 3, variant.seating.max}):
            try:
                calls.append(ShowdownRequestSchema().load(example_request(variant, players=players)))
            except (ValidationError, IndexError):  # IndexError: the deck ran out
                continue
    return calls


CALLS = _calls()


def _mutated(deal: Deal, rng: random.Random) -> Deal:
    """The deal with one to three random changes, each of the kind a check is there to refuse (or not)."""
    for _ in range(rng.randint(1, 3)):
        seats = list(deal.seats)
        i = rng.randrange(len(seats))
        seat = seats[i]
        dealt = [c for s in seats for c in (*s.hole, *s.up)] + list(deal.board)
        card = rng.choice(dealt) if dealt else Card(0)
        change = rng.randrange(16)
        if change == 0:
            seats[i] = replace(seat, hole=seat.hole[1:])
        elif change == 1:
            seats[i] = replace(seat, hole=(*seat.hole, card))
        elif change == 2:
            seats[i] = replace(seat, hole=(*seat.hole, Card(rng.randrange(52))))
        elif change == 3:
            seats[i] = replace(seat, up=seat.up[1:] if seat.up else (Card(rng.randrange(52)),))
        elif change == 4:
            seats[i] = replace(seat, folded=not seat.folded)
        elif change == 5:
            seats[i] = replace(seat, declare=rng.choice([None, "high", "low", "both", "up"]))
        elif change == 6:
            seats[i] = replace(seat, id=seats[(i + 1) % len(seats)].id)
        elif change == 7:
            seats[i] = replace(seat, claim=seat.hole)
        elif change == 8:
            seats[i] = replace(seat, wild_rank=rng.randrange(13))
        elif change == 9:
            seats[i] = replace(seat, hands=(PlayerHand(hole=seat.hole),), hole=())
        elif change == 10:
            layout = rng.choice(["as sent", "none", "renamed", "made up"])
            kept = len(deal.board) if layout == "made up" else rng.randrange(len(deal.board) + 1)
            positions = deal.positions[:kept] if deal.positions is not None else None
            if layout == "none":  # a layout board sent as an array, or the other way round
                positions = None if positions is not None else tuple(str(i) for i in range(kept))
            elif layout == "renamed" and positions:
                positions = (*positions[:-1], "nowhere")
            board = deal.board[:kept]
            if layout == "made up" and positions is not None:  # one more card, at a position the layout lacks
                positions, board = (*positions, "nowhere"), (*board, Card(min(set(range(52)) - set(dealt))))
            deal = replace(deal, board=board, positions=positions)
        elif change == 11:
            deal = replace(deal, pot=rng.choice([-1, 0, None]))
        elif change == 12:
            deal = replace(deal, pot=None, contributions={s.id: rng.randrange(-1, 50) for s in seats[1:]},
                           dead=rng.choice([None, {seat.id: 5}]))
        elif change == 13:
            deal = replace(deal, button=rng.choice([seat.id, "nobody"]))
        elif change == 14:
            deal = replace(deal, events={**deal.events, rng.choice(["up_order", "nothing"]): ["As"]})
        else:
            seats = seats[:-1] if len(seats) > 1 and rng.random() < 0.5 else [*seats, replace(seat, id="extra")]
        deal = replace(deal, seats=tuple(seats))
    return deal


def _quick_agrees(game: Variant, deal: Deal, all_shown: bool) -> bool:
    """The quick pass answers only where the collection finds no problem, and then what the collection finds; True
    when it answered."""
    fine = _plainly_fine(game, deal, all_shown)
    if fine is not None:
        assert _collected(game, deal, all_shown) == ([], fine)
    return fine is not None


@pytest.mark.parametrize("all_shown", [False, True])
def test_the_quick_pass_answers_every_catalog_example_as_the_problem_collection_does(all_shown: bool) -> None:
    answered = [_quick_agrees(call.variant.with_options(call.options), call.deal, all_shown) for call in CALLS]
    assert all(answered)  # every example is plainly fine: the quick pass is not too strict to serve


@pytest.mark.parametrize("seed", range(samples(4, 40)))
def test_the_quick_pass_never_passes_a_deal_the_problem_collection_refuses(seed: int) -> None:
    rng = random.Random(seed)
    answered = 0
    for call in CALLS:
        game = call.variant.with_options(call.options)
        for all_shown in (False, True):
            answered += _quick_agrees(game, _mutated(call.deal, rng), all_shown)
    assert 0 < answered < 2 * len(CALLS)  # both ways: some changed deals pass, others are refused
