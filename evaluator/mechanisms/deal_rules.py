"""Rules a variant applies to the deal at showdown, after validation and before the search: cards killed, a card
discarded, or a hand whose winning card is decided by the deal. Each is a frozen record whose ``prepare`` hook
returns the (game, deal) the showdown then adjudicates."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from evaluator.mechanisms.base import Mechanism, R, kept_game
from evaluator.rankings.base import Ranking
from evaluator.rankings.card_criteria import HoldsCard, SuitCard
from evaluator.values.cards import RANKS, Card
from evaluator.values.deal import Deal, Seat
from evaluator.values.frozen import replaced
from evaluator.wilds.rules import suit_card_of_first_up

__all__ = ["DiscardHigher", "HeldCardOfFirstUpSuit", "KillRanks", "SuitOfPosition", "suit_card_of_first_up"]


def _board_at(deal: Deal) -> dict[str, Card]:
    return dict(zip(deal.positions or (), deal.board, strict=False))


def _with_ranking(game: R, hand: str, ranking: Ranking) -> R:
    return game.with_hands(tuple(replaced(h, ranking=ranking) if h.name == hand else h for h in game.hands))


@dataclass(frozen=True, kw_only=True)
class KillRanks(Mechanism):
    """Every card of the ranks at these board positions is killed: taken out of the players' hands and off the
    board before anything else (Pyramid's kill row); the kill cards themselves stay, unusable."""

    kind: ClassVar[str] = "kill-ranks"
    positions: tuple[str, ...]

    def describe(self) -> str:
        return f"every card of the ranks at {', '.join(self.positions)} is killed, in hands and on the board"

    def prepare(self, game: R, deal: Deal) -> tuple[R, Deal]:
        board = _board_at(deal)
        ranks = {board[p].rank for p in self.positions if p in board and not board[p].is_joker}
        # every card of those ranks, as card numbers: a card (an int) is killed if it is one of them, a joker never
        killed = frozenset(rank * 4 + suit for rank in ranks for suit in range(4))
        kept = [(p, c) for p, c in board.items() if p in self.positions or c not in killed]
        # a seat none of whose cards is killed stays as it is
        seats = tuple(s if killed.isdisjoint(s.hole) and killed.isdisjoint(s.up) else
                      replaced(s, hole=tuple([c for c in s.hole if c not in killed]),
                               up=tuple([c for c in s.up if c not in killed])) for s in deal.seats)
        return game, replaced(deal, seats=seats, board=tuple(c for _, c in kept), positions=tuple(p for p, _ in kept))


@dataclass(frozen=True, kw_only=True)
class DiscardHigher(Mechanism):
    """Hearts Poker: a player holding ``trigger`` among his hand cards discards his higher hand card (ace high);
    with a pair of the trigger's rank, or the trigger the higher, the trigger itself goes."""

    kind: ClassVar[str] = "discard-higher"
    trigger: Card

    def describe(self) -> str:
        return f"a player holding the {self.trigger} in his hand discards his higher hand card"

    def prepare(self, game: R, deal: Deal) -> tuple[R, Deal]:
        return game, replaced(deal, seats=tuple(self._discard(seat) for seat in deal.seats))

    def _discard(self, seat: Seat) -> Seat:
        if self.trigger not in seat.hole or len(seat.hole) < 2:
            return seat
        higher = max((c for c in seat.hole if c != self.trigger), key=lambda c: c.rank)
        gone = self.trigger if higher.rank <= self.trigger.rank else higher
        return replaced(seat, hole=tuple(c for c in seat.hole if c != gone))


@dataclass(frozen=True, kw_only=True)
class HeldCardOfFirstUpSuit(Mechanism):
    """A hand won by holding the card of ``rank`` in the suit of the first face-up card dealt (Babies' Daddy's
    Mommy, the queen of the Daddy's suit)."""

    kind: ClassVar[str] = "held-card-of-first-up-suit"
    hand: str
    rank: int

    def describe(self) -> str:
        return f"the {self.hand} share goes to the holder of the {RANKS[self.rank]} of the first face-up card's suit"

    def prepare(self, game: R, deal: Deal) -> tuple[R, Deal]:
        card = suit_card_of_first_up(deal, self.rank)
        return (game if card is None else self.holding(game, card)), deal

    def holding(self, game: R, card: Card) -> R:
        """The game whose hand is won by holding ``card``: made once per game and card (one of four suits), so a
        showdown reuses the game, its ranking and what each finds once, instead of making them anew."""
        return kept_game(self, game, card, lambda: _with_ranking(game, self.hand, HoldsCard(card)))


@dataclass(frozen=True, kw_only=True)
class SuitOfPosition(Mechanism):
    """A hand won by the highest own card of the suit of the card at a board position (Tic Tac Toe with choice's
    centre-suit share)."""

    kind: ClassVar[str] = "suit-of-position"
    hand: str
    position: str

    def describe(self) -> str:
        return f"the {self.hand} share goes to the highest own card of the suit of the card at {self.position}"

    def prepare(self, game: R, deal: Deal) -> tuple[R, Deal]:
        card = _board_at(deal).get(self.position)
        if card is None or card.is_joker:
            return game, deal
        return self.of_suit(game, card.suit), deal

    def of_suit(self, game: R, suit: int) -> R:
        """The game whose hand is won by the highest own card of ``suit``: made once per game and suit, like
        :meth:`HeldCardOfFirstUpSuit.holding`'s."""
        return kept_game(self, game, suit, lambda: _with_ranking(game, self.hand, SuitCard(suit)))
