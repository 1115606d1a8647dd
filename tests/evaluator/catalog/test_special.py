"""The catalog records of the special-ranking games: each composes a standard deal with its special ranking, and
Telesina's deck options keep the deck and the ranking's lowest straight together."""

from __future__ import annotations

import pytest

from evaluator.catalog import variant_named
from evaluator.catalog.special import SPECIAL
from evaluator.documents.examples import example_request
from evaluator.engine.showdown import adjudicate
from evaluator.mechanisms import Breaker, High
from evaluator.rankings import HIGH
from evaluator.rankings.special import BREAKER, EGYPT6, SOKO, TELESINA, TELESINA_SUITS, WRAP, ZEROFACE
from evaluator.rankings.special.short_hands import HIGH_SHORT
from evaluator.values.cards import RANKS, parse_cards
from evaluator.values.deal import Deal, Seat

RANKING_OF_VARIANT = {
    "wraparound": (WRAP, "high"),
    "egyptian-holdem": (EGYPT6, "high"),
    "telesina": (TELESINA, "high"),
    "soko": (SOKO, "high"),
    "more-or-less": (ZEROFACE, "low"),
    "hearts-poker": (HIGH_SHORT, "high"),
}


BREAKER_GAMES = {"breaker": (1, False), "breaker-dual": (2, False), "breaker-locked-side-pots": (1, True)}


def test_the_special_records_are_the_ones_expected() -> None:
    assert sorted(v.id for v in SPECIAL) == sorted([*RANKING_OF_VARIANT, *BREAKER_GAMES])


@pytest.mark.parametrize("variant_id", sorted(BREAKER_GAMES))
def test_breaker_games_score_the_plain_hand_the_broken_hand_and_the_hand_with_the_breaker(variant_id: str) -> None:
    variant = variant_named(variant_id)
    count, locked = BREAKER_GAMES[variant_id]
    assert [(h.name, h.ranking) for h in variant.hands] == [("high", HIGH), ("broken", BREAKER), ("breaker", BREAKER)]
    breaker = variant.find(Breaker)
    assert breaker is not None and breaker.division == High()
    assert (breaker.count, breaker.locked_side_pots) == (count, locked)
    assert variant.deck.jokers == count


@pytest.mark.parametrize("variant_id", sorted(RANKING_OF_VARIANT))
def test_each_record_scores_its_hand_with_its_special_ranking(variant_id: str) -> None:
    variant = variant_named(variant_id)
    ranking, hand_name = RANKING_OF_VARIANT[variant_id]
    assert [h.name for h in variant.hands] == [hand_name]
    assert variant.hands[0].ranking is ranking
    assert variant.division == High()
    assert "special-ranking" in variant.tags


def test_egyptian_holdem_plays_the_best_six_of_eight() -> None:
    variant = variant_named("egyptian-holdem")
    assert variant.hands[0].ranking.size == 6
    deal = Deal(seats=(Seat(id="ann", hole=parse_cards("7s 2h")), Seat(id="bob", hole=parse_cards("Kh 3d"))),
                board=parse_cards("Kc Kd 7h 4s 2c 9d"), pot=10)
    result = adjudicate(variant, deal)
    assert [len(p.hands["high"].cards) for p in result.players] == [6, 6]


TELESINA_LOWEST = {RANKS[low]: low for low in range(8)}  # deck_low_rank "2" ... "9"


@pytest.mark.parametrize("value", sorted(TELESINA_LOWEST))
def test_telesina_deck_low_rank_sets_the_deck_the_seats_and_the_lowest_straight(value: str) -> None:
    """Pagat: the lowest rank is 11 minus the number of players; the ace ends the deck's lowest straight."""
    variant = variant_named("telesina")
    game = variant.with_options({"deck_low_rank": value})
    low = TELESINA_LOWEST[value]
    assert game.deck.lowest_rank == low
    assert game.deck.size == (13 - low) * 4
    assert game.seating.max == min(10, (game.deck.size - 1) // 5)
    assert game.seating.max >= 11 - (low + 2)  # the players the rule of thumb deals for fit in the deck
    ranking = game.hands[0].ranking
    wheel = parse_cards(f"A{'c'} {RANKS[low]}d {RANKS[low + 1]}h {RANKS[low + 2]}s {RANKS[low + 3]}c")
    assert ranking.describe(ranking.evaluate(wheel), wheel).category == "straight"
    request = example_request(variant, players=game.seating.max, options={"deck_low_rank": value})
    seats = tuple(Seat(id=p["id"], hole=parse_cards(p["hole"]), up=parse_cards(p["up"])) for p in request["players"])
    result = adjudicate(variant, Deal(seats=seats, board=parse_cards(request["board"]), pot=request["pot"]),
                        {"deck_low_rank": value})
    assert sum(result.payouts.values()) == request["pot"]


def test_telesina_default_is_the_36_card_deck_of_the_five_player_example() -> None:
    variant = variant_named("telesina")
    assert variant.option("deck_low_rank") is not None
    assert variant.resolved_options({})["deck_low_rank"] == "6"
    assert variant.deck.size == 36
    assert variant.with_options({}) == variant


def test_telesina_suit_tiebreak_plays_the_online_32_card_form() -> None:
    game = variant_named("telesina").with_options({"suit_tiebreak": "on"})
    assert game.deck.size == 32
    assert game.hands[0].ranking is TELESINA_SUITS
    assert game.seating.max == 6
