"""Decks: which cards exist in a variant (reference: 52; 52 plus jokers; short decks of 36, 32 and 20 cards)."""

from __future__ import annotations

from dataclasses import dataclass

from evaluator.values.cards import JOKER_BASE, RANKS, Card

__all__ = ["DECKS", "Deck", "deck_named"]


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck: its id, a description, its lowest rank (0 = deuce) and how many jokers it adds."""

    name: str
    description: str
    lowest_rank: int = 0
    jokers: int = 0

    @property
    def cards(self) -> frozenset[Card]:
        standard = (Card(r * 4 + s) for r in range(self.lowest_rank, 13) for s in range(4))
        return frozenset((*standard, *(Card(JOKER_BASE + j) for j in range(self.jokers))))

    @property
    def size(self) -> int:
        return (13 - self.lowest_rank) * 4 + self.jokers

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, int):
            return False
        if card >= JOKER_BASE:
            return card < JOKER_BASE + self.jokers
        return card >= 0 and card >> 2 >= self.lowest_rank

    def why_not(self, card: Card) -> str:
        """Why a card is not in this deck, for error messages."""
        if card.is_joker:
            if not self.jokers:
                return f"{card} is not in the {self.name} deck (it has no jokers)"
            if self.jokers == 1:
                return f"{card} is not in the {self.name} deck (its only joker is X1)"
            return f"{card} is not in the {self.name} deck (it has jokers X1 to X{self.jokers})"
        return f"{card} is not in the {self.name} deck (its lowest rank is {RANKS[self.lowest_rank]})"


DECKS: dict[str, Deck] = {
    d.name: d
    for d in (
        Deck("52", "the standard 52-card deck"),
        Deck("52+1", "52 cards and one joker", jokers=1),
        Deck("52+2", "52 cards and two jokers", jokers=2),
        Deck("52+8", "52 cards and up to eight jokers (one per player)", jokers=8),
        Deck("36", "short deck of 36 cards, 6 to ace", lowest_rank=4),
        Deck("32", "short deck of 32 cards, 7 to ace", lowest_rank=5),
        Deck("20", "royal deck of 20 cards, ten to ace", lowest_rank=8),
    )
}


def deck_named(name: str) -> Deck:
    return DECKS[name]
