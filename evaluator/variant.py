"""A variant is a record composed from the mechanisms (deck, formation, rankings, qualifiers, pot division).

Records are frozen and keyword-only; behaviour lives in the mechanisms. Options are data too: each value of an
option names the fields it replaces, so ``variant.with_options({"split": "high-low"})`` is a new record. Fields given
by name (an option's values, the catalog's families) are typed by :class:`VariantFields`, so mypy checks each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
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
from evaluator.wilds.rules import EventRanks, WildRule
from evaluator.wilds.sequence import SequenceWilds

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

TableCards = Literal["none", "others-up", "others-all"]
M = TypeVar("M", bound=Mechanism)


@dataclass(frozen=True, kw_only=True)
class BoardShape:
    """The community cards: a flat board of ``count`` cards in deal order, or a :class:`Layout` of named
    positions (sent as an object from position to card)."""

    count: Count = field(default_factory=lambda: Count.exactly(0))
    layout: Layout | None = None


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
    #: The players the game seats. Unless the rules state a limit (``seats_stated``), the deck decides: from 2 up to
    #: as many players as it can deal the fewest cards a player holds, the board's fewest cards set aside (draws
    #: included: the final hands are distinct cards), and at most :data:`~evaluator.values.limits.MAX_PLAYERS`.
    seats: Count = field(default_factory=lambda: Count.between(2, MAX_PLAYERS))
    #: True when ``seats`` is a limit the rules state (Royal Hold'em's 6, Southern Deuce's 4...).
    seats_stated: bool = False
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
    #: Restricted wild cards: each may play as itself or as one of the listed cards (Southern Deuce).
    choice_cards: tuple[tuple[Card, tuple[Card, ...]], ...] = ()
    #: Restricted wild cards that only fill a straight: Island Pineapple's suited deuce and ace, placed by rule.
    sequence_wilds: SequenceWilds | None = None
    #: Joker Twist: a player holding a joker and another wild card has no wild card at all (his jokers are dead).
    joker_twist: bool = False
    #: The play-time events the variant reads (``events.up_order``...), validated against the deal.
    events: tuple[EventSpec, ...] = ()
    #: Per-player facts the variant reads besides cards (``wild_rank``).
    player_facts: tuple[str, ...] = ()
    #: Picks the live board groups from the deal (Ruby Run's slam, Russian Roulette's trigger); None: all.
    live_groups: LiveGroups | None = None
    #: Other players' cards a player may use, as the source ``others``: their face-up cards (3-Hole Poker) or all
    #: their cards (Indian Chief Poker); ``table_folded`` says whether folded players' cards still count.
    table_cards: TableCards = "none"
    table_folded: bool = False
    #: The hole cards come as separate sets that never mix (Double-Edge Trim-Saw: (2, 2)); sources ``set1``...
    hole_sets: tuple[int, ...] = ()
    #: A natural hand beats the same hand made with wild cards (Double-Edge Trim-Saw).
    natural_beats_wild: bool = False
    #: A player with fewer usable cards than a hand needs competes with all of them (short hands; the ranking must
    #: accept them: HIGH-SHORT).
    short_hands: bool = False
    #: The rules of this game at showdown besides its division (deal rules, checks, hand rules, separate hands), each
    #: a record whose hooks the engine calls in this order (:mod:`evaluator.mechanisms`).
    mechanisms: tuple[Mechanism, ...] = ()
    #: Why there is nothing to adjudicate (reference tag ``not-showdown``); a showdown request is then a 422.
    not_showdown: str | None = None


    def __post_init__(self) -> None:
        if not self.seats_stated:
            object.__setattr__(self, "seats", Count.between(2, self._deck_seats()))
        reads = {name for rule in self.wilds for name in getattr(rule, "from_play", ())}
        if reads and all(e.name != STATED_WILD_RANKS.name for e in self.events):  # reference 2.6: wild_ranks
            events = tuple(replace(e, unless=STATED_WILD_RANKS.name) if e.name in reads and e.required else e
                           for e in self.events)
            object.__setattr__(self, "events", (*events, STATED_WILD_RANKS))

    def with_stated_wild_ranks(self, events: Mapping[str, object]) -> Variant:
        """The game for a deal whose ``events.wild_ranks`` states the wild ranks outright: the wild cards that come
        from play (Follow the Queen's, a designator's...) replaced by those ranks."""
        if STATED_WILD_RANKS.name not in events or not any(getattr(r, "from_play", ()) for r in self.wilds):
            return self
        return replace(self, wilds=(*(r for r in self.wilds if not getattr(r, "from_play", ())), EventRanks()))

    def with_hands(self, hands: tuple[HandSpec, ...]) -> Variant:
        """The same game with these hands (what a mechanism changes through :class:`~evaluator.mechanisms.Rules`)."""
        return replace(self, hands=hands)

    @property
    def pipeline(self) -> tuple[Mechanism, ...]:
        """Every mechanism of the game in the order the engine calls their hooks: its rules, then its division."""
        return (*self.mechanisms, self.division)

    @property
    def reads(self) -> frozenset[str]:
        """The request's per-player fields the game's mechanisms read (``declare``, ``hands``, ``declared_hand``)."""
        return frozenset().union(*(m.reads for m in self.pipeline))

    def find(self, kind: type[M]) -> M | None:
        """The game's mechanism of this type, if it has one (its division included)."""
        return next((m for m in self.pipeline if isinstance(m, kind)), None)

    def hole_source(self, card: Card) -> str:
        """The formation source of one of a player's hole cards: ``hole`` unless a mechanism keeps it apart."""
        return next((source for m in self.pipeline if (source := m.hole_source(card)) is not None), HOLE)

    def pot_table(self, seat_order: Sequence[str], declared: Mapping[str, str | None] | None = None,
                  events: Mapping[str, object] | None = None) -> PotTable:
        """What the division needs besides the pots and the hands."""
        return PotTable(hands=self.hands, odd_chip=self.odd_chip, natural_first=self.natural_beats_wild,
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
        :meth:`resolved_options`)."""
        variant = self
        for spec, value in zip(self.options, self.resolved_options(chosen).values(), strict=True):
            if changes := spec.values[value]:
                variant = replace(variant, **changes)
        return variant

    def resolved_options(self, chosen: Mapping[str, object]) -> dict[str, str]:
        """Every option's value: the chosen one, else the default. Raises
        :class:`~evaluator.values.errors.InvalidShowdown` listing every unknown option (``unknown-option``) and every
        value an option does not have (``bad-option-value``), each at ``/options/<name>``."""
        if problems := self.option_problems(chosen):
            raise InvalidShowdown(problems)
        return {o.name: cast(str, chosen.get(o.name, o.default)) for o in self.options}

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
    seats: Count
    seats_stated: bool
    up: Count
    board: BoardShape
    own_plus_board: Count | None
    division: Division
    odd_chip: OddChipRule
    options: tuple[OptionSpec, ...]
    notes: tuple[str, ...]
    wilds: tuple[WildRule, ...]
    choice_cards: tuple[tuple[Card, tuple[Card, ...]], ...]
    sequence_wilds: SequenceWilds | None
    joker_twist: bool
    events: tuple[EventSpec, ...]
    player_facts: tuple[str, ...]
    live_groups: LiveGroups | None
    table_cards: TableCards
    table_folded: bool
    hole_sets: tuple[int, ...]
    natural_beats_wild: bool
    short_hands: bool
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
