"""ZEROFACE (More or Less): ace-to-five low in which the court cards are worth zero (reference ``more-or-less``).

K, Q and J are worth 0, rank below the ace and **do not pair with each other** (K-K counts as two zeros, not a
pair). Pairs among number cards still count against the hand, as in LOW-A5; straights and flushes are ignored.
Compare the five values from the highest down: five court cards are the best hand; 9-K-K-Q-J is a "9 high" and
loses to 8-7-6-4-3; with everything else equal zeros are best, so 8-6-5-K-J beats 8-6-5-2-Q.

The key is LOW-A5's (the poker key of the values, negated) with each court a value 0 that pairs nothing; on hands
without courts ZEROFACE orders exactly as LOW-A5.
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator.rankings.base import Described, Key, TableRanking
from evaluator.rankings.lowball import low_category_slug
from evaluator.rankings.poker_key import (
    FIVE_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    TRIPS,
    TWO_PAIR,
    grouped,
    value_plural,
)

__all__ = ["ZEROFACE", "ZeroFaceRanking", "zero_value"]

COURTS = frozenset({9, 10, 11})  # J, Q, K
_BY_COUNTS = {(1,): HIGH_CARD, (2,): PAIR, (2, 2): TWO_PAIR, (3,): TRIPS, (3, 2): FULL_HOUSE, (4,): QUADS,
              (5,): FIVE_OF_A_KIND}


def zero_value(rank: int) -> int:
    """The value of a rank in ZEROFACE: courts 0, ace 1, the others their pips."""
    if rank in COURTS:
        return 0
    return 1 if rank == 12 else rank + 2


def zeroface_key(ranks: Sequence[int]) -> Key:
    """The (negated) key of five ranks: number cards grouped as in poker, then one zero per court card."""
    numbers = [zero_value(r) for r in ranks if r not in COURTS]
    zeros = len(ranks) - len(numbers)
    groups = grouped(numbers)
    shape = tuple(n for n, _ in groups if n > 1) or (1,)
    category = _BY_COUNTS[shape]
    heads = [v for _, v in groups] + [0] * zeros
    return tuple(-x for x in (category, *heads))


def _letter(value: int) -> str:
    return {0: "0", 1: "A", 10: "T"}.get(value, str(value))


def _describe(key: Key, cards: Sequence[int]) -> Described:
    category, heads = -key[0], [-x for x in key[1:]]
    values = "-".join(_letter(v) for v in heads)
    if category == HIGH_CARD:
        return Described("no-pair", f"{values} low (courts count zero)")
    groups = 2 if category in (TWO_PAIR, FULL_HOUSE) else 1
    first, last = value_plural(heads[0]), value_plural(heads[groups - 1])
    named = {PAIR: f"Pair of {first}", TWO_PAIR: f"Two pair, {first} and {last}", TRIPS: f"Three {first}",
             FULL_HOUSE: f"Full house, {first} full of {last}", QUADS: f"Four {first}",
             FIVE_OF_A_KIND: f"Five {first}"}[category]
    rest = "-".join(_letter(v) for v in heads[groups:])
    text = named + (f", then {rest}" if rest else "")
    return Described(low_category_slug(category), f"{text} (courts count zero)")


class ZeroFaceRanking(TableRanking):
    """ZEROFACE: reads from the highest value down, court cards (zeros) last."""

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        counts: dict[int, int] = {}
        for c in cards:
            if c >> 2 not in COURTS:
                counts[c >> 2] = counts.get(c >> 2, 0) + 1
        return sorted(cards, key=lambda c: (counts.get(c >> 2, 0), zero_value(c >> 2), c), reverse=True)


ZEROFACE = ZeroFaceRanking(name="ZEROFACE", title="More or Less: ace-to-five low with K, Q, J worth zero, below "
                           "the ace, never pairing each other", key=lambda ranks, flush: zeroface_key(ranks),
                           describe=_describe, suits_matter=False, ace_low=True)
