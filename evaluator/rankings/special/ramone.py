"""RAMONE (Riding Ramone): does the lowest hand beat the boot? (reference ``riding-ramone``).

The lowest hand (LOW-A5, or ZEROFACE in ``riding-ramone-zero``) wins only if it also beats Ramone, a three-card
boot. Compare the player's "highest three-card hand" with Ramone's three cards:

- for an unpaired low, its three highest cards;
- for a paired low, the pair + its highest other card (generally: the first three cards of the hand read biggest
  group first, so trips play as trips);
- lower is better, as in the low; Ramone wins ties, and any pair loses to three unpaired cards.

The reference's examples: Ramone 9-6-5 loses to 9-6-4-3-2, beats 9-6-5-3-2 (a tie goes to Ramone), and beats
8-5-3-3-2 (the pair of 3s is worse). With courts counting zero, K, Q and J are worth 0 and never pair.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from evaluator.rankings.base import Key
from evaluator.rankings.special.zeroface import COURTS, zero_value

__all__ = ["beats_the_boot", "highest_three", "three_card_key"]


def _value(rank: int, courts_zero: bool) -> int:
    if courts_zero:
        return zero_value(rank)
    return 1 if rank == 12 else rank + 2


def _pairs(card: int, courts_zero: bool) -> bool:
    """Whether the card can pair (courts worth zero never do)."""
    return not (courts_zero and card >> 2 in COURTS)


def highest_three(low: Sequence[int], *, courts_zero: bool = False) -> list[int]:
    """The player's "highest three-card hand": the first three cards of the low, read biggest group first, then
    highest value."""
    counts = Counter(c >> 2 for c in low if _pairs(c, courts_zero))
    return sorted(low, key=lambda c: (counts.get(c >> 2, 0) if _pairs(c, courts_zero) else 0,
                                      _value(c >> 2, courts_zero), c), reverse=True)[:3]


def three_card_key(cards: Sequence[int], *, courts_zero: bool = False) -> Key:
    """A three-card low key (greater is better): unpaired beats a pair beats trips; then the values from the
    highest group down, lower being better."""
    counts = Counter(c >> 2 for c in cards if _pairs(c, courts_zero))
    size = max(counts.values(), default=1)
    ordered = highest_three(cards, courts_zero=courts_zero)
    return (-size, *(-_value(c >> 2, courts_zero) for c in ordered))


def beats_the_boot(low: Sequence[int], boot: Sequence[int], *, courts_zero: bool = False) -> bool:
    """Whether the low hand (five cards) beats Ramone's three boot cards; Ramone wins ties."""
    mine = three_card_key(highest_three(low, courts_zero=courts_zero), courts_zero=courts_zero)
    return mine > three_card_key(boot, courts_zero=courts_zero)
