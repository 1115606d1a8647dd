"""The spelling out of a player's best hand (:mod:`evaluator.hands.played`): its shortcuts give what the ranking's
own methods give."""

from __future__ import annotations

import random

import pytest

from evaluator.hands.played import _arranged
from evaluator.rankings import RANKINGS, TableRanking

TABLE_RANKINGS = sorted(name for name, ranking in RANKINGS.items() if type(ranking).arrange is TableRanking.arrange)


@pytest.mark.parametrize("name", TABLE_RANKINGS)
def test_a_table_rankings_hand_is_arranged_as_the_ranking_arranges_it(name: str) -> None:
    """The permutation kept per score and ranks arranges every hand of those ranks as ``arrange`` does, whatever
    the suits and the order the cards come in (each deal twice: the second time from what was kept)."""
    ranking = RANKINGS[name]
    rng = random.Random(name)
    for _ in range(400):
        cards = rng.sample(range(52), 5)
        score = ranking.evaluate(cards)
        if score < 0:
            continue
        for _ in range(2):
            rng.shuffle(cards)
            assert _arranged(ranking, list(cards), score) == ranking.arrange(list(cards), score)


def test_a_hand_repeating_a_card_is_arranged_by_the_ranking_itself() -> None:
    """Five of a kind made with wild cards may repeat a card: no kept permutation applies to it."""
    ranking = RANKINGS["HIGH"]
    cards = [51, 51, 50, 49, 48]
    score = ranking.evaluate([48, 49, 50, 51, 47])  # any score: the arrangement of these cards is the question
    assert _arranged(ranking, cards, score) == ranking.arrange(cards, score)
