"""SOKO (Sökö, Canadian or Scandinavian Stud): HIGH plus a four-card flush and a four-card straight
(reference ``soko``).

Both extra hands beat one pair and lose to two pair, and the four-flush beats the four-straight. **[ASSUMPTION of
the reference]** ties within these classes compare the four cards from the top down, then the fifth.

Further conventions (this module's): the ace plays high or low in a four-straight as in a straight (A-2-3-4 is the
lowest, J-Q-K-A the highest), and is high as the fifth card; four cards of one suit in sequence are a four-flush
(the better of the two). A hand that is a pair and a four-flush or four-straight plays as the latter.

Strength lists use this ranking's own category numbers: 1 high card, 2 pair, 3 four-straight, 4 four-flush,
5 two pair, 6 three of a kind, 7 straight, 8 flush, 9 full house, 10 four of a kind, 11 straight flush.
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator.rankings.base import Described, Key
from evaluator.rankings.high import describe_poker_key
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
)
from evaluator.rankings.special._tables import FLUSH_PATTERN, MIXED, SuitPatternRanking, ace_high, read_order

__all__ = ["FOUR_FLUSH", "FOUR_STRAIGHT", "SOKO", "four_straight"]

ACE = 14
FOUR_STRAIGHT, FOUR_FLUSH = 3, 4
_NUMBER = {HIGH_CARD: 1, PAIR: 2, TWO_PAIR: 5, TRIPS: 6, STRAIGHT: 7, FLUSH: 8, FULL_HOUSE: 9, QUADS: 10,
           STRAIGHT_FLUSH: 11}
_POKER_OF = {n: c for c, n in _NUMBER.items()}
_SLUGS = {FOUR_STRAIGHT: "four-straight", FOUR_FLUSH: "four-flush"}
_WHEEL = ((frozenset({14, 2, 3, 4, 5}), 5),)


def four_straight(values: Sequence[int]) -> tuple[int, int] | None:
    """The highest four-card run among five values (2..14) as (its top, the fifth card), or None. The ace also
    plays low (A-2-3-4 tops at 4); the fifth card is whatever is left (an ace there counts high)."""
    present = set(values) | ({1} if ACE in values else set())
    for top in range(ACE, 3, -1):
        run = range(top - 3, top + 1)
        if all(v in present for v in run):
            rest = list(values)
            for v in run:
                rest.remove(ACE if v == 1 else v)
            return top, rest[0]
    return None


def _key(ranks: tuple[int, ...], pattern: int) -> Key | None:
    values = [r + 2 for r in ranks]
    poker = poker_key(values, pattern == FLUSH_PATTERN, extra_straights=_WHEEL)
    if poker[0] == FIVE_OF_A_KIND:
        return None
    if poker[0] not in (HIGH_CARD, PAIR):
        return (_NUMBER[poker[0]], *poker[1:])
    if pattern != MIXED:  # four of a suit (a flush is never a pair or high card)
        flush = list(values)
        flush.remove(pattern + 2)
        return (FOUR_FLUSH, *sorted(flush, reverse=True), pattern + 2)
    run = four_straight(values)
    if run is not None:
        top, fifth = run
        return (FOUR_STRAIGHT, top, top - 1, top - 2, top - 3, fifth)
    return (_NUMBER[poker[0]], *poker[1:])


def _describe(key: Key) -> Described:
    number, heads = key[0], key[1:]
    if number == FOUR_FLUSH:
        return Described(_SLUGS[number], "Four-flush, " + "-".join(value_letter(v) for v in heads[:4])
                         + f", {value_letter(heads[4])} fifth")
    if number == FOUR_STRAIGHT:
        run = "-".join(value_letter(v) for v in reversed(heads[:4]))
        return Described(_SLUGS[number], f"Four-straight, {run}, {value_letter(heads[4])} fifth")
    category = _POKER_OF[number]
    return Described(CATEGORY_SLUGS[category], describe_poker_key(category, heads))


def _arrange(cards: Sequence[int], key: Key) -> list[int]:
    number = key[0]
    if number == FOUR_FLUSH:
        suits = [c & 3 for c in cards]
        fifth = next(c for c in cards if suits.count(c & 3) == 1)
        return [*sorted((c for c in cards if c != fifth), reverse=True), fifth]
    if number == FOUR_STRAIGHT:
        out, rest = [], list(cards)
        for v in key[1:5]:
            card = max(c for c in rest if (c >> 2) + 2 == v or (v == 1 and c >> 2 == 12))
            out.append(card)
            rest.remove(card)
        return out + rest
    if _POKER_OF[number] in (STRAIGHT, STRAIGHT_FLUSH) and key[1] == 5:
        return read_order(cards, lambda c: 1 if c >> 2 == 12 else ace_high(c))
    return read_order(cards, ace_high)


SOKO = SuitPatternRanking(name="SOKO", title="Sökö: HIGH with a four-card flush and a four-card straight between "
                          "one pair and two pair (the four-flush higher)", key=_key, describe=_describe,
                          arrange=_arrange)
