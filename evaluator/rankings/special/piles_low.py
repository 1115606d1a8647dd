"""PILES-LOW (the Piles variation): a low compared on its five card values alone (reference ``piles-variant``).

Pairs and trips do not count: a low is compared on its five values from the highest down, ignoring pairing (the
ace is 1). All five cards must be 5 or lower to qualify: A-A-A-A-2 is the best low and 5-5-5-5-4 the worst
qualifier. Straights and flushes do not count either.

The key is ``(-1, -v1, ..., -v5)`` (values from the highest down, negated, greater is better): the leading ``-1``
is LOW-A5's "no pair" category, which every hand has here, so the standard :class:`LowQualifier` reads it
unchanged: :data:`PILES_QUALIFIER` (``LowQualifier(5)``) passes exactly the hands with every card 5 or lower.
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator.rankings.base import Described, Key, TableRanking
from evaluator.rankings.poker_key import value_letter
from evaluator.rankings.qualifiers import LowQualifier

__all__ = ["PILES_LOW", "PILES_QUALIFIER", "PilesLowRanking"]

PILES_QUALIFIER = LowQualifier(5)


def _value(rank: int) -> int:
    return 1 if rank == 12 else rank + 2


def _key(ranks: Sequence[int], flush: bool) -> Key:
    return (-1, *sorted(-_value(r) for r in ranks))


def _describe(key: Key, cards: Sequence[int]) -> Described:
    return Described("low", "-".join(value_letter(-v) for v in key[1:]) + " low (pairs do not count)")


class PilesLowRanking(TableRanking):
    """PILES-LOW: reads from the highest value down."""

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        return sorted(cards, key=lambda c: (_value(c >> 2), c), reverse=True)


PILES_LOW = PilesLowRanking(name="PILES-LOW", title="Piles low: five card values from the highest down, pairs "
                            "ignored, ace low; qualifies with every card 5 or lower", key=_key,
                            describe=_describe, suits_matter=False, ace_low=True)
