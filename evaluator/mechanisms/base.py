"""The hooks of a game's mechanism, and what the engine passes them.

A variant holds mechanism records (a pot division, deal rules, the Breaker, declared hands, separate hands...). Each
is a frozen, keyword-only record of plain data that overrides the few hooks of :class:`Mechanism` its rules
change; the engine calls every record's hooks in a fixed pipeline and never asks which game it is:

1. :meth:`~Mechanism.problems`: what is wrong with the deal under this rule (each with its JSON pointer), and
   :attr:`~Mechanism.reads`: which of a player's request fields (``declare``, ``hands``, ``declared_hand``) the rule
   reads, so that the checks refuse the others;
2. :meth:`~Mechanism.entrants` / :meth:`~Mechanism.prepare`: the deal (and the game's hands) the showdown then
   adjudicates; :meth:`~Mechanism.hole_source`: a hole card the search keeps apart (the Breaker's joker);
3. :meth:`~Mechanism.adjust`: the ranked hands changed by the rule (out, fouled, declared...);
4. the pot division's ``divide_pots`` / ``divide`` and ``shown_hand`` (:mod:`evaluator.mechanisms.division`);
5. :meth:`~Mechanism.by_player` / :meth:`~Mechanism.owner`: the answer given back per player;
6. :meth:`~Mechanism.describe`: the rule in words, for the variant's document;
7. outside a showdown, :meth:`~Mechanism.alone`: the game as one player's hands are evaluated on their own.

Each hook is called for every mechanism of the game in order (:attr:`evaluator.variant.Variant.pipeline`: its rules,
then its division).

What a hook needs from the engine (finding a best hand, the players at showdown) comes in as an argument:
:class:`Rules`, :class:`DealCheck`, :class:`Table`, :class:`PotTable`. Nothing here imports the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, Literal, Protocol, Self, TypeVar

from evaluator.formation import BoardGroup, Count
from evaluator.hands.spec import HandSpec
from evaluator.results import PlayedHand, PlayerResult
from evaluator.values.cards import Card
from evaluator.values.deal import Deal, Seat
from evaluator.values.errors import Problem
from evaluator.values.frozen import derived, quick_init

__all__ = ["DealCheck", "GroupBests", "Mechanism", "MutableHands", "OddChipRule", "PotTable", "Rules", "Table",
           "kept_game"]

OddChipRule = Literal["button", "high-card-by-suit"]
#: Every player's hands while the showdown builds them, by player id then hand name.
MutableHands = dict[str, dict[str, PlayedHand]]


class Rules(Protocol):
    """What a mechanism reads of the game it is part of, and may change: its name, its hands, its hole cards, its
    division and its mechanisms."""

    @property
    def name(self) -> str: ...

    @property
    def hands(self) -> tuple[HandSpec, ...]: ...

    @property
    def pipeline(self) -> tuple[Mechanism, ...]:
        """Every mechanism of the game in the order the engine calls their hooks: its rules, then its division."""
        ...

    def with_hands(self, hands: tuple[HandSpec, ...]) -> Self:
        """The same game with these hands."""
        ...

    def with_hole(self, hole: Count) -> Self:
        """The same game with this many hole cards."""
        ...

    def with_division(self, division: Mechanism) -> Self:
        """The same game with this pot division (a division record)."""
        ...

    def without(self, mechanism: Mechanism) -> Self:
        """The same game without this mechanism."""
        ...


R = TypeVar("R", bound=Rules)


def kept_game(mechanism: object, game: R, key: Hashable, make: Callable[[], R]) -> R:
    """The game a mechanism's ``prepare`` makes of ``game`` for this ``key`` (a card, a suit...): ``make()`` the first
    time, then the very same game, so a showdown reuses the game and what is found once per game (its pipeline, its
    search's facts) instead of making them anew. Kept by the ids of the mechanism and the game, both kept beside it
    so that an id reused after either is gone is never taken for it; a few per game, bounded in number."""
    index = (id(mechanism), id(game), key)
    kept = _KEPT_GAMES.get(index)
    if kept is not None and kept[0] is mechanism and kept[1] is game:
        return kept[2]  # type: ignore[return-value]
    made = make()
    if len(_KEPT_GAMES) >= _KEPT_GAMES_MOST:
        _KEPT_GAMES.clear()
    _KEPT_GAMES[index] = (mechanism, game, made)
    return made


#: The games :func:`kept_game` made, by the ids of the mechanism and the game and the key, beside the mechanism and
#: the game themselves.
_KEPT_GAMES: Final[dict[tuple[int, int, Hashable], tuple[object, object, object]]] = {}
_KEPT_GAMES_MOST: Final = 256


@quick_init
@dataclass(frozen=True, kw_only=True)
class DealCheck:
    """What the deal's checks found before a mechanism adds its own: the players whose hands are needed
    (``shows``), and the per-player fields the game's rules read (``reads``: ``declare``, ``hands``...)."""

    deal: Deal
    shows: frozenset[str]
    reads: frozenset[str]

    @derived
    def contested(self) -> bool:
        """Whether some player still in shows his hand (found once per check)."""
        return bool(self.shows & {s.id for s in self.deal.live})

    def needed(self, problems: list[Problem]) -> list[Problem]:
        """The problems of a rule's own checks that matter: none about the cards of a player still in whose hand is
        not needed (he wins uncontested), and none about the board or the play-time events when no hand is needed
        at all."""
        if not problems:
            return []
        if not self.contested:
            return [p for p in problems if not p.pointer.startswith(("/events", "/board", "/players/"))]
        unshown = tuple(f"/players/{i}/" for i, seat in enumerate(self.deal.seats)
                        if not seat.folded and seat.id not in self.shows)
        return [p for p in problems if not (p.pointer + "/").startswith(unshown)]


class Table(Protocol):
    """What a mechanism may ask of the showdown in progress."""

    @property
    def live(self) -> Sequence[Seat]:
        """The players still in whose hands are ranked, in seat order."""
        ...

    @property
    def shows(self) -> frozenset[str]:
        """The ids of the players whose hands are ranked."""
        ...

    def best_hand(self, spec: HandSpec, seat: Seat) -> PlayedHand:
        """The seat's best hand of this kind."""
        ...

    def hand_of(self, spec: HandSpec, seat: Seat, cards: Sequence[Card]) -> PlayedHand | None:
        """The hand of exactly these cards, scored, if the seat can make it under the spec's formation."""
        ...

    def hands_of(self, spec: HandSpec, claims: Sequence[tuple[Seat, Sequence[Card]]]) -> Sequence[PlayedHand | None]:
        """For each (seat, cards): what :meth:`hand_of` answers, the claims scored together."""
        ...

    def group_bests(self, specs: Sequence[HandSpec], seats: Sequence[Seat], groups: Sequence[BoardGroup]
                    ) -> Sequence[Sequence[GroupBests]] | None:
        """For each of these kinds, each seat's best hand of that kind within each of these board groups (what
        :meth:`best_hand` finds for the spec narrowed to that group), found in one search; None where the search
        cannot split a spec by group: then ask :meth:`best_hand` group by group."""
        ...


class GroupBests(Protocol):
    """One seat's best hand of one kind within each board group, in the order asked."""

    @property
    def scores(self) -> Sequence[int | None]:
        """Each group's best score (None: no hand there)."""
        ...

    @property
    def qualifies(self) -> Sequence[bool]:
        """Whether each group's best hand qualifies."""
        ...

    def played(self, group: int) -> PlayedHand:
        """The group's best hand, spelled out."""
        ...

    def is_searched(self, group: int) -> bool:
        """Whether the group's best hand is the combination the showdown's search chose for the seat (the search's
        hand, named for this group)."""
        ...


@quick_init
@dataclass(frozen=True, kw_only=True)
class PotTable:
    """What a pot division needs besides the pot and the hands: the game's hands, its odd-chip rule, whether a
    natural hand beats the same hand made with wild cards, the seat order from the button, the declarations and
    the play-time events."""

    hands: tuple[HandSpec, ...]
    odd_chip: OddChipRule = "button"
    natural_first: bool = False
    seat_order: tuple[str, ...] = ()
    declared: Mapping[str, str | None]
    events: Mapping[str, object]

    def hand(self, name: str) -> HandSpec:
        return next(h for h in self.hands if h.name == name)


class Mechanism:
    """A rule of a game at showdown: every hook says "nothing special" until a record overrides it."""

    #: The record's name among the mechanisms (its key in a rules document).
    kind: ClassVar[str]
    @property
    def reads(self) -> frozenset[str]:
        """The request's per-player fields this rule reads: ``hands`` (separate hands), ``declared_hand``,
        ``declare``."""
        return frozenset()

    def describe(self) -> str | None:
        """The rule in words, for the variant's notes ("At showdown: ..."); None: nothing to say."""
        return None

    def problems(self, game: Rules, deal: Deal, check: DealCheck) -> list[Problem]:
        """Every problem of the (parsed) deal under this rule, each with its JSON pointer."""
        return []

    def hole_source(self, card: Card) -> str | None:
        """The formation source of a hole card kept apart by this rule (the Breaker's joker); None: ``hole``."""
        return None

    def entrants(self, deal: Deal) -> Deal:
        """The deal as the entrants who compete (a player's separate hands as seats of their own)."""
        return deal

    def prepare(self, game: R, deal: Deal) -> tuple[R, Deal]:
        """The game and deal the hands are ranked on, once the deal is checked and some hand is needed."""
        return game, deal

    def adjust(self, game: Rules, deal: Deal, hands: MutableHands, table: Table) -> None:
        """Change the ranked hands in place (a hand that is out, fouled, or declared)."""

    def alone(self, game: R) -> R:
        """The game as one player's hands are evaluated on their own (``POST /v1/hands/evaluate``): no other entrant,
        nothing declared."""
        return game

    def by_player(self, players: tuple[PlayerResult, ...], payouts: Mapping[str, int], deal: Deal
                  ) -> tuple[tuple[PlayerResult, ...], Mapping[str, int]]:
        """The entrants' answer given back per player of the (unexpanded) deal."""
        return players, payouts

    def owner(self, entrant: str, hand: str) -> tuple[str, str] | None:
        """The player and the name of the hand in his answer that ``entrant`` played as ``hand``; None: itself."""
        return None
