"""SPOTS (Spots' third share, reference C1 [ASSUMPTION]): the most pips in the centre column of the five cards.

A card's spots are the pips down its centre column: A 1, 2 2, 3 3, 4 0, 5 1, 6 0, 7 1, 8 2, 9 1, 10 2, courts 0
(poker.com's and pokerhomegames.com's "Spots" count). More spots win; equal totals split.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from evaluator.rankings.base import Described, Key, TableRanking

__all__ = ["CENTRE_SPOTS", "SPOTS"]

#: Centre-column spots by rank index (deuce first).
CENTRE_SPOTS: Final = (2, 3, 0, 1, 0, 1, 2, 1, 2, 0, 0, 0, 1)


def _key(ranks: Sequence[int], flush: bool) -> Key:
    return (sum(CENTRE_SPOTS[r] for r in ranks),)


def _describe(key: Key, cards: Sequence[int]) -> Described:
    return Described("spots", f"{key[0]} spot{'s' if key[0] != 1 else ''} in the centre column")


SPOTS = TableRanking(name="SPOTS", title="Spots: the most pips in the centre column of the five cards",
                     key=_key, describe=_describe, suits_matter=False)
