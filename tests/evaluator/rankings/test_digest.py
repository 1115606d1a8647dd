"""Every five-card ranking pinned over all 2,598,960 five-card hands of the 52-card deck.

Three checks per ranking, from an exhaustive enumeration (combinations of card ints 0..51 in lexicographic
order, scored in chunks with ``ranking.evaluate_many``):

* the number of hands in each category equals the textbook count;
* the number of distinct scores equals the number of hand classes, counted from first principles;
* a sha256 digest of every hand's class index pins the order: any change to the relative order of any two
  hands changes it (the class index is the hand's score renumbered densely over the scores that natural
  hands reach, so keys that only wild cards reach may be added to a ranking without moving the digest).

A further check compares the order of one representative per hand class with a key function written here,
independently of the library, straight from reference 2.1.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, islice, pairwise
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from evaluator.rankings import HIGH, LOW_27, LOW_A5, LOW_A6, TableRanking
from tests.evaluator.reference import hand_classes

ALL_HANDS = comb(52, 5)
assert ALL_HANDS == 2_598_960

HandArray = npt.NDArray[np.int8]


@cache
def _lexicographic(n: int, k: int) -> HandArray:
    """Every k-subset of ``range(n)`` as rows, in ``itertools.combinations`` order."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.int8)
    parts = []
    for first in range(n - k + 1):
        rest = _lexicographic(n - first - 1, k - 1) + np.int8(first + 1)
        parts.append(np.column_stack((np.full(len(rest), first, dtype=np.int8), rest)))
    return np.concatenate(parts).astype(np.int8)


@cache
def _chunks() -> tuple[HandArray, ...]:
    """All 2,598,960 hands, one chunk per lowest card, together in ``combinations(range(52), 5)`` order."""
    return tuple(np.column_stack((np.full(comb(51 - first, 4), first, dtype=np.int8),
                                  _lexicographic(51 - first, 4) + np.int8(first + 1)))
                 for first in range(48))


@dataclass(frozen=True)
class Census:
    digest: str  # sha256 of the class index of every hand, in enumeration order
    per_score: npt.NDArray[np.int64]  # how many hands have each score


RANKINGS: dict[str, TableRanking] = {r.name: r for r in (HIGH, LOW_A5, LOW_27, LOW_A6)}


@cache
def census(name: str) -> Census:
    ranking = RANKINGS[name]
    scores = [ranking.evaluate_many(chunk) for chunk in _chunks()]
    per_score = sum((np.bincount(s, minlength=len(ranking.keys)) for s in scores),
                    start=np.zeros(len(ranking.keys), dtype=np.int64))
    class_of = np.cumsum(per_score > 0) - 1  # dense rank of each reached score among the reached scores
    digest = hashlib.sha256()
    for s in scores:
        digest.update(class_of[s].astype("<i4").tobytes())
    return Census(digest.hexdigest(), per_score)


def test_enumeration_is_every_five_card_hand_in_combination_order() -> None:
    hands = np.concatenate(_chunks())
    assert hands.shape == (ALL_HANDS, 5)
    assert list(map(tuple, hands[:3].tolist())) == [(0, 1, 2, 3, 4), (0, 1, 2, 3, 5), (0, 1, 2, 3, 6)]
    assert tuple(hands[-1].tolist()) == (47, 48, 49, 50, 51)
    assert (np.diff(hands, axis=1) > 0).all()  # each row strictly increasing: five distinct cards
    # Lexicographic order: each row is greater than the one before (compare as base-52 numbers).
    as_numbers = (hands.astype(np.int64) * (52 ** np.arange(4, -1, -1))).sum(axis=1)
    assert (np.diff(as_numbers) > 0).all()
    sample = list(islice(combinations(range(52), 5), 0, None, 9973))
    assert [tuple(row) for row in hands[::9973].tolist()] == sample


# Textbook counts of the 2,598,960 five-card hands.
# HIGH: the classic table (40 straight flushes, 624 quads, ...). The four lowball tables follow from it:
# LOW-A5 ignores straights and flushes, so every unpaired hand is "no-pair": C(13,5) * 4^5 = 1,317,888.
# LOW-27 and LOW-A6 count straights and flushes, each with nine straights instead of ten (2-7: A-5-4-3-2 is
# not a straight, the ace being high only; A-6: K-Q-J-T-A is not, the ace being low only), so 9 * 4 = 36
# straight flushes, 9 * (4^5 - 4) = 9,180 straights, (1287 - 9) * 4 = 5,112 flushes and
# (1287 - 9) * (4^5 - 4) = 1,303,560 unpaired hands. Paired categories are the same in every ranking.
PAIRED = {"four-of-a-kind": 624, "full-house": 3_744, "three-of-a-kind": 54_912, "two-pair": 123_552,
          "pair": 1_098_240}
NINE_STRAIGHTS = {**PAIRED, "straight-flush": 36, "flush": 5_112, "straight": 9_180, "no-pair": 1_303_560}
CATEGORY_COUNTS: dict[str, dict[str, int]] = {
    "HIGH": {"straight-flush": 40, "four-of-a-kind": 624, "full-house": 3_744, "flush": 5_108,
             "straight": 10_200, "three-of-a-kind": 54_912, "two-pair": 123_552, "pair": 1_098_240,
             "high-card": 1_302_540},
    "LOW-A5": {**PAIRED, "no-pair": 1_317_888},
    "LOW-27": NINE_STRAIGHTS,
    "LOW-A6": NINE_STRAIGHTS,
}

# Distinct scores reached. A hand class is its rank multiset (no rank more than four times: C(17,5) - 13 =
# 6,175 multisets) plus, where flushes count, the suited form of each set of five distinct ranks (C(13,5) =
# 1,287 more). HIGH: 6,175 + 1,287 = 7,462, the well-known number of distinct high hands (the 10 straights
# are 10 of the 1,287 unsuited sets, the 10 straight flushes 10 of the 1,287 suited ones). LOW-A5 ignores
# suits: 6,175 rank patterns. LOW-27 and LOW-A6 count flushes: 7,462 each. The key tables may hold more
# keys (five of a kind, a flush with a pair: wild cards only), which no natural hand reaches.
DISTINCT_SCORES = {"HIGH": 7_462, "LOW-A5": 6_175, "LOW-27": 7_462, "LOW-A6": 7_462}

# sha256 of the little-endian int32 class index of every hand (0 = the worst of the 7,462 or 6,175 classes),
# in combinations(range(52), 5) order: pins the whole order of each ranking over natural hands. Computed once
# from this implementation after the category counts, class counts and the reference order below all agreed;
# a change means some hand now ranks differently against another.
DIGESTS = {
    "HIGH": "53197b1a15eed5184c3a16f2f54c24db3576acd06bc458f57d2b184cd84215da",
    "LOW-A5": "4842a8bd74025fe6cd65345c45bd83c2bae5f905c1770070347115483dbb3afc",
    "LOW-27": "55199e3126423483fc0e1236c77bbecdae822a344668f9b3185b506312738730",
    "LOW-A6": "adf24868f616af5761ddb73591c3b62ca983a5be7d0f50c8df07150b53f3ff4a",
}


@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_category_counts_are_the_textbook_counts(name: str) -> None:
    ranking = RANKINGS[name]
    per_score = census(name).per_score
    assert int(per_score.sum()) == ALL_HANDS
    counts: Counter[str] = Counter()
    for score in np.flatnonzero(per_score).tolist():
        counts[ranking.describe(score, ()).category] += int(per_score[score])
    assert dict(counts) == CATEGORY_COUNTS[name]


@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_number_of_distinct_scores_is_the_number_of_hand_classes(name: str) -> None:
    per_score = census(name).per_score
    assert int(np.count_nonzero(per_score)) == DISTINCT_SCORES[name]
    assert len(RANKINGS[name].keys) >= DISTINCT_SCORES[name]


@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_score_digest_over_all_five_card_hands_is_pinned(name: str) -> None:
    assert census(name).digest == DIGESTS[name]


# --- an independent reference order, from the text of reference 2.1 ----------------------------------------

# Poker categories, weakest first.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def _poker_order(values: Sequence[int], flush: bool, straights: frozenset[frozenset[int]]) -> tuple[int, ...]:
    """Greater is a better *high* hand: category, then the values that break ties (groups first)."""
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    tiebreak = tuple(v for v, _ in groups)
    run = frozenset(values) if frozenset(values) in straights else None
    top = (max(run) if max(run) - min(run) == 4 else sorted(run)[3]) if run else 0
    if run and flush:
        return (STRAIGHT_FLUSH, top)
    if shape[0] == 4:
        return (QUADS, *tiebreak)
    if shape == [3, 2]:
        return (FULL_HOUSE, *tiebreak)
    if flush:
        return (FLUSH, *tiebreak)
    if run:
        return (STRAIGHT, top)
    if shape[0] == 3:
        return (TRIPS, *tiebreak)
    if shape[:2] == [2, 2]:
        return (TWO_PAIR, *tiebreak)
    if shape[0] == 2:
        return (PAIR, *tiebreak)
    return (HIGH_CARD, *tiebreak)


def _runs(values: Sequence[int]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(values[i:i + 5]) for i in range(len(values) - 4))


# HIGH: ace 14, or 1 in A-2-3-4-5 (written here as {14, 2, 3, 4, 5}, top card 5).
HIGH_STRAIGHTS = _runs(range(2, 15)) | {frozenset({14, 2, 3, 4, 5})}
# LOW-27: ace high only, so no wheel. LOW-A6: ace low only (value 1), so A-2-3-4-5 but no broadway.
STRAIGHTS_27 = _runs(range(2, 15))
STRAIGHTS_A6 = _runs(range(1, 14))


def reference_order(name: str, ranks: Sequence[int], flush: bool) -> tuple[int, ...]:
    """Greater is better in ``name``, for ranks 0..12 (2..A); from reference 2.1, not from the library."""
    high_values = [r + 2 for r in ranks]
    low_values = [1 if r == 12 else r + 2 for r in ranks]
    if name == "HIGH":
        return _poker_order(high_values, flush, HIGH_STRAIGHTS)
    if name == "LOW-A5":  # straights and flushes ignored; the lowest hand is the best
        return tuple(-x for x in _poker_order(low_values, False, frozenset()))
    if name == "LOW-27":
        return tuple(-x for x in _poker_order(high_values, flush, STRAIGHTS_27))
    if name == "LOW-A6":
        return tuple(-x for x in _poker_order(low_values, flush, STRAIGHTS_A6))
    raise KeyError(name)


@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_order_of_every_hand_class_agrees_with_the_reference(name: str) -> None:
    """Reference 2.1, re-implemented independently: scores order the 7,462 classes as the rules say."""
    ranking = RANKINGS[name]
    classes = hand_classes()
    assert len(classes) == 7_462
    scores = ranking.evaluate_many(np.array([cards for _, _, cards in classes], dtype=np.int64)).tolist()
    reference = [reference_order(name, ranks, flush) for ranks, flush, _ in classes]
    order = sorted(range(len(classes)), key=lambda i: reference[i])
    for before, after in pairwise(order):
        if reference[before] == reference[after]:
            assert scores[before] == scores[after], (classes[before], classes[after])
        else:
            assert scores[before] < scores[after], (classes[before], classes[after])
