"""BREAKER: the hands of a pot in which a Breaker was played (reference ``breaker``).

Once a Breaker is played, straights, flushes and straight flushes do not exist: every hand is re-ranked with the
other categories only (high card, pair, two pair, three of a kind, full house, four of a kind). The Breaker itself
(a joker, sent as ``X1`` or ``X2``) is no rank and pairs nothing: it is the top kicker, above an ace. The player
who plays it uses four of his real cards with it, so he can make four of a kind, three of a kind, two pair, a pair
or high card, each with the Breaker as its best kicker ("Two pair, kings and queens, Breaker kicker").

The key is the poker key without straights or flushes, values 2..14, with the Breaker as value 15. On hands of
five real cards that are not straights or flushes it orders exactly as HIGH. A hand of five cards with two
Breakers is no hand (the rules make a player holding both fold).

Evaluation is one table lookup per hand: the rank multiset over fourteen "ranks" (the thirteen and the Breaker,
which every joker card maps to) indexes a dense table, as in the standard tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cached_property
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from evaluator.rankings._chain import NO_SUIT, StateChain, build_chain
from evaluator.rankings._multiset import multiset_indexes, unsorted_multiset_indexes
from evaluator.rankings.base import NO_HAND, Described, Key, Ranking, Scores
from evaluator.rankings.high import describe_poker_key
from evaluator.rankings.poker_key import (
    CATEGORY_SLUGS,
    HIGH_CARD,
    PAIR,
    QUADS,
    TRIPS,
    TWO_PAIR,
    poker_key,
    value_letter,
    value_plural,
)
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS

__all__ = ["BREAKER", "BREAKER_VALUE", "BreakerRanking"]

#: The Breaker's value in keys: above an ace (14).
BREAKER_VALUE = 15
_BREAKER_RANK = JOKER_BASE >> 2  # every joker card int shifted right by 2 is 13: the fourteenth "rank"


def _key(ranks: tuple[int, ...]) -> Key | None:
    """The key of five ranks (0..12, 13 for the Breaker), or None when no hand has them."""
    counts = Counter(ranks)
    if counts[_BREAKER_RANK] > 1 or max(n for r, n in counts.items() if r != _BREAKER_RANK) > 4:
        return None
    values = [BREAKER_VALUE if r == _BREAKER_RANK else r + 2 for r in ranks]
    return poker_key(values, False, straights=False, flushes=False)


def _name(value: int) -> str:
    return "Breaker" if value == BREAKER_VALUE else value_letter(value)


_GROUPS = {QUADS: "Four {0}", TRIPS: "Three {0}", TWO_PAIR: "Two pair, {0} and {1}", PAIR: "Pair of {0}"}


def _describe(key: Key) -> Described:
    category, heads = key[0], list(key[1:])
    slug = CATEGORY_SLUGS[category]
    if BREAKER_VALUE not in heads:
        return Described(slug, describe_poker_key(category, heads))
    names = "-".join(_name(v) for v in heads)
    if category == HIGH_CARD:
        return Described(slug, f"High card, the Breaker ({names})")
    pairs = 2 if category == TWO_PAIR else 1
    text = _GROUPS[category].format(*(value_plural(v) for v in heads[:pairs]))
    kickers = heads[pairs:]
    if len(kickers) == 1:
        return Described(slug, f"{text}, Breaker kicker")
    return Described(slug, f"{text}, kickers " + "-".join(_name(v) for v in kickers))


class BreakerRanking(Ranking):
    """HIGH without straights and flushes, with the Breaker as a kicker above an ace (see the module)."""

    name = "BREAKER"
    size = 5
    title = ("Breaker: straights, flushes and straight flushes are broken (the other categories only); the "
             "Breaker (a joker) is the top kicker, above an ace")

    @cached_property
    def _tables(self) -> tuple[tuple[Key, ...], npt.NDArray[np.int32]]:
        rows = list(combinations_with_replacement(range(14), 5))
        found = [_key(row) for row in rows]
        keys = tuple(sorted({k for k in found if k is not None}))
        index = {k: i for i, k in enumerate(keys)}
        order = multiset_indexes(np.array(rows, dtype=np.int64))
        table = np.full(len(rows), NO_HAND, dtype=np.int32)
        table[order] = [NO_HAND if k is None else index[k] for k in found]
        return keys, table

    @property
    def keys(self) -> Sequence[Key]:
        return self._tables[0]

    def key_of(self, ranks: Sequence[int]) -> Key | None:
        """The key of five ranks (13 for the Breaker), straight from the definition."""
        return _key(tuple(sorted(ranks)))

    @cached_property
    def _chain(self) -> StateChain:
        """The tables scoring five cards one at a time (:mod:`evaluator.rankings._chain`): every card int up to the
        last joker, each joker the Breaker; suits play no part."""
        symbols = np.arange(JOKER_BASE + MAX_JOKERS, dtype=np.int64)
        table = self._tables[1]

        def score(multisets: npt.NDArray[np.int64], one_suit: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32]:
            return table[multisets]

        return build_chain(width=5, ranks=np.minimum(symbols >> 2, _BREAKER_RANK),
                           suits=np.full(len(symbols), NO_SUIT), rank_symbols=_BREAKER_RANK + 1, score=score)

    def card_chain(self, width: int) -> StateChain | None:
        return self._chain if width == 5 and type(self).evaluate_many is BreakerRanking.evaluate_many else None

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        """By the chain of state tables where every value is a card or a joker (else as :meth:`evaluate_sorted`)."""
        rows = np.asarray(hands, dtype=np.int64)
        found = self._chain.scores_if_symbols(rows)
        return self.evaluate_sorted(rows) if found is None else found

    def evaluate_sorted(self, hands: npt.NDArray[np.integer]) -> Scores:
        """The reference reading of :meth:`evaluate_many`: each row's ranks (every joker the Breaker) sorted into a
        multiset index, looked up in the table."""
        rows = np.asarray(hands, dtype=np.int64)
        if rows.shape[1] != 5:
            raise ValueError(f"{self.name} ranks hands of 5 cards, got {rows.shape[1]}")
        ranks = np.minimum(rows >> 2, _BREAKER_RANK)
        scores: Scores = self._tables[1][unsorted_multiset_indexes(ranks)]
        return scores

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        """The description of a score (its key alone; kept once made)."""
        found = self._described.get(score)
        if found is None:
            found = self._described[score] = _describe(self.keys[score])
        return found

    @cached_property
    def _described(self) -> dict[int, Described]:
        return {}

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        """The real cards as people read them (biggest group first, then highest; a card int orders by rank, then
        suit, as the reading order does), the Breakers after the groups and before the odd cards."""
        counts: dict[int, int] = {}
        real: list[int] = []
        breakers: list[int] = []
        for c in cards:
            if c < JOKER_BASE:
                real.append(c)
                counts[c >> 2] = counts.get(c >> 2, 0) + 1
            else:
                breakers.append(c)
        real.sort(key=lambda c: (counts[c >> 2], c), reverse=True)
        grouped = sum(counts[c >> 2] > 1 for c in real)  # groups first, then the cards alone of their rank
        return [*real[:grouped], *breakers, *real[grouped:]]


BREAKER = BreakerRanking()
