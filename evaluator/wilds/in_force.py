"""The wild cards in force in one deal, and why: the answer's ``wild`` object and the summary's sentence about them.

Each wild rule says, for the deal at hand, which ranks it makes wild for everyone and why (its ``because``:
"Sixes are wild: the card after the last face-up queen"); a rule that depends on the player (his lowest face-down
card, sets of cards worth 7) is stated in its own words. The cards are every wild card each player still in may use,
those his hands played as wild cards included (a set worth 7 becomes wild only when he forms it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.values.frozen import quick_init
from evaluator.wilds.rules import WildReason, WildRule, wild_cards_for

__all__ = ["WildInForce", "wild_in_force"]


@quick_init
@dataclass(frozen=True, slots=True)
class WildInForce:
    """``ranks``: the ranks wild for everyone in this deal; ``cards``: each player's wild cards (those he may use,
    in his seat order); ``reasons``: one sentence per rule, what it makes wild and why."""

    ranks: tuple[int, ...]
    cards: tuple[tuple[str, tuple[Card, ...]], ...]
    reasons: tuple[str, ...]

    @property
    def sentence(self) -> str:
        """The reasons as the summary's last sentences."""
        return " ".join(r.rstrip(".") + "." for r in self.reasons)


def _because(rule: WildRule, deal: Deal) -> WildReason:
    stated = getattr(rule, "because", None)
    if stated is not None:
        found: WildReason = stated(deal)
        return found
    text = rule.description
    return (), text[:1].upper() + text[1:]


def wild_in_force(rules: Sequence[WildRule], deal: Deal, seats: Sequence[Seat],
                  usable: Mapping[str, Sequence[Card]], played: Mapping[str, Sequence[Card]],
                  found: Mapping[str, frozenset[Card]] | None = None) -> WildInForce | None:
    """The wild cards in force for these players (``usable``: the cards each may use; ``played``: the wild cards
    his hands played, of which those among his usable cards' wild cards may be left out), or None for a game without
    wild cards. ``found``: each player's wild cards among his usable cards where already known (:func:`wild_cards_for`
    of these rules, this deal and his usable cards); a player missing there needs his ``usable`` cards."""
    if not rules:
        return None
    reasons = [_because(rule, deal) for rule in rules]
    ranks = tuple(sorted({r for found, _ in reasons for r in found}))
    cards = []
    in_order: dict[frozenset[Card], tuple[Card, ...]] = {}  # each set of wild cards highest first, found once
    for seat in seats:
        known = found.get(seat.id) if found is not None else None
        if known is None:
            known = wild_cards_for(rules, seat, deal, usable.get(seat.id, ()))
        extra = played.get(seat.id)
        mine = known.union(extra) if extra else known
        spelled = in_order.get(mine)
        if spelled is None:
            spelled = in_order[mine] = tuple(sorted(mine, reverse=True))
        cards.append((seat.id, spelled))
    return WildInForce(ranks=ranks, cards=tuple(cards), reasons=tuple(text for _, text in reasons))
