"""What a showdown answers, below everything that builds it: each player's hands, each pot's shares and each
player's answer. Plain frozen values; the engine, the pot divisions and the mechanisms build them, the service
encodes them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from evaluator.values.cards import Card
from evaluator.values.frozen import quick_init
from evaluator.values.pots import Share

__all__ = ["NOT_SHOWN", "SEPARATOR", "BreakerPlay", "Hands", "PlayedHand", "PlayerResult", "PotResult", "RunResult"]

#: Between a player's id and his hand's name in the id of one of his separate hands (``ann:left``).
SEPARATOR = ":"
#: The reason given for the hands of a player who won without a showdown and showed no whole hand.
NOT_SHOWN = "not shown: nobody contests a pot with this player, so no hand was needed"


@quick_init
@dataclass(frozen=True)
class PlayedHand:
    """A player's best hand of one kind, or the reason there is none. Without slots: a showdown builds one per player
    and hand, and :func:`~evaluator.values.frozen.quick_init` stores sixteen fields into a ``__dict__`` in half the
    time it takes through sixteen slot descriptors (as for :class:`PlayerResult`)."""

    name: str
    score: int | None
    cards: tuple[Card, ...] = ()
    hole: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()
    board: tuple[tuple[str, Card], ...] = ()
    group: str | None = None
    qualifies: bool = False
    reason: str | None = None
    category: str | None = None
    description: str | None = None
    strength: tuple[int, ...] = ()
    wilds: tuple[tuple[Card, Card], ...] = ()
    #: True when ``board`` names layout positions (answered as an object), False for a flat board (an array).
    layout: bool = False
    #: Other players' cards used, as (player id, card) pairs (3-Hole Poker, Indian Chief Poker).
    table: tuple[tuple[str, Card], ...] = ()
    #: True when no wild card was used.
    natural: bool = True


#: Every player's hands, by player id then hand name.
Hands = Mapping[str, Mapping[str, PlayedHand]]


@quick_init
@dataclass(frozen=True)
class PlayerResult:
    id: str
    folded: bool
    hands: Mapping[str, PlayedHand]


@dataclass(frozen=True, slots=True)
class BreakerPlay:
    """What the Breakers did in one pot: who played one, whose straight or flush it broke, whose stayed dead."""

    played_by: tuple[str, ...]
    broken: tuple[str, ...]
    dead: tuple[str, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class PotResult:
    amount: int
    eligible: tuple[str, ...]
    shares: tuple[Share, ...]
    carried_over: int = 0
    #: Chips players owe the next pot (Guts: the losing "in" players match the pot).
    owes: tuple[tuple[str, int], ...] = ()
    #: Where ``owes`` goes: the next pot (Guts) or the series' posts pot (Tic Tac Toe with Posts).
    owes_to: str = "the next pot"
    #: Breaker games: who played a Breaker in this pot, whose straight or flush it broke, whose Breaker was dead.
    breaker: BreakerPlay | None = None


@dataclass(frozen=True, slots=True)
class RunResult:
    """One run (run it N times): its whole board, every player's hands on it, its part of every pot, and what it
    paid."""

    board: tuple[Card, ...]
    positions: tuple[str, ...] | None
    players: tuple[PlayerResult, ...]
    pots: tuple[PotResult, ...]
    payouts: Mapping[str, int]
    summary: str

    @property
    def whole_board(self) -> tuple[Card, ...] | dict[str, Card]:
        """The board as the request gives one: the cards in deal order, or a layout's position-to-card object."""
        return self.board if self.positions is None else dict(zip(self.positions, self.board, strict=True))
