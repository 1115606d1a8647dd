"""The seeded random deals every evaluator is timed on, and their conversion to each library's card type.

A deal is nine distinct cards of one 52-card deck (ints ``rank * 4 + suit``, as in :mod:`evaluator.values.cards`):

- 7-card high: hole = cards 0-1, board = cards 2-6;
- Omaha (high and 8-or-better low): hole = cards 0-3, board = cards 4-8.

Conversions happen once, before any timing, so the timed loops only call the evaluators.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from evaluator import format_cards

__all__ = ["SEED", "Deals", "deal_cards"]

SEED = 2026

IntArray = npt.NDArray[np.int64]


def deal_cards(count: int, seed: int = SEED) -> IntArray:
    """``count`` rows of nine distinct cards each: the first nine cards of independently shuffled decks."""
    rng = np.random.default_rng(seed)
    return rng.random((count, 52)).argsort(axis=1)[:, :9].astype(np.int64)


@dataclass(frozen=True)
class Deals:
    """One array of seeded deals, with each library's representation computed on first use."""

    cards: IntArray  # (n, 9)

    @property
    def count(self) -> int:
        return int(self.cards.shape[0])

    # --- our own layout -------------------------------------------------------------------------------------

    @cached_property
    def seven(self) -> IntArray:
        """(n, 7): two hole cards, then the five board cards."""
        return np.ascontiguousarray(self.cards[:, :7])

    @cached_property
    def omaha_hole(self) -> IntArray:
        return np.ascontiguousarray(self.cards[:, :4])

    @cached_property
    def omaha_board(self) -> IntArray:
        return np.ascontiguousarray(self.cards[:, 4:9])

    @cached_property
    def names(self) -> list[list[str]]:
        """Every deal's nine cards as strings (``"As"``): the common input of the peers' parsers."""
        return [format_cards(row) for row in self.cards.tolist()]

    @cached_property
    def ints(self) -> list[list[int]]:
        """Every deal's nine cards as plain Python ints (phevaluator uses the same numbering as ours)."""
        return [[int(c) for c in row] for row in self.cards.tolist()]

    # --- peers ----------------------------------------------------------------------------------------------

    @cached_property
    def treys(self) -> list[list[int]]:
        """treys' bit-packed card ints."""
        from treys import Card as TreysCard

        table = {name: TreysCard.new(name) for name in {n for row in self.names for n in row}}
        return [[table[n] for n in row] for row in self.names]

    @cached_property
    def eval7(self) -> list[list[Any]]:
        """eval7.Card objects."""
        import eval7

        table = {name: eval7.Card(name) for name in {n for row in self.names for n in row}}
        return [[table[n] for n in row] for row in self.names]

    @cached_property
    def pokerkit(self) -> list[tuple[Any, ...]]:
        """pokerkit.Card objects, as tuples (what ``from_game`` accepts without re-parsing)."""
        from pokerkit import Card as PokerkitCard

        table = {name: next(iter(PokerkitCard.parse(name))) for name in {n for row in self.names for n in row}}
        return [tuple(table[n] for n in row) for row in self.names]
