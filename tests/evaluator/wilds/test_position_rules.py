"""The card at a board position as a wild card (:class:`~evaluator.wilds.rules.PositionCard`: Iron Cross's centre,
Skyscraper Elevator's E, with or without every card of its rank) against the rule read the straightforward way: the
board as a map from position to card, each usable card's rank tested."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from evaluator.values.cards import Card
from evaluator.values.deal import Deal
from evaluator.wilds.rules import PositionCard
from tests.evaluator.wilds.board_deals import board_deals

POSITIONS = ("N", "E", "S", "W", "C", "T1", "T2")


def _read_plainly(rule: PositionCard, deal: Deal, usable: Sequence[Card]) -> frozenset[Card]:
    card = dict(zip(deal.positions or (), deal.board, strict=False)).get(rule.position)
    if card is None:
        return frozenset()
    if rule.whole_rank and not card.is_joker:
        return frozenset(c for c in usable if not c.is_joker and c.rank == card.rank)
    return frozenset({card}) & frozenset(usable)


@pytest.mark.parametrize("whole_rank", [False, True])
def test_the_wild_cards_are_the_positions_card_and_with_its_rank_every_usable_card_of_it(whole_rank: bool) -> None:
    """Seeded boards (jokers among them, the position sometimes missing, a board without positions) and usable
    cards with or without the board."""
    rng = random.Random(f"position wilds {whole_rank}")
    rule = PositionCard(position="C", whole_rank=whole_rank)
    wild_seen = 0
    for seat, deal, usable in board_deals(rng, POSITIONS, 3000, unplaced=0.1):
        found = rule.wild(seat, deal, usable)
        assert found == _read_plainly(rule, deal, usable)
        assert all(type(c) is Card for c in found)
        wild_seen += bool(found)
    assert wild_seen > 500  # the wild cards found, not only empty sets
