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

__all__ = ["CHOOSE", "multiset_count", "multiset_index", "multiset_indexes", "sorted_multisets"]

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


def multiset_index(ranks: list[int] | tuple[int, ...]) -> int:
    """Dense index of one hand's ranks (any order)."""
    return sum(comb(r + i, i + 1) for i, r in enumerate(sorted(ranks)))
