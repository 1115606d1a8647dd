"""Several hands per player, each a separate entrant (reference ``double-trouble``).

A player sends his hands as ``hands`` (in the order of :attr:`EntrantHands.names`: Double Trouble's ``left`` then
``right``), each with its own cards, declaration and folded flag. The showdown is adjudicated with every live hand
as a seat of its own, ``<player>:<hand>`` (so ``ann:left``), in seat order with a player's hands in order; those
entrant ids are what ``pots[].eligible`` and ``awards`` name. A pot a player is eligible for is contested by all of
his live hands. The answer gives each player his hands' results under ``<hand>_<kind>`` (``left_high``,
``right_low``...) and his payout is the sum of his hands' winnings.

Money stays at the player level: ``pot``, ``pots`` (player ids) or ``contributions`` (per player, with side pots
built from them) work as in every game.

A player whose every hand is folded is out of the showdown like a player who folded: his hands win nothing and
his contributions stay in the pots. So, as when every player folded, a deal where no player has a hand still in is
a problem (``no-live-player``: there is no showdown, and nobody to give the money to), and so is a listed pot
with chips whose eligible players have no hand still in (``no-eligible-player``). ``pots`` may still name such a
player: he is simply not among the pot's contenders.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from evaluator.formation import Count
from evaluator.mechanisms.base import DealCheck, Mechanism, R, Rules
from evaluator.results import SEPARATOR, PlayedHand, PlayerResult
from evaluator.values.deal import Deal, PlayerHand, Seat
from evaluator.values.errors import Problem
from evaluator.values.frozen import replaced
from evaluator.values.pots import Pot

__all__ = ["SEPARATOR", "EntrantHands"]


@dataclass(frozen=True, kw_only=True)
class EntrantHands(Mechanism):
    """Each player plays ``names`` hands of ``cards`` cards as separate entrants; a hand that ``discarded`` has
    one card fewer; an ``insured`` hand keeps all its cards (its cards are the formation source ``insured``)."""

    kind: ClassVar[str] = "entrants"
    names: tuple[str, ...] = ("left", "right")
    cards: int = 3

    @property
    def reads(self) -> frozenset[str]:
        return frozenset({"hands"})

    def describe(self) -> str:
        return (f"each player plays {len(self.names)} hands ({', '.join(self.names)}) of {self.cards} cards as "
                f"separate entrants, each with its own declaration")

    def alone(self, game: R) -> R:
        """One of the player's separate hands, as the entrant it plays as (a discarded hand has a card fewer)."""
        return game.without(self).with_hole(Count.between(self.cards - 1, self.cards))

    def entrant(self, player: str, index: int) -> str:
        return f"{player}{SEPARATOR}{self.names[index]}"

    @cached_property
    def _suffixes(self) -> tuple[str, ...]:
        """Each hand's part of its entrant's id, in order (``:left``): a player's id and it make the
        :meth:`entrant`."""
        return tuple(f"{SEPARATOR}{name}" for name in self.names)

    @cached_property
    def _prefixes(self) -> tuple[str, ...]:
        """Each hand's part of the names of its results in its player's answer, in order (``left_``)."""
        return tuple(f"{name}_" for name in self.names)

    def problems(self, game: Rules, deal: Deal, check: DealCheck) -> list[Problem]:
        """Every problem with the players' hands: how many, their cards, flags and declarations."""
        declares = "declare" in check.reads
        problems: list[Problem] = []
        add = problems.append
        for i, seat in enumerate(deal.seats):
            where = f"/players/{i}"
            if SEPARATOR in seat.id:
                add(Problem(f"{where}/id", "bad-player-id", f"player ids may not contain {SEPARATOR!r} here: a "
                            f"player's hands are named <player>{SEPARATOR}<hand>"))
            for field, value in (("hole", seat.hole), ("up", seat.up)):
                if value:
                    add(Problem(f"{where}/{field}", "hands-only", f"each player's cards go in hands (one entry per "
                                f"hand: {', '.join(self.names)}), not in {field}"))
            if seat.declare is not None:
                add(Problem(f"{where}/declare", "hands-only", "each hand declares for itself: put declare in hands"))
            if seat.folded and not seat.hands:
                continue
            if len(seat.hands) != len(self.names):
                add(Problem(f"{where}/hands", "wrong-hand-count", f"each player has {len(self.names)} hands "
                            f"({', '.join(self.names)}), got {len(seat.hands)}"))
            for j, hand in enumerate(seat.hands):
                problems += self._hand_problems(f"{where}/hands/{j}", hand, seat.folded, declares)
        return problems + self._contest_problems(deal)

    @staticmethod
    def _contest_problems(deal: Deal) -> list[Problem]:
        """Money nobody can win: no hand is still in, or a listed pot's players have none (a player still in whose
        hands are all folded is out, like a folded player). Deals the player-level checks refuse are left to them."""
        in_hand = {s.id for s in deal.seats if not s.folded}  # not folded as players (the checks of folding)
        still_in = {s.id for s in deal.live}  # ... and with a hand still in
        if not in_hand:
            return []
        if not still_in:
            return [Problem("/players", "no-live-player", "every hand of every player is folded: there is no "
                            "showdown")]
        problems = []
        for i, pot in enumerate(deal.pots or ()):
            if pot.amount and any(p in in_hand for p in pot.eligible) and not any(p in still_in for p in pot.eligible):
                problems.append(Problem(f"/pots/{i}/eligible", "no-eligible-player", "a pot needs at least one "
                                        "eligible player with a hand still in: these players' hands are all folded"))
        return problems

    def _hand_problems(self, where: str, hand: PlayerHand, folded: bool, declares: bool) -> list[Problem]:
        problems = []
        wanted = self.cards - 1 if hand.discarded else self.cards
        if len(hand.hole) != wanted and not (folded or hand.folded):
            why = "a hand that discarded at the flop has " if hand.discarded else "each hand has "
            problems.append(Problem(f"{where}/hole", "wrong-card-count", f"{why}{wanted} cards, got "
                                    f"{len(hand.hole)}"))
        if hand.insured and hand.discarded:
            problems.append(Problem(f"{where}/insured", "insured-discarded", "an insured hand keeps all its cards: "
                                    "it cannot also have discarded"))
        live = not (folded or hand.folded)
        if declares and live and hand.declare not in ("high", "low", "both"):
            problems.append(Problem(f"{where}/declare", "missing-declaration", "every hand still in declares "
                                    "high, low or both"))
        if not declares and hand.declare is not None:
            problems.append(Problem(f"{where}/declare", "no-declaration", "this game has no declaration: remove "
                                    "declare"))
        return problems

    def entrants(self, deal: Deal) -> Deal:
        """The deal with every hand as a seat of its own and the pots naming the live hands."""
        suffixes = self._suffixes
        entrants: list[Seat] = []
        hands_of: dict[str, list[str]] = {}  # each player's live hands, by entrant id
        for s in deal.seats:
            live = hands_of[s.id] = []
            for j, h in enumerate(s.hands):
                entrant, folded = s.id + suffixes[j], s.folded or h.folded
                entrants.append(Seat(id=entrant, hole=h.hole, declare=h.declare, folded=folded, insured=h.insured))
                if not folded:
                    live.append(entrant)
        seats = tuple(entrants)
        pots = deal.pots_among([p for p, mine in hands_of.items() if mine])
        entrant_pots = tuple(Pot(p.amount, tuple(e for player in p.eligible for e in hands_of[player])) for p in pots)
        return replaced(deal, seats=seats, pot=None, pots=entrant_pots, contributions=None, dead=None,
                        button=self._button(deal))

    def _button(self, deal: Deal) -> str | None:
        """The entrant with the button: the last hand of the button's player (or of the nearest player before him
        who has hands), so that odd chips count from the same seat."""
        ids = [s.id for s in deal.seats]
        if deal.button not in ids:
            return None
        at = ids.index(deal.button)
        for back in range(len(ids)):
            owner = deal.seats[(at - back) % len(ids)]
            if owner.hands:
                return self.entrant(owner.id, len(owner.hands) - 1)
        return None

    def by_player(self, players: tuple[PlayerResult, ...], payouts: Mapping[str, int], deal: Deal
                  ) -> tuple[tuple[PlayerResult, ...], Mapping[str, int]]:
        """The entrants' answer given back per player: his hands' results and the sum of their winnings."""
        by_id = {p.id: p for p in players}
        suffixes, prefixes = self._suffixes, self._prefixes
        mine_all: list[PlayerResult] = []
        paid: dict[str, int] = {}
        for seat in deal.seats:
            player = seat.id
            hands: dict[str, PlayedHand] = {}
            every_hand_folded = True  # as all() of none: a player without hands has none still in
            won = 0
            # one pass over his entrants, in order: each one's results under its hand's prefix, and its winnings
            for j in range(len(seat.hands)):
                entrant = by_id[player + suffixes[j]]
                prefix = prefixes[j]
                for kind, played in entrant.hands.items():
                    hands[prefix + kind] = played
                every_hand_folded = every_hand_folded and entrant.folded
                won += payouts[entrant.id]
            mine_all.append(PlayerResult(player, seat.folded or every_hand_folded, hands))
            paid[player] = won
        return tuple(mine_all), paid

    def owner(self, entrant: str, hand: str) -> tuple[str, str] | None:
        """``ann:left`` won with ``high``: ann's ``left_high``."""
        if SEPARATOR not in entrant:
            return None
        player, name = entrant.rsplit(SEPARATOR, 1)
        return player, f"{name}_{hand}"
