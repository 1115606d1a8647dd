"""Seat limits only where the rules state one; otherwise the deck decides, draws included (issue 15: "Badugi refuses
9 players though the deck allows them and no rule sets a limit").

Reference examples of stated limits: Royal Hold'em "up to 6 players", Boise "up to 9 players", Southern Deuce
"players 2-4", Island Pineapple "3-7 players".
"""

from __future__ import annotations

import pytest

from evaluator import adjudicate, variant_named
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import InvalidShowdown
from evaluator.values.limits import MAX_PLAYERS


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

