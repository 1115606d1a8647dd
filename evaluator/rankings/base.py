"""What every ranking is: a total order on hands of a fixed size, as dense integer scores.

A score is an index into the ranking's sorted list of *keys* (tuples, greater is better), so scores of one ranking
compare with ``<`` and ``max``, and ``key(score)`` gives the ``strength`` list of the contract. ``NO_HAND`` (-1)
marks a set of cards that is no hand at all in this ranking (e.g. four cards that are not a doogie).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from evaluator.rankings._chain import StateChain, card_chain
from evaluator.rankings._multiset import multiset_count, sorted_multisets, unsorted_multiset_indexes

__all__ = ["NO_HAND", "Key", "Ranking", "Scores", "TableRanking"]

NO_HAND = -1

Key = tuple[int, ...]
Scores = npt.NDArray[np.int32]


@dataclass(frozen=True, slots=True)
class Described:
    category: str
    description: str


class Ranking(ABC):
    """A way of ranking hands of ``size`` cards; higher scores are better hands, whatever the ranking."""

    name: str
    size: int
    #: True when a player with no legal hand of this size may still compete with fewer cards.
    title: str

    @property
    @abstractmethod
    def keys(self) -> Sequence[Key]:
        """Every possible key in increasing order; a score is an index into it."""

    @abstractmethod
    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        """Scores of many hands at once: ``hands`` has shape ``(n, size)`` of card ints (no jokers)."""

    @abstractmethod
    def describe(self, score: int, cards: Sequence[int]) -> Described:
        """The contract's category slug and a description for people."""

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        """The cards of a hand in the order people read it (highest first)."""
        return sorted(cards, reverse=True)

    def evaluate(self, cards: Sequence[int]) -> int:
        """The score of one hand."""
        return int(self.evaluate_many(np.asarray([cards], dtype=np.int64))[0])

    def key(self, score: int) -> Key:
        return self.keys[score]

    def card_chain(self, width: int) -> StateChain | None:
        """The chain of state tables (:mod:`evaluator.rankings._chain`) whose scores of rows of ``width`` card ints,
        each below its ``symbols``, are what :meth:`evaluate_many` answers for them; None where it has none (the
        search's compiled core reads the chain: :mod:`evaluator.engine.kernels`)."""
        return None

    @property
    def best_natural_score(self) -> int:
        """The best score natural cards can make ("the best hand possible"); wild-only hands excluded."""
        return len(self.keys) - 1

    def strength(self, score: int) -> list[int]:
        return list(self.keys[score])

    @cached_property
    def _score_of(self) -> dict[Key, int]:
        return {k: i for i, k in enumerate(self.keys)}

    def score_of_key(self, key: Key) -> int:
        return self._score_of[key]

    def __repr__(self) -> str:
        return f"<Ranking {self.name}>"


class TableRanking(Ranking):
    """A five-card ranking that depends only on the rank multiset and whether all five share a suit.

    Built once from a key function: a table by rank multiset for plain hands and one for suited hands. A batch is
    scored by a chain of state tables built from them (:mod:`evaluator.rankings._chain`: one lookup per card, no
    sort, no separate flush test); :meth:`evaluate_sorted` is the straightforward reading it answers exactly.
    """

    def __init__(self, *, name: str, title: str, key: Callable[[Sequence[int], bool], Key],
                 describe: Callable[[Key, Sequence[int]], Described], suits_matter: bool,
                 ace_low: bool = False) -> None:
        self.name = name
        self.ace_low = ace_low
        self.title = title
        self.size = 5
        self._key = key
        self._describe = describe
        self.suits_matter = suits_matter

    @cached_property
    def _tables(self) -> tuple[tuple[Key, ...], npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        rows = sorted_multisets(5)
        plain = [self._key(tuple(int(r) for r in row), False) for row in rows]
        flush_keys: dict[int, Key] = {}
        if self.suits_matter:
            for row in rows:
                if len(set(row.tolist())) == 5:
                    mask = sum(1 << int(r) for r in row)
                    flush_keys[mask] = self._key(tuple(int(r) for r in row), True)
        suited = [self._key(tuple(int(r) for r in row), True) for row in rows] if self.suits_matter else plain
        keys = tuple(sorted(set(plain) | set(flush_keys.values()) | set(suited)))
        index = {k: i for i, k in enumerate(keys)}
        plain_table = np.array([index[k] for k in plain], dtype=np.int32)
        flush_table = np.full(1 << 13, NO_HAND, dtype=np.int32)
        for mask, k in flush_keys.items():
            flush_table[mask] = index[k]
        suited_table = np.array([index[k] for k in suited], dtype=np.int32)
        return keys, plain_table, flush_table, suited_table

    @property
    def keys(self) -> Sequence[Key]:
        return self._tables[0]

    @property
    def plain_table(self) -> npt.NDArray[np.int32]:
        """Score by rank-multiset index, for hands that are not flushes (five of a kind included)."""
        return self._tables[1]

    @property
    def flush_table(self) -> npt.NDArray[np.int32]:
        """Score by 13-bit rank mask, for five cards of one suit."""
        return self._tables[2]

    @property
    def suited_table(self) -> npt.NDArray[np.int32]:
        """Score by rank-multiset index when all five cards share a suit, repeated ranks included (only wild cards
        can make those: a flush with a pair, five of a kind)."""
        return self._tables[3]

    @cached_property
    def best_natural_score(self) -> int:
        rows = sorted_multisets(5)
        natural = (np.diff(rows, axis=1) == 0).sum(axis=1) < 4
        best = int(self.plain_table[natural].max())
        return max(best, int(self.flush_table.max())) if self.suits_matter else best

    def key_of(self, ranks: Sequence[int], flush: bool) -> Key:
        """The key of five ranks (0..12, repeats allowed), flush or not, straight from the definition."""
        return self._key(ranks, flush)

    @cached_property
    def _chain(self) -> StateChain:
        """The tables scoring five cards one card at a time (:mod:`evaluator.rankings._chain`)."""
        return card_chain(self.plain_table, self.suited_table if self.suits_matter else None)

    def card_chain(self, width: int) -> StateChain | None:
        if width != 5 or type(self).evaluate_many is not TableRanking.evaluate_many:
            return None
        return self._chain

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        """By the chain of state tables, for rows of five card ints (anything else - no rows, a joker, a value
        that is no card - as :meth:`evaluate_sorted` reads it, which refuses what it cannot score)."""
        rows = np.asarray(hands, dtype=np.int64)
        found = self._chain.scores_if_symbols(rows)
        return self.evaluate_sorted(rows) if found is None else found

    def evaluate_sorted(self, hands: npt.NDArray[np.integer]) -> Scores:
        """The reference reading of :meth:`evaluate_many`: each row's ranks sorted into a multiset index, looked up
        in :attr:`plain_table`, and the rows whose five cards share a suit looked up again in :attr:`suited_table`."""
        hands = np.asarray(hands, dtype=np.int64)
        ranks = hands >> 2
        index = unsorted_multiset_indexes(ranks)
        scores = self.plain_table[index]
        if self.suits_matter:
            suits = hands & 3
            flush = (suits == suits[:, :1]).all(axis=1)
            if flush.any():  # by multiset: a suited hand with a repeated rank (only wild cards make one) too
                scores[flush] = self.suited_table[index[flush]]
        return scores

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        found = self._described.get(score)
        if found is None:  # a poker description depends on the key alone
            found = self._described[score] = self._describe(self.keys[score], cards)
        return found

    @cached_property
    def _described(self) -> dict[int, Described]:
        return {}

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        """Biggest group first, then highest value; an ace that ends a low straight goes last."""
        key = self.keys[score]
        ace_low = self.ace_low or (len(key) > 1 and key[0] in (5, 9) and key[1] != 14)  # a low straight (poker keys)
        counts: dict[int, int] = {}
        for c in cards:
            counts[c >> 2] = counts.get(c >> 2, 0) + 1

        def value(card: int) -> int:
            return 1 if ace_low and card >> 2 == 12 else (card >> 2) + 2

        return sorted(cards, key=lambda c: (counts[c >> 2], value(c), c & 3), reverse=True)


assert multiset_count(5) == 6188
