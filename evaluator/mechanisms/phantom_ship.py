"""Island Pineapple's Phantom Ship (reference ``island-pineapple-phantom-ship``): an early showdown a player forces
with trips in his three down cards and the fourth card of their rank on the board by the turn.

Everyone then keeps all three down cards and plays exactly those three and two cards of one board, after the split
river is dealt; the caller's Phantom Ship wins unless somebody makes a straight flush. The early showdown and who
called it cannot be seen in the cards, so the request says so: ``events.phantom_ship`` is the caller's id. Without
it the deal is an ordinary Island Pineapple showdown (two down cards each, the variant's usual hand).

:class:`PhantomShip` is a mechanism. It checks the request (three down cards each with the event, two without),
swaps in the early-showdown hand (three down + two of one board) and, for a true ship, a ranking in which the
caller's hand sits just below the lowest straight flush (:class:`ShipRanking`, category ``phantom-ship``). A ship
whose fourth card is not on the board by the turn, or that is not trips at all, is a fouled hand: shown, with the
reason, but it cannot win; the others play the early showdown among themselves.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

import numpy as np
import numpy.typing as npt

from evaluator.formation import Formation
from evaluator.mechanisms.base import DealCheck, Mechanism, MutableHands, R, Rules, Table
from evaluator.rankings.base import Described, Key, Ranking, Scores
from evaluator.rankings.poker_key import FULL_HOUSE, QUADS, TRIPS
from evaluator.values.cards import RANK_NAMES, RANK_PLURALS, Card
from evaluator.values.deal import Deal
from evaluator.values.errors import Problem
from evaluator.values.frozen import replaced

__all__ = ["SHIP_KEY", "PhantomShip", "ShipRanking"]

#: Ship keys are this prefix + the hand's own key: above every four of a kind (values stop at 14), below the lowest
#: straight flush (9, 5), and among themselves in the order of the poker hands they are.
SHIP_KEY: Final[Key] = (QUADS, 15)
#: The categories a hand holding three cards of a rank can be.
_WITH_TRIPS: Final = (TRIPS, FULL_HOUSE, QUADS)


class ShipRanking(Ranking):
    """A five-card poker ranking with the Phantom Ship: any hand holding the ship's three cards ranks above every
    four of a kind and below the lowest straight flush (ship hands among themselves by their own key); every other
    hand ranks as in ``base``."""

    def __init__(self, base: Ranking, ship: Iterable[Card]) -> None:
        self.base = base
        self.ship = tuple(sorted(ship, reverse=True))
        self.name = base.name
        self.title = f"{base.title}; the Phantom Ship ranks just below a straight flush"
        self.size = base.size
        keys = tuple(base.keys)
        self._at = bisect_left(keys, SHIP_KEY)
        shipped = [i for i, k in enumerate(keys) if k[0] in _WITH_TRIPS]
        self._ship_keys = tuple((*SHIP_KEY, *keys[i]) for i in shipped)
        self._keys = (*keys[:self._at], *self._ship_keys, *keys[self._at:])
        #: base score -> ship score (a base hand without trips, which a ship hand cannot be, -> the lowest).
        self._ship_of = np.full(len(keys), self._at, dtype=np.int32)
        self._ship_of[shipped] = self._at + np.arange(len(shipped), dtype=np.int32)
        self._base_of: dict[int, int] = dict(zip(self._ship_of[shipped].tolist(), shipped, strict=True))

    @property
    def keys(self) -> Sequence[Key]:
        return self._keys

    @property
    def best_natural_score(self) -> int:
        return self.base.best_natural_score + len(self._ship_keys)

    def _is_ship(self, score: int) -> bool:
        return self._at <= score < self._at + len(self._ship_keys)

    def _base_score(self, score: int) -> int:
        if self._is_ship(score):
            return self._base_of[score]
        return score - len(self._ship_keys) if score >= self._at else score

    def evaluate_many(self, hands: npt.NDArray[np.integer]) -> Scores:
        scores = self.base.evaluate_many(hands)
        out = np.where(scores >= self._at, scores + len(self._ship_keys), scores).astype(np.int32)
        holds = (np.isin(hands, np.array(self.ship, dtype=np.int64)).sum(axis=1) == len(self.ship)) & (scores >= 0)
        out[holds] = self._ship_of[scores[holds]]
        return out

    def describe(self, score: int, cards: Sequence[int]) -> Described:
        own = self.base.describe(self._base_score(score), cards)
        if not self._is_ship(score):
            return own
        return Described("phantom-ship", f"Phantom ship of {RANK_PLURALS[self.ship[0].rank]} "
                         f"({own.description[:1].lower()}{own.description[1:]}), beaten only by a straight flush")

    def arrange(self, cards: Sequence[int], score: int) -> list[int]:
        return self.base.arrange(cards, self._base_score(score))


@dataclass(frozen=True, kw_only=True)
class PhantomShip(Mechanism):
    """The early showdown a Phantom Ship forces, read from ``events.<event>`` (the caller's id)."""

    kind: ClassVar[str] = "phantom-ship"
    #: The event naming the caller.
    event: str = "phantom_ship"
    #: The hand the early showdown replaces, and how it is then formed (three down + two of one board).
    hand: str = "high"
    early: Formation
    #: The board positions dealt by the turn: the fourth card of the ship's rank must be at one of them.
    by_the_turn: tuple[str, ...]
    #: Down cards each player still in shows: after an early showdown, and in an ordinary showdown.
    early_down: int = 3
    usual_down: int = 2

    def describe(self) -> str:
        return (f"with events.{self.event} (the id of the player who called the early showdown) every player still "
                f"in shows his {self.early_down} down cards and plays {self.early}; the caller's Phantom Ship (trips "
                f"down, the fourth card of the rank on the board by the turn: {', '.join(self.by_the_turn)}) beats "
                "every hand but a straight flush, and a ship that is not trips or whose fourth card is not there is "
                f"a fouled hand, which cannot win; without the event each player shows {self.usual_down} down cards")

    def problems(self, game: Rules, deal: Deal, check: DealCheck) -> list[Problem]:
        return check.needed(self.card_count_problems(deal))

    def card_count_problems(self, deal: Deal) -> list[Problem]:
        """The down cards of every player still in: three after an early showdown, two without."""
        called = self.event in deal.events
        wanted = self.early_down if called else self.usual_down
        why = (f"after an early showdown (events.{self.event}) every player still in keeps all {wanted} down cards"
               if called else f"without an early showdown (events.{self.event}) every player still in shows "
               f"{wanted} down cards (three dealt, one discarded at the Pineapple)")
        return [Problem(f"/players/{i}/hole", "wrong-card-count", f"{why}; got {len(seat.hole)}")
                for i, seat in enumerate(deal.seats) if not seat.folded and len(seat.hole) != wanted]

    def _ship(self, deal: Deal) -> tuple[str, tuple[Card, ...], str | None] | None:
        """The caller, his down cards and why his ship is fouled (None: a true ship); None without an early
        showdown."""
        caller = deal.events.get(self.event)
        seat = next((s for s in deal.seats if s.id == caller), None)
        if not isinstance(caller, str) or seat is None:
            return None
        cards = seat.hole
        ranks = {c.rank for c in cards}
        if len(cards) != self.early_down or len(ranks) != 1 or any(c.is_joker for c in cards):
            shown = " ".join(str(c) for c in cards)
            return caller, cards, f"a Phantom Ship is three down cards of one rank; {caller} shows {shown}"
        rank = cards[0].rank
        board = dict(zip(deal.positions or (), deal.board, strict=False))
        if not any(p in board and board[p].rank == rank for p in self.by_the_turn):
            return caller, cards, (f"the fourth {RANK_NAMES[rank]} is not on the board by the turn "
                                   f"({', '.join(self.by_the_turn)})")
        return caller, cards, None

    def prepare(self, game: R, deal: Deal) -> tuple[R, Deal]:
        ship = self._ship(deal)
        if ship is None:
            return game, deal
        _, cards, fouled = ship
        hands = tuple(replaced(h, formation=self.early, ranking=h.ranking if fouled else ShipRanking(h.ranking, cards))
                       if h.name == self.hand else h for h in game.hands)
        return game.with_hands(hands), deal

    def adjust(self, game: Rules, deal: Deal, hands: MutableHands, table: Table) -> None:
        """A fouled ship is shown with the reason, and cannot win."""
        for player, why in self.fouled(deal).items():
            if player in table.shows:
                hands[player] = {name: replaced(played, qualifies=False, reason=f"fouled hand: {why}")
                                  for name, played in hands[player].items()}

    def fouled(self, deal: Deal) -> Mapping[str, str]:
        ship = self._ship(deal)
        if ship is None or ship[2] is None:
            return {}
        return {ship[0]: ship[2]}
