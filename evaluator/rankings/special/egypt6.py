"""EGYPT6 (Egyptian Hold'em): six-card hands (reference ``egyptian-holdem``).

From high to low: Royal Flush (9-10-J-Q-K-A of one suit) > Straight Flush (6 in sequence, one suit) > House Party
(four of a kind + a pair) > Four of a Kind (+ 2 kickers) > Double Happy (two sets of three) > Full House (trips +
pair + kicker) > Flush (6 of one suit) > Straight (6 in sequence) > Three of a Kind (+ 3 kickers) > Three Pair >
Two Pair (+ 2 kickers) > One Pair (+ 4 kickers). Three pair ranks *below* three of a kind.

**[ASSUMPTION of the reference]** no-pair is the bottom category; ties compare the defining groups first (bigger
group, then higher), then the kickers from the top down; A-2-3-4-5-6 is a straight (the lowest). The royal flush
is the ace-high straight flush (category ``straight-flush``, described "Royal flush").

Strength lists use this ranking's own category numbers: 1 no pair, 2 pair, 3 two pair, 4 three pair, 5 three of a
kind, 6 straight, 7 flush, 8 full house, 9 double happy, 10 four of a kind, 11 house party, 12 straight flush.
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator.rankings.base import Described, Key
from evaluator.rankings.poker_key import grouped, value_letter, value_name, value_plural
from evaluator.rankings.special._tables import SizedTableRanking, ace_high, read_order

__all__ = ["CATEGORIES", "EGYPT6"]

(HIGH_CARD, PAIR, TWO_PAIR, THREE_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, DOUBLE_HAPPY, QUADS, HOUSE_PARTY,
 STRAIGHT_FLUSH) = range(1, 13)
CATEGORIES = {
    HIGH_CARD: "high-card", PAIR: "pair", TWO_PAIR: "two-pair", THREE_PAIR: "three-pair",
    TRIPS: "three-of-a-kind", STRAIGHT: "straight", FLUSH: "flush", FULL_HOUSE: "full-house",
    DOUBLE_HAPPY: "double-happy", QUADS: "four-of-a-kind", HOUSE_PARTY: "house-party",
    STRAIGHT_FLUSH: "straight-flush",
}
_BY_COUNTS = {
    (1, 1, 1, 1, 1, 1): HIGH_CARD, (2, 1, 1, 1, 1): PAIR, (2, 2, 1, 1): TWO_PAIR, (2, 2, 2): THREE_PAIR,
    (3, 1, 1, 1): TRIPS, (3, 2, 1): FULL_HOUSE, (3, 3): DOUBLE_HAPPY, (4, 1, 1): QUADS, (4, 2): HOUSE_PARTY,
}
ACE = 14
_LOW_STRAIGHT = frozenset({ACE, 2, 3, 4, 5, 6})


def _key(ranks: tuple[int, ...], suited: bool) -> Key | None:
    values = [r + 2 for r in ranks]
    groups = grouped(values)
    counts = tuple(n for n, _ in groups)
    heads = tuple(v for _, v in groups)
    if counts not in _BY_COUNTS:
        return None  # five or six of a rank: no natural hand
    top = 0
    if len(heads) == 6:
        if heads[0] - heads[5] == 5:
            top = heads[0]
        elif frozenset(heads) == _LOW_STRAIGHT:
            top = 6
    if top:
        return (STRAIGHT_FLUSH if suited else STRAIGHT, top)
    if suited:
        return (FLUSH, *heads)
    return (_BY_COUNTS[counts], *heads)


def _kickers(values: Sequence[int]) -> str:
    if not values:
        return ""
    if len(values) == 1:
        return f", {value_name(values[0])} kicker"
    return ", kickers " + "-".join(value_letter(v) for v in values)


def _describe(key: Key) -> Described:
    category, h = key[0], key[1:]
    slug = CATEGORIES[category]
    if category == STRAIGHT_FLUSH:
        text = "Royal flush" if h[0] == ACE else f"Straight flush, {value_name(h[0])} high"
    elif category == STRAIGHT:
        text = f"Straight, {value_name(h[0])} high"
    elif category in (FLUSH, HIGH_CARD):
        cards = "-".join(value_letter(v) for v in h)
        text = f"Flush, {value_name(h[0])} high ({cards})" if category == FLUSH else f"No pair, {cards}"
    elif category == HOUSE_PARTY:
        text = f"House party, four {value_plural(h[0])} and a pair of {value_plural(h[1])}"
    elif category == QUADS:
        text = f"Four {value_plural(h[0])}" + _kickers(h[1:])
    elif category == DOUBLE_HAPPY:
        text = f"Double happy, {value_plural(h[0])} and {value_plural(h[1])}"
    elif category == FULL_HOUSE:
        text = f"Full house, {value_plural(h[0])} full of {value_plural(h[1])}" + _kickers(h[2:])
    elif category == TRIPS:
        text = f"Three {value_plural(h[0])}" + _kickers(h[1:])
    elif category == THREE_PAIR:
        text = f"Three pair, {value_plural(h[0])}, {value_plural(h[1])} and {value_plural(h[2])}"
    elif category == TWO_PAIR:
        text = f"Two pair, {value_plural(h[0])} and {value_plural(h[1])}" + _kickers(h[2:])
    else:
        text = f"Pair of {value_plural(h[0])}" + _kickers(h[1:])
    return Described(slug, text)


def _arrange(cards: Sequence[int], key: Key) -> list[int]:
    if key[0] in (STRAIGHT, STRAIGHT_FLUSH) and key[1] == 6:
        return read_order(cards, lambda c: 1 if c >> 2 == 12 else ace_high(c))
    return read_order(cards, ace_high)


EGYPT6 = SizedTableRanking(name="EGYPT6", title="Egyptian Hold'em six-card hands: house party, double happy, three "
                           "pair below three of a kind", size=6, key=_key, describe=_describe, suits_matter=True,
                           arrange=_arrange)
