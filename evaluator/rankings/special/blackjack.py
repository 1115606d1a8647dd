"""BLACKJACK (Stud-Jack): the player's face-down cards as a blackjack hand (reference ``stud-jack``).

A = 1 or 11, courts 10, the others their face value; the highest total of 21 or less wins. A total over 21 is
bust: no hand at all (``NO_HAND``). **[ASSUMPTION of the reference]** a two-card 21 (a "blackjack") beats a
three-card 21; equal totals split.

The hand is two or three cards (the two original down cards, plus the 7th if it came down), so this ranking scores
rows of any width from two up; ``size`` is the largest hand of the game (3) and ``sizes`` lists the widths. The
key is ``(total, blackjack)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property, partial

import numpy as np
import numpy.typing as npt

from evaluator.rankings._chain import CARDS, StateChain, chain_of_states
from evaluator.rankings.base import NO_HAND, Described, Key, Ranking, Scores

__all__ = ["BLACKJACK", "BlackjackRanking", "blackjack_total"]

#: Points of each rank 2..A (the ace counted 1; one ace may add 10).
POINTS = np.array([2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1], dtype=np.int64)
LOWEST_TOTAL = 4  # two deuces
_POINTS = POINTS.tolist()
_ACE = 12


def blackjack_total(cards: Sequence[int]) -> int:
    """The best total of these cards, straight from the rules (over 21 when bust)."""
    total = sum(int(POINTS[c >> 2]) for c in cards)
    if any(c >> 2 == 12 for c in cards) and total + 10 <= 21:
        total += 10
    return total


class BlackjackRanking(Ranking):
    """BLACKJACK for hands of two or more cards."""

    def __init__(self) -> None:
        self.name = "BLACKJACK"
        self.title = ("Blackjack: A = 1 or 11, courts 10; the highest total of 21 or less; a two-card 21 beats a "
                      "three-card 21; bust is no hand")
        self.size = 3
        self.sizes = (2, 3)

    @cached_property
    def keys(self) -> Sequence[Key]:
        return (*((total, 0) for total in range(LOWEST_TOTAL, 22)), (21, 1))

    @cached_property
    def _chains(self) -> dict[int, StateChain]:
        """For each hand size, the tables scoring its cards one at a time (:mod:`evaluator.rankings._chain`): the
        state is the points so far (aces counted 1) and whether an ace is among them."""
        natural = len(self.keys) - 1

        def follow(state: tuple[int, bool], card: int) -> tuple[int, bool]:
            return state[0] + _POINTS[card >> 2], state[1] or card >> 2 == _ACE

        def score(width: int, state: tuple[int, bool]) -> int:
            total = state[0] + 10 if state[1] and state[0] + 10 <= 21 else state[0]
            if total == 21 and width == 2:
                return natural
            return NO_HAND if total > 21 else total - LOWEST_TOTAL

        return {width: chain_of_states(width=width, symbols=CARDS, start=(0, False), follow=follow,
                                       score=partial(score, width)) for width in self.sizes}

    def card_chain(self, width: int) -> StateChain | None:
        return self._chains.get(width) if type(self).evaluate_many is BlackjackRanking.evaluate_many else None

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        """By the chain of state tables of the hand's size (one hand, as the engine sends, walked in Python);
        otherwise as :meth:`evaluate_summed`."""
        rows = np.asarray(hands, dtype=np.int64)
        chain = self._chains.get(rows.shape[1]) if rows.ndim == 2 else None
        found = None if chain is None else chain.scores_if_symbols(rows)
        return self.evaluate_summed(rows) if found is None else found

    def evaluate_summed(self, hands: npt.NDArray[np.integer]) -> Scores:
        """The reference reading of :meth:`evaluate_many`: each row's points summed, an ace counted 11 where that
        does not bust, then the blackjack and the busts."""
        rows = np.asarray(hands, dtype=np.int64)
        if rows.shape[1] < 2:
            raise ValueError(f"a blackjack hand has at least 2 cards, got {rows.shape[1]}")
        ranks = rows >> 2
        total = POINTS[ranks].sum(axis=1)
        soft = (ranks == 12).any(axis=1) & (total + 10 <= 21)
        total = np.where(soft, total + 10, total)
        natural = (total == 21) & (rows.shape[1] == 2)
        scores: Scores = np.where(natural, len(self.keys) - 1, np.where(total > 21, NO_HAND, total - LOWEST_TOTAL)
                                  ).astype(np.int32)
        return scores

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        total, natural = self.keys[score]
        if natural:
            return Described("blackjack", "Blackjack (a two-card 21)")
        return Described("points", f"{total} points")

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        return sorted(cards, key=lambda c: (int(POINTS[c >> 2]) if c >> 2 != 12 else 11, c), reverse=True)


BLACKJACK = BlackjackRanking()
