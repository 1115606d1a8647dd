"""Ordered fixture lists (pypa/packaging style): each list is in strictly increasing strength order, and is
expanded into the pairwise comparisons the tests parametrize over, or checked pair by pair in one test per list
(:func:`pairs_out_of_order`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations, pairwise

Fixture = tuple[str, str]  # (category slug, hand)
Comparison = tuple[str, str, str]  # (ranking name, weaker hand, stronger hand)


def adjacent_pairs(orders: Mapping[str, Sequence[Fixture]]) -> list[Comparison]:
    """Each fixture with the next one of its list."""
    return [(name, lower, higher) for name, fixtures in orders.items()
            for lower, higher in pairwise(hand for _, hand in fixtures)]


def categorized(orders: Mapping[str, Sequence[Fixture]]) -> list[tuple[str, str, str]]:
    """(ranking name, category, hand) for every fixture."""
    return [(name, category, hand) for name, fixtures in orders.items() for category, hand in fixtures]


def pairs_out_of_order(fixtures: Sequence[Fixture], score: Callable[[str], int], key: Callable[[int], object],
                       floor: int | None = None) -> list[str]:
    """Every pair (earlier, later) of ``fixtures`` whose scores are not strictly increasing (and above ``floor`` when
    given), or whose strength keys are not: one line each, naming both hands and their scores."""
    scores = {hand: score(hand) for _, hand in fixtures}
    wrong = []
    for weaker, stronger in combinations([hand for _, hand in fixtures], 2):
        low, high = scores[weaker], scores[stronger]
        if not ((floor is None or floor < low) and low < high and key(low) < key(high)):
            wrong.append(f"{weaker} (score {low}) is not weaker than {stronger} (score {high})")
    return wrong
