"""The four-card low rankings of reference 2.1: BADUGI and DOOGIE (ace low in both).

BADUGI: the best subset with no two cards of a rank or a suit; more cards beat fewer, then the lower highest
card wins, and so on down. DOOGIE: exactly four cards of four suits and four ranks, or no hand at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, cached_property
from itertools import combinations

import numpy as np
import numpy.typing as npt

from evaluator.rankings._chain import CARDS, StateChain, chain_of_states
from evaluator.rankings.base import NO_HAND, Described, Key, Ranking, Scores
from evaluator.rankings.poker_key import value_letter

__all__ = ["BADUGI", "DOOGIE", "FourCardLow"]

_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four"}
_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int64)


def _low_value(card: int) -> int:
    rank = card >> 2
    return 1 if rank == 12 else rank + 2


@cache
def _subsets(width: int, partial: bool) -> list[list[int]]:
    """The positions of every subset of a ``width``-card row that may make a hand: any one to four cards, or only
    four (a short hand of fewer cards has no such subset)."""
    sizes = range(1, min(width, 4) + 1) if partial else (4,)
    return [list(s) for n in sizes for s in combinations(range(width), n)]


@cache
def _subset_matrix(width: int, partial: bool) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """:func:`_subsets` as a 0/1 matrix (subsets x positions), and each subset's size (a column)."""
    subsets = _subsets(width, partial)
    matrix = np.zeros((len(subsets), width), dtype=np.float64)
    for i, subset in enumerate(subsets):
        matrix[i, subset] = 1
    return matrix, np.array([[len(subset)] for subset in subsets], dtype=np.int64).reshape(-1, 1)


class FourCardLow(Ranking):
    """A low ranking of four-card hands that needs distinct ranks and suits."""

    def __init__(self, *, name: str, title: str, partial: bool) -> None:
        self.name = name
        self.title = title
        self.size = 4
        self.partial = partial

    @cached_property
    def keys(self) -> Sequence[Key]:
        sizes = (1, 2, 3, 4) if self.partial else (4,)
        keys = [self._key_of_values(vals) for n in sizes for vals in combinations(range(1, 14), n)]
        return tuple(sorted(keys))

    def _key_of_values(self, values: Sequence[int]) -> Key:
        desc = sorted(values, reverse=True)
        return (len(desc), *(-v for v in desc)) if self.partial else tuple(-v for v in desc)

    def best_key(self, cards: Sequence[int], wild: int = 0) -> Key | None:
        """The key of the best legal subset of these natural cards plus ``wild`` fully wild cards, or None.

        A wild card joins any subset as the lowest value the subset lacks, in a suit it lacks (reference 2.3).
        """
        found = self.best_fill(cards, wild)
        return None if found is None else found[0]

    def best_fill(self, cards: Sequence[int], wild: int = 0) -> tuple[Key, tuple[int, ...], tuple[int, ...]] | None:
        """The best key, the natural cards that play, and the values (ace = 1) the wild cards take."""
        best: tuple[Key, tuple[int, ...], tuple[int, ...]] | None = None
        for n in range(min(len(cards), 4), -1, -1):
            for subset in combinations(cards, n):
                if len({c >> 2 for c in subset}) != n or len({c & 3 for c in subset}) != n:
                    continue
                values = [_low_value(c) for c in subset]
                fills = tuple([v for v in range(1, 14) if v not in values][:min(wild, 4 - n)])
                values += fills
                if not values or (not self.partial and len(values) != 4):
                    continue
                key = self._key_of_values(values)
                if best is None or key > best[0]:
                    best = (key, tuple(subset), fills)
        return best

    @cached_property
    def _mask_table(self) -> npt.NDArray[np.int32]:
        """Score by 13-bit mask of low values (bit ``v - 1`` for value ``v``, ace = 1): the key of a legal subset
        depends on its values alone. Masks of no legal size are ``NO_HAND``."""
        table = np.full(1 << 13, NO_HAND, dtype=np.int32)
        for mask in range(1, 1 << 13):
            values = [v for v in range(1, 14) if mask >> (v - 1) & 1]
            if len(values) <= 4 and (self.partial or len(values) == 4):
                table[mask] = self.score_of_key(self._key_of_values(values))
        return table

    @cached_property
    def _chain(self) -> StateChain | None:
        """For DOOGIE, the tables scoring four cards one at a time (:mod:`evaluator.rankings._chain`): the state is
        the value and suit masks of the cards so far, or None once a value or a suit repeats (no hand). BADUGI's
        best subset needs every card kept: no chain."""
        if self.partial:
            return None
        table = self._mask_table.tolist()

        def follow(state: tuple[int, int] | None, card: int) -> tuple[int, int] | None:
            value, suit = 1 << ((card >> 2) + 1) % 13, 1 << (card & 3)  # ace (rank 12) is value 1, bit 0
            if state is None or state[0] & value or state[1] & suit:
                return None
            return state[0] | value, state[1] | suit

        def score(state: tuple[int, int] | None) -> int:
            return NO_HAND if state is None else table[state[0]]

        start: tuple[int, int] | None = (0, 0)
        return chain_of_states(width=4, symbols=CARDS, start=start, follow=follow, score=score)

    def card_chain(self, width: int) -> StateChain | None:
        chain = self._chain
        if chain is None or width != chain.width or type(self).evaluate_many is not FourCardLow.evaluate_many:
            return None
        return chain

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        """DOOGIE's rows of four cards by its chain of state tables; otherwise as :meth:`evaluate_subsets`."""
        rows = np.asarray(hands, dtype=np.int64)
        found = None if self._chain is None else self._chain.scores_if_symbols(rows)
        return self.evaluate_subsets(rows) if found is None else found

    def evaluate_subsets(self, hands: npt.NDArray[np.integer]) -> Scores:
        """The best legal subset of each row, every subset at once: each subset's value bits and suit bits summed
        by one product with a 0/1 matrix (subsets x positions; exact in floating point), legal when each sum has as
        many bits set as the subset has cards (a repeated bit carries, leaving fewer), a legal sum being the value
        mask. What :meth:`evaluate_subset_by_subset` answers, in a few calls instead of a dozen per subset."""
        hands = np.asarray(hands, dtype=np.int64)
        if hands.ndim != 2:
            hands = hands.reshape(len(hands), -1)
        subsets, sizes = _subset_matrix(hands.shape[1], self.partial)
        if not len(subsets):
            return np.full(len(hands), NO_HAND, dtype=np.int32)
        columns = hands.T
        value_bits = np.left_shift(1, ((columns >> 2) + 1) % 13)  # ace (rank 12) is value 1, bit 0; rank r: r + 1
        values = (subsets @ value_bits.astype(np.float64)).astype(np.int64)  # [subset, row]
        suits = (subsets @ np.left_shift(1, columns & 3).astype(np.float64)).astype(np.int64)
        legal = (np.bitwise_count(values) == sizes) & (np.bitwise_count(suits) == sizes)
        scores = np.where(legal, self._mask_table.take(values, mode="clip"), NO_HAND)  # clipped: illegal sums only
        best: Scores = np.maximum.reduce(scores, axis=0).astype(np.int32)
        return best

    def evaluate_subset_by_subset(self, hands: npt.NDArray[np.integer]) -> Scores:
        """The reference reading of :meth:`evaluate_subsets`: every subset the ranking allows (all four cards for
        DOOGIE, any for BADUGI) in turn, legal when its ranks and suits are distinct, scored by its value mask."""
        hands = np.asarray(hands, dtype=np.int64)
        if hands.ndim != 2:
            hands = hands.reshape(len(hands), -1)
        ranks = hands >> 2
        value_bits = np.left_shift(1, (ranks + 1) % 13)  # ace (rank 12) is value 1, bit 0; rank r is bit r + 1
        suit_bits = np.left_shift(1, hands & 3)
        best = np.full(len(hands), NO_HAND, dtype=np.int32)
        table = self._mask_table
        for subset in _subsets(hands.shape[1], self.partial):
            values = np.bitwise_or.reduce(value_bits[:, subset], axis=1)
            suits = np.bitwise_or.reduce(suit_bits[:, subset], axis=1)
            legal = (_POPCOUNT[values] == len(subset)) & (_POPCOUNT[suits] == len(subset))
            np.maximum(best, np.where(legal, table[values], NO_HAND), out=best)
        return best

    def playing_cards(self, cards: Sequence[int]) -> list[int]:
        """The cards of ``cards`` that make up its best subset (the others are dead)."""
        key = self.best_key(cards)
        if key is None:
            return []
        n = len(cards) if not self.partial else key[0]
        for subset in combinations(cards, n):
            if (len({c >> 2 for c in subset}) == n and len({c & 3 for c in subset}) == n
                    and self._key_of_values([_low_value(c) for c in subset]) == key):
                return sorted(subset, key=_low_value, reverse=True)
        return []

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        """:meth:`playing_cards`, read from ``score`` (the score of ``cards``): its key names the values that play,
        so only the cards of those values are tried, in the same order, and the first legal subset is the same. A
        subset of as many cards as values named, of distinct ranks, holds every value named (a value is one rank's):
        its key is the score's key without computing it."""
        if score == NO_HAND:
            return self.playing_cards(cards)
        key, wanted = self._wanted[score]
        n = key[0] if self.partial else len(cards)
        pool = [c for c in cards if _low_value(c) in wanted]
        for subset in combinations(pool, n):
            if (len({c >> 2 for c in subset}) == n and len({c & 3 for c in subset}) == n
                    and (n == len(wanted) or self._key_of_values([_low_value(c) for c in subset]) == key)):
                return sorted(subset, key=_low_value, reverse=True)
        return self.playing_cards(cards)

    @cached_property
    def _wanted(self) -> list[tuple[Key, frozenset[int]]]:
        """By score: the key and the values (ace = 1) that play."""
        return [(key, frozenset(-v for v in (key[1:] if self.partial else key))) for key in self.keys]

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        """The description of a score (its key alone; kept once made)."""
        found = self._described.get(score)
        if found is None:
            found = self._described[score] = self._describe_key(self.keys[score])
        return found

    @cached_property
    def _described(self) -> dict[int, Described]:
        return {}

    def _describe_key(self, key: Key) -> Described:
        values = [-v for v in (key[1:] if self.partial else key)]
        ranks = "-".join(value_letter(v) for v in values)
        if self.partial:
            n = key[0]
            return Described(f"{_WORDS[n].lower()}-card-badugi", f"{_WORDS[n]}-card badugi, {ranks}")
        return Described("doogie", f"{value_letter(values[0])} doogie, {ranks}")


BADUGI = FourCardLow(name="BADUGI", title="Badugi: four-card low, no paired ranks or suits; fewer cards lose",
                     partial=True)
DOOGIE = FourCardLow(name="DOOGIE", title="Doogie: four cards of four suits and four ranks, ace low",
                     partial=False)
