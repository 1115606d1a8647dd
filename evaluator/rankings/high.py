"""HIGH: standard five-card high (reference 2.1), and its short-deck forms.

The ace plays high, or low only in the lowest straight of the deck (A-2-3-4-5, or A-6-7-8-9 with 36 cards).
Suits never break ties. Five of a kind, possible only with wild cards, ranks above a straight flush.
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator.rankings.base import Described, Key, TableRanking
from evaluator.rankings.poker_key import (
    CATEGORY_SLUGS,
    FIVE_OF_A_KIND,
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    poker_key,
    value_letter,
    value_name,
    value_plural,
)

__all__ = ["HIGH", "describe_poker_key", "high_ranking"]


def _kickers(values: Sequence[int]) -> str:
    if not values:
        return ""
    if len(values) == 1:
        return f", {value_name(values[0])} kicker"
    return ", kickers " + "-".join(value_letter(v) for v in values)


def describe_poker_key(category: int, heads: Sequence[int]) -> str:
    """A description for people of a poker key in the standard category numbering."""
    h = list(heads)
    if category == FIVE_OF_A_KIND:
        return f"Five {value_plural(h[0])}"
    if category == STRAIGHT_FLUSH:
        return "Royal flush" if h[0] == 14 else f"Straight flush, {value_name(h[0])} high"
    if category == QUADS:
        return f"Four {value_plural(h[0])}" + _kickers(h[1:])
    if category == FULL_HOUSE:
        return f"Full house, {value_plural(h[0])} full of {value_plural(h[1])}"
    if category == FLUSH:
        return f"Flush, {value_name(h[0])} high (" + "-".join(value_letter(v) for v in h) + ")"
    if category == STRAIGHT:
        return f"Straight, {value_name(h[0])} high"
    if category == TRIPS:
        return f"Three {value_plural(h[0])}" + _kickers(h[1:])
    if category == TWO_PAIR:
        return f"Two pair, {value_plural(h[0])} and {value_plural(h[1])}" + _kickers(h[2:])
    if category == PAIR:
        return f"Pair of {value_plural(h[0])}" + _kickers(h[1:])
    if category == HIGH_CARD:
        return f"High card, {value_name(h[0])} (" + "-".join(value_letter(v) for v in h) + ")"
    raise ValueError(category)


def high_ranking(*, name: str, title: str, lowest_rank: int = 0, flush_beats_full_house: bool = False
                 ) -> TableRanking:
    """HIGH for a deck whose lowest rank is ``lowest_rank`` (0 for deuces): the ace also ends the lowest straight.

    With ``flush_beats_full_house`` (short decks), the flush and full-house categories swap places; the
    strength list then uses 6 for a full house and 7 for a flush.
    """
    low = lowest_rank + 2
    wheel = ((frozenset({14, *range(low, low + 4)}), low + 3),)
    swap = {FLUSH: FULL_HOUSE, FULL_HOUSE: FLUSH} if flush_beats_full_house else {}

    def key(ranks: Sequence[int], flush: bool) -> Key:
        values = [r + 2 for r in ranks]
        k = poker_key(values, flush, extra_straights=wheel)
        k = (swap.get(k[0], k[0]), *k[1:])
        if swap and flush:  # a suited full house (wild cards only) plays as the flush it also is, if that is higher
            k = max(k, (swap[FLUSH], *sorted(values, reverse=True)))
        return k

    def describe(k: Key, cards: Sequence[int]) -> Described:
        category = swap.get(k[0], k[0])
        return Described(CATEGORY_SLUGS[category], describe_poker_key(category, k[1:]))

    return TableRanking(name=name, title=title, key=key, describe=describe, suits_matter=True)


HIGH = high_ranking(name="HIGH", title="Standard high (five of a kind above a straight flush)")
