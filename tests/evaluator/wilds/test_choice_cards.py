"""Restricted wild cards (reference ``southern-deuce``): a row holding a card that may play as one of a few named
cards scores as the best of its readings. ``score_with_choices`` scores every such row's readings in one call; the
reference scores each row's readings apart, one row at a time, as the module did before."""

from __future__ import annotations

from itertools import product

import numpy as np

from evaluator.rankings import HIGH, LOW_A5
from evaluator.rankings.base import Ranking
from evaluator.values.cards import JOKER_BASE, parse_cards
from evaluator.wilds.choice_cards import Choices, best_choice, score_with_choices
from evaluator.wilds.scoring import score_with_wilds

DEUCE, THREE, FOUR, FIVE, SIX = parse_cards("2c 3c 4c 5c 6c")
#: Southern Deuce's 2 of clubs, and a second restricted card so that readings multiply.
CHOICES: Choices = {DEUCE: (DEUCE, THREE, FOUR, FIVE, SIX), parse_cards("Kd")[0]: (*parse_cards("Kd Ad"),)}


def _row_by_row(ranking: Ranking, cards: np.ndarray, wild: np.ndarray, scores: np.ndarray) -> np.ndarray:
    out = scores.copy()
    for i, (row, cells) in enumerate(zip(cards.tolist(), wild, strict=True)):
        if any(c in CHOICES for c in row):
            readings = np.array(list(product(*[CHOICES.get(c, (c,)) for c in row])), dtype=np.int64)
            out[i] = score_with_wilds(ranking, readings, np.repeat(cells[None, :], len(readings), axis=0)).max()
    return out


def _rows(rng: np.random.Generator, count: int) -> tuple[np.ndarray, np.ndarray]:
    """Five distinct cards a row, the restricted ones often, a joker (wild) now and then."""
    deck = np.array([*range(52), JOKER_BASE])
    weights = np.ones(len(deck))
    weights[[DEUCE, parse_cards("Kd")[0]]] = 12
    weights /= weights.sum()
    cards = np.array([rng.choice(deck, 5, replace=False, p=weights) for _ in range(count)], dtype=np.int64)
    return cards, cards >= JOKER_BASE


def test_each_row_holding_restricted_cards_scores_its_best_reading_as_row_by_row() -> None:
    rng = np.random.default_rng(5)
    for ranking in (HIGH, LOW_A5):
        cards, wild = _rows(rng, 400)
        scores = score_with_wilds(ranking, cards, wild)
        found = score_with_choices(ranking, cards, wild, scores, CHOICES)
        assert found.tolist() == _row_by_row(ranking, cards, wild, scores).tolist()
        assert (found != scores).any()  # some reading beat the card as itself


def test_the_reading_spelled_out_reaches_the_rows_score() -> None:
    rng = np.random.default_rng(6)
    cards, wild = _rows(rng, 200)
    scores = score_with_choices(HIGH, cards, wild, score_with_wilds(HIGH, cards, wild), CHOICES)
    for row, cells, score in zip(cards.tolist(), wild.tolist(), scores.tolist(), strict=True):
        chosen, restricted = best_choice(HIGH, row, cells, score, CHOICES)
        assert int(score_with_wilds(HIGH, np.array([chosen]), np.array([cells])).max()) == score
        assert all(int(became) in CHOICES[int(card)] for card, became in restricted)
