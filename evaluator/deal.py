"""What a showdown request says happened: the seats, the board, the money and the play-time events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from evaluator.cards import Card
from evaluator.pots import Pot

__all__ = ["Deal", "Seat"]


@dataclass(frozen=True, kw_only=True)
class Seat:
    """One player, in seat order clockwise from the button's left."""

    id: str
    hole: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()
    folded: bool = False
    #: A personal wild rank (0..12) where the variant reads one (Football's cut card).
    wild_rank: int | None = None


@dataclass(frozen=True, kw_only=True)
class Deal:
    """The final state of a hand: exactly one of ``pot``, ``pots`` or ``contributions`` carries the money."""

    seats: tuple[Seat, ...]
    board: tuple[Card, ...] = ()
    pot: int | None = None
    pots: tuple[Pot, ...] | None = None
    contributions: Mapping[str, int] | None = None
    events: Mapping[str, Any] = field(default_factory=dict)

    @property
    def money_in(self) -> int:
        if self.pot is not None:
            return self.pot
        if self.pots is not None:
            return sum(p.amount for p in self.pots)
        return sum((self.contributions or {}).values())

    @property
    def live(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if not s.folded)
