"""One-card "hands" that win a share of the pot by a card alone: the highest or lowest spade in the hole (Chicago,
High-Low Chicago, Black Mariah, Two Thirds), or holding a named card (Motown's J and 5 of spades). The ace counts
high in both spade orders (reference C16: pagat's Low Chicago), so the 2 of spades is the lowest spade."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

import numpy as np
import numpy.typing as npt

from evaluator.rankings._chain import StateChain
from evaluator.rankings.base import NO_HAND, Described, Key, Ranking, Scores
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS, RANK_NAMES, Card

__all__ = ["HIGH_SPADE", "LOW_SPADE", "HoldsCard", "SpadeRanking", "SuitCard"]

SPADES = 3


class _OneCard(Ranking):
    """A ranking of one card, each card's score its own: its chain of state tables (for the search's compiled core)
    is every card's and joker's score, as :meth:`evaluate_many` gives it."""

    def card_chain(self, width: int) -> StateChain | None:
        return self._one_card_chain if width == 1 == self.size else None

    @cached_property
    def _one_card_chain(self) -> StateChain:
        symbols = JOKER_BASE + MAX_JOKERS
        scores = self.evaluate_many(np.arange(symbols, dtype=np.int64)[:, None])
        return StateChain(symbols=symbols, steps=(), last=np.ascontiguousarray(scores, dtype=np.int32))


class SpadeRanking(_OneCard):
    """A single spade, the highest (or the lowest) winning; any other card is no hand."""

    def __init__(self, *, name: str, title: str, lowest_wins: bool) -> None:
        self.name = name
        self.title = title
        self.size = 1
        self.lowest_wins = lowest_wins

    @property
    def keys(self) -> Sequence[Key]:
        return tuple((-r,) if self.lowest_wins else (r,) for r in (range(12, -1, -1) if self.lowest_wins
                                                                   else range(13)))

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        cards = np.asarray(hands, dtype=np.int64)[:, 0]
        ranks = cards >> 2
        spade = (cards < 52) & ((cards & 3) == SPADES)
        scores = (12 - ranks) if self.lowest_wins else ranks
        return np.where(spade, scores, NO_HAND).astype(np.int32)

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        rank = 12 - score if self.lowest_wins else score
        which = "Lowest" if self.lowest_wins else "Highest"
        return Described("spade", f"{which} spade in the hole: {RANK_NAMES[rank]} of spades")


class HoldsCard(_OneCard):
    """Holding one named card (face up or down): the only hand there is."""

    def __init__(self, card: Card) -> None:
        self.card = card
        self.name = f"HOLDS-{card}"
        self.title = f"Holding the {card}"
        self.size = 1

    @property
    def keys(self) -> Sequence[Key]:
        return ((1,),)

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        cards = np.asarray(hands, dtype=np.int64)[:, 0]
        return np.where(cards == int(self.card), 0, NO_HAND).astype(np.int32)

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        return Described("holds-card", f"The {self.card}")


class SuitCard(_OneCard):
    """The highest card of one suit (ace high): Tic Tac Toe with choice's centre-suit share."""

    def __init__(self, suit: int) -> None:
        self.suit = suit
        self.name = f"HIGH-{'CDHS'[suit]}"
        self.title = f"The highest {SUIT_NAMES[suit][:-1]} (ace high)"
        self.size = 1

    @property
    def keys(self) -> Sequence[Key]:
        return tuple((r,) for r in range(13))

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        cards = np.asarray(hands, dtype=np.int64)[:, 0]
        return np.where((cards < 52) & ((cards & 3) == self.suit), cards >> 2, NO_HAND).astype(np.int32)

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        return Described("suit-card", f"The highest {SUIT_NAMES[self.suit][:-1]}: the {RANK_NAMES[score]} of "
                                      f"{SUIT_NAMES[self.suit]}")


SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

HIGH_SPADE = SpadeRanking(name="HIGH-SPADE", title="The highest spade among the face-down cards (ace high)",
                          lowest_wins=False)
LOW_SPADE = SpadeRanking(name="LOW-SPADE", title="The lowest spade among the face-down cards (ace high: the 2 "
                         "is lowest)", lowest_wins=True)
