"""The lowball rankings of reference 2.1: LOW-A5 (California), LOW-27 (deuce-to-seven), LOW-A6 (London).

Each is the poker key negated, so that the lowest hand has the greatest key (and ``strength``); they differ only
in where the ace plays and whether straights and flushes count against the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator.rankings.base import Described, Key, TableRanking
from evaluator.rankings.high import describe_poker_key
from evaluator.rankings.poker_key import CATEGORY_SLUGS, HIGH_CARD, poker_key, value_letter

__all__ = ["LOW_27", "LOW_A5", "LOW_A6", "low_category_slug"]


def low_category_slug(category: int) -> str:
    """Category slugs for lows: an unpaired low is ``no-pair``; the rest are the poker slugs."""
    return "no-pair" if category == HIGH_CARD else CATEGORY_SLUGS[category]


def _lowball(*, name: str, title: str, ace_low: bool, straights_and_flushes: bool) -> TableRanking:
    def values(ranks: Sequence[int]) -> list[int]:
        return [1 if ace_low and r == 12 else r + 2 for r in ranks]

    def key(ranks: Sequence[int], flush: bool) -> Key:
        k = poker_key(values(ranks), flush, straights=straights_and_flushes, flushes=straights_and_flushes)
        return tuple(-x for x in k)

    def describe(k: Key, cards: Sequence[int]) -> Described:
        category, heads = -k[0], [-x for x in k[1:]]
        if category == HIGH_CARD:
            return Described("no-pair", "-".join(value_letter(v) for v in heads) + " low")
        return Described(low_category_slug(category), describe_poker_key(category, heads))

    return TableRanking(name=name, title=title, key=key, describe=describe, suits_matter=straights_and_flushes,
                        ace_low=ace_low)


LOW_A5 = _lowball(name="LOW-A5", title="Ace-to-five low: ace low, straights and flushes ignored",
                  ace_low=True, straights_and_flushes=False)
LOW_27 = _lowball(name="LOW-27", title="Deuce-to-seven low: ace high, straights and flushes count against",
                  ace_low=False, straights_and_flushes=True)
LOW_A6 = _lowball(name="LOW-A6", title="Ace-to-six low: ace low, straights and flushes count against",
                  ace_low=True, straights_and_flushes=True)
