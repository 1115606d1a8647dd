"""Wild-card cases that once went wrong."""

from __future__ import annotations

from evaluator import Deal, Seat, adjudicate, parse_cards, variant_named


def test_the_two_of_clubs_alone_is_still_a_wild_card() -> None:
    """Card 0 is the 2c: a player whose only wild card it is must still get it (it is falsy as an int)."""
    seats = (Seat(id="a", hole=parse_cards("9d"), up=parse_cards("7d Js Kh 7h")),
             Seat(id="b", hole=parse_cards("5h"), up=parse_cards("Qc 2c Kc 9s")))
    result = adjudicate(variant_named("spokane-open-wild"), Deal(seats=seats, pot=10,
                                                                 events={"designator": "2h"}))
    b = result.players[1].hands["high"]
    assert b.category == "pair" and [str(w) for w, _ in b.wilds] == ["2c"]
    assert result.payouts == {"a": 0, "b": 10}  # kings (2c as a king) beat a's sevens
