"""The dense index of rank multisets read from rows in any order (``unsorted_multiset_indexes``) against sorting
each row first (``np.sort``) and indexing the sorted rows (``multiset_indexes``), the straightforward reading."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from evaluator.rankings._multiset import CHOOSE, multiset_indexes, unsorted_multiset_indexes


def test_every_five_rank_row_in_every_order_has_the_index_of_its_sorted_row() -> None:
    """All 13^5 = 371,293 rows of five ranks (every order of every multiset), and ranks past the aces (a wild
    cell, a joker's rank): a batch large enough for the sorting network."""
    rows = np.array(list(product(range(15), repeat=5)), dtype=np.int64)
    assert np.array_equal(unsorted_multiset_indexes(rows), multiset_indexes(np.sort(rows, axis=1)))


@pytest.mark.parametrize("rows", [0, 1, 199, 200, 5000])
@pytest.mark.parametrize("width", [1, 3, 4, 5])
def test_small_and_narrow_batches_have_the_index_of_their_sorted_rows(rows: int, width: int) -> None:
    ranks = np.random.default_rng(rows * 7 + width).integers(0, 13, size=(rows, width))
    assert np.array_equal(unsorted_multiset_indexes(ranks), multiset_indexes(np.sort(ranks, axis=1)))


def test_a_rank_past_the_table_is_refused_as_when_sorted() -> None:
    """A value the index table cannot hold fails the same way either reading: an IndexError, never a wrong index."""
    rows = np.zeros((2000, 5), dtype=np.int64)
    rows[7, 3] = CHOOSE.shape[0]
    with pytest.raises(IndexError):
        multiset_indexes(np.sort(rows, axis=1))
    with pytest.raises(IndexError):
        unsorted_multiset_indexes(rows)
