"""How a game's wild cards may play besides standing for any card: restricted cards that play as listed cards or
only fill a straight, the Joker Twist, and natural hands beating wild ones. Few games have any of these, so a
:class:`~evaluator.variant.Variant` holds them in one record (:class:`WildPlay`), empty by default."""

from __future__ import annotations

from dataclasses import dataclass

from evaluator.values.cards import Card
from evaluator.wilds.sequence import SequenceWilds

__all__ = ["WildPlay"]


@dataclass(frozen=True, kw_only=True)
class WildPlay:
    """The rarer rules of how wild cards play (each at its default: the game has no such rule)."""

    #: Restricted wild cards: each may play as itself or as one of the listed cards (Southern Deuce).
    choice_cards: tuple[tuple[Card, tuple[Card, ...]], ...] = ()
    #: Restricted wild cards that only fill a straight: Island Pineapple's suited deuce and ace, placed by rule.
    sequence_wilds: SequenceWilds | None = None
    #: Joker Twist: a player holding a joker and another wild card has no wild card at all (his jokers are dead).
    joker_twist: bool = False
    #: A natural hand beats the same hand made with wild cards (Double-Edge Trim-Saw).
    natural_beats_wild: bool = False

    @property
    def restricted(self) -> bool:
        """Whether the game has restricted wild cards (choice cards or sequence wilds)."""
        return bool(self.choice_cards) or self.sequence_wilds is not None
