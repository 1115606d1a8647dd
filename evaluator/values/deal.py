"""What a showdown request says happened: the seats, the board, the money and the play-time events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from evaluator.values.cards import Card
from evaluator.values.frozen import derived, quick_init
from evaluator.values.pots import Pot, settle_pots, uncalled

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


@quick_init
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


@quick_init
@dataclass(frozen=True, kw_only=True)
class Deal:
    """The final state of a hand: at most one of ``pot``, ``pots`` or ``contributions`` carries the money (with
    none, the hands are ranked for no chips); ``dead`` goes with ``contributions``."""

    seats: tuple[Seat, ...]
    board: tuple[Card, ...] = ()
    #: For a layout board: the position name of each card of ``board`` (same order); None for a flat board.
    positions: tuple[str, ...] | None = None
    pot: int | None = None
    pots: tuple[Pot, ...] | None = None
    contributions: Mapping[str, int] | None = None
    #: Chips players put in outside their level, with ``contributions``: antes, a big-blind ante, a dead small
    #: blind. They go to the main pot, which every live player may win.
    dead: Mapping[str, int] | None = None
    #: The player who has the button; None when the last seat listed has it.
    button: str | None = None
    #: Run it N times: each run's cards completing ``board`` (an array after it, or missing positions to cards);
    #: empty for one run (see :mod:`evaluator.engine.runs`).
    runs: tuple[Sequence[Card] | Mapping[str, Card], ...] = ()
    events: Mapping[str, Any] = field(default_factory=dict)

    @property
    def money_in(self) -> int:
        if self.pot is not None:
            return self.pot
        if self.pots is not None:
            return sum(p.amount for p in self.pots)
        return sum((self.contributions or {}).values()) + sum((self.dead or {}).values())

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
        order; the one ``pot`` is theirs, listed ``pots`` keep their live players, and ``contributions`` (less the
        uncalled chips, see :meth:`returned`) and ``dead`` build the main and side pots. With no money, or none
        in any pot, there is one pot of 0 chips that every live player contests: the hands are still ranked."""
        if self.pot is not None:
            return [Pot(self.pot, tuple(live))]
        if self.pots:
            return [Pot(p.amount, tuple(e for e in p.eligible if e in live)) for p in self.pots]
        pots = settle_pots(self.contributions or {}, self.dead or {}, live)[0]
        return pots or [Pot(0, tuple(live))]

    def returned(self, live: Sequence[str]) -> dict[str, int]:
        """The chips given back before the pots are built: the uncalled part of the largest contribution, to its
        owner if he is among ``live`` (the players still in)."""
        return uncalled(self.contributions, live) if self.contributions else {}

    @property
    def clockwise(self) -> tuple[str, ...]:
        """The player ids clockwise from the button: the first is the first player left of the button (odd chips
        and "first clockwise" count from him), the last has the button."""
        ids = tuple([s.id for s in self.seats])
        if self.button is None or self.button not in ids:
            return ids
        after = ids.index(self.button) + 1
        return ids[after:] + ids[:after]

    def contesting(self, lone_hand_counts: bool = False) -> frozenset[str]:
        """The live players who contest a pot with another live player: their hands decide it, so their cards
        are needed. A player alone in every pot he may win (everyone else folded) wins it without showing, unless
        ``lone_hand_counts`` (the division judges a lone hand too)."""
        live = [s.id for s in self.live]
        if lone_hand_counts:
            return frozenset(live)
        return frozenset(p for pot in self.pots_among(live) if len(pot.eligible) > 1 for p in pot.eligible)

    @derived
    def live(self) -> tuple[Seat, ...]:
        """The players still in: not folded, and, where players have separate hands, with a hand still in (a
        player whose every hand is folded is out like a player who folded). Found once per deal."""
        return tuple(s for s in self.seats if not s.folded and (not s.hands or any(not h.folded for h in s.hands)))
