"""Wild-card scoring helpers (:mod:`evaluator.wilds.scoring`) against naive readings of their rules."""

from __future__ import annotations

import random
from collections.abc import Sequence

from evaluator.rankings import RANKINGS, Ranking
from evaluator.values.cards import JOKER_BASE, Card, card_of
from evaluator.wilds.scoring import prefer_unseen


def _one_suit_at_a_time(ranking: Ranking, cards: Sequence[int], substitutions: Sequence[tuple[Card, Card]],
                        seen: frozenset[int]) -> tuple[list[int], list[tuple[Card, Card]]] | None:
    """prefer_unseen's rule read naively: each wild card that became a seen card tries the unseen cards of its
    rank, spades first, and keeps the first that leaves the hand's value as it was."""
    if (not substitutions or len(cards) != ranking.size or len(set(cards)) < len(cards)
            or not any(a in seen for _, a in substitutions)):
        return None
    played, became = list(cards), list(substitutions)
    value = ranking.evaluate(played)
    for i, (wild, card) in enumerate(became):
        if card not in seen or card >= JOKER_BASE:
            continue
        for suit in (3, 2, 1, 0):
            other = (card >> 2) * 4 + suit
            if other in seen or other in played:
                continue
            trial = [other if c == card else c for c in played]
            if ranking.evaluate(trial) == value:
                played, became[i] = trial, (wild, card_of(other))
                break
    return (played, became) if became != list(substitutions) else None


def test_a_wild_card_becomes_an_unseen_card_as_the_rule_reads() -> None:
    """Flushes kept and broken, several wild cards, copies of cards already shown: the batched search of the
    suits answers what trying them one at a time answers."""
    rng = random.Random(12)
    changed = 0
    for name in ("HIGH", "LOW-A5", "LOW-27"):
        ranking = RANKINGS[name]
        for _ in range(1500):
            played = rng.sample(range(52), 5)
            if rng.random() < 0.3:  # a flush, so that a suit can break it
                suit = rng.randrange(4)
                played = [r * 4 + suit for r in rng.sample(range(13), 5)]
            wilds = rng.sample(range(5), rng.randint(1, 3))
            substitutions = [(card_of(JOKER_BASE + k), card_of(played[i])) for k, i in enumerate(wilds)]
            seen = frozenset(rng.sample(range(52), rng.randint(0, 20))) | {played[i] for i in wilds
                                                                           if rng.random() < 0.7}
            found = prefer_unseen(ranking, played, substitutions, seen)
            assert found == _one_suit_at_a_time(ranking, played, substitutions, seen)
            changed += found is not None
    assert changed > 500  # the cases exercise the substitution itself
