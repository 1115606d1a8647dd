"""The spelling out of a player's best hand (:mod:`evaluator.hands.played`): its shortcuts give what the ranking's
own methods give."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from evaluator.catalog import variant_named
from evaluator.formation import BOARD, BREAKER, HOLE, INSURED, TABLE, UP, Slot
from evaluator.hands.played import _arranged, played_with_sets
from evaluator.hands.spec import HandSpec
from evaluator.rankings import HIGH, RANKINGS, TableRanking
from evaluator.rankings.qualifiers import HighQualifier
from evaluator.results import PlayedHand
from evaluator.values.cards import Card, card_of
from evaluator.wilds.sets import SetHand, WildSets, best_set_hands

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


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4])
def test_a_short_hand_of_a_table_ranking_is_arranged_as_the_ranking_arranges_it(size: int) -> None:
    """Fewer than five cards (a short hand): the same permutation kept per score and ranks, or none for one card."""
    ranking = RANKINGS["HIGH"]
    rng = random.Random(size)
    for _ in range(200):
        cards = rng.sample(range(52), size)
        score = rng.randrange(len(ranking.keys))  # any score: the arrangement of these cards is the question
        for _ in range(2):
            rng.shuffle(cards)
            assert _arranged(ranking, list(cards), score) == ranking.arrange(list(cards), score)


def _played_with_sets_slot_by_slot(spec: HandSpec, found: SetHand | None, slots: Sequence[Slot], layout: bool
                                   ) -> PlayedHand:
    """``played_with_sets`` as it read before it walked ``found.used`` (verbatim but for the module's names): the
    reference its faster reading must answer exactly."""
    if found is None:
        return PlayedHand(name=spec.name, score=None, reason="no legal combination of cards")
    ranking = spec.ranking
    cards = ranking.arrange(list(found.played), found.score)
    described = ranking.describe(found.score, cards)
    key = ranking.key(found.score)
    qualifies = spec.qualifier is None or spec.qualifier.passes(ranking, key)
    used = found.slots
    hole = [card_of(s.card) for s in slots if s in used and (s.source == HOLE or s.source.startswith("set"))]
    up = [card_of(s.card) for s in slots if s in used and s.source == UP]
    table = [(s.label.rsplit(":", 1)[0], card_of(s.card)) for s in slots if s in used and s.source == TABLE]
    board = [(s.label, card_of(s.card)) for s in slots
             if s in used and s.source not in (HOLE, UP, TABLE) and not s.source.startswith("set")]
    substitutions = found.substitutions
    return PlayedHand(
        name=spec.name,
        score=found.score,
        cards=tuple(card_of(c) for c in cards),
        hole=tuple(hole),
        up=tuple(up),
        board=tuple(board),
        qualifies=qualifies,
        reason=None if qualifies else f"does not qualify ({spec.qualifier.label if spec.qualifier else ''})",
        category=described.category,
        description=described.description + (f" ({found.wild_text})" if substitutions else ""),
        strength=key,
        wilds=substitutions,
        layout=layout,
        table=tuple(table),
        natural=not substitutions,
    )


_SOURCES = (HOLE, HOLE, UP, UP, BOARD, "set1", "set2", TABLE, BREAKER, INSURED, "low")


@pytest.mark.parametrize("qualified", [False, True])
def test_a_hand_of_units_is_answered_as_reading_every_usable_card_for_those_used(qualified: bool) -> None:
    """Seeded tables of players (low cards often, so many sets; every kind of source, a qualifier or none): each
    player's best hand of units, spelled out, as the slot-by-slot reading answers it, field for field."""
    rng = random.Random(12)
    rule = WildSets()
    spec = replace(variant_named("seven-and-what-makes-it").hand("high"),
                   qualifier=HighQualifier("three-of-a-kind") if qualified else None)
    answered = 0
    for _ in range(250):
        table = []
        deck = rng.sample(range(28) if rng.random() < 0.6 else range(52), 28)
        for p in range(4):
            cards = deck[p * 7:p * 7 + rng.randint(5, 7)]
            slots = []
            for i, c in enumerate(cards):
                source = rng.choice(_SOURCES)
                slots.append(Slot(source, f"p{i}:{i}" if source == TABLE else str(i), Card(c)))
            table.append((slots, frozenset(s.card for s in slots if rule.value(s.card) == rule.total)))
        for (slots, _), found in zip(table, best_set_hands(HIGH, rule, table), strict=True):
            for layout in (False, True):
                assert played_with_sets(spec, found, slots, layout) == _played_with_sets_slot_by_slot(
                    spec, found, slots, layout)
            answered += found is not None
    assert answered > 900
