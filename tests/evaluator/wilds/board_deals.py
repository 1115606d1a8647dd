"""Seeded one-seat deals on boards of named positions, for the wild rules that read the board by position."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from evaluator.values.cards import JOKER_BASE, Card, card_of
from evaluator.values.deal import Deal, Seat

__all__ = ["board_deals"]


def board_deals(rng: random.Random, names: Sequence[str], count: int, unplaced: float = 0.0
                ) -> Iterator[tuple[Seat, Deal, list[Card]]]:
    """``count`` deals of one seat (four hole cards) and a board on some of ``names`` (any number, in any order; two
    jokers in the deck), each with the cards the rule is given as usable: the hole and board cards, or one time in
    five the hole cards alone. With ``unplaced``, that share of the boards come without their positions."""
    for _ in range(count):
        deck = [card_of(c) for c in [*range(52), JOKER_BASE, JOKER_BASE + 1]]
        rng.shuffle(deck)
        positions = tuple(rng.sample(names, rng.randint(0, len(names))))
        board = tuple(deck[:len(positions)])
        seat = Seat(id="p", hole=tuple(deck[len(positions):len(positions) + 4]))
        placed = positions if not unplaced or rng.random() >= unplaced else None
        deal = Deal(seats=(seat,), board=board, positions=placed, pot=10)
        usable = [*seat.hole, *board] if rng.random() < 0.8 else list(seat.hole)
        yield seat, deal, usable
