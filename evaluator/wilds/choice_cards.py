"""Restricted wild cards (reference: Southern Deuce): a card that may play as itself or as one of a few named cards.

Unlike a fully wild card, a restricted card's choices are few (Southern Deuce's 2 of clubs: the 3 to 6 of clubs),
so a hand holding some is scored by trying each combination of their choices (at most a few hundred per hand),
with any fully wild cards still resolved exactly by the wild tables. The chosen card is reported like any wild
card's substitution.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product

import numpy as np
import numpy.typing as npt

from evaluator.rankings import NO_HAND, Ranking
from evaluator.rankings.base import Scores
from evaluator.values.cards import Card, card_of
from evaluator.wilds.scoring import score_with_wilds

__all__ = ["Choices", "best_choice", "score_with_choices"]

#: card -> the cards it may play as, itself first.
Choices = Mapping[int, tuple[int, ...]]


def _variants(row: Sequence[int], choices: Choices) -> npt.NDArray[np.int64]:
    options = [choices.get(c, (c,)) for c in row]
    return np.array(list(product(*options)), dtype=np.int64)


def score_with_choices(ranking: Ranking, cards: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_],
                       scores: Scores, choices: Choices) -> Scores:
    """``scores`` with every row that holds a restricted card rescored as the best of its choices."""
    if not choices:
        return scores
    held = np.isin(cards, np.fromiter(choices, np.int64, len(choices)))
    rows = np.flatnonzero(held.any(axis=1))
    out = scores.copy()
    if not len(rows):
        return out
    tried = [_variants(row, choices) for row in cards[rows].tolist()]  # every row's readings, scored in one call
    counts = np.fromiter(map(len, tried), np.intp, len(tried))
    scored = score_with_wilds(ranking, np.concatenate(tried), wild[np.repeat(rows, counts)])
    out[rows] = np.maximum.reduceat(scored, np.cumsum(counts) - counts)
    return out


def best_choice(ranking: Ranking, row: Sequence[int], wild: Sequence[bool], score: int, choices: Choices
                ) -> tuple[list[int], list[tuple[Card, Card]]]:
    """The row with each restricted card replaced by the choice that reaches ``score``, and those choices."""
    if not any(c in choices for c in row):
        return list(row), []
    tried = _variants(row, choices)
    scored = score_with_wilds(ranking, tried, np.repeat(np.array([wild], dtype=bool), len(tried), axis=0))
    best = int(np.flatnonzero(scored == score)[0]) if score != NO_HAND else 0
    chosen = tried[best].tolist()
    return chosen, [(card_of(a), card_of(b)) for a, b in zip(row, chosen, strict=True) if a != b]
