"""Dense indexes for rank multisets, the keys of every ranking table.

A hand's ranks, sorted ascending (r0 <= r1 <= ... <= r(k-1), each 0..12), become strictly increasing by adding
their position (s_i = r_i + i); the combinatorial number system then gives a dense index
``sum(C(s_i, i + 1))`` in ``range(C(13 + k - 1, k))``. Suits play no part: flushes have a table of their own.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

__all__ = [
    "CHOOSE", "COLUMN_SHARES", "multiset_count", "multiset_index", "multiset_indexes", "sorted_multisets",
    "unsorted_multiset_indexes",
]

# CHOOSE[n, k] = C(n, k) for the index arithmetic, as an array for vectorised lookups.
CHOOSE: npt.NDArray[np.int64] = np.array([[comb(n, k) for k in range(16)] for n in range(32)], dtype=np.int64)


def multiset_count(size: int) -> int:
    """How many rank multisets of ``size`` cards there are (any multiplicity)."""
    return comb(13 + size - 1, size)


def sorted_multisets(size: int, symbols: int = 13) -> npt.NDArray[np.int64]:
    """Every rank multiset of ``size`` cards, one sorted row each, in index order (``symbols``: how many values a
    card may take; the first ``C(13 + size - 1, size)`` rows are the rank multisets whatever their number)."""
    rows = np.array(list(combinations_with_replacement(range(symbols), size)), dtype=np.int64)
    order = np.argsort(multiset_indexes(rows))
    return rows[order]


def multiset_indexes(sorted_ranks: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """Dense index of each row of ascending ranks (shape ``(n, k)``)."""
    k = sorted_ranks.shape[1]
    positions = np.arange(k)
    return CHOOSE[sorted_ranks + positions, positions + 1].sum(axis=1)  # type: ignore[no-any-return]


#: Each sorted column's share of the index: ``_COLUMNS[i][r] = CHOOSE[r + i, i + 1]`` (out of range exactly where
#: that is).
_COLUMNS = tuple(np.ascontiguousarray(CHOOSE[i:, i + 1]) for i in range(CHOOSE.shape[1] - 1))
#: The same shares as lists of ints (``COLUMN_SHARES[i][r]``), for an index read one hand at a time in Python.
COLUMN_SHARES: tuple[list[int], ...] = tuple(column.tolist() for column in _COLUMNS)
#: A sorting network for five values: after these compare-exchanges of columns, the columns are in order.
_FIVE = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))
#: Rows from which five-wide batches are sorted by the network (column at a time) rather than row by row: below
#: it the two cost about the same.
_NETWORK_FROM = 200


def unsorted_multiset_indexes(ranks: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """``multiset_indexes(np.sort(ranks, axis=1))``: the dense index of each row of ranks in any order. A large
    five-wide batch is sorted by a sorting network over whole columns, several times faster than ``np.sort`` row by
    row, and indexed column by column."""
    rows, width = ranks.shape
    if width != 5 or rows < _NETWORK_FROM:
        return multiset_indexes(np.sort(ranks, axis=1))
    columns = list(np.array(ranks.T, dtype=np.int64, order="C"))
    for a, b in _FIVE:
        low = np.minimum(columns[a], columns[b])
        np.maximum(columns[a], columns[b], out=columns[b])
        columns[a] = low
    index: npt.NDArray[np.int64] = _COLUMNS[0][columns[0]]
    for i in range(1, 5):
        index += _COLUMNS[i][columns[i]]
    return index


def multiset_index(ranks: list[int] | tuple[int, ...]) -> int:
    """Dense index of one hand's ranks (any order)."""
    return sum(comb(r + i, i + 1) for i, r in enumerate(sorted(ranks)))
