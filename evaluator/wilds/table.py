"""Exact resolution of fully wild cards for the five-card table rankings, by reasoning over rank multisets.

A fully wild card (reference 2.3, W0) stands for any rank and suit, copies of held cards included. For a five-card
hand with ``k`` wild cards, only two facts about the ``5 - k`` natural cards matter: their rank multiset, and whether
they all share one suit (then the wild cards may join that suit). So the best completion is a table lookup:

    best(naturals, k) = max over rank multisets C of size k of  score(naturals + C)            (off-suit wilds)
                        and, when the naturals share a suit,     suited score(naturals + C)     (wilds join the suit)

The tables are built once per ranking from its own five-card tables (a few hundred thousand lookups, vectorised), so
a wild hand costs the same as a natural one; no substitution is ever enumerated at request time. The same tables
serve every ranking: in a low, "the lowest rank that does not pair" falls out of the maximum.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from evaluator.rankings import TableRanking
from evaluator.rankings._multiset import multiset_count, multiset_index, multiset_indexes, sorted_multisets

__all__ = ["WILD_CELL", "Completion", "WildTable"]

#: The symbol of a wild cell in :attr:`WildTable.by_cells`: one past the aces.
WILD_CELL = 13


@dataclass(frozen=True, slots=True)
class Completion:
    """What the wild cards of one hand become: their ranks (0..12) and whether they join the naturals' suit."""

    score: int
    ranks: tuple[int, ...]
    suited: bool


class WildTable:
    """Best completions of 1 to 5 fully wild cards for one five-card :class:`TableRanking`."""

    def __init__(self, ranking: TableRanking) -> None:
        self.ranking = ranking

    @cached_property
    def _tables(self) -> dict[int, tuple[npt.NDArray[np.int32], npt.NDArray[np.int64], npt.NDArray[np.int32],
                                         npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
        """For each wild count k: best off-suit score and its completion, best suited score and its completion,
        all indexed by the natural multiset's index; and the completions themselves."""
        ranking = self.ranking
        tables = {}
        for k in range(1, 6):
            m = 5 - k
            naturals = sorted_multisets(m) if m else np.zeros((1, 0), dtype=np.int64)
            fills = sorted_multisets(k)
            merged = np.sort(np.concatenate([np.repeat(naturals[:, None, :], len(fills), axis=1),
                                             np.repeat(fills[None, :, :], len(naturals), axis=0)], axis=2), axis=2)
            index = multiset_indexes(merged.reshape(-1, 5)).reshape(len(naturals), len(fills))
            plain = ranking.plain_table[index]
            suited = ranking.suited_table[index] if ranking.suits_matter else plain
            tables[k] = (plain.max(axis=1), plain.argmax(axis=1), suited.max(axis=1), suited.argmax(axis=1), fills)
        return tables

    @cached_property
    def by_cells(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """Every five cells at once, each a rank (0..12) or wild (:data:`WILD_CELL`), by the index of their multiset
        over these 14 symbols (a multiset of ranks alone keeps its index): the best score when the natural cards do
        not all share a suit, and when they do (a natural flush as it is; wild cards that may join the suit or not,
        whichever is better)."""
        ranking = self.ranking
        rows = sorted_multisets(5, symbols=WILD_CELL + 1)
        wild = (rows == WILD_CELL).sum(axis=1)
        apart = np.empty(len(rows), dtype=np.int32)
        together = np.empty(len(rows), dtype=np.int32)
        natural = wild == 0
        index = multiset_indexes(rows[natural])
        apart[natural] = ranking.plain_table[index]
        together[natural] = ranking.suited_table[index] if ranking.suits_matter else ranking.plain_table[index]
        for k in range(1, 6):
            mine = np.flatnonzero(wild == k)
            plain, _, suited, _, _ = self._tables[k]
            at = multiset_indexes(rows[mine, :5 - k]) if k < 5 else np.zeros(len(mine), dtype=np.int64)
            apart[mine] = plain[at]
            together[mine] = np.maximum(plain[at], suited[at])
        return apart, together

    def best_scores(self, naturals: npt.NDArray[np.integer], wild_count: int, same_suit: npt.NDArray[np.bool_]
                    ) -> npt.NDArray[np.int32]:
        """Best score of each row of natural cards (shape ``(n, 5 - k)``) completed by ``k`` wild cards."""
        plain, _, suited, _, _ = self._tables[wild_count]
        if wild_count == 5:
            idx = np.zeros(len(naturals), dtype=np.int64)
        else:
            idx = multiset_indexes(np.sort(np.asarray(naturals, dtype=np.int64) >> 2, axis=1))
        return np.where(same_suit, np.maximum(plain[idx], suited[idx]), plain[idx])

    @cached_property
    def _completions(self) -> dict[int, tuple[list[int], list[int], list[int], list[int], list[tuple[int, ...]]]]:
        """:attr:`_tables` as Python lists, for spelling out one hand at a time."""
        return {k: (plain.tolist(), plain_at.tolist(), suited.tolist(), suited_at.tolist(),
                    [tuple(row) for row in fills.tolist()])
                for k, (plain, plain_at, suited, suited_at, fills) in self._tables.items()}

    def completion(self, natural_ranks: list[int], wild_count: int, same_suit: bool) -> Completion:
        """The best completion of one hand, for reporting what each wild card became."""
        plain, plain_at, suited, suited_at, fills = self._completions[wild_count]
        idx = multiset_index(natural_ranks) if natural_ranks else 0
        if same_suit and suited[idx] > plain[idx]:
            return Completion(suited[idx], fills[suited_at[idx]], True)
        return Completion(plain[idx], fills[plain_at[idx]], False)


assert multiset_count(0) == 1
