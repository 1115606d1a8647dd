"""What a showdown request says happened: the seats, the board, the money and the play-time events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from evaluator.cards import Card
from evaluator.pots import Pot, build_pots

__all__ = ["Deal", "PlayerHand", "Seat"]


@dataclass(frozen=True, kw_only=True)
class PlayerHand:
    """One of a player's separate hands, where a variant deals each player several that compete as entrants of
    their own (Double Trouble's left and right hands)."""

    hole: tuple[Card, ...] = ()
    declare: str | None = None
    folded: bool = False
    #: The hand discarded a card at the flop (it has one card fewer and uses all it has).
    discarded: bool = False
    #: The hand is insured: it may use all its cards with fewer board cards.
    insured: bool = False


@dataclass(frozen=True, kw_only=True)
class Seat:
    """One player, in seat order clockwise from the button's left."""

    id: str
    hole: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()
    folded: bool = False
    #: A personal wild rank (0..12) where the variant reads one (Football's cut card).
    wild_rank: int | None = None
    #: The declaration in declare games: ``high``, ``low`` or ``both``.
    declare: str | None = None
    #: The player's separate hands, where the variant deals several per player (see :class:`PlayerHand`).
    hands: tuple[PlayerHand, ...] = ()
    #: The hand the player declares, where the cards do not speak (Tic Tac Toe with Posts).
    claim: tuple[Card, ...] = ()
    #: This seat is an insured hand (its hole cards are the source ``insured``).
    insured: bool = False


@dataclass(frozen=True, kw_only=True)
class Deal:
    """The final state of a hand: exactly one of ``pot``, ``pots`` or ``contributions`` carries the money."""

    seats: tuple[Seat, ...]
    board: tuple[Card, ...] = ()
    #: For a layout board: the position name of each card of ``board`` (same order); None for a flat board.
    positions: tuple[str, ...] | None = None
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

    @classmethod
    def board_from(cls, board: Mapping[str, Card] | tuple[Card, ...] | list[Card]
                   ) -> tuple[tuple[Card, ...], tuple[str, ...] | None]:
        """``board`` and ``positions`` from a request's board (an array, or an object for a layout)."""
        if isinstance(board, Mapping):
            return tuple(board.values()), tuple(board)
        return tuple(board), None

    def board_pointer(self, index: int) -> str:
        """The JSON pointer of one board card: ``/board/2`` or ``/board/E1``."""
        if self.positions is None:
            return f"/board/{index}"
        return "/board/" + self.positions[index].replace("~", "~0").replace("/", "~1")

    def pots_among(self, live: Sequence[str]) -> list[Pot]:
        """The pots of this deal and who may win each: ``live`` are the players (or entrants) still in, in seat
        order; the one ``pot`` is theirs, listed ``pots`` keep their live players, and ``contributions`` build the
        main and side pots."""
        if self.pot is not None:
            return [Pot(self.pot, tuple(live))]
        if self.pots is not None:
            return [Pot(p.amount, tuple(e for e in p.eligible if e in live)) for p in self.pots]
        return build_pots(self.contributions or {}, live)

    @property
    def live(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if not s.folded)
