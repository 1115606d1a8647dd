"""Qualifiers: what a hand must reach to win its share (reference 2.1 and 2.4), as data.

``LowQualifier(8)`` is "8 or better": no pair (nor a straight or flush where those count) and no card above 8.
``HighQualifier("three-of-a-kind")`` is "trips or better". A doogie qualifier reads the highest card the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from evaluator.rankings.base import Key, Ranking
from evaluator.rankings.four_card import FourCardLow
from evaluator.rankings.poker_key import CATEGORY_SLUGS

__all__ = ["HighQualifier", "LowQualifier", "Qualifier"]

_CATEGORY_OF_SLUG = {slug: number for number, slug in CATEGORY_SLUGS.items()}


@dataclass(frozen=True, slots=True)
class LowQualifier:
    """N or better: an unpaired low whose highest card is at most ``max_value`` (ace = 1)."""

    max_value: int

    @property
    def label(self) -> str:
        return f"{self.max_value} or better"

    def passes(self, ranking: Ranking, key: Key) -> bool:
        if isinstance(ranking, FourCardLow):
            values = key[1:] if ranking.partial else key
            return (not ranking.partial or key[0] == 4) and -values[0] <= self.max_value
        return key[0] == -1 and -key[1] <= self.max_value


@dataclass(frozen=True, slots=True)
class HighQualifier:
    """A high hand of at least this category (a contract slug such as ``three-of-a-kind``)."""

    min_category: str

    @property
    def label(self) -> str:
        return f"{self.min_category.replace('-', ' ')} or better"

    def passes(self, ranking: Ranking, key: Key) -> bool:
        needed = _CATEGORY_OF_SLUG[self.min_category]
        # Short-deck rankings swap flush and full house; compare through the slug order of the ranking.
        return ranking.describe(ranking.score_of_key(key), ()).category in _at_least(ranking, needed)


@cache
def _at_least(ranking: Ranking, needed: int) -> frozenset[str]:
    cats = {ranking.describe(ranking.score_of_key(k), ()).category: k[0] for k in ranking.keys}
    threshold = cats[CATEGORY_SLUGS[needed]]
    return frozenset(slug for slug, number in cats.items() if number >= threshold)


Qualifier = LowQualifier | HighQualifier
