"""TELESINA: short-deck high with a flush above a full house, and optionally suits breaking ties
(reference ``telesina``).

- **[filled in the reference]** the deck's lowest rank is 11 minus the number of players (pagat: 5 players play
  6-A, 36 cards); online rooms use 32 cards (7-A). The ace also ends the lowest straight *of the deck*: A-6-7-8-9
  with 36 cards, A-7-8-9-T with 32. A flush beats a full house. So :func:`telesina_ranking` is HIGH for the deck
  with flush and full house swapped (with 36 cards exactly HIGH-6PLUS).
- Some rooms break ties by suit, ♥ > ♦ > ♣ > ♠ (``suit_tiebreak``). This module's reading of it: when two hands
  are equal, compare the suits of their cards in the order the hand is read (biggest group first, then highest
  card, the best suit first within a rank; the ace of an ace-low straight last). So the highest card of the
  straight or flush, or the best card of the highest group, decides first. Two different hands are never tied.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, cached_property
from itertools import product

import numpy as np
import numpy.typing as npt

from evaluator.rankings.base import Described, Key, Ranking, Scores, TableRanking
from evaluator.rankings.high import high_ranking
from evaluator.rankings.poker_key import STRAIGHT, STRAIGHT_FLUSH
from evaluator.rankings.special._tables import ProductKeys
from evaluator.values.cards import RANKS

__all__ = ["SUIT_ORDER", "TELESINA", "SuitTiebreakRanking", "telesina_ranking"]

#: Tie-break strength of each suit c, d, h, s: hearts > diamonds > clubs > spades.
SUIT_ORDER = (1, 2, 3, 0)
_SUIT_NAMES = "♣♦♥♠"
_DIGITS: tuple[Key, ...] = tuple(product(range(4), repeat=5))


class SuitTiebreakRanking(Ranking):
    """A five-card table ranking whose equal hands are then ordered by the suits of their cards, read in hand
    order (:data:`SUIT_ORDER`). Keys are the base key followed by five suit strengths."""

    def __init__(self, base: TableRanking, *, name: str, title: str) -> None:
        self.base = base
        self.name = name
        self.title = title
        self.size = 5

    @cached_property
    def _keys(self) -> ProductKeys:
        return ProductKeys(self.base.keys, _DIGITS)

    @property
    def keys(self) -> Sequence[Key]:
        return self._keys

    @cached_property
    def _ace_last(self) -> npt.NDArray[np.bool_]:
        """For each base score: is it a straight whose ace plays low (read last)?"""
        return np.array([k[0] in (STRAIGHT, STRAIGHT_FLUSH) and k[1] != 14 for k in self.base.keys], dtype=bool)

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        rows = np.asarray(hands, dtype=np.int64)
        base = self.base.evaluate_many(rows).astype(np.int64)
        ranks = rows >> 2
        counts = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
        values = np.where(self._ace_last[base][:, None] & (ranks == 12), -1, ranks)
        strength = np.asarray(SUIT_ORDER)[rows & 3]
        order = np.argsort(-(counts * 1000 + values * 10 + strength), axis=1, kind="stable")
        digits = np.take_along_axis(strength, order, axis=1)
        code = (digits * (4 ** np.arange(4, -1, -1))).sum(axis=1)
        scores: Scores = (base * len(_DIGITS) + code).astype(np.int32)
        return scores

    def score_of_key(self, key: Key) -> int:
        return self._keys.index_of(key[:-5], key[-5:])

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        base, digits = divmod(score, len(_DIGITS))
        described = self.base.describe(base, cards)
        suits = "".join(_SUIT_NAMES[SUIT_ORDER.index(d)] for d in _DIGITS[digits])
        return Described(described.category, f"{described.description}, suits {suits}")

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        ace_last = bool(self._ace_last[score // len(_DIGITS)])
        counts = {c >> 2: sum(1 for d in cards if d >> 2 == c >> 2) for c in cards}

        def reading(card: int) -> tuple[int, int, int]:
            value = -1 if ace_last and card >> 2 == 12 else card >> 2
            return counts[card >> 2], value, SUIT_ORDER[card & 3]

        return sorted(cards, key=reading, reverse=True)


def telesina_ranking(lowest_rank: int = 4, suit_tiebreak: bool = False) -> Ranking:
    """TELESINA for the deck whose lowest rank is ``lowest_rank`` (0 = deuce ... 4 = six, the default 36-card
    deck; 5 = seven, the 32-card deck), optionally with suits breaking ties. One object per choice."""
    return _telesina(lowest_rank, suit_tiebreak)


@cache
def _telesina(lowest_rank: int, suit_tiebreak: bool) -> Ranking:
    letter = RANKS[lowest_rank]
    cards = (13 - lowest_rank) * 4
    name = "TELESINA" if lowest_rank == 4 else f"TELESINA-{letter}PLUS"
    wheel = "-".join(RANKS[lowest_rank:lowest_rank + 4])
    base = high_ranking(name=name, lowest_rank=lowest_rank, flush_beats_full_house=True,
                        title=f"Telesina ({cards} cards, {letter} to ace): A-{wheel} is the lowest straight and a "
                              "flush beats a full house")
    if not suit_tiebreak:
        return base
    return SuitTiebreakRanking(base, name=f"{name}-SUITS", title=base.title + "; equal hands are decided by suit, "
                               "hearts > diamonds > clubs > spades, card by card in hand order")


TELESINA = telesina_ranking()
