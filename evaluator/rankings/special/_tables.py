"""Building blocks of the special rankings: dense score tables for hands whose order needs more than
:class:`~evaluator.rankings.TableRanking` offers.

- :class:`SizedTableRanking`: hands of any fixed size (2-card guts, 3-card guts, 6-card Egyptian hands) that depend
  only on the rank multiset and on whether every card shares one suit.
- :class:`SuitPatternRanking`: five-card hands that also need to know whether *four* of the cards share a suit, and
  which card is the odd one (Ticket, Sökö's four-flush). The suit facts of five cards that such a ranking can see
  are one of fifteen *patterns*: mixed, a flush, or four of a suit plus an odd card of rank 0..12. The table is
  indexed by (rank multiset, pattern), so evaluation is vectorised like the standard tables.
- :class:`ProductKeys`: the keys of a ranking whose key is an outer key followed by an inner one (every outer key
  with every inner key), as a lazy sequence, with the score arithmetic that goes with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache, cached_property
from typing import Final, overload

import numpy as np
import numpy.typing as npt

from evaluator.rankings._chain import CARDS, StateChain, chain_of_states
from evaluator.rankings._multiset import sorted_multisets, unsorted_multiset_indexes
from evaluator.rankings.base import NO_HAND, Described, Key, Ranking, Scores

__all__ = [
    "FLUSH_PATTERN",
    "MIXED",
    "PATTERNS",
    "ProductKeys",
    "SizedTableRanking",
    "SuitPatternRanking",
    "ace_high",
    "read_order",
]

#: Suit patterns of five cards: no four share a suit, all five share one; otherwise the odd card's rank (0..12).
MIXED: Final = -1
FLUSH_PATTERN: Final = 13
PATTERNS: Final = 15  # table columns: pattern + 1


def read_order(cards: Sequence[int], value: Callable[[int], int]) -> list[int]:
    """The cards as people read a poker hand: biggest group of a rank first, then highest ``value``, then suit."""
    counts = Counter(c >> 2 for c in cards)
    return sorted(cards, key=lambda c: (counts[c >> 2], value(c), c & 3), reverse=True)


def ace_high(card: int) -> int:
    return (card >> 2) + 2


class _Described:
    """Descriptions cached by score (each special ranking describes a hand from its key alone)."""

    def __init__(self, keys: Callable[[], Sequence[Key]], describe: Callable[[Key], Described]) -> None:
        self._keys = keys
        self._describe = describe
        self._cache: dict[int, Described] = {}

    def __call__(self, score: int) -> Described:
        found = self._cache.get(score)
        if found is None:
            found = self._cache[score] = self._describe(self._keys()[score])
        return found


class SizedTableRanking(Ranking):
    """A ranking of ``size``-card hands that depends only on the rank multiset and whether all the cards share a
    suit. ``key(ranks, suited)`` gets the ranks (0..12) in ascending order and returns the hand's key, or None for
    a multiset no natural hand has (a rank more than four times)."""

    def __init__(self, *, name: str, title: str, size: int, key: Callable[[tuple[int, ...], bool], Key | None],
                 describe: Callable[[Key], Described], suits_matter: bool,
                 arrange: Callable[[Sequence[int], Key], list[int]] | None = None) -> None:
        self.name = name
        self.title = title
        self.size = size
        self.suits_matter = suits_matter
        self._key = key
        self._arrange = arrange
        self._described = _Described(lambda: self.keys, describe)

    @cached_property
    def _tables(self) -> tuple[tuple[Key, ...], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        rows = [tuple(int(r) for r in row) for row in sorted_multisets(self.size)]
        plain = [self._key(row, False) if max(Counter(row).values()) <= 4 else None for row in rows]
        suited = [self._key(row, True) if self.suits_matter and len(set(row)) == len(row) else None for row in rows]
        keys = tuple(sorted({k for k in (*plain, *suited) if k is not None}))
        index = {k: i for i, k in enumerate(keys)}
        plain_table = np.array([NO_HAND if k is None else index[k] for k in plain], dtype=np.int32)
        suited_table = np.array([NO_HAND if k is None else index[k] for k in suited], dtype=np.int32)
        return keys, plain_table, suited_table

    @property
    def keys(self) -> Sequence[Key]:
        return self._tables[0]

    def key_of(self, ranks: Sequence[int], suited: bool) -> Key | None:
        """The key of these ranks, straight from the definition (None: no natural hand)."""
        return self._key(tuple(sorted(ranks)), suited)

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        rows = np.asarray(hands, dtype=np.int64)
        if rows.shape[1] != self.size:
            raise ValueError(f"{self.name} ranks hands of {self.size} cards, got {rows.shape[1]}")
        _, plain, suited = self._tables
        index = unsorted_multiset_indexes(rows >> 2)
        scores: Scores = plain[index]
        if self.suits_matter:
            suits = rows & 3
            same = (suits == suits[:, :1]).all(axis=1)
            if same.any():
                scores[same] = suited[index[same]]
        return scores

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        return self._described(score)

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        if self._arrange is None:
            return read_order(cards, ace_high)
        return self._arrange(cards, self.keys[score])


class SuitPatternRanking(Ranking):
    """A five-card ranking that depends on the rank multiset and the suit pattern (mixed, flush, or four of a suit
    with an odd card). ``key(ranks, pattern)`` gets the ranks (0..12) in ascending order and the pattern
    (:data:`MIXED`, :data:`FLUSH_PATTERN`, or the odd card's rank); it returns the key, or None for no hand."""

    def __init__(self, *, name: str, title: str, key: Callable[[tuple[int, ...], int], Key | None],
                 describe: Callable[[Key], Described],
                 arrange: Callable[[Sequence[int], Key], list[int]]) -> None:
        self.name = name
        self.title = title
        self.size = 5
        self._key = key
        self._arrange = arrange
        self._described = _Described(lambda: self.keys, describe)

    @staticmethod
    def _patterns(row: tuple[int, ...]) -> list[int]:
        """The suit patterns five natural cards of these ranks can have."""
        counts = Counter(row)
        if max(counts.values()) > 4:
            return []
        out = [MIXED]
        for odd in counts:
            rest = list(row)
            rest.remove(odd)
            if len(set(rest)) == 4:
                out.append(odd)
        if len(counts) == 5:
            out.append(FLUSH_PATTERN)
        return out

    @cached_property
    def _tables(self) -> tuple[tuple[Key, ...], npt.NDArray[np.int32]]:
        rows = [tuple(int(r) for r in row) for row in sorted_multisets(5)]
        found: dict[tuple[int, int], Key] = {}
        for i, row in enumerate(rows):
            for pattern in self._patterns(row):
                key = self._key(row, pattern)
                if key is not None:
                    found[i, pattern + 1] = key
        keys = tuple(sorted(set(found.values())))
        index = {k: i for i, k in enumerate(keys)}
        table = np.full((len(rows), PATTERNS), NO_HAND, dtype=np.int32)
        for (i, column), key in found.items():
            table[i, column] = index[key]
        return keys, table

    @property
    def keys(self) -> Sequence[Key]:
        return self._tables[0]

    def key_of(self, ranks: Sequence[int], pattern: int) -> Key | None:
        """The key of five ranks with this suit pattern, straight from the definition."""
        return self._key(tuple(sorted(ranks)), pattern)

    @staticmethod
    def patterns_of(hands: npt.NDArray[np.int64]) -> npt.NDArray[np.intp]:
        """The suit pattern of each row of five card ints, as a table column (pattern + 1): by the chain of state
        tables of :func:`_pattern_chain` (anything but five cards as :meth:`patterns_by_counts` reads it)."""
        found = _pattern_chain().scores_if_symbols(hands)
        return SuitPatternRanking.patterns_by_counts(hands) if found is None else found.astype(np.intp)

    @staticmethod
    def patterns_by_counts(hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The reference reading of :meth:`patterns_of`: each suit's count, each card's suit's count, the first card
        alone in its suit."""
        suits = hands & 3
        counts = (suits[:, :, None] == np.arange(4)).sum(axis=1)
        per_card = np.take_along_axis(counts, suits, axis=1)
        four = (per_card == 4).any(axis=1)
        odd_rank = np.take_along_axis(hands >> 2, np.argmax(per_card == 1, axis=1)[:, None], axis=1)[:, 0]
        column = np.where(four, odd_rank + 1, MIXED + 1)
        patterns: npt.NDArray[np.int64] = np.where(per_card[:, 0] == 5, FLUSH_PATTERN + 1, column)
        return patterns

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        rows = np.asarray(hands, dtype=np.int64)
        if rows.shape[1] != 5:
            raise ValueError(f"{self.name} ranks hands of 5 cards, got {rows.shape[1]}")
        index = unsorted_multiset_indexes(rows >> 2)
        scores: Scores = self._tables[1][index, self.patterns_of(rows)]
        return scores

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        return self._described(score)

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        return self._arrange(cards, self.keys[score])


#: What decides five cards' suit pattern so far: each suit's count of cards, and the rank of each suit's only card
#: (-1 for none or more than one); None once no suit can reach four.
_SuitState = tuple[tuple[int, ...], tuple[int, ...]] | None


@cache
def _pattern_chain() -> StateChain:
    """The suit pattern of five cards (a table column, pattern + 1) one card at a time
    (:func:`~evaluator.rankings._chain.chain_of_states`): four of a suit needs a suit holding all but one of the
    cards so far, so the states are few (under two hundred after four cards)."""

    def follow(state: _SuitState, card: int) -> _SuitState:
        if state is None:
            return None
        counts, ranks = state
        suit = card & 3
        count = counts[suit] + 1
        counts = (*counts[:suit], count, *counts[suit + 1:])
        if max(counts) < sum(counts) - 1:
            return None
        return counts, (*ranks[:suit], card >> 2 if count == 1 else -1, *ranks[suit + 1:])

    def column(state: _SuitState) -> int:
        if state is None:
            return MIXED + 1
        counts, ranks = state
        if 5 in counts:
            return FLUSH_PATTERN + 1
        return ranks[counts.index(1)] + 1 if 4 in counts else MIXED + 1

    start: _SuitState = ((0, 0, 0, 0), (-1, -1, -1, -1))
    return chain_of_states(width=5, symbols=CARDS, start=start, follow=follow, score=column)


class ProductKeys(Sequence[Key]):
    """Every ``outer + inner`` key, outer first: increasing when both lists increase and no outer key is a prefix
    of another (true of poker keys, whose length is fixed by their category). Score = outer * len(inner) + inner."""

    def __init__(self, outer: Sequence[Key], inner: Sequence[Key]) -> None:
        self.outer = outer
        self.inner = inner
        self._inner_index = {k: i for i, k in enumerate(inner)}
        self._outer_index: dict[Key, int] | None = None

    def __len__(self) -> int:
        return len(self.outer) * len(self.inner)

    @overload
    def __getitem__(self, index: int) -> Key: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Key]: ...

    def __getitem__(self, index: int | slice) -> Key | Sequence[Key]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        outer, inner = divmod(index, len(self.inner))
        return (*self.outer[outer], *self.inner[inner])

    def index_of(self, outer: Key, inner: Key) -> int:
        if self._outer_index is None:
            self._outer_index = {k: i for i, k in enumerate(self.outer)}
        return self._outer_index[outer] * len(self.inner) + self._inner_index[inner]
