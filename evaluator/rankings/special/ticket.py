"""TICKET (Rails, Depot): aces low only, plus the Ticket category (reference ``rails``).

- The ace is **low only** (value 1): A-2-3-4-5 is the lowest straight, 10-J-Q-K-A is not a straight, there is no
  royal flush, and in high-card comparisons the ace is the lowest card.
- A **Ticket** is four cards of one suit plus a J, Q or K (the *rider*) of a different suit; the rider cannot be
  part of the flush. Tickets compare by rider (K > Q > J), then by the four flush cards from the top down.
- **[GAP/ASSUMPTION of the reference]** the Ticket ranks between Straight and Three of a Kind by default;
  :func:`ticket_ranking` places it above any other category.

A hand that is both a Ticket and something else (a pair, when the rider pairs a flush card; a straight) takes the
better of the two. The strength list is ``[category, values...]`` with the categories renumbered 1..10 in the
ranking's own order (the Ticket included); a Ticket's values are the rider, then the four flush cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

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
    value_name,
)
from evaluator.rankings.special._tables import FLUSH_PATTERN, MIXED, SuitPatternRanking, read_order

__all__ = ["TICKET", "TICKET_SLUG", "TicketRanking", "ticket_ranking"]

TICKET_SLUG = "ticket"
JACK, KING = 9, 11  # ranks that may ride a Ticket: J, Q, K
_POKER_ORDER = (HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH)
_TICKET = 0  # the Ticket's place holder in the category order


def _value(rank: int) -> int:
    return 1 if rank == 12 else rank + 2


class TicketRanking(SuitPatternRanking):
    """TICKET with the Ticket just above the category ``position`` (a contract slug)."""

    def __init__(self, *, name: str, title: str, position: str) -> None:
        slugs = [CATEGORY_SLUGS[c] for c in _POKER_ORDER]
        if position not in slugs:
            raise ValueError(f"unknown category {position!r}: one of {', '.join(slugs)}")
        order = list(_POKER_ORDER)
        order.insert(slugs.index(position) + 1, _TICKET)
        self.position = position
        #: category number in this ranking (1 = worst) of each poker category, and of the Ticket (key 0)
        self.number = {category: i + 1 for i, category in enumerate(order)}
        self._poker_of = {n: c for c, n in self.number.items()}
        super().__init__(name=name, title=title, key=self._key_of, describe=self._describe_key,
                         arrange=self._arrange_key)

    def _key_of(self, ranks: tuple[int, ...], pattern: int) -> Key | None:
        values = [_value(r) for r in ranks]
        poker = poker_key(values, pattern == FLUSH_PATTERN)
        if poker[0] == FIVE_OF_A_KIND:
            return None
        best = (self.number[poker[0]], *poker[1:])
        if pattern not in (MIXED, FLUSH_PATTERN) and JACK <= pattern <= KING:
            flush = list(ranks)
            flush.remove(pattern)
            ticket = (self.number[_TICKET], _value(pattern), *sorted((_value(r) for r in flush), reverse=True))
            best = max(best, ticket)
        return best

    def _describe_key(self, key: Key) -> Described:
        category = self._poker_of[key[0]]
        if category == _TICKET:
            flush = "-".join(value_letter(v) for v in key[2:])
            return Described(TICKET_SLUG, f"Ticket, {value_name(key[1])} rider ({flush})")
        return Described(CATEGORY_SLUGS[category], describe_poker_key(category, key[1:]))

    def _arrange_key(self, cards: Sequence[int], key: Key) -> list[int]:
        category = self._poker_of[key[0]]
        if category == _TICKET:
            suits = [c & 3 for c in cards]
            rider = next(c for c in cards if suits.count(c & 3) == 1)
            rest = sorted((c for c in cards if c != rider), key=lambda c: _value(c >> 2), reverse=True)
            return [rider, *rest]
        return read_order(cards, lambda c: _value(c >> 2))


@cache  # one object per name: a record refers to a ranking by its name (the rules codec)
def ticket_ranking(position: str = "three-of-a-kind") -> TicketRanking:
    """TICKET with the Ticket ranking directly above the category ``position`` (a contract slug such as
    ``three-of-a-kind``, the reference's assumption: between Three of a Kind and Straight)."""
    if position == "three-of-a-kind":
        name, where = "TICKET", "between straight and three of a kind"
    else:
        name, where = f"TICKET-ABOVE-{position.upper()}", f"just above {position.replace('-', ' ')}"
    return TicketRanking(name=name, position=position,
                         title=f"Ticket: aces low only, no royal flush; a Ticket (four of a suit + a J, Q or K "
                               f"rider of another suit) ranks {where}")


TICKET = ticket_ranking()
