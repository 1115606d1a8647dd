"""The batch fast paths agree with brute force: every legal 5-card subset scored one by one."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest

from evaluator.engine.fast_paths import RANK_WEIGHTS, best_high, omaha_high, omaha_low8
from evaluator.rankings import HIGH, LOW_A5, NO_HAND, LowQualifier
from evaluator.rankings._multiset import sorted_multisets

DEALS = 3000


def _deals(seed: int, cards: int) -> npt.NDArray[np.int64]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((DEALS, 52)), axis=1)[:, :cards].astype(np.int64)


def test_rank_weights_give_every_five_card_rank_multiset_a_distinct_sum() -> None:
    rows = sorted_multisets(5)
    natural = rows[(np.diff(rows, axis=1) == 0).sum(axis=1) < 4]
    sums = RANK_WEIGHTS[natural].sum(axis=1)
    assert len(np.unique(sums)) == len(natural) == 6175


@pytest.mark.parametrize("size", [5, 6, 7])
def test_best_high_is_the_best_five_of_k_cards(size: int) -> None:
    deals = _deals(size, size)
    brute = np.max([HIGH.evaluate_many(deals[:, list(c)]) for c in combinations(range(size), 5)], axis=0)
    assert (best_high(deals) == brute).all()


def test_best_high_finds_flushes_and_straight_flushes_hidden_among_seven_cards() -> None:
    rng = np.random.default_rng(11)
    suited = []
    for _ in range(DEALS):
        suit = int(rng.integers(4))
        ranks = rng.choice(13, size=int(rng.integers(5, 8)), replace=False)
        cards = [int(r) * 4 + suit for r in ranks]
        others = [c for c in rng.permutation(52).tolist() if c not in cards]
        suited.append((cards + others)[:7])
    deals = np.array(suited, dtype=np.int64)
    brute = np.max([HIGH.evaluate_many(deals[:, list(c)]) for c in combinations(range(7), 5)], axis=0)
    assert (best_high(deals) == brute).all()


def _omaha_combos(hole: list[int], board: list[int]) -> npt.NDArray[np.int64]:
    return np.array([list(p) + list(t) for p in combinations(hole, 2) for t in combinations(board, 3)])


def test_omaha_high_uses_exactly_two_hole_and_three_board_cards() -> None:
    deals = _deals(21, 9)
    brute = [int(HIGH.evaluate_many(_omaha_combos(d[:4].tolist(), d[4:].tolist())).max()) for d in deals]
    assert omaha_high(deals[:, :4], deals[:, 4:]).tolist() == brute


def test_omaha_low8_is_the_best_qualifying_two_plus_three_low_or_no_hand() -> None:
    deals = _deals(22, 9)
    eight = LowQualifier(8)
    brute = []
    for d in deals:
        scores = LOW_A5.evaluate_many(_omaha_combos(d[:4].tolist(), d[4:].tolist())).tolist()
        qualifying = [s for s in scores if eight.passes(LOW_A5, LOW_A5.key(s))]
        brute.append(max(qualifying, default=NO_HAND))
    ours = omaha_low8(deals[:, :4], deals[:, 4:]).tolist()
    assert ours == brute
    assert NO_HAND in ours and any(s != NO_HAND for s in ours)
