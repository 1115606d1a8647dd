"""The classic poker order of five cards, as a key, shared by every ranking built on poker categories.

``poker_key`` returns ``(category, group values...)`` where the category numbers are the contract's ``strength``
heads (1 high card ... 9 straight flush, 10 five of a kind) and values are 2..14 (or 1 for an ace that plays low).
The lowball rankings negate it; short-deck games reorder its categories.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

__all__ = [
    "CATEGORY_NAMES",
    "CATEGORY_SLUGS",
    "FIVE_OF_A_KIND",
    "FLUSH",
    "FULL_HOUSE",
    "HIGH_CARD",
    "PAIR",
    "QUADS",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "TRIPS",
    "TWO_PAIR",
    "grouped",
    "poker_key",
    "value_letter",
    "value_name",
    "value_plural",
]

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_OF_A_KIND = range(1, 11)

CATEGORY_SLUGS = {
    HIGH_CARD: "high-card", PAIR: "pair", TWO_PAIR: "two-pair", TRIPS: "three-of-a-kind", STRAIGHT: "straight",
    FLUSH: "flush", FULL_HOUSE: "full-house", QUADS: "four-of-a-kind", STRAIGHT_FLUSH: "straight-flush",
    FIVE_OF_A_KIND: "five-of-a-kind",
}
CATEGORY_NAMES = {
    HIGH_CARD: "High card", PAIR: "Pair", TWO_PAIR: "Two pair", TRIPS: "Three of a kind", STRAIGHT: "Straight",
    FLUSH: "Flush", FULL_HOUSE: "Full house", QUADS: "Four of a kind", STRAIGHT_FLUSH: "Straight flush",
    FIVE_OF_A_KIND: "Five of a kind",
}

_NAMES = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
          10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
_PLURALS = {1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights",
            9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "aces"}
_LETTERS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


def value_name(value: int) -> str:
    return _NAMES[value]


def value_plural(value: int) -> str:
    return _PLURALS[value]


def value_letter(value: int) -> str:
    return _LETTERS.get(value, str(value))


def grouped(values: Sequence[int]) -> list[tuple[int, int]]:
    """``(count, value)`` groups, biggest group first, then highest value first."""
    return sorted(((n, v) for v, n in Counter(values).items()), reverse=True)


def poker_key(values: Sequence[int], flush: bool, *, straights: bool = True, flushes: bool = True,
              extra_straights: Sequence[tuple[frozenset[int], int]] = ()) -> tuple[int, ...]:
    """The poker key of five card values.

    ``values`` are numbers where consecutive means a straight (2..14, or 1 for a low ace). ``extra_straights``
    lists other value sets that count as straights, with their top value (the wheel: ``{14,2,3,4,5}`` tops at 5).
    """
    groups = grouped(values)
    counts = [n for n, _ in groups]
    heads = tuple(v for _, v in groups)
    top = 0
    if straights and counts[0] == 1:
        distinct = frozenset(values)
        if max(distinct) - min(distinct) == 4:
            top = max(distinct)
        for cards, extra_top in extra_straights:
            if distinct == cards:
                top = extra_top
    is_flush = flush and flushes
    if counts[0] == 5:
        return (FIVE_OF_A_KIND, *heads)
    if top and is_flush:
        return (STRAIGHT_FLUSH, top)
    if counts[0] == 4:
        return (QUADS, *heads)
    if counts[:2] == [3, 2]:
        return (FULL_HOUSE, *heads)
    if is_flush:  # card by card from the top: with wild cards a flush may hold a pair (A-A-9-5-3 > A-K-9-5-3)
        return (FLUSH, *sorted(values, reverse=True))
    if top:
        return (STRAIGHT, top)
    if counts[0] == 3:
        return (TRIPS, *heads)
    if counts[:2] == [2, 2]:
        return (TWO_PAIR, *heads)
    if counts[0] == 2:
        return (PAIR, *heads)
    return (HIGH_CARD, *heads)
