"""A variant is a record composed from the mechanisms (deck, formation, rankings, qualifiers, pot division).

Records are frozen and keyword-only; behaviour lives in the mechanisms. Options are data too: each value of an
option names the fields it replaces, so ``variant.with_options({"split": "high-low"})`` is a new record. Fields given
by name (an option's values, the catalog's families) are typed by :class:`VariantFields`, so mypy checks each.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal, TypedDict, TypeGuard, TypeVar, cast

from evaluator.formation import HOLE, Count
from evaluator.formation.layout import Layout
from evaluator.formation.live_groups import LiveGroups
from evaluator.hands.spec import HandSpec
from evaluator.mechanisms.base import Mechanism, OddChipRule, PotTable
from evaluator.mechanisms.division import Division, High
from evaluator.values.cards import Card
from evaluator.values.decks import Deck
from evaluator.values.errors import InvalidShowdown, Problem, json_pointer
from evaluator.values.events import STATED_WILD_RANKS, EventSpec
from evaluator.values.limits import MAX_PLAYERS
from evaluator.wilds.play import WildPlay
from evaluator.wilds.rules import EventRanks, WildRule

__all__ = [
    "BoardShape",
    "HandSpec",
    "OddChipRule",
    "OptionSpec",
    "TableCards",
    "Variant",
    "VariantFields",
    "VariantRecord",
    "is_record",
]

M = TypeVar("M", bound=Mechanism)

#: The most option choices a record keeps the game of (:meth:`Variant.with_options`); more clear the lot.
_OPTION_GAMES_KEPT = 64


@dataclass(frozen=True, kw_only=True)
class BoardShape:
    """The community cards: a flat board of ``count`` cards in deal order, or a :class:`Layout` of named
    positions (sent as an object from position to card)."""

    count: Count = field(default_factory=lambda: Count.exactly(0))
    layout: Layout | None = None

    @cached_property
    def position_names(self) -> frozenset[str]:
        """The layout's position names (none for a flat board)."""
        return frozenset(self.layout.names) if self.layout is not None else frozenset()

    @cached_property
    def required_positions(self) -> frozenset[str]:
        """The layout's positions a deal must fill (none for a flat board)."""
        return frozenset(self.layout.required) if self.layout is not None else frozenset()


@dataclass(frozen=True, kw_only=True)
class TableCards:
    """Other players' cards a player may use, as the formation source ``others``."""

    #: Their face-up cards (``up``: 3-Hole Poker) or all their cards (``all``: Indian Chief Poker).
    cards: Literal["up", "all"]
    #: Whether folded players' cards still count.
    folded: bool = False


@dataclass(frozen=True, kw_only=True)
class OptionSpec:
    """A documented rule parameter: its values, default, and the record fields each value sets (typed keywords)."""

    name: str
    description: str
    default: str
    values: Mapping[str, VariantFields]

    def __hash__(self) -> int:
        return hash((self.name, self.default, tuple(self.values)))


@dataclass(frozen=True, kw_only=True)
class Variant:
    """One game as the rules reference defines it at showdown."""

    id: str
    name: str
    description: str
    tags: tuple[str, ...]
    reference: str
    aliases: tuple[str, ...] = ()
    deck: Deck
    #: The players the game seats when its rules state a limit (Royal Hold'em's 6, Southern Deuce's 4...); None: the
    #: deck decides (:attr:`seating`).
    seats: Count | None = None
    hole: Count
    up: Count = field(default_factory=lambda: Count.exactly(0))
    board: BoardShape = field(default_factory=BoardShape)
    own_plus_board: Count | None = None
    hands: tuple[HandSpec, ...]
    #: How each pot is divided (:mod:`evaluator.mechanisms.division`; the Breaker and declared hands wrap one).
    division: Division = field(default_factory=High)
    odd_chip: OddChipRule = "button"
    options: tuple[OptionSpec, ...] = ()
    notes: tuple[str, ...] = ()
    #: Which cards are wild (empty: none). Each rule is data; the union is wild for each player.
    wilds: tuple[WildRule, ...] = ()
    #: How the wild cards may play besides standing for any card (restricted wild cards, the Joker Twist, natural
    #: hands first); the default: none of these.
    wild_play: WildPlay = field(default_factory=WildPlay)
    #: The play-time events the variant reads (``events.up_order``...), validated against the deal.
    events: tuple[EventSpec, ...] = ()
    #: Picks the live board groups from the deal (Ruby Run's slam, Russian Roulette's trigger); None: all.
    live_groups: LiveGroups | None = None
    #: Other players' cards a player may use (source ``others``); None: none.
    table: TableCards | None = None
    #: The hole cards come as separate sets that never mix (Double-Edge Trim-Saw: (2, 2)); sources ``set1``...
    hole_sets: tuple[int, ...] = ()
    #: The rules of this game at showdown besides its division (deal rules, checks, hand rules, separate hands), each
    #: a record whose hooks the engine calls in this order (:mod:`evaluator.mechanisms`).
    mechanisms: tuple[Mechanism, ...] = ()
    #: Why there is nothing to adjudicate (reference tag ``not-showdown``); a showdown request is then a 422.
    not_showdown: str | None = None


    def __post_init__(self) -> None:
        reads = {name for rule in self.wilds for name in getattr(rule, "from_play", ())}
        if reads and all(e.name != STATED_WILD_RANKS.name for e in self.events):  # reference 2.6: wild_ranks
            events = tuple(replace(e, unless=STATED_WILD_RANKS.name) if e.name in reads and e.required else e
                           for e in self.events)
            object.__setattr__(self, "events", (*events, STATED_WILD_RANKS))

    def with_stated_wild_ranks(self, events: Mapping[str, object]) -> Variant:
        """The game for a deal whose ``events.wild_ranks`` states the wild ranks outright: the wild cards that come
        from play (Follow the Queen's, a designator's...) replaced by those ranks."""
        if STATED_WILD_RANKS.name not in events:
            return self
        return self._with_event_ranks or self

    @cached_property
    def _with_event_ranks(self) -> Variant | None:
        """:meth:`with_stated_wild_ranks` for a deal that states them, made once per game; None where no wild card
        comes from play (the game is then its own)."""
        if not any(getattr(r, "from_play", ()) for r in self.wilds):
            return None
        return replace(self, wilds=(*(r for r in self.wilds if not getattr(r, "from_play", ())), EventRanks()))

    def with_hands(self, hands: tuple[HandSpec, ...]) -> Variant:
        """The same game with these hands (what a mechanism changes through :class:`~evaluator.mechanisms.Rules`)."""
        return replace(self, hands=hands)

    def with_hole(self, hole: Count) -> Variant:
        return replace(self, hole=hole)

    def with_division(self, division: Mechanism) -> Variant:
        if not isinstance(division, Division):
            raise TypeError(f"{type(division).__name__} is not a pot division")
        return replace(self, division=division)

    def without(self, mechanism: Mechanism) -> Variant:
        return replace(self, mechanisms=tuple(m for m in self.mechanisms if m is not mechanism))

    @cached_property
    def seating(self) -> Count:
        """The players the game seats: its stated ``seats``, else from 2 up to as many players as the deck can deal
        the fewest cards a player holds, the board's fewest cards set aside (draws included: the final hands are
        distinct cards), and at most :data:`~evaluator.values.limits.MAX_PLAYERS`."""
        return self.seats if self.seats is not None else Count.between(2, self._deck_seats())

    @cached_property
    def player_facts(self) -> tuple[str, ...]:
        """The per-player facts besides cards the game reads: those its wild rules read (``wild_rank``: Football's
        personal wild rank)."""
        return tuple(dict.fromkeys(fact for rule in self.wilds for fact in getattr(rule, "player_facts", ())))

    @cached_property
    def pipeline(self) -> tuple[Mechanism, ...]:
        """Every mechanism of the game in the order the engine calls their hooks: its rules, then its division."""
        return (*self.mechanisms, self.division)

    @cached_property
    def reads(self) -> frozenset[str]:
        """The request's per-player fields the game's mechanisms read (``declare``, ``hands``, ``declared_hand``)."""
        return frozenset().union(*(m.reads for m in self.pipeline))

    def find(self, kind: type[M]) -> M | None:
        """The game's mechanism of this type, if it has one (its division included)."""
        return next((m for m in self.pipeline if isinstance(m, kind)), None)

    def hole_source(self, card: Card) -> str:
        """The formation source of one of a player's hole cards: ``hole`` unless a mechanism keeps it apart."""
        return next((source for m in self.pipeline if (source := m.hole_source(card)) is not None), HOLE)

    @cached_property
    def hole_sources(self) -> Callable[[Card], str] | None:
        """:meth:`hole_source` where a mechanism of the game may keep a hole card apart (overrides the hook); None
        where every hole card is ``hole``, so the search asks nothing card by card."""
        keepers = tuple(m for m in self.pipeline if type(m).hole_source is not Mechanism.hole_source)
        if not keepers:
            return None

        def source(card: Card) -> str:  # hole_source, asking only the mechanisms that may keep a card apart
            for keeper in keepers:
                if (found := keeper.hole_source(card)) is not None:
                    return found
            return HOLE
        return source

    def pot_table(self, seat_order: Sequence[str], declared: Mapping[str, str | None] | None = None,
                  events: Mapping[str, object] | None = None) -> PotTable:
        """What the division needs besides the pots and the hands."""
        return PotTable(hands=self.hands, odd_chip=self.odd_chip, natural_first=self.wild_play.natural_beats_wild,
                        seat_order=tuple(seat_order), declared=declared or {}, events=events or {})

    def _deck_seats(self) -> int:
        """The most players the deck can deal: its cards less the board's fewest, over a player's fewest cards."""
        own = self.hole.min + self.up.min
        cards = len(self.deck.cards) - self.board.count.min
        return max(2, min(MAX_PLAYERS, cards // own)) if own else MAX_PLAYERS

    def hand(self, name: str) -> HandSpec:
        return next(h for h in self.hands if h.name == name)

    def option(self, name: str) -> OptionSpec | None:
        return next((o for o in self.options if o.name == name), None)

    def with_options(self, chosen: Mapping[str, object]) -> Variant:
        """The record with these option values applied, the defaults for the others. Raises
        :class:`~evaluator.values.errors.InvalidShowdown` for an unknown option or value (see
        :meth:`resolved_options`). Kept per choice as given: the same choice answers the same record."""
        return self._option_game(chosen)[1]

    def resolved_options(self, chosen: Mapping[str, object]) -> dict[str, str]:
        """Every option's value: the chosen one, else the default. Raises
        :class:`~evaluator.values.errors.InvalidShowdown` listing every unknown option (``unknown-option``) and every
        value an option does not have (``bad-option-value``), each at ``/options/<name>``."""
        return dict(self._option_game(chosen)[0])

    def resolved_game(self, chosen: Mapping[str, object]) -> tuple[dict[str, str], Variant]:
        """:meth:`resolved_options` and the record they make (:meth:`with_options`), found by one lookup of the
        kept choice. Raises as :meth:`resolved_options` does."""
        resolved, game = self._option_game(chosen)
        return dict(resolved), game

    def _option_game(self, chosen: Mapping[str, object]) -> tuple[Mapping[str, str], Variant]:
        """The resolved options (kept: never handed out, only copies) and the game they make, kept per choice as
        given (a valid one: a bad choice raises every time)."""
        key = tuple(chosen.items())
        try:
            kept = self._option_games.get(key)
        except TypeError:  # a value that cannot be a key (a list...): never a valid choice, refused by _resolved
            return self._applied(self._resolved(chosen))
        if kept is None:
            if len(self._option_games) >= _OPTION_GAMES_KEPT:
                self._option_games.clear()
            kept = self._option_games[key] = self._applied(self._resolved(chosen))
        return kept

    @cached_property
    def _option_games(self) -> dict[tuple[tuple[str, object], ...], tuple[Mapping[str, str], Variant]]:
        """:meth:`_option_game`'s answers so far, by choice as given (a record's own: it dies with the record)."""
        return {}

    def _resolved(self, chosen: Mapping[str, object]) -> dict[str, str]:
        if problems := self.option_problems(chosen):
            raise InvalidShowdown(problems)
        return {o.name: cast(str, chosen.get(o.name, o.default)) for o in self.options}

    def _applied(self, resolved: dict[str, str]) -> tuple[Mapping[str, str], Variant]:
        variant = self
        for spec, value in zip(self.options, resolved.values(), strict=True):
            if changes := spec.values[value]:
                variant = replace(variant, **changes)
        return resolved, variant

    def option_problems(self, chosen: Mapping[str, object]) -> list[Problem]:
        """What is wrong with these option choices, in their order: an option the variant does not document, or a
        value (a string) that it does not list."""
        problems = []
        for name, value in chosen.items():
            spec = self.option(name)
            pointer = json_pointer(["options", name])
            if spec is None:
                known = ", ".join(o.name for o in self.options)
                problems.append(Problem(pointer, "unknown-option", f"{self.name} has no option {name!r} "
                                        + (f"(its options: {known})" if known else "(it has no options)")))
            elif not isinstance(value, str) or value not in spec.values:
                problems.append(Problem(pointer, "bad-option-value", f"{value!r} is not a value of option {name!r}: "
                                        f"allowed {', '.join(spec.values)}"))
        return problems


class _VariantDefaulted(TypedDict, total=False):
    """The fields of :class:`Variant` that have a default."""

    aliases: tuple[str, ...]
    seats: Count | None
    up: Count
    board: BoardShape
    own_plus_board: Count | None
    division: Division
    odd_chip: OddChipRule
    options: tuple[OptionSpec, ...]
    notes: tuple[str, ...]
    wilds: tuple[WildRule, ...]
    wild_play: WildPlay
    events: tuple[EventSpec, ...]
    live_groups: LiveGroups | None
    table: TableCards | None
    hole_sets: tuple[int, ...]
    mechanisms: tuple[Mechanism, ...]
    not_showdown: str | None


class VariantFields(_VariantDefaulted, total=False):
    """Any of the fields of :class:`Variant`, by name: the keyword arguments of a record built in parts (a catalog
    family's defaults and overrides, an option's values), so that mypy checks every name and type. A test keeps
    these equal to the record's fields."""

    id: str
    name: str
    description: str
    tags: tuple[str, ...]
    reference: str
    deck: Deck
    hole: Count
    hands: tuple[HandSpec, ...]


class VariantRecord(_VariantDefaulted):
    """:class:`VariantFields` with every field the record requires: what ``Variant(**values)`` takes."""

    id: str
    name: str
    description: str
    tags: tuple[str, ...]
    reference: str
    deck: Deck
    hole: Count
    hands: tuple[HandSpec, ...]


def is_record(values: VariantFields) -> TypeGuard[VariantRecord]:
    """Whether ``values`` names every field a :class:`Variant` requires."""
    return all(name in values for name in VariantRecord.__required_keys__)
