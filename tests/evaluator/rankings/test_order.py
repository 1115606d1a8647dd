"""Every ranking of reference 2.1 pinned by ordered fixture lists, expanded into pairwise comparisons.

Each list below is a sequence of ``(category slug, hand)`` pairs that **must be in strictly increasing
strength order**: every hand is a worse hand than every hand after it (higher scores are better in every
ranking, lows included). The lists walk every category boundary (the weakest and strongest hand of each
category), the ace rules of each ranking and the classic traps. A separate list pins hands that must score
*equal*.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from evaluator.rankings import (
    BADUGI,
    DOOGIE,
    HIGH,
    HIGH_6PLUS,
    HIGH_7PLUS,
    LOW_27,
    LOW_A5,
    LOW_A6,
    NO_HAND,
    RANKINGS,
    Ranking,
)
from evaluator.values.cards import parse_cards
from tests.evaluator.ordered_fixtures import adjacent_pairs, categorized, pairs_out_of_order
from tests.evaluator.reference import hand_classes

Fixture = tuple[str, str]


@cache
def score(ranking: Ranking, hand: str) -> int:
    return ranking.evaluate(parse_cards(hand))


# HIGH: standard five-card high. The ace plays high, or low only in A-2-3-4-5; no wrap-around straights.
# This list must be in strictly increasing strength order.
HIGH_ORDER: list[Fixture] = [
    ("high-card", "7c 5d 4h 3s 2c"),  # the worst hand there is
    ("high-card", "7c 6d 4h 3s 2c"),
    ("high-card", "8c 5d 4h 3s 2c"),
    ("high-card", "Kc Qd Jh Ts 8c"),  # best king high
    ("high-card", "Kc Ad 2h 3s 4c"),  # K-A-2-3-4 does not wrap: ace high
    ("high-card", "Qc Kd Ah 2s 3c"),  # Q-K-A-2-3 neither
    ("high-card", "Ac Kd Qh Js 9c"),  # best high card
    ("pair", "2c 2d 5h 4s 3c"),  # worst pair
    ("pair", "2c 2d 6h 4s 3c"),  # kicker decides
    ("pair", "3c 3d 5h 4s 2c"),
    ("pair", "Ac Ad 5h 4s 3c"),
    ("pair", "Ac Ad Kh Qs Jc"),  # best pair
    ("two-pair", "3c 3d 2h 2s 4c"),  # worst two pair
    ("two-pair", "3c 3d 2h 2s Ac"),
    ("two-pair", "4c 4d 2h 2s 3c"),
    ("two-pair", "Kc Kd Qh Qs Ac"),
    ("two-pair", "Ac Ad 2h 2s 3c"),  # the higher pair decides first
    ("two-pair", "Ac Ad Kh Ks Qc"),  # best two pair
    ("three-of-a-kind", "2c 2d 2h 4s 3c"),  # worst trips
    ("three-of-a-kind", "2c 2d 2h As Kc"),
    ("three-of-a-kind", "3c 3d 3h 4s 2c"),
    ("three-of-a-kind", "Ac Ad Ah Ks Qc"),  # best trips
    ("straight", "Ac 2d 3h 4s 5c"),  # the wheel: the ace plays low, the lowest straight
    ("straight", "2c 3d 4h 5s 6c"),
    ("straight", "9c Td Jh Qs Kc"),
    ("straight", "Tc Jd Qh Ks Ac"),  # broadway
    ("flush", "7c 5c 4c 3c 2c"),  # worst flush
    ("flush", "8c 5c 4c 3c 2c"),
    ("flush", "Ac 6c 4c 3c 2c"),  # A-5-4-3-2 suited would be the steel wheel
    ("flush", "Ac Kc Qc Jc 9c"),  # best flush
    ("full-house", "2c 2d 2h 3s 3c"),  # worst full house
    ("full-house", "2c 2d 2h As Ac"),
    ("full-house", "3c 3d 3h 2s 2c"),  # the trips decide first
    ("full-house", "Ac Ad Ah Ks Kc"),  # best full house
    ("four-of-a-kind", "2c 2d 2h 2s 3c"),  # worst quads
    ("four-of-a-kind", "2c 2d 2h 2s Ac"),
    ("four-of-a-kind", "3c 3d 3h 3s 2c"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),  # best quads
    ("straight-flush", "Ac 2c 3c 4c 5c"),  # the steel wheel: the lowest straight flush
    ("straight-flush", "2c 3c 4c 5c 6c"),
    ("straight-flush", "9s Ts Js Qs Ks"),
    ("straight-flush", "Ts Js Qs Ks As"),  # royal flush
]

# HIGH-6PLUS: the 36-card deck (6 to ace). A-6-7-8-9 is the lowest straight; a flush beats a full house.
# This list must be in strictly increasing strength order.
HIGH_6PLUS_ORDER: list[Fixture] = [
    ("high-card", "Jc 9d 8h 7s 6c"),  # the worst hand of the deck (6-7-8-9-T would be a straight)
    ("high-card", "Kc Qd Jh Ts 8c"),
    ("high-card", "Ac Kd Qh Js 9c"),
    ("pair", "6c 6d 9h 8s 7c"),
    ("pair", "Ac Ad Kh Qs Jc"),
    ("two-pair", "7c 7d 6h 6s 8c"),
    ("two-pair", "Ac Ad Kh Ks Qc"),
    ("three-of-a-kind", "6c 6d 6h 8s 7c"),
    ("three-of-a-kind", "Ac Ad Ah Ks Qc"),
    ("straight", "Ac 6d 7h 8s 9c"),  # the ace plays low only here
    ("straight", "6c 7d 8h 9s Tc"),
    ("straight", "Tc Jd Qh Ks Ac"),
    ("full-house", "6c 6d 6h 7s 7c"),  # full houses rank below flushes in the short deck
    ("full-house", "Ac Ad Ah Ks Kc"),
    ("flush", "Jc 9c 8c 7c 6c"),  # the worst flush beats the best full house
    ("flush", "Ac Kc Qc Jc 9c"),
    ("four-of-a-kind", "6c 6d 6h 6s 7c"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),
    ("straight-flush", "Ac 6c 7c 8c 9c"),
    ("straight-flush", "6c 7c 8c 9c Tc"),
    ("straight-flush", "Ts Js Qs Ks As"),
]

# HIGH-7PLUS: the 32-card deck (7 to ace). A-7-8-9-T is the lowest straight; the usual category order.
# This list must be in strictly increasing strength order.
HIGH_7PLUS_ORDER: list[Fixture] = [
    ("high-card", "Qc Td 9h 8s 7c"),  # the worst hand of the deck
    ("high-card", "Ac Kd Qh Js 9c"),
    ("pair", "7c 7d Jh 9s 8c"),
    ("pair", "Ac Ad Kh Qs Jc"),
    ("two-pair", "8c 8d 7h 7s 9c"),
    ("two-pair", "Ac Ad Kh Ks Qc"),
    ("three-of-a-kind", "7c 7d 7h 9s 8c"),
    ("three-of-a-kind", "Ac Ad Ah Ks Qc"),
    ("straight", "Ac 7d 8h 9s Tc"),  # the ace plays low only here
    ("straight", "7c 8d 9h Ts Jc"),
    ("straight", "Tc Jd Qh Ks Ac"),
    ("flush", "Qc Tc 9c 8c 7c"),
    ("flush", "Ac Kc Qc Jc 9c"),
    ("full-house", "7c 7d 7h 8s 8c"),
    ("full-house", "Ac Ad Ah Ks Kc"),
    ("four-of-a-kind", "7c 7d 7h 7s 8c"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),
    ("straight-flush", "Ac 7c 8c 9c Tc"),
    ("straight-flush", "Ts Js Qs Ks As"),
]

# LOW-A5: the ace is low; straights and flushes are ignored; pairs count against you. Hands compare from the
# highest card down. The best hand is 5-4-3-2-A. A paired hand loses to any unpaired hand.
# This list must be in strictly increasing strength order (worst low first).
LOW_A5_ORDER: list[Fixture] = [
    ("four-of-a-kind", "Kc Kd Kh Ks Qc"),  # the worst low
    ("four-of-a-kind", "2c 2d 2h 2s Ac"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),  # aces are the lowest quads
    ("four-of-a-kind", "Ac Ad Ah As 2c"),
    ("full-house", "Kc Kd Kh Qs Qc"),
    ("full-house", "Ac Ad Ah 2s 2c"),
    ("three-of-a-kind", "Kc Kd Kh Qs Jc"),
    ("three-of-a-kind", "Ac Ad Ah 3s 2c"),
    ("two-pair", "Kc Kd Qh Qs Jc"),
    ("two-pair", "3c 3d Ah As 2c"),
    ("two-pair", "2c 2d Ah As 3c"),
    ("pair", "Kc Kd Qh Js Tc"),
    ("pair", "Kc Kd 4h 3s 2c"),
    ("pair", "2c 2d Ah 4s 3c"),
    ("pair", "Ac Ad 5h 3s 2c"),  # a pair of aces is the lowest pair
    ("pair", "Ac Ad 4h 3s 2c"),
    ("no-pair", "Kc Qd Jh Ts 9c"),  # a straight is just a king-high low
    ("no-pair", "Kc Qc Jc Tc 8c"),  # a flush is just a king-high low
    ("no-pair", "Ac Kd Qh Js Tc"),  # the ace is low: this is K-Q-J-T-A, not a straight
    ("no-pair", "8c 7d 6h 5s 4c"),  # an eight-high straight, ignored
    ("no-pair", "8c 5d 4h 3s 2c"),
    ("no-pair", "7c 6d 5h 4s 3c"),
    ("no-pair", "7c 5d 4h 3s 2c"),  # the best 2-7 low is only a seven here
    ("no-pair", "6c 5d 4h 3s 2c"),
    ("no-pair", "6c 4d 3h 2s Ac"),
    ("no-pair", "5c 4c 3c 2c Ac"),  # the wheel, suited or not, is the best low
]

# LOW-27 (deuce-to-seven): the ace is high only; straights and flushes count against you. The best hand is
# 7-5-4-3-2 in mixed suits. This list must be in strictly increasing strength order (worst low first).
LOW_27_ORDER: list[Fixture] = [
    ("straight-flush", "Ts Js Qs Ks As"),  # the worst 2-7 hand
    ("straight-flush", "6s 5s 4s 3s 2s"),
    ("four-of-a-kind", "Ac Ad Ah As Kc"),
    ("four-of-a-kind", "2c 2d 2h 2s 3c"),
    ("full-house", "Ac Ad Ah Ks Kc"),
    ("full-house", "2c 2d 2h 3s 3c"),
    ("flush", "As Ks Qs Js 9s"),
    ("flush", "7s 5s 4s 3s 2s"),  # suited, the best 2-7 hand is only a flush
    ("straight", "Ac Kd Qh Js Tc"),
    ("straight", "6c 5d 4h 3s 2c"),  # the lowest straight still counts against you
    ("three-of-a-kind", "Ac Ad Ah Ks Qc"),
    ("three-of-a-kind", "2c 2d 2h 4s 3c"),
    ("two-pair", "Ac Ad Kh Ks Qc"),
    ("two-pair", "3c 3d 2h 2s 4c"),
    ("pair", "Ac Ad Kh Qs Jc"),
    ("pair", "2c 2d Ah Ks Qc"),
    ("pair", "2c 2d 5h 4s 3c"),
    ("no-pair", "Ac Kd Qh Js 9c"),
    ("no-pair", "Ac 5d 4h 3s 2c"),  # A-5-4-3-2 is ace high, not a straight
    ("no-pair", "Kc Qd Jh Ts 8c"),
    ("no-pair", "8c 7d 6h 5s 3c"),
    ("no-pair", "8c 5d 4h 3s 2c"),
    ("no-pair", "7c 6d 5h 4s 2c"),
    ("no-pair", "7c 5d 4h 3s 2c"),  # the best hand
]

# LOW-A6 (ace-to-six): the ace is low; straights and flushes count against you. The best hand is 6-4-3-2-A in
# mixed suits. This list must be in strictly increasing strength order (worst low first).
LOW_A6_ORDER: list[Fixture] = [
    ("straight-flush", "Ks Qs Js Ts 9s"),  # the worst A-6 hand
    ("straight-flush", "5s 4s 3s 2s As"),  # the steel wheel is a straight flush here
    ("four-of-a-kind", "Kc Kd Kh Ks Qc"),
    ("four-of-a-kind", "Ac Ad Ah As 2c"),
    ("full-house", "Kc Kd Kh Qs Qc"),
    ("full-house", "Ac Ad Ah 2s 2c"),
    ("flush", "Ks Qs Js Ts 8s"),
    ("flush", "As Ks Qs Js Ts"),  # the ace is low: a king-high flush, not a straight flush
    ("flush", "6s 4s 3s 2s As"),
    ("straight", "Kc Qd Jh Ts 9c"),
    ("straight", "6c 5d 4h 3s 2c"),
    ("straight", "5c 4d 3h 2s Ac"),  # A-2-3-4-5 is a straight: bad
    ("three-of-a-kind", "Kc Kd Kh Qs Jc"),
    ("three-of-a-kind", "Ac Ad Ah 3s 2c"),
    ("two-pair", "Kc Kd Qh Qs Jc"),
    ("two-pair", "2c 2d Ah As 3c"),
    ("pair", "Kc Kd Qh Js Tc"),
    ("pair", "Ac Ad 2h 3s 4c"),
    ("no-pair", "Kc Qd Jh Ts 8c"),
    ("no-pair", "Ac Kd Qh Js Tc"),  # K-Q-J-T-A: no straight when the ace is low
    ("no-pair", "7c 5d 4h 3s 2c"),
    ("no-pair", "7c 4d 3h 2s Ac"),
    ("no-pair", "6c 5d 4h 3s Ac"),
    ("no-pair", "6c 5d 4h 2s Ac"),
    ("no-pair", "6c 4d 3h 2s Ac"),  # the best hand
]

# BADUGI: the best subset with no two cards of a rank or a suit; more cards beat fewer (a 4-card hand beats
# any 3-card hand), then within a size the lower highest card wins, and so on down. The ace is low.
# This list must be in strictly increasing strength order.
BADUGI_ORDER: list[Fixture] = [
    ("one-card-badugi", "Kc Kd Kh Ks"),  # four of a kind: one card plays
    ("one-card-badugi", "Kc Qc Jc Tc"),  # four of a suit: the lowest one plays
    ("one-card-badugi", "5s 4s 3s 2s"),
    ("one-card-badugi", "Ac Kc Qc Jc"),
    ("two-card-badugi", "Kc Kd Qc Qd"),
    ("two-card-badugi", "3c 3d 2c 2d"),
    ("two-card-badugi", "2c Ac 2d Ad"),
    ("three-card-badugi", "Kc Qd Jh Kh"),
    ("three-card-badugi", "Kc Qd Th Tc"),  # the second ten (and second club) is dropped
    ("three-card-badugi", "8c 5d 4h 4c"),
    ("three-card-badugi", "3c 2d Ah Ac"),  # the best 3-card hand
    ("four-card-badugi", "Kc Qd Jh Ts"),  # loses to no 3-card hand
    ("four-card-badugi", "Kc 4d 3h 2s"),
    ("four-card-badugi", "Qc Jd Th 9s"),
    ("four-card-badugi", "8c 5d 4h 3s"),
    ("four-card-badugi", "7c 6d 5h 4s"),
    ("four-card-badugi", "7c 6d 5h As"),
    ("four-card-badugi", "4c 3d 2h As"),  # the best badugi
]

# DOOGIE: exactly four cards of four suits and four ranks, ace low; compared from the highest card down.
# This list must be in strictly increasing strength order.
DOOGIE_ORDER: list[Fixture] = [
    ("doogie", "Kc Qd Jh Ts"),
    ("doogie", "Kc 4d 3h 2s"),
    ("doogie", "Qc Jd Th 9s"),
    ("doogie", "8c 7d 6h 5s"),
    ("doogie", "7c 6d 5h 4s"),
    ("doogie", "7c 4d 3h 2s"),
    ("doogie", "7c 3d 2h As"),
    ("doogie", "4c 3d 2h As"),  # the perfect doogie
]

ORDERS: dict[str, list[Fixture]] = {
    "HIGH": HIGH_ORDER,
    "HIGH-6PLUS": HIGH_6PLUS_ORDER,
    "HIGH-7PLUS": HIGH_7PLUS_ORDER,
    "LOW-A5": LOW_A5_ORDER,
    "LOW-27": LOW_27_ORDER,
    "LOW-A6": LOW_A6_ORDER,
    "BADUGI": BADUGI_ORDER,
    "DOOGIE": DOOGIE_ORDER,
}


ADJACENT = adjacent_pairs(ORDERS)
CATEGORIZED = categorized(ORDERS)


def test_every_ranking_has_an_ordered_fixture_list() -> None:
    assert sorted(ORDERS) == sorted(RANKINGS)


@pytest.mark.parametrize(("name", "weaker", "stronger"), ADJACENT)
def test_each_fixture_is_weaker_than_the_next(name: str, weaker: str, stronger: str) -> None:
    ranking = RANKINGS[name]
    assert score(ranking, weaker) < score(ranking, stronger)


@pytest.mark.parametrize("name", list(ORDERS))
def test_every_earlier_fixture_is_weaker_than_every_later_one(name: str) -> None:
    """Every pair of the ranking's list, in one test per list: the earlier hand scores below the
    later, and the strength lists order the same way. A failure lists every pair out of order."""
    ranking = RANKINGS[name]
    wrong = pairs_out_of_order(ORDERS[name], lambda hand: score(ranking, hand), ranking.key)
    assert not wrong, f"{len(wrong)} pairs of {name} out of order:\n" + "\n".join(wrong)


@pytest.mark.parametrize(("name", "category", "hand"), CATEGORIZED)
def test_each_fixture_is_described_with_its_category(name: str, category: str, hand: str) -> None:
    ranking = RANKINGS[name]
    cards = parse_cards(hand)
    hand_score = ranking.evaluate(cards)
    assert hand_score != NO_HAND
    assert ranking.describe(hand_score, cards).category == category


@pytest.mark.parametrize("name", sorted(ORDERS))
def test_fixture_lists_cover_every_category_the_ranking_can_make(name: str) -> None:
    ranking = RANKINGS[name]
    reachable = {ranking.describe(s, ()).category for s in range(len(ranking.keys))}
    reachable.discard("five-of-a-kind")  # only with wild cards
    assert {category for category, _ in ORDERS[name]} == reachable


@pytest.mark.parametrize("name", sorted(ORDERS))
def test_scores_are_dense_indexes_into_increasing_keys(name: str) -> None:
    keys = list(RANKINGS[name].keys)
    assert keys == sorted(set(keys))


# Hands that must score *equal*: suits never break ties, and dropped or ignored cards do not count.
TIES: list[tuple[str, str, str]] = [
    ("HIGH", "As Ks Qs Js 9s", "Ah Kh Qh Jh 9h"),  # equal flushes in different suits
    ("HIGH", "Ac Kd Qh Js 9c", "Ad Kc Qs Jh 9d"),
    ("HIGH", "Ac 2d 3h 4s 5c", "As 2c 3d 4h 5s"),  # wheels
    ("HIGH", "Ac Ad Kh Ks Qc", "Ah As Kc Kd Qs"),
    ("HIGH", "Ts Js Qs Ks As", "Th Jh Qh Kh Ah"),  # royal flushes
    ("HIGH-6PLUS", "Ac 6d 7h 8s 9c", "As 6h 7d 8c 9s"),
    ("HIGH-6PLUS", "Jc 9c 8c 7c 6c", "Jd 9d 8d 7d 6d"),
    ("HIGH-7PLUS", "Ac 7d 8h 9s Tc", "Ad 7c 8s 9h Ts"),
    ("LOW-A5", "5c 4c 3c 2c Ac", "5d 4h 3s 2c Ad"),  # a flush is ignored
    ("LOW-A5", "6c 5c 4c 3c 2c", "6d 5h 4s 3c 2c"),  # a straight flush is ignored
    ("LOW-A5", "Ac Ad 2h 3s 4c", "Ah As 2c 3d 4d"),
    ("LOW-27", "7c 5d 4h 3s 2c", "7s 5h 4d 3c 2d"),
    ("LOW-27", "7s 5s 4s 3s 2s", "7h 5h 4h 3h 2h"),
    ("LOW-A6", "6c 4d 3h 2s Ac", "6s 4h 3d 2c Ad"),
    ("BADUGI", "4c 3d 2h As", "4s 3h 2d Ac"),
    ("BADUGI", "Ac 2c 3d 4h", "Ac 3d 4h Kh"),  # both are 4-3-A: the dropped 2c and Kh do not count
    ("BADUGI", "Ac 2c 3d 4h", "As 3c 4d 4h"),
    ("BADUGI", "Kc Kd Kh Ks", "Kh Kc Kd Ks"),
    ("DOOGIE", "7c 4d 3h 2s", "7s 4h 3d 2c"),
]


@pytest.mark.parametrize(("name", "hand", "same"), TIES)
def test_equal_hands_in_different_suits_score_equal(name: str, hand: str, same: str) -> None:
    ranking = RANKINGS[name]
    assert score(ranking, hand) == score(ranking, same)


@pytest.mark.parametrize("name", sorted(ORDERS))
@pytest.mark.parametrize("permutation", ["cdhs", "sdhc", "hscd", "dchs"])
def test_relabelling_suits_changes_no_score(name: str, permutation: str) -> None:
    ranking = RANKINGS[name]
    table = str.maketrans("cdhs", permutation)
    for _, hand in ORDERS[name]:
        assert score(ranking, hand) == score(ranking, hand.translate(table))


@pytest.mark.parametrize("name", sorted(ORDERS))
def test_card_order_changes_no_score(name: str) -> None:
    ranking = RANKINGS[name]
    for _, hand in ORDERS[name]:
        cards = hand.split()
        assert score(ranking, hand) == score(ranking, " ".join(reversed(cards)))
        assert score(ranking, hand) == score(ranking, " ".join(cards[1:] + cards[:1]))


# --- the rules of each ranking, stated outright -------------------------------------------------------------


def test_high_wheel_is_the_lowest_straight_and_steel_wheel_the_lowest_straight_flush() -> None:
    assert HIGH.key(score(HIGH, "5c 4d 3h 2s Ac")) == (5, 5)
    assert HIGH.key(score(HIGH, "5c 4c 3c 2c Ac")) == (9, 5)


def test_high_suits_never_break_ties() -> None:
    assert score(HIGH, "As Kd Qh Jc 9s") == score(HIGH, "Ac Kd Qh Jc 9s")


def test_high_6plus_flush_beats_full_house() -> None:
    flush, full_house = score(HIGH_6PLUS, "Jc 9c 8c 7c 6c"), score(HIGH_6PLUS, "Ac Ad Ah Ks Kc")
    assert flush > full_house
    assert score(HIGH, "Jc 9c 8c 7c 6c") < score(HIGH, "Ac Ad Ah Ks Kc")


def test_high_6plus_a6789_is_a_nine_high_straight() -> None:
    assert HIGH_6PLUS.describe(score(HIGH_6PLUS, "Ac 6d 7h 8s 9c"), ()).description == "Straight, nine high"


def test_high_7plus_a789t_is_a_ten_high_straight() -> None:
    assert HIGH_7PLUS.describe(score(HIGH_7PLUS, "Ac 7d 8h 9s Tc"), ()).description == "Straight, ten high"
    assert HIGH.describe(score(HIGH, "Ac 7d 8h 9s Tc"), ()).category == "high-card"


@cache
def best_natural_score(ranking: Ranking) -> int:
    """The best score of any natural five-card hand (one hand of each class)."""
    hands = np.array([cards for _, _, cards in hand_classes()], dtype=np.int64)
    return int(ranking.evaluate_many(hands).max())


def test_high_best_hand_is_a_royal_flush() -> None:
    assert score(HIGH, "As Ks Qs Js Ts") == best_natural_score(HIGH)


def test_low_a5_best_hand_is_the_wheel() -> None:
    """LOW-A5: the ace is low; straights and flushes are ignored. The best hand is 5-4-3-2-A."""
    assert score(LOW_A5, "5c 4c 3c 2c Ac") == best_natural_score(LOW_A5)


def test_low_27_best_hand_is_7_5_4_3_2_unsuited() -> None:
    """LOW-27: the ace is high only; straights and flushes count. The best is 7-5-4-3-2 in mixed suits."""
    assert score(LOW_27, "7c 5d 4h 3s 2c") == best_natural_score(LOW_27)


def test_low_a6_best_hand_is_6_4_3_2_a_unsuited() -> None:
    """LOW-A6: the ace is low; straights and flushes count. The best hand is 6-4-3-2-A in mixed suits."""
    assert score(LOW_A6, "6c 4d 3h 2s Ac") == best_natural_score(LOW_A6)


def test_badugi_best_hand_is_a_2_3_4_rainbow() -> None:
    assert score(BADUGI, "4c 3d 2h As") == len(BADUGI.keys) - 1


@pytest.mark.parametrize("hand", ["Ac 2c 3d 4h", "Ac Ad 3h 4s", "Kc Kd Kh Ks", "5s 4s 3s 2s", "Ac 2d 3h 3s"])
def test_doogie_needs_four_suits_and_four_ranks_or_there_is_no_hand(hand: str) -> None:
    """DOOGIE: only complete four-suit hands count; unlike Badugi there is no fall-back to 3 cards."""
    assert score(DOOGIE, hand) == NO_HAND
    assert score(BADUGI, hand) != NO_HAND
