"""HIGH-SHORT: standard high in which a player with fewer than five cards still competes (reference
``hearts-poker``, ``pyramid-wild-kill``).

A short hand (1 to 4 cards) can only make high card, pair, two pair, three or four of a kind, and loses to any
complete hand of the same category; it beats every hand of a lower category, complete or not.

Key scheme: a complete hand keeps HIGH's key ``(category, values...)`` exactly (every value is 2 or more); a short
hand's key is ``(category, 0, values...)``. Tuples compare left to right, so a short hand sits just below the
complete hands of its category and above every lower category: any high card ``(1, ...)`` < a short pair of aces
``(2, 0, 14, 13, 12)`` < a complete pair of deuces ``(2, 2, 5, 4, 3)``. Between short hands, more cards beat
fewer when the rest is equal (a longer key is greater).

This is HIGH (a :class:`TableRanking`, so wild cards in complete hands work as in HIGH) whose scores also cover
short hands: ``evaluate_many`` accepts rows of 1 to 5 cards, all of one width per call. Hands of every width are
arranged and described as a table ranking's: a short hand's arrangement (biggest group first, then the higher rank,
then suit; no straight, so the ace is high) is what people read, and its description reads its key alone; so the
search spells its hands as it spells any table ranking's.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

import numpy as np
import numpy.typing as npt

from evaluator.rankings._multiset import sorted_multisets, unsorted_multiset_indexes
from evaluator.rankings.base import NO_HAND, Described, Key, Scores, TableRanking
from evaluator.rankings.high import HIGH, describe_poker_key
from evaluator.rankings.poker_key import CATEGORY_SLUGS, HIGH_CARD, PAIR, QUADS, TRIPS, TWO_PAIR, grouped

__all__ = ["HIGH_SHORT", "ShortHandHigh", "short_key"]

_BY_COUNTS = {(1,): HIGH_CARD, (2,): PAIR, (2, 2): TWO_PAIR, (3,): TRIPS, (4,): QUADS}


def short_key(ranks: Sequence[int]) -> Key:
    """The key of a hand of 1 to 4 cards (ranks 0..12): ``(category, 0, group values...)``."""
    groups = grouped([r + 2 for r in ranks])
    shape = tuple(n for n, _ in groups if n > 1) or (1,)
    return (_BY_COUNTS[shape], 0, *(v for _, v in groups))


_EXTRA_CARDS = {HIGH_CARD: 0, PAIR: 1, TWO_PAIR: 2, TRIPS: 2, QUADS: 3}  # cards beyond one per group value


def _describe(key: Key, cards: Sequence[int]) -> Described:
    category = key[0]
    if key[1] == 0:
        heads = key[2:]
        size = len(heads) + _EXTRA_CARDS[category]
        return Described(CATEGORY_SLUGS[category], f"{describe_poker_key(category, heads)} (short hand of {size} "
                         f"card{'s' if size > 1 else ''})")
    return Described(CATEGORY_SLUGS[category], describe_poker_key(category, key[1:]))


class ShortHandHigh(TableRanking):
    """HIGH whose keys also hold the short hands of 1 to 4 cards."""

    def __init__(self) -> None:
        super().__init__(name="HIGH-SHORT", title="Standard high; a hand of fewer than five cards competes in the "
                         "categories it can make and loses to any complete hand of the same category",
                         key=HIGH.key_of, describe=_describe, suits_matter=True)
        self.sizes = (1, 2, 3, 4, 5)

    @cached_property
    def _short_rows(self) -> dict[int, list[Key]]:
        return {k: [short_key([int(r) for r in row]) for row in sorted_multisets(k)] for k in range(1, 5)}

    @cached_property
    def _tables(self) -> tuple[tuple[Key, ...], npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        full, plain, flush, suited = HIGH.keys, HIGH.plain_table, HIGH.flush_table, HIGH.suited_table  # same key
        short = {key for rows in self._short_rows.values() for key in rows}
        keys = tuple(sorted(set(full) | short))
        index = {k: i for i, k in enumerate(keys)}
        remap = np.array([index[k] for k in full], dtype=np.int32)
        return (keys, remap[plain], np.where(flush == NO_HAND, NO_HAND, remap[flush]).astype(np.int32),
                remap[suited])

    @cached_property
    def _short_tables(self) -> dict[int, npt.NDArray[np.int32]]:
        index = {k: i for i, k in enumerate(self.keys)}
        return {k: np.array([index[key] for key in rows], dtype=np.int32) for k, rows in self._short_rows.items()}

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        rows = np.asarray(hands, dtype=np.int64)
        width = rows.shape[1]
        if width == 5:
            return super().evaluate_many(rows)
        if not 1 <= width <= 4:
            raise ValueError(f"HIGH-SHORT ranks hands of 1 to 5 cards, got {width}")
        scores: Scores = self._short_tables[width][unsorted_multiset_indexes(rows >> 2)]
        return scores


HIGH_SHORT = ShortHandHigh()
