"""Wild cards per board group (:class:`~evaluator.wilds.rules.GroupPositionRank`, Double Elevator's sets) against the
rule read the straightforward way: the card at the group's wild position and every usable card of its rank."""

from __future__ import annotations

import random
from collections.abc import Sequence

from evaluator.values.cards import JOKER_BASE, Card
from evaluator.values.deal import Deal
from evaluator.wilds.rules import GroupPositionRank
from tests.evaluator.wilds.board_deals import board_deals

POSITIONS = ("A1", "A2", "E1", "E2", "B1", "B2", "C1")


def _read_plainly(rule: GroupPositionRank, deal: Deal, usable: Sequence[Card], group: Sequence[str]
                  ) -> frozenset[Card]:
    board = dict(zip(deal.positions or (), deal.board, strict=False))
    cards = [board[p] for p in group if p in rule.positions and p in board]
    ranks = {c.rank for c in cards if not c.is_joker}
    of_ranks = frozenset(c for c in usable if c < JOKER_BASE and c >> 2 in ranks)
    return of_ranks | (frozenset(cards) & frozenset(usable))


def test_a_groups_wild_cards_are_its_wild_positions_card_and_every_usable_card_of_its_rank() -> None:
    """Seeded boards (jokers among them, positions missing) and groups holding zero, one or two wild positions."""
    rng = random.Random("group wilds")
    rule = GroupPositionRank(positions=("E1", "E2"))
    wild_seen = 0
    for seat, deal, usable in board_deals(rng, POSITIONS, 3000):
        group = rng.sample(POSITIONS, rng.randint(1, 4))
        found = rule.in_group(seat, deal, usable, group)
        assert found == _read_plainly(rule, deal, usable, group)
        wild_seen += bool(found)
    assert wild_seen > 500  # the wild cards found, not only empty sets
