"""Wild-card scoring helpers (:mod:`evaluator.wilds.scoring`) against naive readings of their rules."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations_with_replacement

import numpy as np
import pytest

from evaluator.catalog import CATALOG
from evaluator.rankings import NO_HAND, RANKINGS, Ranking, TableRanking
from evaluator.rankings._multiset import multiset_index
from evaluator.rankings.four_card import FourCardLow
from evaluator.rankings.special import HIGH_SHORT
from evaluator.values.cards import JOKER_BASE, Card, card_of
from evaluator.wilds import scoring
from evaluator.wilds.scoring import prefer_unseen, score_with_wilds, spell_out
from tests.samples import samples

pytestmark = pytest.mark.slow  # random samples reduced in make test, in full under make stress


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


#: Every five-card ranking a catalog hand is ranked by: prefer_unseen reads a table ranking from its tables, any other
#: by scoring the trials.
FIVE_CARD = sorted({hand.ranking for variant in CATALOG for hand in variant.hands if hand.ranking.size == 5},
                   key=lambda ranking: ranking.name)


@pytest.mark.parametrize("ranking", FIVE_CARD, ids=lambda ranking: ranking.name)
def test_a_wild_card_becomes_an_unseen_card_as_the_rule_reads(ranking: Ranking) -> None:
    """Flushes kept and broken, flushes made (four cards of a suit), several wild cards, copies of cards already
    shown: the reading of a trial's value from the tables (or one call scoring every trial) answers what trying the
    suits one at a time answers."""
    rng = random.Random(f"unseen {ranking.name}")
    changed = 0
    for _ in range(samples(375, 1500)):
        played = rng.sample(range(52), 5)
        shape = rng.random()
        if shape < 0.3:  # a flush, so that a suit can break it
            suit = rng.randrange(4)
            played = [r * 4 + suit for r in rng.sample(range(13), 5)]
        elif shape < 0.6:  # four of a suit, so that a suit can make one
            suit = rng.randrange(4)
            played = [r * 4 + suit for r in rng.sample(range(13), 5)]
            played[rng.randrange(5)] ^= rng.randint(1, 3)
        wilds = rng.sample(range(5), rng.randint(1, 3))
        substitutions = [(card_of(JOKER_BASE + k), card_of(played[i])) for k, i in enumerate(wilds)]
        seen = frozenset(rng.sample(range(52), rng.randint(0, 20))) | {played[i] for i in wilds
                                                                       if rng.random() < 0.7}
        found = prefer_unseen(ranking, played, substitutions, seen)
        assert found == _one_suit_at_a_time(ranking, played, substitutions, seen)
        changed += found is not None
    assert changed > samples(75, 300)  # the cases exercise the substitution itself


def _spelled_one_way(ranking: Ranking, cards: Sequence[int], wild: Sequence[bool], score: int
              ) -> tuple[list[int], list[tuple[Card, Card]]]:
    """``spell_out`` as it read before its completions were kept (verbatim but for the module's names): the
    reference its faster reading must answer exactly."""
    naturals = [c for c, w in zip(cards, wild, strict=True) if not w]
    wilds = [card_of(c) for c in sorted(c for c, w in zip(cards, wild, strict=True) if w)]  # jokers after cards
    if not wilds:
        return list(cards), []
    if isinstance(ranking, FourCardLow):
        return scoring._spell_four_card(ranking, naturals, wilds)
    if len(cards) < ranking.size:
        return scoring._spell_short(ranking, naturals, wilds, score)
    if not isinstance(ranking, TableRanking):  # pragma: no cover - every ranking in the catalog is one of the two
        raise TypeError(f"{ranking.name} has no wild-card rule")
    suits = {c & 3 for c in naturals}
    completion = scoring._table(ranking).completion([c >> 2 for c in naturals], len(wilds), len(suits) <= 1)
    if completion.score != score:  # pragma: no cover - the table and the search agree by construction
        raise AssertionError("wild completion does not reproduce the score")
    common = next(iter(suits)) if len(suits) == 1 else None
    if completion.suited:
        suit = common if common is not None else 3
        became = [rank * 4 + suit for rank in completion.ranks]
    else:
        used = set(naturals)
        became = []
        orders = scoring._ROTATIONS[common]
        for i, rank in enumerate(completion.ranks):
            order = orders[i % len(orders)]  # vary suits: no accidental flush
            card = next((rank * 4 + s for s in order if rank * 4 + s not in used), rank * 4 + order[0])
            became.append(card)
            used.add(card)
    return naturals + became, list(zip(wilds, [card_of(c) for c in became], strict=True))



@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_spell_out_answers_what_the_one_way_reading_answers(name: str) -> None:
    """Seeded hands of every ranking, 0 to 5 wild cards (deuces and jokers) among five cards and among four (a
    short hand), suited often: the same cards played and the same substitutions, in the same order."""
    ranking = RANKINGS[name]
    rng = random.Random(name)
    spelled = 0
    for _ in range(samples(750, 3000)):
        width = ranking.size if rng.random() < 0.8 else ranking.size - 1
        if rng.random() < 0.3:
            suit = rng.randrange(4)
            cards = [r * 4 + suit for r in rng.sample(range(13), width)]
        else:
            cards = rng.sample(range(52), width)
        k = rng.randint(0, min(width, 5))
        for i in rng.sample(range(width), k):
            cards[i] = rng.choice([0, 1, 2, 3, JOKER_BASE, JOKER_BASE + 1]) if rng.random() < 0.5 else cards[i]
        if len(set(cards)) < width:
            continue
        wild = [c < 4 or c >= JOKER_BASE for c in cards]
        if not isinstance(ranking, TableRanking | FourCardLow):
            continue
        score = int(score_with_wilds(ranking, np.array([cards], dtype=np.int64), np.array([wild]))[0])
        if score == NO_HAND:
            continue
        assert spell_out(ranking, cards, wild, score) == _spelled_one_way(ranking, cards, wild, score)
        spelled += any(wild)
    assert spelled > samples(100, 400)  # the wild cards themselves are spelled out, hundreds of times


def test_a_short_hands_wild_ranks_kept_per_rank_multiset_are_those_tried_in_turn() -> None:
    """A short hand's wild cards (HIGH-SHORT, one to four cards, none to three natural): the ranks they become, kept
    per ranking, the naturals' rank multiset, the wild count and the score (``_short_fill``), are the first rank
    multiset that reaches the score trying each in turn with these very naturals (``_short_fill_tried``); and the
    hand spelled out holds the naturals as dealt and the wild cards in suits not yet shown."""
    ranking = HIGH_SHORT
    rng = random.Random("short fills")
    kept = 0
    for _ in range(samples(150, 600)):
        width = rng.randint(1, 4)
        wilds = rng.randint(1, width)
        naturals = rng.sample(range(52), width - wilds)
        cards = np.array([[*naturals, *([JOKER_BASE] * wilds)]], dtype=np.int64)
        flags = np.array([[False] * len(naturals) + [True] * wilds])
        score = int(score_with_wilds(ranking, cards, flags)[0])
        key = (ranking, tuple(sorted(c >> 2 for c in naturals)), wilds, score)
        kept += key in scoring._FILLS
        fill = scoring._short_fill(ranking, naturals, wilds, score)
        assert fill == scoring._short_fill_tried(ranking, naturals, wilds, score)
        played, became = scoring._spell_short(ranking, naturals, [card_of(JOKER_BASE)] * wilds, score)
        assert played[:len(naturals)] == naturals and [int(b) >> 2 for _, b in became] == list(fill)
        assert len(set(played)) == len(played)  # four cards at most: a suit not yet shown for each
        assert int(ranking.evaluate_many(np.array([played], dtype=np.int64))[0]) == score
    assert kept > samples(25, 100)  # many hands read a kept fill


def test_short_hands_best_scores_kept_per_natural_ranks_are_each_rows_own_best() -> None:
    """Short hands with wild cards (HIGH-SHORT, rows of one to four cells, one to all of them wild, jokers or
    cards): each row's score read through the scores kept per natural ranks and wild count (``_short_with_wilds``)
    is its own best over every rank multiset for its wild cards, its naturals in their suits and order
    (``_short_best`` on the row alone)."""
    rng = random.Random("short best")
    for _ in range(samples(37, 150)):
        width = rng.randint(1, 4)
        rows, cells = [], []
        for _ in range(rng.randint(1, 6)):
            cards = rng.sample(range(52), width)
            mask = [True] * rng.randint(1, width) + [False] * width
            mask = rng.sample(mask[:width], width)
            rows.append([JOKER_BASE if w and rng.random() < 0.5 else c for c, w in zip(cards, mask, strict=True)])
            cells.append(mask)
        found = scoring._short_with_wilds(HIGH_SHORT, np.array(rows, dtype=np.int64), np.array(cells))
        assert found.tolist() == [scoring._short_best(HIGH_SHORT, [c for c, w in zip(row, mask, strict=True) if not w],
                                                      sum(mask)) for row, mask in zip(rows, cells, strict=True)]


def test_a_five_card_multiset_index_read_from_column_shares_is_multiset_index() -> None:
    """``_five_index`` (each sorted column's share from a table) is ``multiset_index`` of the five cards' ranks, for
    every multiset of five ranks, the cards in any order and of any suits."""
    rng = random.Random(3)
    for ranks in combinations_with_replacement(range(13), 5):
        cards = [r * 4 + rng.randrange(4) for r in ranks]
        rng.shuffle(cards)
        assert scoring._five_index(cards) == multiset_index(list(ranks))
