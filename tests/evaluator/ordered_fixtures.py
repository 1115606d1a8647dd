"""Ordered fixture lists (pypa/packaging style): each list is in strictly increasing strength order, and is
expanded into the pairwise comparisons the tests parametrize over."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations, pairwise

Fixture = tuple[str, str]  # (category slug, hand)
Comparison = tuple[str, str, str]  # (ranking name, weaker hand, stronger hand)


def adjacent_pairs(orders: Mapping[str, Sequence[Fixture]]) -> list[Comparison]:
    """Each fixture with the next one of its list."""
    return [(name, lower, higher) for name, fixtures in orders.items()
            for lower, higher in pairwise(hand for _, hand in fixtures)]


def all_pairs(orders: Mapping[str, Sequence[Fixture]]) -> list[Comparison]:
    """Every fixture with every later one of its list."""
    return [(name, lower, higher) for name, fixtures in orders.items()
            for lower, higher in combinations([hand for _, hand in fixtures], 2)]


def categorized(orders: Mapping[str, Sequence[Fixture]]) -> list[tuple[str, str, str]]:
    """(ranking name, category, hand) for every fixture."""
    return [(name, category, hand) for name, fixtures in orders.items() for category, hand in fixtures]
