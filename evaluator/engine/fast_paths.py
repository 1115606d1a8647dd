"""Batch fast paths for the hottest standard shapes: best HIGH of 5-7 cards, Omaha high, Omaha 8-or-better low.

They return the same dense scores as :data:`~evaluator.rankings.HIGH` and :data:`~evaluator.rankings.LOW_A5`, so
they are interchangeable with the general formation engine; the tests (``tests/evaluator/engine/test_fast_paths.py``)
check them against brute force (every 5-card subset scored one by one). The equity engine
(:mod:`evaluator.engine.equity`) scores runouts of flat-board Hold'em and Omaha games with them, and
:mod:`bench.evaluation` measures batch rates against peer libraries with them; showdowns are adjudicated by the
general formation engine.

- ``best_high``: rank multisets of 5, 6 or 7 cards index a table of their best non-flush five-card score
  (sorted ranks through the combinatorial number system); a suit with five or more cards indexes a table of the
  best flush or straight flush of that 13-bit rank mask.
- ``omaha_high`` / ``omaha_low8``: each hole pair and board triple gets a rank-weight sum (weights chosen so that
  every five-card rank multiset has a distinct sum); pair + triple sums index a five-card table directly, so the
  60 combinations of a hand cost one addition and one lookup each.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from evaluator.rankings import HIGH, LOW_A5, NO_HAND, LowQualifier
from evaluator.rankings._multiset import multiset_indexes, sorted_multisets

__all__ = ["RANK_WEIGHTS", "best_high", "omaha_high", "omaha_low8"]

#: Per-rank weights (deuce first) whose sums are distinct for every multiset of at most five ranks with at most
#: four of a rank; found by a greedy search (each weight the smallest that keeps all sums distinct).
RANK_WEIGHTS: Final = np.array([0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415], dtype=np.int64)

IntArray = npt.NDArray[np.int64]
Scores = npt.NDArray[np.int32]

_PAIRS = np.array(list(combinations(range(4), 2)), dtype=np.int64)
_TRIPLES = np.array(list(combinations(range(5), 3)), dtype=np.int64)


@cache
def _plain_table(size: int) -> Scores:
    """Best HIGH score of any five of ``size`` ranks (no flush), by multiset index."""
    rows = sorted_multisets(size)
    if size == 5:
        return HIGH.plain_table
    best = np.full(len(rows), NO_HAND, dtype=np.int32)
    for sub in combinations(range(size), 5):
        np.maximum(best, HIGH.plain_table[multiset_indexes(rows[:, sub])], out=best)
    return best


@cache
def _flush_table() -> Scores:
    """Best flush or straight flush among the ranks of a 13-bit mask with at least five bits."""
    five = HIGH.flush_table
    best = np.full(1 << 13, NO_HAND, dtype=np.int32)
    for mask in range(1 << 13):
        bits = mask.bit_count()
        if bits == 5:
            best[mask] = five[mask]
        elif bits > 5:
            best[mask] = max(best[mask & ~(1 << b)] for b in range(13) if mask >> b & 1)
    return best


@cache
def _index_terms(size: int) -> IntArray:
    """``C(r + i, i + 1)`` laid out flat by position ``i`` then rank ``r``: the terms of a multiset index."""
    return np.array([comb(r + i, i + 1) for i in range(size) for r in range(13)], dtype=np.int64)


#: 1 << (3 * suit) for every card: a hand's sum of these holds its four suit counts in 3-bit fields.
_SUIT_BITS: Final = np.array([1 << (3 * (c & 3)) for c in range(52)], dtype=np.int64)


@cache
def _flush_suit() -> npt.NDArray[np.int64]:
    """The suit with five or more cards for every packed suit-count value, or -1."""
    table = np.full(1 << 12, -1, dtype=np.int64)
    for packed in range(1 << 12):
        for suit in range(4):
            if packed >> (3 * suit) & 7 >= 5:
                table[packed] = suit
    return table


def best_high(cards: npt.ArrayLike) -> Scores:
    """The best HIGH score of each row of 5, 6 or 7 card ints (shape ``(n, k)``)."""
    hands = np.asarray(cards, dtype=np.int64)
    size = hands.shape[1]
    ranks = hands >> 2
    ordered = np.sort(ranks, axis=1)
    scores = _plain_table(size)[_index_terms(size)[ordered + 13 * np.arange(size)].sum(axis=1)]
    suit = _flush_suit()[_SUIT_BITS[hands].sum(axis=1)]
    flushed = suit >= 0
    if flushed.any():
        mine = (hands[flushed] & 3) == suit[flushed, None]
        masks = np.where(mine, np.int64(1) << ranks[flushed], 0).sum(axis=1)
        scores[flushed] = np.maximum(scores[flushed], _flush_table()[masks])
    return scores  # type: ignore[no-any-return]


@cache
def _sum_table(ranking_name: str) -> Scores:
    """A five-card table indexed by rank-weight sum instead of multiset index."""
    rows = sorted_multisets(5)
    counts_ok = (np.diff(rows, axis=1) == 0).sum(axis=1) < 4  # no five of a kind: the weights cover four at most
    sums = RANK_WEIGHTS[rows].sum(axis=1)
    table = np.full(int(sums.max()) + 1, NO_HAND, dtype=np.int32)
    source = HIGH.plain_table if ranking_name == "HIGH" else _low8_scores()
    table[sums[counts_ok]] = source[counts_ok]
    return table


@cache
def _low8_scores() -> Scores:
    """LOW-A5 scores by multiset index, NO_HAND where the low does not qualify eight or better."""
    table = LOW_A5.plain_table.copy()
    q = LowQualifier(8)
    for i, score in enumerate(table.tolist()):
        if not q.passes(LOW_A5, LOW_A5.key(score)):
            table[i] = NO_HAND
    return table


def _pair_triple(hole: IntArray, board: IntArray) -> tuple[IntArray, IntArray]:
    pair_sum = RANK_WEIGHTS[hole[:, _PAIRS] >> 2].sum(axis=2)
    triple_sum = RANK_WEIGHTS[board[:, _TRIPLES] >> 2].sum(axis=2)
    return pair_sum[:, :, None] + triple_sum[:, None, :], pair_sum


def omaha_high(hole: npt.ArrayLike, board: npt.ArrayLike) -> Scores:
    """Best Omaha HIGH score (exactly 2 of 4 hole + 3 of 5 board) of each row."""
    h, b = np.asarray(hole, dtype=np.int64), np.asarray(board, dtype=np.int64)
    sums, _ = _pair_triple(h, b)
    scores = _sum_table("HIGH")[sums]
    hs, bs = h[:, _PAIRS] & 3, b[:, _TRIPLES] & 3
    pair_suit = np.where(hs[:, :, 0] == hs[:, :, 1], hs[:, :, 0], -1)
    triple_suit = np.where((bs[:, :, 0] == bs[:, :, 1]) & (bs[:, :, 1] == bs[:, :, 2]), bs[:, :, 0], -2)
    flush = pair_suit[:, :, None] == triple_suit[:, None, :]
    if flush.any():
        pair_mask = (np.int64(1) << (h[:, _PAIRS] >> 2)).sum(axis=2)
        triple_mask = (np.int64(1) << (b[:, _TRIPLES] >> 2)).sum(axis=2)
        masks = (pair_mask[:, :, None] | triple_mask[:, None, :])[flush]
        scores[flush] = HIGH.flush_table[masks]
    return scores.reshape(len(h), -1).max(axis=1)  # type: ignore[no-any-return]


def omaha_low8(hole: npt.ArrayLike, board: npt.ArrayLike) -> Scores:
    """Best Omaha LOW-A5 eight-or-better score of each row, or NO_HAND when no low qualifies."""
    h, b = np.asarray(hole, dtype=np.int64), np.asarray(board, dtype=np.int64)
    sums, _ = _pair_triple(h, b)
    return _sum_table("LOW8")[sums].reshape(len(h), -1).max(axis=1)  # type: ignore[no-any-return]
