"""Rules that change the ranked hands of some games: a player out of the hand for a face-up card (Baseball NL's
3s), and no qualifier with many players (Cucamonga)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from evaluator.mechanisms.base import Mechanism, MutableHands, R, Rules, Table, kept_game
from evaluator.values.cards import RANKS
from evaluator.values.deal import Deal
from evaluator.values.frozen import replaced

__all__ = ["NoQualifiersAbove", "OutIfFaceUp"]


@dataclass(frozen=True, kw_only=True)
class OutIfFaceUp(Mechanism):
    """A player dealt a face-up card of one of these ranks is out: he cannot win (Baseball NL's 3s)."""

    kind: ClassVar[str] = "out-if-face-up"
    ranks: tuple[int, ...]

    def describe(self) -> str:
        return f"a player dealt a face-up {' or '.join(RANKS[r] for r in self.ranks)} is out: he cannot win"

    def adjust(self, game: Rules, deal: Deal, hands: MutableHands, table: Table) -> None:
        for seat in table.live:
            out = [c for c in seat.up if not c.is_joker and c.rank in self.ranks]
            if out:
                hands[seat.id] = {name: replaced(played, qualifies=False, reason=f"out of the hand: dealt {out[0]} "
                                                 "face up") for name, played in hands[seat.id].items()}


@dataclass(frozen=True, kw_only=True)
class NoQualifiersAbove(Mechanism):
    """With more players than this, no qualifier applies (Cucamonga: 9-11 players)."""

    kind: ClassVar[str] = "no-qualifiers-above"
    players: int

    def describe(self) -> str:
        return f"with more than {self.players} players there are no qualifiers"

    def prepare(self, game: R, deal: Deal) -> tuple[R, Deal]:
        if len(deal.seats) <= self.players:
            return game, deal
        return kept_game(self, game, None, lambda: game.with_hands(tuple(replaced(h, qualifier=None)
                                                                         for h in game.hands))), deal
