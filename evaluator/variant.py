"""A variant is a record composed from the mechanisms (deck, formation, rankings, qualifiers, pot division).

Records are frozen and keyword-only; behaviour lives in the mechanisms. Options are data too: each value of an
option names the fields it replaces, so ``variant.with_options({"split": "high-low"})`` is a new record. Fields given
by name (an option's values, the catalog's families) are typed by :class:`VariantFields`, so mypy checks each.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal, TypedDict, TypeGuard, cast

from evaluator.breaker import BreakerRule
from evaluator.cards import Card
from evaluator.claims import ClaimedHands
from evaluator.deal_rules import DealRule
from evaluator.decks import Deck
from evaluator.entrants import EntrantHands
from evaluator.errors import InvalidShowdown, Problem, json_pointer
from evaluator.events import STATED_WILD_RANKS, EventSpec
from evaluator.formation import Count, Formation
from evaluator.layout import Layout
from evaluator.limits import MAX_PLAYERS
from evaluator.live_groups import LiveGroups
from evaluator.rankings import Qualifier, Ranking
from evaluator.sequence_wilds import SequenceWilds
from evaluator.wild_rules import EventRanks, WildRule

__all__ = [
    "BoardShape",
    "BothTie",
    "GutsPenalty",
    "HandSpec",
    "OddChipRule",
    "OptionSpec",
    "PotDivision",
    "TableCards",
    "Variant",
    "VariantFields",
    "VariantRecord",
    "is_record",
]

OddChipRule = Literal["button", "high-card-by-suit"]
PotDivision = Literal["high", "high-low", "declare", "shares", "two-of-three", "beat-the-boot", "guts"]
TableCards = Literal["none", "others-up", "others-all"]
BothTie = Literal["tie_ok", "tie_loses"]
GutsPenalty = Literal["match", "worst-pays-double"]


@dataclass(frozen=True, kw_only=True)
class HandSpec:
    """One hand each player makes: its name in answers (``high``, ``low``, ``badugi``...), how it is formed,
    how it ranks and what it must reach to win."""

    name: str
    ranking: Ranking
    formation: Formation
    qualifier: Qualifier | None = None
    #: False when the variant's wild cards play as natural cards in this hand (Migoya's deuces, high only).
    uses_wilds: bool = True
    #: The hand is *all* of the player's cards from these sources, however many (Stud-Jack's face-down cards);
    #: the formation then plays no part.
    all_from: tuple[str, ...] = ()


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
    #: included: the final hands are distinct cards), and at most :data:`~evaluator.limits.MAX_PLAYERS`.
    seats: Count = field(default_factory=lambda: Count.between(2, MAX_PLAYERS))
    #: True when ``seats`` is a limit the rules state (Royal Hold'em's 6, Southern Deuce's 4...).
    seats_stated: bool = False
    hole: Count
    up: Count = field(default_factory=lambda: Count.exactly(0))
    board: BoardShape = field(default_factory=BoardShape)
    own_plus_board: Count | None = None
    hands: tuple[HandSpec, ...]
    division: PotDivision = "high"
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
    #: A player dealt a face-up card of one of these ranks is out: he cannot win (Baseball NL's 3s).
    out_if_face_up: tuple[int, ...] = ()
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
    #: With more players than this, no qualifier applies (Cucamonga: 9-11 players).
    no_qualifiers_above: int | None = None
    #: The two hands a split pot ("high-low" or "declare") is divided between, and in what ratio (high, low).
    split_hands: tuple[str, str] = ("high", "low")
    split_ratio: tuple[int, int] = (1, 1)
    #: Declarations: whether a both-way declarer who ties one way still wins it, and whether a tie with the best
    #: hand possible is allowed anyway (Doogie).
    both_tie: BothTie = "tie_loses"
    best_possible_tie_ok: bool = False
    #: The best possible low (Doogie's perfect doogie) wins the high half too for a player who declared both.
    perfect_low_wins_both: bool = False
    #: A both-way declarer makes both hands from the same board group (Elevator's set, Pyramid's side).
    both_from_one_group: bool = False
    #: Division "shares": each (hand, weight) share of the pot; a share nobody wins goes to the first one, which
    #: also gets the indivisible chips. "two-of-three": the first three hands, and a winner needs two of them.
    shares: tuple[tuple[str, int], ...] = ()
    #: One player winning every one of these shares takes the whole pot (Motown).
    whole_pot_if_one_wins: tuple[str, ...] = ()
    #: A deal with any of these cards face up is void: there is nothing to adjudicate (Black Mariah's Q of spades).
    void_if_face_up: tuple[Card, ...] = ()
    #: Division "beat-the-boot" (Riding Ramone): the lowest hand must also beat ``events.boot``, courts counting
    #: zero where this is set; otherwise nobody wins and the pot carries over.
    boot_courts_zero: bool = False
    #: Indivisible chips stay in the pot for the next deal instead of going to a winner (Tic Tac Toe with choice).
    odd_chips_stay: bool = False
    #: Guts: what the losing "in" players owe the next pot: each a match of the pot, or only the worst, double.
    guts_penalty: GutsPenalty = "match"
    #: Guts: a lone "in" dealer (the last seat) needs at least this category to take the pot (three-card guts: pair).
    lone_dealer_needs: str | None = None
    #: A player with fewer usable cards than a hand needs competes with all of them (short hands; the ranking must
    #: accept them: HIGH-SHORT).
    short_hands: bool = False
    #: Rules applied to the deal after validation and before the search (kill ranks, Hearts Poker's discard, a
    #: share won by a card the deal decides), in order.
    deal_rules: tuple[DealRule, ...] = ()
    #: Hearts Poker: a player holding this card among his hand cards is dealt one extra card (sent as his one ``up``
    #: card; nobody else has any).
    extra_card_for: Card | None = None
    #: Ranks whose face-up cards each buy their owner one extra face-up card (Baseball's 4s): a player's up cards
    #: are ``up.min`` plus one for each of them (the card counts allow it; the example deal shows it).
    extra_up_for: tuple[int, ...] = ()
    #: The board is 3 cards, or 6 when the first 3 hold two or more cards of this suit (Hearts Poker: hearts).
    board_of_six_if_two_of_suit: int | None = None
    #: The Breaker's showdown (reference ``breaker``): jokers in the hole are kept apart (source ``breaker``) and
    #: each pot is decided by whether a Breaker is played; None for every other game.
    breaker: BreakerRule | None = None
    #: Each player plays several hands as separate entrants (Double Trouble's left and right), sent as ``hands``.
    entrants: EntrantHands | None = None
    #: The cards do not speak: the pot goes to the best declared hand and the others owe posts (Tic Tac Toe with
    #: Posts); each player sends ``declared_hand``.
    claims: ClaimedHands | None = None
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
        :class:`~evaluator.errors.InvalidShowdown` for an unknown option or value (see :meth:`resolved_options`)."""
        variant = self
        for spec, value in zip(self.options, self.resolved_options(chosen).values(), strict=True):
            if changes := spec.values[value]:
                variant = replace(variant, **changes)
        return variant

    def resolved_options(self, chosen: Mapping[str, object]) -> dict[str, str]:
        """Every option's value: the chosen one, else the default. Raises
        :class:`~evaluator.errors.InvalidShowdown` listing every unknown option (``unknown-option``) and every value
        an option does not have (``bad-option-value``), each at ``/options/<name>``."""
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
    division: PotDivision
    odd_chip: OddChipRule
    options: tuple[OptionSpec, ...]
    notes: tuple[str, ...]
    wilds: tuple[WildRule, ...]
    choice_cards: tuple[tuple[Card, tuple[Card, ...]], ...]
    sequence_wilds: SequenceWilds | None
    joker_twist: bool
    events: tuple[EventSpec, ...]
    player_facts: tuple[str, ...]
    out_if_face_up: tuple[int, ...]
    live_groups: LiveGroups | None
    table_cards: TableCards
    table_folded: bool
    hole_sets: tuple[int, ...]
    natural_beats_wild: bool
    no_qualifiers_above: int | None
    split_hands: tuple[str, str]
    split_ratio: tuple[int, int]
    both_tie: BothTie
    best_possible_tie_ok: bool
    perfect_low_wins_both: bool
    both_from_one_group: bool
    shares: tuple[tuple[str, int], ...]
    whole_pot_if_one_wins: tuple[str, ...]
    void_if_face_up: tuple[Card, ...]
    boot_courts_zero: bool
    odd_chips_stay: bool
    guts_penalty: GutsPenalty
    lone_dealer_needs: str | None
    short_hands: bool
    deal_rules: tuple[DealRule, ...]
    extra_card_for: Card | None
    extra_up_for: tuple[int, ...]
    board_of_six_if_two_of_suit: int | None
    breaker: BreakerRule | None
    entrants: EntrantHands | None
    claims: ClaimedHands | None
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
