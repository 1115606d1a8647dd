"""The rarer parts of a :class:`Variant`, held as records or derived: the seats a game seats (stated, else the
deck's), the per-player facts its wild rules read, and how its wild cards may play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from evaluator.catalog import all_variants, variant_named
from evaluator.engine.showdown import adjudicate
from evaluator.formation import Count
from evaluator.values.cards import parse_cards
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import InvalidShowdown
from evaluator.values.limits import MAX_PLAYERS
from evaluator.wilds.play import WildPlay
from evaluator.wilds.rules import PersonalRank
from evaluator.wilds.sequence import SUITED_DEUCE

HOLDEM = variant_named("texas-holdem")
ROYAL = variant_named("royal-holdem")  # 20 cards, 2 hole + 5 board; the rules state 6 players


def test_stated_seats_are_the_seating_and_none_lets_the_deck_decide() -> None:
    assert ROYAL.seats == Count.between(2, 6) and ROYAL.seating == Count.between(2, 6)
    assert replace(ROYAL, seats=None).seating == Count.between(2, (20 - 5) // 2)
    assert HOLDEM.seats is None and HOLDEM.seating == Count.between(2, min(MAX_PLAYERS, (52 - 5) // 2))
    assert replace(HOLDEM, seats=Count.between(3, 4)).seating == Count.between(3, 4)


def test_the_player_facts_are_those_the_wild_rules_read() -> None:
    assert variant_named("football").player_facts == ("wild_rank",)
    assert HOLDEM.player_facts == ()
    personal = replace(HOLDEM, wilds=(PersonalRank(), PersonalRank()))
    assert personal.player_facts == ("wild_rank",)
    assert {v.id for v in all_variants() if v.player_facts} == {"football"}


def test_a_wild_rank_is_refused_unless_a_wild_rule_reads_it() -> None:
    deal = Deal(seats=(Seat(id="ann", hole=parse_cards("5c 5d"), wild_rank=3),  # her 5s (rank 3) are wild
                       Seat(id="bob", hole=parse_cards("Qc Qd"))), board=parse_cards("7h 2s 9c Jd Qh"), pot=100)
    with pytest.raises(InvalidShowdown):
        adjudicate(HOLDEM, deal)
    played = adjudicate(replace(HOLDEM, wilds=(PersonalRank(),)), deal)  # her straight beats his three queens
    assert [s.winners for s in played.pots[0].shares] == [("ann",)]


def test_wild_play_is_restricted_with_choice_cards_or_sequence_wilds_only() -> None:
    assert not WildPlay().restricted
    assert not WildPlay(joker_twist=True, natural_beats_wild=True).restricted
    assert WildPlay(sequence_wilds=SUITED_DEUCE).restricted
    assert WildPlay(choice_cards=((parse_cards("2c")[0], tuple(parse_cards("3c 4c"))),)).restricted
