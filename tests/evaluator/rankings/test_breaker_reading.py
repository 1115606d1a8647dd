"""BREAKER's arrangement and descriptions against their former readings: ``arrange`` in one pass (counts by rank,
cards sorted by (group size, card int)) against the reading order applied to the real cards, and descriptions kept
by score against the key's own."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evaluator.rankings.special import BREAKER
from evaluator.rankings.special._tables import ace_high, read_order
from evaluator.rankings.special.breaker import _describe
from evaluator.values.cards import JOKER_BASE, MAX_JOKERS
from tests.samples import samples

pytestmark = pytest.mark.slow  # random samples reduced in make test, in full under make stress


def _arranged_by_reading_order(cards: Sequence[int]) -> list[int]:
    """``BreakerRanking.arrange`` as it read before (verbatim but for the names)."""
    real = read_order([c for c in cards if c < JOKER_BASE], ace_high)
    breakers = [c for c in cards if c >= JOKER_BASE]
    counts = Counter(c >> 2 for c in real)
    groups = [c for c in real if counts[c >> 2] > 1]
    return [*groups, *breakers, *(c for c in real if counts[c >> 2] == 1)]


def test_seeded_hands_are_arranged_as_by_the_reading_order() -> None:
    """20,000 hands of five of the deck and its jokers (groups of every size, no Breaker, one, two), and rows with
    a card repeated."""
    rng = np.random.default_rng(60)
    for _ in range(samples(5000, 20_000)):
        if rng.random() < 0.5:
            cards = rng.choice(JOKER_BASE + MAX_JOKERS, 5, replace=False).tolist()
        else:  # few ranks: pairs, trips, quads, full houses
            cards = rng.choice(rng.choice(JOKER_BASE, 8, replace=False), 5, replace=rng.random() < 0.2).tolist()
        score = BREAKER.evaluate(cards)
        assert BREAKER.arrange(cards, score) == _arranged_by_reading_order(cards)


@given(st.lists(st.integers(0, JOKER_BASE + MAX_JOKERS - 1), min_size=0, max_size=7))
def test_any_cards_are_arranged_as_by_the_reading_order(cards: list[int]) -> None:
    assert BREAKER.arrange(cards, 0) == _arranged_by_reading_order(cards)


def test_a_description_kept_by_score_is_the_one_its_key_gives() -> None:
    scores = list(range(len(BREAKER.keys)))
    np.random.default_rng(61).shuffle(scores)
    for score in scores + scores:
        assert BREAKER.describe(score, []) == _describe(BREAKER.keys[score])
