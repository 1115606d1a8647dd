"""Scoring candidate hands that contain wild cards, for every ranking.

Table rankings go through :class:`~evaluator.wild_table.WildTable` (one lookup per hand, grouped by the number of
wild cards); the four-card lows place each wild card as the lowest rank and a suit the hand lacks. The completion of
the winning hand is then spelled out card by card for the answer (``wilds``: what each wild card became).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from evaluator.cards import JOKER_BASE, Card
from evaluator.rankings import NO_HAND, Ranking, TableRanking
from evaluator.rankings.base import Scores
from evaluator.rankings.four_card import FourCardLow
from evaluator.wild_table import WildTable

__all__ = ["score_with_wilds", "spell_out"]

_SUIT_PREFERENCE = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs


@cache
def _table(ranking: TableRanking) -> WildTable:
    return WildTable(ranking)


def score_with_wilds(ranking: Ranking, cards: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_]) -> Scores:
    """Scores of candidate hands (rows of ``cards``) whose ``wild`` cells are wild cards."""
    counts = wild.sum(axis=1)
    scores = np.full(len(cards), NO_HAND, dtype=np.int32)
    natural = counts == 0
    if natural.any():
        scores[natural] = ranking.evaluate_many(cards[natural])
    for k in np.unique(counts[~natural]).tolist():
        rows = np.flatnonzero(counts == k)
        if isinstance(ranking, TableRanking):
            order = np.argsort(wild[rows], axis=1, kind="stable")  # naturals first
            naturals = np.take_along_axis(cards[rows], order, axis=1)[:, :ranking.size - k]
            suits = naturals & 3
            same = (suits == suits[:, :1]).all(axis=1) if naturals.shape[1] else np.ones(len(rows), dtype=bool)
            scores[rows] = _table(ranking).best_scores(naturals, k, same)
        elif isinstance(ranking, FourCardLow):
            for row in rows.tolist():
                key = ranking.best_key([int(c) for c, w in zip(cards[row], wild[row], strict=True) if not w], k)
                scores[row] = NO_HAND if key is None else ranking.score_of_key(key)
        else:  # pragma: no cover - every ranking in the catalog is one of the two
            raise TypeError(f"{ranking.name} has no wild-card rule")
    return scores


def spell_out(ranking: Ranking, cards: Sequence[int], wild: Sequence[bool], score: int
              ) -> tuple[list[int], list[tuple[Card, Card]]]:
    """The hand as played (each wild card replaced) and the list of (wild card, what it became)."""
    naturals = [c for c, w in zip(cards, wild, strict=True) if not w]
    wilds = [Card(c) for c, w in zip(cards, wild, strict=True) if w]
    if not wilds:
        return list(cards), []
    if isinstance(ranking, TableRanking):
        suits = {c & 3 for c in naturals}
        completion = _table(ranking).completion([c >> 2 for c in naturals], len(wilds), len(suits) <= 1)
        if completion.score != score:  # pragma: no cover - the table and the search agree by construction
            raise AssertionError("wild completion does not reproduce the score")
        ranks = completion.ranks
        flush_suit = next(iter(suits), 3) if completion.suited else None
    elif isinstance(ranking, FourCardLow):
        ranks, flush_suit = tuple(_four_card_ranks(ranking, naturals, len(wilds))), -1
    else:  # pragma: no cover - every ranking in the catalog is one of the two
        raise TypeError(f"{ranking.name} has no wild-card rule")
    became: list[int] = []
    used = set(naturals)
    common = next(iter({c & 3 for c in naturals})) if len({c & 3 for c in naturals}) == 1 else None
    for rank in ranks:
        if flush_suit is not None and flush_suit >= 0:
            suit = flush_suit
        else:
            taken_suits = {c & 3 for c in naturals + became} if flush_suit == -1 else set()
            choices = [s for s in _SUIT_PREFERENCE if s != common and s not in taken_suits and rank * 4 + s not in used]
            suit = choices[0] if choices else next(s for s in _SUIT_PREFERENCE if s != common)
        card = rank * 4 + suit
        became.append(card)
        used.add(card)
    pairs = list(zip(sorted(wilds, key=lambda c: (c >= JOKER_BASE, c)), [Card(c) for c in became], strict=True))
    return naturals + became, pairs


def _four_card_ranks(ranking: FourCardLow, naturals: Sequence[int], k: int) -> list[int]:
    key = ranking.best_key(list(naturals), k)
    if key is None:
        return [12] * k
    values = [-v for v in (key[1:] if ranking.partial else key)]
    present = sorted({1 if (c >> 2) == 12 else (c >> 2) + 2 for c in naturals})
    fresh = [v for v in values if v not in present] + [v for v in values if v in present]
    return [12 if v == 1 else v - 2 for v in fresh[:k]]
