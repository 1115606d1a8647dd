"""Guts: the best hand in takes the pot, and the losers in owe the next pot (reference: guts)."""

from __future__ import annotations

from evaluator import Deal, Seat, adjudicate, parse_cards, variant_named

SEATS = (Seat(id="a", hole=parse_cards("Ah Kd 2c")), Seat(id="b", hole=parse_cards("5s 5d 9c")),
         Seat(id="c", hole=parse_cards("7h 8h 9h")), Seat(id="d", folded=True))


def test_every_losing_player_in_owes_a_match_of_the_pot() -> None:
    """'every other "in" player must match the pot, which forms the next pot' (players out are folded)."""
    result = adjudicate(variant_named("guts"), Deal(seats=SEATS, pot=300))
    assert result.payouts == {"a": 0, "b": 0, "c": 300, "d": 0}
    assert dict(result.pots[0].owes) == {"a": 300, "b": 300}


def test_in_the_other_version_only_the_worst_hand_pays_double() -> None:
    """'Variants: only the worst "in" hand pays, and pays double.'"""
    result = adjudicate(variant_named("guts"), Deal(seats=SEATS, pot=300), {"penalty": "worst-pays-double"})
    assert dict(result.pots[0].owes) == {"a": 600}
