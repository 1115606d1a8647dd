"""WRAP (Wraparound): standard high in which straights may go round the corner (reference ``wraparound``).

J-Q-K-A-2, Q-K-A-2-3 and K-A-2-3-4 are straights too, and straight flushes when suited. **[ASSUMPTION of the
reference]** A straight is valued by the last card of its sequence, so the wrap straights rank below the wheel:
... > 6-high > 5-high (A-2-3-4-5) > 4-high (K-A-2-3-4) > 3-high (Q-K-A-2-3) > 2-high (J-Q-K-A-2). Everything
else is HIGH: the strength list of a wrap straight is ``[5, 4]`` (category, last card).
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator.rankings.base import Described, Key, TableRanking
from evaluator.rankings.high import describe_poker_key
from evaluator.rankings.poker_key import CATEGORY_SLUGS, STRAIGHT, STRAIGHT_FLUSH, poker_key, value_letter

__all__ = ["WRAP", "WRAP_STRAIGHTS", "WrapRanking"]

ACE = 14
#: Every straight HIGH does not know, with the value of the last card of its sequence; the wheel is HIGH's own.
WRAP_STRAIGHTS: tuple[tuple[frozenset[int], int], ...] = (
    (frozenset({14, 2, 3, 4, 5}), 5),
    (frozenset({13, 14, 2, 3, 4}), 4),
    (frozenset({12, 13, 14, 2, 3}), 3),
    (frozenset({11, 12, 13, 14, 2}), 2),
)


def sequence_from(last: int) -> list[int]:
    """The five values of the straight that ends on ``last``, from the last card back (4 -> 4, 3, 2, A, K)."""
    values = [last]
    while len(values) < 5:
        values.append(ACE if values[-1] == 2 else values[-1] - 1)
    return values


def _key(ranks: Sequence[int], flush: bool) -> Key:
    return poker_key([r + 2 for r in ranks], flush, extra_straights=WRAP_STRAIGHTS)


def _describe(key: Key, cards: Sequence[int]) -> Described:
    category, heads = key[0], key[1:]
    if category in (STRAIGHT, STRAIGHT_FLUSH) and heads[0] < 5:
        run = "-".join(value_letter(v) for v in reversed(sequence_from(heads[0])))
        kind = "straight" if category == STRAIGHT else "straight flush"
        return Described(CATEGORY_SLUGS[category], f"Wrap-around {kind}, {run}")
    return Described(CATEGORY_SLUGS[category], describe_poker_key(category, heads))


class WrapRanking(TableRanking):
    """HIGH with the wrap-around straights; straights read from the last card of the sequence down."""

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        key = self.keys[score]
        if key[0] not in (STRAIGHT, STRAIGHT_FLUSH):
            return super().arrange(cards, score)
        place = {value: i for i, value in enumerate(sequence_from(key[1]))}
        return sorted(cards, key=lambda c: place[(c >> 2) + 2])


WRAP = WrapRanking(name="WRAP", title="Wraparound high: J-Q-K-A-2, Q-K-A-2-3 and K-A-2-3-4 are straights, ranked "
                   "below the wheel by their last card", key=_key, describe=_describe, suits_matter=True)
