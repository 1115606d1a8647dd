"""Island Pineapple's Phantom Ship (reference ``island-pineapple-phantom-ship``): the ship's place in the ranking,
the request's card counts with and without the early showdown, and when a ship is fouled."""

from __future__ import annotations

from random import Random

import numpy as np

from evaluator.catalog import variant_named
from evaluator.mechanisms.phantom_ship import PhantomShip, ShipRanking
from evaluator.rankings import HIGH
from evaluator.values.cards import Card, parse_cards
from evaluator.values.deal import Deal, Seat

SHIP = parse_cards("8h 8d 8s")
RANKING = ShipRanking(HIGH, SHIP)


def _score(cards: str) -> int:
    return RANKING.evaluate([int(c) for c in parse_cards(cards)])


def test_the_ship_ranks_above_every_four_of_a_kind_and_below_every_straight_flush() -> None:
    ship = _score("8h 8d 8s 3c 4d")
    assert _score("Ac Ad Ah As Kc") < ship < _score("Ac 2c 3c 4c 5c")
    assert RANKING.describe(ship, []).category == "phantom-ship"
    assert RANKING.key(ship)[:2] == (8, 15)


def test_ship_hands_compare_as_the_poker_hands_they_are() -> None:
    assert _score("8h 8d 8s 3c 4d") < _score("8h 8d 8s 4c 4d") < _score("8h 8d 8s 8c 2d") < _score("8h 8d 8s 8c Qd")
    assert RANKING.describe(_score("8h 8d 8s 8c Qd"), []).description.startswith(
        "Phantom ship of eights (four eights, queen kicker)")


def test_every_other_hand_keeps_its_order_and_description() -> None:
    rng = Random(3)
    deck = [c for c in range(52) if c not in SHIP]
    hands = np.array([rng.sample(deck, 5) for _ in range(3000)], dtype=np.int64)
    base, shipped = HIGH.evaluate_many(hands), RANKING.evaluate_many(hands)
    order = np.argsort(base, kind="stable")
    steps, shipped_steps = np.diff(base[order]), np.diff(shipped[order])
    assert (shipped_steps >= 0).all() and ((steps == 0) == (shipped_steps == 0)).all()
    for row, b, s in zip(hands[:50].tolist(), base[:50].tolist(), shipped[:50].tolist(), strict=True):
        assert HIGH.describe(b, row) == RANKING.describe(s, row)
        assert HIGH.key(b) == RANKING.key(s)


def _deal(board: str, **holes: str) -> Deal:
    positions = ("V1", "V2", "H1", "H2", "TURN", "R1", "R2")
    return Deal(seats=tuple(Seat(id=p, hole=parse_cards(h)) for p, h in holes.items()),
                board=parse_cards(board), positions=positions, pot=100, events={"phantom_ship": "ann"})


def _rule() -> PhantomShip:
    rule = variant_named("island-pineapple-phantom-ship").find(PhantomShip)
    assert rule is not None
    return rule


def test_a_ship_needs_its_fourth_card_on_the_board_by_the_turn() -> None:
    rule = _rule()
    assert rule.fouled(_deal("8c Ad Jh 5d 6s Qh Qd", ann="8h 8d 8s", bob="Jc Js Jd")) == {}
    assert rule.fouled(_deal("Kc Ad Jh 5d 8c Qh Qd", ann="8h 8d 8s", bob="Jc Js Jd")) == {}  # the turn
    river = rule.fouled(_deal("Kc Ad Jh 5d 6s 8c Qd", ann="8h 8d 8s", bob="Jc Js Jd"))
    assert "fourth eight is not on the board by the turn" in river["ann"]
    assert "three down cards of one rank" in rule.fouled(_deal("8c Ad Jh 5d 6s Qh Qd", ann="8h 8d Ks",
                                                               bob="Jc Js Jd"))["ann"]


def test_card_counts_follow_the_early_showdown() -> None:
    rule = _rule()
    early = _deal("8c Ad Jh 5d 6s Qh Qd", ann="8h 8d 8s", bob="Jc Js")
    assert [p.pointer for p in rule.card_count_problems(early)] == ["/players/1/hole"]
    usual = Deal(seats=early.seats, board=early.board, positions=early.positions, pot=100)
    assert [p.pointer for p in rule.card_count_problems(usual)] == ["/players/0/hole"]
    folded = Seat(id="cy", hole=(Card("2c"),), folded=True)
    assert rule.card_count_problems(Deal(seats=(*usual.seats[1:], folded), board=early.board, positions=early.positions,
                              pot=100)) == []
