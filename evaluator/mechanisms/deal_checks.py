"""Rules of the deal a request must follow for some games: a card that voids the deal when dealt face up (Black
Mariah), a card that brings its holder one extra card, and a board of 3 or 6 cards decided by its first three
(Hearts Poker). Each only checks the deal (its ``problems`` hook)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from evaluator.mechanisms.base import DealCheck, Mechanism, Rules
from evaluator.values.cards import RANKS, Card
from evaluator.values.deal import Deal
from evaluator.values.errors import Problem

__all__ = ["BoardOfSixIfTwoOfSuit", "ExtraCardFor", "ExtraUpFor", "VoidIfFaceUp"]

_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True, kw_only=True)
class VoidIfFaceUp(Mechanism):
    """A deal with any of these cards face up is void: there is nothing to adjudicate (Black Mariah's Q of
    spades)."""

    kind: ClassVar[str] = "void-if-face-up"
    cards: tuple[Card, ...]

    def describe(self) -> str:
        return f"a deal with {' or '.join(str(c) for c in self.cards)} face up is void (422)"

    def problems(self, game: Rules, deal: Deal, check: DealCheck) -> list[Problem]:
        return [Problem(f"/players/{i}/up/{j}", "void-deal", f"{card} was dealt face up: under {game.name}'s rules "
                        "the deal is abandoned and dealt again, so there is no showdown")
                for i, seat in enumerate(deal.seats) for j, card in enumerate(seat.up) if card in self.cards]


@dataclass(frozen=True, kw_only=True)
class ExtraCardFor(Mechanism):
    """Hearts Poker: a player holding this card among his hand cards is dealt one extra card (sent as his one
    ``up`` card; nobody else has any)."""

    kind: ClassVar[str] = "extra-card-for"
    card: Card

    def describe(self) -> str:
        return f"a player holding the {self.card} is dealt one extra card (sent as up)"

    def problems(self, game: Rules, deal: Deal, check: DealCheck) -> list[Problem]:
        problems = []
        for i, seat in enumerate(deal.seats):
            wanted = 1 if self.card in seat.hole and not seat.folded else 0
            if len(seat.up) != wanted and not seat.folded and seat.id in check.shows:
                problems.append(Problem(f"/players/{i}/up", "extra-card", f"under {game.name}'s rules a player "
                                        f"holding the {self.card} is dealt exactly one extra card (send it as up) and "
                                        f"nobody else gets one; this player should have {wanted}"))
        return problems


@dataclass(frozen=True, kw_only=True)
class ExtraUpFor(Mechanism):
    """Ranks whose face-up cards each buy their owner one extra face-up card (Baseball's 4s): a player's up cards are
    the fewest plus one for each of them (the card counts allow it; the example deal shows it)."""

    kind: ClassVar[str] = "extra-up-for"
    ranks: tuple[int, ...]

    def describe(self) -> str:
        return f"each face-up {' or '.join(RANKS[r] for r in self.ranks)} buys its owner one extra face-up card"


@dataclass(frozen=True, kw_only=True)
class BoardOfSixIfTwoOfSuit(Mechanism):
    """The board is 3 cards, or 6 when the first 3 hold two or more cards of this suit (Hearts Poker: hearts)."""

    kind: ClassVar[str] = "board-of-six-if-two-of-suit"
    suit: int

    def describe(self) -> str:
        return f"the board is 6 cards when its first 3 hold two or more {_SUIT_NAMES[self.suit]}, otherwise 3"

    def problems(self, game: Rules, deal: Deal, check: DealCheck) -> list[Problem]:
        if not check.contested:  # an unfinished board is no problem when nobody contests a pot
            return []
        many = sum(1 for c in deal.board[:3] if not c.is_joker and c.suit == self.suit) >= 2
        if len(deal.board) not in (3, 6):
            return [Problem("/board", "wrong-card-count", f"{game.name}'s board is 3 or 6 cards, got "
                            f"{len(deal.board)}")]
        if many != (len(deal.board) == 6):
            return [Problem("/board", "wrong-card-count", f"{game.name}'s board is 6 cards when its first 3 hold two "
                            f"or more {'cdhs'[self.suit]} cards, otherwise 3; got {len(deal.board)}")]
        return []
